"""Combinations: what a handful of cards is, what may follow what, and which plays a hand holds.

Pure functions over cards and a rule set. The position (``state.py``) calls them and tests call
them directly. :func:`ruling` applies the follow rules and returns, in the same breath, the
sentence that explains them: why a play may follow, or the reason code and why not.
"""

from __future__ import annotations

import functools
from itertools import combinations, compress, product
from operator import attrgetter
from typing import Iterable, NamedTuple, Sequence

from ..cards import ALL_CARDS, RANK_NAMES, SUIT_SYMBOLS, Card, StandIn, format_cards, plain
from ..engine import Refusal
from ..i18n import N_, Message, _, join, n_, ors
from .rules import ACE, ORDER, PLACE, PLACE_OF, TWO, GanDengYanRules, place_text

SINGLE, PAIR, RUN, PAIRS, THREE, FOUR, JOKERS = "single", "pair", "run", "pairs", "three", "four", "jokers"
ORDINARY = (SINGLE, PAIR, RUN, PAIRS)
BOMB_TIER = {THREE: 0, FOUR: 1, JOKERS: 2}
JOKER_PLACE = len(ORDER)  # the joker bomb has no rank; it sits above every place
# Each kind in words (marked for the catalogs: read as _(KIND_WORDS[kind])).
KIND_WORDS = {SINGLE: N_("a single card"), PAIR: N_("a pair"), RUN: N_("a run"), PAIRS: N_("a pair run"),
              THREE: N_("a bomb of three"), FOUR: N_("a bomb of four"), JOKERS: N_("the two jokers")}


def kind_words(kind: str) -> Message:
    """A kind of play in words, in the current language: ``"a pair run"``."""
    return _(KIND_WORDS[kind])


def token_text(token: Card | StandIn) -> str:
    """A card in the 9♠ form; a stand-in as ``BJ=4`` or ``BJ=4♠``; a joker or wild card by its code."""
    if isinstance(token, StandIn):
        return f"{token.card.code}={RANK_NAMES[token.rank]}{SUIT_SYMBOLS.get(token.suit, '')}"
    return _SYMBOLS[token]


_SYMBOLS = {c: c.symbol for c in ALL_CARDS}  # every play's text shows its cards: looked up, not rebuilt


def show(tokens: Iterable) -> str:
    """Cards as a learner reads them: ``"4♠ 4♥ BJ=4"``."""
    return " ".join(map(token_text, tokens))


# Every event names or shows a play, and the same few plays recur: their texts are made once.
@functools.lru_cache(maxsize=4096)
def _shown(cards: tuple) -> str:
    return show(cards)


@functools.lru_cache(maxsize=4096)
def _play_text(play: "Play") -> Message:
    return _("{play} ({cards})", play=play.name(), cards=play.shown)


