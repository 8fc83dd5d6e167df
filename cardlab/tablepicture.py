"""The card table: every position of every game drawn as one picture (:func:`table_svg`), laid out as
card games are played and as card-game sites show them.

- Along the top edge, the header: the game and its rule set, and on the right the marks of the
  table's state (:class:`Mark`: the trump, a suit lock, a revolution ...), large and coloured, each
  with an icon and its words, for a class to see from the back of the room. A mark the last step
  changed says so ("revolution starts", "revolution ends (counter-revolution)").
- The other players across the top, clockwise from the bottom seat's left, and one seat along the
  bottom with its hand spread. Seats never move: the widget names the bottom seat and keeps it for a
  whole example or game (the learner's seat, or the example's first player). Whose turn it is is
  marked on the seat itself, an orange frame and an arrow before the name. In the teaching view
  every hand is face up and readable: the others' as small cards showing rank and suit, in one
  row or two.
- The table in the middle, each game's own (:class:`Middle`), with what the last step swept off
  it (:class:`~cardlab.svg.LastStep`): the cards faded, the step's own cards in full and outlined,
  and the reason marked, so that the card that ended a round is seen before the table is clear.

The picture's size depends only on the card size asked for (:data:`~cardlab.svg.NORMAL_CARD`
wide at normal size), never on the position; every word in it is at least :data:`TEXT` pixels at
normal size, 18.5 at projector size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Iterable

from .cards import RANK_NAMES, Card, StandIn
from .engine import rules_word
from .i18n import _, n_, p_, semicolons, words
from .registry import game_of
from .svg import (BACK_FILL, BOTTOM_H, CARD_H, CARD_W, FONT, HEADER_H, HIGHLIGHT, INK, LIFT, MIDDLE_H, MUTED, NORMAL_CARD,
                  RED, TABLE_H, TABLE_W, TOP_H, WILD_INK, LastStep, _esc, _label, _star, _stands_for, highlight_set, placed,
                  num, stand_in_symbol, suit_colour, suit_shape, svg_document, svg_text, text_width)

MINI_W, MINI_H = 30, 42  # a small card: its index only
MINI_STEP = 17  # between two small cards in a row: the whole index in view
MINI_TIGHT = 12  # the least step between two small cards: rank and suit still in view
MINI_ROW = 31  # between two rows of small cards: the upper row's rank and suit in view
TEXT = 14  # every label: 18.5 px at projector size
MARK_TEXT, MARK_H = 16, 26  # a mark of the table's state: 21 px words at projector size
ACCENT = "#a04000"
FADED = 0.55  # the cards the last step swept off the table: faded, still legible on a projector
EARLIER = 0.8  # a round's earlier plays, drawn small before the play to beat
PANEL, PANEL_EDGE = "#fbfdf9", "#c5d3c0"

# The icons of the marks, in a 20 x 20 box, drawn in the colour {c}.
ICONS = {
    "turn": '<path d="M16 11A6 6 0 1 1 13.4 5.6" fill="none" stroke="{c}" stroke-width="2.6" stroke-linecap="round"/>'
            '<path d="M10.6 2.2L17.2 4.4L12.8 9.6Z" fill="{c}"/>',
    "lock": '<path d="M6.5 9.5V6.5a3.5 3.5 0 0 1 7 0V9.5" fill="none" stroke="{c}" stroke-width="2.4"/>'
            '<rect x="3.5" y="9" width="13" height="9.5" rx="1.5" fill="{c}"/>',
    "cut": '<circle cx="5.8" cy="15" r="2.9" fill="none" stroke="{c}" stroke-width="2.2"/>'
           '<circle cx="14.2" cy="15" r="2.9" fill="none" stroke="{c}" stroke-width="2.2"/>'
           '<path d="M7.6 12.6L15.2 2.2M12.4 12.6L4.8 2.2" stroke="{c}" stroke-width="2.2" stroke-linecap="round"/>',
    "done": '<path d="M3.5 10.5L8 15L16.5 4.5" fill="none" stroke="{c}" stroke-width="3" stroke-linecap="round" '
            'stroke-linejoin="round"/>',
    "take": '<path d="M10 2.5V12M5.5 7.8L10 12.3L14.5 7.8M3.5 14.5V17.5H16.5V14.5" fill="none" stroke="{c}" '
            'stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
    "pass": '<path d="M6.5 4V16M13.5 4V16" stroke="{c}" stroke-width="3.4" stroke-linecap="round"/>',
    "swap": '<path d="M3 6.5H15.5M12.5 3.5L15.5 6.5L12.5 9.5M17 13.5H4.5M7.5 10.5L4.5 13.5L7.5 16.5" fill="none" '
            'stroke="{c}" stroke-width="2.3" stroke-linecap="round" stroke-linejoin="round"/>',
    "end": '<path d="M5 18.5V2.5" stroke="{c}" stroke-width="2.4" stroke-linecap="round"/>'
           '<path d="M5.5 3H16L13.2 7L16 11H5.5Z" fill="{c}"/>',
}


@dataclass(frozen=True)
class Mark:
    """A mark of the table's state (in the header) or of what cleared the table (on it): ``words``
    (a message, read as it is drawn) on a ``colour`` ground after an ``icon`` (a name in
    :data:`ICONS`, or a suit letter for its shape); ``ended``: a state the last step ended, drawn as
    a dashed outline."""

    words: Any
    colour: str
    icon: str = ""
    ended: bool = False


def mark_svg(mark: Mark, x: float, y: float, s: float, *, right: bool = False, most: float | None = None,
             bottom: bool = False) -> tuple[str, float]:
    """``mark`` from (x, y), or ending at x when ``right``, or ending at y when ``bottom``, lengths
    multiplied by ``s``; on two lines when it would be wider than ``most``. Returns its markup and
    its width."""
    text, size = str(words(mark.words)), MARK_TEXT * s
    icon = 19 * s if mark.icon else 0
    lines = [text] if most is None else _wrap(text, size, most - icon - 19 * s, 2)
    w = 9 * s + icon + max(text_width(line, size) for line in lines) + 10 * s
    h = (MARK_H + 19 * (len(lines) - 1)) * s
    left = x - w if right else x
    top = y - h if bottom else y
    ink = mark.colour if mark.ended else "#ffffff"
    ground = (f'fill="#ffffff" stroke="{mark.colour}" stroke-width="{num(2 * s)}" stroke-dasharray="{num(5 * s)} '
              f'{num(3 * s)}"' if mark.ended else f'fill="{mark.colour}"')
    parts = [f'<rect x="{num(left)}" y="{num(top)}" width="{num(w)}" height="{num(h)}" rx="{num(MARK_H * s / 2)}" '
             f'{ground}/>']
    if mark.icon:
        parts.append(_icon(mark.icon, left + 8 * s, top + h / 2 - 9 * s, 18 * s, ink))
    parts += [svg_text(left + 9 * s + icon, top + (18.5 + 19 * i) * s, line, size, ink, anchor="start", weight="bold")
              for i, line in enumerate(lines)]
    return f'<g data-mark="{_esc(mark.icon)}">{"".join(parts)}</g>', w


def _icon(name: str, x: float, y: float, size: float, colour: str) -> str:
    if len(name) == 1:  # a suit
        return suit_shape(name, x + size / 2, y + size / 2, size, colour)
    return (f'<g transform="translate({num(x)} {num(y)}) scale({num(size / 20)})">'
            f'{ICONS[name].replace("{c}", colour)}</g>')


def short_seat(state, player: str) -> str:
    """A seat in a word or two, under a small play: its name as the learner reads it when short
    (甲), else its seat letter (A)."""
    label = state.seat_label(player)
    return label if len(label) <= 3 else state.seat_letter(player)


# --- small cards -----------------------------------------------------------------------------------

def mini_card(c: Card | None, x: float, y: float, s: float, *, highlight: bool = False,
              four_colour: bool = False, equal_jokers: bool = False) -> str:
    """A small card (``MINI_W`` by ``MINI_H`` times ``s``) with its top-left corner at (x, y), showing
    only its index: the rank over the suit's shape; ``None`` is a back. A joker shows a star and no
    letter (it is no jack): filled for the red joker, an outline for the black one unless
    ``equal_jokers``; a wild card W and its number. Drawn, as a full card, in a 100 x 140 box and
    named in ``data-card``, so that the card table raises and marks it like any card."""
    k = MINI_W * s / CARD_W
    u = 1 / k  # local units per pixel
    label = _esc(_label(c))
    stroke = (f'stroke="{HIGHLIGHT}" stroke-width="{num(3 * s * u)}"' if highlight
              else f'stroke="#8a8a8a" stroke-width="{num(u)}"')
    if c is None:
        body = f'<rect x="0" y="0" width="100" height="140" rx="10" fill="{BACK_FILL}" {stroke}/>'
    else:
        size, left = TEXT * s * u, 2.5 * s * u
        fill = "#efe7fb" if c.is_wild else "#ffffff"
        body = f'<rect x="0" y="0" width="100" height="140" rx="10" fill="{fill}" {stroke}/>'
        if c.is_joker:
            colour = RED if c.code == "RJ" else INK
            if c.code == "RJ" or equal_jokers:
                body += _star(30, 40, 26, colour)
            else:
                body += _star(30, 40, 26, "#ffffff").replace("/>", f' stroke="{colour}" stroke-width="7" '
                                                                     'stroke-linejoin="round"/>')
            body += _star(30, 92, 13, colour)
        else:
            colour = WILD_INK if c.is_wild else suit_colour(c.suit, four_colour)
            rank = "W" if c.is_wild else RANK_NAMES[c.rank]
            # "10" squeezed to the width of one letter, so that a tight row shows it whole.
            squeeze = ' textLength="40" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
            body += svg_text(left, 14 * s * u, rank, size, colour, anchor="start", weight="bold", extra=squeeze)
            if c.is_wild:
                body += svg_text(left, 29 * s * u, c.code[1:], size, colour, anchor="start", weight="bold")
            else:
                body += suit_shape(c.suit, left + 16, 80, 34, colour)
    code = f' data-card="{c.code}"' if c else ""
    return (f'<g transform="translate({num(x)} {num(y)}) scale({num(k)})"{code} role="img" aria-label="{label}">'
            f'<title>{label}</title>{body}</g>')


def _small_hand(cards: list, x: float, top: float, w: float, rows_room: float, s: float, *, hidden: bool,
                hl: frozenset, four_colour: bool, equal_jokers: bool) -> str:
    """A hand as small cards from (x, top), ``w`` wide: in one row while every index shows whole,
    else in two where ``rows_room`` allows, else in one tighter row; a hidden hand, a fan of backs."""
    room = w - MINI_W * s
    if hidden:
        shown = min(len(cards), 8)
        step = min(8 * s, room / max(shown - 1, 1))
        return "".join(mini_card(None, x + i * step, top, s) for i in range(shown))
    rows = 1
    if len(cards) > 1 + room // (MINI_STEP * s) and rows_room >= 2 * MINI_ROW * s - 0.01:
        rows = 2
    in_row = -(-len(cards) // rows)
    step = min(MINI_STEP * s, room / max(in_row - 1, 1))
    return "".join(mini_card(c, x + (i % in_row) * step, top + (i // in_row) * MINI_ROW * s, s, highlight=c in hl,
                             four_colour=four_colour, equal_jokers=equal_jokers)
                   for i, c in enumerate(cards))


# --- the table's middle ----------------------------------------------------------------------------

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
    equal_jokers: bool = False

    def text(self, x: float, y: float, text: str, colour: str = INK, *, anchor: str = "start",
             weight: str = "normal", size: float = TEXT) -> str:
        return svg_text(x, y, text, size * self.s, colour, anchor=anchor, weight=weight)

    def card_at(self, c: Card | None, x: float, y: float, *, rotate: float = 0, highlight: bool | None = None) -> str:
        """Card ``c`` (``None``: a back) at (x, y), outlined when it is highlighted (or as
        ``highlight`` says)."""
        if highlight is None:
            highlight = c is not None and c in self.highlight
        return placed(c, x, y, self.card, four_colour=self.four_colour, highlight=highlight, rotate=rotate)

    def mini(self, c: Card | None, x: float, y: float, *, highlight: bool | None = None) -> str:
        """A small card (:func:`mini_card`), outlined when it is highlighted (or as ``highlight`` says)."""
        if highlight is None:
            highlight = c is not None and c in self.highlight
        return mini_card(c, x, y, self.s, highlight=highlight, four_colour=self.four_colour,
                         equal_jokers=self.equal_jokers)

    def mark(self, mark: Mark, x: float, y: float, *, right: bool = False, bottom: bool = False) -> tuple[str, float]:
        """``mark`` (:func:`mark_svg`) from (x, y), or ending at x when ``right``, at y when ``bottom``."""
        return mark_svg(mark, x, y, self.s, right=right, bottom=bottom)

    def play_width(self, tokens) -> float:
        """How wide :meth:`play_row` draws ``tokens`` with room to spare."""
        return self.card * (1 + 1.08 * (len(tokens) - 1))

    def play_row(self, tokens, x: float, y: float, right: float | None = None) -> str:
        """A climbing game's play to beat: its cards side by side from (x, y), closer together when
        they would pass ``right`` (default: the band's right edge), each joker or wild card
        standing in for another card marked "as 10♥" under it."""
        w = self.card
        right = self.x + self.w if right is None else right
        step = min(w * 1.08, (right - w - x) / max(len(tokens) - 1, 1))
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

    def round_row(self, plays, x: float, y: float, right: float, *, swept: LastStep | None = None) -> str:
        """A climbing game's round from (x, y) to no further right than ``right``: ``plays`` (each
        who played it, in a word, and its cards) in order, the earlier ones small with who played
        them under them, the last one (the play to beat) in full; the oldest give way to a count
        ("+2") when there is no room for all. ``swept``: the round the last step swept off the
        table, faded but for that step's own cards, in full and outlined."""
        if not plays:
            return ""
        s = self.s
        gap = 14 * s
        *earlier, (_who, top) = plays
        widths = [MINI_W * s + MINI_STEP * s * (len(cards) - 1) for _, cards in earlier]
        room = right - x - self.play_width(top)
        dropped = 0
        while dropped < len(earlier) and sum(w + gap for w in widths[dropped:]) + (30 * s if dropped else 0) > room:
            dropped += 1
        parts, cursor = [], x
        if dropped:
            parts.append(self.text(cursor, y + 26 * s, p_("picture: earlier plays not drawn", "+{count}",
                                                          count=dropped), MUTED, weight="bold"))
            cursor += 30 * s
        small = []
        for (who, cards), w in zip(earlier[dropped:], widths[dropped:]):
            small += [self.mini(plain_card(t), cursor + i * MINI_STEP * s, y, highlight=False)
                      for i, t in enumerate(cards)]
            small.append(self.text(cursor + w / 2, y + (MINI_H + 15) * s, who, MUTED, anchor="middle"))
            tip, mid = cursor + w + gap / 2 + 3 * s, y + MINI_H * s / 2
            small.append(f'<path d="M{num(tip - 6 * s)} {num(mid - 6 * s)}L{num(tip)} {num(mid)}L{num(tip - 6 * s)} '
                         f'{num(mid + 6 * s)}Z" fill="{MUTED}"/>')
            cursor += w + gap
        if swept is None:
            parts.append(f'<g opacity="{EARLIER}">{"".join(small)}</g>')
            parts.append(self.play_row(top, cursor, y, right))
        else:
            parts.append(swept_cards(f'<g opacity="{FADED}">{"".join(small)}</g>'))
            full = any(plain_card(t) in swept.played for t in top)
            row = replace(self, highlight=swept.played).play_row(top, cursor, y, right)
            parts.append(swept_cards(row if full else f'<g opacity="{FADED}">{row}</g>'))
        return "".join(parts)

    def swept_small(self, plays, x: float, y: float, right: float, played: frozenset) -> str:
        """What the last step swept off the table, all small, from (x, y) to no further right than
        ``right``: the oldest give way first; every card faded but ``played``, outlined."""
        s = self.s
        widths = [MINI_W * s + MINI_STEP * s * (len(cards) - 1) for _, cards in plays]
        dropped = 0
        while dropped < len(plays) - 1 and sum(w + 8 * s for w in widths[dropped:]) > right - x:
            dropped += 1
        parts, cursor = [], x
        for (who, cards), w in zip(plays[dropped:], widths[dropped:]):
            for i, t in enumerate(cards):
                c = plain_card(t)
                card = swept_cards(self.mini(c, cursor + i * MINI_STEP * s, y, highlight=c in played))
                parts.append(card if c in played else f'<g opacity="{FADED}">{card}</g>')
            if who:
                parts.append(self.text(cursor + w / 2, y + (MINI_H + 15) * s, who, MUTED, anchor="middle"))
            cursor += w + 8 * s
        return "".join(parts)


