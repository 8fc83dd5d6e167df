"""A Gan Deng Yan position: the deal, the plays and passes of a round, the draw, and the winner."""

from __future__ import annotations

from itertools import combinations

from ..cards import Card, deck_set
from ..engine import (Action, DealError, Event, IllegalAction, Refusal, State, View,
                      check_cards_unique, deal_cards, deal_hands, deal_random, player_name, player_names,
                      rule_set, rules_word, view_class)
from ..i18n import N_, _, join, n_, semicolons
from .combos import (Play, alone_text, can_lead, hand_rows, legal_plays, plays_of, readings, resolve, rows_with,
                     rows_without, ruling, show, token_text)
from .rules import RULESETS, GanDengYanRules, in_order
from .words import position_text

# Actions and events are built with tuple.__new__: through their NamedTuple __new__ they are
# several times slower to make, and every decision makes a few.
_new = tuple.__new__



@view_class
class GanDengYanView(View):
    """What one Gan Deng Yan seat sees (:meth:`GanDengYanState.view`). Besides the fields every
    view has (``played`` is every card played so far, in order):

    - ``table``: the ``(player, Play)`` pairs of the round;
    - ``top``, ``last_player``: the combination to beat and who played it (``None`` on an empty
      table);
    - ``stock``: how many cards the stock holds;
    - ``passed``: who passed since the last play (or since the lead), in order;
    - ``lead``: who led the round;
    - ``turn``: whose turn it is (``None`` once over);
    - ``dealer``: who dealt;
    - ``over``, ``winner``: whether the game is over, and who emptied their hand (``None`` before
      the end and in a blocked game);
    - ``plays``: the combinations the seat may play now (:class:`~.combos.Play`, its jokers
      resolved; none when it is not the seat's turn).

    :meth:`sample_state` deals the unseen cards: the other hands and the stock, in a random order.
    """

    table: tuple[tuple[str, Play], ...]
    top: Play | None
    last_player: str | None
    stock: int
    passed: tuple[str, ...]
    lead: str
    turn: str | None
    dealer: str
    over: bool
    winner: str | None
    plays: tuple[Play, ...]

    game = "gandengyan"

    def sample_state(self, rng) -> "GanDengYanState":
        state = self._skeleton.copy()
        seen = set(self.hand) | set(self.played)
        unseen = [c for c in self.rules.deck if c not in seen]
        rng.shuffle(unseen)
        state.stock = self._deal_others(state, unseen)[:self.stock]  # a partial deal leaves the rest out of the game
        return state


