"""Properties of random legal Durak play, for every rule set and 2-6 players."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import durak
from cardlab.durak.rules import REASON_CODES_USED
from cardlab.engine import Action, IllegalAction

MAX_DECISIONS = 5000
COMBOS = [(rules, n) for rules in durak.RULESETS for n in range(2, 7)]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def names(n):
    return [f"p{i}" for i in range(1, n + 1)]


def all_cards(state):
    cards = [c for p in state.players for c in state.hands[p]]
    cards += state.stock + state.attacks + [d for d in state.defences if d is not None] + state.discard
    return cards


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
        legal = state.legal_actions()
        assert legal, f"no legal action but the game is not over:\n{state.describe()}"
        if visit:
            visit(state, rng)
        action = rng.choice(legal)
        state.apply(action)
        actions.append(action)
    return actions, state


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_random_play_ends_and_every_card_stays_exactly_once(rules, n, seed):
    deck = sorted(durak.DECK)

    def visit(state, rng):
        assert sorted(all_cards(state)) == deck
        fresh = by_the_rules(state)
        for action in state.legal_actions():
            assert state.check(action) is None and fresh.check(action) is None, action
        assert all(not state.hands[p] for p in state.out)

    actions, final = random_game(rules, n, seed, visit)
    assert sorted(all_cards(final)) == deck
    assert final.stock == [] and final.attacks == []
    holding = [p for p in final.players if final.hands[p]]
    if final.loser is None:
        assert holding == [] and final.is_draw
    else:
        assert holding == [final.loser] and not final.is_draw
    assert final.legal_actions() == []


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=5, deadline=None)
@given(seed=seeds)
def test_legal_actions_are_exactly_the_candidates_check_accepts(rules, n, seed):
    checked = []

    def visit(state, rng):
        if rng.random() < 0.08 or not checked:
            legal = set(state.legal_actions())
            assert len(legal) == len(state.legal_actions()), "an action is listed twice"
            fresh = by_the_rules(state)
            accepted = {a for a in candidates(state) if fresh.check(a) is None}
            assert accepted == legal
            checked.append(len(legal))

    random_game(rules, n, seed, visit)


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_an_illegal_action_changes_nothing(rules, n, seed):
    pool = list(durak.DECK)

    def visit(state, rng):
        before = state.key()
        legal = set(state.legal_actions())
        for _ in range(6):
            p = rng.choice(state.players)
            verb = rng.choice(["attack", "defend", "take", "done", "transfer", "swap"])
            cards = tuple(rng.sample(pool, durak.DurakState.VERBS[verb]))
            action = Action(p, verb, cards)
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(action)
            assert info.value.code == state.check(action).code
            assert state.key() == before

    random_game(rules, n, seed, visit)


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_actions_offered_before_a_change_are_checked_again(rules, n, seed):
    """The actions legal_actions() returned are accepted at once only in the position they were
    returned for: after any change, those very objects are judged by every rule again."""
    state = durak.new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            break
        offered = state.legal_actions()
        state.apply(rng.choice(offered))
        fresh = by_the_rules(state)
        for action in offered:  # asked before legal_actions() is asked again
            assert state.check(action) == fresh.check(action), action


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_the_same_seed_replays_the_same_game(rules, n, seed):
    first_actions, first = random_game(rules, n, seed)
    second_actions, second = random_game(rules, n, seed)
    assert first_actions == second_actions
    assert first.key() == second.key()
    # and replaying the recorded actions on a fresh deal reaches the same end
    state = durak.new_game(rules, names(n), seed=seed)
    for action in first_actions:
        state.apply(action)
    assert state.key() == first.key()


@settings(max_examples=30, deadline=None)
@given(combo=st.sampled_from(COMBOS), seed=seeds, steps=st.integers(0, 120))
def test_copy_is_equal_and_independent(combo, seed, steps):
    rules, n = combo
    game = durak.new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    twin = game.copy()
    assert twin == game and twin.key() == game.key() and twin.describe() == game.describe()
    assert twin.attackers() == game.attackers() and twin.legal_actions() == game.legal_actions()
    before = game.key()
    while not twin.is_over():  # playing the copy to its end leaves the original alone
        twin.apply(rng.choice(twin.legal_actions()))
    assert game.key() == before
    again = game.copy()
    if not game.is_over():  # and playing the original leaves a copy alone
        game.apply(rng.choice(game.legal_actions()))
        assert again.key() == before


def mixed_actions(state, rng):
    """Actions to check in ``state``: a few offered ones, the same again as equal but new objects
    and in the notation, and random ones by every player with every verb and two foreign ones,
    their cards mostly from the hands and the table (most of them illegal)."""
    legal = state.legal_actions()
    offered = rng.sample(legal, min(3, len(legal)))
    out = offered + [Action(*a) for a in offered] + [str(a) for a in offered]
    near = [c for p in state.players for c in state.hands[p]] + state.attacks + list(durak.DECK[:4])
    for _ in range(12):
        verb = rng.choice(["attack", "defend", "take", "done", "transfer", "swap", "play", "pass"])
        count = durak.DurakState.VERBS.get(verb, rng.randint(0, 2))
        out.append(Action(rng.choice(state.players), verb, tuple(rng.sample(near, min(count, len(near))))))
    return out


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_check_leaves_no_trace(rules, n, seed):
    """check() of legal and illegal actions leaves the position as it was: equal, the same key(),
    and the same attributes compared in full (pickled), beside what it remembers in its slots."""

    def visit(state, rng):
        actions = mixed_actions(state, rng)
        before, key, twin = pickle.dumps(vars(state)), state.key(), state.copy()
        for action in actions:
            state.check(action)
        assert state.key() == key and state == twin
        assert pickle.dumps(vars(state)) == before

    random_game(rules, n, seed, visit)


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_every_refusal_carries_a_code_durak_declares(rules, n, seed):
    def visit(state, rng):
        for action in mixed_actions(state, rng):
            refusal = state.check(action)
            assert refusal is None or refusal.code in REASON_CODES_USED, (action, refusal)

    random_game(rules, n, seed, visit)
