"""Reading a scenario file: the text (through the hardened reader :mod:`cardlab.yamlfile`, shared
with quiz files), the faults a file can have (:class:`ScenarioError`), and the checks every value
of it shares: text for people in several languages (:class:`Text`), printable text, names of
kinds of values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from .. import i18n, languages, yamlfile
from ..engine import State, shorten
from ..i18n import get_language
# The limits a scenario file is read under, named here too, where they were first.
from ..yamlfile import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_VALUES, UNPRINTABLE, unprintable  # noqa: F401
from ..yamlfile import line_of as _line

# The language tags that ``title`` and ``note`` may be written in (SCENARIOS.md, "Top level"):
# those cardlab speaks.
LANGUAGES = languages.TAGS


class ScenarioError(ValueError):
    """A scenario file that cannot be used. ``str()`` is the one-line message for the user."""

    def __init__(self, path: str, fault: str, line: int | None = None, step: int | None = None):
        self.path, self.fault, self.line, self.step = path, fault, line, step
        place = []
        if line is not None:
            place.append(f"line {line}")
        if step is not None:
            place.append(f"step {step}")
        where = f" ({', '.join(place)})" if place else ""
        super().__init__(f"{path}{where}: {fault}")


class NotImplementedGame(ScenarioError):
    """The scenario is valid as far as the contract goes, but its game is not built yet."""


# --- YAML with places -----------------------------------------------------------------------------

def _load_yaml(text: str, path: str):
    """``(data, node)`` of scenario text, read by the one hardened reader (:mod:`cardlab.yamlfile`)."""
    try:
        return yamlfile.parse(text, path)
    except yamlfile.YAMLFileError as exc:
        raise ScenarioError(exc.path, exc.fault, exc.line) from None


# --- the scenario -------------------------------------------------------------------------------

class Text:
    """Text for people in several languages: a scenario's ``title`` or a step's ``note``.

    Made from a string (English only) or a mapping from language tags (:data:`LANGUAGES`) to the
    text, which must hold ``en``. ``get(lang)`` is the text in that language, or the English text
    when the file gives none in it; ``get()`` is the text in the current language
    (:func:`cardlab.i18n.get_language`), what a learner reads; ``str()`` is the English text::

        Text({"en": "Trumps", "ja": "切り札"}).get("ja")     # "切り札"
        Text({"en": "Trumps", "ja": "切り札"}).get("zh-TW")  # "Trumps"
    """

    __slots__ = ("_texts",)

    def __init__(self, text: str | Mapping[str, str]):
        texts = {"en": text} if isinstance(text, str) else dict(text)
        if "en" not in texts:
            raise ValueError("text in several languages must hold en")
        for lang, value in texts.items():
            _language(lang)
            if not isinstance(value, str):
                raise TypeError(f"the {lang} text must be a string, not {value!r}")
        self._texts = {lang: texts[lang] for lang in LANGUAGES if lang in texts}

    def get(self, lang: str | None = None) -> str:
        """The text in language ``lang`` (a tag of :data:`LANGUAGES`; by default the current
        language, :func:`cardlab.i18n.get_language`), falling back to English."""
        return self._texts.get(get_language() if lang is None else _language(lang), self._texts["en"])

    def shown(self) -> "Lines":
        """The text as a message, read in the current language each time it is read."""
        return Lines([self])

    @property
    def en(self) -> str:
        return self._texts["en"]

    @property
    def languages(self) -> tuple[str, ...]:
        """The tags this text is written in, ``en`` first."""
        return tuple(self._texts)

    def as_dict(self) -> dict[str, str]:
        return dict(self._texts)

    def __str__(self) -> str:
        return self._texts["en"]

    def __repr__(self) -> str:
        return f"Text({self._texts!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Text) and self._texts == other._texts

    def __hash__(self) -> int:
        return hash(tuple(self._texts.items()))


class Lines(i18n.Lines):
    """:class:`cardlab.i18n.Lines` whose parts may be :class:`Text` too (read in the current
    language). With ``state``, the whole reads as that position's learner reads it
    (:meth:`State.learner_text <cardlab.engine.State.learner_text>`: cards as 9♠, seat letters)."""

    __slots__ = ("state",)

    def __init__(self, parts, sep: str = "\n", state: State | None = None):
        super().__init__(parts, sep)
        self.state = state

    def _read(self, part) -> str:
        return part.get() if isinstance(part, Text) else str(part)

    def __str__(self) -> str:
        text = super().__str__()
        return text if self.state is None else self.state.learner_text(text)

    def __reduce__(self):
        return (Lines, (self.parts, self.sep, self.state))


def _language(lang) -> str:
    """``lang`` if it is a tag of :data:`LANGUAGES`; a ValueError otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language tag {lang!r} (tags: {', '.join(LANGUAGES)})")
    return lang