class GanDengYanState(State):
    """A Gan Deng Yan game in progress. Build one with :func:`new_game` or :func:`from_deal`; deal
    the next game, which the winner deals and leads, with :func:`~.match.next_game`.

    What it holds: ``hands``; ``stock``, the draw pile (first card drawn first); ``table``, the
    ``(player, Play)`` pairs of the round (its last is ``top``, by ``last_player``); ``pile``, the
    cleared cards; ``passed``, who passed since the last play (or since the lead); ``lead``, who
    led the round; ``turn`` (``None`` once over); ``dealer``; and once over, ``winner`` (``None``
    when the game was blocked, every hand a lone joker and the stock empty).

    >>> game = from_deal("yiqi", ["甲", "乙"], hands={"甲": "S8 S3", "乙": "H9 HJ"}, stock=[])
    >>> [str(e) for e in game.act("甲 play S8")]
    ['甲 leads single 8 (8♠).']
    >>> game.check(game.parse_action("乙 play HJ")).code
    'not_one_higher'
    """

    game = "gandengyan"
    VERBS = {"play": (1, 99), "pass": 0}
    NAME = N_("Gan Deng Yan")
    ACTIONS_IN_WORDS = N_("in turn, players play a combination one rank higher (or a bomb) or pass")

    def __init__(self, rules: GanDengYanRules, players, hands, stock, leader: str, dealer: str | None = None):
        self.rules = rules
        self.players = tuple(players)
        self._left = dict(zip(self.players, self.players[1:] + self.players[:1]))  # see seat_after
        self._draw_orders = {p: tuple(self.draw_order(p)) for p in self.players}  # see _draw
        self.hands: dict[str, list[Card]] = {p: list(hands.get(p, ())) for p in self.players}
        self.stock: list[Card] = list(stock)
        self.dealer = dealer if dealer is not None else leader
        self.lead = leader
        self.turn: str | None = leader
        self.table: list[tuple[str, Play]] = []
        self.pile: list[Card] = []
        self.passed: list[str] = []
        self.winner: str | None = None
        self.over = False
        # Not part of the position, only remembered to save work: each hand as it was last sorted
        # into rows for finding its plays, with its rows and wild cards (see legal_actions).
        self._rows: dict[str, tuple[list[Card], list[int], list[Card]]] = {}

    # --- facts ----------------------------------------------------------------------------------

    @property
    def top(self) -> Play | None:
        """The combination to beat, or ``None`` on an empty table."""
        return self.table[-1][1] if self.table else None

    @property
    def last_player(self) -> str | None:
        return self.table[-1][0] if self.table else None

    def seat_after(self, player: str) -> str:
        """The player on ``player``'s left: play goes clockwise and nobody leaves before the end."""
        return self._left[player]

    def deck_cards(self) -> frozenset[Card]:
        return deck_set(self.rules.deck_name)

    def is_over(self) -> bool:
        return self.over

    def finished(self) -> list[str]:
        """The player who emptied their hand, once there is one: the game ends at that moment."""
        return [self.winner] if self.winner else []

    def leftovers(self) -> dict[str, list[Card]]:
        """Player → the cards still in hand (the winner's list is empty)."""
        return {p: in_order(self.hands[p]) for p in self.players}

    def result(self) -> dict:
        """``{"winner": name or None, "leftovers": {player: cards}}`` once over; ``{}`` before. The
        official scoring is not described by 001 and is not implemented."""
        if not self.over:
            return {}
        return {"winner": self.winner, "leftovers": self.leftovers()}

    def draw_order(self, leader: str) -> list[str]:
        """Who draws at the end of a round whose next leader is ``leader``, in order."""
        if self.rules.draw == "leader":
            return [leader]
        players = self.players
        first = (players.index(leader) + (1 if self.rules.first_drawer == "left" else 0)) % len(players)
        return list(players[first:] + players[:first])

    def plays_for(self, player: str) -> list[Play]:
        """Every play ``player`` could make on the table as it is now (turn aside)."""
        return legal_plays(self.hands[player], self.rules, self.top)

    # --- legality -------------------------------------------------------------------------------

    def _check(self, action: Action) -> Refusal | None:
        player, verb, cards = action
        if self.over:
            if self.winner:
                return Refusal("game_over", _("The game is over: {player} emptied their hand and won at once; "
                                              "nobody plays or draws after that.", player=self.winner))
            return Refusal("game_over", _("The game is over: nobody could play any more; nobody plays or draws "
                                          "after that."))
        if verb not in self.VERBS:
            return self.missing_verb(verb)
        if player != self.turn:
            return Refusal("not_your_turn", _("It is {player}'s turn: play goes clockwise, to each player's left, "
                                              "and a player who passed may play again once someone plays.",
                                              player=self.turn))
        if verb == "pass":
            return self._check_pass(player)
        refusal, play = resolve(self.hands[player], player, cards, self.rules, self.top)
        if refusal is None:  # apply() performs right after checking: the reading is not worked out twice
            self._remember(action, play)
        return refusal

    def _check_pass(self, player: str) -> Refusal | None:
        top = self.top
        if top is None:
            if can_lead(self.hands[player], self.rules):
                return Refusal("cannot_pass", _("The table is empty, so {player} leads and must play (any type): "
                                                "a pass lets a play on the table go by.", player=player))
            return None
        if self.rules.must_play:
            plays = self.plays_for(player)
            if len(plays) > 3:
                return Refusal("must_play", n_("Under {rules} a player who can follow must play (有出必出): "
                                               "{player} could follow {top} with {plays} ({count} play in all).",
                                               "Under {rules} a player who can follow must play (有出必出): "
                                               "{player} could follow {top} with {plays} ({count} plays in all).",
                                               len(plays), rules=rules_word(self.rules), player=player, top=top.shown,
                                               plays=join(plays[:3], "or")))
            if plays:
                return Refusal("must_play", _("Under {rules} a player who can follow must play (有出必出): "
                                              "{player} could follow {top} with {plays}.", rules=rules_word(self.rules),
                                              player=player, top=top.shown, plays=join(plays, "or")))
        return None

    def play_of(self, action: Action) -> Play:
        """The combination a legal ``play`` action makes, its jokers resolved. Raises
        :class:`~cardlab.engine.IllegalAction` when the action is refused, ``ValueError`` for
        another verb."""
        if action.verb != "play":
            raise ValueError(f"{action} is not a play")
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalAction(action, refusal)
        return self._detail(action)

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return self._turn_actions(self.turn_plays())

    def turn_plays(self) -> list[Play]:
        """:meth:`plays_for` the player on turn (found fast: what :meth:`legal_actions` offers)."""
        table = self.table  # the top, read without the property: this runs at every decision
        top = table[-1][1] if table else None
        # The hand's rows, kept while it does not change (a player who passed holds the same hand
        # at their next turn) and updated by a play or a draw (_do_play, _draw).
        player = self.turn
        hand = self.hands[player]
        kept = self._rows.get(player)
        if kept is None or kept[0] != hand:
            kept = self._rows[player] = (list(hand), *hand_rows(hand))
        return plays_of(kept[1], kept[2], self.rules, top)

    def _turn_actions(self, plays) -> list[Action]:
        player = self.turn
        out = [_new(Action, (player, "play", p.cards)) for p in plays]
        if not plays or (self.table and not self.rules.must_play):
            out.append(_new(Action, (player, "pass", ())))
        # check() accepts these at once, and knows each play's reading (State.__slots__); a pass
        # comes after the plays.
        self._offered, self._details = out, plays
        return list(out)

    def to_act(self) -> list[str]:
        return [] if self.over else [self.turn]

    def candidate_actions(self) -> list[Action]:
        """Each player's pass and, for the player on turn (nobody else plays), every reading of
        every handful of one to four of their cards (no combination holds more)."""
        out = [Action(p, "pass", ()) for p in self.players]
        if self.turn is None:
            return out
        hand = in_order(self.hands[self.turn])
        for k in range(1, 5):
            for tokens in combinations(hand, k):
                out += [Action(self.turn, "play", play.cards) for play in readings(tokens, self.rules)[0]]
        return out

    # --- performing -----------------------------------------------------------------------------

    def _perform(self, action: Action) -> list[Event]:
        player, verb, cards = action
        if verb == "pass":
            return self._do_pass(player)
        play = self._detail(action)
        if play is None:
            play = resolve(self.hands[player], player, cards, self.rules, self.top)[1]
        return self._do_play(player, play)

    def _do_play(self, player: str, play: Play) -> list[Event]:
        hand = self.hands[player]
        kept = self._rows.get(player)
        if kept is not None and kept[0] != hand:
            kept = None  # kept for a hand since changed
        physical = play.physical
        for c in physical:
            hand.remove(c)
        if kept is not None:  # the hand's rows without the cards played, instead of sorting it out again
            self._rows[player] = (list(hand), *rows_without(kept[1], kept[2], physical))
        if self.table:
            text = _("{player} plays {play}: {why}.", player=player, play=play, why=ruling(play, self.table[-1][1])[1])
        else:
            text = _("{player} leads {play}.", player=player, play=play)
        self.table.append((player, play))
        self.passed = []
        events = [_new(Event, ("play", player, play.cards, text))]
        if hand:
            self.turn = self._left[player]
            return events
        self.winner = player
        self.over = True
        self.turn = None
        left = semicolons(n_("{player} {cards} ({count} card)", "{player} {cards} ({count} cards)", len(cards),
                                 player=p, cards=show(cards))
                              for p, cards in self.leftovers().items() if cards)
        events.append(Event("win", player, (), _("{player} has no cards left and wins at once: the game is over "
                                                 "and nobody draws. Left over: {left}.", player=player, left=left)))
        return events

    def _do_pass(self, player: str) -> list[Event]:
        self.passed.append(player)
        following = self._left[player]
        if self.table:
            last, top = self.table[-1]
            if len(self.passed) == len(self.players) - 1:
                return [_new(Event, ("pass", player, (), _("{player} passes.", player=player)))] + self._end_round()
            self.turn = following
            return [_new(Event, ("pass", player, (), _("{player} passes. A pass neither ends the round nor draws a "
                                                       "card: {next} may still follow {last}'s {play}.",
                                                       player=player, next=following, last=last, play=top)))]
        lone = alone_text(self.hands[player], self.rules)
        event = Event("pass", player, (), _("{player} has nothing that may lead and passes the lead. {why}",
                                            player=player, why=lone))
        if len(self.passed) == len(self.players):
            return [event] + self._end_round()
        self.turn = following
        return [event]

    def _end_round(self) -> list[Event]:
        """Every other player passed the last play (or everyone passed the lead): clear, draw, lead."""
        last, top = self.table[-1] if self.table else (None, None)
        cards = tuple([c for _, play in self.table for c in play.physical])
        self.pile.extend(cards)
        self.table = []
        self.passed = []
        if top is not None:
            leader = last
            events = [_new(Event, ("clear", leader, cards, _("Everyone else has passed {player}'s {play}: the "
                                                             "round is over and the table is cleared.",
                                                             player=leader, play=top)))]
        else:
            leader = self.lead
            events = [Event("clear", leader, (), _("Every player has passed the lead: nobody holds anything but a "
                                                   "lone {wild}. The round is over without a play.",
                                                   wild=self.rules.wild_word))]
            if not self.stock:
                self.over = True
                self.turn = None
                events.append(Event("blocked", None, (), _("The stock is empty, so nobody can ever play again: "
                                                           "the game ends with no winner.")))
                return events
        events.extend(self._draw(leader))
        self.lead = self.turn = leader
        if top is not None:
            text = _("{player} played last, so {player} leads the next round with any type.", player=leader)
        else:
            text = _("{player} keeps the lead and leads the next round with any type.", player=leader)
        events.append(_new(Event, ("lead", leader, (), text)))
        return events

    def _draw(self, leader: str) -> list[Event]:
        stock = self.stock
        if not stock:
            return [Event("draw", None, (), _("The stock is empty, so nobody draws."))]
        order = self._draw_orders[leader]
        single = len(order) == 1
        hands = self.hands
        events = []
        for i, p in enumerate(order):
            if not stock:
                rest = order[i:]
                if len(rest) == 1:
                    text = _("The stock is empty: {player} draws nothing.", player=rest[0])
                else:
                    text = _("The stock is empty: {players} draw nothing.", players=join(rest))
                events.append(Event("draw", None, (), text))
                break
            c = stock.pop(0)
            hand = hands[p]
            kept = self._rows.get(p)
            if kept is not None and kept[0] == hand:  # the hand's rows with the card drawn (see _do_play)
                self._rows[p] = ([*hand, c], *rows_with(kept[1], kept[2], c))
            hand.append(c)
            card, held = token_text(c), len(hand)
            if single:
                text = n_("{player} takes the lead and is the only one to draw: {player} draws {card} and holds "
                          "{count} card.", "{player} takes the lead and is the only one to draw: {player} draws "
                          "{card} and holds {count} cards.", held, player=p, card=card)
            elif i:
                text = n_("{player} draws {card} and holds {count} card.",
                          "{player} draws {card} and holds {count} cards.", held, player=p, card=card)
            else:
                text = n_("{player} draws {card} first and holds {count} card.",
                          "{player} draws {card} first and holds {count} cards.", held, player=p, card=card)
            if not stock:
                text = _("{draw} The stock is now empty.", draw=text)
            events.append(_new(Event, ("draw", p, (c,), text)))
        return events

    # --- views ----------------------------------------------------------------------------------

    def view(self, seat: str, *, sampling: bool = True) -> GanDengYanView:
        """What ``seat`` sees now (:class:`GanDengYanView`)."""
        hand, counts = self._seat_cards(seat)
        skeleton = self._skeleton(seat) if sampling else None
        played = tuple(self.pile) + tuple(c for _, play in self.table for c in play.physical)
        # The seat's plays, worked out once: its legal actions, and the simple bot's options.
        plays = self.turn_plays() if seat == self.turn else []
        return GanDengYanView(
            legal=self._turn_actions(plays) if seat == self.turn else (), skeleton=skeleton, rules=self.rules,
            players=self.players, seat=seat, hand=hand, counts=counts, played=played, table=tuple(self.table),
            top=self.top, last_player=self.last_player, stock=len(self.stock), passed=tuple(self.passed),
            lead=self.lead, turn=self.turn, dealer=self.dealer, over=self.over, winner=self.winner,
            plays=tuple(plays))

    def _skeleton(self, seat: str) -> "GanDengYanState":
        """A copy holding no card ``seat`` cannot see (:meth:`GanDengYanView.sample_state` deals them)."""
        skeleton = self.copy()
        for p in self.players:
            if p != seat:
                skeleton.hands[p] = []
        skeleton.stock = []
        return skeleton

    def standings(self) -> dict[str, float]:
        """Once over: the winner is 1st; the others follow by the cards left in hand, fewer first,
        tied players sharing the mean of their places (choice: 001 ranks nobody but the winner)."""
        if not self.over:
            return {}
        order = sorted(self.players, key=lambda p: (p != self.winner, len(self.hands[p])))
        places: dict[str, float] = {}
        i = 0
        while i < len(order):
            j = i
            size = len(self.hands[order[i]])
            while (j + 1 < len(order) and order[j + 1] != self.winner and order[i] != self.winner
                   and len(self.hands[order[j + 1]]) == size):
                j += 1
            for p in order[i:j + 1]:
                places[p] = (i + 1 + j + 1) / 2
            i = j + 1
        return places

    def key(self) -> tuple:
        return (self.rules, self.players, tuple(frozenset(self.hands[p]) for p in self.players),
                tuple(self.stock), tuple(self.table), frozenset(self.pile), tuple(self.passed),
                self.lead, self.turn, self.dealer, self.winner, self.over)

    def copy(self) -> "GanDengYanState":
        """An independent copy: cards, plays, rules, names and seats are shared (they never
        change), every list of cards or players is new, and nothing offered or checked is
        remembered."""
        other = self._bare_copy()
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other.stock = list(self.stock)
        other.table = list(self.table)
        other.pile = list(self.pile)
        other.passed = list(self.passed)
        other._rows = dict(self._rows)
        return other

    def fresh_copy(self) -> "GanDengYanState":
        other = self.copy()
        other._rows = {}
        return other

    def describe(self) -> str:
        """The position in plain text, one fact a line, in the current language (read when it is
        shown: ``str(state)`` is this text)."""
        return position_text(self)

    def __repr__(self) -> str:
        state = f"{self.winner} won" if self.winner else "over" if self.over else f"turn {self.turn}"
        return f"<GanDengYanState {self.rules.name}: {state}>"


