"""SVG pictures of cards, hands and tables, drawn by cardlab itself (no image files, no network).

Every picture is a string of valid, deterministic XML (no random ids, no timestamps), so a lesson's
output is the same on every run. Every card carries a text alternative (``role="img"``, an
``aria-label`` and a ``<title>`` with its name, such as "queen of spades"; a card back is
"face-down card"), and suits differ by shape as well as by colour. The default deck has two colours
(hearts and diamonds red, spades and clubs black); ``four_colour=True`` gives spades black, hearts
red, diamonds blue and clubs green.

Every word of a picture, its text alternative included, is in the language current when it is
drawn (:mod:`cardlab.i18n`): functions here take messages as well as strings for their labels, and
read them as they draw.

    >>> from cardlab import card
    >>> card_svg(card("SQ")).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    >>> 'aria-label="queen of spades"' in card_svg(card("SQ"))
    True

A card is drawn in a 100 x 140 unit box and scaled to the width asked for.
"""

from __future__ import annotations

import base64
import math
import unicodedata
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Iterable

from .cards import RANK_NAMES, SUIT_SYMBOLS, Card, StandIn, card as card_of, plain
from .i18n import N_, Message, _, commas, get_language, n_, p_, semicolons, words
from .registry import game_of

CARD_W, CARD_H = 100, 140
BACK_LABEL = N_("face-down card")  # read with _(BACK_LABEL)
FONT = "'DejaVu Sans', 'Segoe UI', Arial, sans-serif"
INK = "#1a1a1a"
RED = "#c8102e"
TWO_COLOURS = {"S": INK, "H": RED, "D": RED, "C": INK}
FOUR_COLOURS = {"S": INK, "H": RED, "D": "#0b5ed7", "C": "#1a7f37"}
WILD_INK = "#6a3d9a"
BACK_FILL = "#1f4e79"
# Okabe-Ito orange: stands out from every suit colour, also for colour-blind readers.
HIGHLIGHT = "#e69f00"
MUTED = "#555555"
STEP = 0.5  # horizontal step between overlapping cards, as a fraction of the card width
LIFT = 0.16  # how far a highlighted card in a row is raised, as a fraction of the card width
PAD = 12  # margin of a picture, in pixels
LABEL = 13  # font size of labels, in pixels
GAP = 14  # space between the parts of a picture, in pixels

# Suit shapes in a 100 x 100 box centred on (50, 50).
_SUIT_PATHS = {
    "H": "M50 94C22 72 3 54 3 31C3 15 15 5 29 5C39 5 46 11 50 21C54 11 61 5 71 5C85 5 97 15 97 31"
         "C97 54 78 72 50 94Z",
    "D": "M50 2L88 50L50 98L12 50Z",
    "S": "M50 3C78 29 97 45 97 62C97 76 87 84 75 84C66 84 59 80 55 73C56 84 60 92 69 98L31 98"
         "C40 92 44 84 45 73C41 80 34 84 25 84C13 84 3 76 3 62C3 45 22 29 50 3Z",
    "C": "M28 27a22 22 0 1 0 44 0a22 22 0 1 0 -44 0Z"
         "M4 60a22 22 0 1 0 44 0a22 22 0 1 0 -44 0Z"
         "M52 60a22 22 0 1 0 44 0a22 22 0 1 0 -44 0Z"
         "M46 40L54 40L55 75C56 85 60 92 68 98L32 98C40 92 44 85 45 75Z",
}

# Pip centres of the number cards: columns at x = 34, 50, 66 and rows between y = 28 and 112.
_L, _M, _R = 34, 50, 66
_PIPS = {
    2: [(_M, 28), (_M, 112)],
    3: [(_M, 28), (_M, 70), (_M, 112)],
    4: [(_L, 28), (_R, 28), (_L, 112), (_R, 112)],
    5: [(_L, 28), (_R, 28), (_M, 70), (_L, 112), (_R, 112)],
    6: [(_L, 28), (_R, 28), (_L, 70), (_R, 70), (_L, 112), (_R, 112)],
    7: [(_L, 28), (_R, 28), (_M, 49), (_L, 70), (_R, 70), (_L, 112), (_R, 112)],
    8: [(_L, 28), (_R, 28), (_M, 49), (_L, 70), (_R, 70), (_M, 91), (_L, 112), (_R, 112)],
    9: [(_L, 28), (_R, 28), (_L, 56), (_R, 56), (_M, 70), (_L, 84), (_R, 84), (_L, 112), (_R, 112)],
    10: [(_L, 28), (_R, 28), (_M, 42), (_L, 56), (_R, 56), (_L, 84), (_R, 84), (_M, 98), (_L, 112),
         (_R, 112)],
}


