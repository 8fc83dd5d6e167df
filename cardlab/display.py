"""HTML for cards and positions in Jupyter: what ``Card._repr_html_`` and ``State._repr_html_`` show.

Cards print as Unicode text coloured by suit (``Q♥`` in red), positions as the SVG picture of
:mod:`cardlab.svg` above the plain ``describe()`` text, so the same facts are there for a screen
reader and for copying. :class:`Hand` is a list of cards that prints in the card notation.

    >>> from cardlab import parse_cards
    >>> Hand(parse_cards("S8 HQ"))
    Hand('S8 HQ')
"""

from __future__ import annotations

import io
from contextlib import contextmanager, redirect_stdout
from html import escape
from typing import Iterable

from . import cards
from .cards import Card, StandIn, format_cards, parse_cards, plain
from .engine import SEAT_LETTERS
from .i18n import Message, _, current_language
from .svg import INK, RED, WILD_INK, hand_svg, seats_svg, stand_in_symbol, state_svg, suit_colour, svg_img


def _colour(c: Card, four_colour: bool) -> str:
    if c.suit is not None:
        return suit_colour(c.suit, four_colour)
    if c.is_joker:
        return RED if c.code == "RJ" else INK
    return WILD_INK


def cards_html(cards: Iterable[Card | StandIn], *, four_colour: bool = False) -> str:
    """Cards as Unicode text (``Q♠``; jokers and wild cards by code), each in its suit colour with
    its name as a tooltip (in the current language), in one ``<span class="cardlab-cards">``.
    Stand-ins show as ``RJ=10♥``."""
    spans = []
    for token in cards:
        c = plain(token)
        text, name = c.symbol, c.name
        if isinstance(token, StandIn):
            text += "=" + stand_in_symbol(token)
            # TRANSLATORS: a joker or wild card in words, and the card it stands for: "red joker as 10♥".
            name = str(_("{card} as {symbol}", card=name, symbol=stand_in_symbol(token)))
        spans.append(f'<span style="color:{_colour(c, four_colour)};font-weight:bold" '
                     f'title="{escape(name)}">{escape(text)}</span>')
    return f'<span class="cardlab-cards">{" ".join(spans)}</span>'


cards.html_of_cards = cards_html  # a card in a notebook draws itself with it


def state_html(state, **svg_options) -> str:
    """A position as HTML: the SVG picture (:func:`cardlab.svg.state_svg` with ``svg_options``)
    above a ``<pre>`` of ``state.describe()``."""
    return (f'<div class="cardlab-state">{state_svg(state, **svg_options)}'
            f'<pre>{escape(str(state.describe()))}</pre></div>')


class Hand(list):
    """A list of cards that prints in the notation (``Hand('S8 HQ')``, which can be pasted back)
    and draws itself in Jupyter as a row of cards. Built from cards or from notation text."""

    def __init__(self, cards: Iterable[Card] | str = ()):
        super().__init__(parse_cards(cards) if isinstance(cards, str) else cards)

    def __repr__(self) -> str:
        return f"Hand({format_cards(self)!r})"

    def _repr_html_(self) -> str:
        return cards_html(self)

    def _repr_svg_(self) -> str:
        return hand_svg(self)


class Seats:
    """The table seen from above: each player's seat, in the clockwise order they are listed (the
    first at the bottom), with their seat letter, and arrows for the direction of play. Seated at
    the table, the next player clockwise is the one on your left.

        >>> Seats(["甲", "乙", "丙"])
        Seats(['甲', '乙', '丙'])
        >>> print(Seats(["甲", "乙", "丙"]))
        Play goes clockwise: 甲 (A) → 乙 (B) → 丙 (C) → 甲 (A). Each player's left-hand neighbour is the next seat.
    """

    def __init__(self, players: Iterable[str]):
        self.players = list(players)
        if not 2 <= len(self.players) <= len(SEAT_LETTERS):
            raise ValueError(f"a table seats 2 to {len(SEAT_LETTERS)} players, not {len(self.players)}")

    def label(self, i: int) -> str:
        """Seat ``i`` as a learner reads it: a name that is not plain ASCII with its seat letter
        (``甲 (A)``), except in a language without ``seat_letters`` (as ``State.seat_label``)."""
        name = self.players[i]
        return name if name.isascii() or not current_language().seat_letters else f"{name} ({SEAT_LETTERS[i]})"

    def __repr__(self) -> str:
        return f"Seats({self.players!r})"

    def sentences(self) -> list[Message]:
        """What the picture says under the table, a sentence a line, in the current language."""
        order = " → ".join(self.label(i) for i in range(len(self.players)))
        return [_("Play goes clockwise: {order} → {first}.", order=order, first=self.label(0)),
                _("Each player's left-hand neighbour is the next seat.")]

    def __str__(self) -> str:
        first, second = self.sentences()
        # TRANSLATORS: two sentences one after the other (in English with a space between them).
        return str(_("{sentence} {next_sentence}", sentence=first, next_sentence=second))

    def _repr_svg_(self) -> str:
        return seats_svg([self.label(i) for i in range(len(self.players))], str(self), self.sentences())

    def _repr_html_(self) -> str:
        return svg_img(self._repr_svg_(), str(self))


def seats(players: Iterable[str]) -> Seats:
    """The seating picture of ``players`` (see :class:`Seats`)."""
    return Seats(players)


class Folded:
    """Text a learner may open but is not made to read: shown as a closed "details" block with a
    one-line ``summary``; its plain text (what nbval checks, and what a terminal prints) is the
    whole text. A cell that prints a long transcript would open again on every run; this stays
    folded.

        >>> Folded("step 1 ...", "The same example as text")
        step 1 ...
    """

    def __init__(self, text: str, summary: str | Message | None = None):
        # The summary is read when the block is shown, in the language current then: by default
        # "Show the text".
        self.text, self.summary = text, _("Show the text") if summary is None else summary

    def __repr__(self) -> str:
        return str(self.text)

    def _repr_html_(self) -> str:
        return (f'<details class="cardlab-folded"><summary>{escape(str(self.summary))}</summary>'
                f'<pre>{escape(str(self.text))}</pre></details>')


def folded(text: str, summary: str | Message | None = None) -> Folded:
    """``text`` folded under ``summary`` (default: "Show the text", in the current language; see
    :class:`Folded`)."""
    return Folded(text, summary)


@contextmanager
def folding(summary: str | Message | None = None):
    """Fold everything printed inside the ``with`` block into one :class:`Folded` output, shown
    when the block ends, under ``summary`` (a lesson's English label, read in the current
    language). For the cells a lesson runs for nbval (a transcript, a demo of the
    try-it table): JupyterLab opens a cell's printed output again on every run, a closed
    "details" block stays closed."""
    from IPython.display import display

    buffer = io.StringIO()
    with redirect_stdout(buffer):
        yield
    if isinstance(summary, str):  # a lesson's label, in the catalogs (tools/babel_notebooks.py)
        summary = _(summary)
    display(Folded(buffer.getvalue().rstrip("\n"), summary))
