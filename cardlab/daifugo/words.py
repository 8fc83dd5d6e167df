"""How the Daifugo package puts a game into words, in the current language when they are read: its
cards in sentences, what the events of the exchange and the plays say, why a give is refused, and
a position as text.

Lists and lines are put together by :mod:`cardlab.i18n` (:func:`~cardlab.i18n.commas`,
:class:`~cardlab.i18n.Lines` ...); :func:`symbols` is text with its cards as 9♠, made when it is
read, so that everything a learner reads keeps following :func:`cardlab.set_language`.

>>> str(symbols("S9 on H8"))
'9♠ on 8♥'
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import SUIT_SYMBOLS, format_cards, sort_cards, to_symbols
from ..engine import rules_word
from ..i18n import Later, Message, _, ands, commas, n_, p_, semicolons
from .rules import JOKER, ORDER, RANK_TITLES, RANK_WORDS, a_rank, order_text, strength


# The messages whose words differ under the web rules (rule set yeeqia, its ``words``): the catalogs
# hold each once more with the context "yeeqia" ("yeeqia picture" for a picture's label), and a
# position of those rules reads them so (DaifugoState says what it says through i18n.Worded). In
# Japanese they speak the web page's words, 単騎, スリーカード, フォーカード, 帰京（税）, 局 and マーク,
# where the federation's rules (and the messages' own entries) say 1枚出し, 3枚組, 4枚組, カード交換,
# ゲーム and スート. Only marked here for the catalogs: each is written where it is used, with no context.
YEEQIA_WORDS = (
    p_("yeeqia", "single {rank}"),
    p_("yeeqia", "a single {rank}"),
    p_("yeeqia", "three {rank}s"),
    p_("yeeqia", "four {rank}s"),
    p_("yeeqia", "a single card"),
    p_("yeeqia", "three of a kind"),
    p_("yeeqia", "four of a kind"),
    p_("yeeqia", "Four of a kind is beaten only by a stronger four of a kind: a follow has the "
       "same number and kind of cards as the play it beats."),
    p_("yeeqia", "{play} only equals {top}: an equal rank never beats, and suits never rank. {order}"),
    p_("yeeqia", "its cards are neither all of one rank (as in a group) nor all of one suit (as in a sequence)"),
    p_("yeeqia", "{cards} is no combination: {why}. A play is a single card, two or more cards of "
       "one rank, or a sequence (three or more cards of one suit in a row)."),
    p_("yeeqia", "{cards} is no combination: {why}. A sequence (階段) is three or more cards of one suit in a row."),
    p_("yeeqia", "a sequence is all of one suit"),
    p_("yeeqia", "Is the card exchange done?"),
    p_("yeeqia", "Is there a card exchange before play?"),
    p_("yeeqia", "Does the spade 3 answer a lone joker (スペ3返し, spade-3 return)?"),
    p_("yeeqia", "Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?"),
    p_("yeeqia", "the first seat listed: a game with no previous places starts there, not with "
       "whoever holds a 3; later games start from the previous 大貧民 (daihinmin)"),
    p_("yeeqia", "the previous 大貧民 (daihinmin), once the exchange is done"),
    p_("yeeqia", "not in this game: the first game of a {series} ({games} games) has no previous "
       "places. From the second game on: {how}."),
    p_("yeeqia", "yes, before the first card: {who}. {how}. It is done in this position."),
    p_("yeeqia", "no: this play ends the game, so no table is left to clear."),
    p_("yeeqia", "Who leads once the exchange is done?"),
    p_("yeeqia", "{leader}, the previous 大貧民 (daihinmin)."),
    p_("yeeqia", "was {title}"),
    p_("yeeqia picture", "card exchange"),
    p_("yeeqia picture", "game over"),
    p_("yeeqia", "the exchange: each pair gives its cards"),
    p_("yeeqia", "in turn, players play a stronger combination of the same shape or pass, and "
       "give cards in the exchange before a game"),
    p_("yeeqia", "The game has ended: every place is decided."),
    p_("yeeqia", "{player} has gone out and takes no further part in this game."),
    p_("yeeqia", "The card exchange comes first: nobody plays until every player of an exchanging "
       "pair has given (waiting for {waiting})."),
    p_("yeeqia", "There is nothing to give: the exchange of this game is over."),
    p_("yeeqia", "There is nothing to give: this game has no exchange: it follows only a game of "
       "the same set or match."),
    p_("yeeqia", "The exchange is done; {player} leads."),
    p_("yeeqia", "was {rank}"),
    p_("yeeqia", "game over: {results}"),
    p_("yeeqia", "card exchange: waiting for {players}"),
    p_("yeeqia", "the game is over"),
    p_("yeeqia", "the game goes on"),
    p_("yeeqia", "{play} only equals {top}, and an equal rank never beats (suits never rank)"),
)


def symbols(text) -> Later:
    """``text`` with its cards as a learner reads them: 9♠ for S9."""
    return Later(to_symbols, text)


def suits_text(suits) -> str:
    """Suits as their symbols, in the order ♠ ♥ ♦ ♣."""
    return " ".join(SUIT_SYMBOLS[s] for s in sorted(suits, key="SHDC".index))


# --- the exchange -------------------------------------------------------------------------------

def wrong_count_text(player: str, rank: str, partner: str, partner_rank: str, count: int, given: int,
                     lower: bool) -> Message:
    """Why ``player`` may not hand over ``given`` cards: the exchange asks ``count``."""
    values = dict(player=player, rank=RANK_TITLES[rank], partner=partner, partner_rank=RANK_TITLES[partner_rank],
                  given=given)
    if lower:
        return n_("{player} ({rank}) hands exactly {count} card to {partner} ({partner_rank}), not {given}.",
                  "{player} ({rank}) hands exactly {count} cards to {partner} ({partner_rank}), not {given}.",
                  count, **values)
    return n_("{player} ({rank}) hands exactly {count} card back to {partner} ({partner_rank}), not {given}.",
              "{player} ({rank}) hands exactly {count} cards back to {partner} ({partner_rank}), not {given}.",
              count, **values)


def forced_text(player: str, rank: str, partner: str, count: int, lower: bool, jokers: bool, wanted,
                tokens) -> Message:
    """Why ``tokens`` are not the cards ``player`` must hand over: the ``count`` strongest (the
    lower player) or weakest, whose strengths in the exchange are ``wanted``."""
    names = commas(a_rank(JOKER if s == strength(JOKER, False) else ORDER[s]) for s in sorted(wanted, reverse=True))
    values = dict(player=player, rank=RANK_TITLES[rank], partner=partner, names=names, cards=format_cards(tokens))
    if lower:
        if jokers:
            return n_(
                "{player} ({rank}) must hand {partner} their strongest {count} card in the normal order (joker, "
                "2, A, K, ...): {names}; only the suit of a tied rank is theirs to choose. {cards} is not that.",
                "{player} ({rank}) must hand {partner} their strongest {count} cards in the normal order (joker, "
                "2, A, K, ...): {names}; only the suit of a tied rank is theirs to choose. {cards} is not that.",
                count, **values)
        return n_(
            "{player} ({rank}) must hand {partner} their strongest {count} card in the normal order (2, A, K, "
            "...): {names}; only the suit of a tied rank is theirs to choose. {cards} is not that.",
            "{player} ({rank}) must hand {partner} their strongest {count} cards in the normal order (2, A, K, "
            "...): {names}; only the suit of a tied rank is theirs to choose. {cards} is not that.",
            count, **values)
    return n_(
        "Under this rule set the upper player returns their weakest {count} card in the normal order: {player} "
        "({rank}) must give {names}; {cards} is not that.",
        "Under this rule set the upper player returns their weakest {count} cards in the normal order: {player} "
        "({rank}) must give {names}; {cards} is not that.", count, **values)


def give_text(player: str, cards, partner: str, lower: bool, weakest: bool) -> Message:
    """``player`` sets aside ``cards`` for ``partner``: the strongest (``lower``), the weakest, or
    cards of their choice."""
    values = dict(player=player, cards=format_cards(cards), partner=partner)
    if lower:
        return _("{player} sets aside {cards} for {partner} (their strongest); the cards change hands once every "
                 "give is in.", **values)
    if weakest:
        return _("{player} sets aside {cards} for {partner} (their weakest); the cards change hands once every "
                 "give is in.", **values)
    return _("{player} sets aside {cards} for {partner} (cards of their choice); the cards change hands once "
             "every give is in.", **values)


def exchange_text(low: str, low_rank: str, up: str, up_rank: str, count: int, to_low, to_up) -> Message:
    """The lower player ``low`` and the upper player ``up`` trade ``count`` cards each."""
    return n_("{low} ({low_rank}) and {up} ({up_rank}) trade {count} card: {low} gets {to_low}, {up} gets {to_up}.",
              "{low} ({low_rank}) and {up} ({up_rank}) trade {count} cards: {low} gets {to_low}, {up} gets "
              "{to_up}.", count, low=low, low_rank=RANK_TITLES[low_rank], up=up, up_rank=RANK_TITLES[up_rank],
              to_low=format_cards(to_low), to_up=format_cards(to_up))


# --- the plays ----------------------------------------------------------------------------------

@lru_cache(maxsize=256)
def passes_text(player: str) -> Message:
    """The event text of ``player``'s pass, made once (a message reads in the language of the moment)."""
    return _("{player} passes and sits out until the table is cleared.", player=player)


