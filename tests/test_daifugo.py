"""Daifugo rules, one test or a few per rule and reason code (jdf from 000, yeeqia from 002)."""

from __future__ import annotations

import dataclasses

import pytest

from cardlab import daifugo
from cardlab.cards import StandIn, card, parse_cards
from cardlab.daifugo import JOKER, RULESETS, from_deal, new_game, readings
from cardlab.engine import Action, DealError, IllegalAction, IncompatibleRules, NotationError
from cardlab.registry import find_game

DAIFUGO = find_game("daifugo")

P = ("a", "b", "c", "d")
JDF = RULESETS["jdf"]
YEEQIA = RULESETS["yeeqia"]


def deal(rules="jdf", leader="a", previous_ranks=None, **hands):
    return from_deal(rules, P, hands={p: parse_cards(h) for p, h in hands.items()}, leader=leader,
                     previous_ranks=previous_ranks)


def code(state, text):
    refusal = state.check(state.parse_action(text))
    return refusal.code if refusal else None


def act(state, *texts):
    events = []
    for text in texts:
        events.extend(state.act(text))
    return events


def kinds(events):
    return [e.kind for e in events]


def top(state):
    return [str(c) for c in state.top.cards] if state.top else []


def reading(text, rules=JDF):
    plays, why = readings(parse_cards(text), rules)
    return plays, why


# --- combinations --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, size, rank", [
    ("S9", "group", 1, 9),
    ("S9 H9", "group", 2, 9),
    ("S9 H9 D9", "group", 3, 9),
    ("S9 H9 D9 C9", "group", 4, 9),
    ("S9 H9 D9 C9 BJ", "group", 5, 9),
    ("S9 BJ", "group", 2, 9),
    ("BJ", "group", 1, JOKER),
    ("BJ RJ", "group", 2, JOKER),
    ("H9 H10 HJ", "sequence", 3, 9),
    ("H9 BJ HJ", "sequence", 3, 9),
    ("SQ SK SA S2", "sequence", 4, 12),
])
def test_combinations(text, kind, size, rank):
    plays, _ = reading(text)
    assert [(p.kind, p.size, p.rank) for p in plays] == [(kind, size, rank)]


def test_a_joker_in_a_group_takes_its_rank_and_in_a_sequence_fills_the_gap():
    (pair,), _ = reading("S9 BJ")
    assert pair.cards == (card("S9"), StandIn(card("BJ"), None, 9))
    (run,), _ = reading("H9 BJ HJ")
    assert run.cards[1] == StandIn(card("BJ"), "H", 10)


def test_a_joker_at_either_end_gives_two_readings():
    plays, _ = reading("S5 S6 BJ")
    assert sorted(p.rank for p in plays) == [4, 5]


@pytest.mark.parametrize("text, words", [
    ("S5 H6 S7", "neither all of one rank (as in a group) nor all of one suit (as in a sequence)"),
    ("C9 D10 DJ", "nor all of one suit (as in a sequence)"),
    ("S5 H5 D5 C3 D3", "nor all of one suit"),
    ("S5 S6", "not all of one rank"),
    ("S5 S7 S8", "unbroken order"),
    ("SA S2 S3", "unbroken order"),
    ("BJ=9", "beside natural cards"),
    ("BJ=9 RJ=9", "beside natural cards"),
    ("S9 BJ=S9", "already in the play"),
    ("S5 BJ=H6 S7", "sequence's suit"),
])
def test_no_combination_says_why(text, words):
    plays, why = reading(text)
    assert plays == [] and words in why


@pytest.mark.parametrize("rules", [JDF, YEEQIA])
def test_a_mixed_suit_run_is_refused_for_its_suits_under_both_rule_sets(rules):
    plays, why = reading("C9 D10 DJ", rules)
    assert plays == [] and "not all of one rank" not in why
    assert "nor all of one suit (as in a sequence)" in why and "three or more cards of one suit in a row" in why


def test_a_two_may_top_a_jdf_sequence_but_never_a_yeeqia_one():
    assert reading("SK SA S2", JDF)[0]
    plays, why = reading("SK SA S2", YEEQIA)
    assert plays == [] and "a 2 never sits in a sequence under yeeqia" in why


# --- order and strength --------------------------------------------------------------------------

def test_normal_order_two_beats_ace_and_the_joker_beats_two():
    s = deal(a="SA S4", b="S2 S5", c="BJ S6", d="H3 S7")
    act(s, "a play SA", "b play S2", "c play BJ")
    assert top(s) == ["BJ"]


@pytest.mark.parametrize("follow", ["H9", "S8"])
def test_an_equal_or_lower_rank_never_beats_and_suits_never_rank(follow):
    s = deal(a="S9 S4", b="H9 S8 S5", c="C6", d="D6")
    act(s, "a play S9")
    assert code(s, f"b play {follow}") == "not_stronger"


def test_a_refusal_explains_the_order():
    s = deal(a="S9 S4", b="H9 S5", c="C6", d="D6")
    act(s, "a play S9")
    refusal = s.check(s.parse_action("b play H9"))
    assert "equal rank never beats" in refusal.explanation and "3 < 4" in refusal.explanation


