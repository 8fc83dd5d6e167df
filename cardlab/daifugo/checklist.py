"""The questions a Daifugo player asks before and during a game, answered by the engine itself.

:func:`table_talk` is what the players agree on before the first card (the federation article's
section 七 lists the points a table should settle), answered for the rule set and the deal in
front of them; a rule the rule set lacks is answered "no".

:func:`ask` is the article's checklist for a proposed play, in the article's order: the same
number and kind of cards as the play to beat? is a revolution in force, and so which order
applies? is a suit lock in force, and does the play keep to it? does the play clear the table
(8切)? would it be a forbidden finish if these were the player's last cards? For a pass and for a
give it asks the questions that apply to them. The last answer is always the engine's verdict
(:meth:`~cardlab.engine.State.verdict`).

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

from ..cards import SUIT_SYMBOLS, count_cards, format_cards, parse_cards, sort_cards, to_symbols
from ..engine import Action
from .combos import (Play, eight_cut, fits_lock, forbidden_finish, is_spade_three_return, judge,
                     readings, shape_name, starts_revolution, stronger)
from .rules import JOKER, ORDER, RANK_TITLES, order_text, rank_text, strength
from .state import exchange_strength

SAME_SHAPE = "Is it the same number and kind of cards as the play to beat?"
ORDER_NOW = "Is a revolution in force, and so which order applies?"
LOCK = "Is a suit lock in force, and does the play keep to it?"
CLEARS = "Does the play clear the table (8切, 8-cut)?"
EXCHANGE_FIRST = "Is the card exchange done?"


def _cards(cards) -> str:
    """Cards as a learner reads them: ``9♠ BJ=9``."""
    return to_symbols(format_cards(cards))


def _suits(suits) -> str:
    return " ".join(SUIT_SYMBOLS[s] for s in sorted(suits, key="SHDC".index))


def _sample(text: str, rules) -> Play:
    """The engine's own reading of a sample combination (its first reading)."""
    return readings(parse_cards(text), rules)[0][0]


def _title(rank: str) -> str:
    """A rank's title with its English reading: ``大富豪 (daifugo)``."""
    return f"{RANK_TITLES[rank]} ({rank})"


def _series(rules) -> str:
    """What the rule set calls its run of games: a jdf set, a yeeqia match (scored by points)."""
    return "match" if rules.points else "set"


def _seats(state, players) -> str:
    return ", ".join(p for p in state.players if p in players)


# --- before the first card -------------------------------------------------------------------------

def table_talk(state) -> list[tuple[str, str]]:
    """What the players agree on before the first card, answered for ``state``'s rule set and
    deal: the deck and deal, the blind cards, who leads, revolution, 8切, forbidden finishes, suit
    lock, spade-3 return, the exchange, 都落ち and points."""
    rules = state.rules
    return [
        ("Which cards, and how many each?", _deck_answer(state)),
        ("Are any cards set aside unseen (blind cards)?", _blind_answer(state)),
        ("Who leads?", _lead_answer(state)),
        ("What starts a revolution (革命)?", _revolution_answer(state)),
        ("Which plays cut the table (8切, 8-cut)?", _cut_answer(rules)),
        ("Which last plays are forbidden (反則上がり, forbidden finish)?", _forbidden_answer(rules)),
        ("Is there a suit lock (スート縛り)?", _lock_answer(state)),
        ("Does the spade 3 answer a lone joker (スペ3返し, spade-3 return)?", _spade_three_answer(rules)),
        ("Is there a card exchange before play?", _exchange_answer(state)),
        ("Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?", _miyako_answer(state)),
        ("Are points kept?", _points_answer(rules)),
    ]


def table_talk_text(state) -> str:
    """:func:`table_talk` as a learner reads it: one question and its answer a line, cards as 9♠
    and every seat with its letter (甲 (A)), for a lesson to print."""
    return state.learner_text("\n".join(f"{question}  {answer}" for question, answer in table_talk(state)))