def revolution_text(revolution: bool, count: int, jokers: bool) -> Message:
    """A play of ``count`` cards of one rank starts a revolution (``revolution``), or ends one."""
    if not revolution:
        return _("Counter-revolution: another group of {count} cards of one rank restores the normal order, "
                 "{order}.", count=count, order=order_text(False, jokers))
    order = order_text(True, jokers)
    if jokers:  # the jokers keep their place
        return _("Revolution (革命): {count} cards of one rank reverse the order of the ordinary cards until the "
                 "game ends or the next revolution: {order}.", count=count, order=order)
    return _("Revolution (革命): {count} cards of one rank reverse the order of the cards until the game ends or "
             "the next revolution: {order}.", count=count, order=order)


def lock_text(lock) -> Message:
    return _("Suit lock (スート縛り): two plays in a row used the same suits ({suits}); until the table is cleared "
             "every play must too.", suits=suits_text(lock))


def foul_text(player: str, title, reasons, cut: bool, returned: bool, order_changed: bool) -> Message:
    """``player`` goes out by a forbidden finish for ``reasons`` and ranks ``title`` from the
    bottom; ``order_changed``: the play started or ended a revolution."""
    values = dict(player=player, title=title)
    if cut:
        ranked = _("Ranked from the bottom, {player} is {title}; the cut still clears the table.", **values)
    elif returned:
        ranked = _("Ranked from the bottom, {player} is {title}; the spade-3 return still clears the table.", **values)
    else:
        ranked = _("Ranked from the bottom, {player} is {title}; the play stays on the table.", **values)
    # The checklist repeats the ranking apart from the reasons (text.values["ranked"]).
    if order_changed:
        return _("{player} goes out by a forbidden finish (反則上がり): {reasons} (judged by the order before the "
                 "play). {ranked}", player=player, reasons=semicolons(reasons), ranked=ranked)
    return _("{player} goes out by a forbidden finish (反則上がり): {reasons}. {ranked}", player=player,
             reasons=semicolons(reasons), ranked=ranked)