def test_shape_must_match():
    s = deal(a="S9 H9 S4", b="SK HK DK CK SA", c="SJ SQ HQ", d="D6")
    act(s, "a play S9 H9")
    assert code(s, "b play SA") == "shape_mismatch"
    assert code(s, "b play SK HK DK CK") == "shape_mismatch"
    assert code(s, "b play SK HK") is None


def test_a_sequence_answers_only_a_sequence_of_the_same_length():
    s = deal(a="S4 S5 S6 D3", b="H7 H8 H9 H10", c="S9 C9 D9", d="D6")
    act(s, "a play S4 S5 S6")
    assert code(s, "b play H7 H8 H9 H10") == "shape_mismatch"
    assert code(s, "b play H7 H8 H9") is None


def test_sequences_compare_card_by_card():
    s = deal(a="S4 S5 S6 D3", b="H5 H6 H7 H3", c="C4 C5 C6", d="D10")
    act(s, "a play S4 S5 S6")
    assert code(s, "b play H5 H6 H7") is None
    assert code(s, "b play H3 H5 H6") == "invalid_combination"
    act(s, "b pass")
    assert code(s, "c play C4 C5 C6") == "not_stronger"


def test_the_above_option_wants_every_card_above_the_top():
    rules = dataclasses.replace(JDF, sequence_rule="above")
    s = deal(rules, a="S4 S5 S6 D3", b="H5 H6 H7 H8 H9", c="C7 C8 C9", d="D10")
    act(s, "a play S4 S5 S6")
    assert code(s, "b play H5 H6 H7") == "not_stronger"
    assert code(s, "b play H7 H8 H9") is None


def test_an_ambiguous_joker_must_be_named():
    s = deal(a="S5 S6 BJ D3", b="C4", c="C5", d="C6")
    refusal = s.check(s.parse_action("a play S5 S6 BJ"))
    assert refusal.code == "invalid_combination" and "BJ=S7" in refusal.explanation
    assert code(s, "a play S5 S6 BJ=S7") is None


def test_a_joker_left_unnamed_is_fine_when_only_one_reading_is_legal():
    s = deal(a="S4 S5 S6 D3", b="H5 H6 BJ H3", c="C4", d="C6")
    act(s, "a play S4 S5 S6", "b play H5 H6 BJ")
    assert top(s) == ["H5", "H6", "BJ=H7"]


# --- passing and the flow of the turn ------------------------------------------------------------

def test_passing_needs_a_play_to_beat():
    s = deal(a="S9", b="S4", c="C4", d="D4")
    assert code(s, "a pass") == "cannot_pass"


def test_a_pass_lasts_until_the_table_clears():
    s = deal(a="S9 S4", b="SQ SK", c="HK C3", d="CA D3")
    act(s, "a play S9", "b pass", "c play HK")
    assert code(s, "b play SK") == "passed"
    assert code(s, "b pass") == "passed"
    act(s, "d play CA", "a pass", "c pass")
    assert s.top is None and s.turn == "d" and not s.passed
    act(s, "d play D3")
    assert code(s, "a play S4") is None


def test_passed_comes_before_not_your_turn():
    s = deal(a="S9 S3", b="SQ SK", c="HK C3", d="CA D3")
    act(s, "a play S9", "b pass")
    assert s.turn == "c"
    assert code(s, "b play SQ") == "passed"
    assert code(s, "d play CA") == "not_your_turn"


def test_the_leader_after_a_player_goes_out_is_the_next_one_still_in():
    s = deal(a="S9", b="S4 S5", c="C4 C5", d="D4 D5")
    act(s, "a play S9")
    assert s.finished() == ["a"] and s.turn == "b" and top(s) == ["S9"]
    act(s, "b pass", "c pass", "d pass")
    assert s.top is None and s.turn == "b"
    assert code(s, "a pass") == "not_your_turn"


def test_not_in_hand():
    s = deal(a="S9 S3", b="S4", c="C4", d="D4")
    assert code(s, "a play H9") == "not_in_hand"
    assert code(s, "a play S9 S9") == "not_in_hand"


def test_a_refused_action_raises_and_changes_nothing():
    s = deal(a="S9 S3", b="S4", c="C4", d="D4")
    before = s.key()
    with pytest.raises(IllegalAction) as info:
        s.act("a play S9 S3")
    assert info.value.code == "invalid_combination" and s.key() == before


def test_game_over_refuses_everything():
    s = deal(a="S9", b="S4", c="C4", d="D4 D5")
    act(s, "a play S9", "b pass", "c pass", "d pass", "b play S4", "c pass", "d pass")
    act(s, "c play C4")
    assert s.is_over() and s.turn is None
    assert code(s, "d play D4") == "game_over" and s.legal_actions() == []


# --- revolution ----------------------------------------------------------------------------------

def test_four_of_a_kind_reverses_the_order_until_the_next_revolution():
    s = deal(a="S9 H9 D9 C9 S4", b="SJ HJ DJ CJ S5", c="S7 H7 D7 C7 S6", d="H3 D3 C8")
    events = act(s, "a play S9 H9 D9 C9")
    assert s.revolution and "revolution" in kinds(events)
    assert code(s, "b play SJ HJ DJ CJ") == "not_stronger"
    act(s, "b pass", "c play S7 H7 D7 C7")
    assert not s.revolution