def _deck_answer(state) -> str:
    rules = state.rules
    size = len(rules.deck)
    each = (size - rules.blind_cards) // len(state.players)
    what = "the standard pack and both jokers" if rules.has_jokers else "the standard pack, no jokers"
    text = f"{size}: {what}; {each} each"
    if rules.blind_cards:
        text += f" once the {count_cards(rules.blind_cards, 'blind card')} are set aside"
    in_play = (sum(len(h) for h in state.hands.values()) + len(state.pile) + len(state.blind)
               + sum(len(play.cards) for _, play in state.table))
    if in_play < size:
        held = ", ".join(f"{p} {len(state.hands[p])}" for p in state.players)
        text += (f". This position uses only {in_play} of the {size} cards (a worked example); "
                 f"cards held now: {held}")
    return text + "."


def _blind_answer(state) -> str:
    rules = state.rules
    if not rules.blind_cards:
        return f"no: under {rules.name} every card is dealt."
    text = (f"yes: {count_cards(rules.blind_cards)}, never a joker, set aside unseen before the "
            f"deal and kept out for the whole {_series(rules)} of {rules.games_per_set} games; the "
            "other cards are shuffled and dealt afresh for each game")
    if state.blind:
        return text + f"; this deal has set aside {count_cards(len(state.blind))}, which nobody sees."
    return text + "; this worked example deals only some cards, so it sets none aside."


def _lead_answer(state) -> str:
    rules = state.rules
    leader = state.leader
    if state.previous_ranks:
        rule = next(p for p, r in state.previous_ranks.items() if r == "daihinmin")
        why = "the previous 大貧民 (daihinmin), once the exchange is done"
    elif rules.first_leader == "diamond_three":
        rule = next((p for p in state.players if any(c.code == "D3" for c in state.hands[p])),
                    state.players[0])
        why = "who holds 3♦"
    else:
        rule = state.players[0]
        why = ("the first seat listed: a game with no previous places starts there, not with "
               "whoever holds a 3; later games start from the previous 大貧民 (daihinmin)")
    if leader == rule:
        return f"{leader}, {why}."
    return f"{leader}, as this worked example sets it (by the rule it would be {rule}, {why})."


def _revolution_answer(state) -> str:
    rules = state.rules
    sequence = _sample("H9 H10 HJ HQ", rules)
    never = ", never a sequence" if not starts_revolution(sequence, rules) else ""
    jokers = " (jokers may make up the number)" if rules.has_jokers else ""
    text = (f"a legal play of {rules.revolution_size} or more cards of one rank{jokers}{never}. It "
            f"reverses the {'ordinary cards' if rules.has_jokers else 'cards'} ({order_text(True, rules.has_jokers)}) "
            "until the game ends or another such "
            "play turns them back; clearing the table does not end it")
    return text + (". A revolution is in force now." if state.revolution else ".")


def _cut_answer(rules) -> str:
    if eight_cut(_sample("H7 H8 H9", rules), rules):
        return ("any legal play holding an 8, a sequence too: the table clears at once and the player "
                "leads again.")
    joker = " (a joker may stand in as an 8)" if rules.has_jokers else ""
    return (f"a single 8 or a group of 8s{joker}, once legally played: the table clears at once and "
            "the player leads again. A sequence holding an 8 does not cut.")


FORBIDDEN_SAMPLES = (("a play holding a joker", "S9 BJ"), ("a play holding a 2", "S2 H2"),
                     ("the lone 3♠", "S3"), ("any other play holding a 3", "H3 D3"),
                     ("a play that cuts with 8 (8切)", "S8"))


def _forbidden_answer(rules) -> str:
    if not rules.forbidden_finishes:
        return f"none: under {rules.name} any last play is a clean finish."
    rows = []
    for label, text in FORBIDDEN_SAMPLES:
        play = _sample(text, rules)
        if play.jokers and not rules.has_jokers:
            continue
        cut = eight_cut(play, rules)
        normal = bool(forbidden_finish(play, rules, False, cut))
        revolution = bool(forbidden_finish(play, rules, True, cut))
        if normal or revolution:
            when = ("always" if normal and revolution else
                    "outside a revolution" if normal else "during a revolution")
            rows.append(f"{label}, {when}")
    return ("judged by the order before the play: " + "; ".join(rows) + ". Such a player goes out "
            "at the bottom, and the play still takes effect.")


def _lock_answer(state) -> str:
    rules = state.rules
    if not rules.suit_lock:
        return f"no: under {rules.name} suits never bind."
    text = ("yes: when two plays in a row, with no clear between, use exactly the same suits, every "
            "play until the next clear must use those suits; a play holding a joker never starts "
            "one, but may stand in for a locked suit")
    if state.lock:
        return text + f". Locked now: {_suits(state.lock)}."
    return text + "."


