"""Properties of Gan Deng Yan of its own under random legal play, for every rule set and player
count: how a game ends, the readings of jokers and wild cards, the next game's deal; those every
game has (play ends, cards are conserved, check and refusals, replay, copies) are in
tests/conformance/."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cards import StandIn
from cardlab.engine import Action
from cardlab.gandengyan import RULESETS, new_game
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
    return actions, game


@pytest.mark.parametrize("rules, n", COMBOS)
@FEW
@given(seed=seeds)
def test_a_game_ends_with_the_winner_out_of_cards_or_blocked(rules, n, seed):
    _, game = random_game(rules, n, seed)
    result = game.result()
    if game.winner is None:  # blocked: two players, each holding one joker, and no stock
        assert n == 2 and not game.stock and sorted(len(h) for h in game.hands.values()) == [1, 1]
    else:
        assert result["leftovers"][game.winner] == [] and game.finished() == [game.winner]
        assert all(result["leftovers"][p] for p in game.players if p != game.winner)


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
def test_an_action_check_accepts_is_listed_whatever_its_wild_cards_stand_in_for(rules, n, seed, data):
    """Random handfuls with random stand-ins on the jokers and wild cards: one that check()
    accepts does what a listed action does, and no two listed actions do the same (the
    conformance suite compares the cards only)."""
    looks = data.draw(st.integers(1, 4), label="positions looked at")
    seen = []

    def look(game, rng):
        if len(seen) >= looks or rng.random() > 0.15:
            return
        seen.append(1)
        legal = game.legal_actions()
        judge = by_the_rules(game)
        known = {signature(judge, a) for a in legal}
        assert len(known) == len(legal), "two listed actions do the same"
        for action in candidates(game, rng):
            refusal = judge.check(action)
            assert game.check(action) == refusal  # the actions just offered aside, nothing is remembered
            if refusal is None:
                assert signature(judge, action) in known, f"{action} is accepted but not listed"

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


@pytest.mark.parametrize("rules, n", COMBOS)
@FEW
@given(seed=seeds)
def test_actions_offered_in_an_earlier_position_are_judged_by_the_rules(rules, n, seed):
    """check() accepts an action legal_actions() offered without reading it again only in the
    position it was offered in: each player's actions offered earlier, checked again whenever
    that player is to act, get the very answer the rules give, here also after a hand was set
    from outside (the conformance suite checks them after play only)."""
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
