"""A Daifugo position: the exchange, the plays, the table, going out and the places of a game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations

from ..cards import Card, StandIn, card, count_cards, deck_set, format_cards, sort_cards
from ..engine import (Action, DealError, Event, IllegalAction, IncompatibleRules, Refusal, State, View,
                      check_cards_unique, deal_cards, deal_hands, deal_random, player_name, player_names,
                      rule_set, view_class)
from ..i18n import N_, Message, Worded, _, commas, ors, worded
from .combos import (JOKER_ALONE, Holding, Play, eight_cut, forbidden_finish, is_spade_three_return, judge,
                     plays_of, readings, starts_revolution)
from .rules import RULESETS, TITLES_READ, DaifugoRules, exchange_obligation, exchange_strength, forced_strengths
from .words import (exchange_text, forced_text, foul_text, game_over_text, give_text, lock_text, miyako_ochi_text,
                    passes_text, position_text, revolution_text, wrong_count_text)

PLAYERS = 4
DIAMOND_THREE = card("D3")


@view_class
class DaifugoView(View):
    """What one Daifugo seat sees (:meth:`DaifugoState.view`). Besides the fields every view has:
    ``table`` (the ``(player, Play)`` pairs since the last clear), ``top`` and ``last_player`` (the
    combination to beat and who played it, ``None`` on an empty table), ``turn`` (``None`` during
    the exchange and once over), ``passed`` (who passed since the last clear), ``revolution``
    (whether the order is reversed), ``lock`` (the locked suits), ``out`` and ``finished`` (who is
    out, and who emptied their hand, in order), ``fouls`` (who went out by a forbidden finish),
    ``demoted`` (the 大富豪 demoted by miyako-ochi, or ``None``), ``over`` and ``places`` (first to
    last, once over); the exchange: ``exchanging`` (whether it is going on), ``leader`` (who leads
    after it), ``previous_ranks`` (player → rank in the game before, ``None`` in a first game),
    ``waiting`` (who has yet to give), ``gave`` (the cards this seat handed over) and ``received``
    (the cards it got, once the exchange is done); ``plays``, the combinations the seat may play
    now (:class:`~.combos.Play`, jokers resolved). ``played`` is every card played so far, in order.

    :meth:`sample_state` deals the unseen cards (the other hands and the blind cards); a card this
    seat gave and that has not been played stays with the player it went to. During the exchange
    it returns ``None``: what the others hand over is not known yet.
    """

    table: tuple[tuple[str, Play], ...]
    top: Play | None
    last_player: str | None
    turn: str | None
    passed: frozenset[str]
    revolution: bool
    lock: frozenset[str]
    out: tuple[str, ...]
    finished: tuple[str, ...]
    fouls: tuple[str, ...]
    demoted: str | None
    over: bool
    places: tuple[str, ...]
    exchanging: bool
    leader: str
    previous_ranks: dict[str, str] | None
    waiting: tuple[str, ...]
    gave: tuple[Card, ...]
    received: tuple[Card, ...]
    plays: tuple[Play, ...]

    game = "daifugo"

    def sample_state(self, rng) -> "DaifugoState | None":
        if self.exchanging:
            return None
        state = self._skeleton.copy()
        played = set(self.played)
        partner = exchange_obligation(state.rules, state.previous_ranks, self.seat)[1] if self.gave else None
        kept = [c for c in self.gave if c not in played]
        seen = set(self.hand) | played | set(kept)
        unseen = [c for c in self.rules.deck if c not in seen]
        rng.shuffle(unseen)
        state.blind = tuple(self._deal_others(state, unseen, {partner: kept} if partner else None))
        return state


class DaifugoState(State):
    """A Daifugo game in progress. Build one with :func:`new_game` or :func:`from_deal`; play a
    whole set or match with :class:`~cardlab.daifugo.Match`.

    What it holds: ``hands``; ``table``, the ``(player, Play)`` pairs since the last clear (its
    last is ``top``, by ``last_player``); ``pile``, the cleared cards; ``blind``, the cards set
    aside unseen; ``turn`` (``None`` during the exchange and once over); ``passed``;
    ``revolution``; ``lock``, the locked suits; ``exchanging`` and ``gives`` (the cards each
    player handed over, kept after the exchange); ``out`` (everyone out, in order), ``clean``,
    ``fouls``, ``demoted``; and once over, ``places`` (first to last).

    >>> game = from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={"甲": "S9 H9 S4", "乙": "SJ",
    ...                  "丙": "D4", "丁": "C5"})
    >>> [str(e) for e in game.act("甲 play S9 H9")]
    ['甲 plays a pair of 9s (S9 H9).']
    >>> game.check(game.parse_action("乙 play SJ")).code
    'shape_mismatch'
    """

    game = "daifugo"
    VERBS = {"play": (1, 99), "pass": 0, "give": (0, 99)}
    NAME = N_("Daifugo")
    ACTIONS_IN_WORDS = N_("in turn, players play a stronger combination of the same shape or pass, and give cards "
                          "in the exchange before a game")

    def __init__(self, rules: DaifugoRules, players, hands, leader: str,
                 previous_ranks: dict[str, str] | None = None, blind=()):
        self.rules = rules
        self.players = tuple(players)
        self.hands: dict[str, list[Card]] = {p: list(hands.get(p, ())) for p in self.players}
        self.blind: tuple[Card, ...] = tuple(blind)
        self.previous_ranks = dict(previous_ranks) if previous_ranks else None
        self.leader = leader
        # For each player, the others clockwise from their left, then the player: the turn's way round.
        self._clockwise = {p: self.players[i + 1:] + self.players[:i + 1]
                           for i, p in enumerate(self.players)}
        self.exchanging = self.previous_ranks is not None
        self.gives: dict[str, tuple[Card, ...]] = {}
        self.table: list[tuple[str, Play]] = []
        self.pile: list[Card] = []
        self.passed: set[str] = set()
        self.revolution = False
        self.lock: frozenset = frozenset()
        self.out: list[str] = []
        self._finished: list[str] = []
        self.clean: list[str] = []
        self.fouls: list[str] = []
        self.demoted: str | None = None
        self.over = False
        self.places: tuple[str, ...] = ()
        self.turn: str | None = None if self.exchanging else leader
        # Not part of the position, only remembered to save work: each hand sorted out for its
        # plays (a Holding, kept up to date by each play, see _turn_plays). The actions offered,
        # with the Play of each play action, are remembered as every game's are (State.__slots__).
        self._held: dict[str, Holding] = {}

    # --- facts ----------------------------------------------------------------------------------

    @property
    def top(self) -> Play | None:
        """The combination to beat, or ``None`` on an empty table."""
        return self.table[-1][1] if self.table else None

    @property
    def last_player(self) -> str | None:
        return self.table[-1][0] if self.table else None

    @property
    def previous_daifugo(self) -> str | None:
        if not self.previous_ranks:
            return None
        return next(p for p, r in self.previous_ranks.items() if r == "daifugo")

    def deck_cards(self) -> frozenset[Card]:
        return deck_set(self.rules.deck_name)

    def is_over(self) -> bool:
        return self.over

    def finished(self) -> list[str]:
        """Players who emptied their hand, clean or by a forbidden finish, in the order they did."""
        return list(self._finished)

    def active(self) -> list[str]:
        """Players still in the game, in seat order."""
        return [p for p in self.players if p not in self.out]

    def result(self) -> dict[str, str]:
        """Player → rank name (``daifugo`` ... ``daihinmin``) once the game is over, else ``{}``."""
        return dict(zip(self.places, self.rules.rank_names)) if self.over else {}

    def points(self) -> dict[str, int]:
        """Player → points of this game once over, under a rule set that scores; else ``{}``."""
        if not self.over or self.rules.points is None:
            return {}
        return dict(zip(self.places, self.rules.points))

    # --- legality -------------------------------------------------------------------------------

    def _check(self, action: Action) -> Refusal | None:
        refusal = self._refusal(action)
        if refusal is None or self.rules.words is None:
            return refusal
        return Refusal(refusal.code, Worded(refusal.explanation, self.rules.words))

    def _refusal(self, action: Action) -> Refusal | None:
        """Why the well-formed ``action`` is refused, or ``None`` (:meth:`_check` puts it in the rule set's
        words)."""
        player, verb, cards = action
        if self.over:
            return Refusal("game_over", _("The game has ended: every place is decided."))
        if player not in self.hands:
            return Refusal("not_your_turn", _("{player} does not sit at this table.", player=player))
        if verb == "give":
            return self._check_give(player, cards)
        if verb not in ("play", "pass"):
            return self.missing_verb(verb)
        if self.exchanging:
            waiting = commas(p for p in self.players if p not in self.gives)
            return Refusal("not_allowed", _("The card exchange comes first: nobody plays until every player of an "
                                            "exchanging pair has given (waiting for {waiting}).", waiting=waiting))
        refusal = self._seat_refusal(player)
        if refusal:
            return refusal
        if verb == "pass":
            if self.top is None:
                return Refusal("cannot_pass", _("The table is empty, so {player} leads and must play: passing is "
                                                "allowed only when there is a play to beat.", player=player))
            return None
        refusal, play = self._resolve(player, cards)
        if refusal is None:  # apply() performs right after checking: the reading is not worked out twice
            self._remember(action, play)
        return refusal

    def _seat_refusal(self, player: str) -> Refusal | None:
        if player in self.out:
            if player == self.demoted:
                return Refusal("not_your_turn", _("{player} was demoted by miyako-ochi (都落ち) and takes no further "
                                                  "part in this game.", player=player))
            return Refusal("not_your_turn", _("{player} has gone out and takes no further part in this game.",
                                              player=player))
        if player in self.passed:
            return Refusal("passed", _("{player} passed and sits out until the table is cleared: a pass lasts "
                                       "until everyone else has passed too or the table is cut.", player=player))
        if player != self.turn:
            return Refusal("not_your_turn", _("It is {player}'s turn; play goes clockwise, to each player's left, "
                                              "skipping players who passed or went out.", player=self.turn))
        return None

    def _resolve(self, player: str, tokens) -> tuple[Refusal | None, Play | None]:
        """The reading of ``tokens`` that is legal now, or why there is none."""
        hand = self.hands[player]
        seen: set[Card] = set()
        for t in tokens:
            c = t.card if isinstance(t, StandIn) else t
            if not c.is_wild and c is not t:
                return Refusal("invalid_combination", _("{stand_in}: only a joker stands in for another card.",
                                                        stand_in=t)), None
            if c in seen:
                return Refusal("not_in_hand", _("{card} is named twice; there is only one {card}.", card=c)), None
            seen.add(c)
            if c not in hand:
                return Refusal("not_in_hand", _("{player} does not hold {card}.", player=player, card=c)), None
        plays, why = readings(tokens, self.rules)
        if not plays:
            return Refusal("invalid_combination", why), None
        judged = [(judge(p, self.top, self.rules, self.revolution, self.lock), p) for p in plays]
        legal = [p for refusal, p in judged if refusal is None]
        if len(legal) == 1:
            return None, legal[0]
        if legal:
            options = ors(format_cards(p.cards) for p in legal)
            return Refusal("invalid_combination", _("The jokers could stand for different cards here; write which "
                                                    "with '=': {options}.", options=options)), None
        codes = ("invalid_combination", "shape_mismatch", "suit_lock", "not_stronger")
        return max((r for r, _ in judged), key=lambda r: codes.index(r.code)), None

    def play_of(self, action: Action) -> Play:
        """The combination a legal ``play`` action makes, its jokers resolved. Raises
        :class:`~cardlab.engine.IllegalAction` when the action is refused."""
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalAction(action, refusal)
        play = self._detail(action)
        return play if play is not None else self._resolve(action.player, action.cards)[1]

    def _check_give(self, player: str, tokens) -> Refusal | None:
        if not self.exchanging:
            if self.previous_ranks:
                return Refusal("not_allowed", _("There is nothing to give: the exchange of this game is over."))
            return Refusal("not_allowed", _("There is nothing to give: this game has no exchange: it follows only "
                                            "a game of the same set or match."))
        if any(isinstance(t, StandIn) for t in tokens):
            return Refusal("not_allowed", _("A joker is handed over as itself; a stand-in (=) belongs only in a "
                                            "played combination."))
        if player in self.gives:
            return Refusal("not_your_turn", _("{player} has already given; the cards change hands once every give "
                                              "is in.", player=player))
        count, partner, lower = exchange_obligation(self.rules, self.previous_ranks, player)
        hand = self.hands[player]
        if len(set(tokens)) != len(tokens):
            return Refusal("not_in_hand", _("A card is named twice."))
        for c in tokens:
            if c not in hand:
                return Refusal("not_in_hand", _("{player} does not hold {card}.", player=player, card=c))
        if len(tokens) != count:
            ranks = self.previous_ranks
            return Refusal("wrong_count", wrong_count_text(player, ranks[player], partner, ranks[partner], count,
                                                           len(tokens), lower))
        if lower or self.rules.return_weakest:
            wanted = forced_strengths(hand, count, lower)
            if sorted(map(exchange_strength, tokens)) != wanted:
                return self._forced_refusal(player, partner, count, lower, wanted, tokens)
        return None

    def _forced_refusal(self, player, partner, count, lower, wanted, tokens) -> Refusal:
        text = forced_text(player, self.previous_ranks[player], partner, count, lower, self.rules.has_jokers, wanted,
                           tokens)
        return Refusal("must_give_strongest" if lower else "must_give_weakest", text)

    # --- legal actions --------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.exchanging:
            new = tuple.__new__  # Action(...) through its NamedTuple __new__ is several times slower
            out = []
            for p in self.players:
                if p not in self.gives:
                    out.extend(new(Action, (p, "give", g)) for g in self._gives_of(p))
            self._offered, self._details = out, ()  # check() accepts these at once (State.__slots__)
            return list(out)
        # _turn_actions(_turn_plays()) written out: the calls showed at every decision.
        player = self.turn
        hand = self.hands[player]
        held = self._held.get(player)
        if held is None or held.cards != hand:
            held = self._held[player] = Holding(hand)
        table = self.table
        plays = plays_of(held, self.rules, table[-1][1] if table else None, self.revolution, self.lock)
        actions = []
        for p in plays:  # each play's action by each player, made once (plays are shared)
            by = p.offered_by
            a = by.get(player)
            if a is None:
                a = by[player] = tuple.__new__(Action, (player, "play", p.cards))
            actions.append(a)
        if table:
            actions.append(tuple.__new__(Action, (player, "pass", ())))
        self._offered, self._details = actions, plays
        return list(actions)

    def _turn_plays(self) -> list[Play]:
        """The plays the player on turn may make."""
        # The hand sorted out for finding its plays: kept up to date by each play (_do_play),
        # sorted out again if the hand changed otherwise (the exchange, or a hand set from
        # outside, as a sampled deal does).
        hand = self.hands[self.turn]
        held = self._held.get(self.turn)
        if held is None or held.cards != hand:
            held = self._held[self.turn] = Holding(hand)
        return plays_of(held, self.rules, self.top, self.revolution, self.lock)

    def _turn_actions(self, plays: list[Play]) -> list[Action]:
        new = tuple.__new__  # Action(...) through its NamedTuple __new__ is several times slower
        player = self.turn
        actions = [new(Action, (player, "play", p.cards)) for p in plays]
        if self.table:  # a play to beat: passing is allowed
            actions.append(new(Action, (player, "pass", ())))
        # check() accepts these at once, and knows each play's reading (State.__slots__); a pass
        # comes after the plays.
        self._offered, self._details = actions, plays
        return list(actions)

    def candidate_actions(self) -> list[Action]:
        """During the exchange, each player's every handful of as many cards as an exchange hands
        over; afterwards each player's pass and, for the player on turn (nobody else plays), every
        reading of every handful whose natural cards are all of one rank or all of one suit (a
        group or a sequence: no other handful is a combination), with jokers or without."""
        if self.exchanging:
            sizes = sorted({count for _low, _up, count in self.rules.exchange})
            return [Action(p, "give", g) for p in self.players for k in sizes
                    for g in combinations(sort_cards(self.hands[p]), k)]
        out = [Action(p, "pass", ()) for p in self.players]
        if self.turn is None:
            return out
        hand = sort_cards(self.hands[self.turn])
        jokers = [c for c in hand if c.is_wild]
        natural = [c for c in hand if not c.is_wild]
        alike = [[c for c in natural if c.rank == r] for r in {c.rank for c in natural}]
        alike += [[c for c in natural if c.suit == s] for s in {c.suit for c in natural}]
        handfuls = {(): None} | {h: None for cards in alike for k in range(1, len(cards) + 1)
                                 for h in combinations(cards, k)}
        for naturals in sorted(handfuls, key=lambda h: [c.index for c in h]):
            for k in range(len(jokers) + 1):
                for wild in combinations(jokers, k):
                    out += [Action(self.turn, "play", play.cards) for play in readings(naturals + wild, self.rules)[0]]
        return out

    def to_act(self) -> list[str]:
        if self.over:
            return []
        return State.to_act(self) if self.exchanging else [self.turn]

    def _gives_of(self, player: str) -> list[tuple[Card, ...]]:
        count, _partner, lower = exchange_obligation(self.rules, self.previous_ranks, player)
        hand = sort_cards(self.hands[player])
        if not (lower or self.rules.return_weakest):
            return list(combinations(hand, count))
        wanted = Counter(forced_strengths(hand, count, lower))
        forced = [c for c in hand if exchange_strength(c) in wanted]
        return [g for g in combinations(forced, count) if Counter(map(exchange_strength, g)) == wanted]

    # --- performing -----------------------------------------------------------------------------

    def _perform(self, action: Action) -> list[Event]:
        player, verb, cards = action
        words = self.rules.words
        if verb == "play":
            play = self._detail(action)
            if play is None:
                play = self._resolve(player, cards)[1]
            events = self._do_play(player, play)
        elif verb == "pass":
            self.passed.add(player)
            # Event(...) through its NamedTuple __new__ is twice as slow, here and for a play.
            text = _pass_text(player, words)
            events = self._advance(player, [tuple.__new__(Event, ("pass", player, (), text))])
        else:
            return self._worded(self._do_give(player, tuple(cards)), words)
        # A play's or a pass's own event, the first, comes in the rule set's words already (its text
        # is made once), and so do the commonest events after it.
        if words is None or len(events) == 1:
            return events
        return self._worded(events, words)

    @staticmethod
    def _worded(events: list[Event], words: str | None) -> list[Event]:
        """``events`` in the rule set's own words (ja: 単騎 under the web rules), ``words``, where it
        has its own; tuple.__new__ as in _perform."""
        if words is None:
            return events
        return [event if event[3].__class__ is Worded
                else tuple.__new__(Event, (event[0], event[1], event[2], Worded(event[3], words)))
                for event in events]

    def _do_give(self, player: str, cards: tuple[Card, ...]) -> list[Event]:
        _count, partner, lower = exchange_obligation(self.rules, self.previous_ranks, player)
        self.gives[player] = cards
        text = give_text(player, cards, partner, lower, self.rules.return_weakest)
        events = [Event("give", player, cards, text)]
        if len(self.gives) < 2 * len(self.rules.exchange):
            return events
        for giver, given in self.gives.items():
            receiver = exchange_obligation(self.rules, self.previous_ranks, giver)[1]
            for c in given:
                self.hands[giver].remove(c)
                self.hands[receiver].append(c)
        for lower_rank, upper_rank, n in self.rules.exchange:
            low = next(p for p, r in self.previous_ranks.items() if r == lower_rank)
            up = next(p for p, r in self.previous_ranks.items() if r == upper_rank)
            text = exchange_text(low, lower_rank, up, upper_rank, n, self.gives[up], self.gives[low])
            events.append(Event("exchange", low, self.gives[low] + self.gives[up], text))
        self.exchanging = False
        self.turn = self.leader
        events.append(Event("lead", self.leader, (), _("The exchange is done; {player} leads.", player=self.leader)))
        return events

    def _do_play(self, player: str, play: Play) -> list[Event]:
        rules = self.rules
        table = self.table
        before = table[-1][1] if table else None
        revolution_before = self.revolution
        hand = self.hands[player]
        held = self._held.get(player)
        up_to_date = held is not None and held.cards == hand
        # What the play does under these rules, worked out once per play and rule set (plays are
        # shared): the cards that leave the hand as a set, the rules that follow a play, and the
        # sentences of each player's play and of their leading again after it clears the table (a
        # play that does not cut clears only by a return), in the rule set's words where it has its own.
        found = play.effects.get(id(rules))
        if found is None or found[0] is not rules:
            found = play.effects[id(rules)] = (rules, frozenset(play.physical), eight_cut(play, rules),
                                               starts_revolution(play, rules),
                                               is_spade_three_return(play, JOKER_ALONE, rules), {}, {})
        _rules, gone, cut, turns, may_return, said, again = found
        # Faster than hand.remove(c), which compares the cards one by one, or filterfalse.
        hand[:] = [c for c in hand if c not in gone]
        if up_to_date:
            self._held[player] = held.without(play.physical, hand)
        table.append((player, play))
        text = said.get(player)
        if text is None:
            text = said[player] = worded(_("{player} plays {play}.", player=player, play=play.described), rules.words)
        events = [tuple.__new__(Event, ("play", player, play.cards, text))]
        returned = may_return and is_spade_three_return(play, before, rules)
        if turns:
            self.revolution = not self.revolution
            text = revolution_text(self.revolution, play.size, rules.has_jokers)
            events.append(Event("revolution", player, play.cards, text))
        if (before is not None and not self.lock and rules.suit_lock and not cut and not returned
                and play.suits is not None and play.suits == before.suits):
            self.lock = play.suits
            events.append(Event("lock", player, (), lock_text(self.lock)))
        if not hand:  # only a player going out can leave one player in
            events.extend(self._go_out(player, play, revolution_before, cut, returned))
            if len(self.players) - len(self.out) <= 1:  # one player left in
                return events + self._end()
        if cut or returned:
            if player not in self.out:
                text = again.get(player)
                if text is None:
                    text = again[player] = worded(_("{rule}; {player} leads again.",
                                                    rule=self._clearing_rule(play, cut), player=player), rules.words)
                events.append(self._clear(player, text))
                return events
            leader = self.next_in(player)
            text = _("{rule}; {player} is out, so {leader}, the next player still in on the left, leads.",
                     rule=self._clearing_rule(play, cut), player=player, leader=leader)
            events.append(self._clear(leader, text))
            return events
        return self._advance(player, events)

    @staticmethod
    def _clearing_rule(play: Play, cut: bool) -> Message:
        """The rule by which ``play`` clears the table: an 8-cut (``cut``) or a spade-3 return."""
        if cut:
            return _("8-cut (8切): {play} clears the table at once", play=play.name())
        return _("Spade-3 return (スペ3返し): the single spade 3 answers the joker played alone and clears "
                 "the table")

    def _go_out(self, player: str, play: Play, revolution_before: bool, cut: bool,
                returned: bool = False) -> list[Event]:
        self.out.append(player)
        self._finished.append(player)
        reasons = forbidden_finish(play, self.rules, revolution_before, cut)
        names = self.rules.rank_names
        if reasons:
            self.fouls.append(player)
            rank = names[PLAYERS - len(self.fouls)]
            text = foul_text(player, TITLES_READ[rank], reasons, cut, returned, self.revolution != revolution_before)
            return [Event("foul", player, play.cards, text)]
        self.clean.append(player)
        rank = names[len(self.clean) - 1]
        events = [Event("out", player, play.cards, _("{player} goes out and is {title}.", player=player,
                                                     title=TITLES_READ[rank]))]
        top = self.previous_daifugo
        if (self.rules.miyako_ochi and len(self.clean) == 1 and top is not None and top != player
                and top not in self.out):
            self.out.append(top)
            self.demoted = top
            # Where the demoted player ends, as far as it is known: just above the forbidden finishers,
            # below the clean finishers and every player still in.
            still_in = len(self.active())
            title = TITLES_READ[names[len(self.clean) + still_in]]
            text = miyako_ochi_text(player, top, title, still_in, self.fouls)
            events.append(Event("miyako_ochi", top, (), text))
        return events

    def _advance(self, actor: str, events: list[Event]) -> list[Event]:
        """Give the turn to the next player who may still beat the table, or clear it: after a
        play or a pass, with two players still in at least. Returns ``events`` with the clear's, if any."""
        last = self.table[-1][0]
        out, passed = self.out, self.passed
        for p in self._clockwise[actor]:  # the first who may still play
            if p not in passed and p not in out and p != last:
                self.turn = p
                return events
        if last not in out:
            events.append(self._clear(last, _cleared_text(last, self.rules.words)))
            return events
        leader = self.next_in(last)
        events.append(self._clear(leader, _("Everyone still in has passed on {player}'s play; {player} is out, so "
                                            "{leader}, the first player still in on {player}'s left, leads.",
                                            player=last, leader=leader)))
        return events

    def _clear(self, leader: str, text: Message) -> Event:
        cards = ()
        for _player, play in self.table:  # a few plays: cheaper than a comprehension's call
            cards += play.physical
        self.pile.extend(cards)
        self.table = []
        self.passed.clear()
        self.lock = frozenset()
        self.turn = leader
        return tuple.__new__(Event, ("clear", leader, cards, text))

    def _end(self) -> list[Event]:
        remaining = self.active()
        demoted = [self.demoted] if self.demoted else []
        self.places = tuple(self.clean + remaining + demoted + self.fouls[::-1])
        self.over = True
        self.turn = None
        return [Event("game_over", None, (), game_over_text(self.result(), self.points()))]

    # --- views ----------------------------------------------------------------------------------

    def verbs(self) -> list[str]:
        """During the exchange only ``give``; afterwards ``play`` and ``pass``."""
        return ["give"] if self.exchanging else ["play", "pass"]

    def with_rules(self, rules: DaifugoRules) -> "DaifugoState":
        """Also: refuses a position holding a card the other deck lacks (a joker under yeeqia);
        the previous ranks keep their places under the other name of the third (hinmin under jdf,
        heimin under yeeqia); a suit lock lapses under rules that have none."""
        cards = [c for hand in self.hands.values() for c in hand]
        cards += [*self.blind, *self.pile, *(c for _, play in self.table for c in play.physical)]
        deck = deck_set(rules.deck_name)
        missing = sort_cards({c for c in cards if c not in deck})
        if missing:
            what = "jokers" if all(c.is_joker for c in missing) else format_cards(missing)
            raise IncompatibleRules(f"{rules.name} has no {what}: this position cannot be played under it.")
        other = super().with_rules(rules)
        if other.previous_ranks:
            other.previous_ranks = {p: rules.third_rank if r == self.rules.third_rank else r
                                    for p, r in other.previous_ranks.items()}
        if not rules.suit_lock:
            other.lock = frozenset()
        return other

    def view(self, seat: str, *, sampling: bool = True) -> DaifugoView:
        """What ``seat`` sees now (:class:`DaifugoView`)."""
        hand, counts = self._seat_cards(seat)
        gave = self.gives.get(seat, ())
        received = ()
        if self.previous_ranks and not self.exchanging and seat in self.gives:
            received = self.gives.get(exchange_obligation(self.rules, self.previous_ranks, seat)[1], ())
        skeleton = self._skeleton(seat, gave, received) if sampling else None
        # The seat's plays, worked out once: its legal actions, and the simple bot's options.
        plays = self._turn_plays() if seat == self.turn and not self.over else []
        legal = self._turn_actions(plays) if seat == self.turn else self._seat_actions(seat)
        return DaifugoView(
            legal=legal, skeleton=skeleton, rules=self.rules, players=self.players, seat=seat, hand=hand,
            counts=counts, plays=tuple(plays), played=tuple(self._played), table=tuple(self.table),
            top=self.top, last_player=self.last_player, turn=self.turn, passed=frozenset(self.passed),
            revolution=self.revolution, lock=self.lock, out=tuple(self.out), finished=tuple(self._finished),
            fouls=tuple(self.fouls), demoted=self.demoted, over=self.over, places=self.places,
            exchanging=self.exchanging, leader=self.leader,
            previous_ranks=dict(self.previous_ranks) if self.previous_ranks else None,
            waiting=tuple(p for p in self.players if self.exchanging and p not in self.gives),
            gave=gave, received=received)

    @property
    def _played(self) -> list[Card]:
        return list(self.pile) + [c for _, play in self.table for c in play.physical]

    def _skeleton(self, seat: str, gave, received) -> "DaifugoState":
        """A copy holding no card ``seat`` cannot see: the other hands, the blind cards, and what
        the others handed over but to this seat (:meth:`DaifugoView.sample_state` deals them)."""
        skeleton = self.copy()
        skeleton.gives = {seat: gave} if seat in self.gives else {}
        if received:
            skeleton.gives[exchange_obligation(self.rules, self.previous_ranks, seat)[1]] = received
        for p in self.players:
            if p != seat:
                skeleton.hands[p] = []
        skeleton.blind = ()
        return skeleton

    def standings(self) -> dict[str, float]:
        """Once over: 1 for the 大富豪 (daifugo) ... 4 for the 大貧民 (daihinmin)."""
        return {p: float(i + 1) for i, p in enumerate(self.places)} if self.over else {}

    def copy(self) -> "DaifugoState":
        """An independent copy: cards, plays, rules and names are shared (they never change),
        every list, set and dict is new."""
        other = self._bare_copy()
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other._held = dict(self._held)
        if self.previous_ranks is not None:
            other.previous_ranks = dict(self.previous_ranks)
        other.gives = dict(self.gives)
        other.table = list(self.table)
        other.pile = list(self.pile)
        other.passed = set(self.passed)
        other.out = list(self.out)
        other._finished = list(self._finished)
        other.clean = list(self.clean)
        other.fouls = list(self.fouls)
        return other

    def fresh_copy(self) -> "DaifugoState":
        other = self.copy()
        other._held = {}
        return other

    def key(self) -> tuple:
        return (self.rules, self.players, tuple(frozenset(self.hands[p]) for p in self.players),
                self.blind, tuple(sorted(self.previous_ranks.items())) if self.previous_ranks else None,
                self.leader, self.exchanging, tuple(sorted(self.gives.items())), tuple(self.table),
                frozenset(self.pile), frozenset(self.passed), self.turn, self.revolution, self.lock,
                tuple(self.out), tuple(self._finished), tuple(self.clean), tuple(self.fouls),
                self.demoted, self.over, self.places)

    def describe(self) -> Message:
        """The position as plain text, one fact a line (a message, read in the current language)."""
        return worded(position_text(self), self.rules.words)

    def __str__(self) -> str:
        return str(self.describe())

    def __repr__(self) -> str:
        return f"<DaifugoState {self.rules.name}: {'over' if self.over else f'turn {self.turn}'}>"


