"""Scenario files: worked examples written as data (see SCENARIOS.md, the public contract).

:func:`load` reads and validates a file strictly: every fault is a :class:`ScenarioError` naming
the file, the place (line and step) and what is wrong. :func:`run` replays a scenario against the
engine and reports, step by step, what happened and the first expectation that did not hold.
"""

from __future__ import annotations

import errno
import heapq
import importlib
import os
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from . import i18n, lessondata, yamlfile
from .cards import SUIT_SYMBOLS, Card, CardError, StandIn, count_cards, parse_token, plain
from .engine import (REASON_CODES, Action, DealError, Event, IllegalAction, NotationError, State, player_name,
                     shorten)
from .i18n import N_, Message, _, commas, get_language, n_, semicolons
# The limits a scenario file is read under, named here too, where they were first.
from .yamlfile import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_VALUES, UNPRINTABLE, unprintable  # noqa: F401
from .yamlfile import line_of as _line

# The games and rule sets the contract names; a game whose module is missing is "not implemented".
GAME_MODULES = {"daifugo": "cardlab.daifugo", "gandengyan": "cardlab.gandengyan", "durak": "cardlab.durak"}
CONTRACT_RULESETS = {
    "daifugo": ("jdf", "yeeqia"),
    "gandengyan": ("yiqi", "yiqi-single-draw", "jj"),
    "durak": ("podkidnoy", "throw-in-fool", "perevodnoy"),
}
TOP_KEYS = {"title": True, "source": False, "game": True, "rules": True, "players": True,
            "deal": True, "steps": True}
STEP_KEYS = {"do", "reject", "expect", "note"}
# The language tags that ``title`` and ``note`` may be written in (SCENARIOS.md, "Top level").
LANGUAGES = ("en", "zh-TW", "ja")
COMMON_EXPECT = ("hands", "hand_sizes", "finished", "over", "legal", "illegal")


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


def game_module(game: str):
    """The engine module of ``game``. Raises ``ModuleNotFoundError`` for a game not built yet."""
    return importlib.import_module(GAME_MODULES[game])


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


@dataclass
class Step:
    """One step: ``action`` (text) performed, or refused with ``reject``; then ``expect``.
    ``note`` is the note in English; :meth:`note_in` gives it in another language."""

    number: int
    line: int | None
    action: Action | None = None
    text: str | None = None
    reject: str | None = None
    expect: dict[str, Any] = field(default_factory=dict)
    note: str | None = None
    note_text: Text | None = None  # the note in every language the file gives; None without a note

    def __post_init__(self):
        if self.note_text is None and self.note is not None:
            self.note_text = Text(self.note)

    def note_in(self, lang: str) -> str | None:
        """The note in language ``lang`` (``en``, ``zh-TW`` or ``ja``), or in English when the file
        gives none in it; ``None`` for a step without a note."""
        return None if self.note_text is None else self.note_text.get(_language(lang))


@dataclass
class Scenario:
    """A loaded scenario. ``title`` is the title in English; :meth:`title_in` gives it in another
    language."""

    path: str
    title: str
    source: str | None
    game: str
    rules: Any
    players: tuple[str, ...]
    deal: dict[str, Any]
    steps: list[Step]
    module: Any = None
    title_text: Text | None = None  # the title in every language the file gives
    source_text: Text | None = None  # the source in every language the file gives

    def __post_init__(self):
        if self.title_text is None:
            self.title_text = Text(self.title)
        if self.source_text is None and self.source is not None:
            self.source_text = Text(self.source)

    def title_in(self, lang: str) -> str:
        """The title in language ``lang`` (``en``, ``zh-TW`` or ``ja``), or in English when the file
        gives none in it."""
        return self.title_text.get(_language(lang))

    def start(self) -> State:
        """A fresh copy of the starting position."""
        return self.module.from_deal(self.rules, self.players, **self.deal)


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


def load(path: str | Path) -> Scenario:
    """Read and validate a scenario file. Raises :class:`ScenarioError` (never anything else)."""
    path_s = str(path)
    return loads(_read(path, path_s), path_s)


def _read(path: str | Path, path_s: str) -> str:
    """The text of a regular file of at most :data:`MAX_BYTES`, in UTF-8."""
    try:
        return yamlfile.read_text(path)
    except yamlfile.YAMLFileError as exc:
        raise ScenarioError(path_s, exc.fault, exc.line) from None


