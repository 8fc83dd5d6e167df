"""Gan Deng Yan's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and
which of this package's modules answers each of its hooks."""

from __future__ import annotations

from ..game import Game, stock_words, top_words, turn_words
from ..i18n import N_, _, p_
from . import DEAL_KEYS, DEFAULT_PLAYERS, EXPECTATIONS, PLAYER_COUNTS
from .bot import alternatives, rule_of_thumb
from .checklist import ask, table_talk
from .match import new_match, next_game, outcome, score_line, score_total
from .picture import gandengyan_svg, hand_order
from .rules import REASON_CODES_USED, RULESETS
from .state import GanDengYanState, GanDengYanView, from_deal, new_game


# What each expectation of Gan Deng Yan's own confirms, in words a learner reads (scenario replays).
EXPECTATION_WORDS = {
    "stock_size": stock_words,
    "turn": turn_words,
    "top": top_words,
    "winner": lambda p: _("{player} has won", player=p) if p else _("nobody has won yet"),
}


class GanDengYanGame(Game):
    name = "gandengyan"
    order = 20
    title = N_("Gan Deng Yan")
    state_class = GanDengYanState
    view_class = GanDengYanView
    rulesets = RULESETS
    player_counts = PLAYER_COUNTS
    default_players = DEFAULT_PLAYERS
    verbs = {"play": p_("verb button", "Play"), "pass": p_("verb button", "Pass")}
    reason_codes = REASON_CODES_USED
    deal_keys = DEAL_KEYS
    expectations = EXPECTATIONS
    expectation_words = EXPECTATION_WORDS
    private_events = frozenset({"draw"})

    def new_game(self, rules, players=None, seed: int = 0, **options) -> GanDengYanState:
        """:func:`.state.new_game` (``dealer`` as an option)."""
        return new_game(rules, self.seats(rules, players), seed, **options)

    def from_deal(self, rules, players, **deal) -> GanDengYanState:
        return from_deal(rules, players, **deal)

    def new_match(self, rules, players=None, seed: int = 0):
        return new_match(rules, self.seats(rules, players), seed)

    # The hooks, each the function of this package that answers it.
    picture = staticmethod(gandengyan_svg)
    hand_order = staticmethod(hand_order)
    checklist = staticmethod(ask)
    table_talk = staticmethod(table_talk)
    next_game = staticmethod(next_game)
    outcome = staticmethod(outcome)
    score_line = staticmethod(score_line)
    score_total = staticmethod(score_total)
    rule_of_thumb = staticmethod(rule_of_thumb)
    alternatives = staticmethod(alternatives)

    def focus(self, state: GanDengYanState) -> str:
        """The player whose turn it is; else (the end) the first player who may act."""
        return state.turn if state.turn is not None and not state.over else super().focus(state)

    def play_words(self, state: GanDengYanState, action):
        """A play as the combination it makes: ``"a run 7-8-9"``, ``"three 5s"``."""
        if action.verb != "play":
            return super().play_words(state, action)
        return state.play_of(action).called

    def every_card(self, state: GanDengYanState) -> list:
        """The hands, the stock, the plays of the round and the pile."""
        return [*(c for p in state.players for c in state.hands[p]), *state.stock,
                *(c for _, play in state.table for c in play.physical), *state.pile]

    def deal_spec(self, state: GanDengYanState) -> dict:
        """The hands, the stock and the leader (the dealer)."""
        return {**super().deal_spec(state), "stock": [str(c) for c in state.stock], "leader": state.lead}

    def expect_spec(self, state: GanDengYanState) -> dict:
        """Over, the hand sizes, then whose turn it is or, once over, the winner."""
        expect = super().expect_spec(state)
        if not state.is_over():
            expect["turn"] = state.turn
        else:
            expect["winner"] = state.winner
        return expect


GAME = GanDengYanGame()
