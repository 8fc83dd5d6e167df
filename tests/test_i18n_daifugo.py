"""Daifugo speaks the current language: every sentence of the package a learner reads is a message.

Under the pseudo-language of :mod:`pseudo_i18n` every translated message comes out in full-width
letters, so an ordinary English word left in a text was never translated. The tests replay every
Daifugo scenario and play seeded games (sets and matches, the exchange included) under both rule
sets, and read everything the package says along the way: events, refusals, the checklist and the
table talk, the position as text, the picture, the rules of thumb, the outcome and the scores, and
the forbidden-finish grid.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest

from cardlab import daifugo
from cardlab.cards import StandIn, card, parse_cards, plain
from cardlab.daifugo import checklist
from cardlab.daifugo.combos import readings
from cardlab.daifugo.rules import RULESETS
from cardlab.daifugo.widgets import PLAYS, FinishGrid
from cardlab.engine import Action, IllegalAction
from cardlab.i18n import language
from cardlab.registry import find_game
from cardlab.scenario import check_paths, load
from pseudo_i18n import english_words, pseudo_language

DAIFUGO = find_game("daifugo")

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "daifugo"
SCENARIOS = check_paths([FOLDER])
P = ["甲", "乙", "丙", "丁"]
RULE_NAMES = tuple(RULESETS)
# Words the shared picture code (cardlab.svg) draws itself around what a game gives it: the card
# counts beside the seats and a joker's face. They are that module's to translate, not Daifugo's.
SVG_OWN_WORDS = ("card", "cards", "as", "JOKER", "BIG", "SMALL")


# A sequence written by its ranks, ♥9-10-J-Q: card notation, the same in every language.
RUN = re.compile(r"(?:10|[2-9JQKA])(?:-(?:10|[2-9JQKA]))+")


def no_english(text, allowed=()) -> None:
    """``text`` holds no ordinary English word but ``allowed`` ones, the players and rule sets."""
    words = english_words(RUN.sub(" ", str(text)), allowed=(*P, *RULE_NAMES, *allowed))
    assert words == [], f"{words} untranslated in: {text}"


def picture_text(svg: str) -> str:
    """The visible text of a picture: every ``<text>`` node's words."""
    return "\n".join(unescape(re.sub(r"<[^>]+>", "", node)) for node in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S))


def read_position(state, players=P) -> None:
    """The position as text, the picture, what the players agree before play, and the end."""
    no_english(state.describe(), players)
    no_english(str(state), players)
    no_english(picture_text(DAIFUGO.picture(state)), (*players, *SVG_OWN_WORDS))
    for question, answer in DAIFUGO.table_talk(state):
        no_english(question, players)
        no_english(answer, players)
    no_english(checklist.table_talk_text(state), players)
    if state.is_over():
        no_english(DAIFUGO.outcome(state), players)
        cells, _points = DAIFUGO.score_line(state)
        for cell in cells.values():
            no_english(cell, players)
        if DAIFUGO.score_total(state) is not None:
            no_english(DAIFUGO.score_total(state))


def read_action(state, action: Action, players=P) -> None:
    """The checklist on ``action`` and its verdict; the words of a play."""
    for question, answer in DAIFUGO.checklist(state, action):
        no_english(question, players)
        no_english(answer, players)
    refusal = state.check(action)
    if refusal is not None:
        no_english(refusal.text(), players)
    elif action.verb == "play":
        no_english(DAIFUGO.play_words(state, action), players)


def read_hint(state, players=P) -> None:
    """The simple bot's rule of thumb for each seat that may act: its reason, shown as a hint."""
    for seat in state.to_act():
        _action, why = DAIFUGO.rule_of_thumb(state.view(seat))
        no_english(why, players)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_scenario_reads_in_the_language(path):
    scenario = load(path)
    players = scenario.players
    with pseudo_language():
        state = scenario.start()
        read_position(state, players)
        for step in scenario.steps:
            if step.action is None:
                continue
            read_action(state, step.action, players)
            read_hint(state, players)
            if step.reject is not None:
                refusal = state.check(step.action)
                assert refusal is not None and refusal.code == step.reject
                no_english(refusal.text(), players)
                continue
            for event in state.apply(step.action):
                no_english(event.text, players)
                no_english(event, players)
            read_position(state, players)


