"""The engine's API as every game's position speaks it (cardlab.engine.State): legal_actions,
check, apply, view, standings, key, copy, parse_action and describing a position; the View of the
game's own typed class, hiding what the seat cannot see."""

import random
from dataclasses import fields

import pytest

from cardlab.engine import Action, State, View
from cardlab.registry import find_game, game_of

from conformance_support import CASE_IDS, CASES, names, positions

cases = pytest.mark.parametrize("name, rules, n", CASES, ids=CASE_IDS)
SEEDS = (0, 1)


def looked_at(game, rules, n, seed, share=0.1):
    """Some positions of a seeded random game (and the next game of its match), each a copy."""
    return [state.copy() for state, rng in positions(game, rules, n, seed) if rng.random() < share]


@cases
def test_a_fresh_deal_speaks_the_engine_api(name, rules, n):
    game = find_game(name)
    state = game.new_game(rules, names(n), seed=3)
    assert type(state) is game.state_class and isinstance(state, State) and state.game == name
    assert game_of(state) is game and state.rules is game.rulesets[rules] and state.rules.name == rules
    assert state.players == tuple(names(n)) and not state.is_over() and state.standings() == {}
    assert set(state.verbs()) <= set(state.VERBS) and state.deck_cards() is state.deck_cards()
    assert state.describe().strip() and str(state) == state.describe()
    assert hash(state) == hash(state.key()) and state == game.new_game(rules, names(n), seed=3)
    assert state.with_rules(state.rules) == state and isinstance(state.finished(), list)
    with pytest.raises(ValueError):
        state.view("nobody")


@cases
@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_action_reads_back_from_the_notation_and_names_its_player(name, rules, n, seed):
    game = find_game(name)
    for state in looked_at(game, rules, n, seed):
        for action in state.legal_actions():
            assert isinstance(action, Action) and action.player in state.players and action.verb in state.VERBS
            assert state.parse_action(str(action)) == action
            letter = state.seat_letter(action.player)
            assert state.parse_action(" ".join([letter, *str(action).split()[1:]])).player == action.player


@cases
@pytest.mark.parametrize("seed", SEEDS)
def test_apply_returns_the_events_of_what_happened(name, rules, n, seed):
    game = find_game(name)
    for state in looked_at(game, rules, n, seed):
        action = random.Random(seed).choice(state.legal_actions())
        events = state.apply(action)
        assert events and all(e.text and str(e) for e in events)
        assert all(player in state.players for e in events if (player := e.player) is not None)


def public_fields(view) -> dict:
    return {k: v for k, v in view.fields().items()}


@cases
@pytest.mark.parametrize("seed", SEEDS)
def test_the_view_is_the_game_s_typed_class_and_hides_what_the_seat_cannot_see(name, rules, n, seed):
    game = find_game(name)
    rng = random.Random(seed)
    for state in looked_at(game, rules, n, seed):
        for seat in state.players:
            view = state.view(seat)
            assert type(view) is game.view_class and isinstance(view, View) and view.game == name
            declared = {f.name for f in fields(view) if not f.name.startswith("_")}
            assert set(view.fields()) == declared | {"game"}
            assert sorted(view.hand) == sorted(state.hands[seat]) and view.seat == seat
            assert view.counts == {p: len(state.hands[p]) for p in state.players}
            assert view.legal_actions() == [a for a in state.legal_actions() if a.player == seat]
            assert view == state.view(seat) and game_of(view) is game
            assert state.view(seat, sampling=False).fields() == view.fields()
            # The hidden cards dealt again at random, consistently with the view: the seat sees
            # the very same view, so nothing in it depends on a card it cannot see.
            sampled = view.sample_state(rng)
            if sampled is None:
                continue
            assert type(sampled) is type(state) and sorted(sampled.hands[seat]) == sorted(view.hand)
            assert public_fields(sampled.view(seat)) == public_fields(view)


@cases
def test_standings_rank_every_player_once_the_game_is_over(name, rules, n):
    game = find_game(name)
    last = None
    for last, _rng in positions(game, rules, n, seed=5, games=1):  # the same position, played on
        assert last.standings() == {}
    places = last.standings()
    assert last.is_over() and sorted(places) == sorted(last.players)
    assert sum(places.values()) == n * (n + 1) / 2
