"""Gan Deng Yan's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and
where each of its hooks lives in this package."""

from __future__ import annotations

from ..game import Game, cards_words
from ..i18n import N_, _, n_, p_
from . import DEAL_KEYS, DEFAULT_PLAYERS, EXPECTATIONS, PLAYER_COUNTS
from .rules import RULESETS
from .state import GanDengYanState, GanDengYanView, from_deal, new_game, new_match


# What each expectation of Gan Deng Yan's own confirms, in words a learner reads (scenario replays).
EXPECTATION_WORDS = {
    "stock_size": lambda n: (n_("the stock has {count} card", "the stock has {count} cards", n) if n
                             else _("the stock is empty")),
    "turn": lambda p: _("{player} is to play", player=p) if p else _("nobody is to play"),
    "top": lambda cards: (_("the play to beat is {cards}", cards=cards_words(cards)) if cards
                          else _("the table is clear")),
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
    reason_codes = frozenset({"game_over", "not_allowed", "not_your_turn", "not_in_hand", "cannot_pass", "must_play",
                              "joker_alone", "invalid_combination", "shape_mismatch", "not_stronger",
                              "not_one_higher"})
    deal_keys = DEAL_KEYS
    expectations = EXPECTATIONS
    expectation_words = EXPECTATION_WORDS
    private_events = frozenset({"draw"})

    def new_game(self, rules, players=None, seed: int = 0, **options) -> GanDengYanState:
        return new_game(rules, self.seats(rules, players), seed, **options)

    def from_deal(self, rules, players, **deal) -> GanDengYanState:
        return from_deal(rules, players, **deal)

    def new_match(self, rules, players=None, seed: int = 0):
        return new_match(rules, self.seats(rules, players), seed)

    # Still on the position until the hooks move to the game's modules.
    def focus(self, state):
        return state.focus()

    def hand_order(self, state, cards):
        return state.hand_order(cards)

    def play_words(self, state, action):
        return state.play_words(action)

    def deal_spec(self, state):
        return state.deal_spec()

    def expect_spec(self, state):
        return state.expect_spec()

    def next_game(self, state, seed: int = 0):
        return state.next_game(seed=seed)

    def outcome(self, state):
        return state.outcome()

    def score_line(self, state):
        return state.score_line()

    def score_total(self, state):
        return state.score_total()

    def picture(self, state, **options) -> str:
        from .picture import gandengyan_svg

        return gandengyan_svg(state, **options)

    def checklist(self, state, action):
        from .checklist import ask

        return ask(state, action)

    def table_talk(self, state):
        from .checklist import table_talk

        return table_talk(state)

    def rule_of_thumb(self, view):
        from .bot import rule_of_thumb

        return rule_of_thumb(view)

    def alternatives(self, view):
        from .bot import alternatives

        return alternatives(view)


GAME = GanDengYanGame()