def random_refusals(state, rng) -> list:
    """Actions that are likely refused now: another seat's play, cards nobody named together, a
    pass on an empty table, a give out of turn, a verb the game lacks."""
    deck = list(state.rules.deck)
    actions = []
    for p in state.players:
        hand = state.hands[p]
        if hand:
            actions.append(Action(p, "play", tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4))))))
            actions.append(Action(p, "give", tuple(hand[:1])))
        actions.append(Action(p, "pass", ()))
        actions.append(Action(p, "play", (rng.choice(deck),)))
        actions.append(Action(p, "attack", (rng.choice(deck),)))
    return actions


def games(match):
    """Each game of a seeded set in turn, its position read before it is played (by the caller)."""
    for _number in range(match.games):
        state = match.game
        read_position(state)
        yield state
        if match.is_over():
            break
        match.next_game()


def turns(state):
    """The legal actions at each turn of ``state``'s game, until it is over (the caller acts)."""
    while not state.is_over():
        yield state.legal_actions()


@pytest.mark.parametrize("rules", RULE_NAMES)
def test_seeded_sets_and_matches_read_in_the_language(rules):
    rng = random.Random(23)
    with pseudo_language():
        match = daifugo.Match(rules, P, seed=5)
        no_english(match.kind)
        for state in games(match):
            for decisions, legal in enumerate(turns(state)):
                action = rng.choice(legal)
                if decisions % 3 == 0:
                    read_action(state, action)
                    read_hint(state)
                    for refused in random_refusals(state, rng):
                        refusal = state.check(refused)
                        if refusal is not None:
                            no_english(refusal.text())
                        else:
                            read_action(state, refused)
                for event in state.apply(action):
                    no_english(event.text)
                if decisions % 5 == 0:
                    read_position(state)
            read_position(state)
            for refused in random_refusals(state, rng):
                no_english(state.check(refused).text())


# Rule sets that differ from the named ones in what they say: the other first leader, sequence
# rule and exchange habit, no blind cards with jokers, blind cards without them, 2s kept out of
# sequences, no spade-3 return, points with miyako-ochi and forbidden finishes.
VARIANTS = (
    replace(RULESETS["jdf"], blind_cards=0, first_leader="diamond_three", sequence_rule="above",
            twos_in_sequences=False, return_weakest=True),
    replace(RULESETS["jdf"], spade_three_return=False, revolution_size=5, points=(3, 1, -1, -3)),
    replace(RULESETS["yeeqia"], blind_cards=2, eight_cut="group", miyako_ochi=True, forbidden_finishes=True,
            return_weakest=True),
)


@pytest.mark.parametrize("rules", VARIANTS, ids=("jdf-variant", "jdf-points", "yeeqia-variant"))
def test_variant_rule_sets_read_in_the_language(rules):
    """Every legal action's checklist, now and then, in seeded sets under rule sets of other habits."""
    rng = random.Random(7)
    with pseudo_language():
        for state in games(daifugo.Match(rules, P, seed=9)):
            for decisions, legal in enumerate(turns(state)):
                if decisions % 4 == 0:
                    for action in legal[:40]:
                        read_action(state, action)
                    for refused in random_refusals(state, rng):
                        read_action(state, refused)
                    read_hint(state)
                for event in state.apply(rng.choice(legal)):
                    no_english(event.text)
            read_position(state)


def test_every_refusal_of_the_exchange_reads_in_the_language():
    """The exchange refuses in many ways: wrong counts, not the strongest, not the weakest (a rule
    set that returns the weakest), a stand-in, a second give, a give after the exchange."""
    with pseudo_language():
        for rules in (RULESETS["jdf"], RULESETS["yeeqia"], replace(RULESETS["yeeqia"], return_weakest=True)):
            state = daifugo.new_game(rules, P, seed=3, previous_ranks=dict(zip(P, rules.rank_names)))
            read_position(state)
            for p in P:
                hand = state.hands[p]
                for action in (Action(p, "give", ()), Action(p, "give", tuple(hand[:1])),
                               Action(p, "give", tuple(hand[:2])), Action(p, "give", tuple(hand[-2:])),
                               Action(p, "give", (hand[0], hand[0])), Action(p, "play", (hand[0],))):
                    read_action(state, action)
            while state.exchanging:
                action = state.legal_actions()[0]
                read_action(state, action)
                read_hint(state)
                for event in state.apply(action):
                    no_english(event.text)
                again = state.check(Action(action.player, "give", action.cards))
                no_english(again.text())
                read_position(state)
            no_english(state.check(Action(P[0], "give", ())).text())


