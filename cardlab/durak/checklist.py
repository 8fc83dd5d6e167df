"""The questions a player asks before and during a Durak round (the article's section 6), answered
for a given position by the engine itself, so its answers are the rules it applies."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..engine import Action, rules_word
from ..i18n import Message, _, n_, sentences
from ..referee import as_things_stand
from ..registry import game_of
from .moves import beats
from .rules import HAND_SIZE, MAX_ATTACK
from .words import SUIT_WORDS, names_then, why_not_beat


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
                  cap=first_cap, rules=rules_word(rules))
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
         if rules.transfer else _("no: {rules} has no transfers", rules=rules_word(rules))),
    ]


def ask(state, action: Action) -> list[tuple[Message, Message]]:
    """The round's questions for one proposed action: can this card defend? is the added rank on
    the table? is there room under the limit? and, when the round ends, who draws first and who
    attacks next? The last two are asked of the position the action leaves (after a transfer the
    roles have moved on). The last answer of the list is the engine's verdict on the action."""
    answers: list[tuple[Message, Message]] = []
    player, verb, cards = action
    if verb == "defend":
        attack, defence = cards
        ok = beats(attack, defence, state.trump)
        answers.append((_("Can {defence} beat {attack}?", defence=defence.symbol, attack=attack.symbol),
                        _("yes") if ok else _("no: {why}", why=why_not_beat(attack, defence, state.trump))))
    if verb in ("attack", "transfer") and state.attacks:
        ranks = sorted({c.rank for c in state.table})
        on_table = any(c.rank in ranks for c in cards)
        answers.append((_("Is the rank of {card} already on the table?", card=cards[0].symbol),
                        _("yes") if on_table else _("no: only ranks already on the table may be added")))
    if verb in ("attack", "done") and player != state.defender:
        answers.append((_("Who may add a card now?"), state.priority()))
    if verb == "attack":
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
    if verb == "transfer":
        answers.append((_("Is there room under the attack limit?"), _transfer_room(state)))
    answers += _round_end(state, action)
    answers.append(game_of(state).verdict(state, action))
    return answers


def _transfer_room(state) -> Message:
    """A transfer's own limit: the next player must hold at least as many cards as the attack
    cards they would face, this one included."""
    target = state.next_in(state.defender)
    need = len(state.attacks) + 1
    values = dict(target=target, held=n_("{count} card", "{count} cards", len(state.hands[target])))
    if len(state.hands[target]) >= need:
        return n_("yes: with this card {count} attack card would face {target}, who holds {held}; a transfer may "
                  "give the next player no more attack cards than they hold.",
                  "yes: with this card {count} attack cards would face {target}, who holds {held}; a transfer may "
                  "give the next player no more attack cards than they hold.", need, **values)
    return n_("no: with this card {count} attack card would face {target}, who holds only {held}; a transfer may "
              "give the next player no more attack cards than they hold.",
              "no: with this card {count} attack cards would face {target}, who holds only {held}; a transfer may "
              "give the next player no more attack cards than they hold.", need, **values)


DRAWS = _("When this round ends, who draws first?")
NEXT_ATTACKER = _("And who attacks next?")


def _round_end(state, action: Action) -> list[tuple[Message, Message]]:
    """Who draws first and who attacks next, asked of the position ``action`` leaves: performed on
    a copy when legal (a transfer changes both answers, and a move that ends the round has its
    answers in what the engine then did); a refused move leaves the position as it stands."""
    if state.over:
        return []
    if state.check(action) is not None:
        return [(question, as_things_stand(answer)) for question, answer in _outlook(state)]
    after = state.copy()
    events = after.apply(action)
    if not any(e.kind in ("discard", "take") for e in events):
        return _outlook(after)
    # A "draw" event with a player is a refill; without one, the drawn game.
    draws = [e.text for e in events if e.kind == "draw" and e.player is not None]
    if draws:
        drawn = sentences(draws)
    elif state.stock:
        drawn = _("Nobody draws: every player still holds {count} cards or more.", count=HAND_SIZE)
    else:
        drawn = _("Nobody draws: the stock is empty.")
    then = next(e.text for e in events
                if e.kind in ("next_round", "loser") or (e.kind == "draw" and e.player is None))
    return [(DRAWS, _("this move ends the round. {what}", what=drawn)),
            (NEXT_ATTACKER, _("this move ends the round. {what}", what=then))]


def _outlook(position) -> list[tuple[Message, Message]]:
    """Who draws first and who attacks next when the round of ``position`` ends, as far as its
    seats tell: the defender may yet transfer the attack (moving both roles on), and when the
    refill may empty the stock, a player left without cards is out then and skipped."""
    defender = position.defender
    transfer = _may_transfer(position)
    if not position.stock:
        draws = _("nobody: the stock is empty.")
    elif transfer:
        draws = _("{order}, each up to {count} while the stock lasts; if the attack is transferred, whoever "
                  "transfers it last draws first and the new defender last.",
                  order=names_then(position.attackers() + [defender]), count=HAND_SIZE)
    else:
        draws = _("{order}, each up to {count} while the stock lasts.",
                  order=names_then(position.attackers() + [defender]), count=HAND_SIZE)
    after = position.next_in(defender)
    if position.taking:
        attacks = _("{after}: {defender} takes, so the next player after {defender} attacks.", after=after,
                    defender=defender)
    else:
        attacks = _("{defender} if they beat everything; {after} if {defender} takes.", defender=defender,
                    after=after)
        if transfer:
            attacks = sentences([attacks, _("If the attack is transferred, this holds for the new defender in "
                                            "{defender}'s place.", defender=defender)])
    if _stock_may_run_out(position, transfer):
        attacks = sentences([attacks, _("A player left with no cards once the stock is empty is out and skipped, "
                                        "and the game ends when at most one player still holds cards.")])
    return [(DRAWS, draws), (NEXT_ATTACKER, attacks)]


def _may_transfer(position) -> bool:
    """Whether the attack may still be transferred this round: a transfer the engine allows now or
    once the defender has swapped the six of trumps for the face-up card (a card of the attacked
    rank, maybe), or, before the round is opened, a rule set with transfers. Nothing else can make
    one possible later: hands only shrink and attack cards only add up."""
    if not position.rules.transfer:
        return False
    if not position.attacks:
        return True
    game = position.copy()
    actions = game.legal_actions()
    if any(a.verb == "transfer" for a in actions):
        return True
    swap = next((a for a in actions if a.verb == "swap" and a.player == position.defender), None)
    if swap is None:
        return False
    game.apply(swap)
    return any(a.verb == "transfer" for a in game.legal_actions())


def _stock_may_run_out(position, transfer: bool) -> bool:
    """Whether the refill at the end of ``position``'s round may empty the stock, the only way a
    player can be out then: the stock may run out unless it holds more cards than the players
    could need even if every card that may still go onto the table this round came from their
    hands (each such card lacks one card in some hand)."""
    if not position.stock:
        return True
    attacks = len(position.attacks)
    if transfer:
        # A transfer passes the attack on with one more card of the attacked rank (at most three
        # more: four to a rank); adding stops at the limit, never above six.
        attack_cards = max(MAX_ATTACK, attacks + 3) - attacks
    else:
        attack_cards = max(0, position.limit - attacks)
    defences = 0 if position.taking else len(position.unbeaten()) + attack_cards
    short = sum(max(0, HAND_SIZE - len(hand)) for hand in position.hands.values())
    return len(position.stock) <= short + attack_cards + defences
