"""Computer players for every game and rule set.

A bot sees only what its seat may see: it is handed a :class:`~cardlab.engine.View` (made by
``state.view(seat)``), never the state, and returns one of ``view.legal_actions()``.

- ``random``: a uniformly random legal action.
- ``simple``: the game's rules of thumb (``View.rule_of_thumb``, written in each game's ``bot``
  module: :mod:`cardlab.durak.bot`, :mod:`cardlab.daifugo.bot`, :mod:`cardlab.gandengyan.bot`).
- ``montecarlo``: determinized rollouts. For each rollout it deals the cards the seat cannot see
  at random, consistently with what it has seen (``View.sample_state``), tries one of its legal
  actions, plays the game out with ``simple`` players and notes the place the seat finished in;
  it chooses the action with the best average place.

Every random choice comes from the bot's ``seed``: the same bot, seed and views give the same
choices.

>>> from cardlab import durak
>>> from cardlab.bots import make_bot
>>> game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
>>> view = game.view(game.to_act()[0])
>>> make_bot("simple").choose(view) in view.legal_actions()
True
"""

from __future__ import annotations

import random
import time

from ..engine import Action, State, View

__all__ = ["BOTS", "Bot", "MonteCarloBot", "RandomBot", "SimpleBot", "make_bot", "next_actor", "play",
           "play_out"]

MAX_DECISIONS = 20_000


class Bot:
    """A computer player. ``choose(view)`` returns one of ``view.legal_actions()``;
    ``explain(view)`` says what it would play and why, in the engine's words where it can."""

    name = ""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.decide(view)[0]

    def decide(self, view: View) -> tuple[Action, str]:
        """``(action, reason)``: the choice and the bot's reason for it in a few words."""
        raise NotImplementedError

    def explain(self, view: View) -> str:
        """What the bot would play and why: the event text of the action (what the engine says
        when it is played, in a position consistent with the view) and the bot's reason."""
        action, reason = self.decide(view)
        return f"{action_text(view, action, self.rng)} ({self.name}: {reason})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def action_text(view: View, action: Action, rng: random.Random) -> str:
    """The engine's sentence for ``action`` in the view's position: the text of the first event
    it makes, played in a sampled position (only the seat's own move is told, nothing sampled).
    The action in the notation when the game cannot sample a position."""
    state = view.consistent_sample(rng)
    if state is None or not state.is_legal(action):
        return str(action)
    return state.apply(action)[0].text


class RandomBot(Bot):
    """A uniformly random legal action."""

    name = "random"

    def decide(self, view):
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{view.seat} has no legal action in this position")
        return self.rng.choice(legal), f"picked at random from {len(legal)} legal actions"


class SimpleBot(Bot):
    """The game's rules of thumb (``View.rule_of_thumb``); deterministic."""

    name = "simple"

    def decide(self, view):
        return view.rule_of_thumb()


class MonteCarloBot(Bot):
    """Determinized rollouts with ``simple`` players.

    ``rollouts`` is the budget per decision, shared round-robin among the candidate actions; the
    candidates are the ``simple`` choice and up to ``max_actions - 1`` others (every legal action
    when there are no more). ``time_limit`` (seconds), when given, stops earlier: the choice then
    depends on the machine's speed, so simulations that must repeat exactly leave it out; with
    ``time_limit=0.05`` a decision takes about 50 milliseconds (at least one rollout per candidate).
    The default budget is 16 rollouts among at most 4 actions, so that the same seed gives the
    same games on any machine; its time per decision depends on the game and the machine
    (``benchmarks/bots.py`` prints it: Durak's rollouts are the quickest, Daifugo's the slowest).
    """

    name = "montecarlo"

    def __init__(self, seed: int = 0, rollouts: int = 16, time_limit: float | None = None,
                 max_actions: int = 4):
        super().__init__(seed)
        if rollouts < 1 or max_actions < 1:
            raise ValueError("rollouts and max_actions are at least 1")
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.max_actions = max_actions

    def decide(self, view):
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{view.seat} has no legal action in this position")
        simple, why = view.rule_of_thumb()
        if len(legal) == 1:
            return legal[0], "the only legal action"
        if view.consistent_sample(self.rng) is None:
            return simple, f"{why} (no rollouts here: the hidden cards cannot be dealt yet)"
        others = [a for a in legal if a != simple]
        self.rng.shuffle(others)
        candidates = [simple] + others[:self.max_actions - 1]
        totals = [0.0] * len(candidates)
        wins = [0] * len(candidates)
        counts = [0] * len(candidates)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.rollouts):
            if deadline is not None and i >= len(candidates) and time.perf_counter() > deadline:
                break
            k = i % len(candidates)
            state = view.consistent_sample(self.rng)
            if not state.is_legal(candidates[k]):
                continue
            state.apply(candidates[k])
            place = play_out(state, self.rng)[view.seat]
            totals[k] += place
            wins[k] += place == 1
            counts[k] += 1
        tried = [k for k in range(len(candidates)) if counts[k]]
        if not tried:
            return simple, f"{why} (no rollout could be played)"
        best = min(tried, key=lambda k: (totals[k] / counts[k], k))
        mean = totals[best] / counts[best]
        return candidates[best], (f"average place {mean:.2f}, first in {wins[best] / counts[best]:.0%} of "
                                  f"{counts[best]} rollouts; {len(tried)} actions tried")


def next_actor(state: State, rng: random.Random) -> str:
    """Who acts next when several players may (Durak's attackers and defender, Daifugo's
    exchange): one of them at random. Choice: a simulation has no clock, so who is quicker is
    drawn by lot."""
    players = state.to_act()
    return players[0] if len(players) == 1 else rng.choice(players)


def play_out(state: State, rng: random.Random) -> dict[str, float]:
    """Play ``state`` to the end with ``simple`` players (it is changed); return the places."""
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            return state.standings()
        action, _ = state.view(next_actor(state, rng), sampling=False).rule_of_thumb()
        state.apply(action)
    raise RuntimeError(f"a rollout did not end in {MAX_DECISIONS} decisions")


def play(state: State, bots, seed: int = 0):
    """Play ``state`` to the end (it is changed), yielding ``(action, events)`` after every action.
    ``bots`` maps each player to a :class:`Bot`, or is one bot's name for every player (each
    seeded from ``seed``). Who acts first, when several may, is drawn from ``seed``.

    >>> from cardlab import gandengyan
    >>> game = gandengyan.new_game("yiqi", ["甲", "乙"], seed=4)
    >>> steps = list(play(game, "simple"))
    >>> game.is_over(), steps[-1][1][-1].kind in ("win", "blocked")
    (True, True)
    """
    if isinstance(bots, str):
        bots = {p: make_bot(bots, seed=seed * 16 + i) for i, p in enumerate(state.players)}
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            return
        seat = next_actor(state, rng)
        action = bots[seat].choose(state.view(seat))
        yield action, state.apply(action)
    raise RuntimeError(f"the game did not end in {MAX_DECISIONS} decisions")


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "simple": SimpleBot, "montecarlo": MonteCarloBot}


def make_bot(name: str, seed: int = 0, **options) -> Bot:
    """A bot by its name in :data:`BOTS`. Raises ``ValueError`` for an unknown name."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named {name!r} (bots: {', '.join(BOTS)})") from None
    return cls(seed, **options)
