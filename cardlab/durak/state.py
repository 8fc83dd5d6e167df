"""Podkidnoy Durak, as the article *Durak rules: attack and defence, trumps, and the round after
taking* describes it (after Pagat), with two named variants (docs/sources.md).

Rule sets (``RULESETS``):

- ``podkidnoy``: 36 cards, 6 each, trump shown by the face-up bottom card of the stock; at most 6
  attack cards a round and never more than the defender held when the round began.
- ``throw-in-fool``: the same, but the first round of each game allows at most 5 attack cards.
- ``perevodnoy``: the same as podkidnoy, plus ``transfer``: while no attack card is beaten, the
  defender may add a card of the attacked rank and pass the whole attack to the next player.

All three allow the trump-six swap. Choices where the article is silent are marked "Choice:" in
the docstrings and listed in ``docs`` of the lessons.

Seats are listed clockwise; each player's left is the next one in the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card, card, deck, format_cards
from ..engine import (Action, DealError, Event, Match, Refusal, State, View, check_cards_unique, deal_cards,
                      deal_hands, deal_random, player_name, player_names, rule_set)
from ..i18n import N_, Message, _, ands, chain, commas, n_, p_

HAND_SIZE = 6
MAX_ATTACK = 6
DECK = deck("durak36")
_DECK_SET = frozenset(DECK)


@dataclass(frozen=True)
class DurakRules:
    """A named Durak rule set. ``first_round_limit`` caps attack cards in a game's first round
    (``None``: the usual limit); ``transfer`` enables perevodnoy's transfer; ``trump_six_swap``
    lets the holder of the six of trumps take the face-up trump card. ``jokers_equal`` is false:
    the 36-card deck has no jokers to draw alike."""

    name: str
    first_round_limit: int | None = None
    transfer: bool = False
    trump_six_swap: bool = True
    jokers_equal = False

    def round_cap(self, round_no: int) -> int:
        if round_no == 1 and self.first_round_limit is not None:
            return self.first_round_limit
        return MAX_ATTACK


RULESETS = {
    "podkidnoy": DurakRules("podkidnoy"),
    "throw-in-fool": DurakRules("throw-in-fool", first_round_limit=5),
    "perevodnoy": DurakRules("perevodnoy", transfer=True),
}


def beats(attack: Card, defence: Card, trump: str) -> bool:
    """Whether ``defence`` beats ``attack``: a higher card of the same suit, or any trump against a
    non-trump. Suits other than trump never outrank each other."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump


# Events are built with tuple.__new__: through Event's NamedTuple __new__ they are several times
# slower to make, and the engine makes one or more at every decision. Their texts are messages
# (cardlab.i18n), put into words only when read, in the language of that moment.
_new = tuple.__new__
_SYMBOL = {c: c.symbol for c in DECK}

# The suits in words: a suit ("trump ♠ spades", the same words as cardlab.cards.SUIT_NAMES) and one
# card of it ("a higher spade").
SUIT_WORDS: dict[str, Message] = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
# TRANSLATORS: one card of a suit, in "a higher heart" (where the suit's name may well do).
SUIT_CARD_WORDS: dict[str, Message] = {"S": p_("a card of the suit", "spade"), "H": p_("a card of the suit", "heart"),
                                       "D": p_("a card of the suit", "diamond"), "C": p_("a card of the suit", "club")}


def names_then(names) -> Message | str:
    """Names in the order they act: "甲, then 丙, then 乙"."""
    return chain(names, lambda text, name: _("{first}, then {next}", first=text, next=name))


class _Moves:
    """Every action one player can ever take at a table with this trump, each built once: a
    position's legal_actions() only picks them out (``attack[card]``, ``defend[attack][card]``
    for the cards that beat ``attack`` ...)."""

    __slots__ = ("player", "trump", "attack", "transfer", "defend", "done", "take", "swap")

    def __init__(self, player: str, trump: str):
        self.player, self.trump = player, trump
        self.attack = {c: Action(player, "attack", (c,)) for c in DECK}
        self.transfer = {c: Action(player, "transfer", (c,)) for c in DECK}
        self.defend = {a: {d: Action(player, "defend", (a, d)) for d in beaten_by}
                       for a, beaten_by in _beaten_by(trump).items()}
        self.done = Action(player, "done")
        self.take = Action(player, "take")
        self.swap = Action(player, "swap")

    def __reduce__(self):
        # A pickled or deep-copied position names its players' actions; it does not carry them.
        return _moves, (self.player, self.trump)


