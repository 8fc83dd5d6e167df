"""Gan Deng Yan game after game: a match (the winner of each game deals the next), how a game
ended, and its line of a score table."""

from __future__ import annotations

from ..engine import Match
from ..i18n import Message, _, n_, p_
from .rules import GanDengYanRules
from .state import GanDengYanState, new_game


def new_match(rules: GanDengYanRules | str, players, seed: int = 0) -> Match:
    """Game after game without end (a table's match): the first game as :func:`~.state.new_game`
    deals it with ``seed``, each later one dealt by its winner (:func:`next_game`)."""
    return Match(new_game(rules, players, seed=seed), seed=seed)


def next_game(state: GanDengYanState, seed: int = 0) -> GanDengYanState:
    """The game after ``state``, freshly shuffled by ``seed``: the winner deals and leads (after a
    blocked game, the same dealer again). Raises ``ValueError`` while ``state`` is not over."""
    if not state.over:
        raise ValueError("the game is not over")
    return new_game(state.rules, state.players, seed, dealer=state.winner or state.dealer)


def outcome(state: GanDengYanState) -> Message:
    return _("{player} wins", player=state.winner) if state.winner else _("blocked, nobody wins")


def score_line(state: GanDengYanState) -> tuple[dict[str, Message], dict[str, int]]:
    """Wins, or the cards left; one for the winner."""
    cells = {p: p_("score", "wins") if p == state.winner
             else n_("{count} card left", "{count} cards left", len(state.hands[p])) for p in state.players}
    return cells, {p: int(p == state.winner) for p in state.players}


def score_total(state: GanDengYanState) -> Message:
    return p_("score total", "wins")