def _spade_three_answer(rules) -> str:
    if rules.spade_three_return:
        return ("yes: the lone 3♠ beats the lone joker, even under a suit lock, and clears the table; "
                "it does not answer the two jokers played together.")
    if not rules.has_jokers:
        return f"no: {rules.name} plays without jokers."
    return "no."


def _exchange_answer(state) -> str:
    rules = state.rules
    pairs = "; ".join(f"{_title(low)} gives {_title(up)} their strongest "
                      f"{count_cards(n)}" for low, up, n in rules.exchange)
    back = "their weakest" if rules.return_weakest else "cards of their own choice"
    how = (f"{pairs}, and the upper player gives back as many, {back}. Everyone chooses from the "
           "hand as dealt and the cards change hands together")
    if not state.previous_ranks:
        return (f"not in this game: the first game of a {_series(rules)} ({rules.games_per_set} games) has no "
                f"previous places. From the second game on: {how}.")
    holder = {r: p for p, r in state.previous_ranks.items()}
    who = "; ".join(f"{holder[low]}, the {_title(low)}, and {holder[up]}, the {_title(up)}, trade "
                    f"{count_cards(n)}" for low, up, n in rules.exchange)
    done = " It is done in this position." if not state.exchanging else ""
    return f"yes, before the first card: {who}. {how}.{done}"


def _miyako_answer(state) -> str:
    rules = state.rules
    if not rules.miyako_ochi:
        return f"no: under {rules.name} the places are simply the order of going out."
    rule = ("if another player goes out cleanly first, the previous 大富豪 (daifugo) is out at once "
            "and ranks below every other player except those who go out by a forbidden finish: "
            "大貧民 (daihinmin) when nobody does, one place higher for each who does. A forbidden "
            "finish never brings the 大富豪 down")
    top = state.previous_daifugo
    if top is None:
        return (f"yes, from the second game of a {_series(rules)}: {rule}. This game has no previous "
                "大富豪 (daifugo).")
    if state.demoted:
        return f"yes: {rule}. It has happened: {state.demoted} was 大富豪 (daifugo) and fell."
    return f"yes: {rule}. Here that is {top}."


def _points_answer(rules) -> str:
    if rules.points is None:
        return "no: only the places count, from 大富豪 (daifugo) down to 大貧民 (daihinmin)."
    titles = [_title(r) for r in rules.rank_names]
    scores = ", ".join(f"{t} {v:+d}".replace("-", "−") for t, v in zip(titles, rules.points))
    return f"yes, each game: {scores}; the best total over {rules.games_per_set} games wins the match."


# --- during the game -----------------------------------------------------------------------------

def ask(state, action: Action) -> list[tuple[str, str]]:
    """The checklist for one proposed ``action`` (play, pass or give), each question answered by
    the engine; the last answer of the list is the engine's verdict on the action."""
    player, verb, cards = action
    answers: list[tuple[str, str]] = []
    if not state.over:
        if verb == "play":
            answers = _ask_play(state, action)
        elif verb == "pass":
            answers = _ask_pass(state, player)
        elif verb == "give":
            answers = _ask_give(state, player)
    answers.append(state.verdict(action))
    return answers


def _waiting(state) -> str:
    return _seats(state, [p for p in state.players if p not in state.gives])


def _reading(state, cards) -> tuple[Play | None, str]:
    """The reading of ``cards`` the questions are about: the legal one when there is one, else the
    one the engine's verdict would judge (the reading that fails last); and a note when jokers
    could stand for different cards. ``(None, why)`` when the cards form no combination."""
    plays, why = readings(cards, state.rules)
    if not plays:
        return None, why
    judged = [(judge(p, state.top, state.rules, state.revolution, state.lock), p) for p in plays]
    legal = [p for refusal, p in judged if refusal is None]
    if len(legal) > 1:
        options = " or ".join(_cards(p.cards) for p in legal)
        return legal[0], f"the jokers could stand for different cards here ({options}); read as {_cards(legal[0].cards)}"
    if legal:
        return legal[0], ""
    codes = ("invalid_combination", "shape_mismatch", "suit_lock", "not_stronger")
    return max(judged, key=lambda pair: codes.index(pair[0].code))[1], ""