def _ranks(places) -> str:
    """``"6-7-8"``: the ranks of a run or pair run."""
    return "-".join(place_text(q) for q in places)


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
        return tuple([t.card if isinstance(t, StandIn) else t for t in self.cards])

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The cards that are not jokers or wild cards."""
        return tuple(t for t in self.cards if isinstance(t, Card) and t.suit is not None)

    @property
    def wilds(self) -> int:
        return len(self.cards) - len(self.naturals)

    @property
    def shown(self) -> str:
        return _shown(self.cards)

    def name(self) -> Message:
        """``"single 8"``, ``"pair of 8s"``, ``"run 6-7-8"``, ``"pair run 6-6-7-7"``, ``"three 5s"``,
        ``"two jokers"``."""
        return play_name(self.kind, self.place)

    @property
    def called(self) -> Message:
        """The name with "a" where English wants one: ``"a run 6-7-8"``, ``"three 5s"``,
        ``"two jokers"``."""
        return play_called(self.kind, self.place)

    def __str__(self) -> str:
        """The name and the cards, in the current language: ``"pair of 8s (8♠ 8♥)"``."""
        return str(_play_text(self))


@functools.cache  # a name is made once for each kind and place: plays are named in every event
def play_name(kind: str, place: int) -> Message:
    """The name of a play of ``kind`` at ``place`` (:meth:`Play.name`)."""
    if kind == SINGLE:
        return _("single {rank}", rank=place_text(place))
    if kind == PAIR:
        return _("pair of {rank}s", rank=place_text(place))
    if kind == RUN:
        return _("run {ranks}", ranks=_ranks(range(place, place + 3)))
    if kind == PAIRS:
        return _("pair run {ranks}", ranks=_ranks((place, place, place + 1, place + 1)))
    if kind == JOKERS:
        return _("two jokers")
    if kind == THREE:
        return _("three {rank}s", rank=place_text(place))
    return _("four {rank}s", rank=place_text(place))


@functools.cache
def play_called(kind: str, place: int) -> Message:
    """The name of a play of ``kind`` at ``place`` with "a" where English wants one
    (:attr:`Play.called`)."""
    if kind == SINGLE:
        return _("a single {rank}", rank=place_text(place))
    if kind == PAIR:
        return _("a pair of {rank}s", rank=place_text(place))
    if kind == RUN:
        return _("a run {ranks}", ranks=_ranks(range(place, place + 3)))
    if kind == PAIRS:
        return _("a pair run {ranks}", ranks=_ranks((place, place, place + 1, place + 1)))
    return play_name(kind, place)


def make(kind: str, place: int, cards: tuple) -> Play:
    return tuple.__new__(Play, (kind, place, cards))  # several times faster than Play(...)


def types_text(rules: GanDengYanRules) -> Message:
    if rules.joker_bomb:
        return _("The types are a single, a pair, a run (three ranks in a row, 3-4-5 up to Q-K-A), a pair "
                 "run (two pairs of adjacent ranks, 6-6-7-7), and the bombs: three of a kind, four of a "
                 "kind and the two jokers.")
    return _("The types are a single, a pair, a run (three ranks in a row, 3-4-5 up to Q-K-A), a pair "
             "run (two pairs of adjacent ranks, 6-6-7-7), and the bombs: three of a kind and four of a "
             "kind.")


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
        return [], Refusal("invalid_combination", _("A play needs at least one card."))
    for t in wilds:
        if isinstance(t, StandIn) and t.card.suit is not None:
            return [], Refusal("invalid_combination", _("{card}: only a {wild} stands in for another card.",
                                                        card=t, wild=rules.wild_word))
    if not naturals:
        if rules.joker_bomb and n == 2 and not any(isinstance(t, StandIn) for t in tokens):
            return [make(JOKERS, JOKER_PLACE, tuple(sorted(tokens)))], None
        return [], Refusal("joker_alone", alone_text(tokens, rules))
    named = [(t.suit, t.rank) for t in naturals] + [(t.suit, t.rank) for t in wilds
                                                     if isinstance(t, StandIn) and t.suit is not None]
    if len(set(named)) < len(named):
        return [], Refusal("invalid_combination", _("{cards}: a {wild} stands for a card that is already in "
                                                    "the play.", cards=show(tokens), wild=rules.wild_word))
    if n > 4:
        return [], Refusal("invalid_combination", n_("{cards} is no combination: no type has {count} card. "
                                                     "{types}", "{cards} is no combination: no type has "
                                                     "{count} cards. {types}", n, cards=show(tokens),
                                                     types=types_text(rules)))
    group_kind = (SINGLE, PAIR, THREE, FOUR)[n - 1]
    plays, why = _group(group_kind, tokens, naturals, wilds)
    if n >= 3:
        rows, row_why = _rows(RUN if n == 3 else PAIRS, tokens, naturals, wilds)
        plays += rows
        if not plays:
            why = _("{reason}, and {other_reason}", reason=why, other_reason=row_why)
    if plays:
        return plays, None
    return [], Refusal("invalid_combination", _("{cards} is no combination: {why}. {types}", cards=show(tokens),
                                                why=why, types=types_text(rules)))


def alone_text(tokens, rules: GanDengYanRules) -> Message:
    cards = show(tokens)
    if rules.joker_bomb:
        if len(tokens) == 1:
            return _("{cards} is a joker on its own: a joker is wild only together with other cards, standing "
                     "in for a rank they need (4♠ 4♥ BJ as three 4s, 8♠ 9♥ BJ as a run); it may never be "
                     "played alone, not even as the last card of a hand. Only the two jokers together, as "
                     "themselves, make a play: the top bomb.", cards=cards)
        return _("{cards} are jokers with no natural card: a joker is wild only together with other cards, "
                 "standing in for a rank they need (4♠ 4♥ BJ as three 4s, 8♠ 9♥ BJ as a run); it may never "
                 "be played alone, not even as the last card of a hand. Only the two jokers together, as "
                 "themselves, make a play: the top bomb.", cards=cards)
    if len(tokens) == 1:
        return _("{cards} is a wild card on its own: a wild card is wild only together with other cards, "
                 "standing in for a rank they need (4♠ 4♥ W1 as three 4s); it may never be played alone, "
                 "not even as the last card of a hand.", cards=cards)
    return _("{cards} are wild cards with no natural card: a wild card is wild only together with other "
             "cards, standing in for a rank they need (4♠ 4♥ W1 as three 4s); it may never be played "
             "alone, not even as the last card of a hand.", cards=cards)


def _fixed_places(naturals, wilds) -> list[int]:
    return [PLACE_OF[c] for c in naturals] + [PLACE[t.rank] for t in wilds if isinstance(t, StandIn)]


def _fill(tokens, slots: list[int]) -> tuple:
    """``tokens`` with each unnamed joker or wild card standing in for the next rank of ``slots``."""
    free = iter(slots)
    return tuple(stand_in(t, next(free)) if isinstance(t, Card) and t.suit is None else t
                 for t in tokens)


def _group(kind, tokens, naturals, wilds) -> tuple[list[Play], Message | None]:
    places = set(_fixed_places(naturals, wilds))
    if len(places) > 1:
        if kind == PAIR:
            return [], _PAIR_IS
        return [], _ONE_RANK
    (place,) = places
    return [make(kind, place, _fill(tokens, [place] * len(tokens)))], None


# Why cards are not a group or not a run: the same few words, made once.
_PAIR_IS = _("a pair is two cards of one rank")
_ONE_RANK = _("its cards are not all of one rank")
_NO_TWO_IN_RUN = _("a 2 is never part of a run or a pair run (no K-A-2, no A-A-2-2)")
_RUN_IS = _("a run is three ranks in a row, one card of each")
_PAIR_RUN_IS = _("a pair run is two cards of each of two ranks in a row")


def _rows(kind, tokens, naturals, wilds) -> tuple[list[Play], Message | None]:
    width, copies = (3, 1) if kind == RUN else (2, 2)
    fixed = _fixed_places(naturals, wilds)
    if TWO in fixed:
        return [], _NO_TWO_IN_RUN
    counts = {p: fixed.count(p) for p in fixed}
    lo, hi = min(counts), max(counts)
    if max(counts.values()) > copies or hi - lo >= width:
        if kind == RUN:
            return [], _RUN_IS
        return [], _PAIR_RUN_IS
    plays = []
    for start in range(max(0, hi - width + 1), min(lo, ACE - width + 1) + 1):
        slots = [p for p in range(start, start + width) for _ in range(copies - counts.get(p, 0))]
        plays.append(make(kind, start, _fill(tokens, slots)))
    return plays, None


# --- what may follow what ------------------------------------------------------------------------

def ruling(play: Play, top: Play | None) -> tuple[str | None, Message]:
    """Whether ``play`` may go on ``top`` (``None``: an empty table): ``(None, why it may)`` or
    ``(reason code, why not)``. Bombs beat every ordinary play and each other by tier (three < four
    < the two jokers), then rank; otherwise a follow is the same type exactly one rank higher, and a
    single 2 or a pair of 2s beats any other single or pair."""
    if top is None:
        return None, _EMPTY_TABLE
    if play.is_bomb:
        if not top.is_bomb:
            return None, _BOMB_BEATS
        if play.power > top.power:
            if play.kind != top.kind:
                return None, _("{play} outrank {top}: three of a kind < four of a kind < the two jokers",
                               play=play.name(), top=top.name())
            return None, _("bombs of the same size compare by rank, with no one-higher limit: {rank} is above "
                           "{other}", rank=place_text(play.place), other=place_text(top.place))
        return "not_stronger", _weaker_bomb(play, top)
    if top.is_bomb:
        return "shape_mismatch", _("Only a bigger bomb beats a bomb: {top} ({top_cards}) is on the table, and "
                                   "{play} ({cards}) is no bomb; not even a 2 beats a bomb.", top=top.name(),
                                   top_cards=top.shown, play=play.name(), cards=play.shown)
    if play.kind != top.kind:
        if play.kind == PAIR and play.place == TWO:
            return "shape_mismatch", _("The table shows {top_kind} ({top_cards}); {cards} is {kind}. A follow "
                                       "is the same type exactly one rank higher, or a bomb. A pair of 2s "
                                       "beats only a pair, never a run or a pair run.",
                                       top_kind=kind_words(top.kind), top_cards=top.shown, cards=play.shown,
                                       kind=kind_words(play.kind))
        return "shape_mismatch", _("The table shows {top_kind} ({top_cards}); {cards} is {kind}. A follow is "
                                   "the same type exactly one rank higher, or a bomb.",
                                   top_kind=kind_words(top.kind), top_cards=top.shown, cards=play.shown,
                                   kind=kind_words(play.kind))
    if play.place == TWO and top.place != TWO and play.kind in (SINGLE, PAIR):
        return None, _SINGLE_TWO_BEATS if play.kind == SINGLE else _PAIR_OF_TWOS_BEATS
    if play.place == top.place + 1:
        return None, _("exactly one rank higher than {cards}", cards=top.shown)
    return "not_one_higher", _not_one_higher(play, top)


# Refusals of a play in the contract's order: when every reading of the jokers is refused, the
# refusal listed first applies, as it would with several reasons for one reading.
PLAY_CODES = ("invalid_combination", "shape_mismatch", "not_stronger", "not_one_higher")


def resolve(hand, player: str, tokens, rules: GanDengYanRules,
            top: Play | None) -> tuple[Refusal | None, Play | None]:
    """The reading of ``tokens`` (a play of ``player``, who holds ``hand``) that may go on ``top``
    under ``rules``: ``(None, play)``; or why there is none, ``(refusal, reading)``, with the refused
    reading that says why when the cards do form a combination (else ``None``)."""
    seen: set[Card] = set()
    for t in tokens:
        c = plain(t)
        if c in seen:
            return Refusal("not_in_hand", _("{card} is named twice; there is only one {card}.",
                                            card=c.symbol)), None
        seen.add(c)
        if c not in hand:
            return Refusal("not_in_hand", _("{player} does not hold {card}.", player=player,
                                            card=c.symbol)), None
    plays, refusal = readings(tokens, rules)
    if refusal is not None:
        return refusal, None
    judged = [(ruling(p, top), p) for p in plays]
    legal = [p for (code, _), p in judged if code is None]
    if len(legal) == 1:
        return None, legal[0]
    if legal:
        options = ors(format_cards(p.cards) for p in legal)
        return Refusal("invalid_combination", _("The {wilds} could stand for different ranks here; write "
                                                "which with '=': {options}.", wilds=rules.wild_words,
                                                options=options)), None
    (code, why), reading = min(judged, key=lambda j: PLAY_CODES.index(j[0][0]))
    return Refusal(code, why), reading


# The rulings' words that name no card, made once.
_EMPTY_TABLE = _("the table is empty, so any type may lead")
_BOMB_BEATS = _("a bomb beats any ordinary play")
_SINGLE_TWO_BEATS = _("a single 2 beats any other single")
_PAIR_OF_TWOS_BEATS = _("a pair of 2s beats any other pair")


def next_up(top: Play) -> Message | None:
    """The ordinary follow one rank higher than ``top``, in words, or ``None`` when there is none."""
    p = top.place + 1
    if top.kind == SINGLE and p <= TWO:
        return _("a single {rank}", rank=place_text(p))
    if top.kind == PAIR and p <= TWO:
        return _("a pair of {rank}s", rank=place_text(p))
    if top.kind == RUN and p + 2 <= ACE:
        return _("the run {ranks}", ranks=_ranks(range(p, p + 3)))
    if top.kind == PAIRS and p + 1 <= ACE:
        return _("the pair run {ranks}", ranks=_ranks((p, p, p + 1, p + 1)))
    return None


def answers_text(top: Play) -> Message:
    """What may follow ``top``, in words: ``"a single 9, a single 2 or a bomb"``."""
    if top.is_bomb:
        return _("a bigger bomb") if top.kind != JOKERS else _("nothing: the two jokers are the top bomb")
    if top.kind in (SINGLE, PAIR) and top.place == TWO:
        return _("only a bomb")
    options = [x for x in (next_up(top),) if x]
    if top.kind in (SINGLE, PAIR) and top.place + 1 != TWO:
        options.append(_("a single 2") if top.kind == SINGLE else _("a pair of 2s"))
    return join(options + [_("a bomb")], "or") if options else _("only a bomb")


def _not_one_higher(play: Play, top: Play) -> Message:
    if top.kind in (SINGLE, PAIR) and top.place == TWO:
        what = _("a single 2") if top.kind == SINGLE else _("a pair of 2s")
        return _("Only a bomb beats {what}: nothing is one rank higher than 2, and {cards} is no bomb.",
                 what=what, cards=play.shown)
    if next_up(top) is None:
        return _("{top} is on the table and nothing is one rank higher (a 2 never sits in a run), so only a "
                 "bomb may follow; {cards} is no bomb.", top=top.shown, cards=play.shown)
    if play.place > top.place:
        return _("{top} is on the table: an ordinary follow is the same type exactly one rank higher, so only "
                 "{answers} may follow; {cards} is bigger, but not exactly one rank higher.", top=top.shown,
                 answers=answers_text(top), cards=play.shown)
    if play.place < top.place:
        return _("{top} is on the table: an ordinary follow is the same type exactly one rank higher, so only "
                 "{answers} may follow; {cards} is not higher.", top=top.shown, answers=answers_text(top),
                 cards=play.shown)
    return _("{top} is on the table: an ordinary follow is the same type exactly one rank higher, so only "
             "{answers} may follow; {cards} is only equal.", top=top.shown, answers=answers_text(top),
             cards=play.shown)


def _weaker_bomb(play: Play, top: Play) -> Message:
    if top.kind == JOKERS:
        return _("Nothing beats the two jokers, the top bomb; {play} ({cards}) does not.", play=play.name(),
                 cards=play.shown)
    if play.kind == top.kind:
        return _("{play} ({cards}) do not beat {top}: bombs of the same size compare by rank ({rank} is not "
                 "above {other}).", play=play.name(), cards=play.shown, top=top.name(),
                 rank=place_text(play.place), other=place_text(top.place))
    return _("{play} ({cards}) do not beat {top}: a bomb of four beats every bomb of three, whatever the ranks "
             "(three of a kind < four of a kind < the two jokers).", play=play.name(), cards=play.shown,
             top=top.name())


# --- which plays a hand holds --------------------------------------------------------------------
#
# A hand's natural cards of one rank are a *row*, kept as the set of its suits: a 4-bit mask with
# spades 1, hearts 2, diamonds 4 and clubs 8 (the deck's order of suits). A hand is then 13 small
# numbers, its rows by place, and its jokers or wild cards (hand_rows). What a row makes by itself
# (its singles, pairs, threes and fours) is the same in every hand, so _GROUPS holds it for every
# place and mask, made once by _groups, the function that adds the jokers when a hand has some; a
# hand without jokers looks its groups up. Runs and pair runs are made from the rows' cards where
# the places held (as bits, place p being 1 << p) say they may start.

def legal_plays(hand: Iterable[Card], rules: GanDengYanRules, top: Play | None) -> list[Play]:
    """Every play from ``hand`` that may go on ``top`` (``None``: leading), each listed once.

    Jokers and wild cards are interchangeable, so a play that needs fewer than the hand holds uses
    them in the deck's order (the black joker first; ``W1`` first), each written with the rank it
    stands for. Only plays of the top's type one rank higher, the 2 exception and bombs that beat
    it are generated, so a follow costs little."""
    return plays_of(*hand_rows(hand), rules, top)


def plays_of(rows: list[int], wilds: list[Card], rules: GanDengYanRules, top: Play | None) -> list[Play]:
    """:func:`legal_plays` of the hand whose rows and wild cards are ``rows`` and ``wilds``
    (:func:`hand_rows`): a position keeps them for a hand that has not changed."""
    out: list[Play] = []
    if top is None:
        singles, singles_and_pairs = _GROUPS[SINGLE], _SINGLES_AND_PAIRS
        held = doubled = 0  # the places of one natural card or more, and of two or more
        for place in compress(_PLACES, rows):
            mask = rows[place]
            if wilds:
                out += singles[place][mask]
                out += _group_plays(PAIR, place, mask, wilds)
            else:
                out += singles_and_pairs[place][mask]
            held |= 1 << place
            if mask in _TWO_OR_MORE:
                doubled |= 1 << place
        # A run from p takes a card of p, p + 1 and p + 2, a pair run two of p and two of p + 1: the
        # wild cards stand in for those the hand lacks, but one card at least is natural. Shifted,
        # the places held say where the runs may start: bit p of held >> 1 is place p + 1.
        at_p, at_p1, at_p2 = held, held >> 1, held >> 2
        if not wilds:
            run_starts = _places_of(at_p & at_p1 & at_p2 & _RUN_STARTS)
            pair_run_starts = _places_of(doubled & doubled >> 1 & _PAIR_RUN_STARTS)
        else:
            spare = len(wilds)
            # one wild card fills one place of three, two or more fill two
            enough = at_p & at_p1 | at_p & at_p2 | at_p1 & at_p2 if spare == 1 else at_p | at_p1 | at_p2
            run_starts = _places_of(enough & _RUN_STARTS)
            pair_run_starts = [p for p in _places_of((at_p | at_p1) & _PAIR_RUN_STARTS)
                               if _UP_TO_TWO[rows[p]] + _UP_TO_TWO[rows[p + 1]] + spare >= 4]
        for start in run_starts:
            out += _runs(start, rows, wilds)
        for start in pair_run_starts:
            out += _pair_runs(start, rows, wilds)
        out += _bombs(rows, wilds, rules, None)
        return out
    if top.is_bomb:
        return _bombs(rows, wilds, rules, top)
    up = top.place + 1
    if top.kind in (SINGLE, PAIR):
        # one rank higher, and the 2 exception (the same place when the top is an ace)
        places = () if top.place == TWO else (up,) if up == TWO else (up, TWO)
        for place in places:
            if rows[place]:
                out += _group_plays(top.kind, place, rows[place], wilds)
    elif top.kind == RUN:
        if up + 2 <= ACE:
            out += _runs(up, rows, wilds)
    elif up + 1 <= ACE:
        out += _pair_runs(up, rows, wilds)
    out += _bombs(rows, wilds, rules, None)
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
_PLACES = range(len(ORDER))
_RUN_STARTS = (1 << ACE - 1) - 1  # as bits: runs start at 3 (3-4-5) up to Q (Q-K-A)
_PAIR_RUN_STARTS = (1 << ACE) - 1  # as bits: pair runs start at 3 (3-3-4-4) up to K (K-K-A-A)
_SUIT_BITS = {"S": 1, "H": 2, "D": 4, "C": 8}
_SPOT = {c: (place, _SUIT_BITS[c.suit]) for c, place in PLACE_OF.items()}  # a natural card's row and suit
# _ROW_CARDS[place][mask]: the cards of the row ``mask`` at ``place``, in the deck's order
_ROW_CARDS = [[tuple(c for c, (p, suit) in _SPOT.items() if p == place and suit & mask) for mask in range(16)]
              for place in _PLACES]
_AT_LEAST = [frozenset(mask for mask in range(16) if mask.bit_count() >= n) for n in range(5)]  # by cards
_TWO_OR_MORE = _AT_LEAST[2]
_UP_TO_TWO = [min(mask.bit_count(), 2) for mask in range(16)]  # the cards a row gives a pair run
_GROUP_SIZES = {SINGLE: 1, PAIR: 2, THREE: 3, FOUR: 4}


def hand_rows(hand: Iterable[Card]) -> tuple[list[int], list[Card]]:
    """``hand`` as its rows by place (0 where it holds no card of that rank) and its jokers or
    wild cards in the deck's order."""
    rows = [0] * len(ORDER)
    wilds: list[Card] = []
    for c in hand:
        spot = _SPOT.get(c)  # None for a joker or wild card
        if spot is None:
            wilds.append(c)
        else:
            place, suit = spot
            rows[place] |= suit
    if len(wilds) > 1:
        wilds.sort(key=_index)
    return rows, wilds


