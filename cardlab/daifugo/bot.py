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

from ..engine import Action
from .combos import eight_cut, forbidden_finish
from .rules import JOKER, strength

SHORT = 4


def _kept(play, rules, revolution: bool) -> bool:
    if play.jokers or play.rank == JOKER or eight_cut(play, rules):
        return True
    top_rank = 3 if revolution else 2
    return any(r == top_rank for r in play.ranks)


def rule_of_thumb(view) -> tuple[Action, str]:
    legal = view.legal_actions()
    if not legal:
        raise ValueError(f"{view.seat} has no legal action in this position")
    if view.exchanging:
        from .state import exchange_strength

        pick = min(legal, key=lambda a: (sum(map(exchange_strength, a.cards)), [c.index for c in a.cards]))
        return pick, "hands over the weakest cards it may"
    rules, revolution, seat = view.rules, view.revolution, view.seat
    plays = list(view.plays)
    hand_size = len(view.hand)

    def fouls(play) -> bool:
        return play.size == hand_size and bool(forbidden_finish(play, rules, revolution, eight_cut(play, rules)))

    clean = [p for p in plays if not fouls(p)]
    plays = clean or plays if view.top is None else clean
    can_pass = any(a.verb == "pass" for a in legal)

    def weakness(play):
        return (strength(play.rank, revolution) if play.kind == "group" or not revolution
                else strength(play.rank, False), -play.size, play.jokers, [c.index for c in play.physical])

    plain, kept = [], []
    for p in plays:
        (kept if _kept(p, rules, revolution) else plain).append(p)
    cuts = [p for p in kept if eight_cut(p, rules) and not p.jokers]
    if view.top is None:
        if plain:
            best = min(plain, key=weakness)
            plain_cards = sum(1 for c in view.hand if not c.is_wild) - sum(
                1 for c in view.hand if not c.is_wild and _kept_card(c, rules, revolution))
            if kept and best.size >= plain_cards and best.size < hand_size:
                pick = min(cuts or kept, key=weakness)
                return _act(seat, pick), "leads a kept card first, so as not to finish on one"
            return _act(seat, best), "leads its weakest combination"
        pick = min(cuts or kept or plays, key=weakness)
        return _act(seat, pick), "only kept cards left: leads the weakest"
    if plain:
        return _act(seat, min(plain, key=weakness)), "follows with the weakest combination that beats"
    someone_close = any(n <= 2 for p, n in view.counts.items() if p != seat and p not in view.out)
    if kept and (hand_size <= SHORT or someone_close or not can_pass):
        why = "its hand is nearly empty" if hand_size <= SHORT else "another player is about to go out"
        return _act(seat, min(cuts or kept, key=weakness)), f"plays a kept card: {why}"
    if can_pass:
        return Action(seat, "pass", ()), ("keeps its 2s, jokers and 8s for leads: passes" if kept
                                           else "nothing beats the table: passes")
    return legal[0], "the only kind of action left"


def _kept_card(card, rules, revolution: bool) -> bool:
    return card.rank in (3 if revolution else 2, 8)


def _act(seat, play) -> Action:
    return Action(seat, "play", play.cards)
