"""The Durak table as a picture: the seats with their roles, and on the table the stock with the
face-up trump card under it, the attack cards with each defence card laid across its attack card,
and the discard pile, and the round the last step ended; the trump marked over the table; whose
seat it shows along the bottom by default, a hand in the order a player holds it, and the cards on
the table a move may name."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, Card
from ..engine import rules_word
from ..i18n import n_, p_
from ..svg import CARD_H, CARD_W, MUTED, LastStep, suit_colour, suit_shape
from ..tablepicture import FADED, Mark, Middle, swept_cards, swept_mark, table_svg
from .words import SUIT_WORDS

# Every word of the picture is put into words as it is drawn, in the language of that moment.


def focus(state) -> str:
    """The defender while an attack card is open and they have not taken; else the main attacker
    while they may act; else the first player who may."""
    acting = state.to_act()
    if state.defender in acting and state.unbeaten() and not state.taking:
        return state.defender
    if state.attacker in acting:
        return state.attacker
    return acting[0] if acting else state.players[0]


def hand_order(state, cards) -> list[Card]:
    """As a player holds a Durak hand: suits together, trumps at the right, low to high."""
    return sorted(cards, key=lambda c: (c.suit == state.trump, "SHDC".index(c.suit), c.rank))


def table_cards(state) -> list[Card]:
    """The unbeaten attack cards: a defence names one of them."""
    return state.unbeaten()


def _tags(state, p: str) -> list[str]:
    if p in state.out:
        return [str(p_("picture: a player's role", "out"))]
    if state.over:
        return [str(p_("picture: a player's role", "durak: loses the game"))] if p == state.loser else []
    if p == state.attacker:
        return [str(p_("picture: a player's role", "attacker"))]
    if p == state.defender:
        return [str(p_("picture: a player's role", "defender, takes") if state.taking
                    else p_("picture: a player's role", "defender"))]
    return [str(p_("picture: a player's role", "may add"))]


# Each way a round ends: the colour and icon of its mark on the table.
CLEAR_COLOURS, CLEAR_ICONS = {"beaten": "#1a7f37", "taken": "#a04000"}, {"beaten": "done", "taken": "take"}


def last_step(before, events) -> LastStep | None:
    """What a Durak step did to the table (:meth:`cardlab.game.Game.last_step`): the round it ended,
    each attack card with the card that beat it, the step's own card among them (the defence that
    beat the last attack, the attack card that filled the round of a defender who takes), and
    whether the round was beaten off or taken."""
    end = next((e for e in events if e.kind in ("discard", "take")), None)
    if end is None:
        return None
    pairs = list(zip(before.attacks, before.defences))
    own = events[0]
    played = frozenset()
    if own.kind in ("attack", "transfer"):
        pairs.append((own.cards[0], None))
        played = frozenset(own.cards)
    elif own.kind == "beat":
        attack, defence = own.cards
        pairs = [(a, defence if a == attack else d) for a, d in pairs]
        played = frozenset({defence})
    swept = tuple((None, (a,) if d is None else (a, d)) for a, d in pairs)
    if end.kind == "discard":
        return LastStep(swept, p_("picture: why the table was cleared", "beaten off"), "beaten", played)
    return LastStep(swept, p_("picture: why the table was cleared", "taken by {player}",
                              player=before.seat_label(end.player)), "taken", played)


def durak_table_svg(state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                    highlight=(), width: float = 56, four_colour: bool = False, last: LastStep | None = None) -> str:
    """A Durak position as the card table (:func:`cardlab.tablepicture.table_svg`): each seat with
    its role (attacker, defender, may add, out); on the table the stock with the face-up trump card
    under it, the attack cards with each defence card laid across its attack card, open attacks
    marked "open", and the discard pile with its count; the round ``last`` ended, faded in its
    place (small beside a new round), the step's own card in full, and whether it was beaten off or
    taken; over the table the trump, large. Highlighted cards are outlined; a highlighted card in
    the discard pile outlines the pile."""
    trump = state.trump
    trump_text = str(p_("picture", "trump {symbol}", symbol=SUIT_SYMBOLS[trump]))
    facts = [str(p_("picture", "round {round}", round=state.round_no)),
             str(p_("picture", "trump {symbol} {suit}", symbol=SUIT_SYMBOLS[trump], suit=SUIT_WORDS[trump]))]
    over = ""
    if state.over:
        over = str(p_("picture", "game over: {player} is the durak", player=state.seat_label(state.loser))
                   if state.loser else p_("picture", "game over: a draw"))
        facts.append(over)
    header = " · ".join([str(p_("picture", "Durak ({rules})", rules=rules_word(state.rules))), facts[0]])
    marks = [Mark(facts[1], suit_colour(trump, four_colour))]  # its words have the suit's symbol
    if state.over:
        caption = over
    else:
        who = dict(attacker=state.seat_label(state.attacker), defender=state.seat_label(state.defender),
                   n=len(state.attacks))
        if state.taking:
            caption = str(n_("{attacker} attacks {defender}: {defender} takes · {n} of {count} attack card",
                             "{attacker} attacks {defender}: {defender} takes · {n} of {count} attack cards",
                             state.limit, **who))
        else:
            caption = str(n_("{attacker} attacks {defender} · {n} of {count} attack card",
                             "{attacker} attacks {defender} · {n} of {count} attack cards", state.limit, **who))

    def middle(band: Middle) -> str:
        s, w = band.s, band.card
        h = w * CARD_H / CARD_W
        parts = [band.text(band.x + 4 * s, band.y + 14 * s, caption, weight="bold")]
        mid = band.y + 24 * s + h * 0.62
        # The stock, with the face-up trump card turned sideways under it.
        stock_x = band.x + h * 0.72  # leaves the face-up card's index in view
        if state.stock:
            face_up = state.trump_card
            parts.append(band.card_at(face_up, band.x + h / 2 - w / 2 + 2 * s, mid - h / 2, rotate=90))
            parts += [band.card_at(None, stock_x + 2 * k * s, mid - h / 2 - 2 * k * s)
                      for k in range(min(3, len(state.stock) - 1))]
            stock_label = str(p_("picture", "stock {count}", count=len(state.stock)))
        else:
            parts.append(band.outline(stock_x, mid - h / 2))
            parts.append(suit_shape(trump, stock_x + w / 2, mid, w * 0.5, suit_colour(trump, band.four_colour)))
            stock_label = str(p_("picture", "stock empty"))
        below = mid + h / 2 + 16 * s
        parts.append(band.text(stock_x + w / 2, below, stock_label, anchor="middle"))
        parts.append(band.text(stock_x + w / 2, below + 16 * s, trump_text, suit_colour(trump, band.four_colour),
                               anchor="middle", weight="bold"))
        # The attack cards, each defence card across its attack card; then the discard pile.
        table_x = stock_x + w + 22 * s
        discard_x = band.x + band.w - w * 1.15
        right = discard_x - 8 * s
        top = mid - h * 0.62
        swept = last.swept if last else ()
        if swept:
            parts.append(band.mark(swept_mark(last, CLEAR_COLOURS, CLEAR_ICONS), band.x + band.w, band.y - 3 * s,
                                   right=True)[0])
            if state.attacks:  # a new round already: the one swept off, small beside it
                room = min(46 * s * len(swept) - 4 * s, 180 * s)
                parts.append(_small_pairs(band, [cards for _, cards in swept], right - room, band.y + 30 * s, room,
                                          last.played))
                right -= room + 10 * s
            else:
                parts.append(_pairs(band, [(cards[0], cards[1] if len(cards) > 1 else None) for _, cards in swept],
                                    table_x, top, right, swept=last.played))
        parts.append(_pairs(band, list(zip(state.attacks, state.defences)), table_x, top, right))
        if not state.attacks and not swept:
            parts.append(band.text(table_x, mid + 5 * s, str(p_("picture", "no cards on the table")), MUTED))
        pile = min(4, len(state.discard))
        thrown = any(c in band.highlight for c in state.discard)
        for k, turn in enumerate((-9, 6, -3, 10)[:pile]):
            parts.append(band.card_at(None, discard_x, mid - h / 2, rotate=turn, highlight=thrown and k == pile - 1))
        if not pile:
            parts.append(band.outline(discard_x, mid - h / 2))
        discard_label = str(p_("picture", "discard {count}", count=len(state.discard)))
        parts.append(band.text(discard_x + w / 2, below, discard_label, anchor="middle"))
        return "".join(parts)

    # The text alternative: the same facts in sentences, cards by name.
    table = "; ".join(str(p_("picture", "{attack} beaten by {defence}", attack=a.name, defence=d.name) if d
                          else p_("picture", "{attack} open", attack=a.name))
                      for a, d in zip(state.attacks, state.defences)) or str(p_("picture: the table", "empty"))
    about = dict(rules=rules_word(state.rules), facts=", ".join(facts), caption=caption, table=table,
                 stock=len(state.stock), discard=len(state.discard))
    if state.stock:
        summary = str(p_("picture", "durak table, {rules}: {facts}; {caption}; table: {table}; stock {stock}, "
                         "face-up {card}; discard {discard}", card=state.trump_card.name, **about))
    else:
        summary = str(p_("picture", "durak table, {rules}: {facts}; {caption}; table: {table}; stock {stock}; "
                         "discard {discard}", **about))
    return table_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                     four_colour=four_colour, header=header, tags={p: _tags(state, p) for p in state.players},
                     middle=middle, summary=summary, marks=marks)


def _pairs(band: Middle, pairs, x: float, top: float, right: float, *, swept: frozenset | None = None) -> str:
    """Attack cards from (x, top) to no further right than ``right``, each defence card laid across
    its attack card, an open attack marked "open"; ``swept``: a round the last step ended, faded
    but for the step's own cards (these given), outlined."""
    s, w = band.s, band.card
    h = w * CARD_H / CARD_W
    slot = min(w * 1.45, (right - x - w * 1.3) / max(len(pairs) - 1, 1))
    parts = []

    def card(c, cx, cy, rotate=0):
        if swept is None:
            return band.card_at(c, cx, cy, rotate=rotate)
        drawn = swept_cards(band.card_at(c, cx, cy, rotate=rotate, highlight=c in swept))
        return drawn if c in swept else f'<g opacity="{FADED}">{drawn}</g>'

    for i, (a, d) in enumerate(pairs):
        ax = x + i * slot
        parts.append(card(a, ax, top))
        if d is not None:
            parts.append(card(d, ax + w * 0.3, top + h * 0.24, rotate=14))
        elif swept is None:
            open_word = str(p_("picture: an unbeaten attack card", "open"))
            parts.append(band.text(ax + w / 2, top + h + 14 * s, open_word, "#a04000", anchor="middle", weight="bold"))
    return "".join(parts)


def _small_pairs(band: Middle, pairs, x: float, y: float, room: float, played: frozenset) -> str:
    """The pairs of a round the last step ended, small, from (x, y) in ``room``: faded but for the
    step's own cards, outlined."""
    s = band.s
    step = min(46 * s, (room - 42 * s) / max(len(pairs) - 1, 1))
    parts = []
    for i, cards in enumerate(pairs):
        for k, c in enumerate(cards):
            drawn = swept_cards(band.mini(c, x + i * step + 12 * s * k, y + 14 * s * k, highlight=c in played))
            parts.append(drawn if c in played else f'<g opacity="{FADED}">{drawn}</g>')
    return "".join(parts)