def rows_without(rows: list[int], wilds: list[Card], cards: Iterable[Card]) -> tuple[list[int], list[Card]]:
    """The rows and wild cards (:func:`hand_rows`) of a hand once ``cards`` (physical cards it
    holds) have left it, as new lists: a play updates them instead of sorting the hand out again."""
    rows = rows[:]
    for c in cards:
        spot = _SPOT.get(c)
        if spot is None:
            wilds = [w for w in wilds if w is not c]
        else:
            rows[spot[0]] &= ~spot[1]
    return rows, wilds


def rows_with(rows: list[int], wilds: list[Card], card: Card) -> tuple[list[int], list[Card]]:
    """The rows and wild cards (:func:`hand_rows`) of a hand once ``card`` is added (a draw), as
    new lists."""
    spot = _SPOT.get(card)
    if spot is None:
        return rows, sorted([*wilds, card], key=_index)
    rows = rows[:]
    rows[spot[0]] |= spot[1]
    return rows, wilds


@functools.cache
def _places_of(bits: int) -> tuple[int, ...]:
    """The places whose bits are set in ``bits``, lowest first."""
    return tuple(place for place in _PLACES if bits >> place & 1)


def stand_in(wild: Card, place: int) -> StandIn:
    """``wild`` standing for the rank at ``place`` (rank only); one shared object for each."""
    return _STAND_INS[wild][place]


