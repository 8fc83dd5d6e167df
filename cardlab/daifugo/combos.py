"""Combinations: what a handful of cards is, what beats what, and which plays a hand holds.

Pure functions over cards and a rule set. The position (``state.py``) calls them and tests call
them directly. Each check that refuses returns a :class:`~cardlab.engine.Refusal` whose
explanation is written next to the rule it applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, combinations
from operator import attrgetter
from typing import Iterable

from ..cards import SUIT_SYMBOLS, Card, StandIn, card, format_cards
from ..engine import Refusal
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

    @cached_property
    def naturals(self) -> tuple[Card, ...]:
        """The cards that are not jokers."""
        return tuple(c for c in self.cards if isinstance(c, Card) and not c.is_wild)

    @property
    def jokers(self) -> int:
        return self.size - len(self.naturals)

    @cached_property
    def suits(self) -> frozenset | None:
        """The suit set that can start a suit lock; ``None`` when a joker is in the play, since a
        joker never starts a lock."""
        if self.jokers:
            return None
        return frozenset(c.suit for c in self.cards)

    @property
    def is_lone_joker(self) -> bool:
        return self.kind == "group" and self.rank == JOKER and self.size == 1

    @cached_property
    def physical(self) -> tuple[Card, ...]:
        return tuple(c.card if isinstance(c, StandIn) else c for c in self.cards)

    def name(self) -> str:
        """``"pair of 9s"``, ``"the joker"``, ``"sequence ♥9-10-J"``."""
        if self.kind == "sequence":
            ranks = "-".join(rank_text(r) for r in self.ranks)
            return f"sequence {SUIT_SYMBOLS[self.suit]}{ranks}"
        if self.rank == JOKER:
            return "the joker" if self.size == 1 else "a joker pair"
        r = rank_text(self.rank)
        if self.size == 1:
            return f"single {r}"
        if self.size == 2:
            return f"pair of {r}s"
        return f"{_COUNT_WORDS.get(self.size, str(self.size))} {r}s"

    def __str__(self) -> str:
        return f"{self.name()} ({format_cards(self.cards)})"


_COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


def shape_name(shape: tuple[str, int]) -> str:
    kind, size = shape
    if kind == "sequence":
        return f"a sequence of {size}"
    return {1: "a single card", 2: "a pair", 3: "three of a kind", 4: "four of a kind"}.get(
        size, f"a group of {size} of one rank")


# --- what a handful of cards is ------------------------------------------------------------------

def readings(tokens: Iterable, rules: DaifugoRules) -> tuple[list[Play], str]:
    """Every way ``tokens`` (cards and stand-ins) form a combination under ``rules``, and, when
    there is none, a sentence saying why. A joker written without a stand-in may stand for any
    card that makes the combination work; a written stand-in is kept."""
    tokens = tuple(tokens)
    naturals = [t for t in tokens if isinstance(t, Card) and not t.is_wild]
    stand_ins = [t for t in tokens if isinstance(t, StandIn)]
    if not tokens:
        return [], "A play needs at least one card."
    if not naturals:
        if stand_ins:
            return [], ("A joker stands in for another card only beside natural cards; played "
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
    if len(tokens) < 3 or len({c.suit for c in naturals}) > 1:
        return [], (f"{shown} is no combination: {group_why}. A play is a single card, two or more "
                    "cards of one rank, or a sequence (three or more cards of one suit in a row).")
    return [], (f"{shown} is no combination: {sequence_why}. A sequence (階段) is three or more "
                "cards of one suit in a row.")


def _group(tokens, naturals, stand_ins) -> tuple[Play | None, str]:
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return None, "its cards are not all of one rank"
    (rank,) = ranks
    suits = {c.suit for c in naturals}
    for s in stand_ins:
        if s.rank != rank:
            return None, f"{s} stands for a {rank_text(s.rank)} beside {rank_text(rank)}s"
        if s.suit is not None:
            if s.suit in suits:
                return None, f"{s} stands for a card already in the play"
            suits.add(s.suit)
    cards = tuple(StandIn(t, None, rank) if isinstance(t, Card) and t.is_wild else t for t in tokens)
    return Play("group", rank, len(tokens), None, cards), ""


def _sequences(tokens, naturals, stand_ins, rules) -> tuple[list[Play], str]:
    n = len(tokens)
    if n < 3:
        return [], "a sequence needs at least three cards"
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        return [], "a sequence is all of one suit"
    (suit,) = suits
    fixed: dict[int, object] = {}
    for t in naturals + stand_ins:
        if t.rank == 2 and not rules.twos_in_sequences:
            return [], f"a 2 never sits in a sequence under {rules.name}"
        if isinstance(t, StandIn) and t.suit not in (None, suit):
            return [], f"{t} is not of the sequence's suit ({SUIT_SYMBOLS[suit]})"
        if PLACE[t.rank] in fixed:
            return [], f"two of its cards are both {rank_text(t.rank)}s"
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
        gap = "its cards do not run in unbroken order"
        if free:
            gap += f", even with {len(free)} joker(s) filling in"
        if rules.top_place < PLACE[2] and highest - lowest < n:
            gap += f" (a 2 may not extend a sequence under {rules.name})"
        return [], gap
    return plays, ""


# --- what beats what -----------------------------------------------------------------------------

def is_spade_three_return(play: Play, top: Play | None, rules: DaifugoRules) -> bool:
    """スペ3返し: the single spade 3 answers the joker played alone."""
    return (rules.spade_three_return and top is not None and top.is_lone_joker
            and play.kind == "group" and play.size == 1 and play.cards[0] is SPADE_THREE)


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
            rule = ("Four of a kind is beaten only by a stronger four of a kind: a follow has the "
                    "same number and kind of cards as the play it beats.")
        else:
            rule = "A follow must have the same number and kind of cards as the play it beats."
        extra = (" A single joker is answered only by a single card (or the spade 3, スペ3返し)."
                 if top.is_lone_joker and rules.spade_three_return else "")
        return Refusal("shape_mismatch", f"{rule} The table shows {shape_name(top.shape)} "
                       f"({top.name()}); {format_cards(play.cards)} is {shape_name(play.shape)}.{extra}")
    if lock and not fits_lock(play, lock):
        suits = " ".join(SUIT_SYMBOLS[s] for s in sorted(lock, key="SHDC".index))
        return Refusal("suit_lock", f"Suit lock (スート縛り): two plays in a row had the same suits "
                       f"({suits}), so until the table is cleared every play must use exactly those "
                       f"suits (a joker may stand in for one); {format_cards(play.cards)} does not.")
    if not stronger(play, top, revolution, rules):
        return Refusal("not_stronger", _why_not_stronger(play, top, revolution, rules))
    return None


def _why_not_stronger(play: Play, top: Play, revolution: bool, rules: DaifugoRules) -> str:
    which = "The order during the revolution" if revolution else "The normal order"
    order = f"{which} is {order_text(revolution, rules.has_jokers)}."
    if play.kind == "group":
        if play.rank == top.rank:
            return (f"{play.name()} only equals {top.name()}: an equal rank never beats, and suits "
                    f"never rank. {order}")
        if top.rank == JOKER:
            extra = (" Only the single spade 3 answers the joker played alone (スペ3返し)."
                     if top.size == 1 and rules.spade_three_return else "")
            return f"Nothing beats {top.name()}: the joker stays above every card, even in a revolution.{extra}"
        return f"{play.name()} is not stronger than {top.name()}. {order}"
    if rules.sequence_rule == "pairwise":
        return (f"{play.name()} does not beat {top.name()}: each card of a sequence must be "
                f"stronger than the card in the same place of the one it beats, so its lowest "
                f"card must be stronger than {rank_text(top.rank)}. {order}")
    return (f"{play.name()} does not beat {top.name()}: every card must be stronger than every "
            f"card of the sequence it beats. {order}")


def eight_cut(play: Play, rules: DaifugoRules) -> bool:
    """8切: jdf, a single 8 or a group of 8s; yeeqia, any play holding an 8."""
    if rules.eight_cut == "group":
        return play.kind == "group" and play.rank == 8
    return 8 in play.ranks


def starts_revolution(play: Play, rules: DaifugoRules) -> bool:
    """A group of ``revolution_size`` or more of one rank (jokers count); never a sequence."""
    return play.kind == "group" and play.rank != JOKER and play.size >= rules.revolution_size


def forbidden_finish(play: Play, rules: DaifugoRules, revolution: bool, cut: bool) -> list[str]:
    """Why ``play`` may not be a last play (反則上がり), judged by ``revolution`` before it; empty
    when it is a clean finish or the rule set has no forbidden finishes."""
    if not rules.forbidden_finishes:
        return []
    ranks = {c.rank for c in play.naturals}
    reasons = []
    if play.jokers:
        reasons.append("it holds a joker")
    if not revolution and 2 in ranks:
        reasons.append("it holds a 2 outside a revolution")
    if not revolution and play.kind == "group" and play.cards == (SPADE_THREE,):
        reasons.append("it is the single spade 3 outside a revolution")
    if revolution and 3 in ranks:
        reasons.append("it holds a 3 during a revolution")
    if cut:
        reasons.append("it cuts with 8 (8切)")
    return reasons


# --- which plays a hand holds --------------------------------------------------------------------

def legal_plays(hand: Iterable[Card], rules: DaifugoRules, top: Play | None, revolution: bool,
                lock: frozenset) -> list[Play]:
    """Every play from ``hand`` that may go on ``top`` (``None``: leading), each listed once.

    The two jokers are interchangeable, so a play that needs fewer jokers than the hand holds
    uses the black joker first; and each joker is written with the card it stands for. Only
    plays of the top's shape that beat it are generated, so a follow costs little."""
    return [Play(*fields) for fields in play_fields(hand, rules, top, revolution, lock)]