def test_the_combinations_and_their_refusals_read_in_the_language():
    cards = ["S5 S6 BJ", "S5 H6", "S5 S7", "S5 S6 S7 S8", "S9 H9 D9 C9 BJ RJ", "S2 SA SK", "BJ RJ", "BJ",
             "S5 BJ=6", "S5 S6 BJ=H7", "S5 S6 BJ=S5", "S5 H5 BJ=5", "S5 H5 BJ=S5", "SK SA S2 BJ", "S9 H9 D9"]
    with pseudo_language():
        for rules in RULESETS.values():
            for text in cards:
                tokens = parse_cards(text)
                if any(plain(t) not in rules.deck for t in tokens):
                    continue
                plays, why = readings(tokens, rules)
                no_english(why)
                for play in plays:
                    no_english(play.name())
                    no_english(play.called)
                    no_english(play.described)
                    no_english(str(play))
        # Stand-ins, ambiguous jokers and refusals in play: a position where the jokers may lead.
        state = daifugo.from_deal("jdf", P, hands={"甲": "S5 S6 S7 H5 BJ RJ S3", "乙": "SJ SQ", "丙": "D4",
                                                   "丁": "C6"})
        for text in ("甲 play S5 S6 BJ", "甲 play S5 BJ=6", "甲 play S5 H5 BJ=5 RJ=5", "甲 play S5 S6 BJ=H7",
                     "甲 play S5 S5", "甲 play S5 H6", "甲 play S5 BJ=S5", "乙 play SJ", "甲 pass", "甲 give S5",
                     "甲 attack S5", "甲 play C9"):
            action = state.parse_action(text)
            read_action(state, action)


def test_the_forbidden_finish_grid_reads_in_the_language():
    with pseudo_language():
        for rules in ("jdf", "yeeqia"):
            plays = PLAYS if rules == "jdf" else ("S2", "S3", "S3 H3 D3 C3", "H3 H4 H5", "C8 D8", "H7 H8 H9", "S9 H9")
            grid = FinishGrid(plays, rules=rules)
            no_english(grid.set_revolution(True))
            for row in range(len(grid.rows)):
                for revolution in (False, True):
                    no_english(grid.pick(row, revolution))
                    no_english(grid.message)
            for typed in ("S8 H8", "S5 H6", "S5 S6 BJ", "S9 S9", "S3 H3 D3 C3", "H7 H8 H9"):
                no_english(grid.judge(typed))
            # A card that does not parse: the reason after the colon is cardlab.cards' own.
            assert str(grid.judge("X9")).startswith("Ｎｏｔ ａ ｃｏｍｂｉｎａｔｉｏｎ: ")
            no_english(grid.reveal())
            no_english(grid.table())
            # The picture is cardlab.svg's play on top of the table, with its own caption.
            no_english(picture_text(grid.picture()), (*SVG_OWN_WORDS, "top", "of", "the", "table"))
            # The line asking to run the notebook is the shared widgets' (cardlab.widgets.base.RUN_ME).
            still = re.sub(r"<p[^>]*><i>.*?</i></p>", "", grid.static_html())
            no_english(unescape(re.sub(r"<[^>]+>", " ", still)))


