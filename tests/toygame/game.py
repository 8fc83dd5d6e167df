"""The toy game's spec: everything else (the picture, the checklist, the bots, scenario files) is
cardlab's defaults, found through the registry."""

from __future__ import annotations

from cardlab.game import Game, turn_words

from .state import REASON_CODES_USED, RULESETS, ToyState, ToyView, from_deal

TONGUES = ("en", "zh-TW", "ja")


class ToyGame(Game):
    name = "toy"
    title = {"en": "Higher card wins", "zh-TW": "比大小", "ja": "大きいカードの勝ち"}
    state_class, view_class = ToyState, ToyView
    rulesets = RULESETS
    player_counts = {name: (2, 4) for name in RULESETS}
    verbs = {"play": {"en": "Play", "zh-TW": "出牌", "ja": "出す"}}
    reason_codes = REASON_CODES_USED
    deal_keys = {"hands": "hands", "seed": "int", "leader": "player"}
    expectations = {"turn": ("player_or_null", lambda s: s.turn),
                    "tricks": ("int", lambda s: sum(s.tricks.values()))}
    expectation_words = {"turn": turn_words, "tricks": lambda n: f"{n} tricks won"}
    counted_events = {"tricks": "trick"}

    def new_game(self, rules, players=None, seed: int = 0, **options) -> ToyState:
        return from_deal(rules, self.seats(rules, players), seed=seed, **options)

    def from_deal(self, rules, players, **deal) -> ToyState:
        return from_deal(rules, players, **deal)

    def every_card(self, state: ToyState) -> list:
        return [c for p in state.players for c in state.hands[p]] + [c for _, c in state.trick] + state.played

    def rule_of_thumb(self, view: ToyView):
        """Play the lowest card that may be played."""
        return min(view.legal_actions(), key=lambda a: a.cards[0].rank), "the lowest card"


GAME = ToyGame()