def num(x: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros, never "-0"."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _esc(text: str) -> str:
    return escape(str(text), quote=True)


def text_width(text: str, size: float) -> float:
    """A rough width of ``text`` in a sans-serif font, enough to size a picture around it."""
    text = str(text)
    wide = sum(1 for ch in text if unicodedata.east_asian_width(ch) in "WF")
    return size * (0.62 * (len(text) - wide) + 1.0 * wide)


def suit_colour(suit: str, four_colour: bool = False) -> str:
    """The ink of ``suit`` in the two-colour or the four-colour deck."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def suit_shape(suit: str, cx: float, cy: float, size: float, colour: str, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (f'<path transform="translate({num(cx)} {num(cy)}){turn} scale({num(size / 100)}) '
            f'translate(-50 -50)" d="{_SUIT_PATHS[suit]}" fill="{colour}"/>')


def _star(cx: float, cy: float, outer: float, colour: str) -> str:
    inner = outer * 0.4
    points = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        angle = math.pi * k / 5 - math.pi / 2
        points.append(f"{num(cx + r * math.cos(angle))},{num(cy + r * math.sin(angle))}")
    return f'<polygon points="{" ".join(points)}" fill="{colour}"/>'


def svg_text(x: float, y: float, text: str, size: float, colour: str = INK, *, anchor: str = "middle",
          weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="{FONT}" font-size="{num(size)}" '
            f'font-weight="{weight}" fill="{colour}" text-anchor="{anchor}"{extra}>{_esc(text)}</text>')


def _frame(fill: str, stroke: str) -> str:
    return (f'<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.5"/>')


def _corners(inner: str) -> str:
    """``inner`` at the top-left corner, and the same turned upside down at the bottom-right."""
    return f'<g>{inner}</g><g transform="rotate(180 50 70)">{inner}</g>'


def _face(c: Card, four_colour: bool) -> str:
    colour = suit_colour(c.suit, four_colour)
    rank = RANK_NAMES[c.rank]
    size = 17 if rank == "10" else 20
    spacing = ' letter-spacing="-1.5"' if rank == "10" else ""
    index = svg_text(12, 24, rank, size, colour, weight="bold", extra=spacing)
    if rank in ("6", "9"):
        # Underlined as on printed cards, so a 6 turned sideways or upside down never reads as 9.
        index += f'<rect x="6.5" y="26.5" width="11" height="1.8" fill="{colour}"/>'
    index += suit_shape(c.suit, 12, 36, 13, colour)
    parts = [_frame("#ffffff", "#8a8a8a"), _corners(index)]
    if c.rank in _PIPS:
        pip = 17 if c.rank < 8 else 15  # smaller pips keep the crowded 8, 9 and 10 apart
        parts += [suit_shape(c.suit, x, y, pip, colour, flip=y > 70) for x, y in _PIPS[c.rank]]
    elif c.rank == 14:
        parts.append(suit_shape(c.suit, 50, 70, 52, colour))
    else:
        parts += [
            f'<rect x="23" y="17" width="54" height="106" rx="4" fill="#fbf7ec" stroke="{colour}" '
            'stroke-width="1.5"/>',
            suit_shape(c.suit, 50, 36, 22, colour),
            svg_text(50, 86, rank, 44, colour, weight="bold"),
            suit_shape(c.suit, 50, 106, 22, colour, flip=True),
        ]
    return "".join(parts)


def _joker(c: Card, equal: bool) -> str:
    """The red joker (``RJ``) or the black one; ``equal``: both drawn alike, for rules where the
    two are equal, else the red one marked BIG and the black one SMALL (in the current language;
    JOKER is printed on the card as on real ones)."""
    big = c.code == "RJ"
    colour = RED if big else INK
    letters = "".join(svg_text(11, 19 + 12 * i, ch, 11, colour, weight="bold") for i, ch in enumerate("JOKER"))
    parts = [_frame("#ffffff", colour), _corners(letters)]
    if equal:
        parts += [_star(50, 62, 30, colour), svg_text(50, 112, "JOKER", 15, colour, weight="bold")]
    elif big:
        parts += [_star(50, 62, 30, colour), svg_text(50, 108, "JOKER", 15, colour, weight="bold"),
                  svg_text(50, 124, p_("card face", "BIG"), 12, colour, weight="bold")]
    else:
        parts += [_star(50, 58, 14, colour), svg_text(50, 96, "JOKER", 15, colour, weight="bold"),
                  svg_text(50, 112, p_("card face", "SMALL"), 11, colour)]
    return "".join(parts)


def _wild(c: Card) -> str:
    number = c.code[1:]
    index = svg_text(12, 24, "W", 17, WILD_INK, weight="bold") + svg_text(12, 40, number, 14, WILD_INK, weight="bold")
    return "".join([
        _frame("#efe7fb", WILD_INK),
        f'<rect x="6" y="6" width="88" height="128" rx="5" fill="none" stroke="{WILD_INK}" '
        'stroke-width="1" stroke-dasharray="4 3"/>',
        _corners(index),
        f'<circle cx="50" cy="62" r="24" fill="#ffffff" stroke="{WILD_INK}" stroke-width="3"/>',
        svg_text(50, 77, number, 40, WILD_INK, weight="bold"),
        svg_text(50, 112, p_("card face", "WILD"), 17, WILD_INK, weight="bold"),
    ])


def _back() -> str:
    diamonds = "".join(
        f'<path d="M{x} {y - 7}L{x + 6} {y}L{x} {y + 7}L{x - 6} {y}Z" fill="#ffffff" fill-opacity="0.3"/>'
        for y in range(25, 125, 18) for x in (30, 50, 70))
    return (_frame(BACK_FILL, "#0d2a45")
            + '<rect x="8" y="8" width="84" height="124" rx="4" fill="none" stroke="#ffffff" '
              'stroke-opacity="0.7" stroke-width="2"/>' + diamonds)


# Whether the jokers drawn now are equal (see :func:`jokers_equal`).
_JOKERS_EQUAL: ContextVar[bool] = ContextVar("cardlab_jokers_equal", default=False)


@contextmanager
def jokers_equal(equal: bool):
    """Inside this block, with ``equal`` true, the two jokers are drawn alike, without BIG and
    SMALL: the pictures of a rule set whose ``jokers_equal`` says the two are equal. :func:`state_svg`
    sets it from the position's rules; other pictures draw BIG and SMALL unless inside it."""
    token = _JOKERS_EQUAL.set(equal)
    try:
        yield
    finally:
        _JOKERS_EQUAL.reset(token)


def _body(code: str | None, four_colour: bool) -> str:
    """The drawing of card ``code`` (``None``: a card back) in the 100 x 140 box."""
    return _drawing(code, four_colour, _JOKERS_EQUAL.get(), get_language())


@lru_cache(maxsize=None)
def _drawing(code: str | None, four_colour: bool, equal_jokers: bool, language: str) -> str:
    """:func:`_body`, drawn once for each card, way of drawing it and language (the jokers and
    wild cards carry a word)."""
    if code is None:
        return _back()
    c = card_of(code)
    if c.is_joker:
        return _joker(c, equal_jokers)
    if c.is_wild:
        return _wild(c)
    return _face(c, four_colour)


def _outline() -> str:
    return (f'<rect x="-3" y="-3" width="106" height="146" rx="10" fill="none" stroke="{HIGHLIGHT}" '
            'stroke-width="6"/>')


def _label(c: Card | None) -> str:
    """A card's text alternative in the current language: its name, or "face-down card"."""
    return str(_(BACK_LABEL)) if c is None else c.name


def placed(c: Card | None, x: float, y: float, width: float, *, four_colour: bool = False,
            highlight: bool = False, rotate: float = 0) -> str:
    """Card ``c`` (``None``: a back) with its top-left corner at (x, y), ``width`` wide, turned by
    ``rotate`` degrees about its centre; a group with its own text alternative. A face-up card's
    group names it in ``data-card`` (its notation, ``"S9"``), for the card table to click."""
    scale = width / CARD_W
    turn = f" rotate({num(rotate)} 50 70)" if rotate else ""
    label = _esc(_label(c))
    code = f' data-card="{c.code}"' if c else ""
    return (f'<g transform="translate({num(x)} {num(y)}) scale({num(scale)}){turn}"{code} role="img" '
            f'aria-label="{label}"><title>{label}</title>{_body(c.code if c else None, four_colour)}'
            f'{_outline() if highlight else ""}</g>')


def stand_in_symbol(token: StandIn) -> str:
    """What a joker or wild card stands for, in Unicode: ``"10♥"`` for ``RJ=H10``, ``"9"`` for
    ``BJ=9``."""
    return RANK_NAMES[token.rank] + (SUIT_SYMBOLS[token.suit] if token.suit else "")


def _as_card(token) -> Card:
    if isinstance(token, str):
        return card_of(token)
    return plain(token)


def svg_document(width: float, height: float, label: str, content: str) -> str:
    """A standalone ``<svg>`` with the text alternative ``label`` (a string or a message, read
    now)."""
    label = _esc(label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" role="img" aria-label="{label}">'
            f'<title>{label}</title>{content}</svg>')


def svg_img(svg: str, alt: str = "") -> str:
    """``svg`` as an HTML ``<img>`` with the picture inline as a data URL: what a notebook nobody
    has run yet still shows (JupyterLab strips inline ``<svg>`` from outputs it does not trust)."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img alt="{_esc(alt)}" src="data:image/svg+xml;base64,{data}"/>'


# --- single cards and rows -------------------------------------------------------------------------

def card_svg(card: Card | StandIn | str, *, width: float = 60, four_colour: bool = False,
             highlight: bool = False, face_down: bool = False) -> str:
    """One card as a standalone ``<svg>``, ``width`` pixels wide and 1.4 times that high, with a
    margin of 5% of the width all round for the highlight outline. A stand-in (``RJ=H10``) is drawn
    as its joker or wild card. ``face_down`` draws the back, labelled "face-down card"."""
    c = None if face_down else _as_card(card)
    pad = width * 0.05
    body = (f'<g transform="translate({num(pad)} {num(pad)}) scale({num(width / CARD_W)})">'
            f'{_body(c.code if c else None, four_colour)}{_outline() if highlight else ""}</g>')
    return svg_document(width + 2 * pad, width * CARD_H / CARD_W + 2 * pad, _label(c), body)


def highlight_set(highlight: Iterable) -> frozenset[Card]:
    return frozenset(_as_card(c) for c in highlight)


def card_row(cards, x: float, y: float, width: float, *, hidden: bool = False,
         highlight: frozenset = frozenset(), four_colour: bool = False) -> tuple[str, float]:
    """Cards overlapping left to right from (x, y), each showing its corner index; a highlighted
    card is raised and outlined. Returns the markup and the row's width; its height is always
    ``width * (1.4 + LIFT)``."""
    step, lift = width * STEP, width * LIFT
    parts = []
    for i, c in enumerate(cards):
        up = not hidden and c in highlight
        parts.append(placed(None if hidden else c, x + i * step, y + (0 if up else lift), width,
                             four_colour=four_colour, highlight=up))
    return "".join(parts), (width + step * (len(cards) - 1) if cards else 0)


def _card_list(cards) -> Message | str:
    return commas(_as_card(c).spoken() for c in cards) or _("no cards")


def hand_svg(cards: Iterable, *, width: float = 60, four_colour: bool = False, highlight: Iterable = (),
             face_down: bool = False, label: str | None = None) -> str:
    """A row of overlapping cards (each card's corner index stays visible), with an optional
    ``label`` above it. Highlighted cards are raised and outlined; ``face_down`` shows backs only.
    The text alternative lists the cards, or only their number when face down."""
    cards = [_as_card(c) for c in cards]
    y = PAD
    parts = []
    if label:
        parts.append(svg_text(PAD, y + LABEL, label, LABEL, anchor="start", weight="bold"))
        y += LABEL + 8
    row, row_w = card_row(cards, PAD, y, width, hidden=face_down, highlight=highlight_set(highlight),
                      four_colour=four_colour)
    parts.append(row)
    height = y + width * (CARD_H / CARD_W + LIFT) + PAD
    total_w = max(row_w, text_width(label or "", LABEL), width) + 2 * PAD
    what = (n_("{count} face-down card", "{count} face-down cards", len(cards)) if face_down
            else _card_list(cards))
    # TRANSLATORS: a picture's text alternative: its label, then what it shows.
    return svg_document(total_w, height, _("{label}: {what}", label=label, what=what) if label else what,
                        "".join(parts))


def top_row(tokens: list, player: str | None, x: float, y: float, width: float, *,
             highlight: frozenset, four_colour: bool) -> tuple[str, float, float, str]:
    """A caption and the cards of a climbing game's top combination from (x, y), side by side,
    each stand-in with "as 10♥" under it. Returns markup, width, height and the text alternative."""
    caption = str(_("top of the table, played by {player}", player=player) if tokens and player
                  else _("top of the table") if tokens else _("the table is empty"))
    parts = [svg_text(x, y + LABEL, caption, LABEL, anchor="start", weight="bold")]
    top = y + LABEL + 8
    step = width * 1.08
    names = []
    for i, token in enumerate(tokens):
        c = _as_card(token)
        left = x + i * step
        parts.append(placed(c, left, top, width, four_colour=four_colour, highlight=c in highlight))
        if isinstance(token, StandIn):
            as_text = stand_in_symbol(token)
            parts.append(svg_text(left + width / 2, top + width * 1.4 + 14, _stands_for(as_text), 12, MUTED))
            names.append(_named_stand_in(c, as_text))
        else:
            names.append(c.spoken())
    row_w = max(len(tokens) * step, text_width(caption, LABEL), width)
    label = str(_("{label}: {what}", label=caption, what=commas(names))) if names else caption
    return "".join(parts), row_w, top - y + width * 1.4 + 20, label


# --- seats ------------------------------------------------------------------------------------

def seats_svg(labels: list[str], caption: str, lines: list | None = None) -> str:
    """A round table seen from above with ``labels`` seated clockwise from the bottom, an arrow
    between each seat and the next, and ``caption`` (also the text alternative) under it: the
    sentences ``lines``, one a line (default: ``caption`` cut after each full stop)."""
    n = len(labels)
    caption = str(caption)
    if lines is None:
        lines = [line.rstrip(".") + "." for line in caption.split(". ")]
    lines = [str(line) for line in lines]
    width = max(380, max(text_width(line, 13) for line in lines) + 2 * PAD)
    cx, cy, radius, ring = width / 2, 150, 110, 62
    parts = [f'<circle cx="{cx}" cy="{cy}" r="{ring + 8}" fill="#e8f1e8" stroke="#6b8f6b" stroke-width="2"/>',
             '<defs><marker id="cardlab-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="#6b8f6b"/></marker></defs>']

    def at(k: float, r: float) -> tuple[float, float]:
        # Seat 0 at the bottom; clockwise as seen from above: bottom, left, top, right.
        angle = 2 * math.pi * k / n
        return cx - r * math.sin(angle), cy + r * math.cos(angle)

    for i, label in enumerate(labels):
        start, end = at(i + 0.18, ring - 14), at(i + 0.82, ring - 14)
        parts.append(f'<path d="M{num(start[0])} {num(start[1])}A{ring - 14} {ring - 14} 0 0 1 '
                     f'{num(end[0])} {num(end[1])}" fill="none" stroke="#6b8f6b" stroke-width="2.5" '
                     'marker-end="url(#cardlab-arrow)"/>')
        x, y = at(i, radius)
        parts.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="9" fill="{INK if i else HIGHLIGHT}"/>')
        parts.append(svg_text(x, y + (26 if y >= cy else -16), label, 15, weight="bold"))
    parts.append(svg_text(cx, cy + 5, p_("picture", "clockwise"), 13, MUTED))
    for k, line in enumerate(lines):
        parts.append(svg_text(width / 2, 322 + 18 * k, line, 13, anchor="middle"))
    return svg_document(width, 314 + 18 * len(lines), caption, "".join(parts))


# --- positions: the card table -------------------------------------------------------------------
#
# Every position of every game is drawn as one card table, laid out as card games are played and
# as card-game sites show them: the other players across the top (clockwise from the bottom seat's
# left), the table in the middle (what is there is the game's own business), and one seat along the
# bottom with its hand spread so that every card's rank and suit can be read. The picture's size
# depends only on the card size asked for, never on the position, so a stepper's picture keeps its
# height from step to step. Its units are scaled from a hand card NORMAL_CARD pixels wide.

NORMAL_CARD = 56  # width of a hand card at normal size; every other length is scaled from it
TABLE_W = 540  # the table's width at normal size
_HEADER_H, _TOP_H, _MIDDLE_H, _BOTTOM_H = 28, 118, 150, 120
TABLE_H = _HEADER_H + _TOP_H + _MIDDLE_H + _BOTTOM_H
MINI_W, MINI_H = 30, 42  # a card in another player's hand: its index only
MINI_STEP = 17
TEXT = 14  # labels; 18.5 px at projector size
ACCENT = "#a04000"


@dataclass(frozen=True)
class Middle:
    """Where a game draws its table: a band ``w`` by ``h`` from (x, y), cards ``card`` pixels
    wide, lengths multiplied by ``s``; ``highlight`` and ``four_colour`` as for the whole picture."""
    x: float
    y: float
    w: float
    h: float
    s: float
    card: float
    highlight: frozenset
    four_colour: bool

    def text(self, x: float, y: float, text: str, colour: str = INK, *, anchor: str = "start",
             weight: str = "normal", size: float = TEXT) -> str:
        return svg_text(x, y, text, size * self.s, colour, anchor=anchor, weight=weight)

    def card_at(self, c: Card | None, x: float, y: float, *, rotate: float = 0, highlight: bool | None = None) -> str:
        """Card ``c`` (``None``: a back) at (x, y), outlined when it is highlighted (or as
        ``highlight`` says)."""
        if highlight is None:
            highlight = c is not None and c in self.highlight
        return placed(c, x, y, self.card, four_colour=self.four_colour, highlight=highlight, rotate=rotate)

    def play_row(self, tokens, x: float, y: float) -> str:
        """A climbing game's play to beat: its cards side by side from (x, y), closer together when
        they would pass the band's right edge, each joker or wild card standing in for another
        card marked "as 10♥" under it."""
        w = self.card
        step = min(w * 1.08, (self.x + self.w - w - x) / max(len(tokens) - 1, 1))
        parts = []
        for i, token in enumerate(tokens):
            left = x + i * step
            parts.append(self.card_at(token.card if isinstance(token, StandIn) else token, left, y))
            if isinstance(token, StandIn):
                parts.append(self.text(left + w / 2, y + w * CARD_H / CARD_W + 14 * self.s,
                                       _stands_for(stand_in_symbol(token)), MUTED, anchor="middle"))
        return "".join(parts)

    def outline(self, x: float, y: float) -> str:
        """An empty place for a card: a dashed outline."""
        w = self.card
        return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(w * CARD_H / CARD_W)}" '
                f'rx="{num(w * 0.08)}" fill="none" stroke="#999999" stroke-dasharray="5 4"/>')


def _stands_for(symbol: str) -> Message:
    # TRANSLATORS: under a joker or wild card in a picture: what it stands for, such as "as 10♥".
    return p_("stand-in", "as {card}", card=symbol)


def _named_stand_in(c: Card, symbol: str) -> Message:
    # TRANSLATORS: a joker or wild card in words, and the card it stands for: "red joker as 10♥".
    return _("{card} as {symbol}", card=c.spoken(), symbol=symbol)


def play_names(tokens) -> Message | str:
    """The cards of a play in words, each stand-in with what it stands for: the text alternative
    of :meth:`Middle.play_row`, in the language current when it is read (``""`` for none)."""
    return commas(_named_stand_in(t.card, stand_in_symbol(t)) if isinstance(t, StandIn) else t.spoken()
                      for t in tokens)


def is_hidden(view: str, seat: str | None, player: str) -> bool:
    return view == "player" and player != seat


def seat_order(players, bottom: str) -> list[str]:
    """The other players clockwise from ``bottom``'s left, for the seats across the top."""
    i = players.index(bottom)
    return [players[(i + k) % len(players)] for k in range(1, len(players))]


def mini_card(c: Card | None, x: float, y: float, s: float, *, highlight: bool = False,
              four_colour: bool = False) -> str:
    """A small card showing only its index (rank over suit), for the hands across the top; ``None``
    is a back. Like :func:`placed`, a face-up card is named in ``data-card``."""
    w, h, r = MINI_W * s, MINI_H * s, 3 * s
    label = _esc(_label(c))
    stroke = (f'stroke="{HIGHLIGHT}" stroke-width="{num(3 * s)}"' if highlight
              else 'stroke="#8a8a8a" stroke-width="1"')
    if c is None:
        body = f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(r)}" fill="{BACK_FILL}" {stroke}/>'
    else:
        if c.is_joker:
            colour, top, under = (RED if c.code == "RJ" else INK), "J", "★"
        elif c.is_wild:
            colour, top, under = WILD_INK, "W", c.code[1:]
        else:
            colour, top, under = suit_colour(c.suit, four_colour), RANK_NAMES[c.rank], SUIT_SYMBOLS[c.suit]
        fill = "#efe7fb" if c.is_wild else "#ffffff"
        size = (12.5 if top == "10" else 14) * s
        body = (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(r)}" fill="{fill}" {stroke}/>'
                + svg_text(x + 8.5 * s, y + 15 * s, top, size, colour, weight="bold")
                + svg_text(x + 8.5 * s, y + 31 * s, under, 14 * s, colour, weight="bold"))
    code = f' data-card="{c.code}"' if c else ""
    return f'<g role="img" aria-label="{label}"{code}><title>{label}</title>{body}</g>'