def swept_cards(markup: str) -> str:
    """Cards drawn as what the last step swept off the table: named in ``data-swept`` instead of
    ``data-card``, since they are no longer there to touch (the card table makes only a
    ``data-card`` a button, and a card is named so once in a picture)."""
    return markup.replace(' data-card="', ' data-swept="')


def plain_card(token) -> Card:
    """The card a token is: a stand-in's joker or wild card."""
    return token.card if isinstance(token, StandIn) else token


# --- the seats -------------------------------------------------------------------------------------

def is_hidden(view: str, seat: str | None, player: str) -> bool:
    return view == "player" and player != seat


def seat_order(players, bottom: str) -> list[str]:
    """The other players clockwise from ``bottom``'s left, for the seats across the top."""
    i = players.index(bottom)
    return [players[(i + k) % len(players)] for k in range(1, len(players))]


def _wrap(text: str, size: float, width: float, most: int) -> list[str]:
    """``text`` in at most ``most`` lines about ``width`` wide, broken between tags (" · ") or
    words; the last line takes the rest."""
    parts = re.split(r"( · | )", text)
    lines, line = [], parts[0]
    for sep, word in zip(parts[1::2], parts[2::2]):
        if len(lines) < most - 1 and text_width(line + sep + word, size) > width:
            lines.append(line)
            line = word
        else:
            line += sep + word
    return [*lines, line]


