"""Durak game after game: a match (the loser of each game deals the next), how a game ended, and
its line of a score table."""

from __future__ import annotations

from ..engine import Match
from ..i18n import Message, _, p_
from .rules import DurakRules
from .state import DurakState, new_game


def new_match(rules: DurakRules | str, players, seed: int = 0) -> Match:
    """Game after game without end (a table's match): the first game as :func:`~.state.new_game`
    deals it with ``seed``, each later one with its loser dealing (:func:`next_game`)."""
    return Match(new_game(rules, players, seed=seed), seed=seed)


def next_game(state: DurakState, seed: int = 0) -> DurakState:
    """The game after ``state``: the loser deals and the player on their left attacks (after a
    draw, the holder of the lowest trump). Raises ``ValueError`` while ``state`` is not over."""
    if not state.over:
        raise ValueError("the game is not over")
    return new_game(state.rules, state.players, seed=seed, previous_loser=state.loser)


def outcome(state: DurakState) -> Message:
    if state.loser:
        return _("{player} is the durak (the fool)", player=state.loser)
    return _("a draw, nobody is the durak")


def score_line(state: DurakState) -> tuple[dict[str, Message], dict[str, int]]:
    """Durak, out or draw; one for the durak."""
    # TRANSLATORS: a player's result in a line of the score table: the durak (the fool, who lost),
    # out (went out of cards in time), or a draw.
    cells = {p: p_("score", "durak") if p == state.loser
             else (p_("score", "draw") if state.loser is None else p_("score", "out")) for p in state.players}
    return cells, {p: int(p == state.loser) for p in state.players}


def score_total(state: DurakState) -> Message:
    return p_("score", "times durak")
