"""Combinations: what a handful of cards is, what may follow what, and which plays a hand holds.

Pure functions over cards and a rule set. The position (``state.py``) calls them and tests call
them directly. :func:`ruling` applies the follow rules and returns, in the same breath, the
sentence that explains them: why a play may follow, or the reason code and why not.
"""

from __future__ import annotations

from itertools import combinations, product
from operator import attrgetter
from typing import Iterable, NamedTuple

from ..cards import ALL_CARDS, RANK_NAMES, SUIT_SYMBOLS, Card, StandIn, count_cards
from ..engine import Refusal
from .rules import ACE, ORDER, PLACE, PLACE_OF, TWO, GanDengYanRules, and_list, place_text

SINGLE, PAIR, RUN, PAIRS, THREE, FOUR, JOKERS = "single", "pair", "run", "pairs", "three", "four", "jokers"
ORDINARY = (SINGLE, PAIR, RUN, PAIRS)
BOMB_TIER = {THREE: 0, FOUR: 1, JOKERS: 2}
JOKER_PLACE = len(ORDER)  # the joker bomb has no rank; it sits above every place
KIND_WORDS = {SINGLE: "a single card", PAIR: "a pair", RUN: "a run of three", PAIRS: "two adjacent pairs",
              THREE: "a bomb of three", FOUR: "a bomb of four", JOKERS: "the joker bomb"}


def token_text(token: Card | StandIn) -> str:
    """A card in the 9♠ form; a stand-in as ``BJ=4`` or ``BJ=4♠``; a joker or wild card by its code."""
    if isinstance(token, StandIn):
        return f"{token.card.code}={RANK_NAMES[token.rank]}{SUIT_SYMBOLS.get(token.suit, '')}"
    return _SYMBOLS[token]


_SYMBOLS = {c: c.symbol for c in ALL_CARDS}  # every play's text shows its cards: looked up, not rebuilt


def show(tokens: Iterable) -> str:
    """Cards as a learner reads them: ``"4♠ 4♥ BJ=4"``."""
    return " ".join(map(token_text, tokens))


def _plural(place: int) -> str:
    return place_text(place) + "s"


