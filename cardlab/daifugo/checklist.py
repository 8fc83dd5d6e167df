"""The questions a Daifugo player asks before and during a game, answered by the engine itself.

:func:`table_talk` is what the players agree on before the first card (the federation article's
section 七 lists the points a table should settle), answered for the rule set and the deal in
front of them; a rule the rule set lacks is answered "no".

:func:`ask` is the article's checklist for a proposed play, in the article's order: the same
number and kind of cards as the play to beat? is a revolution in force, and so which order
applies? is a suit lock in force, and does the play keep to it? does the play clear the table
(8切)? would it be a forbidden finish if these were the player's last cards? For a pass and for a
give it asks the questions that apply to them. The last answer is always the engine's verdict
(:meth:`~cardlab.game.Game.verdict`).

Every answer comes from the functions the engine applies (``combos.py``, ``state.py``), and where a
play is legal, from performing it on a copy of the position, so the referee cannot disagree with
the game. Answers name players as the state does and write cards as 9♠; the shared referee widget
adds the seat letters.

    >>> from cardlab.daifugo import from_deal
    >>> game = from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={"甲": "S2 H2", "乙": "S5",
    ...                  "丙": "D4", "丁": "C6"})
    >>> answers = ask(game, game.parse_action("甲 play S2 H2"))
    >>> for question, answer in answers:
    ...     print(question)
    Is it the same number and kind of cards as the play to beat?
    Is a revolution in force, and so which order applies?
    Is a suit lock in force, and does the play keep to it?
    Does the play clear the table (8切, 8-cut)?
    Would it be a forbidden finish (反則上がり) if these were 甲's last cards?
    So, is it legal?
    >>> answers[4][1].split(". ")[0], answers[5][1]
    ('yes: it holds a 2 outside a revolution', 'yes')
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, format_cards, parse_cards, sort_cards, to_symbols
from ..engine import Action, rules_word
from ..i18n import Later, Lines, Message, _, commas, n_, ors, p_, semicolons, sentences
from ..referee import as_things_stand
from ..registry import game_of
from .combos import (Play, eight_cut, fits_lock, forbidden_finish, is_spade_three_return, judge,
                     readings, shape_name, starts_revolution, stronger)
from .rules import (JOKER, ORDER, TITLES_READ, exchange_obligation, exchange_strength, forced_strengths, order_text,
                    rank_text, strength)
from .words import symbols

SAME_SHAPE = _("Is it the same number and kind of cards as the play to beat?")
ORDER_NOW = _("Is a revolution in force, and so which order applies?")
LOCK = _("Is a suit lock in force, and does the play keep to it?")
CLEARS = _("Does the play clear the table (8切, 8-cut)?")
EXCHANGE_FIRST = _("Is the card exchange done?")


def _cards(cards) -> str:
    """Cards as a learner reads them: ``9♠ BJ=9``."""
    return to_symbols(format_cards(cards))


def _suits(suits) -> str:
    return " ".join(SUIT_SYMBOLS[s] for s in sorted(suits, key="SHDC".index))


def _sample(text: str, rules) -> Play:
    """The engine's own reading of a sample combination (its first reading)."""
    return readings(parse_cards(text), rules)[0][0]


def _title(rank: str) -> Message:
    """A rank's title with its English reading: ``大富豪 (daifugo)``."""
    return TITLES_READ[rank]


def _series(rules) -> Message:
    """What the rule set calls its run of games: a jdf set, a yeeqia match (scored by points)."""
    return p_("series of games", "match") if rules.points else p_("series of games", "set")


def _seats(state, players):
    return commas(p for p in state.players if p in players)


# --- before the first card -------------------------------------------------------------------------

