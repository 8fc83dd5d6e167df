"""Gan Deng Yan (乾瞪眼, also written 干瞪眼) for 2 to 5 players, in three named rule sets (``RULESETS``),
as 001_6e7b6fe16018f17b.txt describes them: the rules and position (:mod:`.rules`, :mod:`.combos`,
:mod:`.state`), the table's picture (:mod:`.picture`), the players' checklist (:mod:`.checklist`),
the computer players' rules of thumb (:mod:`.bot`), game after game (:mod:`.match`), and the game's
spec, which cardlab's shared code finds by name (:mod:`.game`, :mod:`cardlab.registry`).

- ``yiqi``: 弈棋耍大牌's main version. 54 cards with both jokers, 2 to 5 players; the dealer gets 6
  cards, the others 5, the rest is the stock; the dealer leads and play goes clockwise. Ranks run
  3 < 4 < ... < K < A < 2; the types are a single, a pair, a run (three ranks in a row) and a pair
  run (two adjacent pairs, 6-6-7-7), never with a 2 in a run. A follow is the same type exactly one rank higher (8 → 9,
  6-7-8 → 7-8-9); a single 2 beats any other single and a pair of 2s any other pair. Bombs beat
  every ordinary play: three of a kind < four of a kind < the two jokers, the same size by rank with
  no one-higher limit. A joker is wild beside other cards (``BJ=4``) and never played alone. A pass
  neither ends the round nor draws; the round ends once every other player has passed the last
  play; the table is cleared, every player draws 1 card while the stock lasts, and the last player
  to play leads any type. The first player to empty their hand wins at once.
- ``yiqi-single-draw``: the same, but only the player who takes the lead draws.
- ``jj``: JJ's three-player version: 52 cards and the six wild cards ``W1``-``W6``, and a player
  who can follow must play (有出必出).

Where 001 is silent, these are the choices (each a field of :class:`GanDengYanRules` where it
costs little); ``docs/rules.md`` lists them too:

- Who draws first (``first_drawer="leader"``): the player who takes the lead, then the others
  clockwise; ``"left"`` starts on the leader's left and ends with the leader. It matters only when
  the stock runs out part way round.
- A pass lasts until the next play: a player who passed may follow again once someone plays.
- Passing on one's own lead is refused (``cannot_pass``): the table is empty. The one exception is
  a leader who holds nothing that may lead (a lone joker, or in ``jj`` only wild cards): they pass
  the lead to their left. If every player passes the lead, the round ends without a play, the draw
  is made as after any round and the lead stays; if the stock is empty then, nobody can ever play
  again and the game ends with no winner (only possible with two players holding one joker each).
- A joker stands for any rank beside at least one natural card: in a pair, a bomb (2s included) or
  a run or pair run (never as a 2). Two jokers beside a natural card are wild too (9-BJ-RJ is three
  9s); only the two jokers alone are the joker bomb. Jokers with no natural card (``BJ=9 RJ=9``)
  are refused like a lone joker (``joker_alone``).
- A joker written without its stand-in is accepted when only one reading is legal; when several
  are, the play is refused (``invalid_combination``) listing them; when none is, the refusal of
  the reading whose code the contract lists first is given. A stand-in may name a suit
  (``BJ=S4``, shown "as 4♠"); suits never rank, but it may not name a card already in the play.
- There are no groups of five (four of a rank and a joker): 001 lists three and four of a kind only.
- A single 2 on a single A is allowed (one higher, and the 2 exception as well).
- A weaker bomb on a bomb is refused with ``not_stronger``; an ordinary play on a bomb, a 2
  included, with ``shape_mismatch``.
- The first game's dealer: :func:`new_game` draws it by the seed; a scenario names it with
  ``leader`` (left out: the first player, as the scenario contract says). Later games
  (:func:`~.match.next_game`): the previous winner; after a blocked game, the same
  dealer again. Cards are dealt one at a time clockwise from the dealer, the dealer's sixth last.
- ``jj``: 001 gives no deal sizes, so the dealer gets 6 and the others 5 as in the main version;
  a wild card stands in exactly like a joker (never alone, never as a 2 in a run), and wild cards
  with no natural card are refused (``joker_alone``); the bombs are three and four of a kind (there
  is no joker bomb, and no bomb of wild cards); every player draws after a round, as in the main
  version. "Can follow" counts every legal play, a 2 and a bomb included (001: with a 6, a 2 or a
  bomb against a 5, passing is not allowed).
- Scoring: 001 only outlines the official scoring (base points, bomb multipliers, leftover jokers,
  2s and bombs, 被關); it is not implemented. A game records its winner and every player's leftover
  cards (:meth:`~.state.GanDengYanState.result`).

Partial deals (scenarios) must give every player at least one card.
"""

from __future__ import annotations

from .combos import Play, legal_plays, readings, ruling
from .rules import ORDER, PLACE, RULESETS, GanDengYanRules
from .match import new_match
from .state import GanDengYanState, from_deal, new_game

__all__ = ["GanDengYanRules", "GanDengYanState", "ORDER", "PLACE", "Play", "RULESETS", "from_deal",
           "legal_plays", "new_game", "new_match", "readings", "ruling"]


# --- what the scenario runner needs to know -------------------------------------------------------

PLAYER_COUNTS = {name: rules.players for name, rules in RULESETS.items()}
DEFAULT_PLAYERS = 3  # fits every rule set, and a learner follows three hands easily
DEAL_KEYS = {"hands": "hands", "seed": "int", "stock": "cards", "leader": "player"}
EXPECTATIONS = {
    "stock_size": ("int", lambda s: len(s.stock)),
    "turn": ("player_or_null", lambda s: s.turn),
    "top": ("played", lambda s: frozenset(s.top.cards) if s.top else frozenset()),
    "winner": ("player_or_null", lambda s: s.winner),
}
State = GanDengYanState
