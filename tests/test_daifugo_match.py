"""Daifugo sets (jdf) and matches (yeeqia): game after game, ranks carried over, records kept."""

from __future__ import annotations

import random

import pytest

from cardlab.daifugo import Match

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
