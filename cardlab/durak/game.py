"""Durak's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and which of
this package's modules answers each of its hooks."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..game import Game, cards_words, stock_words, yes_no
from ..i18n import N_, _, n_, p_
from . import DEAL_KEYS, EXPECTATIONS
from .bot import rule_of_thumb
from .checklist import ask, table_talk
from .match import new_match, next_game, outcome, score_line, score_total
from .picture import durak_table_svg, focus, hand_order, table_cards
from .rules import DEFAULT_PLAYERS, PLAYER_COUNTS, REASON_CODES_USED, RULESETS
from .state import DurakState, DurakView, from_deal, new_game

# What each expectation of Durak's own confirms, in words a learner reads (scenario replays).
EXPECTATION_WORDS = {
    "stock_size": stock_words,
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
    reason_codes = REASON_CODES_USED
    deal_keys = DEAL_KEYS
    expectations = EXPECTATIONS
    expectation_words = EXPECTATION_WORDS
    private_events = frozenset({"draw"})
    lab_words = (N_("Durak: chance of losing"), N_("trumps in the six cards dealt"))

    def new_game(self, rules, players=None, seed: int = 0, **options) -> DurakState:
        """:func:`.state.new_game` (``previous_loser`` as an option)."""
        return new_game(rules, self.seats(rules, players), seed, **options)

    def from_deal(self, rules, players, **deal) -> DurakState:
        return from_deal(rules, players, **deal)

    def new_match(self, rules, players=None, seed: int = 0):
        return new_match(rules, self.seats(rules, players), seed)

    # The hooks, each the function of this package that answers it.
    picture = staticmethod(durak_table_svg)
    focus = staticmethod(focus)
    hand_order = staticmethod(hand_order)
    table_cards = staticmethod(table_cards)
    checklist = staticmethod(ask)
    table_talk = staticmethod(table_talk)
    next_game = staticmethod(next_game)
    outcome = staticmethod(outcome)
    score_line = staticmethod(score_line)
    score_total = staticmethod(score_total)
    rule_of_thumb = staticmethod(rule_of_thumb)

    def every_card(self, state: DurakState) -> list:
        """The hands, the stock, the table (attacks and defences) and the discard pile."""
        return [*(c for p in state.players for c in state.hands[p]), *state.stock, *state.attacks,
                *(d for d in state.defences if d is not None), *state.discard]

    def deal_spec(self, state: DurakState) -> dict:
        """The hands, the stock, the trump and the attacker."""
        return {**super().deal_spec(state), "stock": [str(c) for c in state.stock], "trump": state.trump,
                "attacker": state.attacker}

    def expect_spec(self, state: DurakState) -> dict:
        """Over, the hand sizes and, once over, the loser (``None`` for a draw)."""
        expect = super().expect_spec(state)
        if state.is_over():
            expect["loser"] = state.loser
        return expect


GAME = DurakGame()