# The texts of the commonest events, made once for each player (a message reads in the language of
# the moment), in the rule set's words where it has its own.

@lru_cache(maxsize=256)
def _pass_text(player: str, words: str | None) -> Message:
    return worded(passes_text(player), words)


@lru_cache(maxsize=256)
def _cleared_text(player: str, words: str | None) -> Message:
    return worded(_("Everyone else still in has passed: the table is cleared and {player}, who played last, leads.",
                    player=player), words)


# --- starting a game ------------------------------------------------------------------------------

def _players(players) -> tuple[str, ...]:
    players = player_names(players)
    if len(players) != PLAYERS:
        raise DealError(f"daifugo is played here by {PLAYERS} players, not {len(players)}")
    return players


def new_game(rules: DaifugoRules | str, players, seed: int = 0, leader: str | None = None,
             previous_ranks: dict[str, str] | None = None, blind=None) -> DaifugoState:
    """A freshly shuffled game: 13 cards each. Under jdf two non-joker blind cards are set aside
    unseen first: chosen by ``seed`` unless ``blind`` names them (a set keeps the same two).
    With ``previous_ranks`` the game opens with the card exchange. Raises :class:`DealError`."""
    rules = rule_set("daifugo", RULESETS, rules)
    players = _players(players)
    rng = deal_random(seed)
    cards = list(rules.deck)
    if blind is None:
        blind = tuple(rng.sample([c for c in cards if not c.is_wild], rules.blind_cards))
    else:  # named by the caller
        blind = tuple(deal_cards("blind", blind))
        if len(blind) != rules.blind_cards or any(c.is_wild for c in blind):
            raise DealError(f"{rules.name} sets aside {count_cards(rules.blind_cards)} as blind cards, never a joker")
        check_cards_unique("blind cards", blind, cards)
    aside = set(blind)
    rest = [c for c in cards if c not in aside]
    rng.shuffle(rest)
    hands = {p: rest[i::PLAYERS] for i, p in enumerate(players)}
    return _start(rules, players, hands, leader, previous_ranks, blind)