def table_talk(state) -> list[tuple[Message, Message]]:
    """What the players agree on before the first card, answered for ``state``'s rule set and
    deal: the deck and deal, the blind cards, who leads, revolution, 8切, forbidden finishes, suit
    lock, spade-3 return, the exchange, 都落ち and points."""
    rules = state.rules
    return [
        (_("Which cards, and how many each?"), _deck_answer(state)),
        (_("Are any cards set aside unseen (blind cards)?"), _blind_answer(state)),
        (_("Who leads?"), _lead_answer(state)),
        (_("What starts a revolution (革命)?"), _revolution_answer(state)),
        (_("Which plays cut the table (8切, 8-cut)?"), _cut_answer(rules)),
        (_("Which last plays are forbidden (反則上がり, forbidden finish)?"), _forbidden_answer(rules)),
        (_("Is there a suit lock (スート縛り)?"), _lock_answer(state)),
        (_("Does the spade 3 answer a lone joker (スペ3返し, spade-3 return)?"), _spade_three_answer(rules)),
        (_("Is there a card exchange before play?"), _exchange_answer(state)),
        (_("Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?"), _miyako_answer(state)),
        (_("Are points kept?"), _points_answer(rules)),
    ]


def table_talk_text(state) -> Message:
    """:func:`table_talk` as a learner reads it: one question and its answer a line, cards as 9♠
    and every seat with its letter (甲 (A)), for a lesson to print, in the rule set's words
    (the spec's :meth:`~cardlab.game.Game.table_talk`)."""
    return Later(state.learner_text, Lines(_("{question}  {answer}", question=question, answer=answer)
                                           for question, answer in game_of(state).table_talk(state)))


def _deck_answer(state) -> Message:
    rules = state.rules
    size = len(rules.deck)
    each = (size - rules.blind_cards) // len(state.players)
    blind = rules.blind_cards
    if rules.has_jokers and blind:
        text = n_("{size}: the standard pack and both jokers; {each} each once the {count} blind card is set aside.",
                  "{size}: the standard pack and both jokers; {each} each once the {count} blind cards are set "
                  "aside.", blind, size=size, each=each)
    elif rules.has_jokers:
        text = _("{size}: the standard pack and both jokers; {each} each.", size=size, each=each)
    elif blind:
        text = n_("{size}: the standard pack, no jokers; {each} each once the {count} blind card is set aside.",
                  "{size}: the standard pack, no jokers; {each} each once the {count} blind cards are set aside.",
                  blind, size=size, each=each)
    else:
        text = _("{size}: the standard pack, no jokers; {each} each.", size=size, each=each)
    in_play = (sum(len(h) for h in state.hands.values()) + len(state.pile) + len(state.blind)
               + sum(len(play.cards) for _play_by, play in state.table))
    if in_play < size:
        held = commas(p_("cards held", "{player} {count}", player=p, count=len(state.hands[p])) for p in state.players)
        return sentences([text, _("This position uses only {in_play} of the {size} cards (a worked example); "
                                  "cards held now: {held}.", in_play=in_play, size=size, held=held)])
    return text


def _blind_answer(state) -> Message:
    rules = state.rules
    if not rules.blind_cards:
        return _("no: under {rules} every card is dealt.", rules=rules_word(rules))
    values = dict(series=_series(rules), games=rules.games_per_set)
    if state.blind:
        return n_("yes: {count} card, never a joker, set aside unseen before the deal and kept out for the whole "
                  "{series} of {games} games; the other cards are shuffled and dealt afresh for each game; this "
                  "deal has set aside {aside}, which nobody sees.",
                  "yes: {count} cards, never a joker, set aside unseen before the deal and kept out for the whole "
                  "{series} of {games} games; the other cards are shuffled and dealt afresh for each game; this "
                  "deal has set aside {aside}, which nobody sees.", rules.blind_cards,
                  aside=n_("{count} card", "{count} cards", len(state.blind)), **values)
    return n_("yes: {count} card, never a joker, set aside unseen before the deal and kept out for the whole "
              "{series} of {games} games; the other cards are shuffled and dealt afresh for each game; this worked "
              "example deals only some cards, so it sets none aside.",
              "yes: {count} cards, never a joker, set aside unseen before the deal and kept out for the whole "
              "{series} of {games} games; the other cards are shuffled and dealt afresh for each game; this worked "
              "example deals only some cards, so it sets none aside.", rules.blind_cards, **values)


