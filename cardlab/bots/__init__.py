"""Computer players for every game and rule set.

A bot sees only what its seat may see: it is handed a :class:`~cardlab.engine.View` (made by
``state.view(seat)``), never the state, and returns one of ``view.legal_actions()``.

- ``random``: a uniformly random legal action.
- ``simple``: the game's rules of thumb (its spec's ``rule_of_thumb(view)``, :class:`cardlab.game.Game`,
  written in each game's ``bot`` module: :mod:`cardlab.durak.bot`, :mod:`cardlab.daifugo.bot`,
  :mod:`cardlab.gandengyan.bot`).
- ``montecarlo``: determinized rollouts. For each rollout it deals the cards the seat cannot see
  at random, consistently with what it has seen (``View.sample_state``), tries each of a few of
  its legal actions in that deal, plays the game out with ``simple`` players and notes the place
  the seat finished in; it chooses the action with the best average place. Its budget is
  counted in the decisions of those ``simple`` players, so that it is repeatable
  (:class:`MonteCarloBot`).

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
from ..i18n import Message, _, p_
from ..registry import game_of

__all__ = ["BOTS", "BOT_NAMES", "DEFAULT_BUDGET", "Bot", "MonteCarloBot", "RandomBot", "SimpleBot", "make_bot", "next_actor",
           "bot_word", "decide_here", "offered_action", "play", "play_out", "simple_rule"]

MAX_DECISIONS = 20_000
SAMPLE_TRIES = 20  # deals tried for one that agrees with the view (View.consistent_sample)
DEFAULT_BUDGET = 700  # decisions of the simple players in a montecarlo bot's rollouts (MonteCarloBot)


class Bot:
    """A computer player. ``choose(view)`` returns one of ``view.legal_actions()``;
    ``explain(view)`` says what it would play and why, in the engine's words where it can."""

    name = ""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.decide(view)[0]

    def decide(self, view: View) -> tuple[Action, str | Message]:
        """``(action, reason)``: the choice and the bot's reason for it in a few words (a message,
        read in the current language)."""
        raise NotImplementedError

    def explain(self, view: View) -> Message:
        """What the bot would play and why: the event text of the action (what the engine says
        when it is played, in a position consistent with the view) and the bot's reason, read in
        the current language (:meth:`advise`, in one sentence)."""
        move, why = self.advise(view)
        # TRANSLATORS: a bot's advice: what it would play, then the bot's name and its reason.
        return _("{action} ({why})", action=move, why=why)

    def advise(self, view: View) -> tuple[Message | str, Message]:
        """What the bot would play, as the engine says it when it is played (in a position
        consistent with the view), and apart from it the bot's name and its reason, which a
        teacher reads ("montecarlo: average place 1.50 ..."), each in the current language."""
        action, reason = self.decide(view)
        # TRANSLATORS: a bot's reason: its name (random, simple, montecarlo) and why.
        return action_text(view, action, self.rng), _("{bot}: {reason}", bot=bot_word(self.name), reason=reason)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def offered_action(legal: list[Action], seat: str, verb: str, cards: tuple) -> Action:
    """The action of ``legal`` whose cards are the very tuple ``cards`` (a rule of thumb picks a
    play, and the play's own tuple is its action's), which apply() accepts at once; else
    ``(seat, verb, cards)`` made anew."""
    for a in legal:
        if a.cards is cards:
            return a
    return Action(seat, verb, cards)


def action_text(view: View, action: Action, rng: random.Random) -> str:
    """The engine's sentence for ``action`` in the view's position: the text of the first event
    it makes, played in a sampled position (only the seat's own move is told, nothing sampled).
    The move in words (the game's ``move_words``) when the game cannot sample a position."""
    state = view.consistent_sample(rng)
    if state is None or not state.is_legal(action):
        return game_of(view).move_words(view, action)
    return state.apply(action)[0].text


class RandomBot(Bot):
    """A uniformly random legal action."""

    name = "random"

    def decide(self, view):
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{view.seat} has no legal action in this position")
        return self.rng.choice(legal), _("picked at random from {count} legal actions", count=len(legal))


class SimpleBot(Bot):
    """The game's rules of thumb (its spec's ``rule_of_thumb``); deterministic."""

    name = "simple"

    def decide(self, view):
        return game_of(view).rule_of_thumb(view)