def play_fields(hand: Iterable[Card], rules: DaifugoRules, top: Play | None, revolution: bool,
                lock: frozenset) -> list[tuple]:
    """:func:`legal_plays` as the fields ``(kind, rank, size, suit, cards)`` of each play, in the
    same order: what the position's ``legal_actions`` needs, without building the plays."""
    hand = sorted(hand, key=_BY_INDEX)
    jokers = []
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        if c.suit is None:
            jokers.append(c)
        elif c.rank in by_rank:
            by_rank[c.rank].append(c)
        else:
            by_rank[c.rank] = [c]
    out: list[tuple] = []
    top_place = rules.top_place
    if top is None:
        for rank, cards in by_rank.items():
            for size in range(1, len(cards) + len(jokers) + 1):
                _add_groups(out, rank, cards, jokers, size)
        _add_joker_groups(out, jokers, None)
        rows = _rows(hand, "SHDC", top_place, jokers)
        for size in range(3, top_place + 2):
            _add_sequences(out, rows, jokers, size, 0, top_place - size + 1)
        return out
    if top.kind == "group":
        strengths = _STRENGTHS[revolution]
        beat = strengths[top.rank]
        for rank, cards in by_rank.items():
            if strengths[rank] > beat:
                if lock:
                    cards = [c for c in cards if c.suit in lock]
                _add_groups(out, rank, cards, jokers, top.size)
        _add_joker_groups(out, jokers, top)
        if SPADE_THREE in hand and is_spade_three_return(_SPADE_THREE_PLAY, top, rules):
            out.append(_SPADE_THREE_FIELDS)
        return out
    # A sequence of the top's length beats it (stronger()) when it starts at a place from
    # ``first`` to ``last``.
    n = top.size
    if rules.sequence_rule == "pairwise":  # its lowest card beats the top's lowest card
        first, last = (0, top.low - 1) if revolution else (top.low + 1, top_place - n + 1)
    else:  # "above": each of its cards beats each card of the top
        first, last = (0, top.low - n) if revolution else (top.high + 1, top_place - n + 1)
    rows = _rows(hand, "".join(sorted(lock)) if lock else "SHDC", top_place, jokers)
    _add_sequences(out, rows, jokers, n, first, min(last, top_place - n + 1))
    return out


