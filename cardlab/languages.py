"""The languages cardlab speaks, one row each: what every part of cardlab that differs by language
reads (the messages' catalogs, the locale names that choose a language, seat letters beside names,
chart fonts, JupyterLab's menus, the lessons' editions, the offline site's pages).

A language more is a row more here, its catalog (``make messages`` starts it) and, for lessons,
its edition folder (``python tools/edition.py TAG lessons/...``).

This module uses the standard library only and imports nothing of cardlab, so the Makefile reads it
with the system's ``python3`` before any venv exists: ``python3 cardlab/languages.py catalog``
prints each language's catalog folder, one a line (and so for the other one-word fields of
:class:`Language`).

>>> find("ja_JP.UTF-8").tag, find("zh_HK").tag, find("C").tag, find("zh_CN")
('ja', 'zh-TW', 'en', None)
>>> [language.tag for language in LANGUAGES if language.seat_letters]
['en']
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Language:
    """A language cardlab speaks."""

    tag: str  # as cardlab.set_language, CARDLAB_LANG and a scenario file's texts write it
    name: str  # in itself, as a learner choosing it reads it
    catalog: str | None  # its gettext catalog's folder in cardlab/locale/ (None: the source text itself)
    # Locale names that choose it, lower case with "_": each matches itself and every longer name
    # it begins followed by "_" ("zh_hk" matches zh_HK.UTF-8 and zh_HK_xx).
    locales: tuple[str, ...]
    # Whether a name that is not plain ASCII (甲) is followed by its seat letter (甲 (A)): the
    # letter a learner types, beside a name a reader of this language may not read.
    seat_letters: bool
    jupyterlab: str  # JupyterLab's locale for its menus (a language pack's name; "en" is built in)
    edition: str | None  # the folder of its lessons, from the project's root (None: none yet)
    html: str  # the lang attribute of its pages in the offline site
    fonts: tuple[str, ...] = ()  # fonts a chart falls back on for its script, the most fitting first
    mistakes: tuple[str, ...] = ()  # what people often write for it, suggested when refused

    @property
    def language_pack(self) -> str | None:
        """The distribution of JupyterLab's language pack for it (None for English, built in)."""
        return None if self.jupyterlab == "en" else "jupyterlab-language-pack-" + self.jupyterlab.replace("_", "-")


LANGUAGES: tuple[Language, ...] = (
    Language(tag="en", name="English", catalog=None, locales=("en",), seat_letters=True, jupyterlab="en",
             edition="lessons", html="en", mistakes=("english",)),
    # Traditional Chinese for Taiwan, Hong Kong and Macau and for zh_Hant (zh_CN is not it).
    Language(tag="zh-TW", name="繁體中文", catalog="zh_TW", locales=("zh_tw", "zh_hk", "zh_mo", "zh_hant"),
             seat_letters=False, jupyterlab="zh_TW", edition="lessons/zh-TW", html="zh-Hant-TW",
             fonts=("Noto Sans CJK TC", "Noto Serif CJK TC", "Noto Sans CJK JP", "Noto Serif CJK JP"),
             mistakes=("zh", "tw", "chinese")),
    Language(tag="ja", name="日本語", catalog="ja", locales=("ja",), seat_letters=False, jupyterlab="ja_JP",
             edition="lessons/ja", html="ja",
             fonts=("Noto Sans CJK JP", "Noto Serif CJK JP", "Noto Sans CJK TC", "Noto Serif CJK TC"),
             mistakes=("jp", "jpn", "japanese")),
)
SOURCE = LANGUAGES[0]  # the language the code's messages, the scenario files' `en` and the lessons are written in
TAGS = tuple(language.tag for language in LANGUAGES)
# The C locale asks for no language: cardlab speaks the source text.
NO_LANGUAGE = ("c", "posix")

BY_TAG = {language.tag: language for language in LANGUAGES}  # BY_TAG["ja"]: the language of tag "ja"


def _locale_name(value: str) -> str:
    """``value`` as the table's locale names are written: ``zh-TW`` and ``zh_TW.UTF-8`` are ``zh_tw``."""
    return value.split(".")[0].split("@")[0].replace("-", "_").lower()


def find(value: str) -> Language | None:
    """The language a tag or locale name chooses (``zh-TW``, ``zh_TW.UTF-8``, ``ja_JP``, ``en_US``,
    ``C``), or None when cardlab does not speak it."""
    name = _locale_name(value)
    if name in NO_LANGUAGE:
        return SOURCE
    for candidate in LANGUAGES:
        for prefix in candidate.locales:
            if name == prefix or name.startswith(prefix + "_"):
                return candidate
    return None


def suggestion(value: str) -> Language | None:
    """The language people often mean by ``value`` (``jp``, ``zh``, ``chinese``), or None."""
    name = _locale_name(value)
    for word in (name, name.split("_")[0]):
        for candidate in LANGUAGES:
            if word in candidate.mistakes:
                return candidate
    return None


def editions() -> dict[str, Language]:
    """The translated editions of the lessons by their folder under ``lessons/``: ``{"zh-TW": ..., "ja": ...}``."""
    return {language.edition.removeprefix(SOURCE.edition + "/"): language
            for language in LANGUAGES if language is not SOURCE and language.edition}


def main(argv: list[str]) -> int:
    """``languages.py FIELD``: that field of every language that has one, one a line (the fields
    that hold one word each: a list of them would not read as one)."""
    names = [field.name for field in fields(Language) if "tuple" not in field.type] + ["language_pack"]
    if len(argv) != 1 or argv[0] not in names:
        print(f"usage: python3 cardlab/languages.py {{{','.join(names)}}}", file=sys.stderr)
        return 2
    for row in LANGUAGES:
        value = getattr(row, argv[0])
        if value is not None:
            print(value)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