def _seat_label(x: float, y: float, name: str, count: int, tags: list[str], s: float, width: float, *,
                active: bool, tags_below: bool) -> str:
    """A seat's name (bold, underlined in orange when it may act), its card count and its tags
    (under the name, or after the count on the same line)."""
    size = TEXT * s
    count_text = " · " + str(n_("{count} card", "{count} cards", count))
    tag_text = " · ".join(str(tag) for tag in tags)
    spans = [f'<tspan font-weight="bold">{_esc(name)}</tspan>', f'<tspan fill="{MUTED}">{_esc(count_text)}</tspan>']
    if tags and not tags_below:
        spans.append(f'<tspan fill="{ACCENT}" font-weight="bold">{_esc("   " + tag_text)}</tspan>')
    parts = [f'<text x="{num(x)}" y="{num(y)}" font-family="{FONT}" font-size="{num(size)}" fill="{INK}" '
             f'xml:space="preserve">{"".join(spans)}</text>']
    if active:
        parts.append(f'<rect x="{num(x)}" y="{num(y + 4 * s)}" width="{num(text_width(name, size))}" '
                     f'height="{num(3 * s)}" fill="{HIGHLIGHT}"/>')
    if tags and tags_below:
        while text_width(tag_text, size) > width and size > TEXT * s * 0.8:
            size -= 0.5 * s  # a long line of tags is set a little smaller rather than cut
        parts.append(svg_text(x, y + 19 * s, tag_text, size, ACCENT, anchor="start", weight="bold"))
    return "".join(parts)


