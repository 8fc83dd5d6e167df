"""Podkidnoy Durak as 004_a1f64e43aefd17c9.txt describes it, with the throw-in-fool and perevodnoy
variants, and every reason code the engine can give."""

import random

import pytest

from cardlab import durak
from cardlab.cards import card, parse_cards
from cardlab.engine import REASON_CODES, Action, DealError, IllegalAction, NotationError
from cardlab.registry import find_game

DURAK = find_game("durak")

C = card


def deal(hands, stock=None, trump=None, attacker=None, rules="podkidnoy", players=None, **kw):
    """A position from readable text: ``deal({"甲": "S8 D8", "乙": "SQ"}, trump="H")``."""
    players = players or list(hands)
    return durak.from_deal(rules, players, {p: parse_cards(h) for p, h in hands.items()},
                           None if stock is None else parse_cards(stock), trump, attacker, **kw)


def play(state, *actions):
    events = []
    for a in actions:
        events.extend(state.act(a))
    return events


def refusal(state, text):
    return state.check(state.parse_action(text))


def code(state, text):
    r = refusal(state, text)
    return r.code if r else None


def cards(text):
    return set(parse_cards(text))


def kinds(events):
    return [e.kind for e in events]


# --- the deal -------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(2, 6))
def test_new_game_deals_six_each_from_36_and_turns_up_the_next_card(n):
    players = [f"p{i}" for i in range(n)]
    for seed in range(5):
        s = durak.new_game("podkidnoy", players, seed=seed)
        shuffled = list(durak.DECK)
        random.Random(seed).shuffle(shuffled)
        assert len(durak.DECK) == 36
        assert all(len(s.hands[p]) == 6 for p in players)
        assert len(s.stock) == 36 - 6 * n
        # the card after the hands is turned face up and slid under the stock: drawn last
        assert s.stock[-1] is shuffled[6 * n] is s.trump_card
        assert s.trump == s.trump_card.suit
        everything = [c for p in players for c in s.hands[p]] + s.stock
        assert sorted(everything) == sorted(durak.DECK)


def test_six_players_deal_out_every_card():
    players = list("ABCDEF")
    s = durak.new_game("podkidnoy", players, seed=3)
    assert s.stock == []
    assert sum(len(h) for h in s.hands.values()) == 36
    assert s.trump == s.hands["F"][-1].suit
    assert s.legal_actions()


def test_new_game_is_reproducible_and_depends_on_seed():
    a = durak.new_game("podkidnoy", ["x", "y"], seed=7)
    b = durak.new_game("podkidnoy", ["x", "y"], seed=7)
    c = durak.new_game("podkidnoy", ["x", "y"], seed=8)
    assert a.key() == b.key()
    assert a.key() != c.key()


def test_face_up_card_is_drawn_last():
    s = deal({"甲": "S8 D6", "乙": "SQ H7"}, stock="C9 CJ HK", trump="H", attacker="甲")
    events = play(s, "甲 attack S8", "乙 defend S8 SQ")
    draws = [e for e in events if e.kind == "draw"]
    assert [(e.player, list(e.cards)) for e in draws] == [("甲", [C("C9"), C("CJ"), C("HK")])]
    assert s.stock == []


@pytest.mark.parametrize("n", [2, 3, 4])
def test_player_count_limits(n):
    durak.new_game("podkidnoy", [f"p{i}" for i in range(n)])
    with pytest.raises(DealError):
        durak.new_game("podkidnoy", ["solo"])
    with pytest.raises(DealError):
        durak.new_game("podkidnoy", list("ABCDEFG"))
    with pytest.raises(DealError):
        durak.new_game("podkidnoy", ["A", "A"])


# --- who attacks first ------------------------------------------------------------------------------

def test_first_attacker_holds_the_lowest_trump_and_need_not_play_it():
    s = deal({"甲": "H9 SA", "乙": "H7 S6", "丙": "HA H8"}, trump="H")
    assert (s.attacker, s.defender) == ("乙", "丙")
    play(s, "乙 attack S6")
    assert C("H7") in s.hands["乙"]


def test_lowest_trump_holder_in_a_fresh_deal():
    for seed in range(20):
        s = durak.new_game("podkidnoy", ["a", "b", "c"], seed=seed)
        trumps = [(c.rank, p) for p in s.players for c in s.hands[p] if c.suit == s.trump]
        assert s.attacker == (min(trumps)[1] if trumps else "a")


def test_nobody_holding_a_trump_first_player_attacks():
    s = deal({"甲": "S6", "乙": "S7", "丙": "S8"}, trump="H")
    assert s.attacker == "甲"


def test_deal_attacker_overrides_lowest_trump():
    s = deal({"甲": "S8", "乙": "H6"}, trump="H", attacker="甲")
    assert (s.attacker, s.defender) == ("甲", "乙")


def test_previous_loser_deals_and_the_player_on_the_left_attacks():
    players = ["甲", "乙", "丙"]
    for loser, attacker in [("甲", "乙"), ("乙", "丙"), ("丙", "甲")]:
        s = durak.new_game("podkidnoy", players, seed=1, previous_loser=loser)
        assert s.attacker == attacker
        assert s.defender == players[(players.index(attacker) + 1) % 3]
    with pytest.raises(DealError):
        durak.new_game("podkidnoy", players, previous_loser="丁")