class _Reader:
    """Validation helpers that know the file and its YAML nodes."""

    def __init__(self, path: str, node):
        self.path, self.node = path, node

    def fail(self, fault: str, *keys, step: int | None = None):
        raise ScenarioError(self.path, fault, _line(self.node, *keys) if self.node is not None else None, step)

    def text(self, value, what: str, *keys, step: int | None = None, one_line: bool = False) -> Text:
        """A ``title`` (``one_line``) or ``note``: a string, or a mapping from language tags
        (:data:`LANGUAGES`) to strings that holds ``en``. Each text is stripped. A title must be one
        line and not empty in every language; no text of a mapping may be empty, a note's included."""
        kind = "one line of text" if one_line else "text"
        if isinstance(value, str):
            return Text(self._one_text(value, what, kind, keys, step, one_line))
        if not isinstance(value, dict):
            self.fail(f"{what} must be {kind}, or a mapping from language tags ({', '.join(LANGUAGES)}) "
                      f"to {kind}, not {_kind_of(value)}", *keys, step=step)
        if not value:
            self.fail(f"{what} is an empty mapping: give the text in English at least, as {{en: ...}}",
                      *keys, step=step)
        for lang in value:
            if lang not in LANGUAGES:
                near = next((t for t in LANGUAGES if isinstance(lang, str) and t.lower() == lang.strip().lower()),
                            None)
                hint = f"; write it {near}" if near else ""
                at = keys + (lang,) if _line(self.node, *keys, lang) is not None else keys  # a key such as true
                shown = repr(shorten(lang)) if isinstance(lang, str) else show_value(lang)
                self.fail(f"{what}: unknown language tag {shown} (tags: {', '.join(LANGUAGES)}){hint}",
                          *at, step=step)
        if "en" not in value:
            self.fail(f"{what} has no en text: a mapping of languages must hold en, the text shown in any "
                      f"language it lacks (it has: {', '.join(value)})", *keys, step=step)
        texts = {}
        for lang, text in value.items():
            if not isinstance(text, str):
                self.fail(f"{what} in {lang} must be {kind}, not {_kind_of(text)}", *keys, lang, step=step)
            texts[lang] = self._one_text(text, f"{what} in {lang}", kind, keys + (lang,), step, one_line,
                                         in_mapping=True)
        return Text(texts)

    def _one_text(self, text: str, what: str, kind: str, keys: tuple, step: int | None, one_line: bool,
                  in_mapping: bool = False) -> str:
        """``text`` stripped, refused when a title's is not one line, a mapping's is empty, or it
        cannot be printed."""
        stripped = text.strip()
        if in_mapping and not stripped:
            self.fail(f"{what} is empty; leave the language out to show the en text instead", *keys, step=step)
        if one_line and (not stripped or "\n" in stripped):
            self.fail(f"{what} must be {kind}", *keys, step=step)
        self.printable(text, what, *keys, step=step)
        return stripped

    def printable(self, text: str, what: str, *keys, step: int | None = None) -> str:
        """``text``, refused when it holds a character that cannot be printed (:data:`UNPRINTABLE`)."""
        bad = unprintable(text)
        if bad:
            self.fail(f"{what} holds {bad}, which cannot be printed", *keys, step=step)
        return text


def _read(path: str | Path, path_s: str) -> str:
    """The text of a regular file of at most :data:`MAX_BYTES`, in UTF-8."""
    try:
        return yamlfile.read_text(path)
    except yamlfile.YAMLFileError as exc:
        raise ScenarioError(path_s, exc.fault, exc.line) from None


def _kind_of(value) -> str:
    """A YAML value that is not text, named as a file's writer would know it."""
    if value is None:
        return "null (nothing)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (YAML reads a bare yes, no, on, off, true or false so: put it in quotes)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (int, float)):
        return f"the number {shorten(str(value))}"
    return f"a {type(value).__name__} value ({shorten(str(value))})"  # a date, bytes ...


def show_value(value) -> str:
    """An expectation value as the scenario file would write it: card sets sorted, mappings as
    ``{k: v}``, ``null``, ``true``/``false``."""
    if isinstance(value, (set, frozenset)):
        return "[" + " ".join(sorted(str(v) for v in value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