def _ask_play(state, action: Action) -> list[tuple[str, str]]:
    player, _, cards = action
    if state.exchanging:
        return [(EXCHANGE_FIRST, f"no: nobody plays until every give is in (waiting for {_waiting(state)}).")]
    play, note = _reading(state, cards)
    if play is None:
        return [(SAME_SHAPE, f"no: {to_symbols(note)}")]
    rules, top, revolution = state.rules, state.top, state.revolution
    legal = state.check(action) is None
    events = state.copy().apply(action) if legal else []
    kinds = {e.kind: e.text for e in events}
    returned = is_spade_three_return(play, top, rules)
    shape_refusal = None
    if top is not None and not returned:
        refusal = judge(play, top, rules, revolution, frozenset())
        if refusal is not None and refusal.code == "shape_mismatch":
            shape_refusal = refusal
    answers = []
    if note:
        answers.append(("What do the jokers stand for?", note + "."))

    # 1. Same number and kind of cards?
    what = f"{_cards(play.cards)} is {shape_name(play.shape)} ({play.name()})"
    if top is None:
        shape = f"nothing to beat: the table is empty, so {player} leads, and any combination may lead; {what}."
    elif returned:
        shape = ("yes: a single card on the lone joker, and the lone 3♠ is the one single that beats "
                 "it (スペ3返し, spade-3 return).")
    elif shape_refusal is not None:
        shape = f"no: {to_symbols(shape_refusal.explanation)}"
    else:
        shape = f"yes: {what}, on {shape_name(top.shape)} ({top.name()}) played by {state.last_player}."
    answers.append((SAME_SHAPE, shape))

    # 2. Revolution, and so which order?
    order = (f"yes (革命, revolution): the reversed order applies, {order_text(True, state.rules.has_jokers)}"
             if revolution else f"no: the normal order applies, {order_text(False, state.rules.has_jokers)}")
    if top is not None and shape_refusal is None:
        if returned:
            order += "; the lone joker stays above every card in either order, and only the lone 3♠ answers it"
        elif stronger(play, top, revolution, rules):
            order += f"; in it, {play.name()} beats {top.name()}"
        elif play.kind == "group" and play.rank == top.rank:
            order += f"; {play.name()} only equals {top.name()}, and an equal rank never beats (suits never rank)"
        else:
            order += f"; in it, {play.name()} does not beat {top.name()}"
    order += "."
    if starts_revolution(play, rules):
        turn = "turns the order back (a counter-revolution, 革命返し)" if revolution else "starts a revolution"
        order += (f" Once played, {play.name()} {turn}: it is {rules.revolution_size} or more cards "
                  "of one rank.")
    answers.append((ORDER_NOW, order))

    # 3. Suit lock?
    if not rules.suit_lock:
        lock = f"no: {rules.name} has no suit lock."
    elif state.lock:
        suits = _suits(state.lock)
        if returned:
            lock = f"yes, {suits}; the lone 3♠ answers the lone joker even so."
        elif fits_lock(play, state.lock):
            lock = f"yes, {suits}, and the play keeps to it."
        else:
            lock = f"yes, {suits}, and {_cards(play.cards)} breaks it: every play must use exactly those suits until the table is cleared."
    else:
        lock = "no lock is in force."
        if "lock" in kinds:
            lock = f"no lock is in force yet, but this play starts one. {kinds['lock']}"
    answers.append((LOCK, lock))

    # 4. Does it clear the table?
    cut = eight_cut(play, rules)
    if cut and legal:
        clears = f"yes: {kinds.get('clear', 'the 8 cuts (8切)')}"
    elif cut:
        clears = "it would cut (8切), but an 8 cuts only as a legal play."
    elif returned:
        clears = f"yes, though not by an 8: {kinds['clear']}" if legal else "it would, by the spade-3 return, if it were legal."
    elif 8 in play.ranks:
        clears = f"no: under {rules.name} only a single 8 or a group of 8s cuts; a sequence holding an 8 does not."
    else:
        clears = "no: it holds no 8."
    if not cut and not returned and "clear" in kinds:
        clears = f"not by an 8 ({clears[4:-1]}), but the table clears all the same: {kinds['clear']}"
    answers.append((CLEARS, clears))

    # 5. Forbidden if it were the last cards?
    question = f"Would it be a forbidden finish (反則上がり) if these were {player}'s last cards?"
    hand = state.hands[player]
    last = len(play.physical) == len(hand) and set(play.physical) == set(hand)
    if not rules.forbidden_finishes:
        finish = f"no: {rules.name} has no forbidden finishes, so any last play is a clean finish."
    else:
        reasons = forbidden_finish(play, rules, revolution, cut)
        judged = "during the revolution" if revolution else "outside a revolution"
        if reasons:
            finish = "yes: " + "; ".join(reasons) + "."
        elif revolution:
            finish = f"no: {judged} a last play is forbidden only with a joker, a 3 or a cutting 8, and this has none."
        else:
            finish = (f"no: {judged} a last play is forbidden only with a joker, a 2, the lone 3♠ or a "
                      "cutting 8, and this is none of them.")
    if last:
        finish += f" They are {player}'s last cards"
        if legal:
            # The foul event repeats the reasons given above; keep what follows them.
            said = [kinds["foul"].split(". ", 1)[-1]] if "foul" in kinds else []
            said += [kinds[k] for k in ("out", "miyako_ochi") if k in kinds]
            finish += ". " + " ".join(said)
        else:
            finish += "."
    else:
        left = len(hand) - len(play.physical)
        if 0 < left < len(hand):
            finish += f" ({player} would still hold {count_cards(left)}.)"
    answers.append((question, finish))
    return answers