def test_impossible_deals():
    with pytest.raises(DealError):  # card twice
        deal({"甲": "S8 S8", "乙": "H7"}, trump="H")
    with pytest.raises(DealError):  # card in a hand and in the stock
        deal({"甲": "S8", "乙": "H7"}, stock="S8 HA")
    with pytest.raises(DealError):  # not in the 36-card deck
        deal({"甲": "S2", "乙": "H7"}, trump="H")
    with pytest.raises(DealError):  # face-up card disagrees with the trump
        deal({"甲": "S8", "乙": "H7"}, stock="C9 SA", trump="H")
    with pytest.raises(DealError):  # empty stock and no trump named
        deal({"甲": "S8", "乙": "H7"}, stock="")
    with pytest.raises(DealError):  # unknown player in hands
        deal({"甲": "S8", "丁": "H7"}, players=["甲", "乙"], trump="H")
    with pytest.raises(DealError):  # attacker not a player
        deal({"甲": "S8", "乙": "H7"}, trump="H", attacker="丁")
    with pytest.raises(DealError):  # stock empty and only one player holds cards
        deal({"甲": "S8", "乙": ""}, stock="", trump="H")


def test_omitted_stock_puts_a_trump_at_the_bottom():
    for seed in range(10):
        s = deal({"甲": "S8", "乙": "H7"}, trump="C", seed=seed)
        assert len(s.stock) == 34
        assert s.stock[-1].suit == "C" and s.trump == "C"


# --- defence ----------------------------------------------------------------------------------------

def _reference_beats(attack, defence, trump):
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump and attack.suit != trump


def test_beats_for_every_pair_of_cards():
    for trump in "SHDC":
        for a in durak.DECK:
            for d in durak.DECK:
                assert durak.beats(a, d, trump) == _reference_beats(a, d, trump), (a, d, trump)


@pytest.mark.parametrize("attack, good, bad", [
    ("S9", ["S10", "SA", "H6", "HA"], ["CA", "DA", "S6", "S8"]),
    ("DK", ["DA", "H7"], ["SA", "CA", "DQ"]),
    ("H9", ["H10", "HJ", "HA"], ["SA", "H6", "H8", "DA"]),
])
def test_defence_table_of_the_article(attack, good, bad):
    hand = sorted(set(good + bad) - {attack})
    for d in good:
        s = deal({"甲": attack, "乙": " ".join(hand)}, trump="H", attacker="甲")
        play(s, f"甲 attack {attack}")
        assert Action("乙", "defend", (C(attack), C(d))) in s.legal_actions()
        play(s, f"乙 defend {attack} {d}")
    for d in bad:
        s = deal({"甲": attack, "乙": " ".join(hand)}, trump="H", attacker="甲")
        play(s, f"甲 attack {attack}")
        r = refusal(s, f"乙 defend {attack} {d}")
        assert r.code == "cannot_beat"
        assert "beat" in r.explanation


def test_cannot_beat_explanations_name_the_rule():
    s = deal({"甲": "S9 H9", "乙": "S8 CA SA"}, trump="H", attacker="甲")
    play(s, "甲 attack S9", "甲 attack H9")
    assert "within a suit only a higher card" in refusal(s, "乙 defend S9 S8").explanation
    assert "trump" in refusal(s, "乙 defend S9 CA").explanation
    assert "higher trump" in refusal(s, "乙 defend H9 SA").explanation


def test_trump_may_be_used_even_when_holding_the_suit():
    s = deal({"甲": "S9", "乙": "S10 H6"}, trump="H", attacker="甲")
    play(s, "甲 attack S9", "乙 defend S9 H6")
    assert set(s.discard) == cards("S9 H6") and C("S10") in s.hands["乙"]


def test_one_defence_card_per_attack_card():
    s = deal({"甲": "S9 D9", "乙": "SA DA H6"}, trump="H", attacker="甲")
    play(s, "甲 attack S9", "甲 attack D9", "乙 defend S9 SA")
    r = refusal(s, "乙 defend S9 H6")
    assert r.code == "not_on_table" and "one open attack card" in r.explanation
    assert code(s, "乙 defend D9 SA") == "not_in_hand"
    assert s.unbeaten() == [C("D9")]


def test_open_attack_cards_may_be_answered_in_any_order():
    s = deal({"甲": "S9 D9 C9", "乙": "SA DA CA"}, trump="H", attacker="甲")
    play(s, "甲 attack S9", "甲 attack D9", "甲 attack C9")
    assert {a.cards for a in s.legal_actions() if a.verb == "defend"} == {
        (C("S9"), C("SA")), (C("D9"), C("DA")), (C("C9"), C("CA"))}
    play(s, "乙 defend C9 CA", "乙 defend S9 SA", "乙 defend D9 DA")
    assert len(s.discard) == 6


def test_defend_a_card_not_on_the_table():
    s = deal({"甲": "S9 D9", "乙": "SA DA"}, trump="H", attacker="甲")
    play(s, "甲 attack S9")
    assert code(s, "乙 defend D9 DA") == "not_on_table"
    assert code(s, "乙 defend SA DA") == "not_on_table"


# --- adding cards -------------------------------------------------------------------------------------

def test_only_ranks_on_the_table_may_be_added():
    s = deal({"甲": "S9 D9 CJ SK", "乙": "SJ H6"}, trump="H", attacker="甲")
    play(s, "甲 attack S9")
    assert code(s, "甲 attack CJ") == "rank_not_on_table"
    play(s, "乙 defend S9 SJ")
    assert code(s, "甲 attack D9") is None
    assert code(s, "甲 attack CJ") is None  # a defence card's rank counts too
    r = refusal(s, "甲 attack SK")
    assert r.code == "rank_not_on_table" and "rank" in r.explanation


