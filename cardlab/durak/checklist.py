"""The questions a player asks before and during a Durak round (the article's section 6), answered
for a given position by the engine itself, so its answers are the rules it applies."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..engine import Action
from ..i18n import Message, _, n_
from .state import HAND_SIZE, MAX_ATTACK, SUIT_WORDS, beats, names_then


def table_talk(state) -> list[tuple[Message, Message]]:
    """What to agree on before the first card: deck, trump, first attacker, first-round limit,
    trump-six swap and transfers, answered for ``state``'s rule set and deal."""
    rules = state.rules
    first_cap = rules.round_cap(1)
    suit = dict(suit=SUIT_WORDS[state.trump], symbol=SUIT_SYMBOLS[state.trump])
    if state.trump_card:
        trump = _("{suit} {symbol}, shown by the face-up {card}.", card=state.trump_card.symbol, **suit)
    else:
        trump = _("{suit} {symbol}, shown by the last card dealt.", **suit)
    if first_cap < MAX_ATTACK:
        limit = _("at most {cap} ({rules}), and never more than the defender holds when the round begins.",
                  cap=first_cap, rules=rules.name)
    else:
        limit = _("at most {cap}, and never more than the defender holds when the round begins.", cap=first_cap)
    return [
        (_("How many cards, and which?"), _("36: the four suits from 6 up to ace; six each.")),
        (_("Which suit is trump?"), trump),
        (_("Who attacks first?"), _("{attacker}, attacking {defender}.", attacker=state.attacker,
                                    defender=state.defender)),
        (_("How many attack cards in the first round?"), limit),
        (_("May the six of trumps be swapped for the face-up card?"),
         _("yes, by a player who was dealt or drew it, while the stock holds the face-up card and one more")
         if rules.trump_six_swap else _("no")),
        (_("May the defender transfer the attack?"),
         _("yes (perevodnoy): with a card of the attacked rank while nothing is beaten")
         if rules.transfer else _("no: {rules} has no transfers", rules=rules.name)),
    ]


def ask(state, action: Action) -> list[tuple[Message, Message]]:
    """The round's questions for one proposed action: can this card defend? is the added rank on
    the table? is there room under the limit? and, when the round ends, who draws first and who
    attacks next? The last answer of the list is the engine's verdict on the action."""
    answers: list[tuple[Message, Message]] = []
    player, verb, cards = action
    if verb == "defend":
        attack, defence = cards
        ok = beats(attack, defence, state.trump)
        answers.append((_("Can {defence} beat {attack}?", defence=defence.symbol, attack=attack.symbol),
                        _("yes") if ok else _("no: {why}", why=state._why_not_beat(attack, defence))))
    if verb in ("attack", "transfer") and state.attacks:
        ranks = sorted({c.rank for c in state.table})
        on_table = any(c.rank in ranks for c in cards)
        answers.append((_("Is the rank of {card} already on the table?", card=cards[0].symbol),
                        _("yes") if on_table else _("no: only ranks already on the table may be added")))
    if verb in ("attack", "done") and player != state.defender:
        answers.append((_("Who may add a card now?"), state.priority()))
    if verb in ("attack", "transfer"):
        room = state.limit - len(state.attacks)
        down = dict(n=len(state.attacks), room=room)
        if room > 0:
            answer = n_("{n} of {count} attack card are down, so {room} more may come (beaten cards count).",
                        "{n} of {count} attack cards are down, so {room} more may come (beaten cards count).",
                        state.limit, **down)
        else:
            answer = n_("{n} of {count} attack card are down, so no more may come (beaten cards count).",
                        "{n} of {count} attack cards are down, so no more may come (beaten cards count).",
                        state.limit, **down)
        answers.append((_("Is there room under the attack limit?"), answer))
    draw_order = state.attackers() + [state.defender]
    answers.append((_("When this round ends, who draws first?"),
                    _("{order}, each up to {count} while the stock lasts.", order=names_then(draw_order),
                      count=HAND_SIZE) if state.stock else _("nobody: the stock is empty.")))
    after = state.next_in(state.defender)
    answers.append((_("And who attacks next?"),
                    _("{defender} if they beat everything; {after} if {defender} takes.", defender=state.defender,
                      after=after)))
    answers.append(state.verdict(action))
    return answers
