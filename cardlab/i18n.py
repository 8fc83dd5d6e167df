"""Speaking the languages of :mod:`cardlab.languages`: English (the source text), 繁體中文 (zh-TW)
and 日本語 (ja).

Every sentence a learner reads is a :class:`Message`: the English text with ``{name}``
placeholders and the values to put in them, rendered in the current language each time it is
read. A refusal made before :func:`set_language` therefore explains itself in the new language.
The translations are standard gettext catalogs, ``cardlab/locale/<ll_CC>/LC_MESSAGES/cardlab.po``,
extracted and compiled with Babel (``make messages``); the compiled ``.mo`` files ship with the
package and are read with the standard library's :mod:`gettext`, so nothing more is needed at run
time (the engine runs under Pyodide too).

>>> from cardlab.i18n import _, get_language, language
>>> text = _("{player} does not hold {card}.", player="乙", card="9♠")
>>> str(text), get_language()
('乙 does not hold 9♠.', 'en')
"""

from __future__ import annotations

import gettext
import os
import sys
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from string import Formatter

from . import languages
from .languages import Language

LANGUAGES = languages.TAGS
LANGUAGE_NAMES = {row.tag: row.name for row in languages.LANGUAGES}
DOMAIN = "cardlab"
LOCALE_DIR = Path(__file__).with_name("locale")


def shorten(text: str, limit: int = 60) -> str:
    """``text``, or its first ``limit`` characters and "…" when it is longer: what a message
    echoes of what was written, so that a 60 KB action does not come back whole."""
    return text if len(text) <= limit else text[:limit].rstrip() + "…"


def shown(value, limit: int = 60) -> str:
    """``value`` as a message echoes it: text quoted (``'S9'``), anything else as Python writes it
    (``None``, ``[1, 2]``), either cut to about ``limit`` characters (:func:`shorten`)."""
    return repr(shorten(value, limit)) if isinstance(value, str) else shorten(repr(value), limit)


def _tag(value: str) -> str | None:
    """The language tag cardlab speaks for a tag or locale name (``zh-TW``, ``zh_TW.UTF-8``,
    ``ja_JP``, ``en_US``), or None for a language it does not have."""
    found = languages.find(value)
    return found.tag if found else None


def _suggestion(value: str) -> str:
    """" (did you mean ja?)" for a tag that is a common way of writing one cardlab has (``jp``,
    ``zh``); "" otherwise."""
    meant = languages.suggestion(value)
    return f" (did you mean {meant.tag}?)" if meant else ""


_warned: set[str] = set()  # the CARDLAB_LANG values already warned about


