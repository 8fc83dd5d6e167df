"""Cards and the card notation of the scenario contract.

A card is written as a suit letter then a rank (``S3``, ``H10``, ``HT``, ``dq``, ``♠A``), or as a
joker (``BJ`` black, ``RJ`` red: the small and the big one where a game tells them apart) or a
``jj`` wild card (``W1``-``W6``). A joker or wild card standing in for another card is written
``RJ=H10`` or ``BJ=9``.

Every card is one shared object (``card("S3") is card("s3")``), so cards compare and hash by
identity and the engines can use them directly in sets and dicts::

    >>> parse_cards("S3 h10 ♠A RJ=9")
    [S3, H10, SA, RJ=9]
    >>> format_cards(parse_cards("ht sq"))
    'H10 SQ'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from .i18n import Message, N_, _, n_, shorten, shown

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The suits in words, in English (translated where they are read: ``_(SUIT_NAMES["H"])``).
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# The white (outline) symbols are accepted as well, since some fonts and keyboards produce them.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
# The ranks in words, in English, for a card's name read aloud ("five of hearts"); translated where
# they are read (a translation may well be the rank as printed on the card: 5, J).
# TRANSLATORS: the ranks of the cards in words, as in "five of hearts", "jack of spades".
RANK_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"),
              8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"),
              14: N_("ace")}
_RANK_FROM_TEXT = {v: k for k, v in RANK_NAMES.items()}
_RANK_FROM_TEXT["T"] = 10
_RANK_FROM_TEXT["1"] = None  # "S1" is a common slip for the ace; refused with a clear message below

JOKERS = ("BJ", "RJ")
WILDS = tuple(f"W{i}" for i in range(1, 7))
# What a wild card would look like, W and a number (W7, W0), but is not: told apart from a bad suit.
_WILD_LIKE = re.compile(r"W\d*")


class CardError(ValueError):
    """Bad card notation. ``text`` is the offending text, ``reason`` says what is wrong with it."""

    def __init__(self, text: str, reason):
        self.text = text
        self.reason = reason  # a message: read in the current language
        super().__init__(text, reason)

    def __str__(self) -> str:
        return str(_("bad card {text}: {reason}", text=shown(self.text), reason=self.reason))


# How a notebook draws cards (a list of cards -> HTML, for Card._repr_html_): cardlab.display's
# cards_html, set there when it is imported (importing cardlab imports it), so that the cards
# import no picture of themselves.
html_of_cards: Callable[[list], str] | None = None


class Card:
    """One card. ``suit`` is ``"S" "H" "D" "C"`` or ``None`` (jokers and wild cards); ``rank`` is
    2-14 (J=11, Q=12, K=13, A=14) or ``None``; ``code`` is the notation (``"H10"``, ``"RJ"``)."""

    __slots__ = ("code", "suit", "rank", "index")

    code: str
    suit: str | None
    rank: int | None
    index: int

    def __new__(cls, code: str):
        return card(code)

    @classmethod
    def _make(cls, code: str, suit: str | None, rank: int | None, index: int) -> "Card":
        self = object.__new__(cls)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "index", index)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (card, (self.code,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def is_joker(self) -> bool:
        return self.code in JOKERS

    @property
    def is_wild(self) -> bool:
        """A joker or a ``jj`` wild card: a card with no suit and rank of its own."""
        return self.suit is None

    @property
    def name(self) -> str:
        """The card in words, for screen readers and tooltips, in the current language:
        ``"queen of spades"``, ``"red joker"``, ``"wild card 3"`` (the card as it is seen stays
        :attr:`symbol`, ``Q♠``). Read anew each time, so a picture drawn after
        :func:`cardlab.set_language` names its cards in the new language."""
        return str(self.spoken())

    def spoken(self) -> Message:
        """:attr:`name` as a message, read in the language current when it is read."""
        if self.code == "BJ":
            return _("black joker")
        if self.code == "RJ":
            return _("red joker")
        if self.suit is None:
            return _("wild card {number}", number=self.code[1:])
        # TRANSLATORS: a card's name read aloud: "five of hearts". {rank} is a rank in words
        # ("five", "jack"), {suit} a suit ("hearts"); e.g. "{suit}{rank}" gives 紅心5.
        return _("{rank} of {suit}", rank=_(RANK_WORDS[self.rank]), suit=_(SUIT_NAMES[self.suit]))

    @property
    def symbol(self) -> str:
        """Unicode text such as ``"Q♠"``; jokers and wild cards keep their code."""
        if self.suit is None:
            return self.code
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return self.code

    __str__ = __repr__

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def _repr_html_(self) -> str | None:
        return None if html_of_cards is None else html_of_cards([self])


def _build() -> dict[str, Card]:
    table: dict[str, Card] = {}
    index = 0
    for rank in range(2, 15):
        for suit in SUITS:
            code = suit + RANK_NAMES[rank]
            table[code] = Card._make(code, suit, rank, index)
            index += 1
    for code in JOKERS + WILDS:
        table[code] = Card._make(code, None, None, index)
        index += 1
    return table


_CARDS = _build()
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS.values())


@dataclass(frozen=True)
class StandIn:
    """A joker or wild card played as another card: ``RJ=H10`` is ``StandIn(RJ, "H", 10)``;
    ``BJ=9`` names only the rank (``suit`` is ``None``)."""

    card: Card
    suit: str | None
    rank: int

    def __post_init__(self):
        # Python code builds stand-ins too, not only parse_token: one that cannot be written down
        # must fail here, not later in a game's rules or in repr().
        if not (isinstance(self.card, Card) and self.suit in (None, *SUITS)
                and type(self.rank) is int and self.rank in RANK_NAMES):
            raise CardError(f"StandIn({self.card!r}, {self.suit!r}, {self.rank!r})",
                            "a stand-in is a card, a suit letter or None, and a rank from 2 to 14")

    def __repr__(self) -> str:
        return f"{self.card.code}={self.suit or ''}{RANK_NAMES[self.rank]}"

    __str__ = __repr__


def _parse_suit_rank(text: str, original: str) -> tuple[str, int]:
    if not text:
        raise CardError(original, _("empty"))
    head = text[0]
    suit = _SYMBOL_TO_SUIT.get(head) or (head.upper() if head.upper() in SUITS else None)
    if suit is None and len(text) > 1 and text[-1] in _SYMBOL_TO_SUIT:
        # Written the way cards are shown to learners, rank first: 9♠, 10♥.
        text = text[-1] + text[:-1]
        suit = _SYMBOL_TO_SUIT[text[0]]
    if suit is None:
        raise CardError(original, _("{text} is not a suit (use S H D C or ♠ ♥ ♦ ♣)", text=repr(head)))
    rank_text = text[1:].upper()
    if not rank_text:
        raise CardError(original, _("a rank must follow the suit (2-10, J, Q, K, A or T)"))
    if rank_text not in _RANK_FROM_TEXT or _RANK_FROM_TEXT[rank_text] is None:
        raise CardError(original, _("{text} is not a rank (use 2-10, J, Q, K, A or T)", text=shown(text[1:])))
    return suit, _RANK_FROM_TEXT[rank_text]


def card(text: str) -> Card:
    """The card written ``text`` (no stand-in). Raises :class:`CardError`."""
    if not isinstance(text, str):
        raise CardError(shown(text), _("a card is written as text, such as S3 or RJ"))
    stripped = text.strip()
    found = _CARDS.get(stripped) or _CARDS.get(stripped.upper())
    if found is not None:
        return found
    if "=" in stripped:
        raise CardError(text, _("a stand-in (=) is only for a joker or wild card in a played combination"))
    if _WILD_LIKE.fullmatch(stripped.upper()):
        raise CardError(text, _("the wild cards are W1 to W6, so there is no {card}", card=shorten(stripped.upper())))
    suit, rank = _parse_suit_rank(stripped, text)
    return _CARDS[suit + RANK_NAMES[rank]]


def parse_token(text: str) -> Card | StandIn:
    """One card token, which may be a stand-in such as ``RJ=H10`` or ``BJ=9``."""
    if not isinstance(text, str):
        raise CardError(shown(text), _("a card is written as text, such as S3 or RJ"))
    stripped = text.strip()
    if "=" not in stripped:
        return card(stripped)
    left, _equals, right = stripped.partition("=")
    base = card(left)
    if not base.is_wild:
        raise CardError(text, _("only a joker or wild card can stand in for another card, not {card}", card=base))
    right = right.strip()
    if not right:
        raise CardError(text, _("name the card it stands for after '=' (such as RJ=H10 or BJ=9)"))
    if right.upper() in JOKERS or _WILD_LIKE.fullmatch(right.upper()):
        raise CardError(text, _("a joker or wild card stands for an ordinary card (such as BJ=9 or BJ=H10), "
                                "never for another joker or wild card"))
    rank_only = right.upper()
    if rank_only in _RANK_FROM_TEXT:
        rank = _RANK_FROM_TEXT[rank_only]
        if rank is None:
            raise CardError(text, _("{text} is not a rank (use 2-10, J, Q, K, A or T)", text=shown(right)))
        return StandIn(base, None, rank)
    suit, rank = _parse_suit_rank(right, text)
    return StandIn(base, suit, rank)


def parse_cards(text: str | Iterable[str]) -> list[Card | StandIn]:
    """Cards separated by spaces or commas, or a list of card texts. Raises :class:`CardError`."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_token(t) for t in tokens]