_STAND_INS = {wild: tuple(StandIn(wild, None, rank) for rank in ORDER)
              for wild in ALL_CARDS if wild.suit is None}


def _group_plays(kind: str, place: int, mask: int, wilds: list[Card]) -> Sequence[Play]:
    """The singles, pairs, threes or fours (``kind``) of the row ``mask`` at ``place`` and the wild
    cards."""
    if not wilds or kind == SINGLE:  # a joker or wild card is never played as a single
        return _GROUPS[kind][place][mask]
    return _groups(kind, _GROUP_SIZES[kind], place, _ROW_CARDS[place][mask], wilds)


def _groups(kind: str, size: int, place: int, cards: Sequence[Card], wilds: Sequence[Card]) -> list[Play]:
    out = []
    for m in range(max(1, size - len(wilds)), min(len(cards), size) + 1):
        stand = tuple([stand_in(w, place) for w in wilds[:size - m]])
        out += [make(kind, place, chosen + stand) for chosen in combinations(cards, m)]
    return out


# _GROUPS[kind][place][mask]: the groups of the row ``mask`` at ``place`` without jokers
_GROUPS = {kind: [[tuple(_groups(kind, size, place, cards, ())) for cards in row]
                  for place, row in enumerate(_ROW_CARDS)]
           for kind, size in _GROUP_SIZES.items()}
