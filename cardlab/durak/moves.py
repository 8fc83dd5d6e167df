"""The rules of Durak that need no position: which card beats which, every action a player can
take at a table with a given trump (each built once), how many may sit at it, the seats clockwise, the order of the ranks
and who attacks first."""

from __future__ import annotations

from functools import lru_cache

from ..cards import Card, format_cards
from ..engine import Action, DealError, player_name, player_names
from .rules import DECK


def seat_players(players) -> tuple[str, ...]:
    """The players' names, checked: Durak is for 2 to 6 players. Raises :class:`DealError`."""
    players = player_names(players)
    if not 2 <= len(players) <= 6:
        raise DealError(f"durak is for 2 to 6 players, not {len(players)}")
    return players


def beats(attack: Card, defence: Card, trump: str) -> bool:
    """Whether ``defence`` beats ``attack``: a higher card of the same suit, or any trump against a
    non-trump. Suits other than trump never outrank each other."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump


class Moves:
    """Every action one player can ever take at a table with this trump, each built once: a
    position's legal_actions() only picks them out (``attack[card]``, ``defend[attack][card]``
    for the cards that beat ``attack`` ...)."""

    __slots__ = ("player", "trump", "attack", "transfer", "defend", "done", "take", "swap")

    def __init__(self, player: str, trump: str):
        self.player, self.trump = player, trump
        self.attack = {c: Action(player, "attack", (c,)) for c in DECK}
        self.transfer = {c: Action(player, "transfer", (c,)) for c in DECK}
        self.defend = {a: {d: Action(player, "defend", (a, d)) for d in beaten}
                       for a, beaten in beaten_by(trump).items()}
        self.done = Action(player, "done")
        self.take = Action(player, "take")
        self.swap = Action(player, "swap")

    def __reduce__(self):
        # A pickled or deep-copied position names its players' actions; it does not carry them.
        return moves_of, (self.player, self.trump)


@lru_cache(maxsize=4)
def beaten_by(trump: str) -> dict[Card, tuple[Card, ...]]:
    """Each card, and the cards that beat it."""
    return {a: tuple(d for d in DECK if beats(a, d, trump)) for a in DECK}


@lru_cache(maxsize=64)
def moves_of(player: str, trump: str) -> Moves:
    return Moves(player, trump)


@lru_cache(maxsize=64)
def clockwise(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The seats clockwise from each player."""
    return {p: players[i:] + players[:i] for i, p in enumerate(players)}


@lru_cache(maxsize=64)
def seatings(players: tuple[str, ...]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """For each player attacking first while nobody is out: who defends (the next seat), and who
    attacks (that player first, then the others clockwise after the defender)."""
    return {p: (seats[1], seats[:1] + seats[2:]) for p, seats in clockwise(players).items()}


# holds and index_of are ``card in cards`` and ``cards.index(card)``, faster: each card is one
# object, so looking for that object is enough, where ``in``, ``index`` and ``remove`` ask every
# card they pass whether it equals ``card`` (through Python, since cards define an order).

def holds(cards, card: Card) -> bool:
    for c in cards:
        if c is card:
            return True
    return False


def index_of(cards, card: Card) -> int:
    i = 0
    for c in cards:
        if c is card:
            return i
        i += 1
    raise ValueError(f"{card} is not among {format_cards(cards)}")


def rank_order(text: str) -> int:
    """The place of a rank written as text (``"6"`` ... ``"A"``), lowest first."""
    return "6 7 8 9 10 J Q K A".split().index(text)


def lowest_trump_holder(players, hands, trump) -> str | None:
    """Who holds the lowest trump, or ``None`` when nobody does."""
    best = None
    for p in players:
        for c in hands.get(p, ()):
            if c.suit == trump and (best is None or c.rank < best[1].rank):
                best = (p, c)
    return best[0] if best else None


def first_attacker(players: tuple[str, ...], hands, stock, trump: str, attacker: str | None = None,
                   previous_loser: str | None = None) -> str:
    """Who attacks first in a game dealt ``hands`` and ``stock``: ``attacker`` when named; else the
    player on the left of ``previous_loser`` (who deals); else the holder of the lowest trump (else
    the first player). Raises :class:`DealError` for a player who does not sit at the table, or a
    deal in which the first round cannot be played."""
    if attacker is None:
        if previous_loser is not None:
            previous_loser = player_name(previous_loser)
            if previous_loser not in players:
                raise DealError(f"previous_loser {previous_loser!r} is not a player")
            attacker = players[(players.index(previous_loser) + 1) % len(players)]
        else:
            attacker = lowest_trump_holder(players, hands, trump) or players[0]
    elif (attacker := player_name(attacker)) not in players:
        raise DealError(f"attacker {attacker!r} is not a player")
    holding = [p for p in players if hands.get(p)]
    if not stock and len(holding) < 2:
        raise DealError("at least two players must hold cards when the stock is empty")
    if not stock and attacker not in holding:
        raise DealError(f"the attacker {attacker} holds no cards and the stock is empty")
    if stock:
        # Nobody is out while the stock lasts, so the next seat defends; both need cards to play.
        for p in (attacker, players[(players.index(attacker) + 1) % len(players)]):
            if not hands.get(p):
                raise DealError(f"{p} holds no cards but must attack or defend first; while the stock "
                                "has cards, every player refills before a round begins")
    return attacker