class Play(NamedTuple):
    """One combination as played.

    ``kind`` is ``"single"``, ``"pair"``, ``"run"`` (three ranks in a row), ``"pairs"`` (two pairs of
    adjacent ranks), or a bomb: ``"three"`` and ``"four"`` of a kind, ``"jokers"`` (both jokers).
    ``place`` is where its rank stands in the order 3 < 4 < ... < A < 2 (3 is 0, 2 is 12; a run's
    or pair run's lowest rank; the joker bomb above them all). ``cards`` are the cards as played,
    each joker or wild card (but those of the joker bomb) written with the rank it stands for."""

    kind: str
    place: int
    cards: tuple

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_TIER

    @property
    def power(self) -> tuple[int, int]:
        """A bomb's strength: its tier (three < four < the two jokers), then its rank."""
        return (BOMB_TIER[self.kind], self.place)

    @property
    def physical(self) -> tuple[Card, ...]:
        return tuple(t.card if isinstance(t, StandIn) else t for t in self.cards)

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The cards that are not jokers or wild cards."""
        return tuple(t for t in self.cards if isinstance(t, Card) and t.suit is not None)

    @property
    def wilds(self) -> int:
        return len(self.cards) - len(self.naturals)

    @property
    def shown(self) -> str:
        return show(self.cards)

    def name(self) -> str:
        """``"single 8"``, ``"pair of 8s"``, ``"run 6-7-8"``, ``"pair run 6-6-7-7"``, ``"three 5s"``,
        ``"two jokers"``."""
        p = self.place
        if self.kind == SINGLE:
            return f"single {place_text(p)}"
        if self.kind == PAIR:
            return f"pair of {_plural(p)}"
        if self.kind == RUN:
            return "run " + "-".join(place_text(q) for q in range(p, p + 3))
        if self.kind == PAIRS:
            return "pair run " + "-".join(place_text(q) for q in (p, p, p + 1, p + 1))
        if self.kind == JOKERS:
            return "two jokers"
        return f"{self.kind} {_plural(p)}"

    def __str__(self) -> str:
        return f"{self.name()} ({self.shown})"


def make(kind: str, place: int, cards: tuple) -> Play:
    return tuple.__new__(Play, (kind, place, cards))  # several times faster than Play(...)


def types_text(rules: GanDengYanRules) -> str:
    top = ", four of a kind and the two jokers" if rules.joker_bomb else " and four of a kind"
    return ("The types are a single, a pair, a run of three ranks in a row (3-4-5 up to Q-K-A), two "
            f"pairs of adjacent ranks (6-6-7-7), and the bombs: three of a kind{top}.")


# --- what a handful of cards is ------------------------------------------------------------------

def readings(tokens: Iterable, rules: GanDengYanRules) -> tuple[list[Play], Refusal | None]:
    """Every way ``tokens`` (cards and stand-ins) form a combination under ``rules``, or, when there
    is none, the refusal (``joker_alone`` or ``invalid_combination``) that says why. A joker or wild
    card written without a stand-in may stand for any rank that makes the combination work; a
    written stand-in is kept. Wild cards stand in only beside at least one natural card."""
    tokens = tuple(tokens)
    if len(tokens) == 1 and type(tokens[0]) is Card and tokens[0].suit is not None:
        return [make(SINGLE, PLACE_OF[tokens[0]], tokens)], None  # the commonest play, read at once
    naturals = [t for t in tokens if isinstance(t, Card) and t.suit is not None]
    wilds = [t for t in tokens if not (isinstance(t, Card) and t.suit is not None)]
    n = len(tokens)
    if not tokens:
        return [], Refusal("invalid_combination", "A play needs at least one card.")
    for t in wilds:
        if isinstance(t, StandIn) and t.card.suit is not None:
            return [], Refusal("invalid_combination", f"{t}: only a {rules.wild_word} stands in for another card.")
    if not naturals:
        if rules.joker_bomb and n == 2 and not any(isinstance(t, StandIn) for t in tokens):
            return [make(JOKERS, JOKER_PLACE, tuple(sorted(tokens)))], None
        return [], Refusal("joker_alone", alone_text(tokens, rules))
    named = [(t.suit, t.rank) for t in naturals] + [(t.suit, t.rank) for t in wilds
                                                     if isinstance(t, StandIn) and t.suit is not None]
    if len(set(named)) < len(named):
        return [], Refusal("invalid_combination", f"{show(tokens)}: a {rules.wild_word} stands for a card "
                           "that is already in the play.")
    if n > 4:
        return [], Refusal("invalid_combination", f"{show(tokens)} is no combination: no type has "
                           f"{count_cards(n)}. {types_text(rules)}")
    group_kind = (SINGLE, PAIR, THREE, FOUR)[n - 1]
    plays, why = _group(group_kind, tokens, naturals, wilds)
    if n >= 3:
        rows, row_why = _rows(RUN if n == 3 else PAIRS, tokens, naturals, wilds)
        plays += rows
        if not plays:
            why = f"{why}, and {row_why}"
    if plays:
        return plays, None
    return [], Refusal("invalid_combination", f"{show(tokens)} is no combination: {why}. {types_text(rules)}")


def alone_text(tokens, rules: GanDengYanRules) -> str:
    word = rules.wild_word
    what = f"is a {word} on its own" if len(tokens) == 1 else f"are {word}s with no natural card"
    example = "4♠ 4♥ BJ as three 4s, 8♠ 9♥ BJ as a run" if rules.joker_bomb else "4♠ 4♥ W1 as three 4s"
    bomb = " Only the two jokers together, as themselves, make a play: the top bomb." if rules.joker_bomb else ""
    return (f"{show(tokens)} {what}: a {word} is wild only together with other cards, standing in "
            f"for a rank they need ({example}); it may never be played alone, not even as the last "
            f"card of a hand.{bomb}")


def _fixed_places(naturals, wilds) -> list[int]:
    return [PLACE_OF[c] for c in naturals] + [PLACE[t.rank] for t in wilds if isinstance(t, StandIn)]


def _fill(tokens, slots: list[int]) -> tuple:
    """``tokens`` with each unnamed joker or wild card standing in for the next rank of ``slots``."""
    free = iter(slots)
    return tuple(stand_in(t, next(free)) if isinstance(t, Card) and t.suit is None else t
                 for t in tokens)


def _group(kind, tokens, naturals, wilds) -> tuple[list[Play], str | None]:
    places = set(_fixed_places(naturals, wilds))
    if len(places) > 1:
        if kind == PAIR:
            return [], "a pair is two cards of one rank"
        return [], "its cards are not all of one rank"
    (place,) = places
    return [make(kind, place, _fill(tokens, [place] * len(tokens)))], None


def _rows(kind, tokens, naturals, wilds) -> tuple[list[Play], str | None]:
    width, copies = (3, 1) if kind == RUN else (2, 2)
    fixed = _fixed_places(naturals, wilds)
    if TWO in fixed:
        return [], "a 2 is never part of a run or a pair run (no K-A-2, no A-A-2-2)"
    counts = {p: fixed.count(p) for p in fixed}
    lo, hi = min(counts), max(counts)
    if max(counts.values()) > copies or hi - lo >= width:
        if kind == RUN:
            return [], "a run is three ranks in a row, one card of each"
        return [], "two adjacent pairs are two cards of each of two ranks in a row"
    plays = []
    for start in range(max(0, hi - width + 1), min(lo, ACE - width + 1) + 1):
        slots = [p for p in range(start, start + width) for _ in range(copies - counts.get(p, 0))]
        plays.append(make(kind, start, _fill(tokens, slots)))
    return plays, None


# --- what may follow what ------------------------------------------------------------------------

def ruling(play: Play, top: Play | None) -> tuple[str | None, str]:
    """Whether ``play`` may go on ``top`` (``None``: an empty table): ``(None, why it may)`` or
    ``(reason code, why not)``. Bombs beat every ordinary play and each other by tier (three < four
    < the two jokers), then rank; otherwise a follow is the same type exactly one rank higher, and a
    single 2 or a pair of 2s beats any other single or pair."""
    if top is None:
        return None, "the table is empty, so any type may lead"
    if play.is_bomb:
        if not top.is_bomb:
            return None, "a bomb beats any ordinary play"
        if play.power > top.power:
            if play.kind != top.kind:
                return None, (f"{play.name()} outrank {top.name()}: three of a kind < four of a kind "
                              "< the two jokers")
            return None, ("bombs of the same size compare by rank, with no one-higher limit: "
                          f"{place_text(play.place)} is above {place_text(top.place)}")
        return "not_stronger", _weaker_bomb(play, top)
    if top.is_bomb:
        return "shape_mismatch", (f"Only a bigger bomb beats a bomb: {top.name()} ({top.shown}) is on the "
                                  f"table, and {play.name()} ({play.shown}) is no bomb; not even a 2 "
                                  "beats a bomb.")
    if play.kind != top.kind:
        twos = (" A pair of 2s answers only a pair, never a run." if play.kind == PAIR and play.place == TWO
                else "")
        return "shape_mismatch", (f"The table shows {KIND_WORDS[top.kind]} ({top.shown}); {play.shown} is "
                                  f"{KIND_WORDS[play.kind]}. A follow is the same type exactly one rank "
                                  f"higher, or a bomb.{twos}")
    if play.place == TWO and top.place != TWO and play.kind in (SINGLE, PAIR):
        return None, ("a single 2 beats any other single" if play.kind == SINGLE
                      else "a pair of 2s beats any other pair")
    if play.place == top.place + 1:
        return None, f"exactly one rank higher than {top.shown}"
    return "not_one_higher", _not_one_higher(play, top)


def next_up(top: Play) -> str | None:
    """The ordinary follow one rank higher than ``top``, in words, or ``None`` when there is none."""
    p = top.place + 1
    if top.kind == SINGLE and p <= TWO:
        return f"a single {place_text(p)}"
    if top.kind == PAIR and p <= TWO:
        return f"a pair of {_plural(p)}"
    if top.kind == RUN and p + 2 <= ACE:
        return "the run " + "-".join(place_text(q) for q in range(p, p + 3))
    if top.kind == PAIRS and p + 1 <= ACE:
        return "the pair run " + "-".join(place_text(q) for q in (p, p, p + 1, p + 1))
    return None


def answers_text(top: Play) -> str:
    """What may follow ``top``, in words: ``"a single 9, a single 2 or a bomb"``."""
    if top.is_bomb:
        return "a bigger bomb" if top.kind != JOKERS else "nothing: the two jokers are the top bomb"
    if top.kind in (SINGLE, PAIR) and top.place == TWO:
        return "only a bomb"
    options = [x for x in (next_up(top),) if x]
    if top.kind in (SINGLE, PAIR) and top.place + 1 != TWO:
        options.append("a single 2" if top.kind == SINGLE else "a pair of 2s")
    return and_list(options + ["a bomb"], "or") if options else "only a bomb"


def _not_one_higher(play: Play, top: Play) -> str:
    if top.kind in (SINGLE, PAIR) and top.place == TWO:
        what = "a single 2" if top.kind == SINGLE else "a pair of 2s"
        return (f"Only a bomb beats {what}: nothing is one rank higher than 2, and {play.shown} is no bomb.")
    relation = ("bigger, but not exactly one rank higher" if play.place > top.place
                else "not higher" if play.place < top.place else "only equal")
    if next_up(top) is None:
        return (f"{top.shown} is on the table and nothing is one rank higher (a 2 never sits in a run), "
                f"so only a bomb may follow; {play.shown} is no bomb.")
    return (f"{top.shown} is on the table: an ordinary follow is the same type exactly one rank higher, so "
            f"only {answers_text(top)} may follow; {play.shown} is {relation}.")


def _weaker_bomb(play: Play, top: Play) -> str:
    if top.kind == JOKERS:
        return f"Nothing beats the two jokers, the top bomb; {play.name()} ({play.shown}) does not."
    if play.kind == top.kind:
        return (f"{play.name()} ({play.shown}) do not beat {top.name()}: bombs of the same size compare by "
                f"rank ({place_text(play.place)} is not above {place_text(top.place)}).")
    return (f"{play.name()} ({play.shown}) do not beat {top.name()}: a bomb of four beats every bomb of "
            "three, whatever the ranks (three of a kind < four of a kind < the two jokers).")


# --- which plays a hand holds --------------------------------------------------------------------

def legal_plays(hand: Iterable[Card], rules: GanDengYanRules, top: Play | None) -> list[Play]:
    """Every play from ``hand`` that may go on ``top`` (``None``: leading), each listed once.

    Jokers and wild cards are interchangeable, so a play that needs fewer than the hand holds uses
    them in the deck's order (the black joker first; ``W1`` first), each written with the rank it
    stands for. Only plays of the top's type one rank higher, the 2 exception and bombs that beat
    it are generated, so a follow costs little."""
    by_place, wilds = _by_place(hand)
    out: list[Play] = []
    if top is None:
        places = sorted(by_place)
        for place in places:
            cards = by_place[place]
            out += [make(SINGLE, place, (c,)) for c in cards]
            if len(cards) > 1 or wilds:
                out += _groups(PAIR, 2, place, cards, wilds)
        if wilds:
            # a run or pair run holds at least one natural card, so it starts at most two places below one
            run_starts = sorted({p - k for p in places for k in (0, 1, 2)} & _RUN_STARTS)
            pair_run_starts = sorted({p - k for p in places for k in (0, 1)} & _PAIR_RUN_STARTS)
        else:  # the usual hand: a run needs all three of its ranks, a pair run two cards of both
            run_starts = [p for p in places if p in _RUN_STARTS and p + 1 in by_place and p + 2 in by_place]
            pair_run_starts = [p for p in places if p in _PAIR_RUN_STARTS and len(by_place[p]) > 1
                               and len(by_place.get(p + 1, ())) > 1]
        for start in run_starts:
            out += _runs(start, by_place, wilds)
        for start in pair_run_starts:
            out += _pair_runs(start, by_place, wilds)
        out += _bombs(by_place, wilds, rules, None)
        return out
    if top.is_bomb:
        return _bombs(by_place, wilds, rules, top)
    up = top.place + 1
    if top.kind in (SINGLE, PAIR):
        # one rank higher, and the 2 exception (the same place when the top is an ace)
        places = () if top.place == TWO else (up,) if up == TWO else (up, TWO)
        for place in places:
            if place not in by_place:
                continue
            if top.kind == SINGLE:
                out += [make(SINGLE, place, (c,)) for c in by_place[place]]
            else:
                out += _groups(PAIR, 2, place, by_place[place], wilds)
    elif top.kind == RUN:
        if up + 2 <= ACE:
            out += _runs(up, by_place, wilds)
    elif up + 1 <= ACE:
        out += _pair_runs(up, by_place, wilds)
    out += _bombs(by_place, wilds, rules, None)
    return out


def can_lead(hand: Iterable[Card], rules: GanDengYanRules) -> bool:
    """Whether ``hand`` holds any lead at all: a natural card, or the two jokers. A hand of one
    joker (or, under jj, of wild cards only) holds none."""
    wilds = 0
    for c in hand:
        if c.suit is not None:
            return True
        wilds += 1
    return rules.joker_bomb and wilds == 2


_index = attrgetter("index")
_RUN_STARTS = frozenset(range(ACE - 1))  # 3-4-5 up to Q-K-A
_PAIR_RUN_STARTS = frozenset(range(ACE))  # 3-3-4-4 up to K-K-A-A
_STAND_INS: dict[tuple[Card, int], StandIn] = {}


def _by_place(hand: Iterable[Card]) -> tuple[dict[int, list[Card]], list[Card]]:
    """The natural cards of ``hand`` by place and its jokers or wild cards, each in the deck's order."""
    by_place: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for c in sorted(hand, key=_index):
        place = PLACE_OF.get(c)  # None for a joker or wild card
        if place is None:
            wilds.append(c)
        else:
            row = by_place.get(place)
            if row is None:
                by_place[place] = [c]
            else:
                row.append(c)
    return by_place, wilds


