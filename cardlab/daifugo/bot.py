"""Daifugo's rules of thumb, the ``simple`` bot (:mod:`cardlab.bots`): play the weakest legal
combination; keep 2s, jokers and 8s for leads.

- The exchange: hand over the weakest cards the rules allow (the lower players' cards are forced).
- Leading: the weakest combination, as many cards of that rank as it can (fewer leads to win);
  but when that would leave only kept cards, a kept card goes first, so the last card is not a
  forbidden finish (反則上がり). An 8 that cuts comes first among kept cards: it wins the lead back.
- Following: the weakest combination that beats the table without a kept card; a kept card only
  when the hand is nearly empty (``SHORT`` cards) or another player is about to go out; else pass.
- Never a forbidden last play while anything else is allowed.

"Kept" cards: jokers, 8s under a rule set with the 8-cut, and the strongest rank of the current
order (2s, or 3s during a revolution).
"""

from __future__ import annotations

from ..bots import offered_action
from ..engine import Action
from ..i18n import Message, _
from .combos import eight_cut, forbidden_finish
from .rules import JOKER, exchange_strength, strength

SHORT = 4

# The reasons, made once: a message is read in the current language whenever it is read.
_GIVE_WEAKEST = _("hands over the weakest cards it may")
_LEAD_KEPT_FIRST = _("leads a kept card first, so as not to finish on one")
_LEAD_WEAKEST = _("leads its weakest combination")
_ONLY_KEPT_LEFT = _("only kept cards left: leads the weakest")
_FOLLOW_WEAKEST = _("follows with the weakest combination that beats")
_KEPT_HAND_SHORT = _("plays a kept card: its hand is nearly empty")
_KEPT_SOMEONE_CLOSE = _("plays a kept card: another player is about to go out")
_PASS_KEEPING = _("keeps its 2s, jokers and 8s for leads: passes")
_PASS_NOTHING_BEATS = _("nothing beats the table: passes")
_ONLY_ACTION = _("the only kind of action left")


def _kept(play, rules, revolution: bool) -> bool:
    """Whether ``play`` holds a kept card: a joker, an 8 that cuts (:func:`eight_cut`), or the
    strongest rank of the order."""
    if play.size != len(play.naturals) or play.rank == JOKER:  # jokers
        return True
    top_rank = 3 if revolution else 2
    if play.kind == "group":  # every card of the rank: an 8 cuts under either kind of 8-cut
        return play.rank == 8 or play.rank == top_rank
    ranks = play.ranks
    return rules.eight_cut != "group" and 8 in ranks or top_rank in ranks


def rule_of_thumb(view) -> tuple[Action, Message]:
    return _rule(view.legal_actions(), view.seat, view.exchanging, view.rules, view.revolution, view.plays, view.hand,
                 view.top, lambda: view.counts, view.out)


def _on_state(state, seat: str) -> tuple[Action, Message]:
    """:func:`rule_of_thumb` of ``state.view(seat, sampling=False)``, read from the position
    (:func:`cardlab.bots.simple_rule`): the seat's plays and actions found as the view finds them."""
    if seat == state.turn:
        plays = state._turn_plays() if not state.over else []
        legal = state._turn_actions(plays)
    else:
        plays, legal = [], state._seat_actions(seat)
    hands = state.hands
    return _rule(legal, seat, state.exchanging, state.rules, state.revolution, plays, hands[seat], state.top,
                 lambda: {p: len(hands[p]) for p in state.players}, state.out)


rule_of_thumb.on_state = _on_state


def _rule(legal, seat, exchanging, rules, revolution, plays, hand, top, counts, out) -> tuple[Action, Message]:
    """The rules of thumb for ``seat`` holding ``hand``, with the actions ``legal`` and the plays
    ``plays``; ``counts()`` gives each player's number of cards."""
    if not legal:
        raise ValueError(f"{seat} has no legal action in this position")
    if exchanging:
        pick = min(legal, key=lambda a: (sum(map(exchange_strength, a.cards)), [c.index for c in a.cards]))
        return pick, _GIVE_WEAKEST
    plays = list(plays)
    hand_size = len(hand)

    def fouls(play) -> bool:
        return play.size == hand_size and bool(forbidden_finish(play, rules, revolution, eight_cut(play, rules)))

    clean = [p for p in plays if p.size != hand_size or not fouls(p)]  # only a last play can foul
    plays = clean or plays if top is None else clean
    passes = [a for a in legal if a.verb == "pass"]
    can_pass = bool(passes)

    def weakness(play):
        return (strength(play.rank, revolution) if play.kind == "group" or not revolution
                else strength(play.rank, False), -play.size, play.jokers, [c.index for c in play.physical])

    plain, kept = [], []
    for p in plays:
        (kept if _kept(p, rules, revolution) else plain).append(p)
    cuts = [p for p in kept if eight_cut(p, rules) and not p.jokers]
    if top is None:
        if plain:
            best = min(plain, key=weakness)
            plain_cards = sum(1 for c in hand if not c.is_wild) - sum(
                1 for c in hand if not c.is_wild and _kept_card(c, rules, revolution))
            if kept and best.size >= plain_cards and best.size < hand_size:
                pick = min(cuts or kept, key=weakness)
                return _act(legal, seat, pick), _LEAD_KEPT_FIRST
            return _act(legal, seat, best), _LEAD_WEAKEST
        pick = min(cuts or kept or plays, key=weakness)
        return _act(legal, seat, pick), _ONLY_KEPT_LEFT
    if plain:
        return _act(legal, seat, min(plain, key=weakness)), _FOLLOW_WEAKEST
    someone_close = any(n <= 2 for p, n in counts().items() if p != seat and p not in out)
    if kept and (hand_size <= SHORT or someone_close or not can_pass):
        why = (_KEPT_HAND_SHORT if hand_size <= SHORT
               else _KEPT_SOMEONE_CLOSE)
        return _act(legal, seat, min(cuts or kept, key=weakness)), why
    if can_pass:
        return passes[0], (_PASS_KEEPING if kept
                                           else _PASS_NOTHING_BEATS)
    return legal[0], _ONLY_ACTION


def _kept_card(card, rules, revolution: bool) -> bool:
    return card.rank in (3 if revolution else 2, 8)


def _act(legal, seat, play) -> Action:
    """The action of ``play``: the very one offered, which apply() accepts at once."""
    return offered_action(legal, seat, "play", play.cards)