def _lead_answer(state) -> Message:
    rules = state.rules
    leader = state.leader
    if state.previous_ranks:
        rule = next(p for p, r in state.previous_ranks.items() if r == "daihinmin")
        why = _("the previous 大貧民 (daihinmin), once the exchange is done")
    elif rules.first_leader == "diamond_three":
        rule = next((p for p in state.players if any(c.code == "D3" for c in state.hands[p])),
                    state.players[0])
        why = _("who holds 3♦")
    else:
        rule = state.players[0]
        why = _("the first seat listed: a game with no previous places starts there, not with whoever holds a 3; "
                "later games start from the previous 大貧民 (daihinmin)")
    if leader == rule:
        return _("{leader}, {why}.", leader=leader, why=why)
    return _("{leader}, as this worked example sets it (by the rule it would be {rule}, {why}).", leader=leader,
             rule=rule, why=why)


def _revolution_answer(state) -> Message:
    rules = state.rules
    never = not starts_revolution(_sample("H9 H10 HJ HQ", rules), rules)
    values = dict(size=rules.revolution_size, order=order_text(True, rules.has_jokers))
    if rules.has_jokers and never:
        text = _("a legal play of {size} or more cards of one rank (jokers may make up the number), never a "
                 "sequence. It reverses the ordinary cards ({order}) until the game ends or another such play "
                 "turns them back; clearing the table does not end it.", **values)
    elif rules.has_jokers:
        text = _("a legal play of {size} or more cards of one rank (jokers may make up the number). It reverses "
                 "the ordinary cards ({order}) until the game ends or another such play turns them back; clearing "
                 "the table does not end it.", **values)
    elif never:
        text = _("a legal play of {size} or more cards of one rank, never a sequence. It reverses the cards "
                 "({order}) until the game ends or another such play turns them back; clearing the table does not "
                 "end it.", **values)
    else:
        text = _("a legal play of {size} or more cards of one rank. It reverses the cards ({order}) until the game "
                 "ends or another such play turns them back; clearing the table does not end it.", **values)
    return sentences([text, _("A revolution is in force now.")]) if state.revolution else text


def _cut_answer(rules) -> Message:
    if eight_cut(_sample("H7 H8 H9", rules), rules):
        return _("any legal play holding an 8, a sequence too: the table clears at once and the player leads again.")
    if rules.has_jokers:
        return _("a single 8 or a group of 8s (a joker may stand in as an 8), once legally played: the table clears "
                 "at once and the player leads again. A sequence holding an 8 does not cut.")
    return _("a single 8 or a group of 8s, once legally played: the table clears at once and the player leads "
             "again. A sequence holding an 8 does not cut.")


FORBIDDEN_SAMPLES = ((_("a play holding a joker"), "S9 BJ"), (_("a play holding a 2"), "S2 H2"),
                     (_("the lone 3♠"), "S3"), (_("any other play holding a 3"), "H3 D3"),
                     (_("a play that cuts with 8 (8切)"), "S8"))


def _forbidden_answer(rules) -> Message:
    if not rules.forbidden_finishes:
        return _("none: under {rules} any last play is a clean finish.", rules=rules_word(rules))
    rows = []
    for label, text in FORBIDDEN_SAMPLES:
        play = _sample(text, rules)
        if play.jokers and not rules.has_jokers:
            continue
        cut = eight_cut(play, rules)
        normal = bool(forbidden_finish(play, rules, False, cut))
        revolution = bool(forbidden_finish(play, rules, True, cut))
        if normal and revolution:
            rows.append(_("{play}, always", play=label))
        elif normal:
            rows.append(_("{play}, outside a revolution", play=label))
        elif revolution:
            rows.append(_("{play}, during a revolution", play=label))
    return _("judged by the order before the play: {rows}. Such a player goes out at the bottom, and the play "
             "still takes effect.", rows=semicolons(rows))


def _lock_answer(state) -> Message:
    rules = state.rules
    if not rules.suit_lock:
        return _("no: under {rules} suits never bind.", rules=rules_word(rules))
    if state.lock:
        return _("yes: when two plays in a row, with no clear between, use exactly the same suits, every play until "
                 "the next clear must use those suits; a play holding a joker never starts one, but may stand in for "
                 "a locked suit. Locked now: {suits}.", suits=_suits(state.lock))
    return _("yes: when two plays in a row, with no clear between, use exactly the same suits, every play until the "
             "next clear must use those suits; a play holding a joker never starts one, but may stand in for a "
             "locked suit.")


