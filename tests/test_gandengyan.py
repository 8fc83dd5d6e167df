"""Gan Deng Yan rules, one test or a few per rule and reason code (001: yiqi, yiqi-single-draw, jj)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardlab.cards import StandIn, card, parse_cards
from cardlab.engine import REASON_CODES, Action, DealError, IllegalAction, NotationError
from cardlab.gandengyan import RULESETS, from_deal, legal_plays, new_game, new_match, readings, ruling
from cardlab.gandengyan.combos import JOKERS, PAIR, PAIRS, RUN, SINGLE, THREE, FOUR, answers_text
from cardlab.gandengyan.rules import PLACE
from cardlab.registry import find_game

GDY = find_game("gandengyan")

YIQI, SINGLE_DRAW, JJ = RULESETS["yiqi"], RULESETS["yiqi-single-draw"], RULESETS["jj"]
P3 = ("甲", "乙", "丙")


def deal(rules="yiqi", players=P3, stock=(), leader=None, **hands):
    return from_deal(rules, players, hands={p: parse_cards(h) for p, h in hands.items()},
                     stock=parse_cards(" ".join(stock)) if not isinstance(stock, str) else parse_cards(stock),
                     leader=leader)


def code(state, text):
    refusal = state.check(state.parse_action(text))
    return refusal.code if refusal else None


def why(state, text):
    return state.check(state.parse_action(text)).explanation


def act(state, *texts):
    events = []
    for text in texts:
        events.extend(state.act(text))
    return events


def play(text, rules=YIQI):
    plays, refusal = readings(parse_cards(text), rules)
    assert refusal is None, refusal
    (only,) = plays
    return only


# --- combinations --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, low", [
    ("S8", SINGLE, 8),
    ("S8 H8", PAIR, 8),
    ("S6 H7 D8", RUN, 6),
    ("SQ SK SA", RUN, 12),
    ("S6 H6 S7 H7", PAIRS, 6),
    ("SK HK SA HA", PAIRS, 13),
    ("S5 H5 D5", THREE, 5),
    ("S3 H3 D3 C3", FOUR, 3),
    ("S2 H2 D2", THREE, 2),
    ("S4 H4 BJ=4", THREE, 4),
    ("S8 BJ", PAIR, 8),
    ("S2 RJ", PAIR, 2),
    ("S9 BJ RJ=9", THREE, 9),
])
def test_combinations(text, kind, low):
    p = play(text)
    assert (p.kind, p.place) == (kind, PLACE[low])


def test_the_two_jokers_alone_are_the_joker_bomb():
    (bomb,), refusal = readings(parse_cards("RJ BJ"), YIQI)
    assert refusal is None and bomb.kind == JOKERS and bomb.is_bomb and bomb.cards == tuple(parse_cards("BJ RJ"))


def test_a_joker_in_a_run_may_stand_at_either_end_and_must_then_be_named():
    plays, _ = readings(parse_cards("S8 H9 BJ"), YIQI)
    assert sorted(p.place for p in plays) == [PLACE[7], PLACE[8]]
    assert play("S8 H9 BJ=10").cards[2] == StandIn(card("BJ"), None, 10)


def test_two_jokers_beside_a_card_read_as_three_of_a_kind_or_a_run():
    plays, _ = readings(parse_cards("S9 BJ RJ"), YIQI)
    assert {(p.kind, p.place) for p in plays} == {(THREE, PLACE[9]), (RUN, PLACE[7]), (RUN, PLACE[8]),
                                                  (RUN, PLACE[9])}


@pytest.mark.parametrize("text, words", [
    ("S8 H9", "a pair is two cards of one rank"),
    ("SK SA S2", "a 2 is never part of a run"),
    ("SA HA S2 H2", "a 2 is never part of a run"),
    ("SA S2 S3", "a 2 is never part of a run"),
    ("S6 H7 D9", "three ranks in a row"),
    ("S6 H6 S8 H8", "two ranks in a row"),
    ("S6 H6 D6 S7", "two ranks in a row"),
    ("S5 H5 D5 C5 BJ", "no type has 5 cards"),
    ("S6 H7 D8 C9", "two ranks in a row"),
    ("S4 BJ=S4", "already in the play"),
    ("S4 BJ=5", "a pair is two cards of one rank"),
    ("S7 S8 BJ=2", "a 2 is never part of a run"),
])
def test_no_combination_says_why(text, words):
    plays, refusal = readings(parse_cards(text), YIQI)
    assert plays == [] and refusal.code == "invalid_combination" and words in refusal.explanation
    assert "The types are" in refusal.explanation or "already" in words


def test_the_refusals_call_each_type_by_one_name_as_the_lessons_do():
    """The lessons call 6-7-8 a run and 6-6-7-7 a pair run, and 接牌 following; the engine's words
    that the lessons print say the same (issue 21: one English name per thing)."""
    texts = [ruling(play("S2 H2"), play("S6 H6 S7 H7"))[1], ruling(play("S6 H6 S7 H7"), play("S6 H7 D8"))[1],
             readings(parse_cards("S3 H3 S4 H4 S5 H5"), YIQI)[1].explanation,
             readings(parse_cards("S3 S4 S5 H3"), YIQI)[1].explanation]
    state = deal("jj", 甲="S5 DK", 乙="H6 C9", 丙="D3", leader="甲")
    texts.append(why(state, "甲 pass"))
    act(state, "甲 play S5")
    texts.append(why(state, "乙 pass"))
    words = " ".join(map(str, texts))
    assert "The table shows a pair run (6♠ 6♥ 7♠ 7♥)" in words and "The table shows a run (6♠ 7♥ 8♦)" in words
    assert "a run (three ranks in a row, 3-4-5 up to Q-K-A), a pair run (two pairs of adjacent ranks" in words
    assert "a pair run is two cards of each of two ranks in a row" in words
    assert "乙 could follow 5♠ with" in words and "a pass lets a play on the table go by" in words
    for other in ("run of three", "adjacent pairs,", "two adjacent pairs", "joker bomb", "sequence", "answer"):
        assert other not in words
    from cardlab.gandengyan.checklist import table_talk

    talk = dict(table_talk(new_game("jj", P3, seed=1, dealer="甲")))
    assert talk["What may a wild card do?"].endswith("There is no two-joker bomb.")


@pytest.mark.parametrize("text, rules", [("BJ", YIQI), ("BJ=9", YIQI), ("BJ=9 RJ=9", YIQI), ("W1", JJ),
                                         ("W1 W2", JJ), ("W1 W2 W3", JJ)])
def test_jokers_and_wild_cards_without_a_natural_card_are_refused(text, rules):
    plays, refusal = readings(parse_cards(text), rules)
    assert plays == [] and refusal.code == "joker_alone"
    assert "never be played alone, not even as the last card" in refusal.explanation


# --- what may follow what ------------------------------------------------------------------------

@pytest.mark.parametrize("top, follow", [
    ("S8", "H9"), ("SK", "HA"), ("SA", "H2"), ("S8 H8", "S9 H9"), ("S6 H7 D8", "C7 D8 H9"),
    ("SJ HQ DK", "CQ DK HA"), ("S6 H6 S7 H7", "D7 C7 D8 C8"),
])
def test_an_ordinary_follow_is_the_same_type_one_rank_higher(top, follow):
    assert ruling(play(follow), play(top))[0] is None


@pytest.mark.parametrize("top, follow", [
    ("S8", "H10"), ("S8", "HA"), ("S8", "H7"), ("S8", "H8"), ("S8 H8", "S10 H10"), ("S6 H7 D8", "C8 D9 H10"),
    ("S6 H6 S7 H7", "D8 C8 D9 C9"), ("S2", "HA"), ("S2", "H2"), ("S2 H2", "SA HA"), ("SQ HK DA", "CJ DQ HK"),
])
def test_anything_else_of_the_same_type_is_not_one_higher(top, follow):
    assert ruling(play(follow), play(top))[0] == "not_one_higher"


@pytest.mark.parametrize("top, follow, reason", [
    ("S8", "H2", "a single 2 beats any other single"),
    ("S3", "H2", "a single 2 beats any other single"),
    ("S8 H8", "S2 H2", "a pair of 2s beats any other pair"),
    ("S8 H8", "S2 BJ", "a pair of 2s beats any other pair"),
])
def test_the_2_exception(top, follow, reason):
    assert ruling(play(follow), play(top)) == (None, reason)


@pytest.mark.parametrize("top, follow, extra", [
    ("S8 H8", "S2", ""), ("S8", "S9 H9", ""), ("S6 H7 D8", "S9 H9 S10 H10", ""),
    ("S6 H7 D8", "S2 H2", "A pair of 2s beats only a pair, never a run or a pair run."),
    ("S6 H6 S7 H7", "S2 H2", "A pair of 2s beats only a pair, never a run or a pair run."),
])
def test_a_different_type_is_a_shape_mismatch(top, follow, extra):
    code_, text = ruling(play(follow), play(top))
    assert code_ == "shape_mismatch" and "A follow is the same type exactly one rank higher, or a bomb." in text
    assert extra in text


@pytest.mark.parametrize("smaller, bigger", [
    ("S5 H5 D5", "SK HK DK"),          # same size: by rank, no one-higher limit
    ("SA HA DA", "S3 H3 D3 C3"),       # four beat three, whatever the ranks
    ("S2 H2 D2 C2", "BJ RJ"),          # the two jokers beat everything
    ("S4 H4 BJ=4", "S5 H5 D5"),
    ("S2 H2 D2", "S3 H3 D3 C3"),
])
def test_bomb_order(smaller, bigger):
    assert ruling(play(bigger), play(smaller))[0] is None
    assert ruling(play(smaller), play(bigger))[0] == "not_stronger"


@pytest.mark.parametrize("top", ["S8", "S2", "S2 H2", "S8 H8", "S6 H7 D8", "SQ SK SA", "S6 H6 S7 H7"])
def test_a_bomb_beats_every_ordinary_play_and_nothing_ordinary_beats_a_bomb(top):
    assert ruling(play("S5 H5 D5"), play(top)) == (None, "a bomb beats any ordinary play")
    assert ruling(play(top), play("S5 H5 D5"))[0] == "shape_mismatch"


def test_nothing_beats_the_two_jokers():
    assert ruling(play("S3 H3 D3 C3"), play("BJ RJ"))[0] == "not_stronger"
    assert answers_text(play("BJ RJ")).startswith("nothing")


def test_what_may_follow_in_words():
    assert answers_text(play("S8")) == "a single 9, a single 2 or a bomb"
    assert answers_text(play("SA")) == "a single 2 or a bomb"
    assert answers_text(play("S2")) == "only a bomb"
    assert answers_text(play("S6 H7 D8")) == "the run 7-8-9 or a bomb"
    assert answers_text(play("SQ SK SA")) == "only a bomb"
    assert answers_text(play("S5 H5 D5")) == "a bigger bomb"


# --- legal plays ---------------------------------------------------------------------------------

def test_legal_leads_cover_every_type():
    hand = parse_cards("S6 H6 S7 H7 D8 C5 C9 BJ RJ")
    kinds = {p.kind for p in legal_plays(hand, YIQI, None)}
    assert kinds == {SINGLE, PAIR, RUN, PAIRS, THREE, FOUR, JOKERS}


def test_legal_follows_are_one_higher_the_2_exception_and_bombs():
    hand = parse_cards("H9 H10 S2 D5 H5 C5 BJ")
    plays = legal_plays(hand, YIQI, play("S8"))
    assert {p.shown for p in plays if not p.is_bomb} == {"9♥", "2♠"}
    assert all(p.is_bomb for p in plays if p.kind != SINGLE)
    assert not any(p.kind == SINGLE and p.physical == (card("BJ"),) for p in plays)


def test_legal_follows_to_an_ace_list_the_2_once():
    plays = legal_plays(parse_cards("S2 H2"), YIQI, play("SA"))
    assert [p.shown for p in plays] == ["2♠", "2♥"]


def test_no_legal_play_on_two_jokers():
    assert legal_plays(parse_cards("S3 H3 D3 C3 S2 H2 D2 C2"), YIQI, play("BJ RJ")) == []


def test_the_wild_cards_of_jj_make_no_joker_bomb_but_stand_in():
    plays = legal_plays(parse_cards("W1 W2 S7"), JJ, None)
    assert all(p.naturals for p in plays)
    assert "7♠ W1=7 W2=7" in {p.shown for p in plays}


# --- the deal ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, n", [("yiqi", 2), ("yiqi", 5), ("yiqi-single-draw", 3), ("jj", 3)])
def test_the_dealer_gets_six_the_others_five_and_leads(rules, n):
    players = [f"p{i}" for i in range(n)]
    game = new_game(rules, players, seed=4)
    assert len(game.hands[game.dealer]) == 6 and game.turn == game.lead == game.dealer
    assert sorted(len(game.hands[p]) for p in players if p != game.dealer) == [5] * (n - 1)
    size = 58 if rules == "jj" else 54
    assert len(game.stock) == size - 6 - 5 * (n - 1)
    assert set(c for h in game.hands.values() for c in h) | set(game.stock) == set(RULESETS[rules].deck)


def test_the_first_dealer_comes_from_the_seed_or_is_named():
    dealers = {new_game("yiqi", P3, seed=s).dealer for s in range(20)}
    assert dealers == set(P3)
    assert new_game("yiqi", P3, seed=3, dealer="乙").dealer == "乙"
    assert from_deal("yiqi", P3, seed=3).dealer == "甲"  # the scenario contract: the first player
    assert from_deal("yiqi", P3, seed=3, leader="丙").turn == "丙"


def test_jj_has_the_58_card_deck_and_three_players():
    game = new_game("jj", P3, seed=1)
    cards = {c for h in game.hands.values() for c in h} | set(game.stock)
    assert len(cards) == 58 and {c.code for c in cards if c.is_wild} == {f"W{i}" for i in range(1, 7)}
    with pytest.raises(DealError, match="jj is for 3 players, not 4"):
        new_game("jj", ["a", "b", "c", "d"])


@pytest.mark.parametrize("kwargs, words", [
    (dict(players=("甲",)), "yiqi is for 2 to 5 players, not 1"),
    (dict(players=("a", "b", "c", "d", "e", "f")), "not 6"),
    (dict(players=("甲", "甲")), "unique"),
    (dict(hands={"甲": ["S3", "S3"], "乙": ["S4"]}), "appears twice"),
    (dict(hands={"甲": ["S3"], "乙": []}), "乙 holds no cards"),
    (dict(hands={"甲": ["S3"], "丁": ["S4"]}), "who is not a player"),
    (dict(hands={"甲": ["S3"], "乙": ["S4"]}, stock=["S3"]), "appears twice"),
    (dict(stock=["S3"]), "a stock needs the hands"),
    (dict(leader="丁"), "not a player"),
    (dict(rules="jj", players=P3, hands={"甲": ["BJ"], "乙": ["S4"], "丙": ["S5"]}), "not in this deck"),
    (dict(rules="poker"), "no gandengyan rule set"),
])
def test_impossible_deals(kwargs, words):
    args = dict(rules="yiqi", players=("甲", "乙"))
    args.update(kwargs)
    with pytest.raises(DealError, match=words):
        from_deal(args.pop("rules"), args.pop("players"), **args)


def test_a_stock_left_out_is_every_other_card_shuffled_by_the_seed():
    a = from_deal("yiqi", P3, hands={"甲": ["S3"], "乙": ["S4"], "丙": ["S5"]}, seed=2)
    b = from_deal("yiqi", P3, hands={"甲": ["S3"], "乙": ["S4"], "丙": ["S5"]}, seed=2)
    assert len(a.stock) == 51 and a.stock == b.stock


# --- reason codes, in the contract's order of precedence ------------------------------------------

def test_the_reason_codes_are_the_contract_s():
    game = deal(甲="S8 S3 BJ", 乙="H9 S5 H5 D5", 丙="RJ D4")
    texts = {"not_your_turn": "乙 play H9", "not_in_hand": "甲 play H9", "cannot_pass": "甲 pass",
             "joker_alone": "甲 play BJ", "invalid_combination": "甲 play S8 S3"}
    for expected, text in texts.items():
        assert expected in REASON_CODES
        refusal = game.check(game.parse_action(text))
        assert refusal.code == expected, (text, refusal)


def test_not_allowed_for_a_foreign_verb():
    game = deal(甲="S8", 乙="H9", 丙="C4")
    refusal = game.check(Action("甲", "attack", (card("S8"),)))
    assert refusal.code == "not_allowed" and "play a combination" in refusal.explanation
    # a verb of the scenario contract that Gan Deng Yan lacks parses and is refused (SCENARIOS.md)
    assert game.check(game.parse_action("甲 give S8")).code == "not_allowed"
    with pytest.raises(NotationError, match="no verb 'jump'"):
        game.parse_action("甲 jump S8")


def test_not_your_turn_comes_before_not_in_hand_and_names_whose_turn():
    game = deal(甲="S8", 乙="H9", 丙="C4")
    assert code(game, "乙 play S8") == "not_your_turn"
    assert "It is 甲's turn" in why(game, "乙 play S8")


def test_not_in_hand_names_the_card_and_comes_before_joker_alone():
    game = deal(甲="S8 S3", 乙="H9", 丙="C4")
    assert code(game, "甲 play BJ") == "not_in_hand" and "甲 does not hold BJ" in why(game, "甲 play BJ")
    assert "does not hold 9♥" in why(game, "甲 play H9")
    named_twice = game.check(Action("甲", "play", (card("S8"), card("S8"))))
    assert named_twice.code == "not_in_hand" and "named twice" in named_twice.explanation


def test_joker_alone_comes_before_any_comparison_even_as_the_last_card():
    game = deal(甲="S4 S9", 乙="BJ", 丙="C6", leader="甲")
    act(game, "甲 play S4")
    assert code(game, "乙 play BJ") == "joker_alone"
    assert code(game, "乙 play BJ=5") == "joker_alone"


def test_cannot_pass_on_ones_own_lead():
    game = deal(甲="S8", 乙="H9", 丙="C4")
    assert code(game, "甲 pass") == "cannot_pass"
    assert "The table is empty, so 甲 leads and must play" in why(game, "甲 pass")


def test_shape_mismatch_not_stronger_and_not_one_higher_name_the_cards():
    game = deal(甲="S8 H8 S5 H5 D5", 乙="S2 H10 H9 D9 S3 H3 D3", 丙="C4 DK HK SK")
    act(game, "甲 play S8 H8")
    assert code(game, "乙 play S2") == "shape_mismatch"
    assert "8♠ 8♥" in why(game, "乙 play S2") and "2♠" in why(game, "乙 play S2")
    act(game, "乙 play H9 D9", "丙 play DK HK SK")
    assert code(game, "甲 play S5 H5 D5") == "not_stronger"
    assert "5♠ 5♥ 5♦" in why(game, "甲 play S5 H5 D5") and "by rank" in why(game, "甲 play S5 H5 D5")
    big = deal(甲="S8 S3", 乙="H10 HQ HA", 丙="C4")
    act(big, "甲 play S8")
    assert code(big, "乙 play H10") == "not_one_higher"
    assert why(big, "乙 play H10") == ("8♠ is on the table: an ordinary follow is the same type exactly one rank "
                                       "higher, so only a single 9, a single 2 or a bomb may follow; 10♥ is "
                                       "bigger, but not exactly one rank higher.")


def test_must_play_under_jj_lists_what_could_follow():
    game = deal("jj", 甲="S5 SQ", 乙="H6 S2 D9 H9 C9", 丙="D3 HK")
    act(game, "甲 play S5")
    assert code(game, "乙 pass") == "must_play"
    assert "有出必出" in why(game, "乙 pass") and "single 6 (6♥)" in why(game, "乙 pass")
    assert Action("乙", "pass", ()) not in game.legal_actions()
    act(game, "乙 play H6")
    assert code(game, "丙 pass") is None


def test_cannot_pass_comes_before_must_play():
    game = deal("jj", 甲="S5", 乙="H6", 丙="D3")
    assert code(game, "甲 pass") == "cannot_pass"


def test_yiqi_lets_a_player_pass_when_able():
    game = deal(甲="S5 SQ", 乙="H6 S2", 丙="D3 HK")
    act(game, "甲 play S5")
    assert code(game, "乙 pass") is None and Action("乙", "pass", ()) in game.legal_actions()


def test_game_over_comes_first():
    game = deal(甲="S8", 乙="H9 H3", 丙="C4 C5")
    act(game, "甲 play S8")
    assert game.is_over() and game.winner == "甲"
    assert code(game, "乙 play H9") == "game_over" and code(game, "甲 pass") == "game_over"
    assert "甲 emptied their hand and won at once" in why(game, "乙 pass")
    assert game.legal_actions() == []


def test_an_illegal_action_raises_and_changes_nothing():
    game = deal(甲="S8 S3", 乙="H10 H9", 丙="C4")
    act(game, "甲 play S8")
    before = game.key()
    with pytest.raises(IllegalAction) as info:
        game.act("乙 play H10")
    assert info.value.code == "not_one_higher" and game.key() == before


# --- jokers written with or without their stand-in ------------------------------------------------

def test_an_unnamed_joker_is_accepted_when_only_one_reading_is_legal():
    game = deal(甲="S9 H9 S3", 乙="S4 H4 BJ C6", 丙="C5")
    act(game, "甲 play S9 H9")
    events = game.act("乙 play S4 H4 BJ")
    assert game.top.cards == (card("S4"), card("H4"), StandIn(card("BJ"), None, 4))
    assert "three 4s (4♠ 4♥ BJ=4): a bomb beats any ordinary play" in events[0].text


def test_play_of_resolves_the_jokers_of_a_legal_play():
    game = deal(甲="S8 H9 BJ", 乙="C4", 丙="C5")
    assert game.play_of(game.parse_action("甲 play S8 BJ")).cards == (card("S8"), StandIn(card("BJ"), None, 8))
    with pytest.raises(IllegalAction):
        game.play_of(game.parse_action("甲 play S8 H9"))
    with pytest.raises(ValueError, match="not a play"):
        game.play_of(game.parse_action("甲 pass"))


def test_an_ambiguous_joker_must_be_named():
    game = deal(甲="S8 H9 BJ", 乙="C4", 丙="C5")
    refusal = game.check(game.parse_action("甲 play S8 H9 BJ"))
    assert refusal.code == "invalid_combination"
    assert "S8 H9 BJ=7 or S8 H9 BJ=10" in refusal.explanation
    assert code(game, "甲 play S8 H9 BJ=10") is None and code(game, "甲 play S8 H9 BJ=S7") is None


def test_of_several_refused_readings_the_code_listed_first_in_the_contract_is_given():
    game = deal(甲="S5 H6 D7 S3", 乙="S8 H9 BJ", 丙="C5")
    act(game, "甲 play S5 H6 D7")
    assert code(game, "乙 play S8 H9 BJ") == "not_one_higher"  # 7-8-9 and 8-9-10: both one too many
    bombed = deal(甲="S3 H3 D3 C3 S4", 乙="S9 BJ RJ", 丙="C5")
    act(bombed, "甲 play S3 H3 D3 C3")
    # three 9s would be not_stronger, a run 7-8-9 to 9-10-J shape_mismatch: the latter is listed first
    assert code(bombed, "乙 play S9 BJ RJ") == "shape_mismatch"
    assert code(bombed, "乙 play S9 BJ=9 RJ=9") == "not_stronger"


# --- the round: passes, the end of a round, the draw -------------------------------------------------

def test_a_pass_neither_ends_the_round_nor_draws_and_the_passer_may_play_again():
    game = deal(甲="S3 S5 S9", 乙="H4 H6", 丙="C4 C7", stock="DJ DQ DK")
    events = act(game, "甲 play S3", "乙 pass")
    assert "A pass neither ends the round nor draws a card" in events[-1].text
    assert game.turn == "丙" and game.top is not None and len(game.stock) == 3
    act(game, "丙 play C4", "甲 play S5")
    assert code(game, "乙 play H6") is None


def test_the_round_ends_when_every_other_player_has_passed_the_last_play():
    game = deal(甲="S3 S9", 乙="H4 H9", 丙="C10 C7", stock="DJ DQ DK")
    events = act(game, "甲 play S3", "乙 play H4", "丙 pass", "甲 pass")
    kinds = [e.kind for e in events[-6:]]
    assert kinds == ["pass", "clear", "draw", "draw", "draw", "lead"]
    assert events[-5].text == "Everyone else has passed 乙's single 4 (4♥): the round is over and the table is cleared."
    assert events[-4].text == "乙 draws J♦ first and holds 2 cards."
    assert events[-1].text == "乙 played last, so 乙 leads the next round with any type."
    assert game.turn == "乙" and game.top is None and sorted(game.pile) == sorted(parse_cards("S3 H4"))
    assert [game.hands[p][-1] for p in ("乙", "丙", "甲")] == parse_cards("DJ DQ DK")


def test_who_draws_first_is_a_rule_set_option():
    left = dataclasses.replace(YIQI, first_drawer="left")
    game = from_deal(left, P3, hands={"甲": parse_cards("S3 S9"), "乙": parse_cards("H4 H9"),
                                      "丙": parse_cards("C10 C7")}, stock=parse_cards("DJ"))
    act(game, "甲 play S3", "乙 play H4", "丙 pass", "甲 pass")
    assert card("DJ") in game.hands["丙"]
    assert game.draw_order("乙") == ["丙", "甲", "乙"]


def test_single_draw_only_the_new_leader_draws():
    game = deal("yiqi-single-draw", 甲="S3 S9", 乙="H4 H9", 丙="C10 C7", stock="DJ DQ DK")
    events = act(game, "甲 play S3", "乙 play H4", "丙 pass", "甲 pass")
    assert [e.kind for e in events].count("draw") == 1
    assert "乙 takes the lead and is the only one to draw: 乙 draws J♦" in events[-2].text
    assert [len(game.hands[p]) for p in P3] == [1, 2, 2] and len(game.stock) == 2


def test_draws_stop_when_the_stock_runs_out():
    game = deal(甲="S3 S9", 乙="H4 H9", 丙="C10 C7", stock="DJ")
    events = act(game, "甲 play S3", "乙 play H4", "丙 pass", "甲 pass")
    assert "The stock is now empty." in events[-3].text
    assert events[-2].text == "The stock is empty: 丙 and 甲 draw nothing."
    act(game, "乙 play H9", "丙 pass", "甲 pass")
    assert game.turn == "乙" and [len(game.hands[p]) for p in P3] == [1, 1, 2]


def test_the_first_empty_hand_wins_at_once_and_nobody_draws():
    game = deal(甲="S9 HJ", 乙="S10 C5", 丙="SJ D6", stock="C2 D2 H2")
    events = act(game, "甲 play S9", "乙 play S10", "丙 pass", "甲 play HJ")
    assert game.over and game.winner == "甲" and game.finished() == ["甲"] and game.turn is None
    assert len(game.stock) == 3
    assert events[-1].kind == "win" and "Left over: 乙 5♣ (1 card); 丙 6♦ J♠ (2 cards)." in events[-1].text
    assert game.result() == {"winner": "甲", "leftovers": {"甲": [], "乙": parse_cards("C5"),
                                                             "丙": parse_cards("D6 SJ")}}


def test_a_lone_joker_passes_the_lead_and_the_round_can_end_without_a_play():
    game = deal(players=("甲", "乙"), 甲="BJ", 乙="RJ", stock="S5 H7")
    assert game.legal_actions() == [Action("甲", "pass", ())]
    events = act(game, "甲 pass")
    assert "甲 has nothing that may lead and passes the lead" in events[0].text and game.turn == "乙"
    events = act(game, "乙 pass")
    assert [e.kind for e in events] == ["pass", "clear", "draw", "draw", "lead"]
    assert events[-1].text == "甲 keeps the lead and leads the next round with any type."
    assert game.hands == {"甲": parse_cards("BJ S5"), "乙": parse_cards("RJ H7")}
    assert code(game, "甲 play S5 BJ") is None


def test_a_game_is_blocked_when_nobody_can_ever_play():
    game = deal(players=("甲", "乙"), 甲="BJ", 乙="RJ", stock="")
    events = act(game, "甲 pass", "乙 pass")
    assert events[-1].kind == "blocked" and game.over and game.winner is None and game.finished() == []
    assert code(game, "甲 pass") == "game_over" and "nobody could play any more" in why(game, "甲 pass")
    assert game.result()["winner"] is None


def test_the_winner_deals_the_next_game():
    game = deal(甲="S9 S4", 乙="S10 C5", 丙="SJ D6")
    with pytest.raises(ValueError, match="not over"):
        GDY.next_game(game)
    act(game, "甲 play S9", "乙 play S10", "丙 play SJ", "甲 pass", "乙 pass", "丙 play D6")
    assert game.winner == "丙"
    following = GDY.next_game(game, seed=9)
    assert following.dealer == following.turn == "丙" and len(following.hands["丙"]) == 6


# --- views ---------------------------------------------------------------------------------------

def test_describe_shows_hands_in_rank_order_the_table_and_the_turn():
    game = deal(甲="S2 S3 BJ SA", 乙="H4 H8", 丙="C4", stock="DK")
    act(game, "甲 play S3")
    text = game.describe()
    assert text.splitlines()[0] == "gandengyan (yiqi); stock 1, cleared 0"
    assert "甲: SA S2 BJ  (dealer)" in text
    assert "table: single 3 (S3) by 甲" in text and text.endswith("turn: 乙")
    act(game, "乙 play H4", "丙 pass")
    assert "丙: C4  (passed)" in game.describe()


def test_copy_is_cheap_and_independent():
    game = deal(甲="S3 S9", 乙="H4 H9", 丙="C10 C7", stock="DJ")
    twin = game.copy()
    act(twin, "甲 play S3")
    assert game.hands["甲"] == parse_cards("S3 S9") and game.table == [] and twin != game
    assert game.copy() == game


def test_a_rule_set_is_a_frozen_object_and_variants_are_replacements():
    with pytest.raises(dataclasses.FrozenInstanceError):
        YIQI.draw = "leader"
    assert dataclasses.replace(YIQI, name="x", draw="leader").draw == SINGLE_DRAW.draw
    assert not YIQI.must_play and JJ.must_play and not JJ.joker_bomb and YIQI.joker_bomb


# --- the hooks a table's match calls ----------------------------------------------------------------

def _won_by_丙():
    game = deal(甲="S9 S4", 乙="S10 C5", 丙="SJ D6")
    act(game, "甲 play S9", "乙 play S10", "丙 play SJ", "甲 pass", "乙 pass", "丙 play D6")
    return game


def test_deal_spec_deals_the_same_position_again():
    game = new_game("yiqi", P3, seed=5)
    spec = GDY.deal_spec(game)
    assert list(spec) == ["hands", "stock", "leader"] and spec["leader"] == game.dealer
    again = from_deal("yiqi", P3, hands={p: " ".join(h) for p, h in spec["hands"].items()},
                      stock=parse_cards(" ".join(spec["stock"])), leader=spec["leader"])
    assert again.key() == game.key()


def test_expect_spec_names_the_turn_then_the_winner():
    game = deal(甲="S9 S4", 乙="S10 C5", 丙="SJ D6")
    assert GDY.expect_spec(game) == {"over": False, "hand_sizes": {"甲": 2, "乙": 2, "丙": 2}, "turn": "甲"}
    over = _won_by_丙()
    assert GDY.expect_spec(over) == {"over": True, "hand_sizes": {p: len(over.hands[p]) for p in P3}, "winner": "丙"}


def test_outcome_score_line_and_total_count_wins():
    over = _won_by_丙()
    assert GDY.outcome(over) == "丙 wins"
    cells, score = GDY.score_line(over)
    assert cells == {"甲": "1 card left", "乙": "1 card left", "丙": "wins"}
    assert score == {"甲": 0, "乙": 0, "丙": 1} and GDY.score_total(over) == "wins"
    blocked = deal(players=("甲", "乙"), 甲="BJ", 乙="RJ", stock="")
    act(blocked, "甲 pass", "乙 pass")
    assert GDY.outcome(blocked) == "blocked, nobody wins"
    assert GDY.score_line(blocked) == ({"甲": "1 card left", "乙": "1 card left"}, {"甲": 0, "乙": 0})


def test_new_match_has_each_winner_deal_the_next_game():
    match = new_match("yiqi", P3, seed=4)
    assert match.game.key() == new_game("yiqi", P3, seed=4).key()
    assert match.games is None and not match.is_over()
    rng = random.Random(4)
    while not match.game.is_over():
        match.game.apply(rng.choice(match.game.legal_actions()))
    winner, dealer = match.game.winner, match.game.dealer
    match.next_game()
    assert match.game.dealer == (winner or dealer) and GDY.known_cards(match.game, "甲") == set(match.game.hands["甲"])


@pytest.mark.parametrize("rules,players", [("yiqi", 4), ("jj", 3), ("yiqi-single-draw", 2)])
def test_a_hand_is_sorted_into_rows_once_and_kept_up_to_date_by_plays_and_draws(rules, players, monkeypatch):
    """legal_actions sorts each hand into rows (combos.hand_rows) at its first turn only: a play
    and a draw update the rows kept, and they stay those of the hand as it is."""
    from cardlab.gandengyan import combos, state as state_module

    sorted_out = []
    monkeypatch.setattr(state_module, "hand_rows", lambda hand: sorted_out.append(1) or combos.hand_rows(hand))
    for seed in range(6):
        game = new_game(rules, [f"p{i}" for i in range(players)], seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
            for p, (hand, rows, wilds) in game._rows.items():
                assert hand == game.hands[p] and (rows, wilds) == combos.hand_rows(hand)
        assert len(sorted_out) <= players
        sorted_out.clear()
