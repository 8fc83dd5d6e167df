"""Daifugo's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and which
of this package's modules answers each of its hooks."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..game import Game, per_player, top_words, turn_words, yes_no
from ..i18n import N_, Later, _, commas, p_, worded
from . import DEAL_KEYS, DEFAULT_PLAYERS, EXPECTATIONS, PLAYER_COUNTS, inapplicable_expectation
from .bot import rule_of_thumb
from .checklist import ask, table_talk
from .match import new_match, next_game, outcome, score_line, score_total
from .picture import daifugo_svg, hand_order
from .rules import REASON_CODES_USED, RULESETS, TITLES_READ
from .state import DaifugoState, DaifugoView, from_deal, new_game


# What each expectation of Daifugo's own confirms, in words a learner reads (scenario replays).
EXPECTATION_WORDS = {
    "turn": turn_words,
    "top": top_words,
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
    reason_codes = REASON_CODES_USED
    deal_keys = DEAL_KEYS
    expectations = EXPECTATIONS
    expectation_words = EXPECTATION_WORDS
    counted_events = {"revolutions": "revolution"}
    private_events = frozenset({"give", "exchange"})  # the two players of a pair see the cards
    lab_words = (N_("Daifugo: the exchange"), N_("previous daihinmin's average place"), N_("exchange"),
                 N_("no exchange"))

    def inapplicable_expectation(self, key: str, rules) -> str | None:
        return inapplicable_expectation(key, rules)

    def new_game(self, rules, players=None, seed: int = 0, **options) -> DaifugoState:
        """:func:`.state.new_game` (``leader``, ``previous_ranks`` and ``blind`` as options)."""
        return new_game(rules, self.seats(rules, players), seed, **options)

    def from_deal(self, rules, players, **deal) -> DaifugoState:
        return from_deal(rules, players, **deal)

    def new_match(self, rules, players=None, seed: int = 0):
        return new_match(rules, self.seats(rules, players), seed)

    # The hooks, each the function of this package that answers it.
    hand_order = staticmethod(hand_order)
    next_game = staticmethod(next_game)
    outcome = staticmethod(outcome)
    score_line = staticmethod(score_line)
    score_total = staticmethod(score_total)
    rule_of_thumb = staticmethod(rule_of_thumb)

    # What the learner reads of a position is in its rule set's own words where it has them (ja:
    # 単騎 under the web rules: DaifugoRules.words).
    def picture(self, state: DaifugoState, **options) -> str:
        return str(worded(Later(lambda: daifugo_svg(state, **options)), state.rules.words))

    def checklist(self, state: DaifugoState, action):
        return [(worded(q, state.rules.words), worded(a, state.rules.words)) for q, a in ask(state, action)]

    def table_talk(self, state: DaifugoState):
        return [(worded(q, state.rules.words), worded(a, state.rules.words)) for q, a in table_talk(state)]

    def focus(self, state: DaifugoState) -> str:
        """The player whose turn it is; else (the exchange, the end) the first player who may act."""
        return state.turn if state.turn is not None and not state.over else super().focus(state)

    def play_words(self, state: DaifugoState, action):
        """A play as the combination it makes: ``"a sequence ♠7-8-9"``, ``"three 5s"``."""
        if action.verb != "play":
            return super().play_words(state, action)
        return worded(state.play_of(action).called, state.rules.words)

    def place_word(self, state: DaifugoState, name: str):
        """A place as players call it: 大富豪 for daifugo (its reading in English)."""
        return TITLES_READ.get(name, name)

    def known_cards(self, state: DaifugoState, seat: str) -> set:
        """The seat's hand and the cards it set aside to give in the exchange."""
        return set(state.hands[seat]) | set(state.gives.get(seat, ()))

    def every_card(self, state: DaifugoState) -> list:
        """The hands, the plays of the round, the pile and the cards left out of the deal (blind)."""
        return [*(c for p in state.players for c in state.hands[p]),
                *(c for _, play in state.table for c in play.physical), *state.pile, *state.blind]

    def deal_spec(self, state: DaifugoState) -> dict:
        """The hands, the leader and the previous game's ranks (when there was one)."""
        deal = {**super().deal_spec(state), "leader": state.leader}
        if state.previous_ranks:
            deal["previous_ranks"] = dict(state.previous_ranks)
        return deal

    def expect_spec(self, state: DaifugoState) -> dict:
        """Over, the hand sizes, then whose turn it is or, once over, the ranks and the points
        (under a rule set with points)."""
        expect = super().expect_spec(state)
        if not state.is_over():
            expect["turn"] = state.turn
        else:
            expect["result"] = state.result()
            if state.points():
                expect["points"] = state.points()
        return expect


GAME = DaifugoGame()