def _panel(x: float, y: float, w: float, h: float, s: float, active: bool, seat: str) -> str:
    """A seat's place at the table: framed in orange while it may act; named in ``data-seat``, with
    ``data-turn`` saying whether it may act (for the card table's tests in a browser)."""
    edge = (f'stroke="{HIGHLIGHT}" stroke-width="{num(3.5 * s)}"' if active
            else f'stroke="{PANEL_EDGE}" stroke-width="{num(1 * s)}"')
    fill = "#fff6e0" if active else PANEL
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(8 * s)}" fill="{fill}" '
            f'{edge} data-seat="{_esc(seat)}" data-turn="{"yes" if active else "no"}"/>')


def _seat_label(x: float, y: float, name: str, count: int, s: float, *, active: bool, tags: str = "") -> str:
    """A seat's name (bold) and its card count, after an orange arrow while it may act (the room for
    the arrow is kept when it may not, so that the name never moves); ``tags`` after them."""
    size = TEXT * s
    count_text = " · " + str(n_("{count} card", "{count} cards", count))
    spans = [f'<tspan font-weight="bold">{_esc(name)}</tspan>', f'<tspan fill="{MUTED}">{_esc(count_text)}</tspan>']
    if tags:
        spans.append(f'<tspan fill="{ACCENT}" font-weight="bold">{_esc("   " + tags)}</tspan>')
    parts = [f'<text x="{num(x + 17 * s)}" y="{num(y)}" font-family="{FONT}" '
             f'font-size="{num(size)}" fill="{INK}" xml:space="preserve">{"".join(spans)}</text>']
    if active:
        top = y - 11.5 * s
        parts.append(f'<path d="M{num(x + 2 * s)} {num(top)}L{num(x + 13 * s)} {num(top + 6.5 * s)}L{num(x + 2 * s)} '
                     f'{num(top + 13 * s)}Z" fill="{HIGHLIGHT}" stroke="{ACCENT}" stroke-width="{num(s)}" '
                     'data-turn="arrow"/>')
    return "".join(parts)