def test_a_revolution_survives_a_clear_and_the_joker_stays_on_top():
    s = deal(a="S9 H9 D9 C9 SK", b="S3 S5", c="BJ C6", d="C4 D4")
    act(s, "a play S9 H9 D9 C9", "b pass", "c pass", "d pass")
    assert s.revolution and s.top is None and s.turn == "a"
    act(s, "a play SK", "b play S3")
    act(s, "c play BJ")
    assert top(s) == ["BJ"]
    assert s.revolution


def test_jokers_count_towards_a_revolution_but_sequences_never_start_one():
    s = deal(a="S9 H9 D9 BJ S4", b="S5 S6 S7 S8 D3", c="C6", d="D6")
    act(s, "a play S9 H9 D9 BJ")
    assert s.revolution
    s = deal(a="S4 S5 S6 S7 D3", b="C5", c="C6", d="D6")
    act(s, "a play S4 S5 S6 S7")
    assert not s.revolution


def test_a_group_of_five_is_answered_only_by_a_stronger_group_of_five():
    s = deal(a="S9 H9 D9 C9 BJ S4", b="SJ HJ DJ CJ RJ", c="S7 H7 D7 C7 D3", d="D6")
    act(s, "a play S9 H9 D9 C9 BJ")
    assert s.revolution
    assert code(s, "b play SJ HJ DJ CJ") == "shape_mismatch"
    assert code(s, "b play SJ HJ DJ CJ RJ") == "not_stronger"


def test_yeeqia_four_of_a_kind_answers_only_four_and_flips_each_time():
    s = deal("yeeqia", a="S5 H5 D5 C5 S6", b="SK HK DK CK S7", c="S4 H4 D4 C4 D10", d="DJ")
    act(s, "a play S6")
    assert code(s, "b play SK HK DK CK") == "shape_mismatch"
    act(s, "b pass", "c pass", "d pass", "a play S5 H5 D5 C5")
    assert s.revolution
    refusal = s.check(s.parse_action("b play S7"))
    assert refusal.code == "shape_mismatch" and "Four of a kind is beaten only" in refusal.explanation
    assert code(s, "b play SK HK DK CK") == "not_stronger"
    act(s, "b pass", "c play S4 H4 D4 C4")
    assert not s.revolution


def test_yeeqia_sequences_starting_lower_are_stronger_under_a_revolution():
    s = deal("yeeqia", a="S5 H5 D5 C5 H10 HJ HQ S4", b="DJ DQ DK C9 C10 CJ", c="D3", d="D4")
    act(s, "a play S5 H5 D5 C5", "b pass", "c pass", "d pass", "a play H10 HJ HQ")
    assert code(s, "b play DJ DQ DK") == "not_stronger"
    assert code(s, "b play C9 C10 CJ") is None


# --- 8-cut ---------------------------------------------------------------------------------------

def test_a_single_eight_cuts_and_its_player_leads_again():
    s = deal(a="S6 S4", b="D8 S5 H5", c="HQ", d="C4")
    events = act(s, "a play S6", "b play D8")
    assert "clear" in kinds(events) and s.top is None and s.turn == "b"
    assert s.pile == [card("S6"), card("D8")]


def test_a_group_of_eights_cuts_but_a_jdf_sequence_with_an_eight_does_not():
    s = deal(a="S8 H8 S4", b="C7 C8 C9 D3", c="D4", d="C4")
    act(s, "a play S8 H8")
    assert s.top is None and s.turn == "a"
    s = deal(a="C7 C8 C9 D3", b="D4", c="H4", d="S4")
    act(s, "a play C7 C8 C9")
    assert top(s) == ["C7", "C8", "C9"] and s.turn == "b"


def test_an_eight_must_still_be_a_legal_follow():
    s = deal(a="HQ S4", b="D8 C8 H8", c="SK", d="C4")
    act(s, "a play HQ")
    assert code(s, "b play D8") == "not_stronger"
    assert code(s, "b play C8 H8") == "shape_mismatch"


def test_yeeqia_any_play_holding_an_eight_cuts():
    s = deal("yeeqia", a="S4 S5 S6 D10", b="H7 H8 H9 CQ", c="C9", d="DJ")
    act(s, "a play S4 S5 S6", "b play H7 H8 H9")
    assert s.top is None and s.turn == "b"


def test_a_play_shared_by_rule_sets_cuts_by_each_ones_own_rule():
    # The positions' legal plays share their Play objects, and a play keeps what it does under each
    # rule set it is played under (Play.effects): the same sequence holding an 8 cuts under yeeqia and
    # under a variant of jdf made to cut so, never under jdf itself, whatever was played before.
    any_eight = dataclasses.replace(JDF, eight_cut="any")
    plays = []
    for rules, cuts in ((JDF, False), (YEEQIA, True), (any_eight, True), (JDF, False)):
        s = deal(rules, a="C7 C8 C9 D3", b="D4", c="H4", d="S4")
        action = next(a for a in s.legal_actions() if a.cards == tuple(parse_cards("C7 C8 C9")))
        plays.append(s.play_of(action))
        assert ("clear" in kinds(s.apply(action))) is cuts, rules
    assert all(play is plays[0] for play in plays)


