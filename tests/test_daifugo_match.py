"""Daifugo sets (jdf) and matches (yeeqia): game after game, ranks carried over, records kept."""

from __future__ import annotations

import random

import pytest

from cardlab.daifugo import Match, from_deal, new_game, new_match
from cardlab.daifugo.rules import RANK_TITLES
from cardlab.registry import find_game

DAIFUGO = find_game("daifugo")

P = ("a", "b", "c", "d")


def play_out(game, rng):
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))


def play_match(match, seed):
    rng = random.Random(seed)
    play_out(match.game, rng)
    while not match.is_over():
        play_out(match.next_game(), rng)
    return match


def test_a_jdf_set_is_four_games_with_the_same_blind_cards():
    match = play_match(Match("jdf", P, seed=1), seed=1)
    records = match.records()
    assert [r.number for r in records] == [1, 2, 3, 4] and match.games == 4
    assert len({r.blind for r in records}) == 1 and len(records[0].blind) == 2
    assert records[0].previous_ranks is None and records[0].exchange == {}
    for before, after in zip(records, records[1:]):
        assert after.previous_ranks == before.ranks
        assert after.leader == next(p for p, r in before.ranks.items() if r == "daihinmin")
        assert sorted(len(cards) for cards in after.exchange.values()) == [1, 1, 2, 2]
    for r in records:
        assert sorted(r.places) == sorted(P)
        assert sorted(r.ranks.values()) == sorted(["daifugo", "fugo", "hinmin", "daihinmin"])
        assert r.points == {}


def test_every_game_after_the_first_opens_with_the_exchange_led_by_the_last_daihinmin():
    match = Match("jdf", P, seed=2)
    rng = random.Random(2)
    play_out(match.game, rng)
    last = match.record().ranks
    game = match.next_game()
    assert game.exchanging and game.turn is None and game.previous_ranks == last
    assert game.leader == next(p for p, r in last.items() if r == "daihinmin")


def test_a_yeeqia_match_is_three_games_scored_by_place():
    match = play_match(Match("yeeqia", P, seed=3), seed=3)
    records = match.records()
    assert len(records) == 3 and match.is_over()
    for r in records:
        assert sorted(r.points.values()) == [-3, -1, 1, 3]
        assert r.points[r.places[0]] == 3 and r.points[r.places[3]] == -3
    totals = match.totals()
    assert totals == {p: sum(r.points[p] for r in records) for p in P}
    assert match.winners() == [p for p in P if totals[p] == max(totals.values())]


def test_two_sets_deal_new_blind_cards_and_restart_the_ranks():
    match = play_match(Match("jdf", P, seed=4, sets=2), seed=4)
    records = match.records()
    assert len(records) == 8 and [r.set_number for r in records] == [1] * 4 + [2] * 4
    assert records[4].previous_ranks is None and records[4].exchange == {}
    assert records[0].blind != records[4].blind


def test_the_same_seed_replays_the_same_set():
    first = play_match(Match("jdf", P, seed=7), seed=7).records()
    again = play_match(Match("jdf", P, seed=7), seed=7).records()
    assert first == again


def test_next_game_needs_a_finished_game_and_an_unfinished_match():
    match = Match("yeeqia", P, seed=5)
    with pytest.raises(ValueError, match="not over"):
        match.next_game()
    with pytest.raises(ValueError, match="not over"):
        match.record()
    play_match(match, seed=5)
    with pytest.raises(ValueError, match="match is over"):
        match.next_game()


def test_a_leader_for_the_first_game_of_each_set():
    assert Match("jdf", P, seed=6, leader="c").game.turn == "c"
    with pytest.raises(ValueError):
        Match("jdf", P, sets=0)


# --- the hooks a table's match calls ----------------------------------------------------------------

def test_new_match_is_one_set_or_match_with_its_kind():
    jdf, yeeqia = new_match("jdf", P, seed=1), new_match("yeeqia", P, seed=1)
    assert (jdf.games, jdf.kind, yeeqia.games, yeeqia.kind) == (4, "jdf set", 3, "yeeqia match")
    assert jdf.game.key() == Match("jdf", P, seed=1).game.key()


def test_deal_spec_deals_the_same_position_again_with_the_previous_ranks():
    match = new_match("yeeqia", P, seed=2)
    first = DAIFUGO.deal_spec(match.game)
    assert list(first) == ["hands", "leader"]
    play_out(match.game, random.Random(2))
    second = match.next_game()
    spec = DAIFUGO.deal_spec(second)
    assert list(spec) == ["hands", "leader", "previous_ranks"] and spec["previous_ranks"] == second.previous_ranks
    again = from_deal("yeeqia", P, hands={p: " ".join(h) for p, h in spec["hands"].items()}, leader=spec["leader"],
                      previous_ranks=spec["previous_ranks"])
    assert again.key() == second.key()


def test_expect_spec_outcome_and_score_line_name_the_ranks_and_points():
    game = new_game("yeeqia", P, seed=3)
    assert DAIFUGO.expect_spec(game) == {"over": False, "hand_sizes": dict.fromkeys(P, 13), "turn": game.turn}
    play_out(game, random.Random(3))
    ranks, points = game.result(), game.points()
    assert DAIFUGO.expect_spec(game) == {"over": True, "hand_sizes": {p: len(game.hands[p]) for p in P},
                                  "result": ranks, "points": points}
    assert DAIFUGO.outcome(game) == ", ".join(f"{p} {RANK_TITLES[ranks[p]]} ({ranks[p]}) {points[p]:+d}" for p in game.places)
    cells, score = DAIFUGO.score_line(game)
    assert score == points and DAIFUGO.score_total(game) == "points"
    assert {p: c.removesuffix(" (都落ち)") for p, c in cells.items()} == {
        p: f"{RANK_TITLES[ranks[p]]} {points[p]:+d}" for p in P}


def test_jdf_scores_ranks_without_points_or_totals():
    game = new_game("jdf", P, seed=4)
    play_out(game, random.Random(4))
    ranks = game.result()
    assert "points" not in DAIFUGO.expect_spec(game) and DAIFUGO.score_total(game) is None
    cells, score = DAIFUGO.score_line(game)
    assert score == {} and {p: c.removesuffix(" (都落ち)") for p, c in cells.items()} == {
        p: RANK_TITLES[ranks[p]] for p in P}
    assert DAIFUGO.outcome(game) == ", ".join(f"{p} {RANK_TITLES[ranks[p]]} ({ranks[p]})" for p in game.places)


def test_next_game_opens_with_the_exchange_and_the_givers_know_their_cards():
    game = new_game("jdf", P, seed=5)
    with pytest.raises(ValueError, match="not over"):
        DAIFUGO.next_game(game, seed=1)
    play_out(game, random.Random(5))
    following = DAIFUGO.next_game(game, seed=9)
    assert following.key() == new_game("jdf", P, seed=9, previous_ranks=game.result(), blind=game.blind).key()
    assert following.exchanging and following.blind == game.blind
    give = next(a for a in following.legal_actions() if a.verb == "give")
    following.apply(give)
    assert DAIFUGO.known_cards(following, give.player) == set(following.hands[give.player]) | set(give.cards)
