"""Durak's spec (:class:`cardlab.game.Game`): what the shared code knows of the game, and which of
this package's modules answers each of its hooks."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..game import Game, Verb, cards_words, stock_words, yes_no
from ..i18n import N_, _, n_, p_
from . import DEAL_KEYS, EXPECTATIONS
from .bot import rule_of_thumb
from .checklist import ask, table_talk
from .match import new_match, next_game, outcome, score_line, score_total
from .picture import durak_table_svg, focus, hand_order, last_step, table_cards
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
    # The verbs as a learner meets them: the buttons, the words of a sentence and of a move, and
    # what players type for them besides those (a learner may type the button's word, or the verb).
    verbs = {
        "attack": Verb(p_("durak verb button", "Attack"), p_("durak verb", "attack"),
                       p_("durak move", "{player} attack {cards}"),
                       {"zh-TW": ("攻", "出", "出牌", "追加"), "ja": ("攻める", "出す", "追加")},
                       p_("durak select", "To attack, select one card.")),
        "defend": Verb(p_("durak verb button", "Defend"), p_("durak verb", "defend"),
                       p_("durak move", "{player} defend {cards}"),
                       {"zh-TW": ("擋", "防", "擋住"), "ja": ("防御", "守る", "守備")},
                       p_("durak select", "To defend, select the attack card and the card that beats it.")),
        "take": Verb(p_("durak verb button", "Take"), p_("durak verb", "take"), p_("durak move", "{player} take"),
                     {"zh-TW": ("收", "收牌", "收回"), "ja": ("取る", "引取る")}),
        "done": Verb(p_("durak verb button", "Done"), p_("durak verb", "done"), p_("durak move", "{player} done"),
                     {"zh-TW": ("停止", "不追加", "完成"), "ja": ("終わり", "ストップ", "追加しない")}),
        "transfer": Verb(p_("durak verb button", "Transfer"), p_("durak verb", "transfer"),
                         p_("durak move", "{player} transfer {cards}"),
                         {"zh-TW": ("轉", "轉移攻擊"), "ja": ("転送", "受け流し")},
                         p_("durak select", "To transfer, select one card of the attack's rank.")),
        "swap": Verb(p_("durak verb button", "Swap"), p_("durak verb", "swap"), p_("durak move", "{player} swap"),
                     {"zh-TW": ("換", "換牌"), "ja": ("入れ替え", "入れ替える", "交換する")}),
    }
    ruleset_names = {"podkidnoy": p_("rule set", "podkidnoy"), "throw-in-fool": p_("rule set", "throw-in-fool"),
                     "perevodnoy": p_("rule set", "perevodnoy")}
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
    last_step = staticmethod(last_step)
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

    def move_words(self, state: DurakState, action):
        """A defence names the attack card and the card that beats it: 「乙用J♦擋住8♦」 ("乙 defend 8♦
        J♦" in English, the notation's order)."""
        if action.verb == "defend" and len(action.cards) == 2:
            attack, card = (str(c) for c in action.cards)
            return p_("durak move", "{player} defend {attack} {card}", player=action.player, attack=attack, card=card)
        return super().move_words(state, action)

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
