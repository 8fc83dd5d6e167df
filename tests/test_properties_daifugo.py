"""Properties of Daifugo under random legal play of whole jdf sets and yeeqia matches."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cards import StandIn
from cardlab.daifugo import RULESETS, Match, judge, readings
from cardlab.daifugo.rules import REASON_CODES_USED
from cardlab.engine import REASON_CODES, Action, IllegalAction

P = ("n", "e", "s", "w")
LIMIT = 2000  # decisions in one game; random play needs a few hundred at most
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
rule_sets = st.sampled_from(sorted(RULESETS))
seeds = st.integers(0, 2**32 - 1)


def every_card(game) -> Counter:
    cards = [c for hand in game.hands.values() for c in hand]
    cards += [c for _, play in game.table for c in play.physical]
    return Counter(cards + game.pile + list(game.blind))


def play_match(rules, seed, check_each_step=True):
    match = Match(rules, P, seed=seed)
    rng = random.Random(seed)
    deck = Counter(match.rules.deck)
    while True:
        game = match.game
        for _ in range(LIMIT):
            if game.is_over():
                break
            if check_each_step:
                assert every_card(game) == deck
            game.apply(rng.choice(game.legal_actions()))
        assert game.is_over(), "a game did not end"
        assert every_card(game) == deck
        assert sorted(game.places) == sorted(P)
        assert sorted(game.result().values()) == sorted(match.rules.rank_names)
        if match.is_over():
            return match
        match.next_game()


@FEW
@given(rules=rule_sets, seed=seeds)
def test_random_sets_and_matches_end_with_every_card_present_once(rules, seed):
    match = play_match(rules, seed)
    assert len(match.records()) == match.games


@settings(max_examples=5, deadline=None)
@given(rules=rule_sets, seed=seeds)
def test_the_same_seed_replays_the_same_set(rules, seed):
    first = play_match(rules, seed, check_each_step=False)
    again = play_match(rules, seed, check_each_step=False)
    assert first.records() == again.records() and first.game.key() == again.game.key()


def signature(game, action):
    """What an action does, with the two interchangeable jokers not told apart."""
    if action.verb == "play":
        play = game.play_of(action)
        return (action.player, "play", play.kind, play.rank, play.size, play.suit,
                frozenset(play.naturals), play.jokers)
    return (action.player, action.verb, frozenset(action.cards))


def swap_jokers(action):
    def swap(token):
        if isinstance(token, StandIn):
            return StandIn(swap(token.card), token.suit, token.rank)
        return {"BJ": RJ, "RJ": BJ}.get(token.code, token)

    return Action(action.player, action.verb, tuple(swap(t) for t in action.cards))


BJ, RJ = (next(c for c in RULESETS["jdf"].deck if c.code == code) for code in ("BJ", "RJ"))


def candidates(game, rng):
    """Actions of every kind, most of them illegal: random handfuls of cards, with random
    stand-ins on the jokers, by every player, and legal plays with the jokers swapped."""
    deck = game.rules.deck
    out = [swap_jokers(a) for a in game.legal_actions() if a.verb == "play"]
    for _ in range(40):
        player = rng.choice(P)
        hand = game.hands[player] or list(deck)
        tokens = rng.sample(hand, min(len(hand), rng.randint(0, 5)))
        if rng.random() < 0.2:
            tokens.append(rng.choice(deck))
        tokens = [StandIn(t, rng.choice("SHDC") if rng.random() < 0.5 else None, rng.randint(2, 14))
                  if t.is_wild and rng.random() < 0.5 else t for t in tokens]
        verb = rng.choice(["play", "play", "play", "pass", "give"])
        if verb == "pass":
            tokens = []
        elif verb == "give":
            tokens = [t.card if isinstance(t, StandIn) else t for t in tokens]
        if verb == "play" and not tokens:
            continue
        out.append(Action(player, verb, tuple(tokens)))
    return out


@FEW
@given(rules=rule_sets, seed=seeds, data=st.data())
def test_check_agrees_with_legal_actions_and_refusals_change_nothing(rules, seed, data):
    rng = random.Random(seed)
    match = Match(rules, P, seed=seed)
    game = match.game
    if data.draw(st.booleans(), label="second game, with the exchange"):
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
        game = match.next_game()
    for _ in range(data.draw(st.integers(0, 80), label="decisions before the look")):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    legal = game.legal_actions()
    judge = game.copy()  # remembers no offered actions: every check goes through the rules
    assert all(judge.check(a) is None for a in legal)
    assert len(set(legal)) == len(legal)
    known = {signature(game, a) for a in legal}
    for action in candidates(game, rng):
        refusal = judge.check(action)
        if refusal is None:
            assert signature(game, action) in known, f"{action} is accepted but not listed"
            continue
        assert refusal.code in REASON_CODES and refusal.explanation
        before = game.key()
        try:
            game.apply(action)
        except IllegalAction as exc:
            assert exc.code == refusal.code
        else:
            raise AssertionError(f"{action} was refused by check but applied")
        assert game.key() == before


@settings(max_examples=30, deadline=None)
@given(rules=rule_sets, seed=seeds, steps=st.integers(0, 80), exchange=st.booleans())
def test_copy_is_equal_and_independent(rules, seed, steps, exchange):
    match = Match(rules, P, seed=seed)
    rng = random.Random(seed)
    if exchange:  # the next game of the set opens with the card exchange
        while not match.game.is_over():
            match.game.apply(rng.choice(match.game.legal_actions()))
        match.next_game()
    game = match.game
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    twin = game.copy()
    assert twin == game and twin.key() == game.key() and twin.describe() == game.describe()
    before = game.key()
    while not twin.is_over():  # playing the copy to its end leaves the original alone
        twin.apply(rng.choice(twin.legal_actions()))
    assert game.key() == before
    again = game.copy()
    if not game.is_over():  # and playing the original leaves a copy alone
        game.apply(rng.choice(game.legal_actions()))
        assert again.key() == before


def every_legal_play(game):
    """The plays the player on turn may make, found the slow way: every handful of their cards,
    read every way it can be (jokers unnamed), kept when judge() lets it go on the table."""
    hand = game.hands[game.turn]
    found = set()
    for k in range(1, len(hand) + 1):
        for tokens in combinations(hand, k):
            for play in readings(tokens, game.rules)[0]:
                if judge(play, game.top, game.rules, game.revolution, game.lock) is None:
                    found.add((play.kind, play.rank, play.size, play.suit, frozenset(play.naturals),
                               play.jokers))
    return found


def assert_every_legal_play_listed_once(game):
    plays = [a for a in game.legal_actions() if a.verb == "play"]
    listed = [signature(game, a)[2:] for a in plays]
    assert len(set(listed)) == len(listed)
    assert set(listed) == every_legal_play(game)


@FEW
@given(rules=rule_sets, seed=seeds, data=st.data())
def test_legal_actions_list_every_legal_play_once(rules, seed, data):
    """Against every_legal_play, in positions of random play (hands of nine cards at most);
    again after a copy was played on (a copy shares what the position remembers of its hands)
    and once the hand on turn is set from outside, as a sampled deal or a test does."""
    rng = random.Random(seed)
    game = Match(rules, P, seed=seed).game
    for _ in range(data.draw(st.integers(0, 80), label="decisions before the look")):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over():
        return
    if len(game.hands[game.turn]) <= 9:
        assert_every_legal_play_listed_once(game)
    legal = game.legal_actions()
    twin = game.copy()
    for _ in range(8):
        if twin.is_over():
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert game.legal_actions() == legal
    hand = game.hands[game.turn]
    game.hands[game.turn] = rng.sample(hand, rng.randint(1, min(9, len(hand))))
    assert_every_legal_play_listed_once(game)


def mixed_actions(game, rng):
    """Actions to check in ``game``: a few offered ones, the same again as equal but new objects
    and in the notation, and the random candidates (most of them illegal)."""
    legal = game.legal_actions()
    offered = rng.sample(legal, min(3, len(legal)))
    return offered + [Action(*a) for a in offered] + [str(a) for a in offered] + candidates(game, rng)


def positions(rules, seed, data):
    """The positions of a seeded random game, the second of a set (opening with the exchange) when
    hypothesis draws so, each with the random numbers of its look."""
    rng = random.Random(seed)
    match = Match(rules, P, seed=seed)
    if data.draw(st.booleans(), label="second game, with the exchange"):
        while not match.game.is_over():
            match.game.apply(rng.choice(match.game.legal_actions()))
        match.next_game()
    game = match.game
    while not game.is_over():
        yield game, rng
        game.apply(rng.choice(game.legal_actions()))


@settings(max_examples=10, deadline=None)
@given(rules=rule_sets, seed=seeds, data=st.data())
def test_check_leaves_no_trace(rules, seed, data):
    """check() of legal and illegal actions leaves the position as it was: equal, the same key(),
    and the same attributes compared in full (pickled), beside what it remembers in its slots."""
    for game, rng in positions(rules, seed, data):
        if rng.random() < 0.3:
            actions = mixed_actions(game, rng)
            before, key, twin = pickle.dumps(vars(game)), game.key(), game.copy()
            for action in actions:
                game.check(action)
            assert game.key() == key and game == twin
            assert pickle.dumps(vars(game)) == before


@settings(max_examples=10, deadline=None)
@given(rules=rule_sets, seed=seeds, data=st.data())
def test_every_refusal_carries_a_code_daifugo_declares(rules, seed, data):
    for game, rng in positions(rules, seed, data):
        if rng.random() < 0.3:
            for action in mixed_actions(game, rng):
                refusal = game.check(action)
                assert refusal is None or refusal.code in REASON_CODES_USED, (action, refusal)
