"""A Durak position: the table, the attacks and defences of a round, taking, the refill, going out
and the durak. The rule sets are in :mod:`.rules`, the rules that need no position in :mod:`.moves`,
the words of the events and of the position in :mod:`.words`.

Seats are listed clockwise; each player's left is the next one in the list.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, Card, card
from ..engine import (Action, DealError, Event, Refusal, State, View, check_cards_unique, deal_cards, deal_hands,
                      deal_random, rule_set, rules_word, view_class)
from ..i18n import N_, Message, _, commas, n_
from .moves import beats, clockwise, first_attacker, holds, index_of, moves_of, rank_order, seat_players, seatings
from .rules import DECK, DECK_SET, HAND_SIZE, RULESETS, DurakRules
from .words import (adds_text, beats_text, discard_text, done_text, draw_text, draws_text, limit_text, loser_text,
                    next_round_text, opens_text, out_text, picks_up_text, position_text, priority_text, swap_text,
                    transfers_text, why_not_beat, will_take_text)

# Events are built with tuple.__new__: through Event's NamedTuple __new__ they are several times
# slower to make, and the engine makes one or more at every decision. Their texts are messages
# (cardlab.i18n), put into words only when read, in the language of that moment.
_new = tuple.__new__
_SYMBOL = {c: c.symbol for c in DECK}


@view_class
class DurakView(View):
    """What one Durak seat sees (:meth:`DurakState.view`). Besides the fields every view has:
    ``attacks`` and ``defences`` (the table: the attack cards in the order played, and the card
    beating each, ``None`` while it is unbeaten), ``trump`` (the suit), ``trump_card`` (the face-up
    card while it lies under the stock, else ``None``), ``stock`` and ``discard`` (how many cards
    each holds), ``attacker`` and ``defender`` (of this round), ``attackers`` (everyone who may
    attack this round, the main attacker first), ``done`` (attackers who said done since the last
    card), ``taking`` (whether the defender said take), ``limit`` (attack cards this round may
    have), ``round_no`` (from 1), ``out`` (players out, in order), ``over`` and ``loser`` (the
    durak; ``None`` before the end and after a draw). ``played`` is the discard pile and the table,
    in the order the cards went down.

    :meth:`sample_state` deals the unseen cards (the other hands and the stock, the face-up card
    staying at the bottom). Choice: cards a player picked up from the table are treated as unseen,
    like any other card in their hand.
    """

    attacks: tuple[Card, ...]
    defences: tuple[Card | None, ...]
    trump: str
    trump_card: Card | None
    stock: int
    discard: int
    attacker: str
    defender: str
    attackers: tuple[str, ...]
    done: frozenset[str]
    taking: bool
    limit: int
    round_no: int
    out: tuple[str, ...]
    over: bool
    loser: str | None

    game = "durak"

    def sample_state(self, rng) -> "DurakState":
        state = self._skeleton.copy()
        seen = set(self.hand) | set(self.played)
        face = self.trump_card
        unseen = [c for c in DECK if c not in seen and c != face]
        rng.shuffle(unseen)
        unseen = self._deal_others(state, unseen)
        # A deal of fewer than 36 cards leaves some unseen cards out of the game altogether.
        state.stock = unseen[:self.stock - (face is not None)] + ([face] if face is not None else [])
        state.six_swappable = state._six not in state.stock
        return state


class DurakState(State):
    """A Durak position. Build one with :func:`new_game` or :func:`from_deal`."""

    game = "durak"
    VERBS = {"attack": 1, "defend": 2, "take": 0, "done": 0, "transfer": 1, "swap": 0}
    NAME = N_("Durak")
    ACTIONS_IN_WORDS = N_("the attackers attack with cards and say done, and the defender beats each attack "
                          "card (defend) or takes the table")
    DECK = DECK

    def __init__(self, rules: DurakRules, players, hands, stock, trump, attacker,
                 trump_card=None, round_no=1):
        self.rules = rules
        self.players = tuple(players)
        self.hands: dict[str, list[Card]] = {p: list(hands.get(p, ())) for p in self.players}
        self.stock: list[Card] = list(stock)
        self.trump: str = trump
        self.trump_card: Card | None = trump_card if trump_card is not None else (self.stock[-1] if self.stock else None)
        self.discard: list[Card] = []
        self.attacks: list[Card] = []
        self.defences: list[Card | None] = []
        # Kept up as cards land, for legal_actions() and the end of a round (the readable rules
        # work them out from the table: ranks, unbeaten()): the ranks on the table and how many
        # attack cards lie unbeaten.
        self._ranks: set[int] = set()
        self._open = 0
        self.done: set[str] = set()
        self.taking = False
        self.over = False
        self.loser: str | None = None
        self.round_no = round_no
        # With the stock already empty, a player dealt no cards has nothing left to play.
        self.out: list[str] = [p for p in self.players if not self.stock and not self.hands[p]]
        self._six = six = card(trump + "6")
        # The six of trumps may be swapped only by a player who was dealt it or drew it.
        self.six_swappable = any(holds(h, six) for h in self.hands.values())
        # Never change in a game, so copies share them: each player's actions (Moves), the seats
        # clockwise from each player, and who defends and who attacks when each attacks first
        # while nobody is out.
        self._moves = {p: moves_of(p, trump) for p in self.players}
        self._clockwise = clockwise(self.players)
        self._seatings = seatings(self.players)
        self._seat(attacker)
        self.limit = min(rules.round_cap(round_no), len(self.hands[self.defender]))

    # --- seats ----------------------------------------------------------------------------------

    def attackers(self) -> list[str]:
        """Everyone who may attack this round: the main attacker first, then the others clockwise,
        never the defender or a player who is out."""
        return list(self._attackers)

    def _seat(self, attacker: str) -> None:
        """Make ``attacker`` the main attacker; the next player still in defends."""
        self.attacker = attacker
        seats = self._clockwise[attacker]
        out = self.out
        if out:
            self.defender = defender = self.next_in(attacker)
            self._attackers = tuple(p for p in seats if p != defender and p not in out)
        else:
            self.defender, self._attackers = self._seatings[attacker]

    def next_in(self, player: str) -> str | None:
        if not self.out:
            return self._clockwise[player][1]
        return super().next_in(player)

    # --- facts ----------------------------------------------------------------------------------

    @property
    def table(self) -> list[Card]:
        """Every card on the table this round, attack and defence."""
        return self.attacks + [d for d in self.defences if d is not None]

    @property
    def ranks(self) -> set[int]:
        """The ranks on the table this round, attack and defence."""
        return {c.rank for c in self.table}

    def unbeaten(self) -> list[Card]:
        return [a for a, d in zip(self.attacks, self.defences) if d is None]

    def is_over(self) -> bool:
        return self.over

    @property
    def is_draw(self) -> bool:
        return self.over and self.loser is None

    def _can_add(self, player: str) -> bool:
        if len(self.attacks) >= self.limit or not self.attacks:
            return False
        ranks = self.ranks
        for c in self.hands[player]:
            if c.rank in ranks:
                return True
        return False

    def _main_done(self) -> bool:
        return self.attacker in self.done or not self._can_add(self.attacker)

    def priority(self) -> Message:
        """Who may add an attack card now and why, in one plain sentence: the main attacker has
        the first say after every new card; the others may add once the main attacker has said
        done since that card, or can add nothing."""
        main = self.attacker
        return priority_text(main, [p for p in self._attackers if p != main], len(self.attacks), self.limit,
                             main in self.done, self._can_add(main))

    def _round_over(self) -> bool:
        """Whether the round ends now: something was played, every attack card is beaten or the
        defender takes, and no attacker who has not said done can add a card."""
        if not self.attacks or self._open and not self.taking:
            return False
        if len(self.attacks) >= self.limit:
            return True
        done = self.done
        ranks = self._ranks
        hands = self.hands
        for p in self._attackers:  # the main attacker comes first
            if p not in done:
                for c in hands[p]:
                    if c.rank in ranks:
                        return False
        return True

    # --- legality -------------------------------------------------------------------------------

    def _check(self, action: Action) -> Refusal | None:
        player, verb, cards = action
        if self.over:
            return Refusal("game_over", _("The game has ended: once the stock is empty and at most one "
                                          "player holds cards, nobody acts any more."))
        if player not in self.hands:
            return Refusal("not_your_turn", _("{player} does not sit at this table.", player=player))
        method = self._CHECKS.get(verb)
        if method is None:
            return self.missing_verb(verb)
        return method(self, player, cards)

    def _attacker_refusal(self, player: str, verb: str) -> Refusal | None:
        """Why ``player`` may not ``verb`` (``"attack"`` or ``"done"``) now as an attacker, if not."""
        if player == self.defender:
            if verb == "done":
                return Refusal("not_attacker", _("{player} is defending this round; only the attackers may "
                                                 "say done.", player=player))
            return Refusal("not_attacker", _("{player} is defending this round; only the attackers may "
                                             "attack.", player=player))
        if player in self.out:
            return Refusal("not_attacker", _("{player} is out of the game and no longer attacks.", player=player))
        if player != self.attacker:
            if not self.attacks:
                return Refusal("not_your_turn", _("{attacker} is the main attacker and opens the round; the "
                                                  "others may only add cards after that.", attacker=self.attacker))
            if not self._main_done():
                return Refusal("not_your_turn", _("The main attacker {attacker} has the first say: {attacker} "
                                                  "can still add a card and has not said done since the last "
                                                  "card landed, so the others must wait.", attacker=self.attacker))
        return None

    def _check_attack(self, player, cards):
        refusal = self._attacker_refusal(player, "attack")
        if refusal:
            return refusal
        (c,) = cards
        if player in self.done:
            return Refusal("not_your_turn", _("{player} said done; they may add again only after another card "
                                              "goes onto the table.", player=player))
        if c not in self.hands[player]:
            return Refusal("not_in_hand", _("{player} does not hold {card}.", player=player, card=c))
        if len(self.attacks) >= self.limit:
            cap = self.rules.round_cap(self.round_no)
            return Refusal("attack_limit", limit_text(len(self.attacks), self.limit, cap, self.defender,
                                                      self.rules.name))
        if self.attacks and c.rank not in self.ranks:
            on_table = sorted({x.symbol[:-1] for x in self.table}, key=rank_order)
            return Refusal("rank_not_on_table", _("An added attack card must match a rank already on the table "
                                                  "this round (attack or defence cards: {ranks}); {card} does "
                                                  "not.", ranks=commas(on_table), card=c.symbol))
        return None

    def _check_defend(self, player, cards):
        if player != self.defender:
            return Refusal("not_defender", _("Only the defender, {defender}, may defend.", defender=self.defender))
        if self.taking:
            return Refusal("not_allowed", _("{player} has said take and will pick up the table; there is "
                                            "nothing more to defend.", player=player))
        attack, defence = cards
        if defence not in self.hands[player]:
            return Refusal("not_in_hand", _("{player} does not hold {card}.", player=player, card=defence))
        if attack not in self.attacks or self.defences[self.attacks.index(attack)] is not None:
            return Refusal("not_on_table", _("{card} is not an unbeaten attack card on the table; each defence "
                                             "card answers one open attack card.", card=attack))
        if not beats(attack, defence, self.trump):
            return Refusal("cannot_beat", why_not_beat(attack, defence, self.trump))
        return None

    def _check_take(self, player, cards):
        if player != self.defender:
            return Refusal("not_defender", _("Only the defender, {defender}, may take.", defender=self.defender))
        if self.taking:
            return Refusal("not_allowed", _("{player} has already said take.", player=player))
        if None not in self.defences:
            if not self.attacks:
                return Refusal("not_allowed", _("There is no unbeaten attack card to take: the round has not "
                                                "begun."))
            return Refusal("not_allowed", _("There is no unbeaten attack card to take: every attack card is "
                                            "beaten."))
        return None

    def _check_done(self, player, cards):
        refusal = self._attacker_refusal(player, "done")
        if refusal:
            return refusal
        if not self.attacks:
            return Refusal("not_allowed", _("{player} opens the round and must attack with a card first.",
                                            player=player))
        if player in self.done:
            return Refusal("not_allowed", _("{player} has already said done.", player=player))
        return None

    def _check_transfer(self, player, cards):
        if not self.rules.transfer:
            return Refusal("not_allowed", _("Transferring an attack exists only in perevodnoy, not in {rules}.",
                                            rules=rules_word(self.rules)))
        if player != self.defender:
            return Refusal("not_defender", _("Only the defender, {defender}, may transfer.", defender=self.defender))
        if self.taking:
            return Refusal("not_allowed", _("{player} has said take; the attack can no longer be passed on.",
                                            player=player))
        if not self.attacks:
            return Refusal("not_allowed", _("There is no attack to transfer yet."))
        if any(d is not None for d in self.defences):
            return Refusal("not_allowed", _("A transfer is allowed only while no attack card of the round is "
                                            "beaten."))
        (c,) = cards
        if c not in self.hands[player]:
            return Refusal("not_in_hand", _("{player} does not hold {card}.", player=player, card=c))
        rank = self.attacks[0].rank
        if c.rank != rank:
            return Refusal("rank_not_on_table", _("A transfer needs a card of the attacked rank ({rank}); {card} "
                                                  "is not.", rank=self.attacks[0].symbol[:-1], card=c.symbol))
        target = self.next_in(player)
        need = len(self.attacks) + 1
        if len(self.hands[target]) < need:
            return Refusal("attack_limit", n_(
                "{target} would have to answer {count} attack card but holds only {held}; a transfer may not "
                "give the next player more attack cards than they hold.",
                "{target} would have to answer {count} attack cards but holds only {held}; a transfer may not "
                "give the next player more attack cards than they hold.", need,
                target=target, held=len(self.hands[target])))
        return None

    def _check_swap(self, player, cards):
        if not self.rules.trump_six_swap:
            return Refusal("not_allowed", _("{rules} has no trump-six swap.", rules=rules_word(self.rules)))
        six = self._six
        if six not in self.hands[player]:
            return Refusal("not_in_hand", _("{player} does not hold the six of trumps ({card}).", player=player,
                                            card=six))
        if not self.six_swappable:
            return Refusal("not_allowed", _("{player} picked up {card} from the table; only a player who was "
                                            "dealt the six of trumps or drew it may swap it.", player=player,
                                            card=six))
        if len(self.stock) < 2:
            return Refusal("not_allowed", _("The swap needs the face-up card and at least one more card in the "
                                            "stock."))
        return None

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        moves = self._moves
        hands = self.hands
        attacks = self.attacks
        main = self.attacker
        out: list[Action] = []
        if not attacks:
            attack = moves[main].attack
            for c in hands[main]:
                out.append(attack[c])
        else:
            room = len(attacks) < self.limit
            ranks = self._ranks
            done = self.done
            for p in self._attackers:  # the main attacker first
                if p in done:
                    continue
                mine = moves[p]
                adds = False
                if room:
                    attack = mine.attack
                    for c in hands[p]:
                        if c.rank in ranks:
                            out.append(attack[c])
                            adds = True
                out.append(mine.done)
                if adds and p == main:
                    break  # the main attacker can add and has not said done: the others wait
            if self._open and not self.taking:
                defender = self.defender
                mine = moves[defender]
                hand = hands[defender]
                defend = mine.defend
                i = 0
                for d in self.defences:
                    if d is None:
                        answers = defend[attacks[i]]  # the cards that beat this attack card
                        for c in hand:
                            if c in answers:
                                out.append(answers[c])
                    i += 1
                out.append(mine.take)
                if self.rules.transfer and self._open == len(attacks):  # nothing beaten yet
                    rank = attacks[0].rank
                    if len(hands[self.next_in(defender)]) > len(attacks):
                        transfer = mine.transfer
                        for c in hand:
                            if c.rank == rank:
                                out.append(transfer[c])
        # Once swapped, the six lies face up under the stock, in nobody's hand.
        if self.six_swappable and self.trump_card is not self._six and len(self.stock) >= 2 \
                and self.rules.trump_six_swap:
            six = self._six
            for p in self.players:
                for c in hands[p]:
                    if c is six:
                        out.append(moves[p].swap)
                        break
        self._offered, self._details = out, ()  # check() accepts these at once (State.__slots__)
        return out[:]

    def candidate_actions(self) -> list[Action]:
        """Each player's every verb with every card of their hand (a defence: with each attack
        card on the table)."""
        out = []
        for p in self.players:
            hand = self.hands[p]
            out += [Action(p, "attack", (c,)) for c in hand]
            out += [Action(p, "defend", (a, d)) for a in self.attacks for d in hand]
            out += [Action(p, "transfer", (c,)) for c in hand]
            out += [Action(p, verb, ()) for verb in ("take", "done", "swap")]
        return out

    # --- performing -----------------------------------------------------------------------------

    def _perform(self, action: Action) -> list[Event]:
        player, verb, cards = action
        return self._DOES[verb](self, player, cards)

    # Each _do_ method performs its verb and, where the verb can end the round, ends it. They find
    # a card in a list by identity (cardlab.durak.moves.index_of), written out where it runs at
    # every decision.

    def _do_attack(self, player, cards):
        (c,) = cards
        attacks = self.attacks
        hand = self.hands[player]
        i = 0
        for x in hand:
            if x is c:
                break
            i += 1
        del hand[i]
        attacks.append(c)
        self.defences.append(None)
        self._open += 1
        self._ranks.add(c.rank)
        if self.done:
            self.done.clear()
        n = len(attacks)
        if n == 1:
            text = opens_text(player, self.defender, _SYMBOL[c], self.limit)
        else:
            text = adds_text(player, _SYMBOL[c], n, self.limit)
        events = [_new(Event, ("attack", player, cards, text))]
        # The card lies unbeaten, so the round goes on unless the defender is taking.
        if self.taking and self._round_over():
            self._end_round(events)
        return events

    def _do_defend(self, player, cards):
        attack, defence = cards
        hand = self.hands[player]
        i = 0
        for x in hand:
            if x is defence:
                break
            i += 1
        del hand[i]
        i = 0
        for x in self.attacks:
            if x is attack:
                break
            i += 1
        self.defences[i] = defence
        self._open -= 1
        self._ranks.add(defence.rank)
        if self.done:
            self.done.clear()
        events = [_new(Event, ("beat", player, cards, beats_text(player, attack, defence, self.trump)))]
        if not self._open and self._round_over():
            self._end_round(events)
        return events

    def _do_take(self, player, cards):
        self.taking = True
        events = [_new(Event, ("take_declared", player, (), will_take_text(player)))]
        if self._round_over():
            self._end_round(events)
        return events

    def _do_done(self, player, cards):
        self.done.add(player)
        text = done_text(player, player == self.attacker and len(self._attackers) > 1)
        events = [_new(Event, ("done", player, (), text))]
        if self._round_over():
            self._end_round(events)
        return events

    def _do_transfer(self, player, cards):
        (c,) = cards
        hand = self.hands[player]
        del hand[index_of(hand, c)]
        self.attacks.append(c)
        self.defences.append(None)
        self._open += 1
        self.done.clear()
        old = self.attacker
        self._seat(player)
        self.limit = min(self.rules.round_cap(self.round_no), len(self.hands[self.defender]))
        text = transfers_text(player, _SYMBOL[c], self.defender, len(self.attacks), old)
        return [_new(Event, ("transfer", player, cards, text))]

    def _do_swap(self, player, cards):
        six = self._six
        face_up = self.stock[-1]
        hand = self.hands[player]
        del hand[index_of(hand, six)]
        hand.append(face_up)
        self.stock[-1] = six
        self.trump_card = six
        return [_new(Event, ("swap", player, (six, face_up), swap_text(player, _SYMBOL[face_up])))]

    def _end_round(self, events: list[Event]) -> None:
        """End the round: the defender picks up the table or it goes to the discard pile; then the
        refill, players going out, and the next round or the end of the game. Adds what happens to
        ``events``."""
        defender = self.defender
        attacks = self.attacks
        hands = self.hands
        six = self._six
        if self.taking:
            beaten = self._open < len(attacks)
            cards = (*attacks, *filter(None, self.defences)) if beaten else tuple(attacks)
            hands[defender] += cards
            if self.six_swappable:
                for c in cards:
                    if c is six:
                        self.six_swappable = False
                        break
            events.append(_new(Event, ("take", defender, cards, picks_up_text(defender, len(cards), beaten))))
            defended = False
        else:
            cards = (*attacks, *self.defences)  # every attack card is beaten
            self.discard += cards
            events.append(_new(Event, ("discard", None, cards, discard_text(len(cards)))))
            defended = True
        stock = self.stock
        if stock:
            # The refill: the main attacker first, then the other attackers clockwise, the defender
            # last; each draws up to six before the next draws, until the stock (face-up trump
            # last) runs out.
            for p in self._attackers + (defender,):
                hand = hands[p]
                want = HAND_SIZE - len(hand)
                if want <= 0:
                    continue
                drawn = tuple(stock[:want])
                del stock[:want]
                hand += drawn
                if not self.six_swappable:
                    for c in drawn:
                        if c is six:
                            self.six_swappable = True
                            break
                events.append(_new(Event, ("draw", p, drawn, draws_text(p, len(drawn), len(hand), not stock))))
                if not stock:
                    break
        out = self.out
        if not stock:
            for p in self.players:
                if p not in out and not hands[p]:
                    out.append(p)
                    events.append(_new(Event, ("out", p, (), out_text(p))))
            left = [p for p in self.players if p not in out]
            if len(left) <= 1:
                self.over = True
                self.attacks, self.defences, self._ranks, self._open = [], [], set(), 0
                self.done.clear()
                self.taking = False
                if left:
                    self.loser = left[0]
                    events.append(_new(Event, ("loser", left[0], (), loser_text(left[0]))))
                else:
                    events.append(_new(Event, ("draw", None, (), draw_text())))
                return
        if out:
            if defended:
                attacker = defender if defender not in out else self.next_in(defender)
            else:
                attacker = self.next_in(defender)
            self._seat(attacker)
        else:
            attacker = defender if defended else self._clockwise[defender][1]
            self.attacker = attacker
            self.defender, self._attackers = self._seatings[attacker]
        self.attacks, self.defences, self._ranks, self._open = [], [], set(), 0
        if self.done:
            self.done.clear()
        self.taking = False
        self.round_no = round_no = self.round_no + 1
        cap = self.rules.round_cap(round_no)
        held = len(hands[self.defender])
        self.limit = cap if cap < held else held
        events.append(_new(Event, ("next_round", attacker, (), next_round_text(defender, attacker, self.defender,
                                                                                 defended))))

    _CHECKS = {"attack": _check_attack, "defend": _check_defend, "take": _check_take, "done": _check_done,
               "transfer": _check_transfer, "swap": _check_swap}
    _DOES = {"attack": _do_attack, "defend": _do_defend, "take": _do_take, "done": _do_done,
             "transfer": _do_transfer, "swap": _do_swap}

    # --- views ----------------------------------------------------------------------------------

    def view(self, seat: str, *, sampling: bool = True) -> DurakView:
        """What ``seat`` sees now (:class:`DurakView`)."""
        hand, counts = self._seat_cards(seat)
        skeleton = self._skeleton(seat) if sampling else None
        table = [c for pair in zip(self.attacks, self.defences) for c in pair if c is not None]
        return DurakView(
            legal=self._seat_actions(seat), skeleton=skeleton, rules=self.rules, players=self.players, seat=seat,
            hand=hand, counts=counts, played=tuple(self.discard) + tuple(table), attacks=tuple(self.attacks),
            defences=tuple(self.defences), trump=self.trump, trump_card=self.trump_card if self.stock else None,
            stock=len(self.stock), discard=len(self.discard), attacker=self.attacker, defender=self.defender,
            attackers=self._attackers, done=frozenset(self.done), taking=self.taking, limit=self.limit,
            round_no=self.round_no, out=tuple(self.out), over=self.over, loser=self.loser)

    def _skeleton(self, seat: str) -> "DurakState":
        """A copy holding no card ``seat`` cannot see (:meth:`DurakView.sample_state` deals them)."""
        skeleton = self.copy()
        for p in self.players:
            if p != seat:
                skeleton.hands[p] = []
        skeleton.stock = []
        skeleton.six_swappable = False
        return skeleton

    def standings(self) -> dict[str, float]:
        """Players who went out take places 1, 2 ... in the order they did; the durak is last.
        Choice: in a drawn game the players who ran out in the last round share the last places
        (two players: 1.5 each)."""
        if not self.over:
            return {}
        n = len(self.players)
        order = list(self.out) + ([self.loser] if self.loser else [])
        order += [p for p in self.players if p not in order]
        places = {p: float(i + 1) for i, p in enumerate(order)}
        if self.loser is None and n >= 2:
            for p in order[-2:]:
                places[p] = n - 0.5
        return places

    def key(self) -> tuple:
        return (self.rules, self.players, tuple(frozenset(self.hands[p]) for p in self.players),
                tuple(self.stock), self.trump, self.trump_card, frozenset(self.discard),
                tuple(self.attacks), tuple(self.defences), self.attacker, self.defender,
                frozenset(self.done), self.taking, self.limit, self.round_no, tuple(self.out),
                self.over, self.loser, self.six_swappable)

    def copy(self) -> "DurakState":
        """An independent copy: cards, rules and names are shared (they never change), every list
        and set is new."""
        other = self._bare_copy()
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other.stock = list(self.stock)
        other.discard = list(self.discard)
        other.attacks = list(self.attacks)
        other.defences = list(self.defences)
        other._ranks = set(self._ranks)
        other.done = set(self.done)
        other.out = list(self.out)
        return other

    def fresh_copy(self) -> "DurakState":
        """A copy whose facts of the table kept up as cards land (the ranks on it, the unbeaten
        attack cards) are worked out anew from the table: the differential tests hold the kept
        ones to them."""
        other = self.copy()
        other._ranks = other.ranks
        other._open = len(other.unbeaten())
        return other

    def with_rules(self, rules: DurakRules) -> "DurakState":
        other = super().with_rules(rules)
        # The round's limit was fixed when it began, from the rule set's cap and the cards the
        # defender held then: those held now plus the defence cards already played.
        held = len(other.hands[other.defender]) + sum(d is not None for d in other.defences)
        other.limit = min(rules.round_cap(other.round_no), held)
        return other

    def deck_cards(self) -> frozenset[Card]:
        return DECK_SET

    def finished(self) -> list[str]:
        """Players who are out (no cards once the stock is empty), in the order they went out."""
        return list(self.out)

    def result(self) -> dict:
        """``{"loser": name or None, "draw": bool}`` once over; ``{}`` before."""
        if not self.over:
            return {}
        return {"loser": self.loser, "draw": self.loser is None}

    def describe(self) -> str:
        """The position as plain text, one fact a line, in the current language (put into words
        now: call it again after a change of language)."""
        return position_text(self)

    def verbs(self) -> list[str]:
        return [v for v in self.VERBS if v != "transfer" or self.rules.transfer]

    def arrange(self, verb: str, cards) -> list:
        """A defence writes the attack card first, whichever was selected first."""
        if verb != "defend":
            return list(cards)
        table = set(self.attacks)
        return sorted(cards, key=lambda c: c not in table)

    def __repr__(self) -> str:
        return f"<DurakState {self.rules.name} round {self.round_no}: {self.attacker} attacks {self.defender}>"


def new_game(rules: DurakRules | str, players, seed: int = 0, previous_loser: str | None = None) -> DurakState:
    """A freshly shuffled and dealt game.

    The first game: the holder of the lowest trump attacks. Later games of a match: pass the
    previous game's loser; they deal and the player on their left attacks. Choice: after a drawn
    game (no loser) the next game starts like a first game. With six players all 36 cards are
    dealt; choice: the last card dealt (the dealer's) is shown to fix the trump and stays in hand.
    """
    rules = rule_set("durak", RULESETS, rules)
    players = seat_players(players)
    cards = list(DECK)
    deal_random(seed).shuffle(cards)
    n = len(players)
    hands = {p: cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i, p in enumerate(players)}
    rest = cards[n * HAND_SIZE:]
    if rest:
        stock = rest[1:] + rest[:1]  # the next card is turned face up and slid under the stock
        trump = stock[-1].suit
    else:
        stock = []
        trump = hands[players[-1]][-1].suit
    return _start(rules, players, hands, stock, trump, None, previous_loser)


def _start(rules, players, hands, stock, trump, attacker, previous_loser):
    attacker = first_attacker(players, hands, stock, trump, attacker, previous_loser)
    return DurakState(rules, players, hands, stock, trump, attacker)


def from_deal(rules: DurakRules | str, players, hands=None, stock=None, trump=None, attacker=None,
              seed: int = 0, previous_loser: str | None = None) -> DurakState:
    """A position from a scenario's ``deal``. ``hands`` maps players to cards, or to card texts
    such as ``"S9 H9"`` (partial hands are fine); ``stock`` lists the draw pile, first drawn first,
    its last card face up. Left out, the stock is every card in no hand, shuffled by ``seed``, with
    a card of ``trump`` (when given) at the bottom. Raises :class:`DealError` for an impossible deal
    and :class:`~cardlab.cards.CardError` for a card text that does not parse."""
    rules = rule_set("durak", RULESETS, rules)
    players = seat_players(players)
    if trump is not None and not (isinstance(trump, str) and trump in SUIT_NAMES):
        raise DealError(f"trump must be a suit letter S, H, D or C, not {trump!r}")
    if hands is None:
        if stock is not None or trump is not None:
            raise DealError("stock and trump need the hands they go with (give hands too)")
        game = new_game(rules, players, seed, previous_loser)
        if attacker is not None:
            return _start(rules, players, game.hands, game.stock, game.trump, attacker, None)
        return game
    hands = deal_hands(hands, players)
    if stock is not None:
        stock = deal_cards("stock", stock)
    dealt = [c for p in players for c in hands.get(p, ())]
    check_cards_unique("hands", dealt, DECK)
    if stock is None:
        rest = [c for c in DECK if c not in set(dealt)]
        deal_random(seed).shuffle(rest)
        if trump is not None and rest:
            bottom = next((c for c in rest if c.suit == trump), None)
            if bottom is None:
                raise DealError(f"no card of the trump suit {trump} is left for the face-up card "
                                "under the stock; give the stock explicitly")
            rest.remove(bottom)
            rest.append(bottom)
        stock = rest
    else:
        check_cards_unique("hands and stock", dealt + stock, DECK)
    if trump is None:
        if not stock:
            raise DealError("the stock is empty, so there is no face-up card: give trump")
        trump = stock[-1].suit
    elif stock and stock[-1].suit != trump:
        raise DealError(f"the face-up card {stock[-1]} (last card of the stock) is not a trump "
                        f"({trump}); the face-up card shows the trump suit")
    return _start(rules, players, hands, stock, trump, attacker, previous_loser)


State = DurakState