def test_the_opening_card_may_be_any_card():
    s = deal({"甲": "S9 D6 HA", "乙": "SJ"}, trump="H", attacker="甲")
    assert {a for a in s.legal_actions() if a.player == "甲"} == {
        Action("甲", "attack", (C(x),)) for x in ("S9", "D6", "HA")}


def test_other_players_add_only_after_the_main_attacker_is_done():
    s = deal({"甲": "S9 D9 C7", "乙": "SA DA CA HA", "丙": "C9 H9"}, trump="H", attacker="甲")
    r = refusal(s, "丙 attack C9")
    assert r.code == "not_your_turn" and "main attacker" in r.explanation
    play(s, "甲 attack S9")
    r = refusal(s, "丙 attack C9")
    assert r.code == "not_your_turn" and "has the first say" in r.explanation
    assert code(s, "丙 done") == "not_your_turn"
    play(s, "甲 done")
    assert code(s, "丙 attack C9") is None
    r = refusal(s, "甲 attack D9")
    assert r.code == "not_your_turn" and "done" in r.explanation
    play(s, "丙 attack C9")  # a new card on the table: 甲 may add again
    assert code(s, "甲 attack D9") is None
    assert code(s, "丙 attack H9") == "not_your_turn"  # 甲 has the first say again


def test_others_may_add_when_the_main_attacker_cannot():
    s = deal({"甲": "S9 C7", "乙": "SA DA CA", "丙": "D9"}, trump="H", attacker="甲")
    play(s, "甲 attack S9")
    assert code(s, "丙 attack D9") is None  # 甲 holds no 9: nothing to add, so done by itself


def test_round_waits_for_every_attacker():
    s = deal({"甲": "S9 C7", "乙": "SA DA CA", "丙": "D9"}, trump="H", attacker="甲")
    play(s, "甲 attack S9", "乙 defend S9 SA")
    assert s.attacks == [C("S9")]  # 丙 could still add a 9
    events = play(s, "丙 done")
    assert "discard" in kinds(events)


def test_attackers_may_still_add_after_take():
    s = deal({"甲": "S8 D8 CQ SK", "乙": "SQ H7 CK"}, trump="H", attacker="甲")
    play(s, "甲 attack S8", "乙 defend S8 SQ", "甲 attack D8", "乙 take")
    assert s.taking
    assert code(s, "甲 attack CQ") is None
    assert code(s, "甲 attack SK") == "rank_not_on_table"
    events = play(s, "甲 attack CQ")
    assert "take" in kinds(events)


def test_take_picks_up_everything_including_own_defence_cards():
    s = deal({"甲": "S8 D8 CQ D6 C10 SK", "乙": "SQ H7 CK D7 C6 DA"}, trump="H", attacker="甲")
    events = play(s, "甲 attack S8", "乙 defend S8 SQ", "甲 attack D8", "乙 take", "甲 attack CQ")
    assert set(s.hands["乙"]) == cards("S8 SQ D8 CQ H7 CK D7 C6 DA")
    assert s.discard == [] and s.table == []
    take = next(e for e in events if e.kind == "take")
    assert "own defence" in take.text
    # the defender took: the next player after the defender attacks; with two, the same attacker
    assert (s.attacker, s.defender) == ("甲", "乙")
    assert len(s.hands["甲"]) == 6


def test_a_take_with_no_defence_card_picks_up_the_attack_cards_only():
    s = deal({"甲": "S8 D8 CQ", "乙": "SQ H7 CK"}, trump="H", attacker="甲")
    events = play(s, "甲 attack S8", "乙 take", "甲 attack D8")
    take = next(e for e in events if e.kind == "take")
    assert take.text == "乙 picks up all 2 attack cards on the table."


def test_a_take_cannot_be_taken_back():
    s = deal({"甲": "S8 D8 CQ", "乙": "SQ H7 CK"}, trump="H", attacker="甲")
    play(s, "甲 attack S8", "乙 take")
    assert code(s, "乙 defend S8 SQ") == "not_allowed"
    assert code(s, "乙 take") == "not_allowed"


def test_the_table_picture_names_the_other_attackers_as_adding():
    from cardlab.durak.picture import _tags

    s = deal({"甲": "S8", "乙": "SQ", "丙": "D8"}, trump="H", attacker="甲", stock="C6 H6")
    assert [_tags(s, p) for p in s.players] == [["attacker"], ["defender"], ["may add"]]


def test_successful_defence_discards_the_table():
    s = deal({"甲": "S8 D8 CQ D6 C10 SK", "乙": "SQ H7 CK D7 C6 DA"}, trump="H", attacker="甲")
    events = play(s, "甲 attack S8", "乙 defend S8 SQ", "甲 attack D8", "乙 defend D8 H7",
                  "甲 attack CQ", "乙 defend CQ CK", "甲 done")
    assert set(s.discard) == cards("S8 SQ D8 H7 CQ CK")
    assert "discard" in kinds(events)
    assert (s.attacker, s.defender) == ("乙", "甲")
    assert s.round_no == 2


# --- the attack limit ---------------------------------------------------------------------------------

