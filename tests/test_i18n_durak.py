"""Durak in every language: each word of the Durak package a learner reads (refusals, events, the
position in words, the picture's header, roles and table, the checklist and table talk, the
simple bot's reasons, the outcome and score words) is a message, so that in the pseudo-language
(tests/pseudo_i18n.py) none of it is left in English. Every worked example of the lessons is
replayed, random games of every rule set and table size are played, and every message the
package offers is seen on the way."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from unittest import mock

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from pseudo_i18n import Pseudo, english_words, pseudo_language

from cardlab import durak, i18n
from cardlab.cards import card, parse_cards
from cardlab.durak import picture as durak_picture
from cardlab.engine import Action
from cardlab.i18n import _, language, words
from cardlab.registry import find_game
from cardlab.scenario import load

DURAK = find_game("durak")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "lessons/scenarios/durak").glob("*.yaml"))
DURAK_SOURCES = sorted((ROOT / "cardlab/durak").glob("*.py"))
NAMES = ("甲", "乙", "丙", "丁", "戊", "己")


class Seen(Pseudo):
    """The pseudo-language, noting each message it is asked for: (context, English)."""

    def __init__(self):
        super().__init__()
        self.seen: set[tuple[str | None, str]] = set()

    def gettext(self, message):
        self.seen.add((None, message))
        return super().gettext(message)

    def ngettext(self, singular, plural, n):
        self.seen.add((None, singular))
        return super().ngettext(singular, plural, n)

    def pgettext(self, context, message):
        self.seen.add((context, message))
        return super().pgettext(context, message)

    def npgettext(self, context, singular, plural, n):
        self.seen.add((context, singular))
        return super().npgettext(context, singular, plural, n)


def offered() -> set[tuple[str | None, str]]:
    """Every message of the Durak package, as `make messages` extracts it: (context, English)."""
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "np_": ((1, "c"), 2, 3)}
    found = set()
    for path in DURAK_SOURCES:
        for _line, message, _comments, context in extract_from_file("python", path, keywords=keywords):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def allowed(state) -> set[str]:
    """Words that stay as they are: the players' names and the rule sets' names."""
    return set(state.players) | set(durak.RULESETS) | {state.rules.name}


def card_name_words() -> set[str]:
    """The words of the cards' names (the picture's text alternative names its cards: "queen of
    spades"), as they read now; cardlab.cards says them, not this package."""
    return {w for c in durak.DECK for w in re.findall(r"[A-Za-z][A-Za-z_'-]+", c.name)}


def picture_words(state, **options) -> dict[str, str]:
    """What the Durak picture itself writes, as drawn now: its header, each seat's roles, the
    visible text of the table in the middle, and the text alternative it begins (the seats and
    hands around them are cardlab.svg's)."""
    got = {}
    real = durak_picture.table_svg

    def table_svg(state, **kw):
        got["header"] = kw["header"]
        got["tags"] = " ".join(t for tags in kw["tags"].values() for t in tags)
        got["summary"] = kw["summary"]
        middle = kw["middle"]

        def drawn(band):
            markup = middle(band)
            got["middle"] = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", markup))
            return markup

        return real(state, **{**kw, "middle": drawn})

    with mock.patch.object(durak_picture, "table_svg", table_svg):
        svg = DURAK.picture(state, **options)
    assert svg.startswith("<svg")
    return got


def candidates(state):
    """Actions worth asking about: every verb for every player with cards from anywhere."""
    cards = sorted({c for h in state.hands.values() for c in h} | set(state.table), key=lambda c: c.index)
    for p in state.players:
        for c in cards:
            yield Action(p, "attack", (c,))
            yield Action(p, "transfer", (c,))
        for a in state.attacks:
            for d in cards:
                yield Action(p, "defend", (a, d))
        for verb in ("take", "done", "swap"):
            yield Action(p, verb, ())
        if cards:
            yield Action(p, "play", (cards[0],))
    yield Action("庚", "take", ())  # a stranger to this table