def _readable(count: int, w: float, rows_room: float, s: float) -> bool:
    """Whether :func:`_small_hand` shows every index of ``count`` cards whole, ``w`` wide with
    ``rows_room`` below its top."""
    room = w - MINI_W * s
    tight = 1 + room // (MINI_TIGHT * s)
    return count <= tight or (rows_room >= 2 * MINI_ROW * s - 0.01 and count <= 2 * tight)


def _top_seat(state, p: str, x: float, y: float, w: float, h: float, s: float, *, hidden: bool, tags: list[str],
              active: bool, hl: frozenset, four_colour: bool) -> str:
    cards = game_of(state).hand_order(state, state.hands[p])
    parts = [_panel(x + 2 * s, y + 4 * s, w - 4 * s, h - 4 * s, s, active, p),
             _seat_label(x + 5 * s, y + 20 * s, state.seat_label(p), len(cards), s, active=active)]
    text, size, inner = " · ".join(tags), TEXT * s, w - 14 * s
    lines = _wrap(text, size, inner, 3) if tags else []
    # The hand comes first: a long line of tags gives up its last line ("…") to a second row of cards.
    while len(lines) > 1 and not hidden and not _readable(len(cards), inner, h - (25 + 16 * len(lines)) * s, s):
        lines = _wrap(text, size, inner, len(lines) - 1)
        while text_width(lines[-1] + "…", size) > inner and " " in lines[-1]:
            lines[-1] = lines[-1].rsplit(" ", 1)[0]
        lines[-1] = lines[-1].rstrip(" ·,") + "…"
    for i, line in enumerate(lines):
        parts.append(svg_text(x + 8 * s, y + (20 + 16 * (i + 1)) * s, line, size, ACCENT, anchor="start",
                              weight="bold"))
    if cards:
        top = y + (25 + 16 * len(lines)) * s
        hand = _small_hand(cards, x + 7 * s, top, inner, y + h - top, s, hidden=hidden, hl=hl,
                           four_colour=four_colour, equal_jokers=state.rules.jokers_equal)
        parts.append(f'<g class="cardlab-hand" data-seat="{_esc(p)}">{hand}</g>')
    return "".join(parts)


