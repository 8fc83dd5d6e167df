"""The questions a player asks before and during a Gan Deng Yan round (001, section 6: fix the
version first; then: the same type? exactly one rank higher? a 2 or bomb exception? and at a
round's end: who leads next, who draws? a hand emptied ends the game at once), answered for a
given position by the engine itself, so its answers are the rules it applies."""

from __future__ import annotations

from ..engine import Action, rules_word
from ..i18n import Message, _, chain, commas, join, n_, semicolons
from ..registry import game_of
from .combos import PAIR, SINGLE, answers_text, kind_words, readings, resolve, ruling
from .rules import TWO, order_text


def table_talk(state) -> list[tuple[Message, Message]]:
    """What to agree on before the first card: version, deck, deal, order, follows, jokers, passing,
    drawing and the end, answered for ``state``'s rule set and deal."""
    rules = state.rules
    if rules.joker_bomb:
        deck = _("54: the 52 cards and both jokers.")
        wild = (_("What may a joker do?"), _("stand in for a rank beside other cards (4-4-joker as three 4s, "
                                             "8-9-joker as a run); never alone, not even as the last card; the "
                                             "two jokers together are the top bomb."))
        follows = _("the same type exactly one rank higher; a single 2 beats any other single and a pair of 2s "
                    "any other pair; bombs beat every ordinary play: three of a kind < four of a kind < the two "
                    "jokers, the same size by rank.")
    else:
        deck = _("58: the 52 cards and the six wild cards W1-W6; no jokers.")
        wild = (_("What may a wild card do?"), _("stand in for a rank beside other cards (4-4-W1 as three 4s, "
                                                 "8-9-W1 as a run); never alone, not even as the last card. There "
                                                 "is no two-joker bomb."))
        follows = _("the same type exactly one rank higher; a single 2 beats any other single and a pair of 2s "
                    "any other pair; bombs beat every ordinary play: three of a kind < four of a kind, the same "
                    "size by rank.")
    passing = (_("no (有出必出): a player who can follow must play; one who cannot passes.") if rules.must_play
               else _("yes, except on their own lead; a pass neither ends the round nor draws a card."))
    extra = rules.hand_size + rules.dealer_extra
    dealt = n_("{count} card", "{count} cards", rules.hand_size)
    stock = n_("{count} card", "{count} cards", len(state.stock))
    return [
        (_("Which version are we playing?"), _("{rules}: {title}.", rules=rules_word(rules), title=_(rules.title))),
        (_("How many cards, and which?"), deck),
        (_("Who deals and leads?"), n_("{dealer} deals: {count} card to the dealer, {dealt} to every other "
                                       "player, the rest is the stock ({stock} here); {leader} leads, then play "
                                       "goes clockwise.", "{dealer} deals: {count} cards to the dealer, {dealt} "
                                       "to every other player, the rest is the stock ({stock} here); {leader} "
                                       "leads, then play goes clockwise.", extra, dealer=state.dealer,
                                       dealt=dealt, stock=stock, leader=state.lead)),
        (_("In what order do the ranks run?"), _("{order}; suits never rank.", order=order_text())),
        (_("What may follow a play?"), follows),
        wild,
        (_("May a player pass when able to play?"), passing),
        (_("Who draws when a round ends?"), _draw_rule(rules)),
        (_("How does the game end, and what is scored?"), _(
            "the first player to empty their hand wins at once, and nobody draws after that; cardlab records "
            "the winner and everyone's leftover cards. The official scoring (base points, bomb multipliers, "
            "leftover jokers, 2s and bombs, 被關) is not described by the article and not implemented.")),
    ]


def _draw_rule(rules) -> Message:
    if rules.draw == "leader":
        return _("only the player who takes the lead, 1 card, while the stock lasts.")
    if rules.first_drawer == "leader":
        return _("every player, 1 card each while the stock lasts: the next leader first, then clockwise.")
    return _("every player, 1 card each while the stock lasts: from the next leader's left, clockwise, the "
             "leader last.")


def _then_list(players):
    """``"甲, then 乙, then 丙"`` in the current language."""
    return chain(players, lambda text, p: _("{players}, then {player}", players=text, player=p))


def who_draws(state, leader: str) -> Message:
    """Who draws, and in what order, when a round ends with ``leader`` taking the lead now."""
    order = state.draw_order(leader)
    return _draws_text(order, min(len(order), len(state.stock)))


def _draws_text(order, k: int) -> Message:
    """The draw of a round's end: the first ``k`` players of ``order`` (the next leader's draw
    order) draw a card each, the stock running out before the others."""
    if not k:
        return _("nobody: the stock is empty.")
    if len(order) == 1:
        return _("only {player}, who takes the lead: 1 card.", player=order[0])
    drawers = _then_list(order[:k])
    if k == len(order):
        return _("{players}, 1 card each.", players=drawers)
    if k > 1:
        return _("{players}, 1 card each; the stock runs out before {others}.", players=drawers,
                 others=join(order[k:]))
    return _("{player}, 1 card; the stock runs out before {others}.", player=drawers, others=join(order[k:]))


