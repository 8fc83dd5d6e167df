"""How the Gan Deng Yan package puts a position into words, in the current language when they are
read. The words of the plays (their names, why one beats another) are those of :mod:`.combos`."""

from __future__ import annotations

from ..cards import format_cards
from ..engine import rules_word
from ..i18n import _, commas, n_, p_, semicolons
from .rules import in_order


def position_text(state) -> str:
    """``state`` in plain text, one fact a line, in the current language (put into words now)."""
    lines = []
    for p in state.players:
        tags = [t for t, on in ((p_("seat", "dealer"), p == state.dealer), (p_("seat", "winner"), p == state.winner),
                                (p_("seat", "passed"), p in state.passed)) if on]
        cards = format_cards(in_order(state.hands[p])) or "-"
        lines.append(_("{player}: {cards}  ({tags})", player=p, cards=cards, tags=semicolons(tags)) if tags
                     else _("{player}: {cards}", player=p, cards=cards))
    if state.over:
        left = commas(n_("{player} {count} card", "{player} {count} cards", len(state.hands[p]), player=p)
                      for p in state.players if p != state.winner)
        lines.append(_("game over: {player} wins; left over: {left}", player=state.winner, left=left)
                     if state.winner else _("game over: blocked, no winner; left over: {left}", left=left))
    else:
        top = state.top
        lines.append(_("table: {play} ({cards}) by {player}", play=top.name(), cards=format_cards(top.cards),
                       player=state.last_player) if top else _("table: empty, any type leads"))
        lines.append(_("turn: {player}", player=state.turn))
    head = _("gandengyan ({rules}); stock {stock}, cleared {cleared}", rules=rules_word(state.rules),
             stock=len(state.stock), cleared=len(state.pile))
    return "\n".join([str(head)] + [f"  {line}" for line in lines])