def test_limit_is_the_defenders_hand_at_round_start_and_beaten_cards_count():
    s = deal({"甲": "S7 D7 C7 H7 S10", "乙": "S9 D9 C10 HA"}, trump="H", attacker="甲")
    assert s.limit == 4
    play(s, "甲 attack S7", "乙 defend S7 S9", "甲 attack D7", "乙 defend D7 D9")
    assert len(s.hands["乙"]) == 2 and s.limit == 4
    play(s, "甲 attack C7", "甲 attack H7", "乙 defend C7 C10")
    r = refusal(s, "甲 attack S10")
    assert r.code == "attack_limit"
    assert "4 cards when the round began" in r.explanation and "Beaten" in r.explanation


def test_limit_is_six_even_against_a_bigger_hand():
    s = deal({"甲": "C6 D6 H6 C7 D7 H7 S6", "乙": "S7 C8 D8 H8 CA DA HA SA"}, trump="S", attacker="甲")
    assert s.limit == 6
    play(s, "甲 attack C6", "乙 defend C6 S7", "甲 attack D6", "甲 attack H6", "甲 attack C7",
         "甲 attack D7", "甲 attack H7")
    r = refusal(s, "甲 attack S6")
    assert r.code == "attack_limit" and "at most 6" in r.explanation


def test_limit_checked_before_rank_and_after_hand():
    s = deal({"甲": "S7 D7 SA", "乙": "S9"}, trump="H", attacker="甲")
    play(s, "甲 attack S7")
    assert code(s, "甲 attack D7") == "attack_limit"
    assert code(s, "甲 attack SA") == "attack_limit"
    assert code(s, "甲 attack C7") == "not_in_hand"


def test_limit_applies_after_take_too():
    s = deal({"甲": "S7 D7 C7", "乙": "S9 H6"}, stock="", trump="H", attacker="甲")
    play(s, "甲 attack S7", "乙 take", "甲 attack D7")
    # the round ended at the limit of two, though 甲 still holds a 7: 乙 picked up both
    assert set(s.hands["乙"]) == cards("S9 H6 S7 D7") and s.hands["甲"] == [C("C7")]
    assert s.attacker == "甲"


def test_the_round_ends_by_itself_when_nobody_can_add():
    s = deal({"甲": "S7 CK", "乙": "S9"}, trump="H", attacker="甲")
    events = play(s, "甲 attack S7", "乙 defend S7 S9")
    assert kinds(events) == ["attack", "beat", "discard", "draw", "draw", "next_round"]
    assert s.round_no == 2 and s.attacker == "乙"


# --- refilling and the next round ---------------------------------------------------------------------

def test_refill_order_main_attacker_then_others_clockwise_then_defender():
    players = ["A", "B", "C", "D"]
    s = deal({"A": "S6 S7 S8 S9 S10 SJ", "B": "D6", "C": "C6 C7", "D": "H6 H7 H8"},
             stock="D7 D8 D9 D10 DJ DQ DK DA C8 C9 C10 CJ CQ CK CA H9", attacker="A", players=players)
    events = play(s, "A attack S6", "B take")
    draws = [(e.player, len(e.cards)) for e in events if e.kind == "draw"]
    assert draws == [("A", 1), ("C", 4), ("D", 3), ("B", 4)]
    assert set(s.hands["A"]) == cards("S7 S8 S9 S10 SJ D7")
    assert set(s.hands["C"]) == cards("C6 C7 D8 D9 D10 DJ")
    assert set(s.hands["D"]) == cards("H6 H7 H8 DQ DK DA")
    assert set(s.hands["B"]) == cards("D6 S6 C8 C9 C10 CJ")
    assert (s.attacker, s.defender) == ("C", "D")


def test_refill_stops_when_the_stock_runs_out_and_the_defender_draws_last():
    # the three-player example of section 4
    s = deal({"甲": "S7 D7 C9 SJ D8 CK", "乙": "SQ DA C10 S6 D6 HJ", "丙": "C7 S9 DJ C8 H8 SK"},
             stock="D9 C6 S8 HK", trump="H", attacker="甲", players=["甲", "乙", "丙"])
    events = play(s, "甲 attack S7", "乙 defend S7 SQ", "甲 attack D7", "乙 defend D7 DA", "甲 done",
                  "丙 attack C7", "乙 defend C7 C10")
    draws = [(e.player, list(e.cards)) for e in events if e.kind == "draw"]
    assert draws == [("甲", [C("D9"), C("C6")]), ("丙", [C("S8")]), ("乙", [C("HK")])]
    assert {p: len(h) for p, h in s.hands.items()} == {"甲": 6, "乙": 4, "丙": 6}
    assert s.stock == []
    assert (s.attacker, s.defender) == ("乙", "丙")


def test_after_take_the_player_after_the_defender_attacks():
    s = deal({"甲": "S7 D7", "乙": "SQ SK SA", "丙": "C7"}, trump="H", attacker="甲", players=["甲", "乙", "丙"])
    play(s, "甲 attack S7", "乙 take", "甲 done", "丙 done")
    assert (s.attacker, s.defender) == ("丙", "甲")


def test_nobody_draws_beyond_six():
    s = deal({"甲": "S7", "乙": "S9 C6 C7 C8 C9 C10 CJ"}, trump="H", attacker="甲")
    play(s, "甲 attack S7", "乙 take")
    assert len(s.hands["乙"]) == 8
    assert len(s.hands["甲"]) == 6


def test_a_player_with_no_cards_refills_while_the_stock_lasts():
    s = deal({"甲": "S7", "乙": "S9 C6"}, stock="D9 C8 H7", attacker="甲")
    play(s, "甲 attack S7", "乙 defend S7 S9")
    assert s.out == [] and not s.over
    assert set(s.hands["甲"]) == cards("D9 C8 H7")
    assert (s.attacker, s.defender) == ("乙", "甲")


