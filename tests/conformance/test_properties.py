"""Properties of seeded random legal play that every game, rule set and number of seats has:
play ends, no card appears or vanishes, check() agrees with legal_actions() and changes nothing
observable, an illegal action leaves the position exactly as it was, every refusal carries a
code the game declares and a plain explanation, the same seed replays the same game, and copies
are independent. A game's own properties stay in its tests/test_properties_<game>.py."""

import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.engine import REASON_CODES, IllegalAction, NotationError
from cardlab.registry import find_game

from conformance_support import (CASE_IDS, CASES, MAX_DECISIONS, by_the_rules, candidates, mixed_actions, names,
                                 physical, positions, random_game)

seeds = st.integers(0, 2**32 - 1)
FEW = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
cases = pytest.mark.parametrize("name, rules, n", CASES, ids=CASE_IDS)


@cases
@FEW
@given(seed=seeds)
def test_random_play_ends_and_every_card_stays_exactly_once(name, rules, n, seed):
    game = find_game(name)
    start = last = None
    for state, _rng in positions(game, rules, n, seed):
        if start is None or state is not last:  # a new game of the match: its own deal
            start, last = Counter(game.every_card(state)), state
            assert all(count == 1 for count in start.values()) and set(start) <= state.deck_cards()
        assert Counter(game.every_card(state)) == start
        assert state.to_act() == sorted({a.player for a in state.legal_actions()}, key=state.players.index)
    assert Counter(game.every_card(last)) == start
    assert last.legal_actions() == [] and last.to_act() == []
    places = last.standings()
    assert set(places) == set(last.players) and sum(places.values()) == n * (n + 1) / 2
    assert all(1 <= place <= n for place in places.values())


@cases
@FEW
@given(seed=seeds)
def test_check_agrees_with_legal_actions(name, rules, n, seed):
    """Every listed action is accepted, once; every candidate a position that remembers nothing
    accepts is listed (read as its cards: a joker's reading aside)."""
    game = find_game(name)
    for state, rng in positions(game, rules, n, seed):
        if rng.random() > 0.2:
            continue
        legal = state.legal_actions()
        judge = by_the_rules(state)
        assert len(set(legal)) == len(legal), "an action is listed twice"
        assert all(state.check(a) is None and judge.check(a) is None and state.is_legal(a) for a in legal)
        listed = [physical(a) for a in legal]
        for action in candidates(state, rng):
            if judge.check(action) is None:
                assert physical(action) in listed, f"{action} is accepted but not listed"


@cases
@FEW
@given(seed=seeds)
def test_check_changes_nothing_observable(name, rules, n, seed):
    """check() of offered, equal, written and random actions leaves the position equal, with the
    same key() and the same attributes compared in full (pickled), beside what it remembers in
    its slots."""
    game = find_game(name)
    for state, rng in positions(game, rules, n, seed):
        if rng.random() > 0.3:
            continue
        actions = mixed_actions(state, rng)
        before, key, twin = pickle.dumps(vars(state)), state.key(), state.copy()
        for action in actions:
            state.check(action)
        assert state.key() == key and state == twin and pickle.dumps(vars(state)) == before


@cases
@FEW
@given(seed=seeds)
def test_an_illegal_action_leaves_the_position_exactly_as_it_was(name, rules, n, seed):
    game = find_game(name)
    for state, rng in positions(game, rules, n, seed):
        if rng.random() > 0.2:
            continue
        for action in candidates(state, rng):
            refusal = state.check(action)
            if refusal is None:
                continue
            before, key = pickle.dumps(vars(state)), state.key()
            with pytest.raises(IllegalAction) as info:
                state.apply(action)
            assert info.value.code == refusal.code and info.value.action == action
            assert state.key() == key and pickle.dumps(vars(state)) == before


@cases
@FEW
@given(seed=seeds)
def test_every_refusal_has_a_declared_code_and_a_plain_explanation(name, rules, n, seed):
    game = find_game(name)
    for state, rng in positions(game, rules, n, seed):
        if rng.random() > 0.3:
            continue
        for action in mixed_actions(state, rng):
            refusal = state.check(action)
            if refusal is None:
                continue
            assert refusal.code in game.reason_codes and refusal.code in REASON_CODES, (action, refusal)
            explanation = str(refusal.explanation)
            assert explanation.strip() and "\n" not in explanation and "Traceback" not in explanation
            assert str(refusal.title) and refusal.code in str(refusal.text())


@cases
@FEW
@given(seed=seeds)
def test_a_malformed_action_is_a_notation_error_and_changes_nothing(name, rules, n, seed):
    game = find_game(name)
    state = game.new_game(rules, names(n), seed=seed)
    verb = next(iter(state.VERBS))
    key = state.key()
    for action in ((state.players[0], verb), (state.players[0], verb, ["S9"]), (1, verb, ()), "nobody " + verb,
                   f"{state.players[0]} frobnicate", f"{state.players[0]} {verb} S1"):
        with pytest.raises(NotationError):
            state.check(action)
    assert state.key() == key


@cases
@settings(max_examples=2, deadline=None)
@given(seed=seeds)
def test_the_same_seed_replays_the_same_game(name, rules, n, seed):
    game = find_game(name)
    first_actions, first = random_game(game, rules, n, seed)
    second_actions, second = random_game(game, rules, n, seed)
    assert first_actions == second_actions and first.key() == second.key()
    state = game.new_game(rules, names(n), seed=seed)  # the recorded actions replayed, in the notation
    for action in first_actions:
        state.act(str(action))
    assert state.key() == first.key() and state == first


@cases
@FEW
@given(seed=seeds, steps=st.integers(0, 300))
def test_copy_is_equal_and_independent(name, rules, n, seed, steps):
    """A copy of a position of a random game (or of the next game of its match: Daifugo's
    exchange) equals it, and playing either to the end leaves the other as it was."""
    game = find_game(name)
    state = rng = None
    for number, (state, rng) in enumerate(positions(game, rules, n, seed)):
        if number == steps:
            break
    state = state.copy()
    twin = state.copy()
    assert twin == state and twin.key() == state.key() and twin.describe() == state.describe()
    assert twin.legal_actions() == state.legal_actions() and type(twin) is type(state)
    before = state.key()
    for _ in range(MAX_DECISIONS):  # playing the copy to its end leaves the original alone
        if twin.is_over():
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert state.key() == before
    again = state.copy()
    if not state.is_over():  # and playing the original leaves a copy alone
        state.apply(rng.choice(state.legal_actions()))
        assert again.key() == before


@cases
@FEW
@given(seed=seeds)
def test_actions_offered_before_a_change_are_checked_again(name, rules, n, seed):
    """The actions legal_actions() returned are accepted at once only in the position they were
    returned for: after any change, those very objects are judged by every rule again."""
    game = find_game(name)
    state = game.new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            break
        offered = state.legal_actions()
        state.apply(rng.choice(offered))
        judge = by_the_rules(state)
        for action in offered:  # asked before legal_actions() is asked again
            assert state.check(action) == judge.check(action), action
