"""Durak's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and where each
of its hooks lives in this package."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..game import Game, cards_words, yes_no
from ..i18n import N_, _, n_, p_
from . import DEAL_KEYS, EXPECTATIONS
from .rules import DEFAULT_PLAYERS, PLAYER_COUNTS, RULESETS
from .state import DurakState, DurakView, from_deal, new_game, new_match


# What each expectation of Durak's own confirms, in words a learner reads (scenario replays).
EXPECTATION_WORDS = {
    "stock_size": lambda n: (n_("the stock has {count} card", "the stock has {count} cards", n) if n
                             else _("the stock is empty")),
    "trump": lambda suit: _("trumps are {suit}", suit=SUIT_SYMBOLS[suit]),
    "attacker": lambda p: _("{player} attacks", player=p),
    "defender": lambda p: _("{player} defends", player=p),
    "table": lambda cards: (_("on the table: {cards}", cards=cards_words(cards)) if cards
                            else _("the table is empty")),
    "discard_size": lambda n: n_("{count} card beaten off and out of the game",
                                 "{count} cards beaten off and out of the game", n),
    "loser": lambda p: (_("{player} is left holding cards: the durak", player=p) if p
                        else _("nobody loses")),
    "draw": yes_no(N_("the game is a draw"), N_("the game is not a draw")),
    "attack_limit": lambda n: n_("this round may hold at most {count} attack card",
                                 "this round may hold at most {count} attack cards", n),
}


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
    expectation_words = EXPECTATION_WORDS
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
