"""The fast paths against the readable rules, their oracle (STYLE.md: "A fast path with the readable
rules as its oracle"), for every rule set of every game, in positions of seeded random play.

In each position looked at:
- the legal actions: each listed once, and the same as :meth:`State.legal_actions_readable` (the
  candidates the rules as written accept), interchangeable jokers and wild cards not told apart;
- their order: the same list from a copy that remembers nothing (each hand sorted out anew), so
  that what a position keeps never changes the bots' seeded choices;
- refusals: for offered actions, equal ones made anew, ones in the notation and random ones (most
  of them illegal), ``check`` (which accepts an offered action at once) gives what the rules as
  written (``_check``) give on a copy that remembers nothing: the same code and explanation, or
  the same notation error; an illegal action applied changes nothing;
- apply: the offered action, applied with what the position worked out for it, gives the same
  events and position as an equal action applied to a copy that remembers nothing.

The normal run looks at a few hundred positions (seconds). ``CARDLAB_DIFF_GAMES=N`` plays N more
games of every rule set and player count, every position looked at (the oracle of the legal
actions, which tries every handful of cards, at one position in ``CARDLAB_DIFF_ORACLE``, default
10), and prints the counts:

    CARDLAB_DIFF_GAMES=2000 python -m pytest tests/test_differential.py -k many -s
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import daifugo, durak, gandengyan
from cardlab.cards import StandIn
from cardlab.engine import Action, IllegalAction, NotationError

ROOT = Path(__file__).resolve().parent.parent

SETUPS = ([("durak", rules, n) for rules in durak.RULESETS for n in (2, 3, 4, 6)]
          + [("daifugo", rules, 4) for rules in daifugo.RULESETS]
          + [("gandengyan", name, n) for name, rules in gandengyan.RULESETS.items()
             for n in range(rules.players[0], rules.players[1] + 1)])
MODULES = {"durak": durak, "daifugo": daifugo, "gandengyan": gandengyan}
MAX_DECISIONS = 5000
GAMES = int(os.environ.get("CARDLAB_DIFF_GAMES", "0"))
ORACLE_EVERY = int(os.environ.get("CARDLAB_DIFF_ORACLE", "10"))


def names(n):
    return [f"p{i}" for i in range(1, n + 1)]


def positions(game, rules, n, seed):
    """Every position of a seeded random game, and the random numbers to look with; for Daifugo a
    set's first two games (the second opens with the card exchange)."""
    rng = random.Random(seed)
    if game == "daifugo":
        match = daifugo.Match(rules, names(n), seed=seed)
        states = [match.game]
    else:
        states = [MODULES[game].new_game(rules, names(n), seed=seed)]
    for k in range(2 if game == "daifugo" else 1):
        state = states[-1] if k == 0 else match.next_game()
        for _ in range(MAX_DECISIONS):
            if state.is_over():
                break
            yield state, rng
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over(), "the game did not end"


def token(t):
    """A card of an action, a joker or wild card as any joker or wild card standing for the same."""
    if isinstance(t, StandIn):
        return ("wild", t.suit or "", t.rank)
    if t.suit is None:
        return ("wild", "", 0)
    return (t.code, "", 0)


def same_play(action):
    """What an action does, a play's interchangeable jokers and wild cards not told apart (the fast
    path lists a play once, with the jokers in the deck's order; the oracle lists each joker)."""
    if action.verb != "play":  # a joker handed over in the exchange is that very card
        return action
    return action.player, action.verb, tuple(sorted(map(token, action.cards)))


def verdict(state, action):
    """What ``check`` says, as comparable data: ``None``, the code and explanation, or the
    notation error."""
    try:
        refusal = state.check(action)
    except NotationError as exc:
        return ("notation", str(exc))
    return None if refusal is None else (refusal.code, str(refusal.explanation))


def readable_verdict(state, action):
    """What the rules as written say, on a copy that remembers nothing."""
    plain = state.fresh_copy()
    try:
        if isinstance(action, str):
            action = plain.parse_action(action)
        plain.validate(action)
    except NotationError as exc:
        return ("notation", str(exc))
    refusal = plain._check(action)
    return None if refusal is None else (refusal.code, str(refusal.explanation))


def random_actions(state, rng, k):
    """``k`` actions by any player with any verb of the game (and a foreign one), their cards
    mostly from the hands, sometimes from the whole deck, jokers sometimes written as stand-ins."""
    deck = sorted(state.deck_cards(), key=lambda c: c.index)
    verbs = [*type(state).VERBS, "play", "attack"]
    out = []
    for _ in range(k):
        player = rng.choice(state.players)
        pool = state.hands[player] or deck
        verb = rng.choice(verbs)
        count = rng.choice([0, 1, 1, 2, 2, 3, 4])
        cards = rng.sample(pool, min(count, len(pool)))
        if rng.random() < 0.2:
            cards.append(rng.choice(deck))
        cards = [StandIn(c, rng.choice([None, "S", "H"]), rng.randint(2, 14)) if c.suit is None and rng.random() < 0.5
                 else c for c in cards]
        out.append(Action(player, verb, tuple(cards)))
    return out


