"""Higher card wins: a tiny trick game. Each player is dealt a few cards; the leader plays one,
then each player in turn plays one; the highest rank wins the trick (under ``follow``, of the suit
led, and a player must follow suit when able); the trick's winner leads the next one. Whoever
wins the most tricks is first."""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.cards import Card, deck
from cardlab.engine import (Action, DealError, Event, Refusal, State, View, add_reason, deal_hands, deal_random,
                            player_names, rule_set, view_class)

DECK = tuple(c for c in deck("standard52") if c.rank >= 9)  # 9 to A: 24 cards
DECK_SET = frozenset(DECK)
add_reason("must_follow_suit", "a card of the suit led is in the hand", "Follow suit")
REASON_CODES_USED = frozenset({"game_over", "not_allowed", "not_your_turn", "not_in_hand", "must_follow_suit"})


@dataclass(frozen=True)
class ToyRules:
    name: str
    follow: bool  # must a player follow the suit led when able
    hand_size: int
    description: str
    jokers_equal: bool = True


RULESETS = {"plain": ToyRules("plain", False, 4, "the highest rank wins the trick"),
            "follow": ToyRules("follow", True, 3, "follow suit when able; the highest of the suit led wins")}


@view_class
class ToyView(View):
    """What one seat sees: besides every view's fields, ``trick`` (the cards played to it, in
    order, with who played them), ``turn`` and ``tricks`` (player -> tricks won)."""

    game = "toy"
    trick: tuple[tuple[str, Card], ...]
    turn: str | None
    tricks: dict[str, int]

    def sample_state(self, rng) -> "ToyState":
        """The cards this seat has not seen (in no trick, not its own) dealt to the others."""
        seen = set(self.hand) | set(self.played)
        unseen = [c for c in DECK if c not in seen]
        rng.shuffle(unseen)
        state = ToyState(self.rules, self.players, {self.seat: list(self.hand)}, self.turn)
        self._deal_others(state, unseen)
        state.trick, state.tricks = list(self.trick), dict(self.tricks)
        state.played = list(self.played[:len(self.played) - len(self.trick)])
        return state


class ToyState(State):
    game = "toy"
    VERBS = {"play": 1}
    NAME = "Higher card wins"
    ACTIONS_IN_WORDS = "players play one card at a time"
    DECK = DECK

    def __init__(self, rules: ToyRules, players, hands: dict, turn: str):
        self.rules, self.players, self.hands, self.turn = rules, players, hands, turn
        self.trick: list[tuple[str, Card]] = []
        self.tricks = {p: 0 for p in players}
        self.played: list[Card] = []  # every card of the tricks already won

    def deck_cards(self) -> frozenset[Card]:
        return DECK_SET

    def is_over(self) -> bool:
        return not any(self.hands.values())

    def _may_play(self, player: str) -> list[Card]:
        hand = self.hands[player]
        if self.rules.follow and self.trick:
            led = [c for c in hand if c.suit == self.trick[0][1].suit]
            return led or hand
        return hand

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        return [Action(self.turn, "play", (c,)) for c in sorted(self._may_play(self.turn))]

    def _check(self, action: Action) -> Refusal | None:
        if self.is_over():
            return Refusal("game_over", "the game is over: every card has been played")
        if action.verb not in self.VERBS:
            return self.missing_verb(action.verb)
        if action.player != self.turn:
            return Refusal("not_your_turn", f"it is {self.turn}'s turn")
        if action.cards[0] not in self.hands[action.player]:
            return Refusal("not_in_hand", f"{action.cards[0]} is not in {action.player}'s hand")
        if action.cards[0] not in self._may_play(action.player):
            return Refusal("must_follow_suit", "a card of the suit led is in the hand")
        return None

    def _perform(self, action: Action) -> list[Event]:
        card = action.cards[0]
        self.hands[action.player].remove(card)
        self.trick.append((action.player, card))
        events = [Event("play", action.player, (card,), f"{action.player} plays {card}")]
        if len(self.trick) < len(self.players):
            self.turn = self.next_in(action.player)
            return events
        led = self.trick[0][1].suit
        winner = max(self.trick, key=lambda pc: (pc[1].suit == led or not self.rules.follow, pc[1].rank))[0]
        self.tricks[winner] += 1
        self.played += [c for _, c in self.trick]
        self.trick = []
        self.turn = None if self.is_over() else winner
        return events + [Event("trick", winner, (), f"{winner} wins the trick")]

    out = ()  # nobody leaves before the end (next_in)

    def describe(self) -> str:
        lines = [f"{p}: {' '.join(map(str, self.hands[p]))} ({self.tricks[p]} tricks)" for p in self.players]
        return "\n".join(lines + [f"trick: {' '.join(f'{p} {c}' for p, c in self.trick)}", f"turn: {self.turn}"])

    def key(self) -> tuple:
        return (self.rules, self.players, tuple(frozenset(self.hands[p]) for p in self.players),
                tuple(self.trick), tuple(self.tricks.items()), tuple(self.played), self.turn)

    def view(self, seat: str, *, sampling: bool = True) -> ToyView:
        hand, counts = self._seat_cards(seat)
        return ToyView(legal=self._seat_actions(seat), rules=self.rules, players=self.players, seat=seat,
                       hand=hand, counts=counts, played=tuple(self.played) + tuple(c for _, c in self.trick),
                       trick=tuple(self.trick), turn=self.turn, tricks=dict(self.tricks))

    def standings(self) -> dict[str, float]:
        if not self.is_over():
            return {}
        by = sorted(self.players, key=lambda p: -self.tricks[p])
        return {p: sum(i + 1 for i, q in enumerate(by) if self.tricks[q] == self.tricks[p])
                / sum(1 for q in by if self.tricks[q] == self.tricks[p]) for p in self.players}


def from_deal(rules, players, hands=None, seed: int = 0, leader=None) -> ToyState:
    """A position: ``hands`` as given, or dealt by ``seed``; ``leader`` (or the first player) leads."""
    rules, players = rule_set("toy", RULESETS, rules), player_names(players)
    if not 2 <= len(players) <= 4:
        raise DealError("higher card wins is played by 2 to 4 players")
    if hands is None:
        cards = list(DECK)
        deal_random(seed).shuffle(cards)
        hands = {p: sorted(cards[i * rules.hand_size:(i + 1) * rules.hand_size]) for i, p in enumerate(players)}
    dealt = deal_hands(hands, players)
    return ToyState(rules, players, {p: dealt.get(p, []) for p in players}, leader or players[0])