class MonteCarloBot(Bot):
    """Determinized rollouts with ``simple`` players.

    The candidates (:meth:`candidates`): the ``simple`` choice, then the seat's actions that play
    no card (pass, take, done), then the plays the game suggests (its spec's ``alternatives``: in
    Gan Deng Yan the weakest of each kind) or others drawn at random, ``max_actions`` in all. A rollout deals
    the hidden cards once (:meth:`~cardlab.engine.View.consistent_sample`) and plays every
    candidate out from that same deal, with the same lots for who acts first, to the end of the
    game with ``simple`` players: the candidates are compared on equal deals, which tells them
    apart with far fewer rollouts than a fresh deal for each would. The bot chooses the
    candidate with the best average place (the ``simple`` choice on a tie).

    The budget: rollouts are played until the ``simple`` players in them have made ``budget``
    decisions in all (a rollout begun is finished, so there is always at least one), and no more
    than ``rollouts`` rollouts when that is given. Counted in decisions, the work per decision
    is about the same early in a game (long rollouts, few of them) as late (short ones, many),
    and the same seed gives the same choices on any machine. ``budget=DEFAULT_BUDGET`` takes at
    most about 50 milliseconds a decision on a slow machine (``benchmarks/bots.py`` prints the
    figures for every game and rule set). ``time_limit`` (seconds), when given, also stops once
    that much time has passed: the choice then depends on the machine's speed and load, so it is
    not repeatable, and a simulation that must repeat exactly leaves it out.
    """

    name = "montecarlo"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, rollouts: int | None = None,
                 time_limit: float | None = None, max_actions: int = 4):
        super().__init__(seed)
        if budget < 1 or max_actions < 1 or (rollouts is not None and rollouts < 1):
            raise ValueError("budget, rollouts and max_actions are at least 1")
        self.budget = budget
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.max_actions = max_actions

    def candidates(self, view: View, simple: Action) -> list[Action]:
        """The actions worth playing out, ``max_actions`` in all: ``simple``'s choice, the actions
        that play no card, then those the game suggests (its spec's ``alternatives(view)``) or,
        where it suggests none, others drawn at random."""
        legal = view.legal_actions()
        others = game_of(view).alternatives(view)
        if others is None:
            others = [a for a in legal if a.cards]
            self.rng.shuffle(others)
        out: list[Action] = []
        for a in [simple] + [a for a in legal if not a.cards] + others:
            if a not in out and a in legal:
                out.append(a)
        return out[:self.max_actions]

    def decide(self, view):
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{view.seat} has no legal action in this position")
        simple, why = game_of(view).rule_of_thumb(view)
        if len(legal) == 1:
            return legal[0], _("the only legal action")
        candidates = self.candidates(view, simple)
        if len(candidates) == 1:
            return simple, why
        totals = [0.0] * len(candidates)
        wins = [0] * len(candidates)
        played = decisions = 0
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        while decisions < self.budget and (self.rollouts is None or played < self.rollouts):
            if deadline is not None and played and time.perf_counter() > deadline:
                break
            deal = view.consistent_sample(self.rng, tries=SAMPLE_TRIES)
            if deal is None:
                return simple, _("{reason} (no rollouts here: the hidden cards cannot be dealt yet)", reason=why)
            lots = self.rng.getrandbits(32)
            if not all(deal.is_legal(a) for a in candidates):
                decisions += SAMPLE_TRIES  # rare (a rule that gives one player priority): counted as the deals it tried
                continue
            for k, action in enumerate(candidates):
                state = deal.copy()
                # Applied as the copy offers it (an equal action): accepted at once, where the copy,
                # having offered nothing, would check it by the rules in full.
                offered = state.legal_actions()
                state.apply(offered[offered.index(action)] if action in offered else action)
                places, steps = _rollout(state, random.Random(lots))
                totals[k] += places[view.seat]
                wins[k] += places[view.seat] == 1
                decisions += steps + 1
            played += 1
        if not played:
            return simple, _("{reason} (no rollout could be played)", reason=why)
        best = min(range(len(candidates)), key=lambda k: (totals[k], k))
        return candidates[best], _("average place {place}, first in {share} of {count} rollouts; {tried} actions "
                                   "tried", place=f"{totals[best] / played:.2f}", share=f"{wins[best] / played:.0%}",
                                   count=played, tried=len(candidates))