def test_the_forbidden_finish_grid_widget_reads_in_the_language():
    pytest.importorskip("ipywidgets")
    with pseudo_language():
        grid = FinishGrid()
        view = grid.widget
        grid.pick(0)
        texts = []

        def walk(w):
            for name in ("description", "tooltip", "placeholder", "value"):
                value = getattr(w, name, None)
                if isinstance(value, str) and not value.startswith("<svg") and "<svg" not in value:
                    # A <style> (every view carries one) is no text a learner reads.
                    texts.append(re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", " ", value, flags=re.S)))
            for option in getattr(w, "options", ()):
                texts.append(option[0] if isinstance(option, tuple) else option)
            for child in getattr(w, "children", ()):
                walk(child)

        walk(view)
        assert texts
        for text in texts:
            no_english(unescape(text), ("nbsp",))


def test_a_message_made_in_english_reads_in_the_language_of_the_moment():
    state = daifugo.from_deal("jdf", P, hands={"甲": "S9 H9 S4", "乙": "SJ", "丙": "D4", "丁": "C5"})
    with language("en"):
        refusal = state.check(state.parse_action("乙 play SJ"))
        answers = DAIFUGO.checklist(state, state.parse_action("甲 play S9 H9"))
        talk = DAIFUGO.table_talk(state)
        events = state.copy().apply(state.parse_action("甲 play S9 H9"))
        position = state.describe()
        grid = FinishGrid()
        verdict = grid.pick("C8 D8")
        _action, hint = DAIFUGO.rule_of_thumb(state.view("甲"))
        made = [refusal.text(), refusal.explanation, *(t for pair in answers + talk for t in pair),
                *(e.text for e in events), position, verdict, grid.table(), hint]
        assert str(events[0].text) == "甲 plays a pair of 9s (S9 H9)."
        assert english_words(refusal.explanation, P)  # English for now
    with pseudo_language():
        assert str(events[0].text) == "甲 ｐｌａｙｓ ａ ｐａｉｒ ｏｆ 9ｓ (S9 H9)."
        for text in made:
            no_english(text)
    with language("en"):
        assert str(events[0].text) == "甲 plays a pair of 9s (S9 H9)."
        assert str(verdict).startswith("Last play: pair of 8s (8♣ 8♦), no revolution in force before it.")


def test_a_game_over_reads_in_the_language_under_both_rule_sets():
    with pseudo_language():
        for rules in RULE_NAMES:
            state = daifugo.new_game(rules, P, seed=11)
            while not state.is_over():
                for event in state.apply(state.legal_actions()[0]):
                    no_english(event.text)
            read_position(state)
            no_english(state.check(Action(P[0], "pass", ())).text())
            later = DAIFUGO.next_game(state, seed=2)
            read_position(later)


def test_the_rarer_sentences_read_in_the_language():
    """Refusals, events and answers that seeded games seldom meet."""
    jdf = RULESETS["jdf"]
    with pseudo_language():
        no_english(readings((), jdf)[1])
        five = daifugo.from_deal("jdf", P, hands={"甲": "S9 H9 D9 C9 BJ S4", "乙": "S5 H5", "丙": "D6",
                                                  "丁": "C7"})
        for text in ("甲 play BJ=5", "甲 play S9 H9 D9 C9 BJ"):
            read_action(five, five.parse_action(text))
        for event in five.act("甲 play S9 H9 D9 C9 BJ"):  # five 9s, and a revolution
            no_english(event.text)
        read_action(five, five.parse_action("乙 play S5 H5"))  # not a group of five
        no_english(five.check(Action("戊", "play", (card("S5"),))).text())  # not at this table
        no_english(five.check(Action("乙", "play", (card("S5"), StandIn(card("H5"), None, 5)))).text())
        five.lock = frozenset("SH")  # a revolution and a suit lock at once
        no_english(five.describe())
        # A lone joker answered by a pair, and the spade-3 return asked of a seat not on turn.
        lone = daifugo.from_deal("jdf", P, hands={"甲": "BJ S4", "乙": "S5 H5", "丙": "S3 D6", "丁": "C7"})
        lone.act("甲 play BJ")
        for text in ("乙 play S5 H5", "丙 play S3"):
            read_action(lone, lone.parse_action(text))
        # Sequences under the stricter "above" rule.
        above = daifugo.from_deal(replace(jdf, sequence_rule="above"), P, hands={
            "甲": "S3 S4 S5 S9", "乙": "H4 H5 H6", "丙": "D6", "丁": "C7"})
        above.act("甲 play S3 S4 S5")
        read_action(above, above.parse_action("乙 play H4 H5 H6"))
        # A last play that is forbidden and starts a revolution: judged by the order before it.
        twos = daifugo.from_deal("jdf", P, hands={"甲": "S2 H2 D2 C2", "乙": "S5", "丙": "D6", "丁": "C7"})
        read_action(twos, twos.parse_action("甲 play S2 H2 D2 C2"))
        for event in twos.act("甲 play S2 H2 D2 C2"):
            no_english(event.text)
        # A stand-in handed over in the exchange.
        exchange = daifugo.new_game("jdf", P, seed=1, previous_ranks=dict(zip(P, jdf.rank_names)))
        holder = next(p for p in P if any(c.is_joker for c in exchange.hands[p]))
        joker = next(c for c in exchange.hands[holder] if c.is_joker)
        no_english(exchange.check(Action(holder, "give", (StandIn(joker, None, 5),))).text())
        # Miyako-ochi after two forbidden finishes: the fallen 大富豪 ranks above both.
        fall = daifugo.from_deal("jdf", P, hands={"甲": "S9", "乙": "SK SQ", "丙": "S2", "丁": "BJ"}, leader="丙")
        fall.previous_ranks = {"甲": "fugo", "乙": "daifugo", "丙": "hinmin", "丁": "daihinmin"}
        for text in ("丙 play S2", "丁 play BJ", "甲 pass", "乙 pass", "甲 play S9"):
            read_action(fall, fall.parse_action(text))
            for event in fall.act(text):
                no_english(event.text)
        assert fall.is_over() and fall.demoted == "乙"
        read_position(fall)
        grid = FinishGrid()
        no_english(grid.set_revolution(False))