def stand_in(wild: Card, place: int) -> StandIn:
    """``wild`` standing for the rank at ``place`` (rank only); one shared object for each."""
    key = (wild, place)
    found = _STAND_INS.get(key)
    if found is None:
        found = _STAND_INS[key] = StandIn(wild, None, ORDER[place])
    return found


def _groups(kind: str, size: int, place: int, cards: list[Card], wilds: list[Card]) -> list[Play]:
    if not wilds:  # the usual hand: natural cards only
        return [make(kind, place, chosen) for chosen in combinations(cards, size)]
    out = []
    for m in range(max(1, size - len(wilds)), min(len(cards), size) + 1):
        stand = tuple(stand_in(w, place) for w in wilds[:size - m])
        out += [make(kind, place, chosen + stand) for chosen in combinations(cards, m)]
    return out


def _bombs(by_place, wilds, rules: GanDengYanRules, top: Play | None) -> list[Play]:
    """Every bomb that beats ``top`` (``None``: every bomb)."""
    out = []
    least = top.power if top is not None else (-1, -1)
    spare = len(wilds)
    for place in sorted(p for p, cards in by_place.items() if len(cards) + spare >= 3):
        cards = by_place[place]
        if (0, place) > least:
            out += _groups(THREE, 3, place, cards, wilds)
        if len(cards) + spare >= 4 and (1, place) > least:
            out += _groups(FOUR, 4, place, cards, wilds)
    if rules.joker_bomb and spare == 2 and least[0] < BOMB_TIER[JOKERS]:
        out.append(make(JOKERS, JOKER_PLACE, tuple(wilds)))
    return out


