"""Combinations: what a handful of cards is, what beats what, and which plays a hand holds.

Pure functions over cards and a rule set. The position (``state.py``) calls them and tests call
them directly. Each check that refuses returns a :class:`~cardlab.engine.Refusal` whose
explanation is written next to the rule it applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from operator import attrgetter
from typing import Iterable

from ..cards import RANK_NAMES, SUIT_SYMBOLS, SUITS, Card, StandIn, card, format_cards
from ..engine import Refusal, rules_word
from ..i18n import Message, _
from .rules import JOKER, ORDER, PLACE, DaifugoRules, order_text, rank_text, strength

SPADE_THREE = card("S3")


@dataclass(frozen=True)
class Play:
    """One combination as played.

    ``kind`` is ``"group"`` (one or more cards of one rank: a single is a group of one) or
    ``"sequence"`` (three or more cards of one suit in a row, 階段). ``rank`` is the group's rank
    (``JOKER`` for jokers played as themselves) or the sequence's lowest rank. ``cards`` are the
    cards as played, each joker that stands in for a card written as a stand-in (``BJ=9`` in a
    group, ``BJ=H10`` in a sequence).

    Worked out once when the play is made, since the engine asks for them on every play:
    ``physical``, the cards themselves (a stand-in's joker); ``naturals``, the cards that are not
    jokers; and ``suits``, the suit set that can start a suit lock, ``None`` when a joker is in
    the play, since a joker never starts a lock. A play never changes, so the legal plays of
    every position share the same plays (see :data:`GROUPS`).
    """

    kind: str
    rank: int
    size: int
    suit: str | None
    cards: tuple

    @property
    def shape(self) -> tuple[str, int]:
        return (self.kind, self.size)

    @property
    def low(self) -> int:
        """Place of the lowest card of a sequence in the normal order (3 is 0)."""
        return PLACE[self.rank]

    @property
    def high(self) -> int:
        return PLACE[self.rank] + self.size - 1

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank of every card, jokers counted as what they stand for."""
        if self.kind == "group":
            return (self.rank,) * self.size
        return tuple(ORDER[p] for p in range(self.low, self.high + 1))

    def __post_init__(self):
        physical = tuple([c.card if c.__class__ is StandIn else c for c in self.cards])
        naturals = tuple([c for c in physical if c.suit is not None])
        object.__setattr__(self, "physical", physical)
        object.__setattr__(self, "naturals", naturals)
        object.__setattr__(self, "suits", frozenset([c.suit for c in naturals])
                           if len(naturals) == self.size else None)

    @property
    def jokers(self) -> int:
        return self.size - len(self.naturals)

    @property
    def is_lone_joker(self) -> bool:
        return self.kind == "group" and self.rank == JOKER and self.size == 1

    def name(self) -> Message:
        """``"pair of 9s"``, ``"the joker"``, ``"sequence ♥9-10-J"`` (a message, read in the
        current language)."""
        return self._name(False)

    def _name(self, article: bool) -> Message:
        if self.kind == "sequence":
            run = SUIT_SYMBOLS[self.suit] + "-".join(rank_text(r) for r in self.ranks)
            return _("a sequence {run}", run=run) if article else _("sequence {run}", run=run)
        if self.rank == JOKER:
            return _("the joker") if self.size == 1 else _("a joker pair")
        r = rank_text(self.rank)
        if self.size == 1:
            return _("a single {rank}", rank=r) if article else _("single {rank}", rank=r)
        if self.size == 2:
            return _("a pair of {rank}s", rank=r) if article else _("pair of {rank}s", rank=r)
        if self.size == 3:
            return _("three {rank}s", rank=r)
        if self.size == 4:
            return _("four {rank}s", rank=r)
        if self.size == 5:
            return _("five {rank}s", rank=r)
        if self.size == 6:
            return _("six {rank}s", rank=r)
        return _("{count} {rank}s", count=self.size, rank=r)

    def __str__(self) -> str:
        return str(_("{play} ({cards})", play=self.name(), cards=format_cards(self.cards)))

    @cached_property
    def called(self) -> Message:
        """The name with "a" where English wants one: ``"a pair of 5s"``; a single, a pair and a
        sequence take "a", ``"four 9s"`` and ``"the joker"`` need none."""
        return self._name(True)

    @cached_property
    def effects(self) -> dict:
        """What playing it does under a rule set (the engine asks on every play), kept by the
        rule set's ``id`` beside the rule set: ``(rules, the physical cards as a set, cuts, starts a
        revolution, may answer a lone joker, the event texts of this play by each player who made
        it and of their leading again after it cleared the table)`` (:func:`eight_cut`,
        :func:`starts_revolution`, :func:`is_spade_three_return`)."""
        return {}

    @cached_property
    def offered_by(self) -> dict:
        """The ``play`` action of this play by each player offered it, made once."""
        return {}

    @cached_property
    def described(self) -> Message:
        """The play as the event of playing it names it: ``"a pair of 5s (S5 H5)"``."""
        return _("{play} ({cards})", play=self.called, cards=format_cards(self.cards))


def shape_name(shape: tuple[str, int]) -> Message:
    kind, size = shape
    if kind == "sequence":
        return _("a sequence of {size}", size=size)
    if size == 1:
        return _("a single card")
    if size == 2:
        return _("a pair")
    if size == 3:
        return _("three of a kind")
    if size == 4:
        return _("four of a kind")
    return _("a group of {size} of one rank", size=size)


# --- what a handful of cards is ------------------------------------------------------------------

def readings(tokens: Iterable, rules: DaifugoRules) -> tuple[list[Play], str | Message]:
    """Every way ``tokens`` (cards and stand-ins) form a combination under ``rules``, and, when
    there is none, a sentence saying why. A joker written without a stand-in may stand for any
    card that makes the combination work; a written stand-in is kept."""
    tokens = tuple(tokens)
    naturals = [t for t in tokens if isinstance(t, Card) and not t.is_wild]
    stand_ins = [t for t in tokens if isinstance(t, StandIn)]
    if not tokens:
        return [], _("A play needs at least one card.")
    if not naturals:
        if stand_ins:
            return [], _("A joker stands in for another card only beside natural cards; played "
                         "alone, or with the other joker only, a joker is itself, above every card.")
        return [Play("group", JOKER, len(tokens), None, tokens)], ""
    plays: list[Play] = []
    group, group_why = _group(tokens, naturals, stand_ins)
    if group:
        plays.append(group)
    sequences, sequence_why = _sequences(tokens, naturals, stand_ins, rules)
    plays.extend(sequences)
    if plays:
        return plays, ""
    shown = format_cards(tokens)
    mixed_suits = len({c.suit for c in naturals}) > 1
    if len(tokens) < 3 or mixed_suits:
        if len(tokens) >= 3 and len({c.rank for c in naturals}) > 1:  # neither a group nor a sequence
            group_why = _("its cards are neither all of one rank (as in a group) nor all of one suit "
                          "(as in a sequence)")
        return [], _("{cards} is no combination: {why}. A play is a single card, two or more cards of one "
                     "rank, or a sequence (three or more cards of one suit in a row).", cards=shown, why=group_why)
    return [], _("{cards} is no combination: {why}. A sequence (階段) is three or more cards of one suit in "
                 "a row.", cards=shown, why=sequence_why)


def _group(tokens, naturals, stand_ins) -> tuple[Play | None, str | Message]:
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return None, _("its cards are not all of one rank")
    (rank,) = ranks
    suits = {c.suit for c in naturals}
    for s in stand_ins:
        if s.rank != rank:
            return None, _("{stand_in} stands for a {rank} beside {ranks}s", stand_in=s, rank=rank_text(s.rank),
                           ranks=rank_text(rank))
        if s.suit is not None:
            if s.suit in suits:
                return None, _("{stand_in} stands for a card already in the play", stand_in=s)
            suits.add(s.suit)
    cards = tuple(StandIn(t, None, rank) if isinstance(t, Card) and t.is_wild else t for t in tokens)
    return Play("group", rank, len(tokens), None, cards), ""


def _sequences(tokens, naturals, stand_ins, rules) -> tuple[list[Play], str | Message]:
    n = len(tokens)
    if n < 3:
        return [], _("a sequence needs at least three cards")
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        return [], _("a sequence is all of one suit")
    (suit,) = suits
    fixed: dict[int, object] = {}
    for t in naturals + stand_ins:
        if t.rank == 2 and not rules.twos_in_sequences:
            return [], _("a 2 never sits in a sequence under {rules}", rules=rules_word(rules))
        if isinstance(t, StandIn) and t.suit not in (None, suit):
            return [], _("{stand_in} is not of the sequence's suit ({suit})", stand_in=t, suit=SUIT_SYMBOLS[suit])
        if PLACE[t.rank] in fixed:
            return [], _("two of its cards are both {rank}s", rank=rank_text(t.rank))
        fixed[PLACE[t.rank]] = t
    free = [t for t in tokens if isinstance(t, Card) and t.is_wild]
    lowest, highest = min(fixed), max(fixed)
    plays = []
    for start in range(max(0, highest - n + 1), min(lowest, rules.top_place - n + 1) + 1):
        missing = [p for p in range(start, start + n) if p not in fixed]
        if len(missing) != len(free):
            continue
        filled = dict(zip(free, missing))
        cards = tuple(
            StandIn(t, suit, ORDER[filled[t]]) if t in filled
            else StandIn(t.card, suit, t.rank) if isinstance(t, StandIn) else t
            for t in tokens)
        plays.append(Play("sequence", ORDER[start], n, suit, cards))
    if not plays:
        no_two = rules.top_place < PLACE[2] and highest - lowest < n
        if free and no_two:
            gap = _("its cards do not run in unbroken order, even with {count} joker(s) filling in (a 2 may "
                    "not extend a sequence under {rules})", count=len(free), rules=rules_word(rules))
        elif free:
            gap = _("its cards do not run in unbroken order, even with {count} joker(s) filling in",
                    count=len(free))
        elif no_two:
            gap = _("its cards do not run in unbroken order (a 2 may not extend a sequence under {rules})",
                    rules=rules_word(rules))
        else:
            gap = _("its cards do not run in unbroken order")
        return [], gap
    return plays, ""


# --- what beats what -----------------------------------------------------------------------------

def is_spade_three_return(play: Play, top: Play | None, rules: DaifugoRules) -> bool:
    """スペ3返し: the single spade 3 answers the joker played alone."""
    return (rules.spade_three_return and play.cards[0] is SPADE_THREE and play.size == 1
            and top is not None and top.is_lone_joker)


def stronger(new: Play, top: Play, revolution: bool, rules: DaifugoRules) -> bool:
    """Whether ``new`` beats ``top`` of the same shape. Equal strength never beats."""
    if new.kind == "group":
        return strength(new.rank, revolution) > strength(top.rank, revolution)
    if rules.sequence_rule == "pairwise":
        return new.low < top.low if revolution else new.low > top.low
    return new.high < top.low if revolution else new.low > top.high


def fits_lock(play: Play, lock: frozenset) -> bool:
    """Whether ``play`` keeps to the locked suits; a joker takes whichever suit the lock needs."""
    suits = [c.suit for c in play.naturals] + [c.suit for c in play.cards
                                               if isinstance(c, StandIn) and c.suit is not None]
    return all(s in lock for s in suits)


def judge(play: Play, top: Play | None, rules: DaifugoRules, revolution: bool,
          lock: frozenset) -> Refusal | None:
    """Whether ``play`` may go on ``top`` (``None`` on an empty table): ``None`` if so, else the
    reason, in the contract's order: shape, then suit lock, then strength."""
    if top is None or is_spade_three_return(play, top, rules):
        return None
    if play.shape != top.shape:
        if top.kind == "group" and top.size == 4:
            rule = _("Four of a kind is beaten only by a stronger four of a kind: a follow has the "
                     "same number and kind of cards as the play it beats.")
        else:
            rule = _("A follow must have the same number and kind of cards as the play it beats.")
        values = dict(rule=rule, shape=shape_name(top.shape), play=top.name(), cards=format_cards(play.cards),
                      their_shape=shape_name(play.shape))
        if top.is_lone_joker and rules.spade_three_return:
            return Refusal("shape_mismatch", _("{rule} The table shows {shape} ({play}); {cards} is {their_shape}. "
                                               "A single joker is answered only by a single card (or the "
                                               "spade 3, スペ3返し).", **values))
        return Refusal("shape_mismatch", _("{rule} The table shows {shape} ({play}); {cards} is {their_shape}.",
                                           **values))
    if lock and not fits_lock(play, lock):
        suits = " ".join(SUIT_SYMBOLS[s] for s in sorted(lock, key="SHDC".index))
        return Refusal("suit_lock", _("Suit lock (スート縛り): two plays in a row had the same suits ({suits}), so "
                                      "until the table is cleared every play must use exactly those suits (a joker "
                                      "may stand in for one); {cards} does not.", suits=suits,
                                      cards=format_cards(play.cards)))
    if not stronger(play, top, revolution, rules):
        return Refusal("not_stronger", _why_not_stronger(play, top, revolution, rules))
    return None


def order_sentence(revolution: bool, rules: DaifugoRules) -> Message:
    """"The normal order is 3 < 4 < ... < 2 < joker." (or the order during the revolution)."""
    order = order_text(revolution, rules.has_jokers)
    if revolution:
        return _("The order during the revolution is {order}.", order=order)
    return _("The normal order is {order}.", order=order)


def _why_not_stronger(play: Play, top: Play, revolution: bool, rules: DaifugoRules) -> Message:
    order = order_sentence(revolution, rules)
    if play.kind == "group":
        if play.rank == top.rank:
            return _("{play} only equals {top}: an equal rank never beats, and suits never rank. {order}",
                     play=play.name(), top=top.name(), order=order)
        if top.rank == JOKER:
            if top.size == 1 and rules.spade_three_return:
                return _("Nothing beats {top}: the joker stays above every card, even in a revolution. Only the "
                         "single spade 3 answers the joker played alone (スペ3返し).", top=top.name())
            return _("Nothing beats {top}: the joker stays above every card, even in a revolution.",
                     top=top.name())
        return _("{play} is not stronger than {top}. {order}", play=play.name(), top=top.name(), order=order)
    if rules.sequence_rule == "pairwise":
        return _("{play} does not beat {top}: each card of a sequence must be stronger than the card in the "
                 "same place of the one it beats, so its lowest card must be stronger than {rank}. {order}",
                 play=play.name(), top=top.name(), rank=rank_text(top.rank), order=order)
    return _("{play} does not beat {top}: every card must be stronger than every card of the sequence it "
             "beats. {order}", play=play.name(), top=top.name(), order=order)


def eight_cut(play: Play, rules: DaifugoRules) -> bool:
    """8切: jdf, a single 8 or a group of 8s; yeeqia, any play holding an 8."""
    if rules.eight_cut == "group":
        return play.kind == "group" and play.rank == 8
    return 8 in play.ranks


def starts_revolution(play: Play, rules: DaifugoRules) -> bool:
    """A group of ``revolution_size`` or more of one rank (jokers count); never a sequence."""
    return play.kind == "group" and play.rank != JOKER and play.size >= rules.revolution_size


def forbidden_finish(play: Play, rules: DaifugoRules, revolution: bool, cut: bool) -> list[Message]:
    """Why ``play`` may not be a last play (反則上がり), judged by ``revolution`` before it; empty
    when it is a clean finish or the rule set has no forbidden finishes."""
    if not rules.forbidden_finishes:
        return []
    ranks = {c.rank for c in play.naturals}
    reasons = []
    if play.jokers:
        reasons.append(_("it holds a joker"))
    if not revolution and 2 in ranks:
        reasons.append(_("it holds a 2 outside a revolution"))
    if not revolution and play.kind == "group" and play.cards == (SPADE_THREE,):
        reasons.append(_("it is the single spade 3 outside a revolution"))
    if revolution and 3 in ranks:
        reasons.append(_("it holds a 3 during a revolution"))
    if cut:
        reasons.append(_("it cuts with 8 (8切)"))
    return reasons


# --- which plays a hand holds --------------------------------------------------------------------

# The card of each suit at each place of the order (3 is place 0, 2 is place 12): the cards of a
# sequence, looked up by place.
CARD_AT = {suit: tuple(card(suit + RANK_NAMES[rank]) for rank in ORDER) for suit in SUITS}


class Holding:
    """A hand sorted out for finding its plays (a position keeps one per hand, see
    ``DaifugoState._turn_plays``). ``cards``: the hand as it was; ``ranks``: each rank held, 2 first
    (the deck's order), with its natural cards in the deck's order; ``jokers``: the hand's
    jokers, the black one first; ``rows``: for each suit, the places it holds as a bitmask, bit
    ``p`` set when the hand holds that suit's card at place ``p`` (so a sequence is a run of set
    bits). A holding never changes: a hand that changes gets a new one."""

    __slots__ = ("cards", "ranks", "jokers", "rows")

    def __init__(self, hand: Iterable[Card]):
        self.cards = list(hand)
        self.ranks: dict[int, tuple[Card, ...]] = {}
        self.rows = dict.fromkeys(SUITS, 0)
        jokers = []
        for c in sorted(self.cards, key=_BY_INDEX):
            if c.suit is None:
                jokers.append(c)
            else:
                self.ranks[c.rank] = self.ranks.get(c.rank, ()) + (c,)
                self.rows[c.suit] |= 1 << PLACE[c.rank]
        self.jokers = tuple(jokers)

    def without(self, played: Iterable[Card], hand: list[Card]) -> "Holding":
        """This holding once the cards ``played`` have left the hand, which is now ``hand``: what
        they change is worked out again, the rest is shared."""
        other = object.__new__(Holding)
        other.cards = list(hand)
        other.ranks = dict(self.ranks)
        other.rows = dict(self.rows)
        other.jokers = self.jokers
        for c in played:
            if c.suit is None:
                other.jokers = tuple([j for j in other.jokers if j is not c])
                continue
            left = tuple([x for x in other.ranks[c.rank] if x is not c])
            if left:
                other.ranks[c.rank] = left
            else:
                del other.ranks[c.rank]
            other.rows[c.suit] ^= 1 << PLACE[c.rank]  # the bit was set: the card was held
        return other


def legal_plays(hand: Iterable[Card], rules: DaifugoRules, top: Play | None, revolution: bool,
                lock: frozenset) -> list[Play]:
    """Every play from ``hand`` that may go on ``top`` (``None``: leading), each listed once.

    The two jokers are interchangeable, so a play that needs fewer jokers than the hand holds
    uses the black joker first; and each joker is written with the card it stands for. Only
    plays of the top's shape that beat it are generated, so a follow costs little."""
    return plays_of(Holding(hand), rules, top, revolution, lock)


def plays_of(held: Holding, rules: DaifugoRules, top: Play | None, revolution: bool,
             lock: frozenset) -> list[Play]:
    """:func:`legal_plays` of the hand ``held`` sorts out."""
    jokers = held.jokers
    out: list[Play] = []
    if top is None:
        every_group = EVERY_GROUP[jokers]
        for cards in held.ranks.values():
            out += every_group[cards]
        out += JOKER_GROUPS[jokers]
        top_place = rules.top_place
        rows = _rows(held, SUITS, top_place)
        if not jokers:  # the sequences of each suit by length, shortest first, suit by suit
            found = [by_length for suit, row in rows if (by_length := NATURAL_SEQUENCES[suit][row])]
            if found:
                for size in range(3, max(max(by_length) for by_length in found) + 1):
                    for by_length in found:
                        out += by_length.get(size, ())
            return out
        longest = max(row.bit_count() for _, row in rows) + len(jokers)  # no sequence is longer
        for size in range(3, min(longest, top_place + 1) + 1):
            _add_sequences(out, rows, jokers, size, 0, top_place - size + 1)
        return out
    if top.kind == "group":
        strengths = _STRENGTHS[revolution]
        beat = strengths[top.rank]
        groups = GROUPS[jokers, top.size]
        for rank, cards in held.ranks.items():
            if strengths[rank] > beat:
                if lock:
                    cards = tuple([c for c in cards if c.suit in lock])
                out += groups[cards]
        as_themselves = JOKER_GROUPS[jokers]
        if top.rank != JOKER and top.size <= len(as_themselves):
            out.append(as_themselves[top.size - 1])
        if SPADE_THREE in held.ranks.get(3, ()) and is_spade_three_return(_SPADE_THREE_PLAY, top, rules):
            out.append(_SPADE_THREE_PLAY)
        return out
    # A sequence of the top's length beats it (stronger()) when it starts at a place from
    # ``first`` to ``last``.
    n = top.size
    top_place = rules.top_place
    if rules.sequence_rule == "pairwise":  # its lowest card beats the top's lowest card
        first, last = (0, top.low - 1) if revolution else (top.low + 1, top_place - n + 1)
    else:  # "above": each of its cards beats each card of the top
        first, last = (0, top.low - n) if revolution else (top.high + 1, top_place - n + 1)
    rows = _rows(held, sorted(lock) if lock else SUITS, top_place)
    _add_sequences(out, rows, jokers, n, first, min(last, top_place - n + 1))
    return out


_BY_INDEX = attrgetter("index")
_STRENGTHS = {revolution: {rank: strength(rank, revolution) for rank in (*ORDER, JOKER)}
              for revolution in (False, True)}
_SPADE_THREE_PLAY = Play("group", 3, 1, None, (SPADE_THREE,))
# A joker played alone: what the single spade 3 may answer (is_spade_three_return).
JOKER_ALONE = Play("group", JOKER, 1, None, (card("RJ"),))
_STAND_INS: dict[tuple, StandIn] = {}


def stand_in(joker: Card, suit: str | None, rank: int) -> StandIn:
    """``joker`` standing for ``suit`` and ``rank``, built once: stand-ins never change."""
    found = _STAND_INS.get((joker, suit, rank))
    if found is None:
        found = _STAND_INS[joker, suit, rank] = StandIn(joker, suit, rank)
    return found


# Hands hold few different sets of cards of one rank, and of places of one suit, so the plays
# they make are worked out once each and remembered: GROUPS and EVERY_GROUP by a rank's cards and
# the jokers (a few thousand entries at most: 13 ranks, 15 sets of suits, 4 sets of jokers),
# NATURAL_SEQUENCES by the places of a suit held, sequences_with_jokers by the places held in a
# window of places. A play never changes, so every position shares them.

class Remembered(dict):
    """A table of the values of ``make``: ``table[key]`` is ``make(key)``, worked out the first
    time it is asked for and kept, so that after that it costs one dict lookup."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


def groups_of(cards: tuple[Card, ...], jokers: tuple[Card, ...], size: int) -> tuple[Play, ...]:
    """Every group of ``size`` cards of one rank: ``m`` of the natural ``cards`` of that rank (in
    the deck's order), in every choice, and ``size - m`` of ``jokers`` standing in; the fewest
    natural cards first. None without a natural card."""
    if not cards:
        return ()
    rank = cards[0].rank
    out = []
    for m in range(max(1, size - len(jokers)), min(len(cards), size) + 1):
        stand = tuple(stand_in(j, None, rank) for j in jokers[:size - m])
        out += [Play("group", rank, size, None, chosen + stand) for chosen in combinations(cards, m)]
    return tuple(out)


def every_group_of(cards: tuple[Card, ...], jokers: tuple[Card, ...]) -> tuple[Play, ...]:
    """:func:`groups_of` ``cards`` of every size, smallest first."""
    return tuple(group for size in range(1, len(cards) + len(jokers) + 1)
                 for group in GROUPS[jokers, size][cards])


# GROUPS[jokers, size][cards] is groups_of(cards, jokers, size); EVERY_GROUP[jokers][cards] is
# every_group_of(cards, jokers).
GROUPS = Remembered(lambda key: Remembered(lambda cards: groups_of(cards, *key)))
EVERY_GROUP = Remembered(lambda jokers: Remembered(lambda cards: every_group_of(cards, jokers)))


# JOKER_GROUPS[jokers]: the jokers a hand holds played as themselves, alone, then two together.
JOKER_GROUPS = Remembered(lambda jokers: tuple(Play("group", JOKER, size, None, jokers[:size])
                                               for size in range(1, min(len(jokers), 2) + 1)))


def _rows(held: Holding, suits, top_place: int) -> list[tuple[str, int]]:
    """``(suit, places held)`` for each of ``suits``, the places cut at ``top_place``."""
    within = (1 << top_place + 1) - 1
    return [(suit, held.rows[suit] & within) for suit in suits]


def _add_sequences(out: list, rows: list[tuple[str, int]], jokers: tuple[Card, ...], n: int,
                   first: int, last: int) -> None:
    """Sequences of ``n`` starting at places ``first`` to ``last``, suit by suit."""
    spare = len(jokers)
    for suit, row in rows:
        if not spare:
            out += [play for play in NATURAL_SEQUENCES[suit][row].get(n, ()) if first <= play.low <= last]
            continue
        if row.bit_count() + spare < n:
            continue
        # A window of n places must hold at least n - spare cards, so it reaches at most
        # ``spare`` places below the lowest place held and above the highest.
        lowest = (row & -row).bit_length() - 1  # row & -row keeps only the lowest bit set
        highest = row.bit_length() - 1
        full = (1 << n) - 1
        for start in range(max(first, lowest - spare), min(last, highest + spare - n + 1) + 1):
            held = row >> start & full  # bit k: the hand holds place start + k
            if n - held.bit_count() <= spare:  # few enough gaps for the jokers to fill
                out += sequences_with_jokers(suit, start, n, held, jokers)


def natural_sequences(suit: str, row: int) -> dict[int, tuple[Play, ...]]:
    """The sequences of natural cards that the places ``row`` of ``suit`` a hand holds make, by
    length, each length's lowest first: ``{}`` when no three places in a row are held."""
    out = {}
    n = 3
    runs = row & row >> 1 & row >> 2  # bit p: the places p to p + n - 1 are all held
    while runs:
        out[n] = tuple(Play("sequence", ORDER[p], n, suit, CARD_AT[suit][p:p + n])
                       for p in range(runs.bit_length()) if runs >> p & 1)
        runs &= row >> n
        n += 1
    return out


# NATURAL_SEQUENCES[suit][row] is natural_sequences(suit, row).
NATURAL_SEQUENCES = {suit: Remembered(lambda row, suit=suit: natural_sequences(suit, row))
                     for suit in SUITS}


@cache
def sequences_with_jokers(suit: str, start: int, n: int, held: int,
                          jokers: tuple[Card, ...]) -> tuple[Play, ...]:
    """Every sequence of ``n`` cards of ``suit`` from place ``start`` made of the places a hand
    holds there (bit ``k`` of ``held``: place ``start + k``) and ``jokers``: the jokers fill the
    gaps and may stand in for held cards too (but a sequence holds one natural card at least);
    the jokers in order from the lowest place they fill, the fewest jokers first."""
    window = range(start, start + n)
    missing = [p for p in window if not held >> (p - start) & 1]
    present = [p for p in window if held >> (p - start) & 1]
    out = []
    for extra in range(len(jokers) - len(missing) + 1):
        if len(missing) + extra >= n:
            break
        for swapped in combinations(present, extra):
            standing = set(missing).union(swapped)
            free = iter(jokers)
            cards = tuple(stand_in(next(free), suit, ORDER[p]) if p in standing else CARD_AT[suit][p]
                          for p in window)
            out.append(Play("sequence", ORDER[start], n, suit, cards))
    return tuple(out)
