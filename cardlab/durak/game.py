"""Durak's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and where each
of its hooks lives in this package."""

from __future__ import annotations

from ..game import Game
from ..i18n import N_, p_
from . import DEAL_KEYS, EXPECTATIONS
from .rules import DEFAULT_PLAYERS, PLAYER_COUNTS, RULESETS
from .state import DurakState, DurakView, from_deal, new_game, new_match


class DurakGame(Game):
    name = "durak"
    order = 30
    title = N_("Durak")
    state_class = DurakState
    view_class = DurakView
    rulesets = RULESETS
    player_counts = PLAYER_COUNTS
    default_players = DEFAULT_PLAYERS
    # The verbs' buttons, in the current language; a learner who types a move uses the verb itself
    # (attack, defend ...), which each button's tooltip shows.
    verbs = {"attack": p_("verb button", "Attack"), "defend": p_("verb button", "Defend"),
             "take": p_("verb button", "Take"), "done": p_("verb button", "Done"),
             "transfer": p_("verb button", "Transfer"), "swap": p_("verb button", "Swap")}
    reason_codes = frozenset({"game_over", "not_allowed", "not_your_turn", "not_attacker", "not_defender",
                              "not_in_hand", "attack_limit", "rank_not_on_table", "cannot_beat", "not_on_table"})
    deal_keys = DEAL_KEYS
    expectations = EXPECTATIONS
    private_events = frozenset({"draw"})

    def new_game(self, rules, players=None, seed: int = 0, **options) -> DurakState:
        return new_game(rules, self.seats(rules, players), seed, **options)

    def from_deal(self, rules, players, **deal) -> DurakState:
        return from_deal(rules, players, **deal)

    def new_match(self, rules, players=None, seed: int = 0):
        return new_match(rules, self.seats(rules, players), seed)

    # Still on the position until the hooks move to the game's modules.
    def focus(self, state):
        return state.focus()

    def hand_order(self, state, cards):
        return state.hand_order(cards)

    def table_cards(self, state):
        return state.table_cards()

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
        from .picture import durak_table_svg

        return durak_table_svg(state, **options)

    def checklist(self, state, action):
        from .checklist import ask

        return ask(state, action)

    def table_talk(self, state):
        from .checklist import table_talk

        return table_talk(state)

    def rule_of_thumb(self, view):
        from .bot import rule_of_thumb

        return rule_of_thumb(view)


GAME = DurakGame()