def plain(token: Card | StandIn) -> Card:
    """The physical card of a token (a stand-in's joker or wild card itself)."""
    return token.card if isinstance(token, StandIn) else token


def format_cards(cards: Iterable[Card | StandIn]) -> str:
    """The notation of several cards, separated by spaces."""
    return " ".join(str(c) for c in cards)


# A code is a word of its own among Latin letters and digits; CJK text may touch it ("甲はS9を").
_NOTATION_TOKEN = re.compile(r"(?<![A-Za-z0-9_=])(?:(RJ|BJ|W[1-6])=([SHDC])?|([SHDC]))(10|[2-9TJQKA])(?![A-Za-z0-9_])")


def to_symbols(text) -> str:
    """``text`` (a string, or a message read in the current language) with every card written in
    the letter notation shown the way a learner reads it: ``S9`` becomes ``9♠``, ``HT`` ``10♥``, a stand-in ``RJ=H10`` ``RJ=10♥``; other words, jokers
    and wild cards (``RJ``, ``W3``) are left as they are.

    >>> to_symbols("乙 defend S8 SQ; table: S9/? D9/SJ; RJ=HT BJ=9")
    '乙 defend 8♠ Q♠; table: 9♠/? 9♦/J♠; RJ=10♥ BJ=9'
    >>> to_symbols("乙はS5を持っていません。丁：S2 C3")
    '乙は5♠を持っていません。丁：2♠ 3♣'
    """
    def symbol(m: re.Match) -> str:
        wild, wild_suit, suit, rank = m.groups()
        rank = "10" if rank == "T" else rank
        if wild:
            return f"{wild}={rank}{SUIT_SYMBOLS[wild_suit] if wild_suit else ''}"
        return rank + SUIT_SYMBOLS[suit]

    return _NOTATION_TOKEN.sub(symbol, str(text))


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted by rank then suit (2 lowest, jokers and wild cards last); a stable order for
    printing positions."""
    return sorted(cards, key=lambda c: c.index)


# The nouns :func:`count_cards` counts in the current language, each with its singular and plural.
_COUNTED = {
    "card": lambda n: n_("{count} card", "{count} cards", n),
    "attack card": lambda n: n_("{count} attack card", "{count} attack cards", n),
    "blind card": lambda n: n_("{count} blind card", "{count} blind cards", n),
    "step": lambda n: n_("{count} step", "{count} steps", n),
}


def count_cards(n: int, noun: str = "card") -> Message | str:
    """``"1 card"``, ``"2 cards"``, ``"1 attack card"``: counts in explanations, read in the
    current language (a message) for the nouns cardlab counts (card, attack card, blind card,
    step); any other noun in English, with an s for the plural."""
    counted = _COUNTED.get(noun)
    if counted is not None:
        return counted(n)
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def deck(name: str) -> tuple[Card, ...]:
    """The cards of a named deck: ``"stripped36"`` (6 to ace, the 52 stripped of 2 to 5),
    ``"standard52"``, ``"jokers54"`` (52 and both jokers), ``"jj58"`` (52 and the six wild cards, no
    jokers)."""
    if name == "stripped36":
        return tuple(c for c in ALL_CARDS if c.rank is not None and c.rank >= 6)
    if name == "standard52":
        return tuple(c for c in ALL_CARDS if c.rank is not None)
    if name == "jokers54":
        return tuple(c for c in ALL_CARDS if c.code not in WILDS)
    if name == "jj58":
        return tuple(c for c in ALL_CARDS if c.code not in JOKERS)
    raise KeyError(f"no deck named {name!r}")


@functools.cache
def deck_set(name: str) -> frozenset[Card]:
    """The cards of :func:`deck` ``name`` as a set, built once: the engine checks every action's
    cards against it."""
    return frozenset(deck(name))