# --- the end of the game ------------------------------------------------------------------------------

def test_draw_when_the_last_cards_leave_in_the_same_round():
    s = deal({"甲": "C10", "乙": "CJ"}, stock="", trump="H", attacker="甲")
    play(s, "甲 attack C10")
    assert not s.over  # judged only at the end of the round
    events = play(s, "乙 defend C10 CJ")
    assert s.over and s.is_draw and s.loser is None
    assert s.result() == {"loser": None, "draw": True}
    assert "draw" in kinds(events)
    assert s.legal_actions() == []


def test_last_player_holding_cards_loses():
    s = deal({"甲": "C10", "乙": "DJ"}, stock="", trump="H", attacker="甲")
    play(s, "甲 attack C10")
    assert code(s, "乙 defend C10 DJ") == "cannot_beat"
    events = play(s, "乙 take")
    assert s.over and s.loser == "乙" and not s.is_draw
    assert s.result() == {"loser": "乙", "draw": False}
    assert s.finished() == ["甲"]
    assert set(s.hands["乙"]) == cards("C10 DJ")
    assert next(e for e in events if e.kind == "loser").player == "乙"


def test_players_out_are_skipped_and_the_game_goes_on():
    s = deal({"甲": "C10", "乙": "CJ D6", "丙": "S7 S8"}, stock="", trump="H", attacker="甲",
             players=["甲", "乙", "丙"])
    play(s, "甲 attack C10", "乙 defend C10 CJ")  # 丙 holds no 10 or J: round over
    assert s.out == ["甲"] and not s.over
    assert (s.attacker, s.defender) == ("乙", "丙")
    play(s, "乙 attack D6", "丙 take")
    # 丙 took, so the next player after 丙 still in attacks: 甲 is out, so 乙
    assert s.out == ["甲", "乙"]
    assert s.over and s.loser == "丙"


def test_defender_out_after_defending_passes_the_attack_on():
    s = deal({"甲": "C10 D7", "乙": "CJ", "丙": "S7 S8"}, stock="", trump="H", attacker="甲",
             players=["甲", "乙", "丙"])
    play(s, "甲 attack C10", "乙 defend C10 CJ")
    assert s.out == ["乙"]
    assert (s.attacker, s.defender) == ("丙", "甲")


def test_a_player_dealt_no_cards_with_an_empty_stock_is_out_from_the_start():
    s = deal({"甲": "C10", "乙": "", "丙": "CJ"}, stock="", trump="H", attacker="甲",
             players=["甲", "乙", "丙"])
    assert s.out == ["乙"] and s.defender == "丙"


# --- throw-in-fool ------------------------------------------------------------------------------------

def test_throw_in_fool_allows_five_in_the_first_round_only():
    hands = {"甲": "C6 D6 H6 D7 H7 S7", "乙": "C7 D8 H8 D9 H9 CA"}
    stock = "SJ C8 D10 H10 C10 DA HA CJ DJ HJ S9 SK"
    s = deal(hands, stock=stock, attacker="甲", rules="throw-in-fool")
    assert s.limit == 5
    play(s, "甲 attack C6", "乙 defend C6 C7", "甲 attack D6", "甲 attack H6", "甲 attack D7", "甲 attack H7")
    r = refusal(s, "甲 attack S7")
    assert r.code == "attack_limit" and "first round" in r.explanation
    play(s, "乙 defend D6 D8", "乙 defend H6 H8", "乙 defend D7 D9", "乙 defend H7 H9")
    assert s.round_no == 2 and s.limit == 6
    play(s, "乙 attack CA", "甲 defend CA SJ", "乙 attack DA", "甲 take", "乙 attack HA", "乙 attack CJ",
         "乙 attack DJ", "乙 attack HJ")
    assert len(s.hands["甲"]) == 12
    # the same first round under podkidnoy allows the sixth card
    p = deal(hands, stock=stock, attacker="甲")
    play(p, "甲 attack C6", "乙 defend C6 C7", "甲 attack D6", "甲 attack H6", "甲 attack D7", "甲 attack H7")
    assert p.limit == 6 and code(p, "甲 attack S7") is None


def test_throw_in_fool_first_round_of_every_new_game():
    s = durak.new_game("throw-in-fool", ["a", "b"], seed=2, previous_loser="a")
    assert s.round_no == 1 and s.limit == 5


# --- perevodnoy ---------------------------------------------------------------------------------------

THREE = {"甲": "S8 C9 DK D6 C6 SJ", "乙": "D8 SQ H7 C7 DJ S6", "丙": "C8 S10 H8 CK DA S7"}


def test_transfer_passes_the_attack_to_the_next_player():
    s = deal(THREE, trump="H", attacker="甲", rules="perevodnoy", players=["甲", "乙", "丙"])
    play(s, "甲 attack S8")
    events = play(s, "乙 transfer D8")
    assert (s.attacker, s.defender) == ("乙", "丙")
    assert s.attacks == [C("S8"), C("D8")] and s.unbeaten() == s.attacks
    assert "transfer" in events[0].text
    assert s.attackers() == ["乙", "甲"]
    assert code(s, "乙 defend S8 SQ") == "not_defender"
    # and again, to 甲, who holds five cards
    play(s, "丙 transfer C8")
    assert (s.attacker, s.defender) == ("丙", "甲")
    assert len(s.attacks) == 3


