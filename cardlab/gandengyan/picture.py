"""The Gan Deng Yan table as a picture: the hands, the stock and its count, the top of the table with
who played it, whose turn, who passed since the last play, and the winner."""

from __future__ import annotations

from typing import Iterable

from ..cards import count_cards
from ..svg import (CARD_H, CARD_W, GAP, LABEL, MUTED, PAD, check_view, hand_block, highlight_set, is_hidden,
                   num, placed, seat_order, svg_document, svg_text, text_width, top_row)


def _role(state, p: str, view: str, seat: str | None) -> str:
    tags = [f"{p} (you)" if view == "player" and p == seat else p]
    if p == state.dealer:
        tags.append("dealer")
    if p == state.winner:
        tags.append("winner")
    elif p == state.turn:
        tags.append("to play")
    if p in state.passed:
        tags.append("passed")
    tags.append(count_cards(len(state.hands[p])))
    return " · ".join(tags)


def _passed_text(state) -> str:
    if state.over:
        if state.winner:
            return f"{state.winner} emptied their hand: the game is over"
        return "nobody can play: no winner"
    since = "since the last play" if state.table else "since the lead"
    if not state.passed:
        return f"nobody has passed {since}"
    return f"passed {since}: {', '.join(state.passed)}"


def _stock(state, x: float, y: float, width: float) -> tuple[str, float]:
    """The stock as a small stack of backs (a dashed outline when empty) with its count under it;
    returns the markup and the y below the count."""
    h = width * CARD_H / CARD_W
    if state.stock:
        parts = [placed(None, x + 2 * k, y + 4 - 2 * k, width) for k in range(min(3, len(state.stock)))]
        label = f"stock {len(state.stock)}"
    else:
        parts = [f'<rect x="{num(x)}" y="{num(y + 4)}" width="{num(width)}" height="{num(h)}" '
                 f'rx="{num(width * 0.08)}" fill="none" stroke="#999999" stroke-dasharray="5 4"/>']
        label = "stock empty"
    below = y + 4 + h + 18
    parts.append(svg_text(x, below, label, LABEL, anchor="start"))
    return "".join(parts), below


def gandengyan_svg(state, *, view: str = "teaching", seat: str | None = None, highlight: Iterable = (),
                   width: float = 60, four_colour: bool = False) -> str:
    """A Gan Deng Yan position: a header (rule set, stock, whose turn or the winner), the other
    hands, then the stock with its count beside the top of the table (who played it, each stand-in
    shown "as 4"), who passed since the last play, and ``seat``'s hand (the first player's in the
    teaching view) at the bottom; in the ``"player"`` view only ``seat``'s hand is face up. Raises
    ``ValueError`` for an unknown view or a player view without a valid seat."""
    check_view(state, view, seat)
    hl = highlight_set(highlight)
    facts = [f"gandengyan ({state.rules.name})", f"stock {len(state.stock)}"]
    if state.over:
        facts.append(f"game over: {state.winner} wins" if state.winner else "game over: no winner")
    else:
        facts.append(f"{state.turn} to play")
    header = " · ".join(facts)
    parts = [svg_text(PAD, PAD + 14, header, 14, anchor="start", weight="bold")]
    right = PAD + text_width(header, 14)
    y = PAD + 14 + GAP
    bottom = seat if seat is not None else state.players[0]

    def block(p):
        nonlocal y, right
        markup, y, edge = hand_block(_role(state, p, view, seat), state.hand_order(state.hands[p]), PAD, y, width,
                                     hidden=is_hidden(view, seat, p), highlight=hl, four_colour=four_colour)
        parts.append(markup)
        right = max(right, edge)

    for p in seat_order(state.players, bottom):
        block(p)
    stock, stock_below = _stock(state, PAD, y + LABEL + 8, width)
    parts.append(stock)
    table_x = PAD + width + 40  # clear of the stock's label
    top = state.top
    markup, row_w, row_h, top_label = top_row(list(top.cards) if top else [], state.last_player, table_x, y,
                                              width, highlight=hl, four_colour=four_colour)
    parts.append(markup)
    passed = _passed_text(state)
    line_y = max(y + row_h, stock_below) + 18
    parts.append(svg_text(PAD, line_y, passed, LABEL, MUTED, anchor="start"))
    right = max(right, table_x + row_w, PAD + text_width(passed, LABEL))
    y = line_y + GAP
    block(bottom)
    holds = "; ".join(f"{p} holds {len(state.hands[p])}" for p in state.players)
    summary = f"{', '.join(facts)}; {top_label}; {passed}; {holds}"
    return svg_document(right + PAD, y - GAP + PAD, summary, "".join(parts))
