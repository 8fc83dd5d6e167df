"""Daifugo (大富豪) for four players, in two named rule sets (``RULESETS``).

- ``jdf``: the Japan Daifugo Federation's four-player rules as 000_7efe1181282f1e8f.txt describes
  them: 52 cards and two jokers, two unseen blind cards per set of four games, 13 cards each;
  revolution, 8-cut of single 8s and groups of 8s, forbidden finishes (反則上がり), suit lock
  (スート縛り), spade-3 return (スペ3返し), the exchange and miyako-ochi (都落ち).
- ``yeeqia``: the 52-card web rules of 002_ceb091eee2b3e11b.txt: no jokers, no 2 in a sequence,
  any play holding an 8 cuts, a four of a kind starts or ends a revolution, places score +3, +1,
  −1, −3 and a match is three games. No forbidden finishes, suit lock or miyako-ochi.

Both: 3 is lowest, then 4 ... K, A, 2 (then the joker); suits never rank and an equal rank never
beats; a follow has the same number and kind of cards and is stronger; a pass lasts until the
table is cleared; play goes clockwise (each player's left is the next one listed).

Where the articles are silent, these are the choices (each a field of :class:`DaifugoRules`
where it costs little):

- Sequence against sequence (``sequence_rule="pairwise"``): a sequence beats one of the same
  length when each card is stronger than the card in the same place, that is when its lowest card
  is stronger (4-5-6 beats 3-4-5; under a revolution 3-4-5 beats 4-5-6, as yeeqia states). The
  stricter ``"above"`` (every card above every card of the top) is the alternative.
- Jokers (jdf): in a group a joker takes the group's rank, in a sequence any missing card of the
  suit, at either end or in a gap. Played alone, or the two jokers together with no natural card,
  jokers are themselves: the single joker and the joker pair rank above every single and pair
  (revolution or not), and nothing of their shape beats them (an equal rank never beats); only
  the single spade 3 answers the single joker. A group may hold more than four cards (four of a
  rank plus jokers); it is followed only by a stronger group of the same size, and like any
  group of four or more it starts or ends a revolution.
- A play containing a joker never starts a suit lock, but under a lock a joker takes whichever
  locked suit is needed. The lock starts when the two latest plays on the table, without a clear
  between them, use the same suits.
- 2 in sequences (``twos_in_sequences``): jdf lets a 2 sit at the top of a sequence (K-A-2),
  since 2 follows A in its order; a sequence never wraps round from 2 to 3. yeeqia says no.
- First leader (``first_leader``): the first player listed, in both rule sets (jdf's spade seat;
  for yeeqia the contract's default, the site naming nobody). ``"diamond_three"`` (whoever holds
  ♦3, a common Japanese house habit) is the alternative. Later games of a set or match: the
  previous 大貧民 leads once the exchange is done, under yeeqia too (002 does not say).
- yeeqia's match: ranks, and so the exchange, carry over between its three games only; the first
  game of a match has no exchange, like the first game of a jdf set.
- 8-cut (jdf): a group of 8s with a joker standing in as an 8 cuts too; a sequence never does.
- The exchange: upper players return cards of their choice (``return_weakest=True`` is the
  yeeqia site's own habit of returning the weakest cards; refused then with
  ``must_give_weakest``). Cards are chosen from the hand as dealt, before anything is received.
- Places under jdf: clean finishers from the top in order; forbidden finishers from the bottom
  (the first is 大貧民); a player demoted by miyako-ochi sits just above every forbidden finisher
  of the game, later ones included; the last player still holding cards takes the place left
  between. A game ends once at most one player is still in.
- A joker named with a stand-in may be left unnamed when only one reading is legal; when several
  are (``S5 S6 BJ`` leading), the play is refused as ``invalid_combination`` asking which.
  ``legal_actions`` writes every stand-in and, the jokers being interchangeable, uses the black
  joker first when a play needs only one of two.

Partial deals (scenarios) must give every player at least one card.
"""

from __future__ import annotations

from .combos import Play, forbidden_finish, judge, legal_plays, readings, stronger
from .match import GameRecord, Match, new_match
from .rules import JOKER, RANK_NAMES_ALL, RULESETS, DaifugoRules
from .state import DaifugoState, from_deal, new_game

__all__ = ["DaifugoRules", "DaifugoState", "GameRecord", "JOKER", "Match", "Play", "RULESETS",
           "forbidden_finish", "from_deal", "judge", "legal_plays", "new_game", "new_match",
           "readings", "stronger"]


# --- what the scenario runner needs to know -------------------------------------------------------

def _rank_map(value, players) -> dict[str, str]:
    """A mapping player → rank name, as written in ``previous_ranks`` and ``result``."""
    if not isinstance(value, dict):
        raise ValueError("map each player to a rank name (" + ", ".join(RANK_NAMES_ALL) + ")")
    out = {}
    for p, rank in value.items():
        if str(p) not in players or isinstance(p, bool):
            raise ValueError(f"{p!r} is not a player (players: {', '.join(players)})")
        if rank not in RANK_NAMES_ALL:
            raise ValueError(f"{rank!r} is not a rank name (" + ", ".join(RANK_NAMES_ALL) + ")")
        out[str(p)] = rank
    return out


def inapplicable_expectation(key: str, rules: DaifugoRules) -> str | None:
    """Why expectation ``key`` does not apply under ``rules``, or ``None``."""
    if key == "points" and rules.points is None:
        return f"{rules.name} keeps no points"
    return None


PLAYER_COUNTS = {name: (4, 4) for name in RULESETS}
DEFAULT_PLAYERS = 4
DEAL_KEYS = {"hands": "hands", "seed": "int", "leader": "player", "previous_ranks": _rank_map}
EXPECTATIONS = {
    "turn": ("player_or_null", lambda s: s.turn),
    "top": ("played", lambda s: frozenset(s.top.cards) if s.top else frozenset()),
    "revolution": ("bool", lambda s: s.revolution),
    "lock": ("suits", lambda s: s.lock),
    "fouls": ("players", lambda s: list(s.fouls)),
    "demoted": ("player_or_null", lambda s: s.demoted),
    "result": (_rank_map, lambda s: s.result()),
    "points": ("signed_by_player", lambda s: s.points()),
}
State = DaifugoState