def miyako_ochi_text(player: str, top: str, title, still_in: int, fouls) -> Message:
    """``player`` went out first, so ``top``, the previous 大富豪, is demoted: where ``top`` ends
    (``title``) as far as it is known, with ``still_in`` players still in and ``fouls`` the
    forbidden finishers so far."""
    if still_in > 1:  # the game goes on: a later forbidden finish ranks below them too
        place = _("{top} is {title} unless a player still in goes out by a forbidden finish, who would then rank "
                  "below {top}", top=top, title=title)
    elif not fouls:
        place = _("{top} is {title}", top=top, title=title)
    else:
        place = _("{top} is {title}, above {fouled}, who went out by a forbidden finish", top=top, title=title,
                  fouled=ands(fouls))
    return _("Miyako-ochi (都落ち): {player} went out first with a clean finish, so {top}, the previous 大富豪, is "
             "out at once and ranks below every other player except those who go out by a forbidden finish: "
             "{place}.", player=player, top=top, place=place)


def game_over_text(result: dict[str, str], points: dict[str, int]) -> Message:
    """The ranks of a game that is over (player → rank name), and its points when it scores."""
    ranks = commas(_("{player} {title}", player=p, title=RANK_TITLES[r]) for p, r in result.items())
    if points:
        score = commas(_("{player} {points}", player=p, points=format(v, "+d")) for p, v in points.items())
        return _("The game is over: {ranks}; points {points}.", ranks=ranks, points=score)
    return _("The game is over: {ranks}.", ranks=ranks)


# --- a position as text -------------------------------------------------------------------------

def position_text(state) -> Message:
    """``state`` as plain text, one fact a line (a message, read in the current language)."""
    suits = suits_text(state.lock)
    name = rules_word(state.rules)
    if state.revolution and state.lock:
        head = _("daifugo ({rules}); revolution in force; suit lock {suits}", rules=name, suits=suits)
    elif state.revolution:
        head = _("daifugo ({rules}); revolution in force", rules=name)
    elif state.lock:
        head = _("daifugo ({rules}); suit lock {suits}", rules=name, suits=suits)
    else:
        head = _("daifugo ({rules})", rules=name)
    lines = []
    for p in state.players:
        tags = []
        if state.previous_ranks:
            tags.append(_("was {rank}", rank=RANK_WORDS[state.previous_ranks[p]]))
        if p in state.gives and state.exchanging:
            tags.append(_("gives {cards}", cards=format_cards(state.gives[p])))
        if p == state.demoted:
            tags.append(p_("position", "demoted"))
        elif p in state.fouls:
            tags.append(p_("position", "out, forbidden finish"))
        elif p in state.out:
            tags.append(p_("position", "out"))
        if p in state.passed:
            tags.append(p_("position", "passed"))
        cards = format_cards(sort_cards(state.hands[p])) or "-"
        if tags:
            lines.append(_("{player}: {cards}  ({tags})", player=p, cards=cards, tags=semicolons(tags)))
        else:
            lines.append(_("{player}: {cards}", player=p, cards=cards))
    if state.over:
        results = commas(_("{player} {rank}", player=p, rank=RANK_WORDS[r]) for p, r in state.result().items())
        lines.append(_("game over: {results}", results=results))
    elif state.exchanging:
        lines.append(_("card exchange: waiting for {players}",
                       players=commas(p for p in state.players if p not in state.gives)))
    else:
        top = _("{play} by {player}", play=state.top, player=state.last_player) if state.table else "-"
        lines.append(_("table: {top}", top=top))
        lines.append(_("turn: {player}", player=state.turn))
    return Later(_indented, head, *lines)


def _indented(head: str, *lines: str) -> str:
    """The head, then each line indented: a position as text."""
    return "\n".join([head, *("  " + line for line in lines)])