def _spade_three_answer(rules) -> Message:
    if rules.spade_three_return:
        return _("yes: the lone 3♠ beats the lone joker, even under a suit lock, and clears the table; it does not "
                 "answer the two jokers played together.")
    if not rules.has_jokers:
        return _("no: {rules} plays without jokers.", rules=rules_word(rules))
    return _("no.")


def _exchange_answer(state) -> Message:
    rules = state.rules
    pairs = semicolons(n_("{lower} gives {upper} their strongest {count} card",
                          "{lower} gives {upper} their strongest {count} cards", n, lower=_title(low), upper=_title(up))
                       for low, up, n in rules.exchange)
    if rules.return_weakest:
        how = _("{pairs}, and the upper player gives back as many, their weakest. Everyone chooses from the hand as "
                "dealt and the cards change hands together", pairs=pairs)
    else:
        how = _("{pairs}, and the upper player gives back as many, cards of their own choice. Everyone chooses from "
                "the hand as dealt and the cards change hands together", pairs=pairs)
    if not state.previous_ranks:
        return _("not in this game: the first game of a {series} ({games} games) has no previous places. From the "
                 "second game on: {how}.", series=_series(rules), games=rules.games_per_set, how=how)
    holder = {r: p for p, r in state.previous_ranks.items()}
    who = semicolons(n_("{lower}, the {lower_title}, and {upper}, the {upper_title}, trade {count} card",
                        "{lower}, the {lower_title}, and {upper}, the {upper_title}, trade {count} cards", n,
                        lower=holder[low], lower_title=_title(low), upper=holder[up], upper_title=_title(up))
                     for low, up, n in rules.exchange)
    if not state.exchanging:
        return _("yes, before the first card: {who}. {how}. It is done in this position.", who=who, how=how)
    return _("yes, before the first card: {who}. {how}.", who=who, how=how)


def _miyako_answer(state) -> Message:
    rules = state.rules
    if not rules.miyako_ochi:
        return _("no: under {rules} the places are simply the order of going out.", rules=rules_word(rules))
    rule = _("if another player goes out cleanly first, the previous 大富豪 (daifugo) is out at once and ranks below "
             "every other player except those who go out by a forbidden finish: 大貧民 (daihinmin) when nobody "
             "does, one place higher for each who does. A forbidden finish never brings the 大富豪 down")
    top = state.previous_daifugo
    if top is None:
        return _("yes, from the second game of a {series}: {rule}. This game has no previous 大富豪 (daifugo).",
                 series=_series(rules), rule=rule)
    if state.demoted:
        return _("yes: {rule}. It has happened: {player} was 大富豪 (daifugo) and fell.", rule=rule,
                 player=state.demoted)
    return _("yes: {rule}. Here that is {player}.", rule=rule, player=top)


def _points_answer(rules) -> Message:
    if rules.points is None:
        return _("no: only the places count, from 大富豪 (daifugo) down to 大貧民 (daihinmin).")
    scores = commas(_("{title} {points}", title=_title(r), points=format(v, "+d").replace("-", "−"))
                    for r, v in zip(rules.rank_names, rules.points))
    return _("yes, each game: {scores}; the best total over {games} games wins the match.", scores=scores,
             games=rules.games_per_set)


# --- during the game -----------------------------------------------------------------------------

def ask(state, action: Action) -> list[tuple[Message, Message]]:
    """The checklist for one proposed ``action`` (play, pass or give), each question answered by
    the engine; the last answer of the list is the engine's verdict on the action."""
    player, verb, cards = action
    answers: list[tuple[Message, Message]] = []
    if not state.over:
        if verb == "play":
            answers = _ask_play(state, action)
        elif verb == "pass":
            answers = _ask_pass(state, action)
        elif verb == "give":
            answers = _ask_give(state, action)
    answers.append(game_of(state).verdict(state, action))
    return answers


def _waiting(state):
    return _seats(state, [p for p in state.players if p not in state.gives])