def test_a_kept_sentence_of_a_play_reads_in_the_words_of_the_rule_set_it_is_played_under():
    # The sentences of a play and of its cut are made once and kept with the play, one for each
    # rule set's words: in Japanese yeeqia's single is 単騎, jdf's 1枚出し.
    for rules, single in ((YEEQIA, "単騎"), (JDF, "1枚出し"), (YEEQIA, "単騎"), (JDF, "1枚出し")):
        s = deal(rules, a="D8 S4 H4", b="S5", c="S7", d="S9")
        events = act(s, "a play D8", "a play S4")
        assert kinds(events) == ["play", "clear", "play"]
        assert all(f"の{single}" in e.text.text_in("ja") for e in events), rules.name


# --- forbidden finishes --------------------------------------------------------------------------

@pytest.mark.parametrize("last, foul", [
    ("S9 BJ", True),
    ("RJ", True),
    ("S2", True),
    ("S3", True),
    ("H3", False),
    ("S3 H3", False),
    ("S8", True),
    ("C7 C8 C9", False),
    ("SA", False),
])
def test_forbidden_last_plays_outside_a_revolution(last, foul):
    s = deal(a=last, b="D4 D5", c="D6 D7", d="D9 D10")
    act(s, f"a play {last}")
    assert s.finished() == ["a"]
    assert s.fouls == (["a"] if foul else [])


@pytest.mark.parametrize("last, foul", [
    ("S9 BJ", True),
    ("S2", False),
    ("S2 H2", False),
    ("H3", True),
    ("S8", True),
    ("C7 C8 C9", False),
])
def test_forbidden_last_plays_during_a_revolution(last, foul):
    s = deal(a=f"S5 H5 D5 C5 {last}", b="DK DQ", c="DJ C6", d="H9 CA")
    act(s, "a play S5 H5 D5 C5", "b pass", "c pass", "d pass")
    assert s.revolution
    act(s, f"a play {last}")
    assert s.fouls == (["a"] if foul else [])


def test_a_last_play_is_judged_by_the_order_before_it():
    s = deal(a="S3 H3 D3 C3", b="D4", c="D5", d="D6")
    act(s, "a play S3 H3 D3 C3")
    assert s.fouls == [] and s.revolution
    s = deal(a="S2 H2 D2 C2", b="D4", c="D5", d="D6")
    act(s, "a play S2 H2 D2 C2")
    assert s.fouls == ["a"] and s.revolution


def test_the_explanation_names_every_reason():
    s = deal(a="S2 BJ", b="D4", c="D5", d="D6")
    (event,) = [e for e in act(s, "a play S2 BJ") if e.kind == "foul"]
    assert "holds a joker" in event.text and "holds a 2" in event.text


def test_forbidden_finishers_are_placed_from_the_bottom():
    s = deal(a="BJ", b="S2", c="D5 D6", d="C5 C6")
    act(s, "a play BJ", "b pass", "c pass", "d pass", "b play S2")
    assert s.fouls == ["a", "b"]
    act(s, "c pass", "d pass", "c play D5", "d play C6", "c pass", "d play C5")
    assert s.is_over()
    assert s.result() == {"d": "daifugo", "c": "fugo", "b": "hinmin", "a": "daihinmin"}


def test_a_forbidden_cut_still_clears_and_the_next_player_still_in_leads():
    s = deal(a="S8", b="D4 D5", c="D6", d="C5")
    events = act(s, "a play S8")
    assert kinds(events) == ["play", "foul", "clear"]
    assert s.top is None and s.turn == "b"


def test_yeeqia_has_no_forbidden_finishes():
    s = deal("yeeqia", a="S2", b="D4 D5", c="D6", d="C5")
    act(s, "a play S2")
    assert s.finished() == ["a"] and s.fouls == []


# --- suit lock -----------------------------------------------------------------------------------

def test_two_plays_of_the_same_suit_lock_it_until_the_clear():
    s = deal(a="H5 D6", b="H7 SJ", c="S10 H9", d="C4 HQ")
    act(s, "a play H5")
    assert s.lock == frozenset()
    act(s, "b play H7")
    assert s.lock == {"H"}
    refusal = s.check(s.parse_action("c play S10"))
    assert refusal.code == "suit_lock" and "スート縛り" in refusal.explanation
    act(s, "c play H9", "d play HQ", "a pass", "b pass", "c pass")
    assert s.lock == frozenset() and s.turn == "d"


def test_pairs_lock_their_suit_set():
    s = deal(a="S5 H5 C3", b="S7 H7", c="S9 D9 S10 H10", d="C4")
    act(s, "a play S5 H5", "b play S7 H7")
    assert s.lock == {"S", "H"}
    assert code(s, "c play S9 D9") == "suit_lock"
    assert code(s, "c play S10 H10") is None