def next_actor(state: State, rng: random.Random) -> str:
    """Who acts next when several players may (Durak's attackers and defender, Daifugo's
    exchange): one of them at random. Choice: a simulation has no clock, so who is quicker is
    drawn by lot."""
    if type(state).to_act is State.to_act:  # to_act() written out: who holds an offered action, in seat order
        acting = {a.player for a in state.legal_actions()}
        if len(acting) == 1:
            return acting.pop()
        players = [p for p in state.players if p in acting]
    else:
        players = state.to_act()
        if len(players) == 1:
            return players[0]
    if rng.__class__ is not random.Random or not _PLAIN_CHOICE or not players:
        return rng.choice(players)
    # rng.choice(players) written out, the same draw: a rollout draws at most of its decisions.
    n = len(players)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return players[r]


# Whether random.Random.choice(seq) is seq[_randbelow_with_getrandbits(len(seq))], as next_actor
# draws it (every Python since 3.2; tests/test_bots.py checks the draws agree).
_PLAIN_CHOICE = random.Random._randbelow is random.Random._randbelow_with_getrandbits


def play_out(state: State, rng: random.Random) -> dict[str, float]:
    """Play ``state`` to the end with ``simple`` players (it is changed); return the places."""
    return _rollout(state, rng)[0]


def simple_rule(state: State):
    """The game's rules of thumb as a function of ``(state, seat)``, giving what
    ``rule_of_thumb(state.view(seat, sampling=False))`` gives: the ``simple`` player's
    ``(action, reason)``. A game's ``rule_of_thumb`` may carry such a function as its ``on_state``
    attribute, reading the few public facts it needs from the position without making a whole view
    (a rollout makes a decision every few microseconds); for a game without one, the view is made."""
    rule_of_thumb = game_of(state).rule_of_thumb
    on_state = getattr(rule_of_thumb, "on_state", None)
    if on_state is not None:
        return on_state
    return lambda state, seat: rule_of_thumb(state.view(seat, sampling=False))


def _rollout(state: State, rng: random.Random) -> tuple[dict[str, float], int]:
    """:func:`play_out`, and how many decisions it took."""
    rule = simple_rule(state)  # looked up once: a rollout makes many decisions
    for n in range(MAX_DECISIONS):
        if state.is_over():
            return state.standings(), n
        state.apply(rule(state, next_actor(state, rng))[0])
    raise RuntimeError(f"a rollout did not end in {MAX_DECISIONS} decisions")


def decide_here(bot: Bot, state: State, seat: str, rule=None) -> Action:
    """``bot.choose(state.view(seat))``, made cheaper for the bots that ask their view for no
    sample: the ``simple`` bot follows ``rule`` (:func:`simple_rule` of the game) without a view,
    and the ``random`` bot gets a view that cannot sample. Same choice."""
    kind = type(bot)
    if kind is SimpleBot:
        return (rule or simple_rule(state))(state, seat)[0]
    return bot.choose(state.view(seat, sampling=kind is not RandomBot))


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
    rule = simple_rule(state)
    for _turn in range(MAX_DECISIONS):
        if state.is_over():
            return
        seat = next_actor(state, rng)
        action = decide_here(bots[seat], state, seat, rule)
        yield action, state.apply(action)
    raise RuntimeError(f"the game did not end in {MAX_DECISIONS} decisions")


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "simple": SimpleBot, "montecarlo": MonteCarloBot}
# Each bot's name as a learner reads it (in English its own name, as one types it).
BOT_NAMES = {"random": p_("bot", "random"), "simple": p_("bot", "simple"), "montecarlo": p_("bot", "montecarlo")}


def bot_word(name: str) -> Message | str:
    """A bot's name as a learner reads it in the current language (:data:`BOT_NAMES`); a bot of
    another name as it is."""
    return BOT_NAMES.get(name, name)


def make_bot(name: str, seed: int = 0, **options) -> Bot:
    """A bot by its name in :data:`BOTS`. Raises ``ValueError`` for an unknown name."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named {name!r} (bots: {', '.join(BOTS)})") from None
    return cls(seed, **options)