# _SINGLES_AND_PAIRS[place][mask]: a row's singles then its pairs, what it leads without jokers
_SINGLES_AND_PAIRS = [[singles + pairs for singles, pairs in zip(*rows)]
                      for rows in zip(_GROUPS[SINGLE], _GROUPS[PAIR])]


def _bombs(rows: list[int], wilds: list[Card], rules: GanDengYanRules, top: Play | None) -> list[Play]:
    """Every bomb that beats ``top`` (``None``: every bomb)."""
    if not wilds and _AT_LEAST[3].isdisjoint(rows):  # the usual hand: no three of a rank, no joker
        return []
    spare = len(wilds)
    # a bomb of three takes a natural card and as many more, natural or wild, as make three
    enough = _AT_LEAST[max(1, 3 - spare)]
    least = top.power if top is not None else (-1, -1)
    out = []
    for place in compress(_PLACES, map(enough.__contains__, rows)):
        mask = rows[place]
        if (0, place) > least:
            out += _group_plays(THREE, place, mask, wilds)
        if mask.bit_count() + spare >= 4 and (1, place) > least:
            out += _group_plays(FOUR, place, mask, wilds)
    if spare == 2 and rules.joker_bomb and least[0] < BOMB_TIER[JOKERS]:
        out.append(make(JOKERS, JOKER_PLACE, tuple(wilds)))
    return out