def test_a_joker_never_starts_a_lock_but_stands_in_under_one():
    s = deal(a="H5 C3", b="BJ S4", c="D4", d="D5")
    act(s, "a play H5", "b play BJ")
    assert s.lock == frozenset()
    s = deal(a="H5 C3", b="H7 S4", c="BJ D4", d="D5")
    act(s, "a play H5", "b play H7")
    assert code(s, "c play BJ") is None
    s = deal(a="S5 H5 C3", b="S7 H7", c="S9 BJ D4", d="D5")
    act(s, "a play S5 H5", "b play S7 H7")
    assert code(s, "c play S9 BJ") is None
    assert code(s, "c play S9 BJ=D9") == "suit_lock"


def test_a_stronger_card_of_another_suit_gets_suit_lock_before_not_stronger():
    s = deal(a="H9 C3", b="HJ S4", c="S5", d="D5")
    act(s, "a play H9", "b play HJ")
    assert code(s, "c play S5") == "suit_lock"


def test_yeeqia_has_no_suit_lock():
    s = deal("yeeqia", a="H5 C3", b="H7 S4", c="S10", d="D5")
    act(s, "a play H5", "b play H7")
    assert s.lock == frozenset() and code(s, "c play S10") is None


# --- spade-3 return ------------------------------------------------------------------------------

def test_the_spade_three_answers_the_lone_joker_and_clears():
    s = deal(a="BJ C4", b="S3 D4", c="D5", d="D6")
    act(s, "a play BJ")
    assert code(s, "b play D4") == "not_stronger"
    events = act(s, "b play S3")
    assert "clear" in kinds(events) and s.turn == "b" and s.top is None


def test_the_spade_three_return_ignores_a_lock_and_works_in_a_revolution():
    s = deal(a="H5 C4", b="H7 D7", c="BJ D4", d="S3 D5")
    act(s, "a play H5", "b play H7", "c play BJ")
    assert s.lock == {"H"} and code(s, "d play S3") is None
    s = deal(a="S9 H9 D9 C9 BJ C4", b="S3 D7", c="D4", d="D5")
    act(s, "a play S9 H9 D9 C9", "b pass", "c pass", "d pass", "a play BJ")
    assert s.revolution and code(s, "b play S3") is None


def test_the_spade_three_does_not_answer_a_joker_pair():
    s = deal(a="BJ RJ C4", b="S3 H3", c="D5", d="D6")
    act(s, "a play BJ RJ")
    assert code(s, "b play S3") == "shape_mismatch"
    assert code(s, "b play S3 H3") == "not_stronger"


def test_yeeqia_has_no_spade_three_return_nor_jokers():
    s = deal("yeeqia", a="S4", b="S3", c="D5", d="D6")
    with pytest.raises(NotationError):
        s.parse_action("a play BJ")


# --- the exchange --------------------------------------------------------------------------------

RANKS = {"a": "daifugo", "b": "fugo", "c": "hinmin", "d": "daihinmin"}


def exchange_deal(rules="jdf", ranks=RANKS, **hands):
    defaults = dict(a="S4 S5 S6 H7", b="D4 D9", c="HA C5 D6", d="RJ S2 SA C3")
    defaults.update(hands)
    return deal(rules, leader=None, previous_ranks=ranks, **defaults)


def test_the_game_opens_with_the_exchange_and_nobody_plays_before_it_ends():
    s = exchange_deal()
    assert s.exchanging and s.turn is None
    assert code(s, "d play C3") == "not_allowed"
    assert {a.player for a in s.legal_actions()} == set(P)


def test_the_lower_player_gives_the_strongest_cards():
    s = exchange_deal()
    refusal = s.check(s.parse_action("d give RJ SA"))
    assert refusal.code == "must_give_strongest" and "joker, 2, A, K" in refusal.explanation
    assert code(s, "d give RJ") == "wrong_count"
    assert code(s, "d give RJ S2 SA") == "wrong_count"
    assert code(s, "d give RJ S2") is None
    assert code(s, "c give C5") == "must_give_strongest"
    assert code(s, "c give HA") is None


def test_a_tied_rank_leaves_the_suit_to_the_giver():
    s = exchange_deal(d="S2 H2 D2 C3")
    gives = sorted(str(a) for a in s.legal_actions() if a.player == "d")
    assert gives == ["d give H2 D2", "d give S2 D2", "d give S2 H2"]


def test_gives_are_collected_and_change_hands_together():
    s = exchange_deal()
    act(s, "d give RJ S2", "c give HA", "b give D4")
    assert code(s, "d give RJ S2") == "not_your_turn"
    assert sorted(map(str, s.hands["d"])) == sorted(["RJ", "S2", "SA", "C3"])
    assert code(s, "a give S4 RJ") == "not_in_hand"
    events = act(s, "a give S4 S5")
    assert kinds(events).count("exchange") == 2
    assert set(s.hands["a"]) == set(parse_cards("S6 H7 RJ S2"))
    assert set(s.hands["d"]) == set(parse_cards("SA C3 S4 S5"))
    assert set(s.hands["b"]) == set(parse_cards("D9 HA"))
    assert set(s.hands["c"]) == set(parse_cards("C5 D6 D4"))
    assert not s.exchanging and s.turn == "d"
    assert code(s, "d give C3") == "not_allowed"


def test_the_first_game_of_a_set_has_no_exchange():
    s = deal(a="S4", b="S5", c="S6", d="S7")
    assert code(s, "a give S4") == "not_allowed"


