"""Podkidnoy Durak, as the article *Durak rules: attack and defence, trumps, and the round after
taking* describes it (after Pagat), with two named variants (docs/sources.md): the rule sets
(:mod:`.rules`), the rules that need no position (:mod:`.moves`), the position (:mod:`.state`),
the words of the game (:mod:`.words`), the table's picture (:mod:`.picture`), the players'
checklist (:mod:`.checklist`), the rules of thumb of the computer players (:mod:`.bot`), game after
game (:mod:`.match`), and the game's spec, which cardlab's shared code finds by name
(:mod:`.game`, :mod:`cardlab.registry`).

Rule sets (``RULESETS``):

- ``podkidnoy``: 36 cards, 6 each, trump shown by the face-up bottom card of the stock; at most 6
  attack cards a round and never more than the defender held when the round began.
- ``throw-in-fool``: the same, but the first round of each game allows at most 5 attack cards.
- ``perevodnoy``: the same as podkidnoy, plus ``transfer``: while no attack card is beaten, the
  defender may add a card of the attacked rank and pass the whole attack to the next player.

All three allow the trump-six swap. Choices where the article is silent are marked "Choice:" in
the docstrings and listed in ``docs`` of the lessons.

Seats are listed clockwise; each player's left is the next one in the list.
"""

from .moves import beats
from .rules import DECK, DEFAULT_PLAYERS, HAND_SIZE, MAX_ATTACK, PLAYER_COUNTS, RULESETS, DurakRules
from .match import new_match
from .state import DurakState, State, from_deal, new_game

__all__ = ["DEAL_KEYS", "DECK", "DEFAULT_PLAYERS", "EXPECTATIONS", "HAND_SIZE", "MAX_ATTACK", "PLAYER_COUNTS", "RULESETS",
           "DurakRules", "DurakState", "State", "beats", "from_deal", "new_game", "new_match"]


# --- what the scenario runner needs to know -------------------------------------------------------

DEAL_KEYS = {"hands": "hands", "stock": "cards", "seed": "int", "trump": "suit", "attacker": "player",
             "previous_loser": "player"}
EXPECTATIONS = {
    "stock_size": ("int", lambda s: len(s.stock)),
    "trump": ("suit", lambda s: s.trump),
    "attacker": ("player", lambda s: s.attacker),
    "defender": ("player", lambda s: s.defender),
    "table": ("cards", lambda s: frozenset(s.table)),
    "discard_size": ("int", lambda s: len(s.discard)),
    "loser": ("player_or_null", lambda s: s.loser),
    "draw": ("bool", lambda s: s.is_draw),
    "attack_limit": ("int", lambda s: s.limit),
}
