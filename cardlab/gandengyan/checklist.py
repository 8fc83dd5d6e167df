"""The questions a player asks before and during a Gan Deng Yan round (001, section 6: fix the
version first; then: the same type? exactly one rank higher? a 2 or bomb exception? and at a
round's end: who leads next, who draws? a hand emptied ends the game at once), answered for a
given position by the engine itself, so its answers are the rules it applies."""

from __future__ import annotations

from ..cards import count_cards
from ..engine import Action
from .combos import KIND_WORDS, PAIR, SINGLE, answers_text, readings, ruling
from .rules import TWO, and_list, order_text


def table_talk(state) -> list[tuple[str, str]]:
    """What to agree on before the first card: version, deck, deal, order, follows, jokers, passing,
    drawing and the end, answered for ``state``'s rule set and deal."""
    rules = state.rules
    if rules.joker_bomb:
        deck = "54: the 52 cards and both jokers."
        wild = ("What may a joker do?", "stand in for a rank beside other cards (4-4-joker as three 4s, "
                "8-9-joker as a run); never alone, not even as the last card; the two jokers together "
                "are the top bomb.")
        bombs = "three of a kind < four of a kind < the two jokers"
    else:
        deck = "58: the 52 cards and the six wild cards W1-W6; no jokers."
        wild = ("What may a wild card do?", "stand in for a rank beside other cards (4-4-W1 as three 4s, "
                "8-9-W1 as a run); never alone, not even as the last card. There is no two-joker bomb.")
        bombs = "three of a kind < four of a kind"
    passing = ("no (有出必出): a player who can follow must play; one who cannot passes" if rules.must_play
               else "yes, except on their own lead; a pass neither ends the round nor draws a card")
    extra = rules.hand_size + rules.dealer_extra
    return [
        ("Which version are we playing?", f"{rules.name}: {rules.title}."),
        ("How many cards, and which?", deck),
        ("Who deals and leads?", f"{state.dealer} deals: {count_cards(extra)} to the dealer, "
         f"{count_cards(rules.hand_size)} to every other player, the rest is the stock "
         f"({count_cards(len(state.stock))} here); {state.lead} leads, "
         "then play goes clockwise."),
        ("In what order do the ranks run?", f"{order_text()}; suits never rank."),
        ("What may follow a play?", "the same type exactly one rank higher; a single 2 beats any other "
         f"single and a pair of 2s any other pair; bombs beat every ordinary play: {bombs}, the same "
         "size by rank."),
        wild,
        ("May a player pass when able to play?", passing + "."),
        ("Who draws when a round ends?", _draw_rule(rules) + "."),
        ("How does the game end, and what is scored?", "the first player to empty their hand wins at "
         "once, and nobody draws after that; cardlab records the winner and everyone's leftover cards. "
         "The official scoring (base points, bomb multipliers, leftover jokers, 2s and bombs, 被關) is "
         "not described by the article and not implemented."),
    ]


def _draw_rule(rules) -> str:
    if rules.draw == "leader":
        return "only the player who takes the lead, 1 card, while the stock lasts"
    first = ("the next leader first, then clockwise" if rules.first_drawer == "leader"
             else "from the next leader's left, clockwise, the leader last")
    return f"every player, 1 card each while the stock lasts: {first}"


def who_draws(state, leader: str) -> str:
    """Who draws, and in what order, when a round ends with ``leader`` taking the lead now."""
    if not state.stock:
        return "nobody: the stock is empty."
    order = state.draw_order(leader)
    if len(order) == 1:
        return f"only {leader}, who takes the lead: 1 card."
    k = min(len(order), len(state.stock))
    text = ", then ".join(order[:k]) + (", 1 card each" if k > 1 else ", 1 card")
    if k < len(order):
        text += f"; the stock runs out before {and_list(order[k:])}"
    return text + "."


def ask(state, action: Action) -> list[tuple[str, str]]:
    """The round's questions for one proposed action; the last answer of the list is the engine's
    verdict on the action."""
    player, verb, cards = action
    if verb == "play":
        answers = _ask_play(state, player, cards)
    elif verb == "pass":
        answers = _ask_pass(state, player)
    else:
        answers = []
    answers.append(state.verdict(action))
    return answers


def _ask_play(state, player: str, cards) -> list[tuple[str, str]]:
    plays, refusal = readings(cards, state.rules)
    if refusal is not None:
        return [("What do the cards make?", f"no playable combination: {refusal.explanation}")]
    play = plays[0] if len(plays) == 1 else state._resolve(player, cards)[1]
    if play is None:
        return [("What do the cards make?", "one of " + "; ".join(map(str, plays))
                 + ": write which with '='")]
    answers = [("What do the cards make?", f"{play.name()} ({play.shown})"
                + (", a bomb" if play.is_bomb else ""))]
    top = state.top
    if top is None:
        answers.append(("Is there a play to beat?", "no: the table is empty, so any type may lead."))
    else:
        code, why = ruling(play, top)
        same = play.kind == top.kind
        kind = KIND_WORDS[play.kind]
        answers.append(("Is it the same type as the top?", f"yes: {kind}, like {top.shown}" if same
                        else f"no: {top.shown} is {KIND_WORDS[top.kind]}, {play.shown} is {kind}"))
        if not play.is_bomb and not top.is_bomb:
            one_higher = same and play.place == top.place + 1
            answers.append(("Is it exactly one rank higher?", "yes" if one_higher
                            else f"no: after {top.shown} may come {answers_text(top)}"))
        if play.is_bomb or top.is_bomb:
            exception = f"yes: {why}" if code is None else f"no: {why}"
        else:
            two = same and play.kind in (SINGLE, PAIR) and play.place == TWO != top.place
            exception = f"yes: {why}" if two else "no"
        answers.append(("Does a 2 or bomb exception apply?", exception))
    left = len(state.hands.get(player, ())) - len(play.cards)
    if left <= 0:
        answers.append(("Does it empty the hand?", f"yes: {player} wins at once; the game is over and "
                        "nobody draws."))
        return answers
    answers.append(("Does it empty the hand?", f"no: {player} keeps {count_cards(left)}."))
    answers.append(("If everyone else passes it, who draws?", who_draws(state, player)))
    answers.append(("And who leads next?", f"{player}, who played last, with any type."))
    return answers


def _ask_pass(state, player: str) -> list[tuple[str, str]]:
    top, last = state.top, state.last_player
    if top is None:
        return [("Is there a play to follow?", f"no: the table is empty, so {player} leads and may pass "
                 "only when holding nothing that may lead.")]
    answers = [("Is there a play to follow?", f"yes: {last}'s {top}.")]
    plays = state.plays_for(player)
    if state.rules.must_play:
        must = (f"yes (有出必出): {player} could play {plays[0].shown}" if plays
                else f"no: {player} cannot follow, so passing is the only choice")
    else:
        must = f"no: under {state.rules.name} a player may pass even when able to play"
    answers.append((f"Must {player} play?", must + "."))
    others = [p for p in state.players if p != last and p not in state.passed and p != player]
    if others:
        answers.append(("Does this pass end the round?", f"no: {', '.join(others)} may still follow; a "
                        "pass neither ends the round nor draws a card."))
        return answers
    answers.append(("Does this pass end the round?", f"yes: everyone else will have passed {last}'s play, "
                    "so the table is cleared."))
    answers.append(("Who draws?", who_draws(state, last)))
    answers.append(("And who leads next?", f"{last}, who played last, with any type."))
    return answers
