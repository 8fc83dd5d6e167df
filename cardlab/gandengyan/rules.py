"""The three Gan Deng Yan rule sets as frozen objects, and the order of the ranks.

Every rule that differs between ``yiqi``, ``yiqi-single-draw`` and ``jj`` (or that 001 leaves open
and costs little to switch) is a field of :class:`GanDengYanRules`, so a variant is
``dataclasses.replace(RULESETS["yiqi"], ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ALL_CARDS, RANK_NAMES, Card, deck
from ..i18n import N_, Message, _

# Places in the order of the ranks: 3 is 0, ..., A is 11, 2 is 12. "One higher" is the next place.
ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
PLACE = {rank: i for i, rank in enumerate(ORDER)}
ACE, TWO = PLACE[14], PLACE[2]
# The place of each natural card, looked up once per card rather than through its rank.
PLACE_OF: dict[Card, int] = {c: PLACE[c.rank] for c in ALL_CARDS if c.rank is not None}


def place_text(place: int) -> str:
    """``"8"``, ``"K"``, ``"2"``: the rank at ``place``."""
    return RANK_NAMES[ORDER[place]]


def order_text() -> str:
    return " < ".join(RANK_NAMES[r] for r in ORDER)


def in_order(cards) -> list[Card]:
    """Cards in Gan Deng Yan's order, weakest first: 3 up to A, then 2, then jokers and wild cards."""
    return sorted(cards, key=lambda c: (c.suit is None, PLACE_OF.get(c, 0), c.index))


@dataclass(frozen=True)
class GanDengYanRules:
    """A named Gan Deng Yan rule set.

    - ``deck_name``: ``"jokers54"`` (52 and both jokers, which together are the top bomb) or
      ``"jj58"`` (52 and the six wild cards ``W1``-``W6``, no jokers and so no joker bomb).
    - ``players``: the smallest and largest number of players.
    - ``hand_size``, ``dealer_extra``: every player is dealt ``hand_size`` cards and the dealer
      ``dealer_extra`` more; the rest is the stock.
    - ``draw``: who draws 1 card when a round ends: ``"all"`` (every player, while the stock lasts)
      or ``"leader"`` (only the player who takes the lead).
    - ``first_drawer``: under ``draw="all"``, who draws first: ``"leader"`` (the player who takes
      the lead, then the others clockwise) or ``"left"`` (the player on the leader's left first,
      the leader last). It matters only when the stock runs out part way round.
    - ``must_play``: a player who can follow must play (有出必出); passing is then refused with
      ``must_play``.
    - ``title``: the version in words, as the players would name it (English, marked for the
      catalogs: read it as ``_(rules.title)``).
    - ``jokers_equal`` (every rule set): false: the jokers are 大王 (the big, red one) and 小王
      (the small, black one), and are drawn so.

    The rule sets (``RULESETS``):

    - ``yiqi``: 弈棋耍大牌's main version as 001 states it; 2 to 5 players, 54 cards, every player
      draws after a round, the next leader first (cardlab's choice of the first drawer).
    - ``yiqi-single-draw``: the same, but only the player who takes the lead draws.
    - ``jj``: JJ's three-player version: 58 cards (the 52 and ``W1``-``W6``, no jokers) and
      有出必出 (``must_play``). 001 does not say the rest, so cardlab chooses: the dealer gets 6
      cards and the others 5 (``hand_size``, ``dealer_extra``); a wild card stands in like a
      joker, for any rank beside at least one natural card (never alone, never as a 2 in a run);
      the bombs are three and four of a kind, with no joker bomb and no bomb of wild cards; every
      player draws after a round (``draw="all"``); "can follow" counts a 2 and a bomb too.
    """

    name: str
    title: str
    deck_name: str
    players: tuple[int, int]
    draw: str = "all"
    first_drawer: str = "leader"
    must_play: bool = False
    hand_size: int = 5
    dealer_extra: int = 1
    jokers_equal = False

    @property
    def description(self) -> str:
        """The rule set in a few words: its ``title``, in English."""
        return self.title

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck(self.deck_name)

    @property
    def joker_bomb(self) -> bool:
        """Whether the two jokers together are a bomb (a deck with jokers)."""
        return self.deck_name == "jokers54"

    @property
    def wild_word(self) -> Message:
        """What one of the deck's wild cards is called: ``"joker"`` or ``"wild card"``."""
        return _("joker") if self.joker_bomb else _("wild card")

    @property
    def wild_words(self) -> Message:
        """What the deck's wild cards are called: ``"jokers"`` or ``"wild cards"``."""
        return _("jokers") if self.joker_bomb else _("wild cards")


RULESETS = {
    "yiqi": GanDengYanRules(
        name="yiqi", title=N_("弈棋耍大牌's main version: 54 cards, every player draws after a round"),
        deck_name="jokers54", players=(2, 5)),
    "yiqi-single-draw": GanDengYanRules(
        name="yiqi-single-draw", title=N_("弈棋耍大牌's single-draw variant: only the player who "
                                             "takes the lead draws"), deck_name="jokers54", players=(2, 5), draw="leader"),
    "jj": GanDengYanRules(
        name="jj", title=N_("JJ's three-player version: 58 cards with 6 wild cards, play when able "
                              "(有出必出)"), deck_name="jj58", players=(3, 3), must_play=True),
}

# The reason codes a Gan Deng Yan refusal may carry (all the contract's).
REASON_CODES_USED = frozenset({"game_over", "not_allowed", "not_your_turn", "cannot_pass", "must_play",
                               "not_in_hand", "joker_alone", "invalid_combination", "shape_mismatch", "not_stronger",
                               "not_one_higher"})
