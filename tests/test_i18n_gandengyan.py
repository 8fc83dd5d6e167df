"""Gan Deng Yan speaks every language cardlab speaks: under the pseudo-language (tests/pseudo_i18n.py)
no ordinary English word is left in anything of cardlab.gandengyan a learner reads: the events and
refusals of every scenario of the lessons and of random games, the positions (describe), the
checklists and table talk, the pictures, the bots' reasons, the outcomes and scores, and the
BombCompare widget. A message made in English reads in the language of the moment it is read."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html import escape, unescape
from pathlib import Path

import pytest

from cardlab import gandengyan
from cardlab.cards import StandIn, card, parse_cards
from cardlab.engine import Action
from cardlab.gandengyan import RULESETS
from cardlab.gandengyan.combos import (KIND_WORDS, _ranks, alone_text, answers_text, kind_words, readings, ruling,
                                      types_text)
from cardlab.gandengyan.rules import ACE
from cardlab.gandengyan.widgets import BombCompare
from cardlab.i18n import Message, language
from cardlab.registry import find_game
from cardlab.scenario import check_paths, load, run
from cardlab.svg import play_names
from pseudo_i18n import english_words, pseudo_language

GDY = find_game("gandengyan")

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "gandengyan"
FILES = check_paths([FOLDER])
RULE_SET_NAMES = set(RULESETS)
# Words the shared picture code of cardlab/svg.py draws beside a game's own (a seat's card count,
# "as 4" under a stand-in, the faces of jokers and wild cards): that module's, not Gan Deng Yan's,
# to translate.
SVG_WORDS = {"card", "cards", "as", "JOKER", "WILD", "BIG", "SMALL"}
FULL_WIDTH = re.compile("[\uff21-\uff3a\uff41-\uff5a]")


# The ranks of a run or pair run as a play's name gives them (Q-K-A, J-J-Q-Q): notation, the same in
# every language.
RANKS = {word for place in range(ACE) for word in english_words(
    (_ranks(range(place, place + 3)) if place + 2 <= ACE else "") + " " + _ranks((place, place, place + 1, place + 1)))}


def untranslated(text, players=(), also=()) -> list[str]:
    return english_words(str(text), allowed={*players, *RULE_SET_NAMES, *RANKS, *also})


def assert_translated(text, players=(), also=(), where=""):
    text = str(text)
    assert untranslated(text, players, also) == [], f"{where}: {text!r}"


def picture_texts(svg: str) -> list[str]:
    """The visible text of a picture: each <text> node, its <tspan>s run together."""
    return [unescape(re.sub(r"<[^>]+>", "", t)) for t in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, re.S)]


def assert_picture_translated(svg: str, players, where="", names=""):
    """Every word of the picture ``svg``: its visible text and its text alternative (which names
    the cards of the play to beat, ``names``, in svg.py's words, and ends with svg.py's "甲 holds
    5" for each seat)."""
    texts = picture_texts(svg)
    assert texts, where
    for text in texts:
        assert_translated(text, players, SVG_WORDS, where)
    label = unescape(re.search(r'aria-label="([^"]*)"', svg).group(1))
    assert str(names) in label
    assert_translated(label.replace(str(names), ""), players, SVG_WORDS | {"holds"}, where)


def check_position(state, where=""):
    """Everything a learner reads of ``state`` itself: the position, the picture, table talk."""
    players = state.players
    assert_translated(state.describe(), players, where=where)
    assert_translated(str(state), players, where=where)
    assert_picture_translated(GDY.picture(state), players, where, play_names(state.top.cards) if state.top else "")
    if state.is_over():
        assert_translated(GDY.outcome(state), players, where=where)
        cells, _score = GDY.score_line(state)
        for cell in cells.values():
            assert_translated(cell, players, where=where)
        assert_translated(GDY.score_total(state), players, where=where)


def check_action(state, action: Action, where=""):
    """Everything a learner reads about ``action`` in ``state``: the refusal, the checklist, the
    play's name."""
    players = state.players
    refusal = state.check(action)
    if refusal is not None:
        assert_translated(refusal.text(), players, where=f"{where} {action}")
        assert_translated(refusal.explanation, players, where=f"{where} {action}")
    elif action.verb == "play":
        assert_translated(GDY.play_words(state, action), players, where=f"{where} {action}")
    for question, answer in GDY.checklist(state, action):
        assert_translated(question, players, where=f"{where} {action}")
        assert_translated(answer, players, where=f"{where} {action}")


# --- the scenarios of the lessons --------------------------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_scenario_reads_without_english(path):
    scenario = load(path)
    with pseudo_language():
        result = run(scenario, keep_states=True)
        assert result.ok
        state = result.start.copy()
        players = state.players
        for question, answer in GDY.table_talk(state):
            assert_translated(question, players, where="table talk")
            assert_translated(answer, players, where="table talk")
        check_position(state, "start")
        for outcome in result.outcomes:
            where = f"{path.name} step {outcome.step.number}"
            if outcome.step.action is not None:
                check_action(state, outcome.step.action, where)
            for event in outcome.events:
                assert_translated(event.text, players, where=where)
                assert_translated(str(event), players, where=where)
            if outcome.refusal is not None:
                assert_translated(outcome.refusal.refusal.text(), players, where=where)
            assert_translated(outcome.position, players, where=where)
            state = outcome.state
            check_position(state, where)


# --- random games ------------------------------------------------------------------------------------

GAMES = [("yiqi", 2), ("yiqi", 3), ("yiqi", 5), ("yiqi-single-draw", 3), ("yiqi-single-draw", 4), ("jj", 3)]


def tries(state, rng) -> list[Action]:
    """Actions a learner might try now: some of the legal ones, cards of the hand in random groups
    (most refused), a pass, a move out of turn, a verb Gan Deng Yan lacks."""
    turn = state.turn
    hand = state.hands[turn]
    legal = state.legal_actions()
    out = rng.sample(legal, min(3, len(legal)))
    for _ in range(4):
        out.append(Action(turn, "play", tuple(rng.sample(hand, min(len(hand), rng.randint(1, 5))))))
    out.append(Action(turn, "pass", ()))
    out.append(Action(state.seat_after(turn), "pass", ()))
    out.append(Action(turn, "attack", (hand[0],)))
    return out


@pytest.mark.parametrize("rules,players", GAMES)
def test_random_games_read_without_english(rules, players):
    names = "甲乙丙丁戊"[:players]
    with pseudo_language():
        for seed in range(3):
            state = gandengyan.new_game(rules, names, seed=seed)
            rng = random.Random(seed)
            for question, answer in GDY.table_talk(state):
                assert_translated(question, names, where="table talk")
                assert_translated(answer, names, where="table talk")
            moves = 0
            while not state.is_over():
                where = f"{rules} {players} seed {seed} move {moves}"
                if moves % 3 == 0:
                    check_position(state, where)
                for action in tries(state, rng):
                    check_action(state, action, where)
                action, why = GDY.rule_of_thumb(state.view(state.turn))
                assert_translated(why, names, where=where)
                if rng.random() < 0.3:
                    action = rng.choice(state.legal_actions())
                for event in state.apply(action):
                    assert_translated(event.text, names, where=where)
                moves += 1
            check_position(state, "the end")
            check_action(state, Action(names[0], "pass", ()), "the end")
            check_action(state, Action(names[0], "play", tuple(state.rules.deck[:1])), "the end")


def test_the_rarer_texts_read_without_english():
    """Texts a random game seldom reaches: a blocked game, lone jokers and wild cards, every kind's
    words, what may follow each kind, several readings of a joker, the must-play refusal."""
    with pseudo_language():
        blocked = gandengyan.from_deal("yiqi", ["甲", "乙"], hands={"甲": "BJ", "乙": "RJ"}, stock=[])
        events = blocked.act("甲 pass") + blocked.act("乙 pass")
        assert blocked.is_over() and blocked.winner is None
        for event in events:
            assert_translated(event.text, blocked.players)
        check_position(blocked, "blocked")
        check_action(blocked, Action("甲", "pass", ()), "blocked")
        for rules in RULESETS.values():
            assert_translated(types_text(rules), ())
            assert_translated(rules.wild_word, ())
            assert_translated(rules.wild_words, ())
            wilds = parse_cards("BJ RJ" if rules.joker_bomb else "W1 W2")
            assert_translated(alone_text(wilds[:1], rules), ())
            assert_translated(alone_text(wilds, rules), ())
        for kind in KIND_WORDS:
            assert_translated(kind_words(kind), ())
        yiqi = RULESETS["yiqi"]
        plays = ["S8", "S2", "SA", "S8 H8", "S2 H2", "S6 H7 D8", "SQ SK SA", "S6 H6 S7 H7", "SK HK SA HA",
                 "S5 H5 D5", "S5 H5 D5 C5", "BJ RJ"]
        for top in plays:
            (top_play,), _ = readings(parse_cards(top), yiqi)
            assert_translated(answers_text(top_play), ())
            assert_translated(top_play, ())
            assert_translated(top_play.called, ())
            for other in plays:
                (play,), _ = readings(parse_cards(other), yiqi)
                assert_translated(ruling(play, top_play)[1], ())
        for cards in ("S3 H4 S5 S6 S7", "S3 H4", "S3 H4 D9", "S2 H3 D4", "S3 S3", "H3 BJ=S3", "S3 S4 S5 S6 H4"):
            plays, refusal = readings(parse_cards(cards), yiqi)
            if refusal is not None:
                assert_translated(refusal.explanation, ())
        assert_translated(readings((), yiqi)[1].explanation, ())
        assert_translated(readings((StandIn(card("S5"), "H", 4), card("S4")), yiqi)[1].explanation, ())
        kept = gandengyan.from_deal("yiqi", ["甲", "乙"], hands={"甲": "BJ", "乙": "RJ"}, stock=["S3", "S4"])
        for event in kept.act("甲 pass") + kept.act("乙 pass"):
            assert_translated(event.text, kept.players)
        check_action(kept, kept.parse_action("甲 play S3 S3"), "named twice")
        check_action(kept, kept.parse_action("甲 play S4"), "not held")
        left = gandengyan.from_deal(replace(yiqi, first_drawer="left"), ["甲", "乙", "丙"],
                                    hands={"甲": "S3", "乙": "S4", "丙": "S5"})
        for question, answer in GDY.table_talk(left):
            assert_translated(question, left.players)
            assert_translated(answer, left.players)
        several = gandengyan.from_deal("yiqi", ["甲", "乙"], hands={"甲": "S8 BJ RJ H3", "乙": "D4"}, stock=[])
        check_action(several, several.parse_action("甲 play S8 BJ RJ"), "several readings")
        jj = gandengyan.from_deal("jj", ["甲", "乙", "丙"], hands={"甲": "S5 DK", "乙": "H6 H7 H8 D6 C6 C9",
                                                                  "丙": "D3"}, leader="甲")
        jj.act("甲 play S5")
        check_action(jj, jj.parse_action("乙 pass"), "must play")
        check_action(jj, jj.parse_action("乙 play W1"), "lone wild card")
        check_action(jj, jj.parse_action("乙 play C9"), "not one higher")


# --- the widget --------------------------------------------------------------------------------------

def test_bomb_compare_reads_without_english():
    from cardlab.widgets.base import RUN_ME

    with pseudo_language():
        compare = BombCompare()
        assert_translated(compare.set_table(0))
        assert_picture_translated(compare.picture(), ())
        for i in range(len(compare.plays)):
            for j in range(len(compare.plays)):
                assert_translated(compare.pick(i, j))
            assert_picture_translated(compare.picture(), ())
        assert_translated(compare.article())
        for table, played in (("S8 H8", "S8 S9 BJ"), ("S8 H8", "S8 S8"), ("BJ", "S3"), ("S3 S4 S5 S6 S7", "H3"),
                              ("S3 H3", "BJ=S3 H4"), ("S3 H3", "BJ=4 H4"), ("S3 H3", "H4 BJ=S4")):
            assert_translated(compare.judge(table, played))
            assert_translated(compare.judge(played, table))
        assert BombCompare().picture() == ""
        static = compare.static_html().replace(escape(str(RUN_ME)), "")
        assert_translated(unescape(re.sub(r"<[^>]+>", " ", static)))
        jj = BombCompare(plays=("S8 H8", "S5 H5 D5", "W1 S4 H4", "C9"), rules="jj")
        assert_translated(jj.judge("S8 H8", "W1 W2"))
        assert_translated(jj.judge("S8 H8", "BJ S8"))


def test_bomb_compare_controls_read_without_english():
    """The controls, built in English, read in the language of their next redrawing."""
    ipywidgets = pytest.importorskip("ipywidgets")
    compare = BombCompare()
    box = compare.widget
    compare.pick(0, 1)
    with pseudo_language():
        compare.pick(2, 1)
        assert compare._menus["on the table"].value == 2 and compare._menus["played on it"].value == 1
        stack, texts = [box], []
        while stack:
            w = stack.pop()
            stack.extend(getattr(w, "children", ()))
            for trait in ("description", "tooltip", "value"):
                value = getattr(w, trait, None)
                if isinstance(value, str) and "<svg" in value:
                    texts += picture_texts(value)
                elif isinstance(value, str) and not isinstance(w, ipywidgets.Text):
                    # A <style> (every view carries one) is no text a learner reads.
                    value = re.sub(r"<style>.*?</style>", " ", value, flags=re.S)
                    texts.append(unescape(re.sub(r"<[^>]+>", " ", value)))
            if isinstance(w, ipywidgets.Dropdown):
                texts += [label for label, _ in w.options]
        assert len(texts) > 10
        for text in texts:
            assert_translated(text, (), SVG_WORDS)


# --- made in English, read in the language of the moment --------------------------------------------

def test_a_message_made_in_english_reads_in_the_language_it_is_read_in():
    state = gandengyan.from_deal("yiqi", ["甲", "乙", "丙"], hands={"甲": "S8 S3", "乙": "H9 HJ", "丙": "D4 D5"},
                                 stock=["C7"])
    with language("en"):
        refusal = state.check(state.parse_action("乙 play HJ"))
        events = state.act("甲 play S8") + state.act("乙 pass") + state.act("丙 pass")
        checklist = GDY.checklist(state, state.parse_action("甲 play S3"))
        talk = GDY.table_talk(state)
        why = GDY.rule_of_thumb(state.view("甲"))[1]
        compare = BombCompare()
        answer = compare.pick("S8 H8", "S5 H5 D5")
        english = [str(refusal.text()), *map(str, events), str(checklist[0][1]), str(talk[0][1]), str(why), str(answer)]
        assert all(untranslated(text, state.players) for text in english)
        assert isinstance(events[0].text, Message) and isinstance(answer, Message)
    with pseudo_language():
        for message in (refusal.text(), *(e.text for e in events), *(a for q, a in checklist), *(a for q, a in talk),
                        why, answer, compare.message):
            assert_translated(message, state.players)
            assert FULL_WIDTH.search(str(message))
        assert str(events[0]) != english[1]
    with language("en"):
        assert [str(refusal.text()), *map(str, events), str(checklist[0][1]), str(talk[0][1]), str(why),
                str(answer)] == english
