"""Properties of random legal Durak play of its own, for every rule set and 2-6 players; those
every game has (play ends, cards are conserved, check and refusals, replay, copies) are in
tests/conformance/."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import durak
from cardlab.engine import Action

MAX_DECISIONS = 5000
COMBOS = [(rules, n) for rules in durak.RULESETS for n in range(2, 7)]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def names(n):
    return [f"p{i}" for i in range(1, n + 1)]


def candidates(state):
    """Every verb (and two foreign ones) with every card or pair of cards, for every player."""
    deck = durak.DECK
    for p in state.players:
        for c in deck:
            yield Action(p, "attack", (c,))
            yield Action(p, "transfer", (c,))
            yield Action(p, "play", (c,))
        for a in deck:
            for d in deck:
                yield Action(p, "defend", (a, d))
        for verb in ("take", "done", "swap", "pass"):
            yield Action(p, verb, ())


def by_the_rules(state):
    """A copy of ``state`` that remembers no legal actions: its check() applies every rule, where
    ``state`` accepts an action its legal_actions() just returned without asking again."""
    fresh = state.copy()
    assert getattr(fresh, "_offered", None) is None
    return fresh


def random_game(rules, n, seed, visit=None):
    """Play a seeded random legal game; ``visit(state, rng)`` sees every position before each
    decision. Returns the actions taken and the final state."""
    state = durak.new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        assert len(actions) < MAX_DECISIONS, "the game did not end"
        if visit:
            visit(state, rng)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions, state


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_a_game_ends_with_the_durak_alone_holding_cards_or_a_draw(rules, n, seed):
    def visit(state, rng):
        assert all(not state.hands[p] for p in state.out)

    _actions, final = random_game(rules, n, seed, visit)
    assert final.stock == [] and final.attacks == []
    holding = [p for p in final.players if final.hands[p]]
    if final.loser is None:
        assert holding == [] and final.is_draw
    else:
        assert holding == [final.loser] and not final.is_draw


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=5, deadline=None)
@given(seed=seeds)
def test_legal_actions_are_exactly_the_candidates_check_accepts(rules, n, seed):
    """Against every action Durak's notation can write (every verb with every card or pair of
    cards, by every player): the conformance suite samples random candidates, this tries them all."""
    checked = []

    def visit(state, rng):
        if rng.random() < 0.08 or not checked:
            legal = set(state.legal_actions())
            fresh = by_the_rules(state)
            accepted = {a for a in candidates(state) if fresh.check(a) is None}
            assert accepted == legal
            checked.append(len(legal))

    random_game(rules, n, seed, visit)
