"""The three Durak rule sets as frozen objects, the deck, and the sizes of a hand and a round.

Every rule that differs between ``podkidnoy``, ``throw-in-fool`` and ``perevodnoy`` is a field of
:class:`DurakRules`, so a variant is ``dataclasses.replace(RULESETS["podkidnoy"], ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import deck

HAND_SIZE = 6
MAX_ATTACK = 6
DECK = deck("durak36")
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

    def round_cap(self, round_no: int) -> int:
        if round_no == 1 and self.first_round_limit is not None:
            return self.first_round_limit
        return MAX_ATTACK


RULESETS = {
    "podkidnoy": DurakRules("podkidnoy"),
    "throw-in-fool": DurakRules("throw-in-fool", first_round_limit=5),
    "perevodnoy": DurakRules("perevodnoy", transfer=True),
}

PLAYER_COUNTS = {name: (2, 6) for name in RULESETS}
DEFAULT_PLAYERS = 2  # a table offers a head-to-head game first