# --- starting a game ------------------------------------------------------------------------------

def _players(players, rules: GanDengYanRules) -> tuple[str, ...]:
    players = player_names(players)
    low, high = rules.players
    if not low <= len(players) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise DealError(f"{rules.name} is for {count} players, not {len(players)}")
    return players


def new_game(rules: GanDengYanRules | str, players, seed: int = 0, dealer: str | None = None) -> GanDengYanState:
    """A freshly shuffled game. The dealer (drawn by ``seed`` unless named: pass the previous
    winner for a later game) is dealt 6 cards, the others 5, one at a time clockwise from the
    dealer; the rest is the stock, and the dealer leads. Raises :class:`DealError`."""
    rules = rule_set("gandengyan", RULESETS, rules)
    players = _players(players, rules)
    rng = deal_random(seed)
    if dealer is None:
        dealer = rng.choice(players)
    elif (dealer := player_name(dealer)) not in players:
        raise DealError(f"dealer {dealer!r} is not a player")
    cards = list(rules.deck)
    rng.shuffle(cards)
    i = players.index(dealer)
    seats = players[i:] + players[:i]
    hands = {p: cards[k:len(seats) * rules.hand_size:len(seats)] for k, p in enumerate(seats)}
    dealt = len(seats) * rules.hand_size
    hands[dealer] += cards[dealt:dealt + rules.dealer_extra]
    return GanDengYanState(rules, players, hands, cards[dealt + rules.dealer_extra:], dealer)