def from_deal(rules: DaifugoRules | str, players, hands=None, seed: int = 0, leader: str | None = None,
              previous_ranks: dict[str, str] | None = None) -> DaifugoState:
    """A position from a scenario's ``deal``. ``hands`` maps players to cards, or to card texts
    such as ``"S9 H9"`` (partial hands are fine, but everyone holds at least one card); left out,
    a full game is dealt by ``seed``. Raises :class:`DealError` for an impossible deal and
    :class:`~cardlab.cards.CardError` for a card text that does not parse."""
    rules = rule_set("daifugo", RULESETS, rules)
    players = _players(players)
    if hands is None:
        return new_game(rules, players, seed, leader, previous_ranks)
    hands = deal_hands(hands, players)
    dealt = [c for p in players for c in hands.get(p, ())]
    check_cards_unique("hands", dealt, rules.deck)
    return _start(rules, players, {p: list(hands.get(p, ())) for p in players}, leader,
                  previous_ranks, ())


def _start(rules, players, hands, leader, previous_ranks, blind) -> DaifugoState:
    for p in players:
        if not hands[p]:
            raise DealError(f"{p} holds no cards; every player needs at least one")
    if previous_ranks is not None:
        previous_ranks = _check_previous_ranks(rules, players, hands, previous_ranks)
    if leader is None:
        if previous_ranks:
            leader = next(p for p, r in previous_ranks.items() if r == "daihinmin")
        elif rules.first_leader == "diamond_three":
            leader = next((p for p in players if DIAMOND_THREE in hands[p]), players[0])
        else:
            leader = players[0]
    elif (leader := player_name(leader)) not in players:
        raise DealError(f"leader {leader!r} is not a player")
    return DaifugoState(rules, players, hands, leader, previous_ranks, blind)


def _check_previous_ranks(rules, players, hands, previous_ranks) -> dict[str, str]:
    names = rules.rank_names
    if not isinstance(previous_ranks, Mapping):
        raise DealError(f"previous_ranks must map every player to their rank ({', '.join(names)}), not "
                        f"{previous_ranks!r}")
    previous_ranks = {player_name(p): r for p, r in previous_ranks.items()}
    if set(previous_ranks) != set(players):
        raise DealError("previous_ranks must give every player a rank")
    if sorted(previous_ranks.values(), key=lambda r: names.index(r) if r in names else -1) != list(names):
        raise DealError(f"previous_ranks must use each of {', '.join(names)} once under {rules.name}")
    for lower, upper, count in rules.exchange:
        for rank in (lower, upper):
            p = next(q for q, r in previous_ranks.items() if r == rank)
            if len(hands[p]) < count:
                raise DealError(f"{p} ({rank}) must hand over {count_cards(count)} in the exchange but "
                                f"holds {len(hands[p])}")
    return {p: previous_ranks[p] for p in players}