_BY_INDEX = attrgetter("index")
_STRENGTHS = {revolution: {rank: strength(rank, revolution) for rank in (*ORDER, JOKER)}
              for revolution in (False, True)}
_SPADE_THREE_FIELDS = ("group", 3, 1, None, (SPADE_THREE,))
_SPADE_THREE_PLAY = Play(*_SPADE_THREE_FIELDS)
_STAND_INS: dict[tuple, StandIn] = {}


def stand_in(joker: Card, suit: str | None, rank: int) -> StandIn:
    """``joker`` standing for ``suit`` and ``rank``, built once: stand-ins never change."""
    found = _STAND_INS.get((joker, suit, rank))
    if found is None:
        found = _STAND_INS[joker, suit, rank] = StandIn(joker, suit, rank)
    return found


def _add_groups(out: list, rank: int, cards: list[Card], jokers: list[Card], size: int) -> None:
    for m in range(max(1, size - len(jokers)), min(len(cards), size) + 1):
        stand = tuple(stand_in(j, None, rank) for j in jokers[:size - m])
        out += [("group", rank, size, None, chosen + stand) for chosen in combinations(cards, m)]


def _add_joker_groups(out: list, jokers: list[Card], top: Play | None) -> None:
    for size in (1, 2):
        if size > len(jokers) or (top is not None and (top.size != size or top.rank == JOKER)):
            continue
        out.append(("group", JOKER, size, None, tuple(jokers[:size])))


