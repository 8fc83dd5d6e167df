"""The Daifugo table as a picture: the seats (whose turn, who passed, who is out, the titles when
they matter), and on the table the play to beat with who played it and who passed; the suit lock and the
revolution over the table."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..svg import MUTED, Middle, play_names, table_svg
from .rules import RANK_TITLES


def _tags(state, p: str) -> list[str]:
    tags = []
    if state.over:
        title = RANK_TITLES[state.result()[p]]
        tags.append(f"{title} (都落ち)" if p == state.demoted else title)
    elif state.previous_ranks:
        tags.append(f"was {RANK_TITLES[state.previous_ranks[p]]}")
    if state.exchanging and p in state.gives:
        tags.append("has given")
    if not state.over:
        if p == state.demoted:
            tags.append("demoted (都落ち)")
        elif p in state.fouls:
            tags.append("out, forbidden finish")
        elif p in state.out:
            tags.append("out")
        elif p == state.turn:
            tags.append("to play")
        if p in state.passed:
            tags.append("passed")
    return tags


def daifugo_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                highlight=(), width: float = 56, four_colour: bool = False) -> str:
    """A Daifugo position as the card table (:func:`cardlab.svg.table_svg`): each seat with its
    state (to play, passed, out, a forbidden finish, the titles of the previous game during the
    exchange and the new titles at the end); on the table the play to beat with who played it (a
    joker or wild card standing in for another card marked "as 10♥"), and who passed; over the table
    the suit lock and the revolution."""
    facts = [f"Daifugo ({state.rules.name})"]
    if state.revolution:
        facts.append("revolution")
    if state.lock:
        facts.append("suit lock " + " ".join(SUIT_SYMBOLS[x] for x in sorted(state.lock, key="SHDC".index)))
    if state.exchanging:
        facts.append("card exchange")
    if state.over:
        facts.append("game over")
    header = " · ".join(facts)
    top = state.top
    tokens = list(top.cards) if top else []
    if tokens:
        caption = f"to beat: played by {state.seat_label(state.last_player)}"
    elif state.exchanging:
        caption = "the exchange: each pair gives its cards"
    else:
        caption = "the table is empty: a free lead"

    def middle(band: Middle) -> str:
        s = band.s
        parts = [band.text(band.x + 4 * s, band.y + 14 * s, caption, weight="bold")]
        parts.append(band.play_row(tokens, band.x + 4 * s, band.y + 24 * s))
        if state.passed and not state.over:
            passed = ", ".join(state.seat_label(p) for p in state.players if p in state.passed)
            parts.append(band.text(band.x + 4 * s, band.y + band.h - 4 * s, f"passed: {passed}", MUTED))
        return "".join(parts)

    names = play_names(tokens)
    summary = f"{', '.join(facts)}; {caption}{': ' + names if names else ''}"
    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header, tags={p: _tags(state, p) for p in state.players},
                     middle=middle, summary=summary)
