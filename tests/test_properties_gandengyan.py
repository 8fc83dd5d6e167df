"""Properties of Gan Deng Yan under random legal play, for every rule set and player count."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cards import StandIn
from cardlab.engine import REASON_CODES, Action, IllegalAction
from cardlab.gandengyan import RULESETS, new_game
from cardlab.gandengyan.rules import REASON_CODES_USED
from cardlab.registry import find_game

GDY = find_game("gandengyan")

# A round plays at least one card or, while the stock lasts, draws one; between two plays at most
# every other player passes. So a game has fewer than 2 x 58 rounds and plays, each followed by
# fewer than 5 passes: 2 x 58 x 5 decisions is a generous bound that random play must respect.
LIMIT = 2 * 58 * 5
COMBOS = [(name, n) for name, rules in RULESETS.items() for n in range(rules.players[0], rules.players[1] + 1)]
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)


def names(n):
    return [f"p{i}" for i in range(1, n + 1)]


def every_card(game) -> Counter:
    cards = [c for hand in game.hands.values() for c in hand] + game.stock + game.pile
    cards += [c for _, play in game.table for c in play.physical]
    return Counter(cards)


def by_the_rules(game):
    """A copy of ``game`` that remembers no legal actions: its check() applies every rule, where
    ``game`` accepts an action its legal_actions() offered without reading it again."""
    fresh = game.copy()
    assert getattr(fresh, "_offered", None) is None
    return fresh


def random_game(rules, n, seed, visit=None):
    """Play a seeded random legal game to its end; ``visit(game, rng)`` sees every position before
    each decision. Returns the actions taken and the final position."""
    game = new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    deck = Counter(game.rules.deck)
    actions = []
    while not game.is_over():
        assert len(actions) < LIMIT, "the game did not end"
        legal = game.legal_actions()
        assert legal, f"no legal action but the game is not over:\n{game.describe()}"
        if visit:
            visit(game, rng)
        action = rng.choice(legal)
        game.apply(action)
        actions.append(action)
        assert every_card(game) == deck
    return actions, game


@pytest.mark.parametrize("rules, n", COMBOS)
@FEW
@given(seed=seeds)
def test_random_games_end_with_every_card_present_once(rules, n, seed):
    _, game = random_game(rules, n, seed)
    result = game.result()
    if game.winner is None:  # blocked: two players, each holding one joker, and no stock
        assert n == 2 and not game.stock and sorted(len(h) for h in game.hands.values()) == [1, 1]
    else:
        assert result["leftovers"][game.winner] == [] and game.finished() == [game.winner]
        assert all(result["leftovers"][p] for p in game.players if p != game.winner)


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_the_same_seed_replays_the_same_game(rules, n, seed):
    first, end = random_game(rules, n, seed)
    again, end_again = random_game(rules, n, seed)
    assert first == again and end.key() == end_again.key()


def signature(game, action):
    """What an action does, with interchangeable jokers and wild cards not told apart."""
    if action.verb == "play":
        play = game.play_of(action)
        return (action.player, "play", play.kind, play.place, frozenset(play.naturals), play.wilds)
    return (action.player, action.verb, frozenset(action.cards))


def candidates(game, rng):
    """Actions of every kind, most of them illegal: random handfuls of cards with random stand-ins on
    the jokers and wild cards, by every player, with every verb and a foreign one."""
    deck = game.rules.deck
    out = []
    for _ in range(60):
        player = rng.choice(game.players)
        hand = game.hands[player]
        tokens = rng.sample(hand, min(len(hand), rng.randint(1, 5)))
        if rng.random() < 0.2:
            tokens.append(rng.choice(deck))
        tokens = [StandIn(t, rng.choice("SHDC") if rng.random() < 0.3 else None, rng.randint(2, 14))
                  if t.is_wild and rng.random() < 0.5 else t for t in tokens]
        verb = rng.choice(["play", "play", "play", "play", "pass", "give"])
        out.append(Action(player, verb, () if verb == "pass" else tuple(tokens)))
    return out


@pytest.mark.parametrize("rules, n", COMBOS)
@FEW
@given(seed=seeds, data=st.data())
def test_check_agrees_with_legal_actions_and_refusals_change_nothing(rules, n, seed, data):
    looks = data.draw(st.integers(1, 4), label="positions looked at")
    seen = []

    def look(game, rng):
        if len(seen) >= looks or rng.random() > 0.15:
            return
        seen.append(1)
        legal = game.legal_actions()
        judge = by_the_rules(game)
        assert len(set(legal)) == len(legal)
        assert all(judge.check(a) is None for a in legal)
        known = {signature(judge, a) for a in legal}
        assert len(known) == len(legal), "two listed actions do the same"
        for action in candidates(game, rng):
            refusal = judge.check(action)
            assert game.check(action) == refusal  # the actions just offered aside, nothing is remembered
            if refusal is None:
                assert signature(judge, action) in known, f"{action} is accepted but not listed"
                continue
            assert refusal.code in REASON_CODES and refusal.explanation
            before = game.key()
            with pytest.raises(IllegalAction) as info:
                game.apply(action)
            assert info.value.code == refusal.code
            assert game.key() == before

    random_game(rules, n, seed, visit=look)


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_the_winner_deals_and_leads_the_next_game(seed):
    _, game = random_game("yiqi", 4, seed)
    following = GDY.next_game(game, seed + 1)
    dealer = game.winner or game.dealer
    assert following.dealer == following.turn == dealer
    assert len(following.hands[dealer]) == 6
    assert sorted(len(h) for p, h in following.hands.items() if p != dealer) == [5, 5, 5]


@settings(max_examples=30, deadline=None)
@given(seed=seeds, steps=st.integers(0, 60))
def test_copy_is_independent(seed, steps):
    game = new_game("yiqi", names(3), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    twin = game.copy()
    assert twin == game and twin.key() == game.key()
    if not twin.is_over():
        twin.apply(rng.choice(twin.legal_actions()))
        assert twin != game




@pytest.mark.parametrize("rules, n", COMBOS)
@FEW
@given(seed=seeds)
def test_actions_offered_in_an_earlier_position_are_judged_by_the_rules(rules, n, seed):
    """check() accepts an action legal_actions() offered without reading it again only in the
    position it was offered in: each player's actions offered earlier, checked again whenever
    that player is to act (after other plays, or after a hand was set from outside), get the
    very answer the rules give."""
    game = new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    earlier = {}  # player -> the actions offered to them in an earlier position
    while not game.is_over():
        if rng.random() < 0.1:  # a hand set from outside: two players swap hands
            a, b = rng.sample(game.players, 2)
            game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
        judge = by_the_rules(game)
        for action in earlier.get(game.turn, ()):
            assert game.check(action) == judge.check(action), action
        if rng.random() < 0.5:  # asked here, so that game remembers what it offered
            offered = earlier[game.turn] = game.legal_actions()
        else:
            offered = judge.legal_actions()
        game.apply(rng.choice(offered))


def mixed_actions(game, rng):
    """Actions to check in ``game``: a few offered ones, the same again as equal but new objects
    and in the notation, and the random candidates (most of them illegal)."""
    legal = game.legal_actions()
    offered = rng.sample(legal, min(3, len(legal)))
    return offered + [Action(*a) for a in offered] + [str(a) for a in offered] + candidates(game, rng)


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_check_leaves_no_trace(rules, n, seed):
    """check() of legal and illegal actions leaves the position as it was: equal, the same key(),
    and the same attributes compared in full (pickled), beside what it remembers in its slots."""

    def visit(game, rng):
        if rng.random() < 0.3:
            actions = mixed_actions(game, rng)
            before, key, twin = pickle.dumps(vars(game)), game.key(), game.copy()
            for action in actions:
                game.check(action)
            assert game.key() == key and game == twin
            assert pickle.dumps(vars(game)) == before

    random_game(rules, n, seed, visit)


@pytest.mark.parametrize("rules, n", COMBOS)
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_every_refusal_carries_a_code_gandengyan_declares(rules, n, seed):
    def visit(game, rng):
        if rng.random() < 0.3:
            for action in mixed_actions(game, rng):
                refusal = game.check(action)
                assert refusal is None or refusal.code in REASON_CODES_USED, (action, refusal)

    random_game(rules, n, seed, visit)