def loads(text: str, path: str = "<scenario>") -> Scenario:
    """Validate scenario text (as :func:`load`); ``path`` names it in messages. The text is read
    in Unicode NFC, so that a name is the same wherever it is written, however it was typed."""
    data, node = _load_yaml(unicodedata.normalize("NFC", text), path)
    r = _Reader(path, node)
    if isinstance(data, list):
        r.fail("a scenario is a mapping with title, game, rules, players, deal and steps; this is a list, as "
               "a quiz is (cardlab check reads the files of a folder named quizzes as quizzes)")
    if not isinstance(data, dict):
        r.fail("a scenario is a mapping with title, game, rules, players, deal and steps")
    for key in data:
        if key not in TOP_KEYS:
            r.fail(f"unknown key {key!r} (allowed: {', '.join(TOP_KEYS)})", key)
    for key, required in TOP_KEYS.items():
        if required and key not in data:
            r.fail(f"missing required key {key!r}")
    title = r.text(data["title"], "title", "title", one_line=True)
    # cardlab's own extension of the contract: a source, like a title, may be given in several
    # languages (the article's title and section as a reader of that language names them).
    source = data.get("source")
    if source is not None and not isinstance(source, (str, dict)):
        r.fail("source must be text, or a mapping from language tags (en, zh-TW, ja) to text", "source")
    source = None if source is None else r.text(source, "source", "source")
    game = data["game"]
    if not isinstance(game, str) or game not in GAME_MODULES:
        r.fail(f"unknown game {game!r} (games: {', '.join(GAME_MODULES)})", "game")
    rules_name = data["rules"]
    if rules_name not in CONTRACT_RULESETS[game]:
        r.fail(f"unknown rule set {rules_name!r} for {game} (rule sets: {', '.join(CONTRACT_RULESETS[game])})", "rules")
    try:
        module = game_module(game)
    except ModuleNotFoundError:
        raise NotImplementedGame(path, f"{game} is not implemented yet in this version of cardlab",
                                 _line(node, "game")) from None
    rules = module.RULESETS[rules_name]
    players = _players(r, data["players"], module, rules_name)
    deal = _deal(r, data["deal"], module, players)
    try:
        start = module.from_deal(rules, players, **deal)
    except DealError as exc:
        r.fail(f"impossible deal: {exc}", "deal")
    steps_data = data["steps"]
    if steps_data is None:
        steps_data = []
    if not isinstance(steps_data, list):
        r.fail("steps must be a list", "steps")
    steps = [_step(r, i, s, start, module) for i, s in enumerate(steps_data)]
    return Scenario(path, title.en, None if source is None else source.en, game, rules, players, deal, steps,
                    module, title, source)


def _players(r: _Reader, value, module, rules_name) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        r.fail("players must be a list of names in clockwise seat order", "players")
    names = []
    for i, p in enumerate(value):
        if isinstance(p, bool):
            r.fail(f"player {_boolean(p)}", "players", i)
        try:
            name = player_name(str(p) if isinstance(p, int) else p)
        except DealError as exc:
            r.fail(str(exc), "players", i)
        if name in names:
            r.fail(f"player {name} is listed twice", "players", i)
        names.append(name)
    low, high = module.PLAYER_COUNTS[rules_name]
    if not low <= len(names) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        r.fail(f"{rules_name} is for {count} players, not {len(names)}", "players")
    return tuple(names)


def _cards(r: _Reader, value, where: tuple, what: str, step: int | None = None) -> list[Card]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        r.fail(f"{what} must be a list of cards", *where, step=step)
    out = []
    for i, text in enumerate(value):
        try:
            token = parse_token(str(text)) if isinstance(text, (str, int)) and not isinstance(text, bool) else parse_token(text)
        except CardError as exc:
            r.fail(f"{what}: {exc}", *where, i, step=step)
        if isinstance(token, StandIn):
            r.fail(f"{what}: {token} is a stand-in; a dealt card is written plainly", *where, i, step=step)
        out.append(token)
    return out