class Reader:
    """Reads everything of a position a learner can be shown, and says which words are still
    English."""

    def __init__(self):
        self.problems: list[str] = []  # the first few
        self.count = 0

    def check(self, where: str, text, state, extra=()) -> None:
        words = english_words(str(text), allowed=allowed(state) | set(extra))
        if words:
            self.count += 1
            if len(self.problems) < 10:
                self.problems.append(f"{where}: {words} in {str(text)!r}")

    def position(self, where: str, state, actions=None) -> None:
        self.check(f"{where} describe", state.describe(), state)
        for view in ({}, {"view": "player", "seat": state.players[-1]}):
            words = picture_words(state, **view)
            for part in ("header", "tags", "middle"):
                self.check(f"{where} picture {part}", words[part], state)
            self.check(f"{where} picture summary", words["summary"], state, card_name_words())
        for question, answer in DURAK.table_talk(state):
            self.check(f"{where} table talk", f"{question} {answer}", state)
        if state.is_over():
            self.check(f"{where} outcome", DURAK.outcome(state), state)
            cells, _score = DURAK.score_line(state)
            self.check(f"{where} score", " ".join(str(c) for c in cells.values()), state)
            self.check(f"{where} score total", DURAK.score_total(state), state)
            for action in candidates(state):
                refusal = state.check(action)
                self.check(f"{where} refusal of {action}", refusal.text(), state)
            return
        self.check(f"{where} priority", state.priority(), state)
        asked = state.legal_actions() if actions is None else actions
        if actions is None:  # every candidate's refusal; the checklist of the legal ones and of defences
            for action in candidates(state):
                refusal = state.check(action)
                if refusal is not None:
                    self.check(f"{where} refusal of {action}", refusal.text(), state)
                    if action.verb in ("defend", "transfer"):
                        asked.append(action)
        for action in asked:
            refusal = state.check(action)
            if refusal is not None:
                self.check(f"{where} refusal of {action}", refusal.text(), state)
            for question, answer in DURAK.checklist(state, action):
                self.check(f"{where} checklist of {action}", f"{question} {answer}", state)
        for seat in state.to_act():
            _action, why = DURAK.rule_of_thumb(state.view(seat, sampling=False))
            self.check(f"{where} rule of thumb of {seat}", why, state)

    def events(self, where: str, events, state) -> None:
        for e in events:
            self.check(f"{where} event {e.kind}", e.text, state)


def replay(reader: Reader, path: Path) -> None:
    scenario = load(path)
    state = scenario.start()
    reader.position(f"{path.name} start", state)
    for step in scenario.steps:
        where = f"{path.name} step {step.number}"
        if step.action is None:
            continue
        if step.reject is not None:
            refusal = state.check(step.action)
            assert refusal is not None and refusal.code == step.reject
            reader.check(f"{where} refusal", refusal.text(), state)
            continue
        reader.events(where, state.apply(step.action), state)
        reader.position(where, state)


def random_game(reader: Reader, rules: str, players: int, seed: int) -> None:
    state = durak.new_game(rules, NAMES[:players], seed=seed)
    rng = random.Random(seed)
    step = 0
    while True:
        where = f"{rules} {players} players seed {seed} decision {step}"
        # Every candidate action now and then; otherwise the legal ones (their checklists).
        reader.position(where, state, None if step % 10 == 0 or state.is_over() else state.legal_actions())
        if state.is_over():
            break
        reader.events(where, state.apply(rng.choice(state.legal_actions())), state)
        step += 1
    reader.position(f"{rules} {players} players seed {seed}: the next game", DURAK.next_game(state, seed=seed))


def deal(hands, stock=None, trump=None, attacker=None, rules="podkidnoy"):
    return durak.from_deal(rules, list(hands), {p: parse_cards(h) for p, h in hands.items()},
                           None if stock is None else parse_cards(stock), trump, attacker)


def corners(reader: Reader) -> None:
    """The few texts neither the worked examples nor random play are sure to reach."""
    # A rule set without the trump-six swap (none of the named ones), asked about it.
    plain = dataclasses.replace(durak.RULESETS["podkidnoy"], trump_six_swap=False)
    state = deal({"甲": "S6 D8", "乙": "SQ H9"}, stock="C7 D9 S8", attacker="甲").with_rules(plain)
    reader.position("no swap", state, [Action("甲", "swap", ())])
    # An opening attacker who holds nothing but trumps; a defence that would cost a trump early.
    state = deal({"甲": "S9 SJ", "乙": "HQ DK"}, stock="C6 C7 C8 C9 C10 CJ CQ CK CA D6 S6", attacker="甲")
    reader.position("all trumps", state)
    state.act("甲 attack S9")
    reader.position("all trumps, attacked", state)
    state = deal({"甲": "H9 S7", "乙": "HQ DK"}, stock="C6 C7 C8 C9 C10 CJ CQ CK CA D7 S6", attacker="乙")
    state.act("乙 attack HQ")
    reader.position("a trump this early", state)
    # A card added once the round is at its limit (the defender held a single card).
    state = deal({"甲": "S9 D9", "乙": "HQ"}, stock="C6 C7 C8 C9 C10 CJ CQ CK CA D7 S6 H6", attacker="甲")
    state.act("甲 attack S9")
    reader.position("at the limit", state, [Action("甲", "attack", (card("D9"),))])
    # A game that goes round in circles: the bot plays at random.
    state = durak.new_game("podkidnoy", NAMES[:3], seed=3)
    state.round_no = 151
    reader.position("round 151", state)


