"""The Daifugo table as a picture: the hands, the top of the table and who played it."""

from __future__ import annotations

from typing import Iterable

from ..cards import SUIT_SYMBOLS
from ..svg import (GAP, PAD, check_view, hand_block, highlight_set, is_hidden, seat_order,
                   svg_document, svg_text, text_width, top_row)


def _daifugo_role(state, p: str, view: str, seat: str | None) -> str:
    name = state.seat_label(p) + (" (you)" if view == "player" and p == seat else "")
    tags = []
    if p in state.out:
        tags.append("out")
    elif p == state.turn:
        tags.append("to play")
    if p in state.passed:
        tags.append("passed")
    count = len(state.hands[p])
    tags.append(f"{count} card" + ("" if count == 1 else "s"))
    return " · ".join([name] + tags)


def daifugo_svg(state, *, view: str = "teaching", seat: str | None = None, highlight: Iterable = (),
                width: float = 60, four_colour: bool = False) -> str:
    """A Daifugo position: a header (rule set, revolution, suit lock), the other hands, the top of
    the table with who played it, and ``seat``'s hand (the first player's in the teaching view) at
    the bottom; in the ``"player"`` view only ``seat``'s hand is face up. Raises ``ValueError`` for
    an unknown view or a player view without a valid seat."""
    check_view(state, view, seat)
    hl = highlight_set(highlight)
    facts = [f"daifugo ({state.rules.name})"]
    if state.revolution:
        facts.append("revolution")
    if state.lock:
        facts.append("suit lock " + " ".join(SUIT_SYMBOLS[x] for x in sorted(state.lock, key="SHDC".index)))
    if state.over:
        facts.append("game over")
    header = " · ".join(facts)
    parts = [svg_text(PAD, PAD + 14, header, 14, anchor="start", weight="bold")]
    right = PAD + text_width(header, 14)
    y = PAD + 14 + GAP
    bottom = seat if seat is not None else state.players[0]

    def block(p):
        nonlocal y, right
        markup, y, edge = hand_block(_daifugo_role(state, p, view, seat), state.hand_order(state.hands[p]), PAD, y,
                                      width, hidden=is_hidden(view, seat, p), highlight=hl,
                                      four_colour=four_colour)
        parts.append(markup)
        right = max(right, edge)

    for p in seat_order(state.players, bottom):
        block(p)
    top = state.top
    markup, row_w, row_h, top_label = top_row(list(top.cards) if top else [],
                                               state.last_player and state.seat_label(state.last_player), PAD, y,
                                               width, highlight=hl, four_colour=four_colour)
    parts.append(markup)
    right = max(right, PAD + row_w)
    y += row_h + GAP
    block(bottom)
    holds = "; ".join(f"{state.seat_label(p)} holds {len(state.hands[p])}" for p in state.players)
    return svg_document(right + PAD, y - GAP + PAD, f"{', '.join(facts)}; {top_label}; {holds}", "".join(parts))
