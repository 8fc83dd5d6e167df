"""The Daifugo table as a picture: the seats (whose turn, who passed, who is out, the titles when
they matter), and on the table the trick so far with who played each play and who passed, and the
trick the last step cleared; the suit lock and the revolution marked over the table. Also the play on top of the table alone (:func:`daifugo_top_svg`), and a
hand in the order a player holds it.

Every word of the picture is read in the current language as the picture is drawn."""

from __future__ import annotations

from typing import Iterable

from ..cards import SUIT_SYMBOLS, Card, StandIn
from ..engine import rules_word
from ..i18n import Message, _, commas, p_
from ..svg import (MUTED, PAD, LastStep, highlight_set, play_names, stand_in_symbol, svg_document, text_width,
                   top_row)
from ..tablepicture import TEXT, Mark, Middle, climbing_round, table_svg
from .words import suits_text


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


# The places as a picture names them: in English the English name first, the original beside it
# ("grand millionaire (大富豪)"), so that a reader with no CJK font loses nothing; in Chinese and
# Japanese the original alone (the glossaries).
PICTURE_TITLES: dict[str, Message] = {
    "daifugo": p_("rank title in a picture", "grand millionaire (大富豪)"),
    "fugo": p_("rank title in a picture", "millionaire (富豪)"),
    "hinmin": p_("rank title in a picture", "pauper (貧民)"),
    "heimin": p_("rank title in a picture", "commoner (平民)"),
    "daihinmin": p_("rank title in a picture", "grand pauper (大貧民)"),
}

# Each kind of clear: the colour and icon of its mark on the table.
CLEAR_COLOURS = {"cut": "#b3261e", "return": "#6a3d9a", "passed": "#37474f"}
CLEAR_ICONS = {"cut": "cut", "return": "turn", "passed": "pass"}
REVOLUTION, LOCK, EXCHANGE, OVER = "#7b1fa2", "#0b5ed7", "#00796b", "#555555"


def _tags(state, p: str) -> list[Message]:
    tags = []
    if state.over:
        title = PICTURE_TITLES[state.result()[p]]
        tags.append(_("{title} (都落ち)", title=title) if p == state.demoted else title)
    elif state.previous_ranks:
        tags.append(_("was {title}", title=PICTURE_TITLES[state.previous_ranks[p]]))
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
        facts.append(_("suit lock {suits}", suits=suits_text(state.lock)))
    if state.exchanging:
        facts.append(p_("picture", "card exchange"))
    if state.over:
        facts.append(p_("picture", "game over"))
    return facts


def _marks(state, last: LastStep | None) -> list[Mark]:
    """The table's state as marks over it, each saying whether the last step started or ended it."""
    marks = []
    revolution = last.news_of("revolution") if last else None
    if revolution == "ends":
        marks.append(Mark(p_("picture", "revolution ends (counter-revolution)"), REVOLUTION, "turn", ended=True))
    elif state.revolution:
        marks.append(Mark(p_("picture", "revolution starts") if revolution == "starts" else p_("picture", "revolution"),
                          REVOLUTION, "turn"))
    lock = last.news_of("lock") if last else None
    if state.lock:
        suits = suits_text(state.lock)
        marks.append(Mark(_("suit lock {suits} starts", suits=suits) if lock == "starts"
                          else _("suit lock {suits}", suits=suits), LOCK, "lock"))
    elif lock == "ends":
        marks.append(Mark(p_("picture", "suit lock lifted"), LOCK, "lock", ended=True))
    if state.exchanging:
        marks.append(Mark(p_("picture", "card exchange"), EXCHANGE, "swap"))
    if state.over:
        marks.append(Mark(p_("picture", "game over"), OVER, "end"))
    return marks


def last_step(before, events) -> LastStep | None:
    """What a Daifugo step did to the table (:meth:`cardlab.game.Game.last_step`): the round it
    cleared, with the play that cut it (an 8-cut, a spade-3 return) or the pass after which
    everyone had passed; a revolution started or ended; a suit lock started, or lifted by the
    clear."""
    news, swept, reason, kind, played = [], (), "", "", frozenset()
    play = next((e for e in events if e.kind == "play"), None)
    for e in events:
        if e.kind == "revolution":
            news.append(("revolution", "ends" if before.revolution else "starts"))
        elif e.kind == "lock":
            news.append(("lock", "starts"))
        elif e.kind == "clear":
            if before.lock:
                news.append(("lock", "ends"))
            swept = tuple((p, tuple(play_.cards)) for p, play_ in before.table)
            if play is None:
                reason, kind = p_("picture: why the table was cleared", "everyone passed"), "passed"
            else:
                swept += ((play.player, tuple(play.cards)),)
                played = frozenset(t.card if isinstance(t, StandIn) else t for t in play.cards)
                cards = " ".join(stand_in_symbol(t) if isinstance(t, StandIn) else t.symbol for t in play.cards)
                if _returned(before, play.cards):
                    reason, kind = p_("picture: why the table was cleared", "spade-3 return"), "return"
                else:
                    reason, kind = p_("picture: why the table was cleared", "cut by {cards}", cards=cards), "cut"
    if not swept and not news:
        return None
    return LastStep(swept, reason, kind, played, tuple(news))


def _returned(before, cards) -> bool:
    """Whether ``cards`` are the spade 3 answering a lone joker (スペ3返し)."""
    top = before.top
    return (len(cards) == 1 and not isinstance(cards[0], StandIn) and cards[0].code == "S3" and top is not None
            and len(top.cards) == 1 and (top.cards[0].card if isinstance(top.cards[0], StandIn)
                                         else top.cards[0]).is_joker)


def daifugo_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                highlight=(), width: float = 56, four_colour: bool = False, last: LastStep | None = None) -> str:
    """A Daifugo position as the card table (:func:`cardlab.tablepicture.table_svg`): each seat
    with its state (to play, passed, out, a forbidden finish, the titles of the previous game during
    the exchange and the new titles at the end); on the table the trick so far, its earlier plays
    small and in order, the play to beat in full with who played it (a joker or wild card standing
    in for another card marked "as 10♥"), and who passed; the round ``last`` swept off the table
    (an 8-cut, everyone passed) with why; over the table the revolution, the suit lock, the
    exchange and the end as marks, each saying when it starts or ends."""
    facts = [str(f) for f in _facts(state)]
    header = facts[0]
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
        parts = [band.text(band.x + 4 * s, band.y + 14 * s, caption, weight="bold"),
                 climbing_round(band, state, last, band.x + 4 * s, band.y + 24 * s, colours=CLEAR_COLOURS,
                                icons=CLEAR_ICONS,
                                caption_end=band.x + 4 * s + text_width(caption, TEXT * s))]
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
                     middle=middle, summary=str(summary), marks=_marks(state, last))