def test_a_stand_in_is_never_given():
    s = exchange_deal()
    assert code(s, "d give RJ=5 S2") == "not_allowed"


def test_the_return_weakest_option():
    rules = dataclasses.replace(JDF, return_weakest=True)
    s = exchange_deal(rules)
    refusal = s.check(s.parse_action("a give S5 S6"))
    assert refusal.code == "must_give_weakest" and "weakest" in refusal.explanation
    assert code(s, "a give S4 S5") is None
    assert [str(a) for a in s.legal_actions() if a.player == "b"] == ["b give D4"]


def test_yeeqia_heimin_gives_fugo_the_strongest_card():
    ranks = {"a": "daifugo", "b": "fugo", "c": "heimin", "d": "daihinmin"}
    s = exchange_deal("yeeqia", ranks, d="S2 H2 CA D3", c="SA D10")
    assert code(s, "d give S2 CA") == "must_give_strongest"
    assert code(s, "c give D10") == "must_give_strongest"
    act(s, "d give S2 H2", "c give SA", "b give D4", "a give S4 S5")
    assert card("SA") in s.hands["b"] and s.turn == "d"


@pytest.mark.parametrize("rules, ranks, words", [
    ("yeeqia", RANKS, "each of daifugo, fugo, heimin, daihinmin"),
    ("jdf", {"a": "daifugo", "b": "fugo", "c": "hinmin"}, "every player"),
    ("jdf", {"a": "daifugo", "b": "daifugo", "c": "hinmin", "d": "daihinmin"}, "once"),
])
def test_previous_ranks_must_fit_the_rule_set(rules, ranks, words):
    with pytest.raises(DealError, match=words):
        exchange_deal(rules, ranks, d="S2 H2 SA C3")


def test_a_player_who_cannot_give_enough_makes_the_deal_impossible():
    with pytest.raises(DealError, match="must hand over 2"):
        exchange_deal(d="C3")


# --- miyako-ochi ---------------------------------------------------------------------------------

def miyako(**hands):
    s = exchange_deal(a="C4 D4 SK DK", b="H6 C7", c="D10 HJ", d="HA CA S5", **hands)
    act(s, "d give HA CA", "c give HJ", "b give H6", "a give C4 D4")
    return s


def test_the_previous_daifugo_falls_when_another_goes_out_clean_first():
    s = miyako()
    events = act(s, "d play S5", "a pass", "b play C7", "c play D10", "d pass", "b pass", "c play H6")
    assert "miyako_ochi" in kinds(events)
    assert s.demoted == "a" and s.finished() == ["c"] and len(s.hands["a"]) == 4
    assert code(s, "a pass") == "not_your_turn"
    act(s, "d pass", "b play HJ")
    assert s.result() == {"c": "daifugo", "b": "fugo", "d": "hinmin", "a": "daihinmin"}


def test_no_miyako_ochi_when_the_previous_daifugo_goes_out_first():
    s = exchange_deal(a="C4 D4 SK", b="H6 C7", c="D10 HJ", d="HA CA S5")
    act(s, "d give HA CA", "c give HJ", "b give H6", "a give C4 D4")
    act(s, "d play S5", "a play SK", "b pass", "c pass", "d pass", "a play HA CA")
    assert s.finished() == ["a"] and s.demoted is None


def test_a_forbidden_finish_does_not_bring_miyako_ochi_but_a_later_clean_one_does():
    s = exchange_deal(a="C4 D4 SK DK", b="H6 C7 S9", c="D10 BJ RJ", d="HA CA S5 C9")
    act(s, "d give HA CA", "c give RJ", "b give H6", "a give C4 D4")
    act(s, "d play S5", "a pass", "b play C7", "c play D10", "d pass", "b pass", "c play H6",
        "d pass", "a pass", "b pass", "c play BJ")
    assert s.fouls == ["c"] and s.demoted is None
    events = act(s, "d pass", "a pass", "b pass", "d play C9", "a pass", "b pass", "d play C4 D4")
    assert s.demoted == "a" and s.is_over()
    assert s.result() == {"d": "daifugo", "b": "fugo", "a": "hinmin", "c": "daihinmin"}
    # the explanation says the place the engine gives: above the forbidden finisher, not 大貧民
    (fall,) = [e.text for e in events if e.kind == "miyako_ochi"]
    assert fall.endswith("so a, the previous 大富豪, is out at once and ranks below every other player "
                         "except those who go out "
                         "by a forbidden finish: a is 貧民 (hinmin), above c, who went out by a forbidden finish.")
    assert "falls to 大貧民" not in fall


def test_the_miyako_ochi_explanation_says_a_later_forbidden_finish_would_rank_lower():
    s = miyako()
    events = act(s, "d play S5", "a pass", "b play C7", "c play D10", "d pass", "b pass", "c play H6")
    (fall,) = [e.text for e in events if e.kind == "miyako_ochi"]
    assert fall.endswith("a is 大貧民 (daihinmin) unless a player still in goes out by a forbidden "
                         "finish, who would then rank below a.")