def _bottom_seat(state, p: str, x: float, y: float, w: float, h: float, s: float, card: float, *, hidden: bool,
                 you: bool, tags: list[str], active: bool, hl: frozenset, four_colour: bool) -> str:
    cards = game_of(state).hand_order(state, state.hands[p])
    name = str(_("{player} (you)", player=state.seat_label(p))) if you else state.seat_label(p)
    parts = [_panel(x - 5 * s, y + 2 * s, w + 10 * s, h - 4 * s, s, active, p),
             _seat_label(x, y + 19 * s, name, len(cards), s, active=active, tags=" · ".join(tags))]
    if not cards:
        return "".join(parts)
    step = min(card * 0.62, (w - card) / max(len(cards) - 1, 1))
    lift = card * LIFT
    top = y + 24 * s
    hand = [placed(None if hidden else c, x + i * step, top + (0 if not hidden and c in hl else lift), card,
                   four_colour=four_colour, highlight=not hidden and c in hl) for i, c in enumerate(cards)]
    parts.append(f'<g class="cardlab-hand" data-seat="{_esc(p)}">{"".join(hand)}</g>')
    return "".join(parts)


def _header(title: str, marks: Iterable[Mark], W: float, s: float) -> str:
    """The game on the left; the marks of the table's state from the right (those the last step
    ended are drawn on the table)."""
    parts, right = [], W - 8 * s
    for mark in reversed([m for m in marks if not m.ended]):
        markup, w = mark_svg(mark, right, 4 * s, s, right=True)
        parts.append(markup)
        right -= w + 6 * s
    room, size = right - 18 * s, TEXT * s
    # Where the marks need the room, the game's words lose their last parts (" · stock 3"), or all.
    while title and text_width(title, size) > room:
        title = title.rpartition(" · ")[0]
    if title:
        parts.append(svg_text(10 * s, 22 * s, title, size, INK, anchor="start", weight="bold"))
    return "".join(parts)


