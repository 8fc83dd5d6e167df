"""How Durak is put into words: the suits, what each event of a round says, why a card does not
beat another, why the round takes no more attack cards, and a position as text. Every text is a
message (:mod:`cardlab.i18n`), put into words when it is read, in the language of that moment."""

from __future__ import annotations

from functools import lru_cache

from ..cards import SUIT_SYMBOLS, Card, format_cards, sort_cards
from ..engine import rules_word
from ..i18n import Message, _, ands, chain, n_, p_
from .rules import MAX_ATTACK

# The suits in words: a suit ("trump ♠ spades", the same words as cardlab.cards.SUIT_NAMES) and one
# card of it ("a higher spade").
SUIT_WORDS: dict[str, Message] = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
# TRANSLATORS: one card of a suit, in "a higher heart" (where the suit's name may well do).
SUIT_CARD_WORDS: dict[str, Message] = {"S": p_("a card of the suit", "spade"), "H": p_("a card of the suit", "heart"),
                                       "D": p_("a card of the suit", "diamond"), "C": p_("a card of the suit", "club")}


def names_then(names) -> Message | str:
    """Names in the order they act: "甲, then 丙, then 乙"."""
    return chain(names, lambda text, name: _("{first}, then {next}", first=text, next=name))


# --- what the events say ----------------------------------------------------------------------------
# Each event's text is a message, put into words when it is read. Random play and the bots' rollouts
# make one or more events at every decision, and the same few texts recur game after game: each is
# made once (a new message costs more than the f-string it replaced) and shared, as messages never
# change.
_said = lru_cache(maxsize=4096)


@_said
def opens_text(player: str, defender: str, card: str, limit: int) -> Message:
    return n_("{player} opens the round against {defender} with {card}; the round may have up to {count} attack "
              "card.",
              "{player} opens the round against {defender} with {card}; the round may have up to {count} attack "
              "cards.", limit, player=player, defender=defender, card=card)


@_said
def adds_text(player: str, card: str, n: int, limit: int) -> Message:
    return n_("{player} adds {card}: its rank is already on the table ({n} of {count} attack card).",
              "{player} adds {card}: its rank is already on the table ({n} of {count} attack cards).",
              limit, player=player, card=card, n=n)


@_said
def beats_text(player: str, attack: Card, defence: Card, trump: str) -> Message:
    cards = dict(player=player, attack=attack.symbol, defence=defence.symbol)
    if defence.suit == attack.suit:  # a trump beaten by a higher trump too
        return _("{player} beats {attack} with {defence}: a higher card of the same suit.", **cards)
    return _("{player} beats {attack} with {defence}: a trump ({trump}) beats any other suit.",
             trump=SUIT_WORDS[trump], **cards)


@_said
def transfers_text(player: str, card: str, defender: str, count: int, old: str) -> Message:
    return n_("{player} transfers the attack with {card} (same rank, nothing beaten yet): {player} is now the main "
              "attacker and {defender} must defend {count} card; {old} may add once {player} says done or can add "
              "nothing.",
              "{player} transfers the attack with {card} (same rank, nothing beaten yet): {player} is now the main "
              "attacker and {defender} must defend {count} cards; {old} may add once {player} says done or can add "
              "nothing.", count, player=player, card=card, defender=defender, old=old)


@_said
def will_take_text(player: str) -> Message:
    return _("{player} will take: the attackers may still add cards of ranks on the table before the table is "
             "picked up.", player=player)


@_said
def done_text(player: str, others_may_add: bool) -> Message:
    if others_may_add:
        return _("{player} adds nothing more for now; the other attackers may now add cards.", player=player)
    return _("{player} adds nothing more for now.", player=player)


def swap_text(player: str, card: str) -> Message:
    return _("{player} swaps the six of trumps for the face-up {card}, which lay under the stock; the six now "
             "lies face up and will be drawn last.", player=player, card=card)


