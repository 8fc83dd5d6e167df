"""The questions a player asks before and during a Durak round (the article's section 6), answered
for a given position by the engine itself, so its answers are the rules it applies."""

from __future__ import annotations

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, count_cards
from ..engine import Action
from .state import HAND_SIZE, MAX_ATTACK, beats


def table_talk(state) -> list[tuple[str, str]]:
    """What to agree on before the first card: deck, trump, first attacker, first-round limit,
    trump-six swap and transfers, answered for ``state``'s rule set and deal."""
    rules = state.rules
    first_cap = rules.round_cap(1)
    face = f"the face-up {state.trump_card.symbol}" if state.trump_card else "the last card dealt"
    return [
        ("How many cards, and which?", "36: the four suits from 6 up to ace; six each."),
        ("Which suit is trump?", f"{SUIT_NAMES[state.trump]} {SUIT_SYMBOLS[state.trump]}, shown by {face}."),
        ("Who attacks first?", f"{state.attacker}, attacking {state.defender}."),
        ("How many attack cards in the first round?",
         f"at most {first_cap}" + (" (throw-in-fool)" if first_cap < MAX_ATTACK else "")
         + ", and never more than the defender holds when the round begins."),
        ("May the six of trumps be swapped for the face-up card?",
         "yes, by a player who was dealt or drew it, while the stock holds the face-up card and one more"
         if rules.trump_six_swap else "no"),
        ("May the defender transfer the attack?",
         "yes (perevodnoy): with a card of the attacked rank while nothing is beaten"
         if rules.transfer else f"no: {rules.name} has no transfers"),
    ]


def ask(state, action: Action) -> list[tuple[str, str]]:
    """The round's questions for one proposed action: can this card defend? is the added rank on
    the table? is there room under the limit? and, when the round ends, who draws first and who
    attacks next? The last answer of the list is the engine's verdict on the action."""
    answers: list[tuple[str, str]] = []
    player, verb, cards = action
    if verb == "defend":
        attack, defence = cards
        ok = beats(attack, defence, state.trump)
        answers.append((f"Can {defence.symbol} beat {attack.symbol}?",
                        "yes" if ok else "no: " + state._why_not_beat(attack, defence)))
    if verb in ("attack", "transfer") and state.attacks:
        ranks = sorted({c.rank for c in state.table})
        on_table = any(c.rank in ranks for c in cards)
        answers.append((f"Is the rank of {cards[0].symbol} already on the table?",
                        "yes" if on_table else "no: only ranks already on the table may be added"))
    if verb in ("attack", "done") and player != state.defender:
        answers.append(("Who may add a card now?", state.priority()))
    if verb in ("attack", "transfer"):
        room = state.limit - len(state.attacks)
        answers.append(("Is there room under the attack limit?",
                        f"{len(state.attacks)} of {count_cards(state.limit, 'attack card')} are down, so "
                        + (f"{room} more may come" if room > 0 else "no more may come")
                        + " (beaten cards count)."))
    draw_order = state.attackers() + [state.defender]
    answers.append(("When this round ends, who draws first?",
                    ", then ".join(draw_order) + f", each up to {HAND_SIZE} while the stock lasts."
                    if state.stock else "nobody: the stock is empty."))
    after = state.next_in(state.defender)
    answers.append(("And who attacks next?",
                    f"{state.defender} if they beat everything; {after} if {state.defender} takes."))
    answers.append(state.verdict(action))
    return answers