def _rows(hand: list[Card], suits: str, top_place: int, jokers: list) -> list[tuple[str, list, list, list]]:
    """For each suit: the suit; the row of its cards in ``hand`` by place (``None`` where the hand
    has none), up to ``top_place``; the runs ``(first place, length)`` of three or more held
    places in a row; and, when there are ``jokers`` to fill gaps, how many places below each place
    are held (so that the places from ``a`` to ``b - 1`` hold ``below[b] - below[a]`` cards)."""
    rows = {suit: [None] * (top_place + 1) for suit in suits}
    for c in hand:
        row = rows.get(c.suit)
        if row is not None and PLACE[c.rank] <= top_place:
            row[PLACE[c.rank]] = c
    out = []
    for suit, row in rows.items():
        runs = []
        if top_place + 1 - row.count(None) >= 3:
            start = None
            for p, c in enumerate(row + [None]):
                if c is None:
                    if start is not None and p - start >= 3:
                        runs.append((start, p - start))
                    start = None
                elif start is None:
                    start = p
        below = [0, *accumulate(c is not None for c in row)] if jokers else None
        out.append((suit, row, runs, below))
    return out


def _add_sequences(out: list, rows, jokers: list[Card], n: int, first: int, last: int) -> None:
    """Sequences of ``n`` starting at places ``first`` to ``last``, suit by suit."""
    for suit, row, runs, below in rows:
        if not jokers:  # the windows of n places inside a run of held cards
            for run_start, length in runs:
                for start in range(max(run_start, first), min(run_start + length - n, last) + 1):
                    out.append(("sequence", ORDER[start], n, suit, tuple(row[start:start + n])))
            continue
        if below[-1] + len(jokers) < n:
            continue
        for start in range(first, last + 1):
            if n - (below[start + n] - below[start]) > len(jokers):  # too many gaps to fill
                continue
            window = range(start, start + n)
            missing = [p for p in window if row[p] is None]
            present = [p for p in window if row[p] is not None]
            for extra in range(len(jokers) - len(missing) + 1):
                if len(missing) + extra >= n:
                    break
                for swapped in combinations(present, extra):
                    standing = set(missing).union(swapped)
                    spare = iter(jokers)
                    cards = tuple(stand_in(next(spare), suit, ORDER[p]) if p in standing else row[p]
                                  for p in window)
                    out.append(("sequence", ORDER[start], n, suit, cards))
