"""Durak's rules of thumb, the ``simple`` bot (:mod:`cardlab.bots`): defend with the cheapest card
that beats; take when a defence would cost a trump needlessly; attack low.

A card's cost is its rank, a trump's its rank plus 100: a trump is worth more than any plain
card. "Needlessly": while the stock still holds more than ``EARLY_STOCK`` cards there are
rounds enough to get rid of the cards taken, so a defence that needs a trump is refused and the
table taken instead, unless the table holds more than ``CHEAP_TAKE`` cards.

Going round in circles: with the stock out and three players or more, these rules can pass the
same few cards from hand to hand for ever (each attacker adds every card it can, the defender
cannot beat them all and takes them, and attacks with them in turn; seen about once in 6,000
games of ``simple`` players, and in the ``montecarlo`` bot's rollouts). No game of ``simple`` or
``random`` players has been seen to last ``STALL_ROUNDS`` rounds, so from that round on a game
is taken to be going round in circles and the rules of thumb give way to chance: an action drawn
by lot, seeded by the public facts of the position, so the same view still gives the same
choice. Random play always ends a game (the property tests check it), and it ends these ones
within a few dozen actions.
"""

from __future__ import annotations

import random

from ..engine import Action
from ..i18n import Message, _

EARLY_STOCK = 8
CHEAP_TAKE = 2
HIGH_ADD = 11  # plain cards below a jack are added freely; higher ones only once the stock is out
STALL_ROUNDS = 150  # the longest games seen: 32 rounds of simple players, 85 of random ones


# The reasons a hint gives, each made once (a bot's rollouts ask for thousands) and put into words
# when read, in the language of that moment.
_SWAPS = _("swaps the six of trumps for the higher face-up trump")
_OPENS_LOW = _("opens with its lowest card")
_OPENS_LOW_ALL_TRUMPS = _("opens with its lowest card, all trumps")
_ADDS_LOW = _("adds a low card of a rank on the table")
_KEEPS = _("keeps its high cards and trumps: done")
_PASSES_ON = _("passes the attack on with a plain card of the same rank")
_NOTHING_BEATS = _("nothing beats the attack card: takes")
_CANNOT_BEAT_ALL = _("cannot beat every attack card: takes")
_BEATS_CHEAPEST = _("beats with the cheapest card that does")


def cost(card, trump: str) -> int:
    return card.rank + (100 if card.suit == trump else 0)


def rule_of_thumb(view) -> tuple[Action, Message]:
    return _rule(view.legal_actions(), view.seat, view.round_no, view.attacks, view.defences, view.trump, view.stock)


def _on_state(state, seat: str) -> tuple[Action, Message]:
    """:func:`rule_of_thumb` of ``state.view(seat, sampling=False)``, read from the position: the
    seat's offered actions and the public facts the rules of thumb need (:func:`cardlab.bots.simple_rule`)."""
    return _rule(state._seat_actions(seat), seat, state.round_no, state.attacks, state.defences, state.trump,
                 len(state.stock))


rule_of_thumb.on_state = _on_state


def _rule(legal, seat, round_no, table_attacks, defences, trump, stock) -> tuple[Action, Message]:
    """The rules of thumb for ``seat`` holding the actions ``legal``; ``table_attacks`` and
    ``defences`` are the table, ``stock`` the number of cards in the stock."""
    if not legal:
        raise ValueError(f"{seat} has no legal action in this position")
    if round_no > STALL_ROUNDS:
        table = sum(d is not None for d in defences) + len(table_attacks)
        lot = random.Random(f"{round_no} {seat} {table}")
        return lot.choice(legal), _("round {round}: the game goes round in circles, so it plays at random",
                                    round=round_no)
    attacks, defends, transfers, others = [], [], [], {}
    for a in legal:
        verb = a.verb
        if verb == "attack":
            attacks.append(a)
        elif verb == "defend":
            defends.append(a)
        elif verb == "transfer":
            transfers.append(a)
        elif verb not in others:  # take, done, swap: the first of each
            others[verb] = a
    if "swap" in others:
        return others["swap"], _SWAPS
    if defends or "take" in others:
        return _defend(table_attacks, defences, defends, transfers, others.get("take"), trump, stock)
    if not table_attacks:
        plain = [a for a in attacks if a.cards[0].suit != trump]
        return _cheapest(plain or attacks, trump), _OPENS_LOW if plain else _OPENS_LOW_ALL_TRUMPS
    if stock == 0:
        cheap = attacks  # with the stock gone, every card added is a card fewer to hold
    else:
        cheap = [a for a in attacks if a.cards[0].suit != trump and a.cards[0].rank < HIGH_ADD]
    if cheap:
        return _cheapest(cheap, trump), _ADDS_LOW
    return others["done"], _KEEPS


def _cheapest(actions, trump, card=0):
    """The first of ``actions`` whose ``card``-th card costs least (the lower index on a tie of
    costs): ``min`` by ``(cost, index)``, written out (it runs at every decision of a rollout)."""
    best = best_cost = best_index = None
    for a in actions:
        c = a.cards[card]
        price = c.rank + 100 if c.suit == trump else c.rank
        if best is None or price < best_cost or price == best_cost and c.index < best_index:
            best, best_cost, best_index = a, price, c.index
    return best


def _defend(table_attacks, defences, defends, transfers, take, trump, stock) -> tuple[Action, Message]:
    for a in transfers:
        if a.cards[0].suit != trump:
            return a, _PASSES_ON
    if not defends:
        return take, _NOTHING_BEATS
    # The attack card whose cheapest answer costs most is answered first: if even that is
    # cheap, the rest is too. (cost() and min/max written out: this runs at most decisions of a
    # rollout.)
    best: dict = {}  # attack card -> its cheapest answer and what that costs
    for a in defends:
        attack, card = a.cards
        price = card.rank + 100 if card.suit == trump else card.rank
        kept = best.get(attack)
        if kept is None or price < kept[1]:
            best[attack] = (a, price)
    for a, d in zip(table_attacks, defences):
        if d is None and a not in best:
            return take, _CANNOT_BEAT_ALL
    hardest = None  # the first answer of the highest (cost, index)
    for a, price in best.values():
        index = a.cards[1].index
        if hardest is None or price > hardest_price or price == hardest_price and index > hardest_index:
            hardest, hardest_price, hardest_index = a, price, index
    card = hardest.cards[1]
    # The cards on the table counted last, only when the rest holds (a generator, slow in Pyodide).
    if (take and card.suit == trump and hardest.cards[0].suit != trump and stock > EARLY_STOCK
            and len(table_attacks) + sum(d is not None for d in defences) <= CHEAP_TAKE):
        return take, _("a defence would cost a trump ({card}) this early: takes", card=card.symbol)
    return hardest, _BEATS_CHEAPEST
