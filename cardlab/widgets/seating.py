"""Who sits at a game table (:class:`~cardlab.widgets.Table`): the game, its rule set, the players,
the learner's seat and the bots, each argument checked (a :class:`~cardlab.widgets.WidgetError`
naming it), and the first deal."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..engine import DealError, State
from ..i18n import _, commas, shown
from ..registry import UnavailableGame, UnknownGame, find_game, game_names
from .args import WidgetError

# Seat names, clockwise; a learner types or reads the seat letter beside each (甲 (A)).
NAMES = "甲乙丙丁戊己"
SEEDS = 1_000_000  # a fresh random seed (seed=None) is below this: short enough to note down


def _bot(name: str, seed: int):
    from ..bots import make_bot

    return make_bot(name, seed=seed)


def bots_of(bots) -> str | dict:
    """``bots`` as a table keeps it: a bot name, or a copy of a mapping of seats to bot names."""
    from ..bots import BOTS

    names = list(bots.values()) if isinstance(bots, Mapping) else [bots]
    if not isinstance(bots, (str, Mapping)):
        raise WidgetError(f"bots must be a bot name ({', '.join(BOTS)}) or a mapping of seats to bot names, "
                          f"not {shown(bots)}")
    for name in names:
        if not isinstance(name, str) or name not in BOTS:
            raise WidgetError(f"no bot named {shown(name)} (bots: {', '.join(BOTS)})")
    return dict(bots) if isinstance(bots, Mapping) else bots


def seed_of(seed) -> int:
    """``seed``, a whole number; ``None``: a fresh random one."""
    if seed is None:
        return secrets.randbelow(SEEDS)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WidgetError(f"seed must be a whole number (or None for a fresh random one), not {shown(seed)}")
    return seed


def bot_name(bots: str | dict, player: str) -> str:
    """The name of ``player``'s bot, as :func:`bots_of` keeps them."""
    return bots.get(player, "simple") if isinstance(bots, dict) else bots


@dataclass
class Seating:
    """A table's game, rule set and players, the learner's seat, the other seats' bots, the match
    (``None`` for a single game) and its first deal (``state``)."""

    game: str
    rules_name: str
    spec: object
    players: tuple
    seat: str
    bots: dict
    match: object
    state: State


def plan(game: str, rules: str, players, seat: str | None, bots: str | dict, seed: int, match: bool,
         keep: str | None = None) -> Seating:
    """Everything a table of ``game`` under ``rules`` needs, checked, with its first deal (the
    seat ``keep`` when ``seat`` is None and it plays at it, else the first); nothing of a table
    changes here, so a refused new table leaves the one being played as it was."""
    try:
        spec = find_game(game)
    except UnavailableGame as exc:
        raise WidgetError(str(exc)) from None
    except UnknownGame:
        raise WidgetError(f"no game named {shown(game)} (games: {', '.join(game_names())})") from None
    if not isinstance(rules, str) or rules not in spec.rulesets:
        raise WidgetError(f"{game} has no rule set {shown(rules)} ({', '.join(spec.rulesets)})")
    low, high = spec.player_counts[rules]
    if players is None:
        players = min(max(spec.default_players, low), high)
    if isinstance(players, bool) or not isinstance(players, (int, Iterable)):
        raise WidgetError(f"players must be a number of players or a list of their names, not {shown(players)}")
    if isinstance(players, int):
        if not low <= players <= min(high, len(NAMES)):
            raise WidgetError(f"{rules} is for {low} to {high} players, not {players}")
        players = list(NAMES[:players])
    players = tuple(players)
    if not low <= len(players) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise WidgetError(f"{rules} is for {count} players, not {len(players)}")
    if seat is None:
        seat = keep if keep in players else players[0]
    elif seat not in players:
        seat = next((p for i, p in enumerate(players) if "ABCDEFGH"[i] == str(seat).upper()), seat)
    if seat not in players:
        raise WidgetError(f"seat {shown(seat)} is not a player ({', '.join(map(str, players))})")
    unknown = [p for p in (bots if isinstance(bots, dict) else {}) if p not in players]
    if unknown:
        raise WidgetError(_("bots names {seats}, who would not be at the table (players: {players})",
                            seats=commas(sorted(shown(p) for p in unknown)), players=commas(players)))
    try:
        played = spec.new_match(rules, players, seed=seed) if match else None
        state = played.game if played is not None else spec.new_game(rules, players, seed=seed)
    except DealError as exc:  # players' names: the engine's own sentence
        raise WidgetError(str(exc)) from None
    seated = {p: _bot(bot_name(bots, p), seed * 100 + i) for i, p in enumerate(players) if p != seat}
    return Seating(game, rules, spec, players, seat, seated, played, state)
