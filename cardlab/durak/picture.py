"""The Durak table as a picture: hands, the attack and defence cards, stock, trump card, discard."""

from __future__ import annotations

from typing import Iterable

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, count_cards
from ..svg import (CARD_H, CARD_W, GAP, LABEL, MUTED, PAD, check_view, hand_block, highlight_set,
                   is_hidden, num, placed, seat_order, suit_colour, suit_shape, svg_document,
                   svg_text, text_width)


def _durak_role(state, p: str, view: str, seat: str | None) -> str:
    name = state.seat_label(p) + (" (you)" if view == "player" and p == seat else "")
    hand = state.hands[p]
    count = f"{len(hand)} card" + ("" if len(hand) == 1 else "s")
    if p in state.out:
        role = "out"
    elif state.over:
        role = "durak: loses the game" if p == state.loser else ""
    elif p == state.attacker:
        role = "attacker"
    elif p == state.defender:
        role = "defender, takes" if state.taking else "defender"
    else:
        role = "may throw in"
    return " · ".join(x for x in (name, role, count) if x)


def durak_table_svg(state, *, view: str = "teaching", seat: str | None = None, highlight: Iterable = (),
                    width: float = 60, four_colour: bool = False) -> str:
    """A Durak position: the hands (in ``"player"`` view only ``seat``'s face up, the others as
    backs), the attack cards with each defence card laid across its attack card, open attacks
    marked "open", the stock with the face-up trump card under it, the discard pile and its count,
    who attacks whom and the trump suit. Highlighted cards are outlined (and raised in a hand);
    highlighted cards in the discard pile outline the pile. Raises ``ValueError`` for an unknown
    view or a player view without a valid seat."""
    check_view(state, view, seat)
    hl = highlight_set(highlight)
    w, h = width, width * CARD_H / CARD_W
    trump = state.trump
    trump_text = f"trump {SUIT_SYMBOLS[trump]}"
    parts = []
    facts = [f"round {state.round_no}", f"{trump_text} {SUIT_NAMES[trump]}"]
    if state.over:
        facts.append("game over: " + (f"{state.seat_label(state.loser)} is the durak" if state.loser else "a draw"))
    header = " · ".join([f"durak ({state.rules.name})"] + facts)
    parts.append(svg_text(PAD, PAD + 14, header, 14, anchor="start", weight="bold"))
    right = PAD + text_width(header, 14)
    y = PAD + 14 + GAP
    bottom = seat if seat is not None else state.players[0]

    def block(p):
        nonlocal y, right
        markup, y, edge = hand_block(_durak_role(state, p, view, seat), state.hand_order(state.hands[p]),
                                      PAD, y, w, hidden=is_hidden(view, seat, p), highlight=hl,
                                      four_colour=four_colour)
        parts.append(markup)
        right = max(right, edge)

    for p in seat_order(state.players, bottom):
        block(p)

    # The middle band: stock and trump card, the table, the discard pile.
    if not state.over:
        taking = f": {state.seat_label(state.defender)} takes" if state.taking else ""
        caption = (f"{state.seat_label(state.attacker)} attacks {state.seat_label(state.defender)}{taking} · "
                   f"{len(state.attacks)} of {count_cards(state.limit, 'attack card')}")
    else:
        caption = "the game is over"
    band = y + LABEL + 8
    mid = band + h * 0.6
    stock_x = PAD + h * 0.62  # far enough right to leave the face-up card's index in view
    if state.stock:
        face_up = state.trump_card
        parts.append(placed(face_up, PAD + h / 2 - w / 2, mid - h / 2, w, four_colour=four_colour,
                             highlight=face_up in hl, rotate=90))
        for k in range(min(3, len(state.stock) - 1)):
            parts.append(placed(None, stock_x + 2 * k, mid - h / 2 - 2 * k, w))
        stock_label = f"stock {len(state.stock)}"
    else:
        parts.append(f'<rect x="{num(stock_x)}" y="{num(mid - h / 2)}" width="{num(w)}" height="{num(h)}" '
                     f'rx="{num(w * 0.08)}" fill="none" stroke="#999999" stroke-dasharray="5 4"/>')
        parts.append(suit_shape(trump, stock_x + w / 2, mid, w * 0.5, suit_colour(trump, four_colour)))
        stock_label = "stock empty"
    below = mid + h / 2 + 18
    parts.append(svg_text(stock_x + w / 2, below, stock_label, LABEL))
    parts.append(svg_text(stock_x + w / 2, below + 16, trump_text, LABEL,
                       suit_colour(trump, four_colour), weight="bold"))
    table_x = stock_x + w + 34
    parts.append(svg_text(table_x, y + LABEL, caption, LABEL, anchor="start", weight="bold"))
    slot = w * 1.6
    top = mid - h * 0.62
    for i, (a, d) in enumerate(zip(state.attacks, state.defences)):
        ax = table_x + i * slot
        parts.append(placed(a, ax, top, w, four_colour=four_colour, highlight=a in hl))
        if d is not None:
            parts.append(placed(d, ax + w * 0.3, top + h * 0.24, w, four_colour=four_colour,
                                 highlight=d in hl, rotate=14))
        else:
            parts.append(svg_text(ax + w / 2, top + h + 16, "open", LABEL, "#a04000", weight="bold"))
    if not state.attacks:
        parts.append(svg_text(table_x, mid + 5, "no cards on the table", LABEL, MUTED, anchor="start"))
    discard_x = table_x + max(len(state.attacks), 2) * slot + 24
    pile = min(4, len(state.discard))
    for k, turn in enumerate((-9, 6, -3, 10)[:pile]):
        parts.append(placed(None, discard_x, mid - h / 2, w, rotate=turn,
                             highlight=k == pile - 1 and any(c in hl for c in state.discard)))
    if not pile:
        parts.append(f'<rect x="{num(discard_x)}" y="{num(mid - h / 2)}" width="{num(w)}" height="{num(h)}" '
                     f'rx="{num(w * 0.08)}" fill="none" stroke="#999999" stroke-dasharray="5 4"/>')
    parts.append(svg_text(discard_x + w / 2, below, f"discard {len(state.discard)}", LABEL))
    right = max(right, discard_x + w * 1.25, table_x + text_width(caption, LABEL))
    y = max(below + 16, top + h * 1.42) + GAP
    block(bottom)

    table = "; ".join(f"{a.name} beaten by {d.name}" if d else f"{a.name} open"
                      for a, d in zip(state.attacks, state.defences)) or "empty"
    face = f", face-up {state.trump_card.name}" if state.stock else ""
    holds = "; ".join(f"{state.seat_label(p)} holds {len(state.hands[p])}" for p in state.players)
    summary = (f"durak table, {state.rules.name}: {', '.join(facts)}; {caption}; table: {table}; "
               f"stock {len(state.stock)}{face}; discard {len(state.discard)}; {holds}")
    return svg_document(right + PAD, y - GAP + PAD, summary, "".join(parts))
