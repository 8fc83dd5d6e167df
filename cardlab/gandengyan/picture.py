"""The Gan Deng Yan table as a picture: the seats (dealer, whose turn, who passed, the winner), and
on the table the stock with its count, the play to beat with who played it, and who passed since."""

from __future__ import annotations

from ..svg import CARD_H, CARD_W, MUTED, Middle, play_names, table_svg


def _tags(state, p: str) -> list[str]:
    tags = []
    if p == state.dealer:
        tags.append("dealer")
    if p == state.winner:
        tags.append("winner")
    elif p == state.turn and not state.over:
        tags.append("to play")
    if p in state.passed:
        tags.append("passed")
    return tags


def _passed_text(state) -> str:
    if state.over:
        if state.winner:
            return f"{state.seat_label(state.winner)} emptied their hand: the game is over"
        return "nobody can play: no winner"
    since = "since the last play" if state.table else "since the lead"
    if not state.passed:
        return f"nobody has passed {since}"
    passed = ", ".join(state.seat_label(p) for p in state.players if p in state.passed)
    return f"passed {since}: {passed}"


def gandengyan_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                   highlight=(), width: float = 56, four_colour: bool = False) -> str:
    """A Gan Deng Yan position as the card table (:func:`cardlab.svg.table_svg`): each seat with
    its state (dealer, to play, passed, winner); on the table the stock with its count, the play to
    beat with who played it (each stand-in marked "as 4"), and who passed since the last play."""
    facts = [f"Gan Deng Yan ({state.rules.name})", f"stock {len(state.stock)}"]
    if state.over:
        facts.append(f"game over: {state.seat_label(state.winner)} wins" if state.winner else "game over: no winner")
    else:
        facts.append(f"{state.seat_label(state.turn)} to play")
    header = " · ".join(facts)
    top = state.top
    tokens = list(top.cards) if top else []
    caption = (f"to beat: played by {state.seat_label(state.last_player)}" if tokens
               else "the table is empty: a free lead")
    passed = _passed_text(state)

    def middle(band: Middle) -> str:
        s, w = band.s, band.card
        h = w * CARD_H / CARD_W
        y = band.y + 24 * s
        parts = []
        if state.stock:
            parts += [band.card_at(None, band.x + 4 * s + 2 * k * s, y + 4 * s - 2 * k * s)
                      for k in range(min(3, len(state.stock)))]
            stock_label = f"stock {len(state.stock)}"
        else:
            parts.append(band.outline(band.x + 4 * s, y + 4 * s))
            stock_label = "stock empty"
        parts.append(band.text(band.x + 4 * s, y + h + 22 * s, stock_label))
        table_x = band.x + w + 40 * s
        parts.append(band.text(table_x, band.y + 14 * s, caption, weight="bold"))
        parts.append(band.play_row(tokens, table_x, y))
        parts.append(band.text(table_x, band.y + band.h - 4 * s, passed, MUTED))
        return "".join(parts)

    names = play_names(tokens)
    summary = f"{', '.join(facts)}; {caption}{': ' + names if names else ''}; {passed}"
    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header, tags={p: _tags(state, p) for p in state.players},
                     middle=middle, summary=summary)
