"""The Gan Deng Yan table as a picture: the seats (dealer, whose turn, who passed, the winner), and
on the table the stock with its count, the round so far with the play to beat and who played
each play, who passed since, and the round the last step cleared;
and a hand in the order a player holds it.

Every word is read in the current language when the picture is drawn."""

from __future__ import annotations

from ..cards import Card
from ..engine import rules_word
from ..i18n import Message, _, commas, p_
from ..svg import CARD_H, CARD_W, MUTED, LastStep, play_names, text_width
from ..tablepicture import TEXT, Mark, Middle, climbing_round, table_svg
from .rules import in_order


def hand_order(state, cards) -> list[Card]:
    """Gan Deng Yan's order, weakest first: 3 up to A, then 2, then jokers and wild cards."""
    return in_order(cards)


def _tags(state, p: str) -> list[str]:
    tags = []
    if p == state.dealer:
        tags.append(p_("seat", "dealer"))
    if p == state.winner:
        tags.append(p_("seat", "winner"))
    elif p == state.turn and not state.over:
        tags.append(p_("seat", "to play"))
    if p in state.passed:
        tags.append(p_("seat", "passed"))
    return [str(tag) for tag in tags]


def _passed_text(state) -> Message:
    if state.over:
        if state.winner:
            return _("{player} emptied their hand: the game is over", player=state.seat_label(state.winner))
        return _("nobody can play: no winner")
    if not state.passed:
        # An empty table with no pass is a new round: nobody has passed a lead (only a lone joker does).
        return (_("nobody has passed since the last play") if state.table
                else _("a new round: nobody has played yet"))
    passed = commas(state.seat_label(p) for p in state.players if p in state.passed)
    return (_("passed since the last play: {players}", players=passed) if state.table
            else _("passed since the lead: {players}", players=passed))


# The mark of a cleared round: everyone passed the last play.
CLEAR_COLOURS, CLEAR_ICONS = {"passed": "#37474f"}, {"passed": "pass"}


def last_step(before, events) -> LastStep | None:
    """What a Gan Deng Yan step did to the table (:meth:`cardlab.game.Game.last_step`): the round
    it cleared when everyone else passed the last play."""
    if not before.table or not any(e.kind == "clear" for e in events):
        return None
    swept = tuple((p, tuple(play.cards)) for p, play in before.table)
    return LastStep(swept, p_("picture: why the round ended", "everyone passed"), "passed")


def gandengyan_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                   highlight=(), width: float = 56, four_colour: bool = False, last: LastStep | None = None) -> str:
    """A Gan Deng Yan position as the card table (:func:`cardlab.tablepicture.table_svg`): each
    seat with its state (dealer, to play, passed, winner); on the table the stock with its count,
    the round so far, its earlier plays small and in order (the climb 3-4-5-6) and the play to
    beat in full with who played it (each stand-in marked "as 4"), and who passed since the last
    play; the round ``last`` swept off the table, and why."""
    facts = [_("Gan Deng Yan ({rules})", rules=rules_word(state.rules)), _("stock {count}", count=len(state.stock))]
    if state.over:
        facts.append(_("game over: {player} wins", player=state.seat_label(state.winner)) if state.winner
                     else _("game over: no winner"))
    else:
        facts.append(_("{player} to play", player=state.seat_label(state.turn)))
    header = " · ".join(map(str, facts[:2]))
    marks = [Mark(facts[2], "#555555", "end")] if state.over else []
    top = state.top
    tokens = list(top.cards) if top else []
    caption = str(_("to beat: played by {player}", player=state.seat_label(state.last_player)) if tokens
                  else _("the table is empty: a free lead"))
    passed = str(_passed_text(state))

    def middle(band: Middle) -> str:
        s, w = band.s, band.card
        h = w * CARD_H / CARD_W
        y = band.y + 24 * s
        parts = []
        if state.stock:
            parts += [band.card_at(None, band.x + 4 * s + 2 * k * s, y + 4 * s - 2 * k * s)
                      for k in range(min(3, len(state.stock)))]
            stock_label = _("stock {count}", count=len(state.stock))
        else:
            parts.append(band.outline(band.x + 4 * s, y + 4 * s))
            stock_label = _("stock empty")
        parts.append(band.text(band.x + 4 * s, y + h + 26 * s, str(stock_label)))
        table_x = band.x + w + 40 * s
        parts.append(band.text(table_x, band.y + 14 * s, caption, weight="bold"))
        parts.append(climbing_round(band, state, last, table_x, y, colours=CLEAR_COLOURS, icons=CLEAR_ICONS,
                                caption_end=table_x + text_width(caption, TEXT * s)))
        parts.append(band.text(table_x, band.y + band.h - 4 * s, passed, MUTED))
        return "".join(parts)

    names = play_names(tokens)
    summary = str(_("{facts}; {caption}: {cards}; {passed}", facts=commas(facts), caption=caption,
                    cards=names, passed=passed) if names
                  else _("{facts}; {caption}; {passed}", facts=commas(facts), caption=caption, passed=passed))
    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header, tags={p: _tags(state, p) for p in state.players},
                     middle=middle, summary=summary, marks=marks)
