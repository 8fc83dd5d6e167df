"""Properties of Daifugo of its own, under random legal play of whole jdf sets and yeeqia matches:
the sets and matches, and the readings of the jokers; those every game has (play ends, cards are
conserved, check and refusals, replay of a game, copies) are in tests/conformance/."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cards import StandIn
from cardlab.daifugo import RULESETS, Match, judge, readings
from cardlab.engine import Action

P = ("n", "e", "s", "w")
LIMIT = 2000  # decisions in one game; random play needs a few hundred at most
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
rule_sets = st.sampled_from(sorted(RULESETS))
seeds = st.integers(0, 2**32 - 1)


def play_match(rules, seed):
    match = Match(rules, P, seed=seed)
    rng = random.Random(seed)
    while True:
        game = match.game
        for _ in range(LIMIT):
            if game.is_over():
                break
            game.apply(rng.choice(game.legal_actions()))
        assert game.is_over(), "a game did not end"
        assert sorted(game.places) == sorted(P)
        assert sorted(game.result().values()) == sorted(match.rules.rank_names)
        if match.is_over():
            return match
        match.next_game()


@FEW
@given(rules=rule_sets, seed=seeds)
def test_random_sets_and_matches_end_with_every_player_ranked_in_each_game(rules, seed):
    match = play_match(rules, seed)
    assert len(match.records()) == match.games


@settings(max_examples=5, deadline=None)
@given(rules=rule_sets, seed=seeds)
def test_the_same_seed_replays_the_same_set(rules, seed):
    first = play_match(rules, seed)
    again = play_match(rules, seed)
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
def test_an_action_check_accepts_is_listed_whatever_its_jokers_stand_in_for(rules, seed, data):
    """Random handfuls with random stand-ins on the jokers, and the listed plays with the two
    jokers swapped: one that check() accepts does what a listed action does (the conformance
    suite compares the cards only)."""
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
    known = {signature(game, a) for a in legal}
    for action in candidates(game, rng):
        if judge.check(action) is None:
            assert signature(game, action) in known, f"{action} is accepted but not listed"


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