def ask(state, action: Action) -> list[tuple[Message, Message]]:
    """The round's questions for one proposed action; the last answer of the list is the engine's
    verdict on the action."""
    player, verb, cards = action
    if verb == "play":
        answers = _ask_play(state, action)
    elif verb == "pass":
        answers = _ask_pass(state, action)
    else:
        answers = []
    answers.append(game_of(state).verdict(state, action))
    return answers


_WHAT = _("What do the cards make?")


def _ask_play(state, action: Action) -> list[tuple[Message, Message]]:
    player, _verb, cards = action
    plays, refusal = readings(cards, state.rules)
    if refusal is not None:
        return [(_WHAT, _("no playable combination: {why}", why=refusal.explanation))]
    if len(plays) == 1:
        play = plays[0]
    else:
        play = resolve(state.hands[player], player, cards, state.rules, state.top)[1]
    if play is None:
        return [(_WHAT, _("one of {plays}: write which with '='", plays=semicolons(plays)))]
    answers = [(_WHAT, _("{play} ({cards}), a bomb", play=play.name(), cards=play.shown) if play.is_bomb
                else _("{play} ({cards})", play=play.name(), cards=play.shown))]
    top = state.top
    if top is None:
        answers.append((_("Is there a play to beat?"), _("no: the table is empty, so any type may lead.")))
    else:
        code, why = ruling(play, top)
        same = play.kind == top.kind
        kind = kind_words(play.kind)
        answers.append((_("Is it the same type as the top?"),
                        _("yes: {kind}, like {top}", kind=kind, top=top.shown) if same
                        else _("no: {top} is {top_kind}, {cards} is {kind}", top=top.shown,
                               top_kind=kind_words(top.kind), cards=play.shown, kind=kind)))
        if not play.is_bomb and not top.is_bomb:
            one_higher = same and play.place == top.place + 1
            answers.append((_("Is it exactly one rank higher?"), _("yes") if one_higher
                            else _("no: after {top} may come {answers}", top=top.shown, answers=answers_text(top))))
        if play.is_bomb or top.is_bomb:
            exception = _("yes: {why}", why=why) if code is None else _("no: {why}", why=why)
        else:
            two = same and play.kind in (SINGLE, PAIR) and play.place == TWO != top.place
            exception = _("yes: {why}", why=why) if two else _("no")
        answers.append((_("Does a 2 or bomb exception apply?"), exception))
    # What the play brings about is asked of the position it leaves (performed on a copy). A
    # refused play brings about nothing: there is no play of the player's for the others to pass.
    empties = _("Does it empty the hand?")
    if state.check(action) is not None:
        held = len(state.hands.get(player, ()))
        answers.append((empties, n_("no: the play is refused, so {player} still holds {count} card.",
                                    "no: the play is refused, so {player} still holds {count} cards.", held,
                                    player=player)))
        return answers
    after = state.copy()
    after.apply(action)
    if after.winner == player:
        answers.append((empties, _("yes: {player} wins at once; the game is over and nobody draws.",
                                   player=player)))
        return answers
    left = len(after.hands[player])
    answers.append((empties, n_("no: {player} keeps {count} card.", "no: {player} keeps {count} cards.", left,
                                player=player)))
    answers.append((_("If everyone else passes it, who draws?"), who_draws(after, after.last_player)))
    answers.append((_("And who leads next?"), _("{player}, who played last, with any type.",
                                                  player=after.last_player)))
    return answers


def _ask_pass(state, action: Action) -> list[tuple[Message, Message]]:
    player = action.player
    top, last = state.top, state.last_player
    follow = _("Is there a play to follow?")
    if top is None:
        return [(follow, _("no: the table is empty, so {player} leads and may pass only when holding nothing "
                           "that may lead.", player=player))]
    answers = [(follow, _("yes: {player}'s {play}.", player=last, play=top))]
    plays = state.plays_for(player)
    if state.rules.must_play:
        must = (_("yes (有出必出): {player} could play {cards}.", player=player, cards=plays[0].shown) if plays
                else _("no: {player} cannot follow, so passing is the only choice.", player=player))
    else:
        must = _("no: under {rules} a player may pass even when able to play.", rules=rules_word(state.rules))
    answers.append((_("Must {player} play?", player=player), must))
    # Whether the pass ends the round is asked of the position it leaves (performed on a copy);
    # once it has, the draw is in what the engine did.
    ends = _("Does this pass end the round?")
    if state.check(action) is not None:
        answers.append((ends, _("no: the pass is refused, so the round goes on as it stands.")))
        return answers
    after = state.copy()
    events = after.apply(action)
    if not any(e.kind == "clear" for e in events):
        others = [p for p in after.players if p != last and p not in after.passed]
        answers.append((ends, _("no: {players} may still follow; a pass neither ends the round nor draws a card.",
                                players=commas(others))))
        return answers
    answers.append((ends, _("yes: everyone else will have passed {player}'s play, so the table is cleared.",
                            player=last)))
    drawn = [e.player for e in events if e.kind == "draw" and e.player is not None]
    answers.append((_("Who draws?"), _draws_text(after.draw_order(after.lead), len(drawn))))
    answers.append((_("And who leads next?"), _("{player}, who played last, with any type.", player=after.lead)))
    return answers