def _reading(state, cards) -> tuple[Play | None, Message | str]:
    """The reading of ``cards`` the questions are about: the legal one when there is one, else the
    one the engine's verdict would judge (the reading that fails last); and a note when jokers
    could stand for different cards (a sentence). ``(None, why)`` when the cards form no combination."""
    plays, why = readings(cards, state.rules)
    if not plays:
        return None, why
    judged = [(judge(p, state.top, state.rules, state.revolution, state.lock), p) for p in plays]
    legal = [p for refusal, p in judged if refusal is None]
    if len(legal) > 1:
        options = ors(_cards(p.cards) for p in legal)
        return legal[0], _("the jokers could stand for different cards here ({options}); read as {cards}.",
                           options=options, cards=_cards(legal[0].cards))
    if legal:
        return legal[0], ""
    codes = ("invalid_combination", "shape_mismatch", "suit_lock", "not_stronger")
    return max(judged, key=lambda pair: codes.index(pair[0].code))[1], ""


def _ask_play(state, action: Action) -> list[tuple[Message, Message]]:
    player, _verb, cards = action
    if state.exchanging:
        return [(EXCHANGE_FIRST, _("no: nobody plays until every give is in (waiting for {waiting}).",
                                   waiting=_waiting(state)))]
    play, note = _reading(state, cards)
    if play is None:
        return [(SAME_SHAPE, _("no: {why}", why=symbols(note)))]
    rules, top, revolution = state.rules, state.top, state.revolution
    # What the play brings about is asked of the position it leaves: performed on a copy when
    # legal; a refused play leaves the position as it is, so it brings about nothing.
    legal = state.check(action) is None
    after = state.copy() if legal else state
    events = after.apply(action) if legal else []
    kinds = {e.kind: e.text for e in events}
    returned = is_spade_three_return(play, top, rules)
    shape_refusal = None
    if top is not None and not returned:
        refusal = judge(play, top, rules, revolution, frozenset())
        if refusal is not None and refusal.code == "shape_mismatch":
            shape_refusal = refusal
    answers = []
    if note:
        answers.append((_("What do the jokers stand for?"), note))

    # 1. Same number and kind of cards?
    what = dict(cards=_cards(play.cards), shape=shape_name(play.shape), play=play.name())
    if top is None:
        shape = _("nothing to beat: the table is empty, so {player} leads, and any combination may lead; {cards} is "
                  "{shape} ({play}).", player=player, **what)
    elif returned:
        shape = _("yes: a single card on the lone joker, and the lone 3♠ is the one single that beats it (スペ3返し, "
                  "spade-3 return).")
    elif shape_refusal is not None:
        shape = _("no: {why}", why=symbols(shape_refusal.explanation))
    else:
        shape = _("yes: {cards} is {shape} ({play}), on {top_shape} ({top}) played by {player}.", **what,
                  top_shape=shape_name(top.shape), top=top.name(), player=state.last_player)
    answers.append((SAME_SHAPE, shape))

    # 2. Revolution, and so which order?
    comparison = None
    if top is not None and shape_refusal is None:
        if returned:
            comparison = _("the lone joker stays above every card in either order, and only the lone 3♠ answers it")
        elif stronger(play, top, revolution, rules):
            comparison = _("in it, {play} beats {top}", play=play.name(), top=top.name())
        elif play.kind == "group" and play.rank == top.rank:
            comparison = _("{play} only equals {top}, and an equal rank never beats (suits never rank)",
                           play=play.name(), top=top.name())
        else:
            comparison = _("in it, {play} does not beat {top}", play=play.name(), top=top.name())
    order = order_text(revolution, rules.has_jokers)
    if revolution and comparison is not None:
        order = _("yes (革命, revolution): the reversed order applies, {order}; {comparison}.", order=order,
                  comparison=comparison)
    elif revolution:
        order = _("yes (革命, revolution): the reversed order applies, {order}.", order=order)
    elif comparison is not None:
        order = _("no: the normal order applies, {order}; {comparison}.", order=order, comparison=comparison)
    else:
        order = _("no: the normal order applies, {order}.", order=order)
    if "revolution" in kinds:
        values = dict(play=play.name(), size=rules.revolution_size)
        if revolution:
            turn = _("Once played, {play} turns the order back (a counter-revolution, 革命返し): it is {size} or more "
                     "cards of one rank.", **values)
        else:
            turn = _("Once played, {play} starts a revolution: it is {size} or more cards of one rank.", **values)
        order = sentences([order, turn])
    answers.append((ORDER_NOW, order))

    # 3. Suit lock?
    if not rules.suit_lock:
        lock = _("no: {rules} has no suit lock.", rules=rules_word(rules))
    elif state.lock:
        suits = _suits(state.lock)
        if returned:
            lock = _("yes, {suits}; the lone 3♠ answers the lone joker even so.", suits=suits)
        elif fits_lock(play, state.lock):
            lock = _("yes, {suits}, and the play keeps to it.", suits=suits)
        else:
            lock = _("yes, {suits}, and {cards} breaks it: every play must use exactly those suits until the table "
                     "is cleared.", suits=suits, cards=_cards(play.cards))
    elif "lock" in kinds:
        lock = _("no lock is in force yet, but this play starts one. {event}", event=kinds["lock"])
    else:
        lock = _("no lock is in force.")
    answers.append((LOCK, lock))

    # 4. Does it clear the table?
    cut = eight_cut(play, rules)
    if not legal:
        if cut:
            clears = _("no: the play is refused, so it clears nothing; an 8 cuts only as a legal play.")
        elif returned:
            clears = _("no: the play is refused, so it clears nothing; the spade-3 return clears only as a legal "
                       "play.")
        else:
            clears = _("no: the play is refused, so it clears nothing.")
    elif "clear" in kinds and cut:
        clears = _("yes: {clear}", clear=kinds["clear"])
    elif "clear" in kinds and returned:
        clears = _("yes, though not by an 8: {clear}", clear=kinds["clear"])
    elif cut or returned:  # a legal cut or return clears the table unless it ends the game
        clears = _("no: this play ends the game, so no table is left to clear.")
    else:
        if 8 in play.ranks:
            why_not = _("under {rules} only a single 8 or a group of 8s cuts; a sequence holding an 8 does not",
                        rules=rules_word(rules))
        else:
            why_not = _("it holds no 8")
        clears = _("no: {why}.", why=why_not)
        if "clear" in kinds:
            clears = _("not by an 8 ({why}), but the table clears all the same: {clear}", why=why_not,
                       clear=kinds["clear"])
    answers.append((CLEARS, clears))

    # 5. Forbidden if it were the last cards?
    question = _("Would it be a forbidden finish (反則上がり) if these were {player}'s last cards?", player=player)
    if not legal:
        answers.append((question, _("no: the play is refused, so it is no finish at all.")))
        return answers
    if not rules.forbidden_finishes:
        finish = _("no: {rules} has no forbidden finishes, so any last play is a clean finish.", rules=rules_word(rules))
    else:
        reasons = forbidden_finish(play, rules, revolution, cut)
        if reasons:
            finish = _("yes: {reasons}.", reasons=semicolons(reasons))
        elif revolution:
            finish = _("no: during the revolution a last play is forbidden only with a joker, a 3 or a cutting 8, and "
                       "this has none.")
        else:
            finish = _("no: outside a revolution a last play is forbidden only with a joker, a 2, the lone 3♠ or a "
                       "cutting 8, and this is none of them.")
    left = len(after.hands[player])
    if left:
        finish = sentences([finish, n_("({player} would still hold {count} card.)",
                                       "({player} would still hold {count} cards.)", left, player=player)])
    else:
        said = [finish, _("They are {player}'s last cards.", player=player)]
        # The foul event repeats the reasons given above; keep what follows them (its ranking).
        if "foul" in kinds:
            said.append(kinds["foul"].values["ranked"])
        said += [kinds[k] for k in ("out", "miyako_ochi") if k in kinds]
        finish = sentences(said)
    answers.append((question, finish))
    return answers