def test_no_transfer_after_a_card_is_beaten():
    s = deal(THREE, trump="H", attacker="甲", rules="perevodnoy", players=["甲", "乙", "丙"])
    play(s, "甲 attack S8", "乙 transfer D8", "丙 defend S8 S10")
    r = refusal(s, "丙 transfer C8")
    assert r.code == "not_allowed" and "beaten" in r.explanation


def test_no_transfer_to_a_player_holding_too_few():
    s = deal({"甲": "S7 C9 DK", "乙": "D7 C7 SJ HA", "丙": "HQ"}, trump="H", attacker="甲",
             rules="perevodnoy", players=["甲", "乙", "丙"])
    play(s, "甲 attack S7")
    r = refusal(s, "乙 transfer D7")
    assert r.code == "attack_limit" and "holds only 1" in r.explanation
    assert not any(a.verb == "transfer" for a in s.legal_actions())


def test_transfer_needs_the_attacked_rank_and_the_defender():
    s = deal(THREE, trump="H", attacker="甲", rules="perevodnoy", players=["甲", "乙", "丙"])
    assert code(s, "乙 transfer D8") == "not_allowed"  # nothing to transfer yet
    play(s, "甲 attack S8")
    r = refusal(s, "乙 transfer SQ")
    assert r.code == "rank_not_on_table" and "attacked rank" in r.explanation
    assert code(s, "乙 transfer C8") == "not_in_hand"
    assert code(s, "丙 transfer C8") == "not_defender"
    play(s, "乙 take")
    assert code(s, "乙 transfer D8") == "not_allowed"


def test_no_transfer_in_podkidnoy():
    s = deal(THREE, trump="H", attacker="甲", players=["甲", "乙", "丙"])
    play(s, "甲 attack S8")
    r = refusal(s, "乙 transfer D8")
    assert r.code == "not_allowed" and "perevodnoy" in r.explanation


# --- the trump six ------------------------------------------------------------------------------------

def test_a_dealt_trump_six_is_swapped_for_the_face_up_card():
    s = deal({"甲": "H6 S8", "乙": "S9"}, stock="D9 HQ", trump="H", attacker="甲")
    assert Action("甲", "swap", ()) in s.legal_actions()
    events = play(s, "甲 swap")
    assert set(s.hands["甲"]) == cards("HQ S8")
    assert s.stock == [C("D9"), C("H6")] and s.trump_card is C("H6")
    assert events[0].kind == "swap"
    assert code(s, "甲 swap") == "not_in_hand"
    assert s.attacks == []  # a swap is not a move of the round


def test_a_drawn_trump_six_may_be_swapped():
    s = deal({"甲": "S8 S10 SJ SQ SK", "乙": "S9 D10 DJ DQ DK DA"}, stock="H6 C7 C8 D6 HQ", trump="H",
             attacker="甲")
    assert not s.six_swappable and not any(a.verb == "swap" for a in s.legal_actions())
    play(s, "甲 attack S8", "乙 defend S8 S9")
    assert C("H6") in s.hands["甲"] and len(s.stock) == 2
    assert code(s, "甲 swap") is None
    play(s, "甲 swap")
    assert s.stock[-1] is C("H6") and C("HQ") in s.hands["甲"]


def test_a_trump_six_picked_up_from_the_table_may_not_be_swapped():
    s = deal({"甲": "H6 S8", "乙": "S9 SA C9 CJ DJ DA"}, stock="D9 S6 D6 S7 C6 C7 HQ", trump="H", attacker="甲")
    play(s, "甲 attack H6", "乙 take")
    assert C("H6") in s.hands["乙"] and len(s.stock) >= 2
    r = refusal(s, "乙 swap")
    assert r.code == "not_allowed" and "picked up" in r.explanation
    assert not any(a.verb == "swap" for a in s.legal_actions())


def test_no_swap_when_only_the_face_up_card_is_left():
    s = deal({"甲": "H6 S8", "乙": "S9"}, stock="HQ", trump="H", attacker="甲")
    r = refusal(s, "甲 swap")
    assert r.code == "not_allowed" and "at least one more" in r.explanation


def test_swap_by_a_player_without_the_six():
    s = deal({"甲": "H6 S8", "乙": "S9"}, stock="D9 HQ", trump="H", attacker="甲")
    r = refusal(s, "乙 swap")
    assert r.code == "not_in_hand" and "six of trumps" in r.explanation


# --- reason codes and their precedence ----------------------------------------------------------------

def test_game_over_refuses_everything():
    s = deal({"甲": "C10", "乙": "CJ"}, stock="", trump="H", attacker="甲")
    play(s, "甲 attack C10", "乙 defend C10 CJ")
    for text in ("甲 attack C10", "乙 take", "甲 done", "乙 defend C10 CJ", "甲 swap", "乙 transfer CJ"):
        r = refusal(s, text)
        assert r.code == "game_over" and "ended" in r.explanation


def test_not_allowed_cases():
    s = deal({"甲": "S8 D8 C8", "乙": "S9 H6 HA"}, trump="H", attacker="甲")
    assert code(s, "甲 done") == "not_allowed"  # must open with a card
    assert code(s, "乙 take") == "not_allowed"  # nothing to take
    assert s.check(Action("甲", "play", (C("S8"),))).code == "not_allowed"  # no such verb
    play(s, "甲 attack S8", "乙 defend S8 S9")
    r = refusal(s, "乙 take")
    assert r.code == "not_allowed" and "every attack card is beaten" in r.explanation
    play(s, "甲 attack D8", "乙 take")
    assert code(s, "乙 take") == "not_allowed"
    assert code(s, "乙 defend D8 H6") == "not_allowed"