def _with_wilds(start: int, picks, wilds) -> tuple | None:
    """The cards of a run or pair run from per-place picks (``None`` where a wild card stands in),
    or ``None`` when the hand lacks the wild cards or no natural card is used."""
    need = sum(pick.count(None) for pick in picks)
    if need > len(wilds) or need == sum(map(len, picks)):
        return None
    spare = iter(wilds)
    return tuple(stand_in(next(spare), start + i) if c is None else c
                 for i, pick in enumerate(picks) for c in pick)


def _runs(start: int, by_place, wilds) -> list[Play]:
    present = (start in by_place) + (start + 1 in by_place) + (start + 2 in by_place)
    if not present or present + len(wilds) < 3:
        return []
    if not wilds:  # the usual hand: every card natural
        return [make(RUN, start, cards) for cards in product(*(by_place[p] for p in range(start, start + 3)))]
    options = []
    for place in range(start, start + 3):
        here = [(c,) for c in by_place.get(place, ())]
        if wilds:
            here.append((None,))
        if not here:
            return []
        options.append(here)
    return [make(RUN, start, cards) for picks in product(*options)
            if (cards := _with_wilds(start, picks, wilds)) is not None]


def _pair_runs(start: int, by_place, wilds) -> list[Play]:
    held = min(len(by_place.get(start, ())), 2) + min(len(by_place.get(start + 1, ())), 2)
    if not held or held + len(wilds) < 4:
        return []
    if not wilds:  # the usual hand: two natural pairs
        return [make(PAIRS, start, low + high) for low in combinations(by_place[start], 2)
                for high in combinations(by_place[start + 1], 2)]
    options = []
    for place in (start, start + 1):
        cards = by_place.get(place, ())
        here = list(combinations(cards, 2))
        if wilds:
            here.extend((c, None) for c in cards)
            if len(wilds) >= 2:
                here.append((None, None))
        if not here:
            return []
        options.append(here)
    return [make(PAIRS, start, cards) for picks in product(*options)
            if (cards := _with_wilds(start, picks, wilds)) is not None]
