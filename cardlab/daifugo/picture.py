"""The Daifugo table as a picture: the seats (whose turn, who passed, who is out, the titles when
they matter), and on the table the play to beat with who played it and who passed; the suit lock and the
revolution over the table. Also the play on top of the table alone (:func:`daifugo_top_svg`), and a
hand in the order a player holds it.

Every word of the picture is read in the current language as the picture is drawn."""

from __future__ import annotations

from typing import Iterable

from ..cards import SUIT_SYMBOLS, Card
from ..engine import rules_word
from ..i18n import Message, _, commas, p_
from ..svg import MUTED, PAD, Middle, highlight_set, play_names, svg_document, table_svg, top_row
from .rules import RANK_TITLES


def hand_order(state, cards) -> list[Card]:
    """Weakest first in the normal order: 3 up to A, then 2, then the jokers."""
    return sorted(cards, key=lambda c: (c.is_wild, (c.rank - 3) % 13 if c.rank else 0, c.index))


def daifugo_top_svg(cards: Iterable, player: str | None, *, width: float = 60, four_colour: bool = False,
                    highlight: Iterable = ()) -> str:
    """The combination on top of the table, with who played it: a row of cards and a caption. A joker or wild card standing in for another card
    (``RJ=H10``) is drawn as itself with "as 10♥" under it. No cards: "the table is empty"."""
    markup, row_w, row_h, label = top_row(list(cards), player, PAD, PAD, width,
                                           highlight=highlight_set(highlight), four_colour=four_colour)
    return svg_document(row_w + 2 * PAD, row_h + 2 * PAD, label, markup)


def _tags(state, p: str) -> list[Message]:
    tags = []
    if state.over:
        title = RANK_TITLES[state.result()[p]]
        tags.append(_("{title} (都落ち)", title=title) if p == state.demoted else title)
    elif state.previous_ranks:
        tags.append(_("was {title}", title=RANK_TITLES[state.previous_ranks[p]]))
    if state.exchanging and p in state.gives:
        tags.append(p_("picture", "has given"))
    if not state.over:
        if p == state.demoted:
            tags.append(p_("picture", "demoted (都落ち)"))
        elif p in state.fouls:
            tags.append(p_("picture", "out, forbidden finish"))
        elif p in state.out:
            tags.append(p_("picture", "out"))
        elif p == state.turn:
            tags.append(p_("picture", "to play"))
        if p in state.passed:
            tags.append(p_("picture", "passed"))
    return tags


def _facts(state) -> list[Message | str]:
    """The facts over the table: the game and rule set, the revolution, the lock, the exchange, the end."""
    facts = [_("Daifugo ({rules})", rules=rules_word(state.rules))]
    if state.revolution:
        facts.append(p_("picture", "revolution"))
    if state.lock:
        facts.append(_("suit lock {suits}", suits=" ".join(SUIT_SYMBOLS[x] for x in sorted(state.lock,
                                                                                           key="SHDC".index))))
    if state.exchanging:
        facts.append(p_("picture", "card exchange"))
    if state.over:
        facts.append(p_("picture", "game over"))
    return facts


def daifugo_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                highlight=(), width: float = 56, four_colour: bool = False) -> str:
    """A Daifugo position as the card table (:func:`cardlab.svg.table_svg`): each seat with its
    state (to play, passed, out, a forbidden finish, the titles of the previous game during the
    exchange and the new titles at the end); on the table the play to beat with who played it (a
    joker or wild card standing in for another card marked "as 10♥"), and who passed; over the table
    the suit lock and the revolution."""
    facts = [str(f) for f in _facts(state)]
    header = " · ".join(facts)
    top = state.top
    tokens = list(top.cards) if top else []
    if tokens:
        caption = str(_("to beat: played by {player}", player=state.seat_label(state.last_player)))
    elif state.exchanging:
        caption = str(_("the exchange: each pair gives its cards"))
    else:
        caption = str(_("the table is empty: a free lead"))

    def middle(band: Middle) -> str:
        s = band.s
        parts = [band.text(band.x + 4 * s, band.y + 14 * s, caption, weight="bold")]
        parts.append(band.play_row(tokens, band.x + 4 * s, band.y + 24 * s))
        if state.passed and not state.over:
            passed = commas(state.seat_label(p) for p in state.players if p in state.passed)
            parts.append(band.text(band.x + 4 * s, band.y + band.h - 4 * s,
                                   str(_("passed: {players}", players=passed)), MUTED))
        return "".join(parts)

    names = play_names(tokens)
    facts_text = commas(facts)
    summary = (_("{facts}; {caption}: {cards}", facts=facts_text, caption=caption, cards=names) if names
               else _("{facts}; {caption}", facts=facts_text, caption=caption))
    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header,
                     tags={p: [str(t) for t in _tags(state, p)] for p in state.players},
                     middle=middle, summary=str(summary))
