"""Daifugo's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and where
each of its hooks lives in this package."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..game import Game, cards_words, per_player, yes_no
from ..i18n import N_, _, commas, p_
from . import DEAL_KEYS, DEFAULT_PLAYERS, EXPECTATIONS, PLAYER_COUNTS, inapplicable_expectation
from .match import new_match
from .rules import RULESETS
from .state import DaifugoState, DaifugoView, from_deal, new_game


# What each expectation of Daifugo's own confirms, in words a learner reads (scenario replays).
EXPECTATION_WORDS = {
    "turn": lambda p: _("{player} is to play", player=p) if p else _("nobody is to play"),
    "top": lambda cards: (_("the play to beat is {cards}", cards=cards_words(cards)) if cards
                          else _("the table is clear")),
    "revolution": yes_no(N_("a revolution is in force"), N_("no revolution is in force")),
    "lock": lambda suits: (_("locked to {suits}", suits=" ".join(SUIT_SYMBOLS[x] for x in sorted(suits)))
                           if suits else _("no suit is locked")),
    "fouls": lambda ps: (_("went out on a forbidden finish: {players}", players=commas(ps)) if ps
                         else _("no forbidden finish")),
    "demoted": lambda p: _("{player} is demoted (都落ち)", player=p) if p else _("nobody is demoted"),
    "result": per_player(lambda p, rank: _("{player} is {rank}", player=p, rank=rank), N_("no places yet")),
    "points": per_player(lambda p, n: _("{player} scores {points}", player=p, points=f"{n:+d}"),
                         N_("no points yet")),
}


class DaifugoGame(Game):
    name = "daifugo"
    order = 10
    title = N_("Daifugo")
    state_class = DaifugoState
    view_class = DaifugoView
    rulesets = RULESETS
    player_counts = PLAYER_COUNTS
    default_players = DEFAULT_PLAYERS
    verbs = {"play": p_("verb button", "Play"), "pass": p_("verb button", "Pass"),
             "give": p_("verb button", "Give")}
    reason_codes = frozenset({"game_over", "not_allowed", "passed", "not_your_turn", "not_in_hand", "cannot_pass",
                              "wrong_count", "must_give_strongest", "must_give_weakest", "invalid_combination",
                              "shape_mismatch", "suit_lock", "not_stronger"})
    deal_keys = DEAL_KEYS
    expectations = EXPECTATIONS
    expectation_words = EXPECTATION_WORDS
    counted_events = {"revolutions": "revolution"}
    private_events = frozenset({"give", "exchange"})  # the two players of a pair see the cards

    def inapplicable_expectation(self, key: str, rules) -> str | None:
        return inapplicable_expectation(key, rules)

    def new_game(self, rules, players=None, seed: int = 0, **options) -> DaifugoState:
        return new_game(rules, self.seats(rules, players), seed, **options)

    def from_deal(self, rules, players, **deal) -> DaifugoState:
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

    def place_word(self, state, name):
        return state.place_word(name)

    def known_cards(self, state, seat):
        return state.known_cards(seat)

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
        from .picture import daifugo_svg

        return daifugo_svg(state, **options)

    def checklist(self, state, action):
        from .checklist import ask

        return ask(state, action)

    def table_talk(self, state):
        from .checklist import table_talk

        return table_talk(state)

    def rule_of_thumb(self, view):
        from .bot import rule_of_thumb

        return rule_of_thumb(view)


GAME = DaifugoGame()
