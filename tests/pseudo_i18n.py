"""A pseudo-language for tests: every message cardlab translates comes out in full-width letters
(``Ｎｏｔ ｙｏｕｒ ｔｕｒｎ``), its ``{placeholders}`` filled as usual. Text that still holds an
ordinary English word under it was never translated: :func:`english_words` finds such words,
leaving aside what stays the same in every language (card notation, reason codes, the verbs a
learner types, seat letters, the players' names).

    with pseudo_language():
        words = english_words(str(refusal.text()), allowed=state.players)
"""

from __future__ import annotations

import gettext
import re
import string
from contextlib import contextmanager
from unittest import mock

from cardlab import i18n
from cardlab.engine import CONTRACT_VERBS, REASON_CODES

_FULL_WIDTH = str.maketrans({c: chr(ord(c) + 0xFEE0) for c in string.ascii_letters})


def _pseudo(text: str) -> str:
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        parts.append(literal.replace("{", "{{").replace("}", "}}").translate(_FULL_WIDTH))
        if name is not None:
            parts.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "".join(parts)


class Pseudo(gettext.NullTranslations):
    def gettext(self, message):
        return _pseudo(message)

    def ngettext(self, singular, plural, n):
        return _pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return _pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return _pseudo(singular if n == 1 else plural)


@contextmanager
def pseudo_language():
    """Speak the pseudo-language (a language written without Latin letters, as zh-TW and ja are)."""
    with i18n.language("ja"), mock.patch.object(i18n, "translations", lambda _lang: Pseudo()):
        yield


# What stays the same in every language: cards (S9, HT, RJ=H7, BJ, W3), reason codes, the verbs a
# learner types, rule-set names and notation words.
# (Latin letters and digits around a code make it a word; CJK text right beside it does not.)
_NOTATION = re.compile(r"(?<![A-Za-z0-9_=])(?:(?:RJ|BJ|W[1-6])(?:=[SHDC]?(?:10|[2-9TJQKA]))?|[SHDC](?:10|[2-9TJQKA]))"
                       r"(?![A-Za-z0-9_])")
# A run of ranks, as a run or a sequence is named: J-Q-K, 10-J-Q, Q-K-A.
_RANK_RUN = re.compile(r"(?<![A-Za-z0-9_])(?:10|[2-9JQKA])(?:-(?:10|[2-9JQKA]))+(?![A-Za-z0-9_])")


def english_words(text, allowed=()) -> list[str]:
    """The words of two or more Latin letters in ``text`` that are not card notation, reason
    codes, contract verbs or one of ``allowed`` (names, rule-set names ...)."""
    text = _RANK_RUN.sub(" ", _NOTATION.sub(" ", str(text)))
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_'-]+", text) if w not in REASON_CODES and w not in CONTRACT_VERBS
            and w not in set(allowed)]