def test_done_twice_is_not_allowed():
    s = deal({"甲": "S8 D8", "乙": "S9 H6 HA", "丙": "C8"}, trump="H", attacker="甲")
    play(s, "甲 attack S8", "甲 done")
    assert code(s, "甲 done") == "not_allowed"


def test_not_attacker_and_not_defender():
    s = deal({"甲": "S8 D8", "乙": "S9 H6", "丙": "C8 C9"}, trump="H", attacker="甲")
    r = refusal(s, "乙 attack S9")
    assert r.code == "not_attacker" and "defending" in r.explanation
    play(s, "甲 attack S8")
    assert code(s, "乙 done") == "not_attacker"
    for text in ("甲 defend S8 D8", "丙 defend S8 C9", "甲 take", "丙 take"):
        r = refusal(s, text)
        assert r.code == "not_defender" and "defender" in r.explanation


def test_not_your_turn_for_someone_not_at_the_table():
    s = deal({"甲": "S8", "乙": "S9"}, trump="H", attacker="甲")
    assert s.check(Action("丁", "attack", (C("S8"),))).code == "not_your_turn"


def test_out_player_is_not_an_attacker():
    s = deal({"甲": "C10", "乙": "CJ D6", "丙": "S7 S8"}, stock="", trump="H", attacker="甲",
             players=["甲", "乙", "丙"])
    play(s, "甲 attack C10", "乙 defend C10 CJ")
    r = s.check(Action("甲", "done", ()))
    assert r.code == "not_attacker" and "out" in r.explanation


def test_not_in_hand():
    s = deal({"甲": "S8", "乙": "S9"}, trump="H", attacker="甲")
    r = refusal(s, "甲 attack SA")
    assert r.code == "not_in_hand" and "SA" in r.explanation
    play(s, "甲 attack S8")
    assert code(s, "乙 defend S8 SA") == "not_in_hand"


def test_every_refusal_code_is_a_contract_code_with_an_explanation():
    seen = set()
    for seed in range(30):
        s = durak.new_game(random.Random(seed).choice(list(durak.RULESETS)), ["a", "b", "c"], seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            for p in s.players:
                for verb, n in durak.DurakState.VERBS.items():
                    r = s.check(Action(p, verb, tuple(rng.sample(durak.DECK, n))))
                    if r is not None:
                        assert r.code in REASON_CODES and r.explanation
                        seen.add(r.code)
            s.apply(rng.choice(s.legal_actions()))
    assert seen >= {"not_allowed", "not_your_turn", "not_attacker", "not_defender", "not_in_hand",
                    "rank_not_on_table", "cannot_beat", "not_on_table"}


# --- the API around the rules -------------------------------------------------------------------------

def test_apply_raises_illegal_action_and_changes_nothing():
    s = deal({"甲": "S8 D6", "乙": "S9 SA"}, trump="H", attacker="甲")
    play(s, "甲 attack S8")
    before = s.key()
    with pytest.raises(IllegalAction) as info:
        s.act("甲 attack D6")
    assert info.value.code == "rank_not_on_table"
    assert info.value.action == Action("甲", "attack", (C("D6"),))
    assert "rank_not_on_table" in str(info.value)
    assert s.key() == before


@pytest.mark.parametrize("text", ["丁 attack S8", "甲 fly", "甲 attack", "甲 attack S8 S9", "甲 defend S8",
                                  "甲 take S8", "甲 attack S2", "甲 attack BJ", "甲 attack X9", "甲", ""])
def test_bad_notation(text):
    s = deal({"甲": "S8", "乙": "S9"}, trump="H", attacker="甲")
    with pytest.raises(NotationError) as info:
        s.parse_action(text)
    assert info.value.text == text


def test_verbs_are_case_insensitive_and_cards_any_notation():
    s = deal({"甲": "S10", "乙": "SA"}, trump="H", attacker="甲")
    assert s.parse_action("甲 ATTACK ♠T") == Action("甲", "attack", (C("S10"),))


def test_first_attacker_and_defender_need_cards_while_the_stock_lasts():
    with pytest.raises(DealError, match="乙 holds no cards"):
        deal({"甲": "S8", "乙": ""}, stock="C9 HQ", attacker="甲")
    with pytest.raises(DealError, match="甲 holds no cards"):
        deal({"甲": "", "乙": "S8"}, stock="C9 HQ", attacker="甲")
    with pytest.raises(DealError, match="甲 holds no cards"):
        deal({"乙": "S8"}, stock="C9 HQ", players=["甲", "乙"])  # no trump held: the first seat attacks
    # a third player may hold nothing yet: they refill after the round
    s = deal({"甲": "S8", "乙": "S9", "丙": ""}, stock="C9 HQ", attacker="甲")
    assert s.legal_actions() == [Action("甲", "attack", (C("S8"),))]


def test_copy_and_equality():
    s = durak.new_game("podkidnoy", ["a", "b"], seed=4)
    t = s.copy()
    assert t == s and hash(t) == hash(s)
    t.apply(t.legal_actions()[0])
    assert t != s


def test_describe_and_events_speak_plainly():
    s = deal({"甲": "S8 D8", "乙": "SQ H7"}, trump="H", attacker="甲")
    text = s.describe()
    assert "trump ♥ hearts" in text and "甲 attacks 乙" in text
    events = play(s, "甲 attack S8", "乙 defend S8 SQ")
    assert "higher card of the same suit" in events[-1].text
    assert all(e.text for e in events)


def test_to_act():
    s = deal({"甲": "S8 D8", "乙": "SQ H7", "丙": "C8"}, trump="H", attacker="甲")
    assert s.to_act() == ["甲"]
    play(s, "甲 attack S8")
    assert s.to_act() == ["甲", "乙"]
    play(s, "甲 done")
    assert s.to_act() == ["乙", "丙"]


def test_a_seat_letter_names_a_player_and_learner_text_shows_it():
    game = durak.from_deal("podkidnoy", ["甲", "乙", "丙"], hands={"甲": ["S8"], "乙": ["SQ", "H7"], "丙": ["C6"]},
                           trump="H", attacker="甲")
    assert game.parse_action("a attack S8") == game.parse_action("甲 attack S8")
    assert game.parse_action("B take").player == "乙"
    with pytest.raises(NotationError, match=r"players: 甲 \(A\), 乙 \(B\), 丙 \(C\)"):
        game.parse_action("D take")
    assert game.learner_text("乙 defend S8 SQ") == "乙 (B) defend 8♠ Q♠"
    assert game.seat_label("丙") == "丙 (C)"
    latin = durak.from_deal("podkidnoy", ["B", "A"], hands={"B": ["S8"], "A": ["SQ"]}, trump="H", attacker="B")
    assert latin.parse_action("A take").player == "A"  # a player's own name wins over a seat letter
    assert latin.learner_text("B attack S8") == "B attack 8♠"


def test_check_takes_the_notation_as_text_like_act():
    game = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": ["S8"], "乙": ["SQ", "H7"]}, trump="H",
                           attacker="甲")
    assert game.check("甲 attack S8") is None
    assert game.check("乙 attack SQ").code == "not_attacker"
    with pytest.raises(NotationError):
        game.check("甲 attack")