def _runs(start: int, rows: list[int], wilds: list[Card]) -> list[Play]:
    held = (_ROW_CARDS[start][rows[start]], _ROW_CARDS[start + 1][rows[start + 1]],
            _ROW_CARDS[start + 2][rows[start + 2]])
    missing = held.count(())
    if missing == 3 or missing > len(wilds):
        return []
    if not wilds:  # the usual hand: every card natural
        return [make(RUN, start, cards) for cards in product(*held)]
    # each place takes one of its cards or (None) the next joker or wild card
    return _with_stand_ins(RUN, start, product(*(cards + (None,) for cards in held)), 1, wilds)


def _pair_runs(start: int, rows: list[int], wilds: list[Card]) -> list[Play]:
    low, high = _ROW_CARDS[start][rows[start]], _ROW_CARDS[start + 1][rows[start + 1]]
    held = min(len(low), 2) + min(len(high), 2)
    if not held or held + len(wilds) < 4:
        return []
    if not wilds:  # the usual hand: two natural pairs
        return [make(PAIRS, start, a + b) for a in combinations(low, 2) for b in combinations(high, 2)]
    # each place takes two of its cards, one and (None) the next joker or wild card, or two of those
    options = [[*combinations(cards, 2), *((c, None) for c in cards), (None, None)] for cards in (low, high)]
    return _with_stand_ins(PAIRS, start, (a + b for a, b in product(*options)), 2, wilds)


def _with_stand_ins(kind: str, start: int, picks, copies: int, wilds: list[Card]) -> list[Play]:
    """The runs (``copies`` 1) or pair runs (2) starting at ``start`` of the ``picks``, each pick
    the cards in order with ``None`` where the next of ``wilds`` stands in for its place; those
    that need more wild cards than the hand holds, or hold no natural card, are left out."""
    out = []
    spare = len(wilds)
    for pick in picks:
        need = pick.count(None)
        if need <= spare and need < len(pick):
            stand = iter(wilds)
            out.append(make(kind, start, tuple([stand_in(next(stand), start + i // copies) if c is None else c
                                                for i, c in enumerate(pick)])))
    return out
