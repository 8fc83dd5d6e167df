"""Seat views and computer players: a view hides every card its seat cannot see, and every bot of
every game and rule set plays only legal actions, to the end of the game."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import daifugo, durak, gandengyan
from cardlab.bots import BOTS, Bot, make_bot, next_actor
from cardlab.cards import Card
from cardlab.engine import View

NAMES = ["甲", "乙", "丙", "丁", "戊"]
GAMES = [(durak, rules, n) for rules in durak.RULESETS for n in (2, 3)]
GAMES += [(daifugo, rules, 4) for rules in daifugo.RULESETS]
GAMES += [(gandengyan, rules, n) for rules in gandengyan.RULESETS
          for n in sorted({gandengyan.RULESETS[rules].players[0], 4}) if n <= gandengyan.RULESETS[rules].players[1]]
IDS = [f"{m.State.game}-{r}-{n}" for m, r, n in GAMES]


def hidden_pools(state):
    """The attributes holding cards nobody at the table sees, as lists to be shuffled."""
    return [name for name in ("stock", "blind") if hasattr(state, name)]


def reshuffled(state, seat, rng):
    """``state`` with every card ``seat`` cannot see dealt again at random (same hand sizes, the
    face-up Durak trump card staying at the bottom of the stock)."""
    other = state.copy()
    keep = getattr(state, "trump_card", None) if getattr(state, "stock", None) else None
    pool = [c for p in state.players if p != seat for c in state.hands[p]]
    for name in hidden_pools(state):
        pool += [c for c in getattr(state, name) if c != keep]
    rng.shuffle(pool)
    for p in state.players:
        if p != seat:
            n = len(state.hands[p])
            other.hands[p] = pool[:n]
            del pool[:n]
    for name in hidden_pools(state):
        n = len(getattr(state, name)) - (1 if name == "stock" and keep is not None else 0)
        cards = pool[:n]
        del pool[:n]
        if name == "stock":
            other.stock = cards + ([keep] if keep is not None else [])
        else:
            other.blind = tuple(cards)
    return other


def cards_in(value):
    if isinstance(value, Card):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from cards_in(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from cards_in(v)
    elif hasattr(value, "cards") and not isinstance(value, type):
        yield from cards_in(getattr(value, "physical", value.cards))


def random_position(module, rules, n, seed, steps):
    """A position ``steps`` random actions into a seeded game (a Daifugo one in the exchange
    phase or after it, from the second game of a set, when the seed is odd)."""
    rng = random.Random(seed)
    if module is daifugo and seed % 2:
        match = daifugo.Match(rules, NAMES[:4], seed=seed)
        while not match.game.is_over():
            match.game.apply(rng.choice(match.game.legal_actions()))
        state = match.next_game()
    else:
        state = module.new_game(rules, NAMES[:n], seed=seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("module,rules,n", GAMES, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_a_view_never_shows_a_hidden_card(module, rules, n, seed, steps):
    state = random_position(module, rules, n, seed, steps)
    rng = random.Random(seed)
    for seat in state.players:
        view = state.view(seat)
        assert isinstance(view, View) and view.seat == seat
        other = reshuffled(state, seat, rng)
        twin = other.view(seat)
        # Two positions differing only in hidden cards: the same public fields, the same skeleton.
        assert twin.fields() == view.fields()
        assert twin._skeleton.key() == view._skeleton.key()
        if module is not durak:  # Durak's priority rule lets a little through (engine.View)
            assert twin == view
        hidden = {c for p in state.players if p != seat for c in state.hands[p]}
        hidden |= {c for name in hidden_pools(state) for c in getattr(state, name)}
        hidden.discard(getattr(view, "trump_card", None))
        hidden -= set(getattr(view, "gave", ()))  # Daifugo: the seat knows what it handed over
        assert not hidden & set(cards_in(view.fields()))
        skeleton = view._skeleton
        assert not hidden & {c for p in state.players for c in skeleton.hands[p]}
        for name in hidden_pools(state):
            assert not getattr(skeleton, name)
        assert view.legal_actions() == [a for a in state.legal_actions() if a.player == seat]


@pytest.mark.parametrize("module,rules,n", GAMES, ids=IDS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_a_sampled_position_agrees_with_the_view(module, rules, n, seed, steps):
    state = random_position(module, rules, n, seed, steps)
    rng = random.Random(seed)
    for seat in state.players:
        view = state.view(seat)
        sample = view.sample_state(rng)
        if sample is None:
            assert module is daifugo and state.exchanging
            continue
        assert sample.view(seat).fields() == view.fields()
        deck = sorted(c.index for c in state.deck_cards())
        where = [c for h in sample.hands.values() for c in h] + list(view.played)
        where += list(getattr(sample, "stock", [])) + list(getattr(sample, "blind", ()))
        assert sorted(c.index for c in where) == deck


def play_with(state, bots, seed):
    rng = random.Random(seed)
    agents = {p: make_bot(name, seed=seed + i, **({"rollouts": 3} if name == "montecarlo" else {}))
              for i, (p, name) in enumerate(zip(state.players, bots))}
    for _ in range(5000):
        if state.is_over():
            return state
        seat = next_actor(state, rng)
        view = state.view(seat)
        action = agents[seat].choose(view)
        assert action in view.legal_actions()
        state.apply(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("module,rules,n", GAMES, ids=IDS)
@pytest.mark.parametrize("bot", list(BOTS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_every_bot_plays_legal_actions_to_the_end(module, rules, n, bot, seed):
    names = NAMES[:n]
    if module is daifugo and seed % 2:
        match = daifugo.Match(rules, names, seed=seed)
        play_with(match.game, [bot, "simple"] * 2, seed)
        state = match.next_game()  # opens with the exchange
    else:
        state = module.new_game(rules, names, seed=seed)
    others = "random" if bot == "simple" else "simple"
    state = play_with(state, [bot] + [others] * (n - 1), seed)
    places = state.standings()
    assert sorted(places) == sorted(names)
    assert sum(places.values()) == pytest.approx(n * (n + 1) / 2)


def test_bots_are_repeatable_and_explain_in_the_engines_words():
    game = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": "S9 D7 H8".split(), "乙": "SK CA D6".split()},
                           stock="C6 C7 C8 C9 CQ HA".split(), attacker="甲")
    view = game.view("甲")
    for name in BOTS:
        first, second = make_bot(name, seed=3), make_bot(name, seed=3)
        assert first.choose(view) == second.choose(view)
    text = make_bot("simple").explain(view)
    assert text.startswith("甲 opens the round against 乙 with 7♦") and "simple" in text
    text = make_bot("montecarlo", rollouts=8).explain(view)
    assert "rollouts" in text


def test_simple_durak_defends_cheaply_and_takes_rather_than_waste_a_trump():
    game = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": "S9 D7".split(), "乙": "SK SQ CA D6".split()},
                           stock="H6 H7 H8 H9 HJ HQ HK HA D8 D9 D10 C7".split(), trump="C", attacker="甲")
    game.act("甲 attack S9")
    assert make_bot("simple").choose(game.view("乙")) == game.parse_action("乙 defend S9 SQ")
    game = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": "S9 D7".split(), "乙": "SK SQ CA D6".split()},
                           stock="H6 H7 H8 H9 HJ HQ HK HA D8 D9 D10 C7".split(), trump="C", attacker="甲")
    game.act("甲 attack D7")
    assert make_bot("simple").choose(game.view("乙")).verb == "take"


def test_make_bot_refuses_an_unknown_name():
    with pytest.raises(ValueError, match="no bot named 'clever'"):
        make_bot("clever")
    assert all(issubclass(cls, Bot) for cls in BOTS.values())


def test_a_view_of_a_stranger_is_refused():
    game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
    with pytest.raises(ValueError, match="does not sit at this table"):
        game.view("丙")


def test_montecarlo_with_a_time_limit_still_returns_a_legal_action():
    game = gandengyan.new_game("yiqi", ["甲", "乙", "丙"], seed=2)
    view = game.view(game.to_act()[0])
    assert make_bot("montecarlo", time_limit=0.0).choose(view) in view.legal_actions()
    with pytest.raises(ValueError):
        make_bot("montecarlo", rollouts=0)