@_said
def picks_up_text(player: str, count: int, defended: bool) -> Message:
    if count == 1:
        return _("{player} picks up the card on the table.", player=player)
    if defended:
        return n_("{player} picks up all {count} card on the table, own defence cards included.",
                  "{player} picks up all {count} cards on the table, own defence cards included.", count,
                  player=player)
    return n_("{player} picks up all {count} attack card on the table.",
              "{player} picks up all {count} attack cards on the table.", count, player=player)


@_said
def discard_text(count: int) -> Message:
    return n_("Every attack card is beaten and no attacker adds more: the {count} card goes to the discard pile, "
              "out of the game.",
              "Every attack card is beaten and no attacker adds more: the {count} cards go to the discard pile, "
              "out of the game.", count)


def out_text(player: str) -> Message:
    return _("{player} has no cards and the stock is empty: {player} is out of the game.", player=player)


def loser_text(player: str) -> Message:
    return _("{player} is the last player holding cards: the durak, who loses the game.", player=player)


def draw_text() -> Message:
    return _("The last players ran out of cards in the same round: nobody is left holding cards, so the game is a "
             "draw.")


@_said
def next_round_text(old: str, attacker: str, defender: str, defended: bool) -> Message:
    """``old`` defended (or took); ``attacker`` attacks ``defender`` next."""
    if not defended:
        return _("{old} took, so loses the turn to attack: {attacker}, the next player, attacks; {defender} "
                 "defends.", old=old, attacker=attacker, defender=defender)
    if attacker == old:
        return _("{old} defended successfully and attacks next; {defender} defends.", old=old, defender=defender)
    return _("{old} defended but is out; the next player still in, {attacker}, attacks; {defender} defends.",
             old=old, attacker=attacker, defender=defender)


@_said
def draws_text(player: str, count: int, held: int, stock_empty: bool) -> Message:
    if stock_empty:
        return n_("{player} draws {count} card and holds {held}. The stock is now empty.",
                  "{player} draws {count} cards and holds {held}. The stock is now empty.", count,
                  player=player, held=held)
    return n_("{player} draws {count} card and holds {held}.", "{player} draws {count} cards and holds {held}.",
              count, player=player, held=held)


# --- why an action is refused ---------------------------------------------------------------------

def limit_text(count: int, limit: int, cap: int, defender: str, rules: str) -> Message:
    """Why a round holding ``count`` attack cards takes no more: its ``limit`` (fixed when it began)
    is what ``defender`` held then, or the rule set's ``cap`` for this round."""
    if limit < cap:
        # TRANSLATORS: {held} is a number of cards in words ("3 cards").
        return n_("The round already has {count} attack card and may not have more: {defender} held only "
                  "{held} when the round began. Beaten attack cards count too.",
                  "The round already has {count} attack cards and may not have more: {defender} held only "
                  "{held} when the round began. Beaten attack cards count too.", count,
                  defender=defender, held=n_("{count} card", "{count} cards", limit))
    cap_cards = n_("{count} attack card", "{count} attack cards", cap)
    if cap < MAX_ATTACK:
        # TRANSLATORS: {cap} is a number of attack cards in words ("5 attack cards"); {rules} is the
        # rule set's name as the catalogs give it (context "rule set").
        return n_("The round already has {count} attack card and may not have more: a round has at most "
                  "{cap} in the first round of the game under {rules}. Beaten attack cards count too.",
                  "The round already has {count} attack cards and may not have more: a round has at most "
                  "{cap} in the first round of the game under {rules}. Beaten attack cards count too.", count,
                  cap=cap_cards, rules=rules_word(rules))
    return n_("The round already has {count} attack card and may not have more: a round has at most {cap}. "
              "Beaten attack cards count too.",
              "The round already has {count} attack cards and may not have more: a round has at most {cap}. "
              "Beaten attack cards count too.", count, cap=cap_cards)


