"""Validating a scenario: the deal, the steps, their actions and expectations, checked against the
game's engine; :func:`load` and :func:`loads` give the :class:`Scenario` (SCENARIOS.md, the contract).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import SUIT_SYMBOLS, Card, CardError, StandIn, parse_token, plain
from ..engine import REASON_CODES, Action, DealError, NotationError, State, player_name, shorten
from ..registry import UnavailableGame, UnknownGame, find_game, game_names
from ..yamlfile import line_of as _line
from .reading import NotImplementedGame, Text, _language, _load_yaml, _read, _Reader

TOP_KEYS = {"title": True, "source": False, "game": True, "rules": True, "players": True,
            "deal": True, "steps": True}
STEP_KEYS = {"do", "reject", "expect", "note"}
COMMON_EXPECT = ("hands", "hand_sizes", "finished", "over", "legal", "illegal")


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
    spec: Any = None  # the game (cardlab.game.Game), as the registry has it
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
        return self.spec.from_deal(self.rules, self.players, **self.deal)


def load(path: str | Path) -> Scenario:
    """Read and validate a scenario file. Raises :class:`ScenarioError` (never anything else)."""
    path_s = str(path)
    return loads(_read(path, path_s), path_s)


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
    try:
        spec = find_game(game)
    except UnavailableGame:
        raise NotImplementedGame(path, f"{game} is not implemented yet in this version of cardlab",
                                 _line(node, "game")) from None
    except UnknownGame:
        r.fail(f"unknown game {game!r} (games: {', '.join(game_names())})", "game")
    rules_name = data["rules"]
    if rules_name not in spec.contract_rulesets:
        r.fail(f"unknown rule set {rules_name!r} for {game} (rule sets: {', '.join(spec.contract_rulesets)})",
               "rules")
    rules = spec.rulesets[rules_name]
    players = _players(r, data["players"], spec, rules_name)
    deal = _deal(r, data["deal"], spec, players)
    try:
        start = spec.from_deal(rules, players, **deal)
    except DealError as exc:
        r.fail(f"impossible deal: {exc}", "deal")
    steps_data = data["steps"]
    if steps_data is None:
        steps_data = []
    if not isinstance(steps_data, list):
        r.fail("steps must be a list", "steps")
    steps = [_step(r, i, s, start, spec) for i, s in enumerate(steps_data)]
    return Scenario(path, title.en, None if source is None else source.en, game, rules, players, deal, steps,
                    spec, title, source)


def _players(r: _Reader, value, spec, rules_name) -> tuple[str, ...]:
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
    low, high = spec.player_counts[rules_name]
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


def _boolean(value: bool) -> str:
    """Why a player written as true or false is not a name: YAML read a bare word as a boolean."""
    return (f"{str(value).lower()} is not a name: YAML reads a bare yes, no, on, off, true or false as "
            "true or false, so write such a name in quotes, like 'yes'")


def _deal(r: _Reader, value, spec, players) -> dict:
    if not isinstance(value, dict):
        r.fail("deal must be a mapping", "deal")
    allowed = spec.deal_keys
    deal: dict[str, Any] = {}
    for key, v in value.items():
        if key not in allowed:
            r.fail(f"unknown deal key {key!r} for {spec.name} (allowed: {', '.join(allowed)})", "deal", key)
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


def _step(r: _Reader, index: int, value, start: State, spec) -> Step:
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
        step.expect = _expect(r, value["expect"], start, spec, where + ("expect",), number)
    return step


def _expect(r: _Reader, value, start: State, spec, where: tuple, number: int) -> dict:
    if not isinstance(value, dict):
        r.fail("expect must be a mapping of expectation keys", *where, step=number)
    specs = spec.expectations
    allowed = COMMON_EXPECT + tuple(specs)
    out = {}
    for key, v in value.items():
        at = where + (key,)
        if key not in allowed:
            r.fail(f"unknown expectation {key!r} for {start.game} (allowed: {', '.join(allowed)})", *at, step=number)
        # A game may say that one of its keys does not apply to a rule set (such as points, under a
        # rule set that keeps none).
        why = spec.inapplicable_expectation(key, start.rules)
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