def table_svg(state, *, view: str, seat: str | None, bottom: str | None, highlight: Iterable, width: float,
              four_colour: bool, header: str, tags: dict[str, list[str]], middle, summary: str,
              marks: Iterable[Mark] = ()) -> str:
    """The card table of any game (see above). ``bottom`` is the seat along the bottom (default: in
    the player view ``seat``, else the game's :meth:`~cardlab.game.Game.focus`); ``width`` the
    width of a card in that hand (:data:`~cardlab.svg.NORMAL_CARD` at normal size); ``header``
    the game's line over the table; ``marks`` the table's state (:class:`Mark`), on the right of
    it (a state the last step ended at the table's bottom right); ``tags`` each player's state ("to play", "passed", "defender" ...); ``middle(band)``
    draws the table itself in a :class:`Middle` and returns its markup; ``summary`` begins the
    picture's text alternative, which ends with how many cards each player holds. ``header``, the
    marks, the tags and ``summary`` may be messages: they are read as the picture is drawn, in
    the current language. The seats that may act (``to_act()``) are framed and marked with an
    arrow."""
    s = width / NORMAL_CARD
    hl = highlight_set(highlight)
    marks = list(marks)
    if bottom is None:
        bottom = seat if view == "player" else game_of(state).focus(state)
    acting = set() if state.is_over() else set(state.to_act())
    W, pad = TABLE_W * s, 10 * s
    parts = [f'<rect x="0" y="0" width="{num(W)}" height="{num(TABLE_H * s)}" rx="{num(8 * s)}" fill="#f4f8f2"/>',
             _header(str(header), marks, W, s)]
    others = seat_order(state.players, bottom)
    box_w = (W - 2 * pad) / max(len(others), 1)
    y = HEADER_H * s
    for k, p in enumerate(others):
        parts.append(_top_seat(state, p, pad + k * box_w, y, box_w, TOP_H * s, s, hidden=is_hidden(view, seat, p),
                               tags=[str(t) for t in tags.get(p, [])], active=p in acting, hl=hl,
                               four_colour=four_colour))
    y += TOP_H * s
    parts.append(f'<rect x="{num(pad / 2)}" y="{num(y)}" width="{num(W - pad)}" height="{num(MIDDLE_H * s)}" '
                 f'rx="{num(10 * s)}" fill="#dcebd8"/>')
    parts.append(middle(Middle(pad, y + 6 * s, W - 2 * pad, (MIDDLE_H - 12) * s, s, 44 * s, hl, four_colour,
                               state.rules.jokers_equal)))
    # A state the last step ended is news about the table, told at its bottom right, on two lines
    # where one would reach across the table.
    right = W - pad - 2 * s
    for mark in reversed([m for m in marks if m.ended]):
        markup, w = mark_svg(mark, right, y + (MIDDLE_H - 5) * s, s, right=True, bottom=True, most=W * 0.5)
        parts.append(markup)
        right -= w + 6 * s
    y += MIDDLE_H * s
    parts.append(_bottom_seat(state, bottom, pad, y, W - 2 * pad, BOTTOM_H * s, s, width,
                              hidden=is_hidden(view, seat, bottom), you=view == "player" and bottom == seat,
                              tags=[str(t) for t in tags.get(bottom, [])], active=bottom in acting, hl=hl,
                              four_colour=four_colour))
    holds = semicolons(n_("{player} holds {count}", "{player} holds {count}", len(state.hands[p]),
                          player=state.seat_label(p)) for p in state.players)
    return svg_document(W, TABLE_H * s, semicolons([summary, holds]), "".join(parts))


