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
    legal = view.legal_actions()
    if not legal:
        raise ValueError(f"{view.seat} has no legal action in this position")
    if view.round_no > STALL_ROUNDS:
        table = sum(d is not None for d in view.defences) + len(view.attacks)
        lot = random.Random(f"{view.round_no} {view.seat} {table}")
        return lot.choice(legal), _("round {round}: the game goes round in circles, so it plays at random",
                                    round=view.round_no)
    by_verb: dict[str, list[Action]] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    trump = view.trump
    if "swap" in by_verb:
        return by_verb["swap"][0], _SWAPS
    if "defend" in by_verb or "take" in by_verb:
        return _defend(view, by_verb, trump)
    attacks = by_verb.get("attack", [])
    if not view.attacks:
        plain = [a for a in attacks if a.cards[0].suit != trump]
        pick = min(plain or attacks, key=lambda a: (cost(a.cards[0], trump), a.cards[0].index))
        return pick, _OPENS_LOW if plain else _OPENS_LOW_ALL_TRUMPS
    cheap = [a for a in attacks if a.cards[0].suit != trump
             and (a.cards[0].rank < HIGH_ADD or view.stock == 0)]
    if view.stock == 0:
        cheap = attacks  # with the stock gone, every card added is a card fewer to hold
    if cheap:
        pick = min(cheap, key=lambda a: (cost(a.cards[0], trump), a.cards[0].index))
        return pick, _ADDS_LOW
    return by_verb["done"][0], _KEEPS


def _defend(view, by_verb, trump) -> tuple[Action, Message]:
    defends = by_verb.get("defend", [])
    take = by_verb.get("take", [])
    if "transfer" in by_verb:
        plain = [a for a in by_verb["transfer"] if a.cards[0].suit != trump]
        if plain:
            return plain[0], _PASSES_ON
    if not defends:
        return take[0], _NOTHING_BEATS
    # The attack card whose cheapest answer costs most is answered first: if even that is
    # cheap, the rest is too.
    best: dict = {}
    for a in defends:
        attack, card = a.cards
        if attack not in best or cost(card, trump) < cost(best[attack].cards[1], trump):
            best[attack] = a
    open_cards = [a for a, d in zip(view.attacks, view.defences) if d is None]
    if any(a not in best for a in open_cards):
        return take[0], _CANNOT_BEAT_ALL
    hardest = max(best.values(), key=lambda a: (cost(a.cards[1], trump), a.cards[1].index))
    card = hardest.cards[1]
    on_table = len(view.attacks) + sum(d is not None for d in view.defences)
    if (take and card.suit == trump and hardest.cards[0].suit != trump and view.stock > EARLY_STOCK
            and on_table <= CHEAP_TAKE):
        return take[0], _("a defence would cost a trump ({card}) this early: takes", card=card.symbol)
    return hardest, _BEATS_CHEAPEST