class ExpectedCards(frozenset):
    """An expected list of cards (``hands``, ``top``, ``table`` ...) as the contract compares it,
    without regard to order: a joker or wild card written without its stand-in (``BJ``) matches
    that card whatever it stands for; written with a rank (``BJ=9``) it must stand for that rank,
    with a suit too (``BJ=S9``) for exactly that card. The loader lets no card in twice."""

    def matches(self, actual) -> bool:
        """Whether ``actual`` (the cards or stand-ins in the position) holds exactly these cards."""
        actual = frozenset(actual)
        if len(actual) != len(self):
            return False
        played = {plain(t): t for t in actual}
        for want in self:
            got = played.get(plain(want))
            if got is None or (isinstance(want, StandIn) and not _stands_for(got, want)):
                return False
        return True


def _stands_for(got, want: StandIn) -> bool:
    return (isinstance(got, StandIn) and got.rank == want.rank
            and (want.suit is None or got.suit == want.suit))


def _expected_cards(r: _Reader, value, where: tuple, what: str, step: int, state: State,
                    stand_ins: bool = False) -> ExpectedCards:
    """An expected list of cards: every card of the game's deck, none listed twice (a joker or
    wild card with or without a stand-in is the same card); stand-ins only where ``stand_ins``."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if value is None:
        value = []
    if not isinstance(value, list):
        r.fail(f"{what} must be a list of cards" + (", such as [S9, BJ=9]" if stand_ins else ""), *where, step=step)
    deck = state.deck_cards()
    seen: set[Card] = set()
    out = []
    for i, text in enumerate(value):
        try:
            token = parse_token(str(text) if isinstance(text, int) and not isinstance(text, bool) else text)
        except CardError as exc:
            r.fail(f"{what}: {exc}", *where, i, step=step)
        physical = plain(token)
        if isinstance(token, StandIn) and not stand_ins:
            r.fail(f"{what}: {token} is a stand-in; a card in a hand is written plainly ({physical})",
                   *where, i, step=step)
        if physical not in deck:
            r.fail(f"{what}: {physical} is not in the {state.rules.name} deck", *where, i, step=step)
        if physical in seen:
            r.fail(f"{what}: {physical} is listed twice; a card can be in one place only once", *where, i, step=step)
        seen.add(physical)
        out.append(token)
    return ExpectedCards(out)


def _player_name(r: _Reader, value, players, where: tuple, what: str, step: int | None = None) -> str:
    if isinstance(value, bool):
        r.fail(f"{what} {_boolean(value)}", *where, step=step)
    if str(value) not in players:
        r.fail(f"{what} {value!r} is not a player (players: {', '.join(players)})", *where, step=step)
    return str(value)


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


def _boolean(value: bool) -> str:
    """Why a player written as true or false is not a name: YAML read a bare word as a boolean."""
    return (f"{str(value).lower()} is not a name: YAML reads a bare yes, no, on, off, true or false as "
            "true or false, so write such a name in quotes, like 'yes'")


def _deal(r: _Reader, value, module, players) -> dict:
    if not isinstance(value, dict):
        r.fail("deal must be a mapping", "deal")
    allowed = module.DEAL_KEYS
    deal: dict[str, Any] = {}
    for key, v in value.items():
        if key not in allowed:
            r.fail(f"unknown deal key {key!r} for {module.State.game if hasattr(module, 'State') else 'this game'} "
                   f"(allowed: {', '.join(allowed)})", "deal", key)
        kind = allowed[key]
        where = ("deal", key)
        if kind == "hands":
            if not isinstance(v, dict):
                r.fail("deal.hands must map each player to a list of cards", *where)
            hands = {}
            for p, cards in v.items():
                name = _player_name(r, p, players, where + (p,), "deal.hands names")
                hands[name] = _cards(r, cards if cards is not None else [], where + (p,), f"hand of {name}")
            deal[key] = hands
        elif kind == "cards":
            deal[key] = _cards(r, v if v is not None else [], where, f"deal.{key}")
        elif kind == "int":
            if isinstance(v, bool) or not isinstance(v, int):
                r.fail(f"deal.{key} must be a whole number", *where)
            deal[key] = v
        elif kind == "suit":
            suit = _suit(v)
            if suit is None:
                r.fail(f"deal.{key} must be a suit letter S, H, D or C, not {v!r}", *where)
            deal[key] = suit
        elif kind == "player":
            deal[key] = _player_name(r, v, players, where, f"deal.{key}")
        else:  # a game's own kind: a function that validates and converts, or raises ValueError
            try:
                deal[key] = kind(v, players)
            except ValueError as exc:
                r.fail(f"deal.{key}: {exc}", *where)
    return deal


def _suit(v) -> str | None:
    if not isinstance(v, str):
        return None
    v = v.strip()
    symbols = {sym: s for s, sym in SUIT_SYMBOLS.items()}
    v = symbols.get(v, v.upper())
    return v if v in SUIT_SYMBOLS else None


def _action(r: _Reader, text, state: State, where: tuple, number: int) -> Action:
    if not isinstance(text, str):
        r.fail(f"an action is text such as 'PLAYER VERB CARDS', not {text!r}", *where, step=number)
    r.printable(text, "the action", *where, step=number)
    try:
        return state.parse_action(text)
    except NotationError as exc:
        r.fail(f"bad action {shorten(exc.text)!r}: {exc.reason}", *where, step=number)


def _step(r: _Reader, index: int, value, start: State, module) -> Step:
    number = index + 1
    where = ("steps", index)
    line = _line(r.node, *where)
    if isinstance(value, str):
        return Step(number, line, _action(r, value, start, where, number), value.strip())
    if not isinstance(value, dict) or not value:
        r.fail("a step is an action string or a mapping with do, reject, expect or note", *where, step=number)
    for key in value:
        if key not in STEP_KEYS:
            r.fail(f"unknown step key {key!r} (allowed: do, reject, expect, note)", *where, key, step=number)
    step = Step(number, line)
    if "do" in value:
        step.action = _action(r, value["do"], start, where + ("do",), number)
        step.text = str(value["do"]).strip()
    elif "reject" in value:
        r.fail("reject needs the action it refuses, under do", *where, "reject", step=number)
    if "reject" in value:
        code = value["reject"]
        if not isinstance(code, str) or code not in REASON_CODES:
            r.fail(f"unknown reason code {code!r}", *where, "reject", step=number)
        step.reject = code
    if "note" in value:
        step.note_text = r.text(value["note"], "note", *where, "note", step=number)
        step.note = step.note_text.en
    if "expect" in value:
        step.expect = _expect(r, value["expect"], start, module, where + ("expect",), number)
    return step


def _expect(r: _Reader, value, start: State, module, where: tuple, number: int) -> dict:
    if not isinstance(value, dict):
        r.fail("expect must be a mapping of expectation keys", *where, step=number)
    specs = module.EXPECTATIONS
    allowed = COMMON_EXPECT + tuple(specs)
    out = {}
    for key, v in value.items():
        at = where + (key,)
        if key not in allowed:
            r.fail(f"unknown expectation {key!r} for {start.game} (allowed: {', '.join(allowed)})", *at, step=number)
        # A game module may say that one of its keys does not apply to a rule set (daifugo: points).
        why = getattr(module, "inapplicable_expectation", lambda key, rules: None)(key, start.rules)
        if why:
            r.fail(f"expectation {key!r} does not apply to {start.rules.name}: {why}", *at, step=number)
        if key in ("legal", "illegal"):
            out[key] = _expect_actions(r, key, v, start, at, number)
            continue
        kind = {"hands": "hands", "hand_sizes": "sizes", "finished": "players", "over": "bool"}.get(key) or specs[key][0]
        out[key] = _expect_value(r, kind, v, start, at, number, key)
    return out


def _expect_actions(r, key, v, start, at, number):
    if key == "illegal" and isinstance(v, dict):
        pairs = []
        for text, code in v.items():
            if not isinstance(code, str) or code not in REASON_CODES:
                r.fail(f"illegal: unknown reason code {code!r} for {text!r}", *at, text, step=number)
            pairs.append((_action(r, text, start, at + (text,), number), str(text).strip(), code))
        return pairs
    if not isinstance(v, list):
        r.fail(f"{key} must be a list of actions" + (" or a mapping action → reason code" if key == "illegal" else ""),
               *at, step=number)
    return [(_action(r, text, start, at + (i,), number), str(text).strip(), None) for i, text in enumerate(v)]


def _expect_value(r, kind, v, start, at, number, key):
    players = start.players

    def by_player(convert):
        if not isinstance(v, dict):
            r.fail(f"{key} must map players to values", *at, step=number)
        return {_player_name(r, p, players, at + (p,), f"{key} names", number): convert(x, at + (p,)) for p, x in v.items()}

    def whole(x, place):
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            r.fail(f"{key} needs whole numbers, not {x!r}", *place, step=number)
        return x

    if kind == "hands":
        if not isinstance(v, dict):
            r.fail(f"{key} must map players to lists of cards", *at, step=number)
        out = {}
        for p, x in v.items():
            name = _player_name(r, p, players, at + (p,), f"{key} names", number)
            out[name] = _expected_cards(r, x, at + (p,), f"{key} of {name}", number, start)
        return out
    if kind == "sizes":
        return by_player(whole)
    if kind == "int":
        return whole(v, at)
    if kind == "signed_by_player":
        def signed(x, place):
            if isinstance(x, bool) or not isinstance(x, int):
                r.fail(f"{key} needs whole numbers, not {x!r}", *place, step=number)
            return x
        return by_player(signed)
    if kind == "bool":
        if not isinstance(v, bool):
            r.fail(f"{key} must be true or false", *at, step=number)
        return v
    if kind == "player":
        return _player_name(r, v, players, at, key, number)
    if kind == "player_or_null":
        return None if v is None else _player_name(r, v, players, at, key, number)
    if kind == "players":
        if not isinstance(v, list):
            r.fail(f"{key} must be a list of players", *at, step=number)
        return [_player_name(r, p, players, at + (i,), key, number) for i, p in enumerate(v)]
    if kind == "suit":
        suit = _suit(v)
        if suit is None:
            r.fail(f"{key} must be a suit letter S, H, D or C", *at, step=number)
        return suit
    if kind == "suits":
        if not isinstance(v, list) or any(_suit(s) is None for s in v):
            r.fail(f"{key} must be a list of suit letters", *at, step=number)
        return frozenset(_suit(s) for s in v)
    if kind == "cards":
        return _expected_cards(r, v, at, key, number, start)
    if kind == "played":  # a combination as played: a joker or wild card may name its stand-in
        return _expected_cards(r, v, at, key, number, start, stand_ins=True)
    if callable(kind):
        try:
            return kind(v, players)
        except ValueError as exc:
            r.fail(f"{key}: {exc}", *at, step=number)
    raise AssertionError(f"unknown expectation kind {kind!r}")


# --- running ------------------------------------------------------------------------------------

@dataclass
class StepOutcome:
    """What one step did: ``events`` of a performed action, the ``refusal`` of a refused one, the
    ``failure`` message when an expectation did not hold, and the position after it."""

    step: Step
    events: list[Event] = field(default_factory=list)
    refusal: IllegalAction | None = None
    failure: str | None = None
    position: str = ""
    state: State | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def narration(self) -> Lines:
        """The engine's explanation of the step, then the scenario's note, a line each, as a
        learner reads them in the current language (the note in the file's text for it, or in
        English)."""
        parts = [e.text for e in self.events]
        if self.refusal is not None:
            parts.append(_("Refused ({code}): {explanation}", code=self.refusal.code,
                           explanation=self.refusal.explanation))
        if self.step.note_text is not None:
            parts.append(self.step.note_text)
        return Lines(parts)


@dataclass
class RunResult:
    scenario: Scenario
    start: State
    outcomes: list[StepOutcome]

    @property
    def failure(self) -> StepOutcome | None:
        return next((o for o in self.outcomes if not o.ok), None)

    @property
    def ok(self) -> bool:
        return self.failure is None


def run(scenario: Scenario, keep_states: bool = False) -> RunResult:
    """Replay ``scenario``; stop at the first step whose expectation fails."""
    start = scenario.start()
    state = start.copy()
    outcomes = []
    for step in scenario.steps:
        outcome = _run_step(scenario, state, step)
        outcome.position = state.describe()
        if keep_states:
            outcome.state = state.copy()
        outcomes.append(outcome)
        if not outcome.ok:
            break
    return RunResult(scenario, start, outcomes)


def _run_step(scenario: Scenario, state: State, step: Step) -> StepOutcome:
    outcome = StepOutcome(step)
    if step.action is not None:
        if step.reject is not None:
            before = state.key()
            refusal = state.check(step.action)
            if refusal is None:
                outcome.failure = f"{step.text} was accepted, expected it refused with {step.reject}"
                return outcome
            outcome.refusal = IllegalAction(step.action, refusal)
            if refusal.code != step.reject:
                outcome.failure = (f"{step.text} was refused with {refusal.code} ({refusal.explanation}), "
                                   f"expected {step.reject}")
                return outcome
            if state.key() != before:
                outcome.failure = f"refusing {step.text} changed the position"
                return outcome
        else:
            try:
                outcome.events = state.apply(step.action)
            except IllegalAction as exc:
                outcome.refusal = exc
                outcome.failure = f"{step.text} was refused: {exc.code}: {exc.explanation}"
                return outcome
    for key, expected in step.expect.items():
        problem = _compare(scenario, state, key, expected)
        if problem:
            outcome.failure = problem
            return outcome
    return outcome


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


def _cards_words(value) -> str:
    return " ".join(str(c) for c in sorted(value, key=lambda c: plain(c).index)) if value else ""


def _yes_no(yes: str, no: str):
    return lambda v: _(yes) if v else _(no)


def _per_player(phrase, none: str = N_("nothing yet")):
    return lambda v: semicolons([phrase(p, x) for p, x in v.items()]) if v else _(none)


def _points(n: int) -> str:
    return f"{n:+d}"


# What each expectation confirms, in words a learner reads (cards still in the notation: the
# widgets show them as 9♠ through State.learner_text).
_EXPECTATION_WORDS = {
    "hands": _per_player(lambda p, cards: _("{player} holds {cards}", player=p, cards=_cards_words(cards))
                         if cards else _("{player} holds no cards", player=p)),
    "hand_sizes": _per_player(lambda p, n: n_("{player} has {count} card", "{player} has {count} cards", n,
                                              player=p)),
    "stock_size": lambda n: (n_("the stock has {count} card", "the stock has {count} cards", n) if n
                             else _("the stock is empty")),
    "turn": lambda p: _("{player} is to play", player=p) if p else _("nobody is to play"),
    "top": lambda cards: (_("the play to beat is {cards}", cards=_cards_words(cards)) if cards
                          else _("the table is clear")),
    "finished": lambda ps: (_("out so far, in order: {players}", players=commas(ps)) if ps
                            else _("nobody is out yet")),
    "over": _yes_no(N_("the game is over"), N_("the game goes on")),
    "legal": lambda items: semicolons([_("{action} would be allowed", action=text) for _a, text, _c in items]),
    "illegal": lambda items: semicolons([_("{action} would be refused ({code})", action=text, code=code) if code
                                       else _("{action} would be refused", action=text)
                                       for _a, text, code in items]),
    "revolution": _yes_no(N_("a revolution is in force"), N_("no revolution is in force")),
    "lock": lambda suits: (_("locked to {suits}", suits=" ".join(SUIT_SYMBOLS[x] for x in sorted(suits)))
                           if suits else _("no suit is locked")),
    "fouls": lambda ps: (_("went out on a forbidden finish: {players}", players=commas(ps)) if ps
                         else _("no forbidden finish")),
    "demoted": lambda p: _("{player} is demoted (都落ち)", player=p) if p else _("nobody is demoted"),
    "result": _per_player(lambda p, rank: _("{player} is {rank}", player=p, rank=rank), N_("no places yet")),
    "points": _per_player(lambda p, n: _("{player} scores {points}", player=p, points=_points(n)),
                          N_("no points yet")),
    "winner": lambda p: _("{player} has won", player=p) if p else _("nobody has won yet"),
    "trump": lambda suit: _("trumps are {suit}", suit=SUIT_SYMBOLS[suit]),
    "attacker": lambda p: _("{player} attacks", player=p),
    "defender": lambda p: _("{player} defends", player=p),
    "table": lambda cards: (_("on the table: {cards}", cards=_cards_words(cards)) if cards
                            else _("the table is empty")),
    "discard_size": lambda n: n_("{count} card beaten off and out of the game",
                                 "{count} cards beaten off and out of the game", n),
    "loser": lambda p: (_("{player} is left holding cards: the durak", player=p) if p
                        else _("nobody loses")),
    "draw": _yes_no(N_("the game is a draw"), N_("the game is not a draw")),
    "attack_limit": lambda n: n_("this round may hold at most {count} attack card",
                                 "this round may hold at most {count} attack cards", n),
}


def expectation_words(key: str, value, state: State | None = None) -> Message | str:
    """What expectation ``key`` with ``value`` (as the loader gives it) confirms, in words a
    learner reads, in the current language: ``hand_sizes: {乙: 5}`` is "乙 has 5 cards". With the
    game's ``state``, a place reads as the game names it (:meth:`State.place_word`: 大富豪, not
    daifugo). A key cardlab has no words for reads as the file writes it."""
    if key == "result" and state is not None and value:
        return semicolons([_("{player} is {rank}", player=p, rank=state.place_word(rank)) for p, rank in value.items()])
    words = _EXPECTATION_WORDS.get(key)
    return words(value) if words else f"{key}: {show_value(value)}"


def _compare(scenario: Scenario, state: State, key: str, expected) -> str | None:
    if key == "legal":
        for action, text, _code in expected:
            refusal = state.check(action)
            if refusal is not None:
                return f"legal: {text} is refused: {refusal.code}: {refusal.explanation}"
        return None
    if key == "illegal":
        for action, text, code in expected:
            refusal = state.check(action)
            if refusal is None:
                return f"illegal: {text} would be accepted"
            if code is not None and refusal.code != code:
                return f"illegal: {text} is refused with {refusal.code}, expected {code}"
        return None
    actual = actual_value(state, key)
    if isinstance(expected, dict):
        for p, want in expected.items():
            got = actual.get(p)
            if not _holds(want, got):
                return f"{key}: {p} has {show_value(got)}, expected {show_value(want)}"
        return None
    if not _holds(expected, actual):
        return f"{key} is {show_value(actual)}, expected {show_value(expected)}"
    return None


def _holds(expected, actual) -> bool:
    if isinstance(expected, ExpectedCards):
        return isinstance(actual, (set, frozenset, list, tuple)) and expected.matches(actual)
    return actual == expected


def actual_value(state: State, key: str):
    """The value of expectation ``key`` in ``state``, in the form the loader gives expected values."""
    if key == "hands":
        return {p: frozenset(state.hands[p]) for p in state.players}
    if key == "hand_sizes":
        return {p: len(state.hands[p]) for p in state.players}
    if key == "over":
        return state.is_over()
    if key == "finished":
        return list(state.finished())
    module = game_module(state.game)
    return module.EXPECTATIONS[key][1](state)


def check_paths(paths) -> list[Path]:
    """The scenario files named by ``paths`` (files, or folders searched for *.yaml / *.yml),
    leaving out what could not be searched (:func:`scenario_paths` says what that was)."""
    return [p for p, skipped in scenario_paths(paths) if skipped is None]


def scenario_paths(paths) -> list[tuple[Path, str | None]]:
    """Each path of ``paths`` that is not a folder, and each ``*.yaml`` / ``*.yml`` file at any depth
    of those that are (in path order), paired with ``None``; and, paired with why, whatever in those
    folders could not be searched: a folder that cannot be read, a symbolic link that leads
    nowhere, or round in a loop. Folders are walked without recursion, so depth is no limit.

    Each folder is searched once, however many links lead to it (two links a folder in a chain of
    folders would otherwise make the walk take twice as long with each folder). The folders
    themselves are searched first; then each link to a folder not yet searched, the first in path
    order, so the names given are the folders' own wherever they can be. A link that leads back to a
    folder it is in is reported, as it would loop forever; a link to a folder searched already is
    passed over quietly, its files being checked under the folder's own name."""
    out = []
    for top in map(Path, paths):
        if not top.is_dir():
            if lessondata.is_dir(top):  # a folder of a lesson's files in the offline website
                out.extend((top / name, None) for name in lessondata.file_names(top, (".yaml", ".yml")))
            else:
                out.append((top, None))
            continue
        found: list[tuple[Path, str | None]] = []
        here = top.stat()
        searched = {(here.st_dev, here.st_ino)}
        todo = [(top, ((here.st_dev, here.st_ino),))]  # a folder, and those it is in, itself included
        links: list = []  # (path, within, folder): links to folders, a heap in path order
        while todo or links:
            if not todo:
                path, within, folder_id = heapq.heappop(links)
                if folder_id not in searched:
                    searched.add(folder_id)
                    todo.append((path, within + (folder_id,)))
                continue
            folder, within = todo.pop()
            try:
                with os.scandir(folder) as listing:
                    entries = list(listing)
            except OSError as exc:
                found.append((folder, f"skipped: cannot read this folder ({exc.strerror or exc})"))
                continue
            for entry in entries:
                path = Path(entry.path)
                try:
                    info = entry.stat()  # of what a symbolic link leads to
                except OSError as exc:
                    found.append((path, f"skipped: {_unreachable(entry, exc)}"))
                    continue
                if stat.S_ISDIR(info.st_mode):
                    folder_id = (info.st_dev, info.st_ino)
                    if folder_id in within:
                        found.append((path, "skipped: a symbolic link to a folder it is in, which would "
                                            "loop forever"))
                    elif entry.is_symlink():
                        heapq.heappush(links, (path, within, folder_id))
                    elif folder_id not in searched:
                        searched.add(folder_id)
                        todo.append((path, within + (folder_id,)))
                elif path.suffix in (".yaml", ".yml"):
                    found.append((path, None))
        out.extend(sorted(found, key=lambda pair: pair[0]))
    return out