def _ask_pass(state, player: str) -> list[tuple[str, str]]:
    if state.exchanging:
        return [(EXCHANGE_FIRST, f"no: nobody plays or passes until every give is in (waiting for {_waiting(state)}).")]
    top = state.top
    if top is None:
        return [("Is there a play to beat?", f"no: the table is empty, so {state.turn} leads and must play.")]
    last = state.last_player
    answers = [("Is there a play to beat?",
                f"yes: {top.name()} ({_cards(top.cards)}) by {last}; a pass keeps {player} out until the "
                "table is cleared.")]
    passed = _seats(state, state.passed)
    answers.append(("Who has passed since the table was last cleared?", passed or "nobody yet."))
    if last in state.out:
        leader = state.next_in(last)
        lead = f"{leader}, the first player still in on {last}'s left ({last} is out)."
    else:
        lead = f"{last}, who played last."
    answers.append(("If everyone else still in passes too, who leads after the clear?", lead))
    return answers


def _ask_give(state, player: str) -> list[tuple[str, str]]:
    if not state.exchanging:
        return []
    count, partner, lower = state._obligation(player)
    title = _title(state.previous_ranks[player])
    partner_title = _title(state.previous_ranks[partner])
    answers = [("Who gives whom, and how many?",
                f"{player}, the {title}, gives {partner}, the {partner_title}, {count_cards(count)}.")]
    hand = state.hands[player]
    if lower or state.rules.return_weakest:
        wanted = state._forced_strengths(hand, count, lower)
        names = ", ".join(("the joker" if s == strength(JOKER, False) else f"a {rank_text(ORDER[s])}")
                          for s in sorted(wanted, reverse=True))
        fitting = sorted((c for c in sort_cards(hand) if exchange_strength(c) in wanted),
                         key=exchange_strength, reverse=lower)
        which = "strongest" if lower else "weakest"
        top = "joker, 2" if state.rules.has_jokers else "2"
        text = (f"{player}'s {which} {count_cards(count)} in the normal order ({top}, A, K, … 3): "
                f"{names}")
        if len(fitting) > count:
            text += f"; {player} chooses among {_cards(fitting)}, as only the suit of a tied rank is free."
        else:
            text += f", that is {_cards(fitting)}."
    else:
        text = (f"any {count_cards(count)} of {player}'s own choice, strong or weak, from the hand as "
                "dealt: the cards coming in are not theirs yet.")
    answers.append(("Which cards must they be?", text))
    answers.append(("When do the cards change hands?",
                    f"all together, once every give is in (still waiting for {_waiting(state)}); "
                    "nobody sees what they will receive before choosing."))
    answers.append(("Who leads once the exchange is done?", f"{state.leader}, the previous 大貧民 (daihinmin)."))
    return answers