def from_deal(rules: GanDengYanRules | str, players, hands=None, seed: int = 0, stock=None,
              leader: str | None = None) -> GanDengYanState:
    """A position from a scenario's ``deal``. ``hands`` maps players to cards, or to card texts such
    as ``"S9 H9"`` (partial hands are fine, but everyone holds at least one card); ``stock`` lists
    the draw pile, first drawn first (left out: every card in no hand, shuffled by ``seed``);
    ``leader`` plays first (left out: the first player). Without ``hands`` a full game is dealt by
    ``seed`` with ``leader`` (or the first player) as the dealer. Raises :class:`DealError` for an
    impossible deal and :class:`~cardlab.cards.CardError` for a card text that does not parse."""
    rules = rule_set("gandengyan", RULESETS, rules)
    players = _players(players, rules)
    if leader is None:
        leader = players[0]
    elif (leader := player_name(leader)) not in players:
        raise DealError(f"leader {leader!r} is not a player")
    if hands is None:
        if stock is not None:
            raise DealError("a stock needs the hands it goes with (give hands too)")
        return new_game(rules, players, seed, dealer=leader)
    hands = deal_hands(hands, players)
    dealt = [c for p in players for c in hands.get(p, ())]
    check_cards_unique("hands", dealt, rules.deck)
    for p in players:
        if not hands.get(p):
            raise DealError(f"{p} holds no cards; every player needs at least one (an empty hand has won)")
    if stock is None:
        held = set(dealt)
        stock = [c for c in rules.deck if c not in held]
        deal_random(seed).shuffle(stock)
    else:
        stock = deal_cards("stock", stock)
        check_cards_unique("hands and stock", dealt + stock, rules.deck)
    return GanDengYanState(rules, players, hands, stock, leader)
