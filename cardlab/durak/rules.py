"""The three Durak rule sets as frozen objects, the deck, and the sizes of a hand and a round.

Every rule that differs between ``podkidnoy``, ``throw-in-fool`` and ``perevodnoy`` is a field of
:class:`DurakRules`, so a variant is ``dataclasses.replace(RULESETS["podkidnoy"], ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import deck
from ..engine import add_reason
from ..i18n import N_

HAND_SIZE = 6
MAX_ATTACK = 6
DECK = deck("stripped36")
DECK_SET = frozenset(DECK)


@dataclass(frozen=True)
class DurakRules:
    """A named Durak rule set. ``first_round_limit`` caps attack cards in a game's first round
    (``None``: the usual limit); ``transfer`` enables perevodnoy's transfer; ``trump_six_swap``
    lets the holder of the six of trumps take the face-up trump card. ``jokers_equal`` is false:
    the 36-card deck has no jokers to draw alike."""

    name: str
    first_round_limit: int | None = None
    transfer: bool = False
    trump_six_swap: bool = True
    jokers_equal = False

    @property
    def description(self) -> str:
        """The rule set in a few words (English, as the scenario contract says it)."""
        return DESCRIPTIONS.get(self.name, "")

    def round_cap(self, round_no: int) -> int:
        if round_no == 1 and self.first_round_limit is not None:
            return self.first_round_limit
        return MAX_ATTACK


DESCRIPTIONS = {
    "podkidnoy": "Pagat's Podkidnoy Durak: 36 cards, at most 6 attack cards a round",
    "throw-in-fool": "the same, but at most 5 attack cards in the first round of a game",
    "perevodnoy": "the same as podkidnoy, plus transferring an attack",
}

RULESETS = {
    "podkidnoy": DurakRules("podkidnoy"),
    "throw-in-fool": DurakRules("throw-in-fool", first_round_limit=5),
    "perevodnoy": DurakRules("perevodnoy", transfer=True),
}

# Durak's own reason code, for a defence naming a card that none of the contract's codes covers.
add_reason("not_on_table", "the named attack card is not an unbeaten card on the table",
           N_("Not an attack card to beat"))
# The reason codes a Durak refusal may carry.
REASON_CODES_USED = frozenset({"game_over", "not_allowed", "not_your_turn", "not_attacker", "not_defender",
                               "not_in_hand", "attack_limit", "rank_not_on_table", "cannot_beat", "not_on_table"})

PLAYER_COUNTS = {name: (2, 6) for name in RULESETS}
DEFAULT_PLAYERS = 2  # a table offers a head-to-head game first