def why_not_beat(attack: Card, defence: Card, trump: str) -> Message:
    """Why ``defence`` does not beat ``attack`` when ``trump`` is the trump suit."""
    trump_words = SUIT_WORDS[trump]
    if defence.suit == attack.suit:
        return _("{defence} is not higher than {attack}: within a suit only a higher card beats.",
                 defence=defence.symbol, attack=attack.symbol)
    if attack.suit == trump:
        return _("{attack} is a trump ({trump}); only a higher trump beats it, and {defence} is not a trump.",
                 attack=attack.symbol, trump=trump_words, defence=defence.symbol)
    # TRANSLATORS: {suit} is one card of the attack card's suit in words ("a higher heart"); {trump}
    # names the trump suit ("spades").
    return _("{defence} is neither a higher {suit} nor a trump ({trump}); the other suits never beat each "
             "other.", defence=defence.symbol, suit=SUIT_CARD_WORDS[attack.suit], trump=trump_words)


def priority_text(main: str, others: list[str], count: int, limit: int, main_done: bool,
                  main_can_add: bool) -> Message:
    """Who may add an attack card now and why, in one plain sentence. ``main`` (the main attacker)
    has the first say after every new card; ``others`` (the other attackers) may add once ``main``
    has said done since that card (``main_done``) or can add nothing (not ``main_can_add``). The
    round has ``count`` attack cards of the ``limit`` it may have."""
    if not count:
        return _("Only {main}, the main attacker, may open the round.", main=main)
    if count >= limit:
        return n_("Nobody: the round has reached its limit of {count} attack card.",
                  "Nobody: the round has reached its limit of {count} attack cards.", limit)
    if main_done:
        if not others:
            return _("Nobody else: {main} said done after the last card landed, and there is no other "
                     "attacker.", main=main)
        return _("{others} may add now: {main} said done after the last card landed. After the next "
                 "card lands, {main} has the first say again.", others=ands(others), main=main)
    if not main_can_add:
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


# --- a position as text ---------------------------------------------------------------------------

def position_text(state) -> str:
    """``state`` as plain text, one fact a line, in the current language (put into words now)."""
    facts = dict(rules=rules_word(state.rules), round=state.round_no, symbol=SUIT_SYMBOLS[state.trump],
                 suit=SUIT_WORDS[state.trump], stock=len(state.stock), discard=len(state.discard))
    if state.stock:
        # TRANSLATORS: the first line of a position in words; {rules} is the rule set's name, kept as
        # it is, {symbol} the trump suit's symbol and {suit} its name ("spades"), {card} the face-up
        # card in the notation a learner types (S8).
        head = _("durak ({rules}), round {round}; trump {symbol} {suit}, face-up {card}; stock {stock}, "
                 "discard {discard}", card=state.trump_card, **facts)
    else:
        head = _("durak ({rules}), round {round}; trump {symbol} {suit}; stock {stock}, discard {discard}",
                 **facts)
    lines = [head]
    for p in state.players:
        cards = format_cards(sort_cards(state.hands[p])) or "-"
        lines.append(_("{player}: {cards} (out)", player=p, cards=cards) if p in state.out else f"{p}: {cards}")
    if state.over:
        lines.append(_("game over: {player} loses", player=state.loser) if state.loser else _("game over: draw"))
    else:
        pairs = [f"{a}/{d}" if d else f"{a}/?" for a, d in zip(state.attacks, state.defences)]
        lines.append(n_("table: {pairs}  ({n} of {count} attack card)",
                        "table: {pairs}  ({n} of {count} attack cards)", state.limit,
                        pairs=" ".join(pairs) or "-", n=len(state.attacks)))
        lines.append(_("{attacker} attacks {defender} (taking)", attacker=state.attacker, defender=state.defender)
                     if state.taking else _("{attacker} attacks {defender}", attacker=state.attacker,
                                            defender=state.defender))
    return "\n".join([str(head)] + [f"  {line}" for line in lines[1:]])
