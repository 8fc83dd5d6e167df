"""The two Daifugo rule sets as frozen objects, and the order of the cards.

Every rule that differs between ``jdf`` and ``yeeqia`` (or that the articles leave open) is a field
of :class:`DaifugoRules`, so a variant is ``dataclasses.replace(RULESETS["jdf"], ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..cards import RANK_NAMES, Card, deck
from ..engine import add_reason
from ..i18n import N_, Message, _, p_

# The joker has no rank of its own; played as itself (alone, or two jokers together) it ranks here.
JOKER = 15

# Places in the order of strength of a sequence and of the normal order: 3 is 0, ..., A is 11,
# 2 is 12. A sequence is a run of consecutive places, so 2 can only sit at its top end.
ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
PLACE = {rank: i for i, rank in enumerate(ORDER)}

_deck = cache(deck)  # a deck never changes: each is built once

# The places of a game: each rank name (as scenarios write it: daifugo ... daihinmin), its title as
# players call it (大富豪), the title with its reading for an English reader (大富豪 (daifugo)),
# and the rank name as a word of a sentence ("was daifugo"). Messages: read in the current language.
RANK_TITLES: dict[str, Message] = {
    "daifugo": p_("rank title", "大富豪"), "fugo": p_("rank title", "富豪"), "hinmin": p_("rank title", "貧民"),
    "heimin": p_("rank title", "平民"), "daihinmin": p_("rank title", "大貧民")}
RANK_NAMES_ALL = tuple(RANK_TITLES)
TITLES_READ: dict[str, Message] = {
    "daifugo": _("大富豪 (daifugo)"), "fugo": _("富豪 (fugo)"), "hinmin": _("貧民 (hinmin)"),
    "heimin": _("平民 (heimin)"), "daihinmin": _("大貧民 (daihinmin)")}
RANK_WORDS: dict[str, Message] = {
    "daifugo": p_("rank", "daifugo"), "fugo": p_("rank", "fugo"), "hinmin": p_("rank", "hinmin"),
    "heimin": p_("rank", "heimin"), "daihinmin": p_("rank", "daihinmin")}


def strength(rank: int, revolution: bool) -> int:
    """How strong a rank is: 0 weakest. A revolution reverses the ordinary cards; the joker (as
    itself) stays above them all."""
    if rank == JOKER:
        return len(ORDER)
    place = PLACE[rank]
    return len(ORDER) - 1 - place if revolution else place


def exchange_strength(c: Card) -> int:
    """Strength in the exchange, always the normal order: joker, then 2, A, K, ... 3."""
    return strength(JOKER if c.is_wild else c.rank, False)


def forced_strengths(hand, count: int, strongest: bool) -> list[int]:
    """The exchange strengths (:func:`exchange_strength`) of the ``count`` strongest cards of
    ``hand`` (or the weakest, when not ``strongest``), weakest first: what a give that must hand
    over the strongest (or return the weakest) cards is made of, whichever suits it picks."""
    ordered = sorted(map(exchange_strength, hand), reverse=strongest)
    return sorted(ordered[:count])


def exchange_obligation(rules: "DaifugoRules", previous_ranks: dict[str, str], player: str) -> tuple[int, str, bool]:
    """``(cards, partner, lower)`` of ``player`` in the exchange of a game whose players held
    ``previous_ranks`` (player -> rank name) in the game before: how many cards they give, to whom,
    and whether they are the lower of the pair. All four ranks take part."""
    holder = {r: p for p, r in previous_ranks.items()}
    rank = previous_ranks[player]
    for lower, upper, count in rules.exchange:
        if rank == lower:
            return count, holder[upper], True
        if rank == upper:
            return count, holder[lower], False
    raise AssertionError(f"rank {rank} takes no part in the exchange")


JOKER_WORD = p_("card", "joker")


def rank_text(rank: int) -> str | Message:
    """A rank as a word of a sentence: ``"9"``, ``"A"``, or the joker (a message)."""
    return JOKER_WORD if rank == JOKER else RANK_NAMES[rank]


def a_rank(rank: int) -> Message:
    """One card of ``rank``, as a sentence names it: "a 9", "an A", "an 8", "a joker"."""
    if rank == JOKER:
        return _("a joker")
    if rank in (8, 14):
        return _("an {rank}", rank=RANK_NAMES[rank])
    return _("a {rank}", rank=RANK_NAMES[rank])


def order_text(revolution: bool, jokers: bool = True) -> str | Message:
    """The order of the cards in words, weakest first (the joker last, in a deck that has it)."""
    ranks = " < ".join(RANK_NAMES[r] for r in (ORDER[::-1] if revolution else ORDER))
    return _("{ranks} < joker", ranks=ranks) if jokers else ranks


@dataclass(frozen=True)
class DaifugoRules:
    """A named Daifugo rule set.

    - ``deck_name``: ``"jokers54"`` (with both jokers) or ``"standard52"``; ``blind_cards``: cards
      set aside unseen at the start of a set, never jokers, the same for all its games.
    - ``games_per_set``: games in a set (jdf) or match (yeeqia); ranks carry over inside it.
    - ``third_rank``: the name of third place, ``"hinmin"`` or ``"heimin"``; ``points``: what the
      four places score, first to last, or ``None``.
    - ``eight_cut``: ``"group"`` (a single 8 or a group of 8s clears the table) or ``"any"`` (any
      play holding an 8, a sequence too).
    - ``revolution_size``: a group of at least this many cards of one rank starts or ends a
      revolution; sequences never do.
    - ``twos_in_sequences``: whether a 2 may sit at the top of a sequence (K-A-2).
    - ``sequence_rule``: ``"pairwise"``: a sequence beats one of the same length when each card is
      stronger than the card in the same place of the other (that is, when its lowest card is
      stronger); ``"above"``: only when its weakest card beats the strongest card of the other.
    - ``forbidden_finishes``, ``suit_lock``, ``spade_three_return``, ``miyako_ochi``: the jdf rules
      of those names (反則上がり, スート縛り, スペ3返し, 都落ち).
    - ``return_weakest``: in the exchange the upper players must return their weakest cards
      instead of cards of their choice.
    - ``first_leader``: who leads a game with no previous ranks when the deal names nobody:
      ``"first_seat"`` (the first player listed) or ``"diamond_three"`` (whoever holds ♦3).
    - ``words``: whose words its messages speak where they differ by rule set: ``None``, the
      federation's (ja: 1枚出し, 3枚組, 4枚組, カード交換, ゲーム), or ``"yeeqia"``, the web page's
      (単騎, スリーカード, フォーカード, 帰京, 局): the context of those messages in the catalogs
      (:data:`cardlab.daifugo.words.YEEQIA_WORDS`).

    ``jokers_equal`` (every rule set with jokers): the two jokers are equal, neither big nor small,
    and are drawn alike.
    """

    name: str
    deck_name: str
    blind_cards: int
    games_per_set: int
    third_rank: str
    points: tuple[int, int, int, int] | None
    eight_cut: str
    twos_in_sequences: bool
    forbidden_finishes: bool
    suit_lock: bool
    spade_three_return: bool
    miyako_ochi: bool
    revolution_size: int = 4
    sequence_rule: str = "pairwise"
    return_weakest: bool = False
    first_leader: str = "first_seat"
    words: str | None = None
    jokers_equal = True

    @property
    def description(self) -> str:
        """The rule set in a few words (English, as the scenario contract says it)."""
        return DESCRIPTIONS.get(self.name, "")

    @property
    def deck(self) -> tuple[Card, ...]:
        return _deck(self.deck_name)

    @property
    def has_jokers(self) -> bool:
        return self.deck_name == "jokers54"

    @property
    def rank_names(self) -> tuple[str, str, str, str]:
        """Rank names by place, first to fourth."""
        return ("daifugo", "fugo", self.third_rank, "daihinmin")

    @property
    def exchange(self) -> tuple[tuple[str, str, int], ...]:
        """``(lower rank, upper rank, cards)`` for each pair that trades after the deal."""
        return (("daihinmin", "daifugo", 2), (self.third_rank, "fugo", 1))

    @property
    def top_place(self) -> int:
        """The highest place a card can hold in a sequence."""
        return PLACE[2] if self.twos_in_sequences else PLACE[14]


DESCRIPTIONS = {
    "jdf": "the Japan Daifugo Federation's official four-player rules: 54 cards, sets of four games",
    "yeeqia": "the 52-card web rules of daifugo.yeeqia.com: no jokers, matches of three games with points",
}

RULESETS = {
    "jdf": DaifugoRules(
        name="jdf", deck_name="jokers54", blind_cards=2, games_per_set=4, third_rank="hinmin",
        points=None, eight_cut="group", twos_in_sequences=True, forbidden_finishes=True,
        suit_lock=True, spade_three_return=True, miyako_ochi=True),
    "yeeqia": DaifugoRules(
        name="yeeqia", deck_name="standard52", blind_cards=0, games_per_set=3, third_rank="heimin",
        points=(3, 1, -1, -3), eight_cut="any", twos_in_sequences=False, forbidden_finishes=False,
        suit_lock=False, spade_three_return=False, miyako_ochi=False, words="yeeqia"),
}

# Daifugo's own reason code: the contract has must_give_strongest for the lower player's cards, but
# nothing for the upper player's under a rule set where they return their weakest.
add_reason("must_give_weakest", "in the exchange under a return-weakest rule set, the upper player must return "
           "their weakest cards", N_("Give back the weakest cards"))
# The reason codes a Daifugo refusal may carry.
REASON_CODES_USED = frozenset({"game_over", "not_allowed", "not_your_turn", "passed", "cannot_pass", "not_in_hand",
                               "wrong_count", "must_give_strongest", "must_give_weakest", "invalid_combination",
                               "shape_mismatch", "suit_lock", "not_stronger"})
