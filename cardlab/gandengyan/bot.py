"""Gan Deng Yan's rules of thumb, the ``simple`` bot (:mod:`cardlab.bots`): follow when possible,
keep bombs and 2s.

- Leading: the weakest combination that is neither a bomb nor holds a 2, the one shedding most
  cards first (a pair run before a pair before a single of the same rank), wild cards spared.
- Following: the weakest such answer. A bomb or a 2 only when the hand is nearly empty (``SHORT``
  cards) or another player holds ``SHORT`` cards or fewer; else pass (under 有出必出, when a play
  is required, the weakest of them).

:func:`alternatives` names the plays the ``montecarlo`` bot compares with the rule of thumb's: the
weakest play of each kind, so that a lead of a pair or a run is weighed against a single.
"""

from __future__ import annotations

from ..cards import StandIn
from ..bots import offered_action
from ..engine import Action
from ..i18n import Message, _
from .combos import BOMB_TIER

SHORT = 2

# The reasons, in a few words a learner reads as a hint; made once (the rollouts of montecarlo ask
# for a rule of thumb at every decision, and read none of them).
_NOTHING = _("nothing it may play: passes")
_LEADS_WEAKEST = _("leads its weakest combination")
_LEADS_KEPT = _("only bombs and 2s left: leads the weakest")
_FOLLOWS = _("follows with the weakest answer")
_REQUIRED = _("plays a bomb or a 2: a play is required (有出必出)")
_NEARLY_OVER = _("plays a bomb or a 2: the game is nearly over")
_KEEPS = _("keeps its bombs and 2s: passes")


def _kept(play) -> bool:
    """A bomb, or a play holding a natural 2 (a wild card standing for a 2 is not one)."""
    if play.kind in BOMB_TIER:
        return True
    for t in play.cards:
        if t.rank == 2 and t.__class__ is not StandIn and t.suit is not None:
            return True
    return False


def _weakness(play):
    """``(wild cards, is a bomb, bomb power or (0, place), -cards, the physical cards' indices)``,
    weakest first (``Play.wilds``, ``is_bomb``, ``power``, ``physical``, read in one pass over the
    cards: the bots compare every play at every decision)."""
    wilds = 0
    indices = []
    for t in play.cards:
        if t.__class__ is StandIn:
            wilds += 1
            indices.append(t.card.index)
        else:
            if t.suit is None:  # a joker or wild card as itself
                wilds += 1
            indices.append(t.index)
    tier = BOMB_TIER.get(play.kind)
    if tier is None:
        return (wilds, False, (0, play.place), -len(play.cards), indices)
    return (wilds, True, (tier, play.place), -len(play.cards), indices)


def rule_of_thumb(view) -> tuple[Action, Message]:
    return _rule(view.legal_actions(), view.seat, view.plays, view.top, view.counts)


def _on_state(state, seat: str) -> tuple[Action, Message]:
    """:func:`rule_of_thumb` of ``state.view(seat, sampling=False)``, read from the position
    (:func:`cardlab.bots.simple_rule`): the seat's plays and actions found as the view finds them."""
    plays = state.turn_plays() if seat == state.turn else []
    legal = state._turn_actions(plays) if seat == state.turn else []
    hands = state.hands
    return _rule(legal, seat, plays, state.top, {p: len(hands[p]) for p in state.players})


rule_of_thumb.on_state = _on_state


def _rule(legal, seat, plays, top, counts) -> tuple[Action, Message]:
    """The rules of thumb for ``seat``, with the actions ``legal`` and the plays ``plays``;
    ``counts`` gives each player's number of cards."""
    if not legal:
        raise ValueError(f"{seat} has no legal action in this position")
    plays = list(plays)
    passes = [a for a in legal if a.verb == "pass"]
    can_pass = bool(passes)
    if not plays:
        return legal[0], _NOTHING
    marks = [_kept(p) for p in plays]  # each play judged once
    plain = [p for p, mark in zip(plays, marks) if not mark]
    kept = [p for p, mark in zip(plays, marks) if mark]
    if top is None:
        pick = min(plain or kept, key=_weakness)
        return _act(legal, seat, pick), _LEADS_WEAKEST if plain else _LEADS_KEPT
    if plain:
        return _act(legal, seat, min(plain, key=_weakness)), _FOLLOWS
    close = counts[seat] <= SHORT or any(n <= SHORT for p, n in counts.items() if p != seat)
    if close or not can_pass:
        why = _REQUIRED if not can_pass and not close else _NEARLY_OVER
        return _act(legal, seat, min(kept, key=_weakness)), why
    return passes[0], _KEEPS


def _act(legal, seat, play) -> Action:
    """The action of ``play``: the very one offered, which apply() accepts at once."""
    return offered_action(legal, seat, "play", play.cards)


def alternatives(view) -> list[Action]:
    """The weakest play of each kind the seat may make now (single, pair, run, pair run, each
    bomb), weakest first: the plays worth playing out besides the rule of thumb's."""
    weakest: dict[str, object] = {}
    for play in sorted(view.plays, key=_weakness):
        weakest.setdefault(play.kind, play)
    return [Action(view.seat, "play", play.cards) for play in weakest.values()]