def _ask_pass(state, action: Action) -> list[tuple[Message, Message]]:
    player = action.player
    if state.exchanging:
        return [(EXCHANGE_FIRST, _("no: nobody plays or passes until every give is in (waiting for {waiting}).",
                                   waiting=_waiting(state)))]
    top = state.top
    if top is None:
        return [(_("Is there a play to beat?"), _("no: the table is empty, so {player} leads and must play.",
                                                  player=state.turn))]
    last = state.last_player
    answers = [(_("Is there a play to beat?"),
                _("yes: {play} ({cards}) by {last}; a pass keeps {player} out until the table is cleared.",
                  play=top.name(), cards=_cards(top.cards), last=last, player=player))]
    passed = _seats(state, state.passed)
    answers.append((_("Who has passed since the table was last cleared?"), passed or _("nobody yet.")))
    question = _("If everyone else still in passes too, who leads after the clear?")
    legal = state.check(action) is None
    after = state.copy() if legal else state
    clear = next((e.text for e in after.apply(action) if e.kind == "clear"), None) if legal else None
    if clear is not None:
        answers.append((question, _("nobody else needs to pass: this pass clears the table. {clear}", clear=clear)))
        return answers
    if last in after.out:
        lead = _("{leader}, the first player still in on {last}'s left ({last} is out).", leader=after.next_in(last),
                 last=last)
    else:
        lead = _("{last}, who played last.", last=last)
    answers.append((question, lead if legal else as_things_stand(lead)))
    return answers