def test_the_demoted_player_ranks_above_later_forbidden_finishers():
    s = exchange_deal(a="C4 D4 SK DK", b="H6 C7 S2", c="D10 HJ", d="HA CA S5 C9")
    act(s, "d give HA CA", "c give HJ", "b give H6", "a give C4 D4")
    act(s, "d play C9", "a pass", "b pass", "c play D10", "d pass", "c play H6")
    assert s.demoted == "a"
    act(s, "d pass", "b play HJ", "b play C7", "d pass", "b play S2")
    assert s.fouls == ["b"] and s.is_over()
    assert s.result() == {"c": "daifugo", "d": "fugo", "a": "hinmin", "b": "daihinmin"}


def test_yeeqia_has_no_miyako_ochi():
    ranks = {"a": "daifugo", "b": "fugo", "c": "heimin", "d": "daihinmin"}
    s = exchange_deal("yeeqia", ranks, a="C4 D4 SK DK", b="H6 C7", c="D10 HJ", d="HA CA S5")
    act(s, "d give HA CA", "c give HJ", "b give H6", "a give C4 D4")
    act(s, "d play S5", "a pass", "b play C7", "c play D10", "d pass", "b pass", "c play H6")
    assert s.finished() == ["c"] and s.demoted is None and "a" not in s.out


# --- points and places ---------------------------------------------------------------------------

def test_yeeqia_points():
    s = deal("yeeqia", a="SA", b="S2", c="S8 H8", d="S6 D7")
    act(s, "a play SA", "b play S2", "c pass", "d pass", "c play S8 H8")
    assert s.is_over()
    assert s.result() == {"a": "daifugo", "b": "fugo", "c": "heimin", "d": "daihinmin"}
    assert s.points() == {"a": 3, "b": 1, "c": -1, "d": -3}


def test_jdf_keeps_no_points():
    s = deal(a="SA", b="S4", c="S5", d="S6 S7")
    act(s, "a play SA", "b pass", "c pass", "d pass", "b play S4", "c play S5")
    assert s.is_over() and s.result()["d"] == "daihinmin" and s.points() == {}


# --- deals ---------------------------------------------------------------------------------------

def test_a_jdf_deal_sets_two_blind_cards_aside_and_deals_thirteen_each():
    s = new_game("jdf", P, seed=5)
    assert [len(s.hands[p]) for p in P] == [13] * 4
    assert len(s.blind) == 2 and not any(c.is_wild for c in s.blind)
    assert set(s.blind).isdisjoint(c for h in s.hands.values() for c in h)
    assert s.turn == "a" and not s.exchanging


def test_a_yeeqia_deal_has_no_jokers():
    s = new_game("yeeqia", P, seed=5)
    cards = [c for h in s.hands.values() for c in h]
    assert len(cards) == 52 and len(set(cards)) == 52 and s.blind == ()


def test_the_same_seed_deals_the_same_game():
    assert new_game("jdf", P, seed=9).key() == new_game("jdf", P, seed=9).key()
    assert new_game("jdf", P, seed=9).key() != new_game("jdf", P, seed=10).key()


def test_the_diamond_three_option():
    rules = dataclasses.replace(YEEQIA, first_leader="diamond_three")
    s = from_deal(rules, P, hands={"a": [card("S4")], "b": [card("S5")], "c": [card("D3")],
                                   "d": [card("S6")]})
    assert s.turn == "c"
    assert deal("yeeqia", leader=None, a="S4", b="S5", c="D3", d="S6").turn == "a"


@pytest.mark.parametrize("hands, words", [
    ({"a": "S4 S4", "b": "S5", "c": "S6", "d": "S7"}, "twice"),
    ({"a": "S4", "b": "S5", "c": "S6", "d": ""}, "holds no cards"),
    ({"a": "S4", "b": "S5", "c": "S6", "e": "S7"}, "not a player"),
])
def test_impossible_deals(hands, words):
    with pytest.raises(DealError, match=words):
        from_deal("jdf", P, hands={p: parse_cards(h) for p, h in hands.items()})


def test_a_joker_in_a_yeeqia_deal_is_impossible():
    with pytest.raises(DealError, match="not in this deck"):
        from_deal("yeeqia", P, hands={"a": [card("BJ")], "b": [card("S5")], "c": [card("S6")],
                                      "d": [card("S7")]})


@pytest.mark.parametrize("players", [("a", "b", "c"), ("a", "b", "c", "d", "e"), ("a", "a", "b", "c")])
def test_four_distinct_players(players):
    with pytest.raises(DealError):
        new_game("jdf", players)


def test_unknown_leader_and_rule_set():
    with pytest.raises(DealError, match="leader"):
        from_deal("jdf", P, hands={p: [card(c)] for p, c in zip(P, ["S4", "S5", "S6", "S7"])},
                  leader="z")
    with pytest.raises(DealError, match="no daifugo rule set"):
        new_game("tycoon", P)


@pytest.mark.parametrize("text", ["a play", "a play S1", "a fly S4", "z play S4", "a play W1"])
def test_bad_notation(text):
    s = deal(a="S4", b="S5", c="S6", d="S7")
    with pytest.raises(NotationError):
        s.parse_action(text)