def default_language(environ=os.environ) -> str:
    """``CARDLAB_LANG`` if it names a language cardlab has, else the first of the locale's
    languages (``LANGUAGE``'s list, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) that it has, else
    English. A ``CARDLAB_LANG`` that names no language cardlab has is said once, on one line on
    standard error (in a notebook, under the cell that imports cardlab): it was set on purpose, and
    ``jp`` giving English without a word would look like a fault of the lessons."""
    chosen = environ.get("CARDLAB_LANG", "")
    if chosen and _tag(chosen):
        return _tag(chosen)
    locale = environ.get("LANGUAGE", "").split(":")
    locale += [environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    spoken = next((tag for tag in (_tag(value) for value in locale if value) if tag), "en")
    if chosen and chosen not in _warned and sys.stderr is not None:
        _warned.add(chosen)
        print(f"cardlab speaks {', '.join(LANGUAGES)}; not CARDLAB_LANG={shown(chosen)}{_suggestion(chosen)}: "
              f"speaking {spoken} instead", file=sys.stderr)
    return spoken


class _Current:
    """The language cardlab speaks, one for the whole process: a lesson sets it in one cell and its
    widgets' buttons, which run outside any cell, read it too (a context variable would not carry
    from a cell to a button's callback in every kernel). ``words``: whose words the messages read
    now speak where a rule set has its own (:class:`Worded`), or None."""

    tag = default_language()
    words: str | None = None


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on: ``"en"``, ``"zh-TW"`` or ``"ja"`` (a locale name such as
    ``"zh_TW.UTF-8"`` or ``"ja_JP"`` is understood too). Everything read after this, messages made
    earlier included, is in that language."""
    tag = _tag(lang) if isinstance(lang, str) else None
    if tag is None:
        hint = _suggestion(lang) if isinstance(lang, str) else ""
        raise ValueError(f"cardlab speaks {', '.join(LANGUAGES)}; not {shown(lang)}{hint}")
    _Current.tag = tag


def get_language() -> str:
    """The current language's tag: ``"en"``, ``"zh-TW"`` or ``"ja"``."""
    return _Current.tag


def current_language() -> Language:
    """The current language's row of :data:`cardlab.languages.LANGUAGES`: what else it asks for
    (``current_language().seat_letters``)."""
    return languages.BY_TAG[_Current.tag]


@contextmanager
def language(lang: str):
    """Speak ``lang`` inside a ``with`` block, then the language before it again."""
    before = _Current.tag
    try:
        set_language(lang)
        yield
    finally:
        _Current.tag = before


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, and any tag cardlab does not have: none, the
    source text is English)."""
    catalog = languages.BY_TAG[lang].catalog if lang in LANGUAGES else None
    if catalog is None:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[catalog])


def _render(value) -> str:
    return str(value)


class Message:
    """A sentence for a learner, rendered in the current language whenever it is read.

    ``msgid`` is the English text, with ``{name}`` placeholders filled from ``values`` (values
    that are messages themselves are rendered in the same language). ``plural`` and ``count``
    choose the singular or plural form by ``count`` (``{count}`` is a placeholder too);
    ``context`` tells apart two uses of the same English words. A message has the string methods
    and compares equal to the string it renders to in the current language.

    Two messages are equal when they read the same in every language cardlab speaks, and a
    message hashes as its English text, whatever the language of the moment: a message kept in a
    set or as a dict key is found again after :func:`set_language`. A message and its English
    text are therefore the same dict key while cardlab speaks English, and not in another language
    (where the message equals its text in that language, whose hash differs): look a message up
    with a message."""

    __slots__ = ("msgid", "values", "plural", "count", "context")

    def __init__(self, msgid: str, values: dict | None = None, plural: str | None = None,
                 count: int | None = None, context: str | None = None):
        self.msgid = msgid
        self.values = values or {}
        self.plural = plural
        self.count = count
        self.context = context

    def __str__(self) -> str:
        catalog = translations(_Current.tag)
        # Inside Worded, a message reads the catalog's entry for the words of the moment where it
        # has one: context "yeeqia" for a message of no context, "yeeqia picture" for one of the
        # context "picture" (gettext gives back the English where it has none).
        words = _Current.words
        if words is not None and self.context is not None:
            words = f"{words} {self.context}"
        if self.plural is not None:
            english = self.msgid if self.count == 1 else self.plural
            text = catalog.npgettext(words, self.msgid, self.plural, self.count) if words is not None else english
            if text == english:
                text = (catalog.npgettext(self.context, self.msgid, self.plural, self.count)
                        if self.context is not None else catalog.ngettext(self.msgid, self.plural, self.count))
            values = {"count": self.count, **self.values}
        else:
            text = catalog.pgettext(words, self.msgid) if words is not None else self.msgid
            if text == self.msgid:
                text = (catalog.pgettext(self.context, self.msgid) if self.context is not None
                        else catalog.gettext(self.msgid))
            values = self.values
        if not values:
            return text
        return text.format_map({key: _render(value) for key, value in values.items()})

    def __repr__(self) -> str:
        return repr(str(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def text_in(self, lang: str) -> str:
        """The message as it reads in ``lang`` (a tag of :data:`LANGUAGES`), whatever the language
        of the moment."""
        before = _Current.tag
        try:
            _Current.tag = lang
            return str(self)
        finally:
            _Current.tag = before

    def __eq__(self, other) -> bool:
        if isinstance(other, Message):
            return self is other or all(self.text_in(lang) == other.text_in(lang) for lang in LANGUAGES)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text_in("en"))

    def __lt__(self, other) -> bool:
        return str(self) < str(other)

    def __len__(self) -> int:
        return len(str(self))

    def __contains__(self, part: str) -> bool:
        return str(part) in str(self)

    def __add__(self, other) -> str:
        return str(self) + str(other)

    def __radd__(self, other) -> str:
        return str(other) + str(self)

    def __getattr__(self, name: str):
        # The string methods (startswith, splitlines ...) on the text as it reads now.
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)

    def __reduce__(self):
        return (Message, (self.msgid, self.values, self.plural, self.count, self.context))


class Worded(Message):
    """``message`` read in the words of ``words``, a rule set's own (``"yeeqia"``): each message in
    it that the catalog holds with ``words`` as its context reads so, every other as usual. Under
    Daifugo's web rules the Japanese say 単騎 where the federation's rules say 1枚出し: the catalog
    holds "single {rank}" once with no context (1枚出し) and once with the context ``yeeqia`` (単騎),
    and a position of the web rules says what it says through ``Worded(text, "yeeqia")``. A message
    with a context of its own (``p_("picture", "game over")``) reads the entry of both: the context
    "yeeqia picture". English reads the same either way."""

    __slots__ = ("message", "words")

    def __init__(self, message, words: str):
        # Made for every event of a game under such a rule set: the slots are set here, at once. Its
        # values are the message's: a reader that picks a part of it (the ranking of a foul) finds
        # it in a worded message too.
        self.msgid, self.plural, self.count, self.context = "", None, None, None
        self.values = message.values if isinstance(message, Message) else {}
        self.message = message
        self.words = words

    def __str__(self) -> str:
        before = _Current.words
        _Current.words = self.words
        try:
            return str(self.message)
        finally:
            _Current.words = before

    def __reduce__(self):
        return (Worded, (self.message, self.words))


def worded(message, words: str | None):
    """``message`` in the words of ``words`` (:class:`Worded`), or as it is when ``words`` is None."""
    return message if words is None else Worded(message, words)


def _(msgid: str, **values) -> Message:
    """A message: ``_("{player} does not hold {card}.", player=p, card=c)``."""
    return Message(msgid, values)


def N_(msgid: str) -> str:
    """``msgid`` itself, marked for the catalogs: English text kept in a table and translated
    where it is read, with ``_(text)``."""
    return msgid


def n_(singular: str, plural: str, count: int, **values) -> Message:
    """A message with a singular and a plural form, chosen by ``count``:
    ``n_("{count} card", "{count} cards", 3)``."""
    return Message(singular, values, plural, count)


def p_(context: str, msgid: str, **values) -> Message:
    """A message whose English words mean something else elsewhere: ``p_("button", "Play")``."""
    return Message(msgid, values, context=context)


def np_(context: str, singular: str, plural: str, count: int, **values) -> Message:
    """:func:`n_` with a context, as :func:`p_`."""
    return Message(singular, values, plural, count, context)


class Later(Message):
    """Text made when it is read: ``how(*parts)``, each part that is a message read first in the
    current language. ``Later(state.describe)`` is a position's text in the language of the moment
    it is read; ``Later(to_symbols, message)`` a message with its cards as 9♠."""

    __slots__ = ("how", "parts")

    def __init__(self, how, *parts):
        super().__init__("")
        self.how = how
        self.parts = parts

    def __str__(self) -> str:
        return str(self.how(*(str(p) if isinstance(p, Message) else p for p in self.parts)))

    def __reduce__(self):
        return (Later, (self.how, *self.parts))


def chain(items, link):
    """``items`` run together two at a time by ``link(text, item)`` (a message of the text so far
    and the next item): the first item alone when there is one, ``""`` when there is none. Each
    link is a message, so the whole is read in the current language whenever it is read.

    >>> str(chain(["a", "b", "c"], lambda text, item: _("{items} or {item}", items=text, item=item)))
    'a or b or c'
    >>> chain([], str), chain(["a"], str)
    ('', 'a')
    """
    items = list(items)
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = link(text, item)
    return text


def commas(items):
    """``"甲, 乙, 丙"``: items separated by commas, with no "and" before the last (names, counts,
    a picture's list of cards or bars); ``""`` for none.

    >>> str(commas(["甲", "乙", "丙"]))
    '甲, 乙, 丙'
    """
    return chain(items, lambda text, item: _("{items}, {item}", items=text, item=item))


def semicolons(items):
    """``"甲 holds 5; 乙 holds 6"``: reasons, clauses or lists separated by semicolons.

    >>> str(semicolons(["it holds a joker", "it cuts with 8"]))
    'it holds a joker; it cuts with 8'
    """
    # TRANSLATORS: two parts of a list that are themselves lists or sentences, as in
    # "甲 holds 5; 乙 holds 6".
    return chain(items, lambda text, item: _("{items}; {item}", items=text, item=item))


def ors(items):
    """``"S5 S6 BJ=S7 or S5 S6 BJ=S4"``: alternatives, every one after the first with "or"."""
    return chain(items, lambda text, item: _("{items} or {item}", items=text, item=item))


def ands(items):
    """``"乙 and 丙 and 丁"``: items, every one after the first with "and"."""
    return chain(items, lambda text, item: _("{items} and {item}", items=text, item=item))


def sentences(items):
    """Sentences one after the other, as a paragraph."""
    return chain(items, lambda first, second: p_("sentences", "{first} {second}", first=first, second=second))


class Listing(Message):
    """Items as a list in a sentence, in the current language: "9♠, 10♠ and J♠", "9♠、10♠和J♠",
    "9♠、10♠とJ♠" (:func:`commas`, then ``last`` before the last item). Made by :func:`join`."""

    __slots__ = ("items", "last")

    def __init__(self, items, last: Message):
        super().__init__("")
        self.items = tuple(items)
        self.last = last

    def __str__(self) -> str:
        if len(self.items) < 2:
            return _render(self.items[0]) if self.items else ""
        return str(Message(self.last.msgid, {"items": commas(self.items[:-1]), "item": self.items[-1]},
                           context=self.last.context))

    def __reduce__(self):
        return (Listing, (self.items, self.last))


def join(items, last_word: str = "and") -> Listing:
    """The items as a list in a sentence: "9♠, 10♠ and J♠" (9♠、10♠和J♠ ...). ``last_word`` is
    ``"and"`` or ``"or"``; items that are messages are rendered when the list is read.

    >>> str(join(["9♠", "10♠", "J♠"])), str(join(["9♠", "10♠"], "or"))
    ('9♠, 10♠ and J♠', '9♠ or 10♠')
    """
    last = _("{items} or {item}") if last_word == "or" else _("{items} and {item}")
    return Listing(items, last)


class Lines(Message):
    """Texts one under the other (``sep`` apart: a line each by default), each read in the current
    language when the whole is read; empty ones are left out.

    >>> Lines([_("Your turn."), "", join(["甲", "乙"])]).splitlines()
    ['Your turn.', '甲 and 乙']
    >>> str(Lines(["a", "b"], sep=" / "))
    'a / b'
    """

    __slots__ = ("parts", "sep")

    def __init__(self, parts, sep: str = "\n"):
        super().__init__("")
        self.parts = tuple(parts)
        self.sep = sep

    def _read(self, part) -> str:
        """``part`` as it reads now."""
        return str(part)

    def __str__(self) -> str:
        return self.sep.join(t for t in map(self._read, self.parts) if t)

    def __reduce__(self):
        return (type(self), (self.parts, self.sep))


class Capital(Message):
    """A message read with its first letter a capital (a play's name that begins a sentence).

    >>> str(Capital("pair of 8s on a pair of 5s"))
    'Pair of 8s on a pair of 5s'
    """

    __slots__ = ("text",)

    def __init__(self, text):
        super().__init__("")
        self.text = text

    def __str__(self) -> str:
        text = str(self.text)
        return text[:1].upper() + text[1:]

    def __reduce__(self):
        return (Capital, (self.text,))


class Translated(Message):
    """Text given in several languages, ``{"en": ..., "zh-TW": ...}``, read in the current one, or
    in English where the mapping lacks it (made by :func:`words`)."""

    __slots__ = ("texts",)

    def __init__(self, texts):
        super().__init__("")
        self.texts = dict(texts)

    def __str__(self) -> str:
        text = self.texts.get(_Current.tag)
        return _render(self.texts.get("en", "") if text is None else text)

    def __reduce__(self):
        return (Translated, (self.texts,))


def words(value) -> Message:
    """``value`` as a learner reads it, in the current language whenever it is read: a message as
    it is, English text marked for the catalogs (:func:`N_`) translated, a mapping from language
    tags to text (:class:`Translated`) in the current language. A game gives its title and its
    verbs' labels so.

    >>> str(words("Durak")), str(words({"en": "Toy", "ja": "トイ"}))
    ('Durak', 'Toy')
    """
    if isinstance(value, Message):
        return value
    if isinstance(value, str):
        return _(value)
    return Translated(value)


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in ``text``."""
    return {name for _literal, name, _spec, _conv in Formatter().parse(text) if name is not None}