@lru_cache(maxsize=4)
def _beaten_by(trump: str) -> dict[Card, tuple[Card, ...]]:
    """Each card, and the cards that beat it."""
    return {a: tuple(d for d in DECK if beats(a, d, trump)) for a in DECK}


@lru_cache(maxsize=64)
def _moves(player: str, trump: str) -> _Moves:
    return _Moves(player, trump)


@lru_cache(maxsize=64)
def _clockwise(players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The seats clockwise from each player."""
    return {p: players[i:] + players[:i] for i, p in enumerate(players)}


# _holds and _index are ``card in cards`` and ``cards.index(card)``, faster: each card is one
# object, so looking for that object is enough, where ``in``, ``index`` and ``remove`` ask every
# card they pass whether it equals ``card`` (through Python, since cards define an order).

def _holds(cards, card: Card) -> bool:
    for c in cards:
        if c is card:
            return True
    return False


def _index(cards, card: Card) -> int:
    i = 0
    for c in cards:
        if c is card:
            return i
        i += 1
    raise ValueError(f"{card} is not among {format_cards(cards)}")


# --- what the events say ----------------------------------------------------------------------------
# Each event's text is a message, put into words when it is read. Random play and the bots' rollouts
# make one or more events at every decision, and the same few texts recur game after game: each is
# made once (a new message costs more than the f-string it replaced) and shared, as messages never
# change.
_said = lru_cache(maxsize=4096)


@_said
def _opens_text(player: str, defender: str, card: str, limit: int) -> Message:
    return n_("{player} opens the round against {defender} with {card}; the round may have up to {count} attack "
              "card.",
              "{player} opens the round against {defender} with {card}; the round may have up to {count} attack "
              "cards.", limit, player=player, defender=defender, card=card)


@_said
def _adds_text(player: str, card: str, n: int, limit: int) -> Message:
    return n_("{player} adds {card}: its rank is already on the table ({n} of {count} attack card).",
              "{player} adds {card}: its rank is already on the table ({n} of {count} attack cards).",
              limit, player=player, card=card, n=n)


@_said
def _beats_text(player: str, attack: Card, defence: Card, trump: str) -> Message:
    cards = dict(player=player, attack=attack.symbol, defence=defence.symbol)
    if defence.suit == attack.suit:  # a trump beaten by a higher trump too
        return _("{player} beats {attack} with {defence}: a higher card of the same suit.", **cards)
    return _("{player} beats {attack} with {defence}: a trump ({trump}) beats any other suit.",
             trump=SUIT_WORDS[trump], **cards)


@_said
def _transfers_text(player: str, card: str, defender: str, count: int, old: str) -> Message:
    return n_("{player} transfers the attack with {card} (same rank, nothing beaten yet): {player} is now the main "
              "attacker and {defender} must defend {count} card; {old} may add once {player} says done or can add "
              "nothing.",
              "{player} transfers the attack with {card} (same rank, nothing beaten yet): {player} is now the main "
              "attacker and {defender} must defend {count} cards; {old} may add once {player} says done or can add "
              "nothing.", count, player=player, card=card, defender=defender, old=old)


@_said
def _will_take_text(player: str) -> Message:
    return _("{player} will take: the attackers may still add cards of ranks on the table before the table is "
             "picked up.", player=player)


@_said
def _done_text(player: str, others_may_add: bool) -> Message:
    if others_may_add:
        return _("{player} adds nothing more for now; the other attackers may now add cards.", player=player)
    return _("{player} adds nothing more for now.", player=player)


@_said
def _picks_up_text(player: str, count: int, defended: bool) -> Message:
    if count == 1:
        return _("{player} picks up the card on the table.", player=player)
    if defended:
        return n_("{player} picks up all {count} card on the table, own defence cards included.",
                  "{player} picks up all {count} cards on the table, own defence cards included.", count,
                  player=player)
    return n_("{player} picks up all {count} attack card on the table.",
              "{player} picks up all {count} attack cards on the table.", count, player=player)


@_said
def _discard_text(count: int) -> Message:
    return n_("Every attack card is beaten and no attacker adds more: the {count} card goes to the discard pile, "
              "out of the game.",
              "Every attack card is beaten and no attacker adds more: the {count} cards go to the discard pile, "
              "out of the game.", count)


@_said
def _next_round_text(old: str, attacker: str, defender: str, defended: bool) -> Message:
    """``old`` defended (or took); ``attacker`` attacks ``defender`` next."""
    if not defended:
        return _("{old} took, so loses the turn to attack: {attacker}, the next player, attacks; {defender} "
                 "defends.", old=old, attacker=attacker, defender=defender)
    if attacker == old:
        return _("{old} defended successfully and attacks next; {defender} defends.", old=old, defender=defender)
    return _("{old} defended but is out; the next player still in, {attacker}, attacks; {defender} defends.",
             old=old, attacker=attacker, defender=defender)


@_said
def _draws_text(player: str, count: int, held: int, stock_empty: bool) -> Message:
    if stock_empty:
        return n_("{player} draws {count} card and holds {held}. The stock is now empty.",
                  "{player} draws {count} cards and holds {held}. The stock is now empty.", count,
                  player=player, held=held)
    return n_("{player} draws {count} card and holds {held}.", "{player} draws {count} cards and holds {held}.",
              count, player=player, held=held)


class DurakView(View):
    """What one Durak seat sees (:meth:`DurakState.view`). Besides the fields every view has:
    ``attacks`` and ``defences`` (the table, a defence ``None`` while its attack card is
    unbeaten), ``trump`` (the suit), ``trump_card`` (the face-up card while it lies under the
    stock, else ``None``), ``stock`` and ``discard`` (how many cards each holds), ``attacker``,
    ``defender``, ``attackers`` (everyone who may attack this round, the main attacker first),
    ``done`` (attackers who said done since the last card), ``taking``, ``limit`` (attack cards
    this round may have), ``round_no``, ``out`` (players out, in order), ``over`` and ``loser``.
    ``played`` is the discard pile and the table, in the order the cards went down.

    :meth:`sample_state` deals the unseen cards (the other hands and the stock, the face-up card
    staying at the bottom). Choice: cards a player picked up from the table are treated as unseen,
    like any other card in their hand.
    """

    game = "durak"

    def rule_of_thumb(self):
        from .bot import rule_of_thumb

        return rule_of_thumb(self)

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
    game_title = N_("Durak")
    PRIVATE_EVENTS = frozenset({"draw"})
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
        self.ranks: set[int] = set()
        self.done: set[str] = set()
        self.taking = False
        self.over = False
        self.loser: str | None = None
        self.round_no = round_no
        # With the stock already empty, a player dealt no cards has nothing left to play.
        self.out: list[str] = [p for p in self.players if not self.stock and not self.hands[p]]
        self._six = six = card(trump + "6")
        # The six of trumps may be swapped only by a player who was dealt it or drew it.
        self.six_swappable = any(_holds(h, six) for h in self.hands.values())
        # Never change in a game, so copies share them: each player's actions (_Moves) and the
        # seats clockwise from each player.
        self._moves = {p: _moves(p, trump) for p in self.players}
        self._clockwise = _clockwise(self.players)
        self._seat(attacker)
        self.limit = min(rules.round_cap(round_no), len(self.hands[self.defender]))
        # Not part of the position, only remembered to save work: the actions legal_actions() last
        # returned, until anything changes; check() accepts one of them without asking again.
        self._offered: list[Action] | None = None

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
            self.defender = seats[1]
            self._attackers = seats[:1] + seats[2:]

    def next_in(self, player: str) -> str | None:
        if not self.out:
            return self._clockwise[player][1]
        return super().next_in(player)

    # --- facts ----------------------------------------------------------------------------------

    @property
    def table(self) -> list[Card]:
        """Every card on the table this round, attack and defence."""
        return self.attacks + [d for d in self.defences if d is not None]

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
        if not self.attacks:
            return _("Only {main}, the main attacker, may open the round.", main=main)
        if len(self.attacks) >= self.limit:
            return n_("Nobody: the round has reached its limit of {count} attack card.",
                      "Nobody: the round has reached its limit of {count} attack cards.", self.limit)
        others = [p for p in self._attackers if p != main]
        if main in self.done:
            if not others:
                return _("Nobody else: {main} said done after the last card landed, and there is no other "
                         "attacker.", main=main)
            return _("{others} may add now: {main} said done after the last card landed. After the next "
                     "card lands, {main} has the first say again.", others=ands(others), main=main)
        if not self._can_add(main):
            if not others:
                return _("Nobody else: {main}, the main attacker, holds no card of a rank on the table, and "
                         "there is no other attacker.", main=main)
            return _("{others} may add now: {main}, the main attacker, holds no card of a rank on the "
                     "table. After the next card lands, {main} has the first say again.",
                     others=ands(others), main=main)
        if others:
            return _("{main}, the main attacker, has the first say after every new card; {others} wait until "
                     "{main} says done or can add nothing.", main=main, others=ands(others))
        return _("{main}, the main attacker, has the first say after every new card.", main=main)

    def _round_over(self) -> bool:
        if not self.attacks:
            return False
        if not self.taking and not all(self.defences):  # an attack card is open (None)
            return False
        done = self.done
        for p in self._attackers:  # the main attacker comes first
            if p not in done and self._can_add(p):
                return False
        return True

    # --- legality -------------------------------------------------------------------------------

    def check(self, action: Action | str) -> Refusal | None:
        """As :meth:`State.check`; an action that legal_actions() returned for this very position
        (the same object) is well formed and legal, so it is accepted at once."""
        offered = self._offered
        if offered is not None:
            for a in offered:
                if a is action:
                    return None
        return super().check(action)

    def _check(self, action: Action) -> Refusal | None:
        if self._offered is not None and action in self._offered:  # equal to an action just offered
            return None
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
            return Refusal("attack_limit", self._limit_text())
        if self.attacks and c.rank not in self.ranks:
            on_table = sorted({x.symbol[:-1] for x in self.table}, key=_rank_order)
            return Refusal("rank_not_on_table", _("An added attack card must match a rank already on the table "
                                                  "this round (attack or defence cards: {ranks}); {card} does "
                                                  "not.", ranks=commas(on_table), card=c.symbol))
        return None

    def _limit_text(self) -> Message:
        held = self.limit
        cap = self.rules.round_cap(self.round_no)
        n = len(self.attacks)
        if held < cap:
            # TRANSLATORS: {held} is a number of cards in words ("3 cards").
            return n_("The round already has {count} attack card and may not have more: {defender} held only "
                      "{held} when the round began. Beaten attack cards count too.",
                      "The round already has {count} attack cards and may not have more: {defender} held only "
                      "{held} when the round began. Beaten attack cards count too.", n,
                      defender=self.defender, held=n_("{count} card", "{count} cards", held))
        cap_cards = n_("{count} attack card", "{count} attack cards", cap)
        if cap < MAX_ATTACK:
            # TRANSLATORS: {cap} is a number of attack cards in words ("5 attack cards"); {rules} is the
            # rule set's name (throw-in-fool), kept as it is.
            return n_("The round already has {count} attack card and may not have more: a round has at most "
                      "{cap} in the first round of the game under {rules}. Beaten attack cards count too.",
                      "The round already has {count} attack cards and may not have more: a round has at most "
                      "{cap} in the first round of the game under {rules}. Beaten attack cards count too.", n,
                      cap=cap_cards, rules=self.rules.name)
        return n_("The round already has {count} attack card and may not have more: a round has at most {cap}. "
                  "Beaten attack cards count too.",
                  "The round already has {count} attack cards and may not have more: a round has at most {cap}. "
                  "Beaten attack cards count too.", n, cap=cap_cards)

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
            return Refusal("cannot_beat", self._why_not_beat(attack, defence))
        return None

    def _why_not_beat(self, attack: Card, defence: Card) -> Message:
        trump = SUIT_WORDS[self.trump]
        if defence.suit == attack.suit:
            return _("{defence} is not higher than {attack}: within a suit only a higher card beats.",
                     defence=defence.symbol, attack=attack.symbol)
        if attack.suit == self.trump:
            return _("{attack} is a trump ({trump}); only a higher trump beats it, and {defence} is not a trump.",
                     attack=attack.symbol, trump=trump, defence=defence.symbol)
        # TRANSLATORS: {suit} is one card of the attack card's suit in words ("a higher heart"); {trump}
        # names the trump suit ("spades").
        return _("{defence} is neither a higher {suit} nor a trump ({trump}); the other suits never beat each "
                 "other.", defence=defence.symbol, suit=SUIT_CARD_WORDS[attack.suit], trump=trump)

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
                                            rules=self.rules.name))
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
            return Refusal("not_allowed", _("{rules} has no trump-six swap.", rules=self.rules.name))
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
            ranks = self.ranks
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
            if not self.taking and not all(self.defences):  # an attack card is open (None)
                defender = self.defender
                mine = moves[defender]
                hand = hands[defender]
                for a, d in zip(attacks, self.defences):
                    if d is None:
                        answers = mine.defend[a]  # the cards that beat a
                        for c in hand:
                            if c in answers:
                                out.append(answers[c])
                out.append(mine.take)
                if self.rules.transfer and not any(self.defences):
                    rank = attacks[0].rank
                    if len(hands[self.next_in(defender)]) > len(attacks):
                        transfer = mine.transfer
                        for c in hand:
                            if c.rank == rank:
                                out.append(transfer[c])
        six = self._six
        # Once swapped, the six lies face up under the stock, in nobody's hand.
        if self.six_swappable and len(self.stock) >= 2 and self.trump_card is not six and self.rules.trump_six_swap:
            for p in self.players:
                if _holds(hands[p], six):
                    out.append(moves[p].swap)
        self._offered = out
        return list(out)

    # --- performing -----------------------------------------------------------------------------

    def _perform(self, action: Action) -> list[Event]:
        player, verb, cards = action
        self._offered = None
        events = self._DOES[verb](self, player, cards)
        if verb != "swap" and self._round_over():
            events.extend(self._end_round())
        return events

    def _do_attack(self, player, cards):
        (c,) = cards
        attacks = self.attacks
        hand = self.hands[player]
        del hand[_index(hand, c)]
        attacks.append(c)
        self.defences.append(None)
        self.ranks.add(c.rank)
        self.done.clear()
        if len(attacks) == 1:
            text = _opens_text(player, self.defender, _SYMBOL[c], self.limit)
        else:
            text = _adds_text(player, _SYMBOL[c], len(attacks), self.limit)
        return [_new(Event, ("attack", player, cards, text))]

    def _do_defend(self, player, cards):
        attack, defence = cards
        hand = self.hands[player]
        del hand[_index(hand, defence)]
        self.defences[_index(self.attacks, attack)] = defence
        self.ranks.add(defence.rank)
        self.done.clear()
        return [_new(Event, ("beat", player, cards, _beats_text(player, attack, defence, self.trump)))]

    def _do_take(self, player, cards):
        self.taking = True
        return [_new(Event, ("take_declared", player, (), _will_take_text(player)))]

    def _do_done(self, player, cards):
        self.done.add(player)
        text = _done_text(player, player == self.attacker and len(self._attackers) > 1)
        return [_new(Event, ("done", player, (), text))]

    def _do_transfer(self, player, cards):
        (c,) = cards
        hand = self.hands[player]
        del hand[_index(hand, c)]
        self.attacks.append(c)
        self.defences.append(None)
        self.done.clear()
        old = self.attacker
        self._seat(player)
        self.limit = min(self.rules.round_cap(self.round_no), len(self.hands[self.defender]))
        text = _transfers_text(player, _SYMBOL[c], self.defender, len(self.attacks), old)
        return [_new(Event, ("transfer", player, cards, text))]

    def _do_swap(self, player, cards):
        six = self._six
        face_up = self.stock[-1]
        hand = self.hands[player]
        del hand[_index(hand, six)]
        hand.append(face_up)
        self.stock[-1] = six
        self.trump_card = six
        text = _("{player} swaps the six of trumps for the face-up {card}, which lay under the stock; the six now "
                 "lies face up and will be drawn last.", player=player, card=_SYMBOL[face_up])
        return [_new(Event, ("swap", player, (six, face_up), text))]

    def _end_round(self) -> list[Event]:
        defender = self.defender
        if self.taking:
            cards = tuple(self.table)
            self.hands[defender] += cards
            if _holds(cards, self._six):
                self.six_swappable = False
            text = _picks_up_text(defender, len(cards), any(self.defences))
            events = [_new(Event, ("take", defender, cards, text))]
            defended = False
        else:
            cards = (*self.attacks, *self.defences)  # every attack card is beaten
            self.discard += cards
            events = [_new(Event, ("discard", None, cards, _discard_text(len(cards))))]
            defended = True
        if self.stock:
            self._refill(events)
        if not self.stock:
            out = self.out
            for p in self.players:
                if p not in out and not self.hands[p]:
                    out.append(p)
                    events.append(_new(Event, ("out", p, (), _("{player} has no cards and the stock is empty: "
                                                                "{player} is out of the game.", player=p))))
            left = [p for p in self.players if p not in out]
            if len(left) <= 1:
                self.over = True
                self.attacks, self.defences, self.ranks = [], [], set()
                self.done.clear()
                self.taking = False
                if left:
                    self.loser = left[0]
                    events.append(_new(Event, ("loser", left[0], (), _("{player} is the last player holding "
                                                                        "cards: the durak, who loses the game.",
                                                                        player=left[0]))))
                else:
                    events.append(_new(Event, ("draw", None, (), _("The last players ran out of cards in the same "
                                                                  "round: nobody is left holding cards, so the game "
                                                                  "is a draw."))))
                return events
        if defended:
            attacker = defender if defender not in self.out else self.next_in(defender)
        else:
            attacker = self.next_in(defender)
        self._seat(attacker)
        self.attacks, self.defences, self.ranks = [], [], set()
        self.done.clear()
        self.taking = False
        self.round_no += 1
        self.limit = min(self.rules.round_cap(self.round_no), len(self.hands[self.defender]))
        text = _next_round_text(defender, attacker, self.defender, defended)
        events.append(_new(Event, ("next_round", attacker, (), text)))
        return events

    def _refill(self, events: list[Event]) -> None:
        """Main attacker first, then the other attackers clockwise, the defender last; each draws up
        to six before the next draws, until the stock (face-up trump last) runs out. Adds the
        draws to ``events``."""
        stock = self.stock
        six = self._six
        for p in self._attackers + (self.defender,):
            hand = self.hands[p]
            want = HAND_SIZE - len(hand)
            if want <= 0:
                continue
            drawn = tuple(stock[:want])
            del stock[:want]
            hand += drawn
            if _holds(drawn, six):
                self.six_swappable = True
            events.append(_new(Event, ("draw", p, drawn, _draws_text(p, len(drawn), len(hand), not stock))))
            if not stock:
                break

    _CHECKS = {"attack": _check_attack, "defend": _check_defend, "take": _check_take, "done": _check_done,
               "transfer": _check_transfer, "swap": _check_swap}
    _DOES = {"attack": _do_attack, "defend": _do_defend, "take": _do_take, "done": _do_done,
             "transfer": _do_transfer, "swap": _do_swap}

    # --- views ----------------------------------------------------------------------------------

    def view(self, seat: str, *, sampling: bool = True) -> DurakView:
        """What ``seat`` sees now (:class:`DurakView`)."""
        fields = self._common_view(seat)
        skeleton = self._skeleton(seat) if sampling else None
        table = [c for pair in zip(self.attacks, self.defences) for c in pair if c is not None]
        return DurakView(
            legal=self._seat_actions(seat), skeleton=skeleton, played=tuple(self.discard) + tuple(table),
            attacks=tuple(self.attacks), defences=tuple(self.defences), trump=self.trump,
            trump_card=self.trump_card if self.stock else None, stock=len(self.stock),
            discard=len(self.discard), attacker=self.attacker, defender=self.defender,
            attackers=self._attackers, done=frozenset(self.done), taking=self.taking, limit=self.limit,
            round_no=self.round_no, out=tuple(self.out), over=self.over, loser=self.loser, **fields)

    def _skeleton(self, seat: str) -> "DurakState":
        """A copy holding no card ``seat`` cannot see (:meth:`DurakView.sample_state` deals them)."""
        skeleton = self.copy()
        for p in self.players:
            if p != seat:
                skeleton.hands[p] = []
        skeleton.stock = []
        skeleton.six_swappable = False
        return skeleton

    def deal_spec(self) -> dict:
        """The hands, the stock, the trump and the attacker."""
        return {**super().deal_spec(), "stock": [str(c) for c in self.stock], "trump": self.trump,
                "attacker": self.attacker}

    def expect_spec(self) -> dict:
        """Over, the hand sizes and, once over, the loser (``None`` for a draw)."""
        expect = super().expect_spec()
        if self.is_over():
            expect["loser"] = self.loser
        return expect

    def outcome(self) -> Message:
        if self.loser:
            return _("{player} is the durak (the fool)", player=self.loser)
        return _("a draw, nobody is the durak")

    def score_line(self) -> tuple[dict[str, Message], dict[str, int]]:
        """Durak, out or draw; one for the durak."""
        # TRANSLATORS: a player's result in a line of the score table: the durak (the fool, who lost),
        # out (went out of cards in time), or a draw.
        cells = {p: p_("score", "durak") if p == self.loser
                 else (p_("score", "draw") if self.loser is None else p_("score", "out")) for p in self.players}
        return cells, {p: int(p == self.loser) for p in self.players}

    def score_total(self) -> Message:
        return p_("score", "times durak")

    def next_game(self, seed: int = 0) -> "DurakState":
        """The next game: the loser deals and the player on their left attacks (after a draw, the
        holder of the lowest trump). Raises ``ValueError`` while this game is not over."""
        if not self.over:
            raise ValueError("the game is not over")
        return new_game(self.rules, self.players, seed=seed, previous_loser=self.loser)

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
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other._offered = None
        other.stock = list(self.stock)
        other.discard = list(self.discard)
        other.attacks = list(self.attacks)
        other.defences = list(self.defences)
        other.ranks = set(self.ranks)
        other.done = set(self.done)
        other.out = list(self.out)
        return other

    def with_rules(self, rules: DurakRules) -> "DurakState":
        other = super().with_rules(rules)
        # The round's limit was fixed when it began, from the rule set's cap and the cards the
        # defender held then: those held now plus the defence cards already played.
        held = len(other.hands[other.defender]) + sum(d is not None for d in other.defences)
        other.limit = min(rules.round_cap(other.round_no), held)
        return other

    def deck_cards(self) -> frozenset[Card]:
        return _DECK_SET

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
        from ..cards import sort_cards

        facts = dict(rules=self.rules.name, round=self.round_no, symbol=SUIT_SYMBOLS[self.trump],
                     suit=SUIT_WORDS[self.trump], stock=len(self.stock), discard=len(self.discard))
        if self.stock:
            # TRANSLATORS: the first line of a position in words; {rules} is the rule set's name, kept as
            # it is, {symbol} the trump suit's symbol and {suit} its name ("spades"), {card} the face-up
            # card in the notation a learner types (S8).
            head = _("durak ({rules}), round {round}; trump {symbol} {suit}, face-up {card}; stock {stock}, "
                     "discard {discard}", card=self.trump_card, **facts)
        else:
            head = _("durak ({rules}), round {round}; trump {symbol} {suit}; stock {stock}, discard {discard}",
                     **facts)
        lines = [head]
        for p in self.players:
            cards = format_cards(sort_cards(self.hands[p])) or "-"
            lines.append(_("{player}: {cards} (out)", player=p, cards=cards) if p in self.out else f"{p}: {cards}")
        if self.over:
            lines.append(_("game over: {player} loses", player=self.loser) if self.loser else _("game over: draw"))
        else:
            pairs = [f"{a}/{d}" if d else f"{a}/?" for a, d in zip(self.attacks, self.defences)]
            lines.append(n_("table: {pairs}  ({n} of {count} attack card)",
                            "table: {pairs}  ({n} of {count} attack cards)", self.limit,
                            pairs=" ".join(pairs) or "-", n=len(self.attacks)))
            lines.append(_("{attacker} attacks {defender} (taking)", attacker=self.attacker, defender=self.defender)
                         if self.taking else _("{attacker} attacks {defender}", attacker=self.attacker,
                                                defender=self.defender))
        return "\n".join([str(head)] + [f"  {line}" for line in lines[1:]])

    # --- hooks of the shared widgets, pictures and referee ------------------------------------------

    def focus(self) -> str:
        """The defender while an attack card is open and they have not taken; else the main
        attacker while they may act; else the first player who may."""
        acting = self.to_act()
        if self.defender in acting and self.unbeaten() and not self.taking:
            return self.defender
        if self.attacker in acting:
            return self.attacker
        return acting[0] if acting else self.players[0]

    def picture(self, **options) -> str:
        from .picture import durak_table_svg

        return durak_table_svg(self, **options)

    def verbs(self) -> list[str]:
        return [v for v in self.VERBS if v != "transfer" or self.rules.transfer]

    def hand_order(self, cards) -> list[Card]:
        """As a player holds a Durak hand: suits together, trumps at the right, low to high."""
        return sorted(cards, key=lambda c: (c.suit == self.trump, "SHDC".index(c.suit), c.rank))

    def table_cards(self) -> list[Card]:
        """The unbeaten attack cards: a defence names one of them."""
        return self.unbeaten()

    def arrange(self, verb: str, cards) -> list:
        """A defence writes the attack card first, whichever was selected first."""
        if verb != "defend":
            return list(cards)
        table = set(self.attacks)
        return sorted(cards, key=lambda c: c not in table)

    def table_talk(self) -> list[tuple[str, str]]:
        from .checklist import table_talk

        return table_talk(self)

    def checklist(self, action: Action) -> list[tuple[str, str]]:
        from .checklist import ask

        return ask(self, action)

    def __repr__(self) -> str:
        return f"<DurakState {self.rules.name} round {self.round_no}: {self.attacker} attacks {self.defender}>"


def _rank_order(text: str) -> int:
    return "6 7 8 9 10 J Q K A".split().index(text)


def _lowest_trump_holder(players, hands, trump) -> str | None:
    best = None
    for p in players:
        for c in hands.get(p, ()):
            if c.suit == trump and (best is None or c.rank < best[1].rank):
                best = (p, c)
    return best[0] if best else None


def _players(players) -> tuple[str, ...]:
    players = player_names(players)
    if not 2 <= len(players) <= 6:
        raise DealError(f"durak is for 2 to 6 players, not {len(players)}")
    return players


def new_game(rules: DurakRules | str, players, seed: int = 0, previous_loser: str | None = None) -> DurakState:
    """A freshly shuffled and dealt game.

    The first game: the holder of the lowest trump attacks. Later games of a match: pass the
    previous game's loser; they deal and the player on their left attacks. Choice: after a drawn
    game (no loser) the next game starts like a first game. With six players all 36 cards are
    dealt; choice: the last card dealt (the dealer's) is shown to fix the trump and stays in hand.
    """
    rules = rule_set("durak", RULESETS, rules)
    players = _players(players)
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


def new_match(rules: DurakRules | str, players, seed: int = 0) -> Match:
    """Game after game without end (a table's match): the first game as :func:`new_game` deals it
    with ``seed``, each later one with its loser dealing (:meth:`DurakState.next_game`)."""
    return Match(new_game(rules, players, seed=seed), seed=seed)


def _start(rules, players, hands, stock, trump, attacker, previous_loser):
    if attacker is None:
        if previous_loser is not None:
            previous_loser = player_name(previous_loser)
            if previous_loser not in players:
                raise DealError(f"previous_loser {previous_loser!r} is not a player")
            attacker = players[(players.index(previous_loser) + 1) % len(players)]
        else:
            attacker = _lowest_trump_holder(players, hands, trump) or players[0]
    elif (attacker := player_name(attacker)) not in players:
        raise DealError(f"attacker {attacker!r} is not a player")
    holding = [p for p in players if hands.get(p)]
    if not stock and len(holding) < 2:
        raise DealError("at least two players must hold cards when the stock is empty")
    if not stock and attacker not in holding:
        raise DealError(f"the attacker {attacker} holds no cards and the stock is empty")
    if stock:
        # Nobody is out while the stock lasts, so the next seat defends; both need cards to play.
        for p in (attacker, players[(players.index(attacker) + 1) % len(players)]):
            if not hands.get(p):
                raise DealError(f"{p} holds no cards but must attack or defend first; while the stock "
                                "has cards, every player refills before a round begins")
    return DurakState(rules, players, hands, stock, trump, attacker)


def from_deal(rules: DurakRules | str, players, hands=None, stock=None, trump=None, attacker=None,
              seed: int = 0, previous_loser: str | None = None) -> DurakState:
    """A position from a scenario's ``deal``. ``hands`` maps players to cards, or to card texts
    such as ``"S9 H9"`` (partial hands are fine); ``stock`` lists the draw pile, first drawn first,
    its last card face up. Left out, the stock is every card in no hand, shuffled by ``seed``, with
    a card of ``trump`` (when given) at the bottom. Raises :class:`DealError` for an impossible deal
    and :class:`~cardlab.cards.CardError` for a card text that does not parse."""
    rules = rule_set("durak", RULESETS, rules)
    players = _players(players)
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


# --- what the scenario runner needs to know -------------------------------------------------------

PLAYER_COUNTS = {name: (2, 6) for name in RULESETS}
DEFAULT_PLAYERS = 2  # a table offers a head-to-head game first
DEAL_KEYS = {"hands": "hands", "stock": "cards", "seed": "int", "trump": "suit", "attacker": "player",
             "previous_loser": "player"}
EXPECTATIONS = {
    "stock_size": ("int", lambda s: len(s.stock)),
    "trump": ("suit", lambda s: s.trump),
    "attacker": ("player", lambda s: s.attacker),
    "defender": ("player", lambda s: s.defender),
    "table": ("cards", lambda s: frozenset(s.table)),
    "discard_size": ("int", lambda s: len(s.discard)),
    "loser": ("player_or_null", lambda s: s.loser),
    "draw": ("bool", lambda s: s.is_draw),
    "attack_limit": ("int", lambda s: s.limit),
}
State = DurakState