# --- the hooks a table's match calls ----------------------------------------------------------------

def _played_out(seed: int = 3):
    game = durak.new_game("podkidnoy", ["a", "b", "c"], seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_deal_spec_deals_the_same_position_again():
    game = durak.new_game("podkidnoy", ["a", "b"], seed=5)
    spec = DURAK.deal_spec(game)
    assert list(spec) == ["hands", "stock", "trump", "attacker"]
    again = durak.from_deal("podkidnoy", ["a", "b"], hands={p: parse_cards(" ".join(h)) for p, h in spec["hands"].items()},
                            stock=parse_cards(" ".join(spec["stock"])), trump=spec["trump"], attacker=spec["attacker"])
    assert again.key() == game.key()


def test_expect_spec_names_the_loser_once_over():
    game = durak.new_game("podkidnoy", ["a", "b"], seed=5)
    assert DURAK.expect_spec(game) == {"over": False, "hand_sizes": {"a": 6, "b": 6}}
    over = _played_out()
    assert DURAK.expect_spec(over) == {"over": True, "hand_sizes": {p: len(over.hands[p]) for p in over.players},
                                  "loser": over.loser}


def test_outcome_score_line_and_total_name_the_durak():
    over = _played_out()
    cells, score = DURAK.score_line(over)
    if over.loser:
        assert DURAK.outcome(over) == f"{over.loser} is the durak (the fool)"
        assert cells == {p: "durak" if p == over.loser else "out" for p in over.players}
    else:
        assert DURAK.outcome(over) == "a draw, nobody is the durak" and set(cells.values()) == {"draw"}
    assert score == {p: int(p == over.loser) for p in over.players}
    assert DURAK.score_total(over) == "times durak"


def test_next_game_has_the_loser_deal_and_new_match_plays_on():
    with pytest.raises(ValueError, match="not over"):
        DURAK.next_game(durak.new_game("podkidnoy", ["a", "b", "c"], seed=3), seed=1)
    over = _played_out()
    following = DURAK.next_game(over, seed=7)
    assert following.key() == durak.new_game("podkidnoy", ["a", "b", "c"], seed=7, previous_loser=over.loser).key()
    match = durak.new_match("podkidnoy", ["a", "b"], seed=4)
    assert match.game.key() == durak.new_game("podkidnoy", ["a", "b"], seed=4).key()
    assert match.games is None and match.kind is None and not match.is_over()
    rng = random.Random(4)
    while not match.game.is_over():
        match.game.apply(rng.choice(match.game.legal_actions()))
    loser = match.game.loser
    assert match.next_game() is match.game and not match.game.is_over()
    assert match.game.key() == durak.new_game("podkidnoy", ["a", "b"], seed=random.Random(4).getrandbits(32),
                                              previous_loser=loser).key()
    assert DURAK.known_cards(match.game, "a") == set(match.game.hands["a"])


def test_the_engine_defaults_of_the_table_hooks():
    from cardlab.game import Game

    over = _played_out()
    places = over.standings()
    assert Game.deal_spec(DURAK, over) == {"hands": {p: [str(c) for c in over.hands[p]] for p in over.players}}
    assert Game.expect_spec(DURAK, over) == {"over": True,
                                             "hand_sizes": {p: len(over.hands[p]) for p in over.players}}
    assert Game.outcome(DURAK, over).split(", ")[0] == f"{min(places, key=places.get)} place 1"
    assert Game.score_line(DURAK, over) == ({p: f"place {places[p]:g}" for p in over.players}, {})
    assert Game.score_total(DURAK, over) is None
    with pytest.raises(NotImplementedError):
        Game.next_game(DURAK, over, seed=1)