@pytest.fixture(scope="module")
def read_all():
    """Everything above read in the pseudo-language, once: the worked examples, random games of
    every rule set at 2, 3, 4 and 6 players, and the corners; what is still English in each, and
    the messages that were read."""
    seen = Seen()
    found = {}
    with pseudo_language(), mock.patch.object(i18n, "translations", lambda _lang: seen):
        found["examples"] = reader = Reader()
        for path in SCENARIOS:
            replay(reader, path)
        found["random"] = reader = Reader()
        for rules in durak.RULESETS:
            for players in (2, 3, 4, 6):
                random_game(reader, rules, players, seed=players)
        found["corners"] = reader = Reader()
        corners(reader)
        # The game's names, as the shared code reads them.
        state = durak.new_game("perevodnoy", NAMES[:2])
        reader.check("game title", words(DURAK.title), state)
        reader.check("name", _(durak.State.NAME), state)
        reader.check("a verb Durak has not", state.check(Action("甲", "play", (durak.DECK[0],))).text(), state)
        # The spec's own words: the verbs' buttons, and what its expectations confirm in a replay.
        for verb in DURAK.verbs:
            reader.check(f"the {verb} button", DURAK.verb_label(verb), state)
        for key, values in EXPECTED.items():
            for value in values:
                reader.check(f"expectation {key}: {value}", DURAK.expectation_words[key](value), state)
        for word in DURAK.lab_words:  # the simulation lab's charts of Durak look them up
            reader.check(f"lab word {word}", _(word), state)
    return {part: (reader.count, reader.problems) for part, reader in found.items()}, seen.seen


# A value or two of each expectation of Durak's own, to read what each confirms in words.
EXPECTED = {"stock_size": (0, 5), "trump": ("S",), "attacker": ("甲",), "defender": ("乙",),
            "table": (frozenset(), frozenset(durak.DECK[:2])), "discard_size": (4,), "loser": (None, "甲"),
            "draw": (True, False), "attack_limit": (6,)}


def test_every_worked_example_reads_without_english(read_all):
    assert len(SCENARIOS) >= 20
    assert read_all[0]["examples"] == (0, [])


def test_random_games_read_without_english(read_all):
    assert read_all[0]["random"] == (0, [])


def test_the_corners_read_without_english(read_all):
    assert read_all[0]["corners"] == (0, [])


def test_every_message_of_durak_is_read_by_these_tests(read_all):
    """Each message the package offers for translation was read above, so none went unchecked."""
    assert len(offered()) > 100
    assert offered() - read_all[1] == set()


def test_texts_made_in_english_read_in_the_language_of_the_moment():
    state = deal({"甲": "S9 D8", "乙": "SQ H9"}, stock="C7 D9 S8", attacker="甲")
    refusal = state.check(state.parse_action("乙 attack SQ"))
    checklist = DURAK.checklist(state, state.parse_action("甲 attack D8"))
    talk = DURAK.table_talk(state)
    priority = state.priority()
    events = state.act("甲 attack S9") + state.act("乙 take")
    _action, why = DURAK.rule_of_thumb(state.view("甲", sampling=False))
    english = [refusal.text(), priority, why, *(e.text for e in events),
               *(t for pair in checklist + talk for t in pair)]
    before = [str(t) for t in english]
    assert "乙 is defending this round; only the attackers may attack." in before[0]
    with pseudo_language():
        after = [str(t) for t in english]
        for text in after:
            assert english_words(text, allowed=allowed(state)) == [], text
    assert all(a != b for a, b in zip(after, before))
    with language("en"):
        assert [str(t) for t in english] == before
    over = deal({"甲": "S9", "乙": "S6"}, stock="", trump="S", attacker="甲")
    over.act("甲 attack S9")
    over.act("乙 take")
    outcome, (cells, score), total = DURAK.outcome(over), DURAK.score_line(over), DURAK.score_total(over)
    assert (str(outcome), cells, score, str(total)) == ("乙 is the durak (the fool)", {"甲": "out", "乙": "durak"},
                                                        {"甲": 0, "乙": 1}, "times durak")
    with pseudo_language():
        assert str(outcome) == "乙 ｉｓ ｔｈｅ ｄｕｒａｋ (ｔｈｅ ｆｏｏｌ)"
        assert [str(c) for c in cells.values()] == ["ｏｕｔ", "ｄｕｒａｋ"] and str(total) == "ｔｉｍｅｓ ｄｕｒａｋ"


def test_the_position_in_words_and_the_picture_are_in_the_language_they_are_drawn_in():
    """describe() and the picture are put into words when asked for: asked again after a change
    of language, they answer in the new one."""
    state = deal({"甲": "S9 D8", "乙": "SQ H9"}, stock="C7 D9 S8", attacker="甲")
    english = state.describe()
    assert english.splitlines()[0] == "durak (podkidnoy), round 1; trump ♠ spades, face-up S8; stock 3, discard 0"
    with pseudo_language():
        assert english_words(state.describe(), allowed=allowed(state)) == []
        assert "ｓｔｏｃｋ 3" in DURAK.picture(state)
        assert str(state) == state.describe()
    assert state.describe() == english and "stock 3" in DURAK.picture(state)