def _top_seat(state, p: str, x: float, y: float, w: float, s: float, *, hidden: bool, tags: list[str],
              active: bool, hl: frozenset, four_colour: bool) -> str:
    cards = game_of(state).hand_order(state, state.hands[p])
    parts = [_seat_label(x, y + TEXT * s, state.seat_label(p), len(cards), tags, s, w - 6 * s, active=active,
                         tags_below=True)]
    if not cards:
        return "".join(parts)
    top = y + 44 * s
    if hidden:  # a fan of backs: the count is in the label
        shown = min(len(cards), 8)
        step = min(8 * s, (w - MINI_W * s - 6 * s) / max(shown - 1, 1))
        parts += [mini_card(None, x + i * step, top, s) for i in range(shown)]
        return "".join(parts)
    per_row = max(1, int((w - MINI_W * s - 6 * s) // (MINI_STEP * s)) + 1)
    rows = 1 if len(cards) <= per_row else 2
    in_row = -(-len(cards) // rows)
    step = min(MINI_STEP * s, (w - MINI_W * s - 6 * s) / max(in_row - 1, 1))
    for i, c in enumerate(cards):
        row, col = divmod(i, in_row)
        parts.append(mini_card(c, x + col * step, top + row * 26 * s, s, highlight=c in hl, four_colour=four_colour))
    return "".join(parts)


def _bottom_seat(state, p: str, x: float, y: float, w: float, s: float, card: float, *, hidden: bool, you: bool,
                 tags: list[str], active: bool, hl: frozenset, four_colour: bool) -> str:
    cards = game_of(state).hand_order(state, state.hands[p])
    name = str(_("{player} (you)", player=state.seat_label(p))) if you else state.seat_label(p)
    parts = [_seat_label(x, y + TEXT * s, name, len(cards), tags, s, w, active=active, tags_below=False)]
    if not cards:
        return "".join(parts)
    step = min(card * 0.62, (w - card) / max(len(cards) - 1, 1))
    lift = card * LIFT
    top = y + 24 * s
    for i, c in enumerate(cards):
        up = not hidden and c in hl
        parts.append(placed(None if hidden else c, x + i * step, top + (0 if up else lift), card,
                            four_colour=four_colour, highlight=up))
    return "".join(parts)


def table_svg(state, *, view: str, seat: str | None, bottom: str | None, highlight: Iterable, width: float,
              four_colour: bool, header: str, tags: dict[str, list[str]], middle, summary: str) -> str:
    """The card table of any game (see above). ``bottom`` is the seat along the bottom (default: in
    the player view ``seat``, else the game's :meth:`~cardlab.game.Game.focus`); ``width`` the
    width of a card in that hand (:data:`NORMAL_CARD` at normal size); ``header`` the line of facts
    over the table; ``tags`` each player's state ("to play", "passed", "defender" ...);
    ``middle(band)`` draws the table itself in a :class:`Middle` and returns its markup;
    ``summary`` begins the picture's text alternative, which ends with how many cards each player
    holds. ``header``, the tags and ``summary`` may be messages: they are read as the picture is
    drawn, in the current language."""
    s = width / NORMAL_CARD
    hl = highlight_set(highlight)
    if bottom is None:
        bottom = seat if view == "player" else game_of(state).focus(state)
    acting = set() if state.is_over() else set(state.to_act())
    W, pad = TABLE_W * s, 10 * s
    # A header longer than the picture is wide (a game's end said after its facts) is drawn
    # narrower, whole: no word cut at the picture's edge. (text_width reckons bold text a little
    # wider than browsers draw it, so a header narrowed so is never one that fitted.)
    room = W - 2 * pad
    fit = (f' textLength="{num(room)}" lengthAdjust="spacingAndGlyphs"'
           if text_width(header, 15 * s) > room else "")
    parts = [f'<rect x="0" y="0" width="{num(W)}" height="{num(TABLE_H * s)}" rx="{num(8 * s)}" fill="#f4f8f2"/>',
             svg_text(pad, pad + 14 * s, header, 15 * s, INK, anchor="start", weight="bold", extra=fit)]
    others = seat_order(state.players, bottom)
    box_w = (W - 2 * pad) / max(len(others), 1)
    y = _HEADER_H * s
    for k, p in enumerate(others):
        parts.append(_top_seat(state, p, pad + k * box_w, y, box_w, s, hidden=is_hidden(view, seat, p),
                               tags=tags.get(p, []), active=p in acting, hl=hl, four_colour=four_colour))
    y += _TOP_H * s
    parts.append(f'<rect x="{num(pad / 2)}" y="{num(y)}" width="{num(W - pad)}" height="{num(_MIDDLE_H * s)}" '
                 f'rx="{num(10 * s)}" fill="#dcebd8"/>')
    parts.append(middle(Middle(pad, y + 6 * s, W - 2 * pad, (_MIDDLE_H - 12) * s, s, 44 * s, hl, four_colour)))
    y += _MIDDLE_H * s + 6 * s
    parts.append(_bottom_seat(state, bottom, pad, y, W - 2 * pad, s, width, hidden=is_hidden(view, seat, bottom),
                              you=view == "player" and bottom == seat, tags=tags.get(bottom, []), active=bottom in acting, hl=hl, four_colour=four_colour))
    holds = semicolons(n_("{player} holds {count}", "{player} holds {count}", len(state.hands[p]),
                              player=state.seat_label(p)) for p in state.players)
    return svg_document(W, TABLE_H * s, semicolons([summary, holds]), "".join(parts))


def generic_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                highlight: Iterable = (), width: float = NORMAL_CARD, four_colour: bool = False) -> str:
    """Any game without a picture of its own: the seats and hands, and in the teaching view the
    first lines of the position's ``describe()`` text on the table."""
    title = game_of(state).title
    header = _("{game} ({rules})", game=words(title) if title else state.game, rules=state.rules.name)

    def middle(band: Middle) -> str:
        if view != "teaching":
            return ""
        lines = state.describe().splitlines()[:int(band.h // (16 * band.s))]
        return "".join(band.text(band.x + 4 * band.s, band.y + (16 + 16 * i) * band.s, line, size=12)
                       for i, line in enumerate(lines))

    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header, tags={}, middle=middle, summary=header)


def check_view(state, view: str, seat: str | None) -> None:
    if view not in ("teaching", "player"):
        raise ValueError(f"view must be 'teaching' or 'player', not {view!r}")
    if seat is not None and seat not in state.players:
        raise ValueError(f"seat {seat!r} is not a player ({', '.join(state.players)})")
    if view == "player" and seat is None:
        raise ValueError("the player view needs a seat: whose cards are face up")


def state_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
              highlight: Iterable = (), width: float = NORMAL_CARD, four_colour: bool = False) -> str:
    """A picture of any position: the card table (:func:`table_svg`) as the game's own
    ``picture`` hook draws it (:meth:`cardlab.game.Game.picture`). ``view="teaching"`` shows every hand face up; ``view="player"``
    only ``seat``'s (the others as backs, and no text that would give them away). ``bottom`` is the
    seat drawn along the bottom with its hand spread (default: ``seat`` in the player view, else
    the player whose move is awaited). ``highlight`` lists cards to outline (the cards that just
    moved); ``width`` is the width of a card in the bottom hand. Its jokers are drawn alike where
    its rules' ``jokers_equal`` says they are equal (:func:`jokers_equal`). Raises ``ValueError``
    for an unknown view, a player view without a valid seat, or an unknown bottom."""
    check_view(state, view, seat)
    if bottom is not None and bottom not in state.players:
        raise ValueError(f"bottom {bottom!r} is not a player ({', '.join(state.players)})")
    with jokers_equal(state.rules.jokers_equal):
        return game_of(state).picture(state, view=view, seat=seat, bottom=bottom, highlight=highlight,
                                      width=width, four_colour=four_colour)