def generic_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                highlight: Iterable = (), width: float = NORMAL_CARD, four_colour: bool = False, last=None) -> str:
    """Any game without a picture of its own: the seats and hands, and in the teaching view the
    first lines of the position's ``describe()`` text on the table."""
    title = game_of(state).title
    header = _("{game} ({rules})", game=words(title) if title else state.game, rules=rules_word(state.rules))

    def middle(band: Middle) -> str:
        if view != "teaching":
            return ""
        lines = state.describe().splitlines()[:int(band.h // (17 * band.s))]
        return "".join(band.text(band.x + 4 * band.s, band.y + (16 + 17 * i) * band.s, line)
                       for i, line in enumerate(lines))

    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header, tags={}, middle=middle, summary=header)


def swept_mark(last, colours: dict[str, str], icons: dict[str, str]) -> Mark:
    """The mark of what the last step swept off the table: its reason, in the colour and with the
    icon the game gives its kind of clear."""
    return Mark(last.reason, colours.get(last.kind, MUTED), icons.get(last.kind, ""))


def climbing_round(band: Middle, state, last: LastStep | None, x: float, y: float, *, colours: dict[str, str],
                   icons: dict[str, str], caption_end: float) -> str:
    """A climbing game's table from (x, y): the round so far (``state.table``, its ``(player,
    play)`` pairs) in order, the play to beat in full (:meth:`Middle.round_row`); and what the last
    step swept off the table, its reason marked (in the colour and with the icon the game gives
    each kind of clear) at the band's top right, right of the caption that ends at
    ``caption_end`` (under the round where the caption leaves no room), its cards in the round's
    place while the table is empty, else small at the right, beside the new round."""
    s, right = band.s, band.x + band.w
    plays = [(short_seat(state, p), play.cards) for p, play in state.table]
    swept = [(short_seat(state, p) if p else "", cards) for p, cards in (last.swept if last else ())]
    if not swept:
        return band.round_row(plays, x, y, right)
    mark = swept_mark(last, colours, icons)
    markup, w = band.mark(mark, right, band.y - 3 * s, right=True)
    if right - w < caption_end + 10 * s:  # no room on the caption's line: under the round, at the right
        markup, w = band.mark(mark, right, band.y + band.h - 22 * s, right=True, bottom=True)
    if not plays:  # the round swept off, in its place
        return markup + band.round_row(swept, x, y, right, swept=last)
    box = min(sum(MINI_W * s + MINI_STEP * s * (len(cards) - 1) + 8 * s for _, cards in swept), 176 * s)
    return (markup + band.swept_small(swept, right - box, band.y + 30 * s, right, last.played)
            + band.round_row(plays, x, y, right - box - 12 * s))