def events(evs):
    return [(e.kind, e.player, e.cards, str(e.text)) for e in evs]


def look(state, rng, oracle):
    """Hold the fast paths of ``state`` to the readable rules (the module's docstring); the
    position is then left to play on. Returns how many actions were judged."""
    legal = state.legal_actions()
    listed = [same_play(a) for a in legal]
    assert len(set(listed)) == len(listed), "an action is listed twice"
    if oracle:
        accepted = {same_play(a) for a in state.fresh_copy().legal_actions_readable()}
        assert set(listed) == accepted, (sorted(set(listed) - accepted), sorted(accepted - set(listed)))
    assert state.fresh_copy().legal_actions() == legal, "what the position kept changed the order"
    for seat in state.players:  # a view made after legal_actions() reads what it offered
        assert state.view(seat, sampling=False).legal_actions() == [a for a in legal if a.player == seat]
    offered = rng.sample(legal, min(3, len(legal)))
    tried = offered + [Action(*a) for a in offered] + [str(a) for a in offered] + random_actions(state, rng, 8)
    for action in tried:
        assert verdict(state, action) == readable_verdict(state, action), action
    state.legal_actions()  # offered again: check() may have kept what it worked out for another
    before = state.key()
    for action in tried[-8:]:
        if verdict(state, action) is None:
            continue
        plain = state.fresh_copy()
        with pytest.raises((IllegalAction, NotationError)):
            plain.apply(action)
        assert plain.key() == before
    chosen = rng.choice(legal)
    plain = state.fresh_copy()
    expected = events(plain.apply(Action(*chosen)))
    fast = state.copy()
    fast_legal = fast.legal_actions()
    assert events(fast.apply(fast_legal[legal.index(chosen)])) == expected
    assert fast.key() == plain.key()
    assert fast.legal_actions() == plain.legal_actions()
    return len(tried)


@pytest.mark.parametrize("game, rules, n", SETUPS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_fast_paths_agree_with_the_readable_rules(game, rules, n, seed, data):
    every = data.draw(st.integers(6, 30), label="look at one position in")
    looked = 0
    for i, (state, rng) in enumerate(positions(game, rules, n, seed)):
        if i % every == 0:
            look(state, rng, oracle=looked % 2 == 0)
            looked += 1
    assert looked


@pytest.mark.skipif(not GAMES, reason="set CARDLAB_DIFF_GAMES=N to play N games of every rule set")
@pytest.mark.parametrize("game, rules, n", SETUPS)
def test_many_seeded_games(game, rules, n):
    counts = Counter()
    for seed in range(GAMES):
        for i, (state, rng) in enumerate(positions(game, rules, n, 1_000_003 * seed + 7)):
            oracle = i % ORACLE_EVERY == 0
            counts["actions judged"] += look(state, rng, oracle)
            counts["positions"] += 1
            counts["positions against the oracle"] += oracle
    print(f"\n{game} {rules} {n}p: {GAMES} games, " + ", ".join(f"{v} {k}" for k, v in counts.items()))


@pytest.mark.parametrize("rules", list(durak.RULESETS))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_durak_facts_kept_as_cards_land_agree_with_the_table(rules, n):
    """Durak keeps the ranks on the table and the number of unbeaten attack cards up to date as
    cards land (its legal_actions() and the end of a round read them); the readable rules work
    them out from the table. Every position of seeded games, and its copy, agrees."""
    for seed in range(5):
        for state, _rng in positions("durak", rules, n, seed):
            for s in (state, state.copy()):
                assert s._ranks == s.ranks and s._open == len(s.unbeaten()), (seed, s.describe())


@pytest.mark.parametrize("game,rules,n", [s for s in SETUPS if s[2] == min(x[2] for x in SETUPS if x[0] == s[0])])
def test_a_copy_checks_and_applies_without_an_exception_caught_inside(game, rules, n):
    """A copy (as a bot's rollout makes one) has offered and checked nothing; apply() and check()
    find that out without raising and catching an AttributeError, dear under Pyodide."""
    state = MODULES[game].new_game(rules, names(n), seed=5)
    raised = []

    def trace(frame, event, arg):
        if event == "exception" and frame.f_code.co_filename.startswith(str(ROOT / "cardlab")):
            raised.append((frame.f_code.co_name, arg[0].__name__))
        return trace

    for state in (state.copy(), state.fresh_copy()):
        equal = Action(*state.legal_actions()[0])  # equal to an offered action, not that very one
        other = state.copy()
        sys.settrace(trace)
        try:
            assert other.check(equal) is None
            other.apply(equal)
        finally:
            sys.settrace(None)
    assert raised == []