def _unreachable(entry: os.DirEntry, exc: OSError) -> str:
    if entry.is_symlink() and exc.errno == errno.ELOOP:
        return "a symbolic link in a loop of links"
    if entry.is_symlink() and exc.errno == errno.ENOENT:
        return "a symbolic link to nothing (what it pointed to is gone)"
    return f"cannot read ({exc.strerror or exc})"


def _outcome_word(o: StepOutcome) -> str:
    if not o.ok:
        return "failed"
    if o.refusal is not None:
        return "refused"
    return "ok" if o.step.action is not None else "checked"


# The outcome words of a replay as a reader reads them (json_records gives the English word itself).
_OUTCOME_WORDS = {"failed": N_("failed"), "refused": N_("refused"), "ok": N_("ok"), "checked": N_("checked")}


def transcript(result: RunResult, positions: bool = True) -> str:
    """A replayed scenario as plain text: each step, its outcome, the engine's explanation, the
    scenario's note and (with ``positions``) the position after it. Deterministic, so lessons
    print it for nbval to check. Everything is in the current language (the title and notes in
    the file's text for it, or in English), but the file's own data: its ``source``, the steps as
    written, reason codes."""
    scenario = result.scenario
    lines = [str(_("{title}  [{game}, {rules}]", title=scenario.title_text.get(), game=scenario.game,
                   rules=scenario.rules.name))]
    if scenario.source:
        lines.append(str(_("source: {source}", source=scenario.source_text.get())))
    lines.append(str(result.start.describe()))
    for o in result.outcomes:
        step = o.step
        lines.append("")
        # TRANSLATORS: a replayed step: "step 3: 甲 attack S8  -> ok"; {action} is the step as the
        # file writes it, {outcome} one of the words ok, refused, checked, failed.
        lines.append(str(_("step {number}: {action}  -> {outcome}", number=step.number,
                           action=step.text or _("(check)"), outcome=_(_OUTCOME_WORDS[_outcome_word(o)]))))
        lines.extend(f"  {e.text}" for e in o.events)
        if o.refusal is not None:
            lines.append("  " + str(_("refused, {code}: {explanation}", code=o.refusal.code,
                                      explanation=o.refusal.explanation)))
        if step.note_text is not None:
            lines.append("  " + str(_("note: {note}", note=step.note_text.get())))
        if o.failure:
            lines.append("  " + str(_("FAIL: {failure}", failure=o.failure)))
        if positions:
            lines.append("  " + str(o.position).replace("\n", "\n  "))
    return "\n".join(lines)


def json_records(result: RunResult):
    """The replay as JSON-ready dicts: a header, then one per step. Texts are in the current
    language, as :func:`transcript` gives them."""
    scenario = result.scenario
    yield {"title": scenario.title_text.get(), "source": scenario.source_text and scenario.source_text.get(),
           "game": scenario.game,
           "rules": scenario.rules.name, "players": list(scenario.players),
           "position": str(result.start.describe())}
    for o in result.outcomes:
        note = o.step.note_text
        record = {"step": o.step.number, "action": o.step.text, "outcome": _outcome_word(o),
                  "events": [{"kind": e.kind, "player": e.player, "cards": [str(c) for c in e.cards],
                              "text": str(e.text)} for e in o.events],
                  "note": None if note is None else note.get(), "position": str(o.position)}
        if o.refusal is not None:
            record["code"] = o.refusal.code
            record["explanation"] = str(o.refusal.explanation)
        if o.failure:
            record["failure"] = o.failure
        yield record
