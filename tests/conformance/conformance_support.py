"""What the conformance suite runs every game through: the registered games (cardlab's own, and
the toy game of tests/toygame registered through cardlab.registry.register), each rule set and
number of seats as a case, seeded random play, and candidate actions (most of them illegal)."""

from __future__ import annotations

import random
from collections import Counter
from contextlib import contextmanager

from cardlab import registry
from cardlab.cards import SUITS, StandIn, plain
from cardlab.engine import CONTRACT_VERBS, Action

import toygame

TOY = toygame.GAME
# Decisions of one game: far more than random play of any game needs (a Durak game with six
# players takes a few hundred); a game that goes on longer is taken not to end.
MAX_DECISIONS = 5000


@contextmanager
def toy_registered():
    """The toy game registered while inside, through the registry's public register(); the
    registry as it was afterwards, so that the tests of other files see cardlab's games only."""
    saved = dict(registry._games)
    registry.register(TOY)
    try:
        yield TOY
    finally:
        registry._games.clear()
        registry._games.update(saved)
        registry._by_class.clear()


def cases() -> list[tuple[str, str, int]]:
    """(game, rule set, players) for every registered game, rule set and number of seats."""
    with toy_registered():
        return [(game.name, rules, n) for game in registry.all_games() for rules in game.rulesets
                for n in range(game.player_counts[rules][0], game.player_counts[rules][1] + 1)]


def game_names() -> list[str]:
    with toy_registered():
        return registry.game_names()


CASES = cases()
GAMES = game_names()
CASE_IDS = [f"{game}-{rules}-{n}" for game, rules, n in CASES]


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def has_next_game(game, state) -> bool:
    try:
        game.next_game(state.copy(), seed=0)
    except NotImplementedError:
        return False
    return True


def positions(game, rules: str, n: int, seed: int, games: int = 2):
    """Every position of seeded random legal play, before each decision, with the random numbers
    of the look at it: a game dealt by ``seed`` and, where the game has matches, the next
    ``games - 1`` (the second Daifugo game opens with the exchange). Asserts that each game ends
    and that a game not over has a legal action."""
    state = game.new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    for number in range(games):
        for _ in range(MAX_DECISIONS):
            if state.is_over():
                break
            legal = state.legal_actions()
            assert legal, f"no legal action but the game is not over:\n{state.describe()}"
            yield state, rng
            state.apply(rng.choice(legal))
        assert state.is_over(), f"random play did not end in {MAX_DECISIONS} decisions"
        if number + 1 == games or not has_next_game(game, state):
            return
        state = game.next_game(state, seed=seed + number + 1)


def random_game(game, rules: str, n: int, seed: int):
    """The actions of a seeded random legal game and its last position."""
    state = game.new_game(rules, names(n), seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        assert len(actions) < MAX_DECISIONS, "the game did not end"
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions, state


def missing_verbs(state) -> list[str]:
    """The contract's verbs this game lacks: each is refused with not_allowed."""
    return [verb for verb in CONTRACT_VERBS if verb not in state.VERBS]


def candidates(state, rng, count: int = 16) -> list[Action]:
    """Random actions, most of them illegal: by every player, with every verb of the game and one
    it lacks, of as many cards as the verb takes, mostly from the hands and the table."""
    game = registry.game_of(state)
    near = list(dict.fromkeys(game.every_card(state)))
    deck = sorted(state.deck_cards())
    verbs = list(state.VERBS) + missing_verbs(state)[:1]
    out = []
    for _ in range(count):
        verb = rng.choice(verbs)
        want = state.VERBS.get(verb, rng.randint(0, 2))
        low, high = (want, want) if isinstance(want, int) else want
        size = rng.randint(low, max(low, min(high, low + 4)))
        pool = near if len(near) >= size and rng.random() < 0.8 else deck
        out.append(Action(rng.choice(state.players), verb, tuple(read(c, rng) for c in rng.sample(pool, size))))
    return out


def read(token, rng):
    """A joker or wild card as itself or, half the time, standing in for a random rank (and suit)."""
    if token.is_wild and rng.random() < 0.5:
        return StandIn(token, rng.choice(SUITS) if rng.random() < 0.5 else None, rng.randint(2, 14))
    return token


def mixed_actions(state, rng) -> list:
    """A few offered actions, the same again as equal new objects and in the notation, and the
    random candidates."""
    legal = state.legal_actions()
    offered = rng.sample(legal, min(3, len(legal)))
    return offered + [Action(*a) for a in offered] + [str(a) for a in offered] + candidates(state, rng)


def physical(action: Action) -> tuple:
    """What an action does, read as its player, verb and cards (a stand-in as the card it is)."""
    return action.player, action.verb, Counter(plain(c) for c in action.cards)


def by_the_rules(state):
    """A copy that remembers no offered actions: its check() applies every rule."""
    fresh = state.copy()
    assert getattr(fresh, "_offered", None) is None
    return fresh