def test_an_unknown_verb_is_not_allowed():
    s = deal(a="S4", b="S5", c="S6", d="S7")
    assert s.check(Action("a", "attack", (card("S4"),))).code == "not_allowed"


# --- legal actions and views ---------------------------------------------------------------------

def test_legal_actions_use_the_black_joker_first_and_name_every_stand_in():
    s = deal(a="S9 BJ RJ", b="S4", c="S5", d="S6")
    texts = {str(a) for a in s.legal_actions()}
    assert "a play S9 BJ=9" in texts and "a play S9 RJ=9" not in texts
    assert {"a play BJ", "a play BJ RJ", "a play S9 BJ=9 RJ=9"} <= texts
    assert all(s.is_legal(a) for a in s.legal_actions())


def test_a_follow_lists_only_plays_that_beat_the_top_and_a_pass():
    s = deal(a="S9 S4", b="S3 S5 SJ SQ HQ BJ", c="S6", d="S7")
    act(s, "a play S9")
    assert sorted(str(a) for a in s.legal_actions()) == sorted(
        ["b play SJ", "b play SQ", "b play HQ", "b play BJ", "b pass"])


def test_play_of_resolves_the_jokers():
    s = deal(a="S5 S7 BJ", b="S4", c="S6", d="C7")
    play = s.play_of(s.parse_action("a play S5 BJ S7"))
    assert play.kind == "sequence" and play.cards[1] == StandIn(card("BJ"), "S", 6)
    with pytest.raises(IllegalAction):
        s.play_of(s.parse_action("a play S5 S7"))


def test_describe_and_key():
    s = deal(a="S9 H9 D9 C9 S4", b="S5", c="S6", d="S7")
    act(s, "a play S9 H9 D9 C9")
    text = s.describe()
    assert "revolution in force" in text and "four 9s" in text and "turn: b" in text
    assert s.copy() == s and s.copy() is not s


def test_hands_may_be_written_as_text_and_a_bad_card_text_is_refused():
    s = from_deal("jdf", P, hands={"a": "S9 H9", "b": ["SJ"], "c": "D4", "d": "C5"})
    assert set(s.hands["a"]) == {card("S9"), card("H9")}
    with pytest.raises(ValueError, match="bad card"):
        from_deal("jdf", P, hands={"a": "S1", "b": "SJ", "c": "D4", "d": "C5"})


def test_only_a_joker_stands_in():
    s = deal(a="S9 H9", b="S4", c="S5", d="S6")
    action = Action("a", "play", (card("S9"), StandIn(card("H9"), None, 9)))
    assert s.check(action).code == "invalid_combination"


def test_eights_with_a_joker_cut_and_are_a_forbidden_finish():
    s = deal(a="S8 BJ", b="S4 S5", c="S6", d="S7")
    act(s, "a play S8 BJ")
    assert s.top is None and s.fouls == ["a"] and s.turn == "b"


def test_during_the_exchange_only_those_still_to_give_act():
    s = exchange_deal()
    act(s, "d give RJ S2")
    assert s.to_act() == ["a", "b", "c"]


# --- the same position under the other rule set ----------------------------------------------------

def test_with_rules_refuses_a_position_with_a_joker_under_yeeqia():
    with pytest.raises(IncompatibleRules, match=r"^yeeqia has no jokers: this position cannot be played under it\.$"):
        exchange_deal().with_rules(YEEQIA)


def test_with_rules_carries_the_previous_ranks_over_by_place():
    s = exchange_deal(d="S2 H2 SA C3").with_rules(YEEQIA)
    assert s.previous_ranks == {"a": "daifugo", "b": "fugo", "c": "heimin", "d": "daihinmin"}
    for text in ("d give S2 H2", "c give HA", "b give D4", "a give S4 S5"):
        act(s, text)
    assert not s.exchanging and s.turn == "d" and set(s.hands["c"]) == {card("C5"), card("D6"), card("D4")}
    assert s.with_rules(JDF).previous_ranks["c"] == "hinmin"


def test_with_rules_drops_a_suit_lock_under_rules_without_one():
    s = deal(a="H4 S9", b="H5 S10", c="S6 H6", d="H7")
    act(s, "a play H4", "b play H5")
    spade = s.parse_action("c play S6")
    assert code(s, "c play S6") == "suit_lock"
    assert s.with_rules(JDF).lock == {"H"} and s.with_rules(YEEQIA).lock == frozenset()
    assert s.with_rules(YEEQIA).is_legal(spade)


@pytest.mark.parametrize("rules,words", [("jdf", "reverse the order of the ordinary cards"),
                                         ("yeeqia", "reverse the order of the cards")])
def test_a_revolution_speaks_of_ordinary_cards_only_where_there_are_jokers(rules, words):
    state = daifugo.from_deal(rules, ["甲", "乙", "丙", "丁"], hands={
        "甲": ["S7", "H7", "D7", "C7", "S3"], "乙": ["S4"], "丙": ["S5"], "丁": ["S6"]})
    text = " ".join(str(e.text) for e in state.act("甲 play S7 H7 D7 C7"))
    assert words in text
    answer = dict(DAIFUGO.table_talk(state))
    assert ("ordinary" in " ".join(map(str, answer.values()))) == (rules == "jdf")