def _ask_give(state, action: Action) -> list[tuple[Message, Message]]:
    player = action.player
    if not state.exchanging:
        return []
    count, partner, lower = exchange_obligation(state.rules, state.previous_ranks, player)
    answers = [(_("Who gives whom, and how many?"),
                n_("{player}, the {title}, gives {partner}, the {partner_title}, {count} card.",
                   "{player}, the {title}, gives {partner}, the {partner_title}, {count} cards.", count,
                   player=player, title=_title(state.previous_ranks[player]), partner=partner,
                   partner_title=_title(state.previous_ranks[partner])))]
    hand = state.hands[player]
    if lower or state.rules.return_weakest:
        wanted = forced_strengths(hand, count, lower)
        names = commas((_("the joker") if s == strength(JOKER, False) else _("a {rank}", rank=rank_text(ORDER[s])))
                       for s in sorted(wanted, reverse=True))
        fitting = sorted((c for c in sort_cards(hand) if exchange_strength(c) in wanted),
                         key=exchange_strength, reverse=lower)
        values = dict(player=player, names=names, cards=_cards(fitting),
                      order=_("joker, 2, A, K, … 3") if state.rules.has_jokers else _("2, A, K, … 3"))
        if lower and len(fitting) > count:
            text = n_("{player}'s strongest {count} card in the normal order ({order}): {names}; {player} chooses "
                      "among {cards}, as only the suit of a tied rank is free.",
                      "{player}'s strongest {count} cards in the normal order ({order}): {names}; {player} chooses "
                      "among {cards}, as only the suit of a tied rank is free.", count, **values)
        elif lower:
            text = n_("{player}'s strongest {count} card in the normal order ({order}): {names}, that is {cards}.",
                      "{player}'s strongest {count} cards in the normal order ({order}): {names}, that is {cards}.",
                      count, **values)
        elif len(fitting) > count:
            text = n_("{player}'s weakest {count} card in the normal order ({order}): {names}; {player} chooses "
                      "among {cards}, as only the suit of a tied rank is free.",
                      "{player}'s weakest {count} cards in the normal order ({order}): {names}; {player} chooses "
                      "among {cards}, as only the suit of a tied rank is free.", count, **values)
        else:
            text = n_("{player}'s weakest {count} card in the normal order ({order}): {names}, that is {cards}.",
                      "{player}'s weakest {count} cards in the normal order ({order}): {names}, that is {cards}.",
                      count, **values)
    else:
        text = n_("any {count} card of {player}'s own choice, strong or weak, from the hand as dealt: the cards "
                  "coming in are not theirs yet.",
                  "any {count} cards of {player}'s own choice, strong or weak, from the hand as dealt: the cards "
                  "coming in are not theirs yet.", count, player=player)
    answers.append((_("Which cards must they be?"), text))
    # Who is still to give is asked of the position the give leaves (performed on a copy).
    legal = state.check(action) is None
    after = state.copy() if legal else state
    trades = [e.text for e in after.apply(action) if e.kind == "exchange"] if legal else []
    if trades:
        when = _("now: this is the last give, so the cards change hands at once. {trades}", trades=symbols(sentences(trades)))
    else:
        when = _("all together, once every give is in (still waiting for {waiting}); nobody sees what they will "
                 "receive before choosing.", waiting=_waiting(after))
    answers.append((_("When do the cards change hands?"), when if legal else as_things_stand(when)))
    answers.append((_("Who leads once the exchange is done?"),
                    _("{leader}, the previous 大貧民 (daihinmin).", leader=state.leader)))
    return answers
