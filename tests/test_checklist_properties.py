"""The referee's answers about what a move brings about agree with the engine, for every game and
rule set: on random positions reached by random legal play, for random moves, legal and refused.

Each game has a small table (``GAMES``): how to reach positions, how to make moves of every kind,
and its *facts*: for each question of its checklist about what a move brings about, a check that
reads the engine's answer off the position the move leaves (a legal move performed on a copy; a
refused move leaves the position as it stands) and compares it with the referee's answer, read as
a learner reads it in English. Conditional answers ("乙 if they beat everything") are held to
what the engine then does: the rest of the round is played out on a copy, at random or with the
passes the answer supposes.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import daifugo, durak, gandengyan, referee
from cardlab.engine import Action, NotationError
from cardlab.registry import game_of

seeds = st.integers(0, 2**32 - 1)
REFUSED = "as things stand, since the move is refused: "
LEGAL = "So, is it legal?"


def names(n):
    return [f"p{i}" for i in range(1, n + 1)]


def asked(state, action) -> dict[str, str]:
    """The referee's answers, question to answer, as an English reader reads them."""
    return {str(q): str(a) for q, a in referee.ask(state, action)}


@dataclass
class Move:
    """What a check sees: the position before, the move, and the position it leaves with the
    engine's events (for a refused move, the position before and no events)."""

    before: object
    action: Action
    after: object
    events: list
    legal: bool
    answers: dict[str, str]
    rng: random.Random

    def kinds(self) -> set[str]:
        return {e.kind for e in self.events}

    def answer(self, question: str) -> str:
        """The answer to ``question``, without the words that say the move was refused (checked
        here: a refused move's answer says so first)."""
        text = self.answers[question]
        if not self.legal:
            assert text.startswith(REFUSED), (question, text)
            return text[len(REFUSED):]
        return text


def refused_no(move: Move, question: str, what: str) -> None:
    """A yes-or-no question about a refused move: no, because it is refused."""
    assert move.answers[question].startswith(f"no: the {what} is refused, so "), (question, move.answers[question])


# --- Durak ------------------------------------------------------------------------------------------

DRAWS = "When this round ends, who draws first?"
NEXT_ATTACKER = "And who attacks next?"
OUT_SKIPPED = "is out and skipped"
TRANSFERRED = "if the attack is transferred"


def durak_games(rules, seed):
    yield durak.new_game(rules, names(random.Random(seed).randint(2, 6)), seed=seed)


def durak_moves(state, rng):
    """Some legal moves and some well-formed moves of every verb, mostly refused."""
    legal = state.legal_actions()
    moves = rng.sample(legal, min(4, len(legal)))
    for _ in range(4):
        verb = rng.choice(list(durak.DurakState.VERBS))
        cards = tuple(rng.sample(durak.DECK, durak.DurakState.VERBS[verb]))
        if verb in ("attack", "transfer") and rng.random() < 0.5:  # a card of the player's own
            player = rng.choice(state.players)
            if state.hands[player]:
                moves.append(Action(player, verb, (rng.choice(state.hands[player]),)))
                continue
        moves.append(Action(rng.choice(state.players), verb, cards))
    return moves


def round_ended(events) -> bool:
    return any(e.kind in ("discard", "take") for e in events)


def play_out_round(position, rng):
    """Play ``position``'s round to its end at random on a copy: the position just before the
    move that ended it, the position after, that move's events, and whether any move of the rest
    was a transfer."""
    game = position.copy()
    transferred = False
    while True:
        action = rng.choice(game.legal_actions())
        transferred |= action.verb == "transfer"
        last = game.copy()
        events = game.apply(action)
        if round_ended(events):
            return last, game, events, transferred


def durak_draws(move: Move) -> None:
    answer = move.answer(DRAWS)
    if move.legal and round_ended(move.events):  # what the engine did
        assert answer.startswith("this move ends the round. "), answer
        draws = [str(e.text) for e in move.events if e.kind == "draw" and e.player is not None]
        assert ("Nobody draws" in answer) == (not draws)
        positions = [answer.index(text) for text in draws]
        assert positions == sorted(positions), answer
        return
    position = move.after
    if not position.stock:
        assert answer == "nobody: the stock is empty.", answer
        return
    order = answer.split(", each up to")[0].split(", then ")
    # Read off the position: the main attacker draws first, the other attackers, the defender last.
    assert order == position.attackers() + [position.defender], answer
    # And what the engine then does, the rest of the round played at random: in that order, each
    # player short of six draws while the stock lasts.
    _last, end, events, transferred = play_out_round(position, move.rng)
    if transferred:
        assert TRANSFERRED in answer.lower(), answer
        return
    drawn = {e.player: len(e.cards) for e in events if e.kind == "draw" and e.player is not None}
    assert list(drawn) == [p for p in order if p in drawn], (answer, list(drawn))
    stock = True
    for p in order:
        short = len(end.hands[p]) - drawn.get(p, 0) < durak.HAND_SIZE
        assert (p in drawn) == (stock and short), (answer, p, drawn)
        if p in drawn and not end.stock and p == list(drawn)[-1]:
            stock = False


DEFENDED = re.compile(r"^(\S+) if they beat everything; (\S+) if \1 takes\.")
TAKING = re.compile(r"^(\S+): (\S+) takes, so the next player after \2 attacks\.")


def durak_next_attacker(move: Move) -> None:
    answer = move.answer(NEXT_ATTACKER)
    if move.legal and round_ended(move.events):
        assert answer.startswith("this move ends the round. "), answer
        then = next(e for e in move.events if e.kind in ("next_round", "loser")
                    or (e.kind == "draw" and e.player is None))
        assert answer.endswith(str(then.text))
        if then.kind == "next_round":
            assert then.player == move.after.attacker
        return
    position = move.after
    defended, taking = DEFENDED.match(answer), TAKING.match(answer)
    # Read off the position: who defends now, and the seat after them.
    if position.taking:
        assert taking and taking.group(2) == position.defender, answer
        defender, after_take = position.defender, taking.group(1)
    else:
        assert defended and defended.group(1) == position.defender, answer
        defender, after_take = defended.groups()
    assert after_take == position.next_in(position.defender), answer
    # And what the engine then does, the rest of the round played at random.
    last, end, events, transferred = play_out_round(position, move.rng)
    if transferred:  # the answer holds for the defender the transfers leave
        assert TRANSFERRED in answer.lower(), answer
        defender, after_take = last.defender, last.next_in(last.defender)
    assert last.defender == defender
    expected = after_take if any(e.kind == "take" for e in events) else defender
    nxt = next((e.player for e in events if e.kind == "next_round"), None)
    if nxt != expected:  # only when the game ended, or the player expected is out of it
        assert OUT_SKIPPED in answer, (answer, [str(e.text) for e in events])
        assert end.over or (expected in end.out and nxt == end.next_in(defender)), [str(e.text) for e in events]


# --- Daifugo ----------------------------------------------------------------------------------------

ORDER_NOW = "Is a revolution in force, and so which order applies?"
LOCK = "Is a suit lock in force, and does the play keep to it?"
CLEARS = "Does the play clear the table (8切, 8-cut)?"
FINISH = "Would it be a forbidden finish (反則上がり) if these were {}'s last cards?"
LEADS_AFTER_CLEAR = "If everyone else still in passes too, who leads after the clear?"
CHANGE_HANDS = "When do the cards change hands?"


def daifugo_games(rules, seed):
    state = daifugo.new_game(rules, names(4), seed=seed)
    yield state
    yield game_of(state).next_game(state, seed + 1)  # opens with the exchange: gives to ask about


def daifugo_moves(state, rng):
    legal = state.legal_actions()
    moves = rng.sample(legal, min(4, len(legal)))
    for _ in range(4):
        player = rng.choice(state.players)
        hand = state.hands[player]
        cards = rng.sample(hand, min(len(hand), rng.randint(1, 4)))
        if rng.random() < 0.2:
            cards.append(rng.choice(state.rules.deck))
        verb = rng.choice(["play", "play", "pass", "give"])
        moves.append(Action(player, verb, () if verb == "pass" else tuple(dict.fromkeys(cards))))
    return moves


def daifugo_play(move: Move) -> None:
    if move.action.verb != "play" or CLEARS not in move.answers:
        return
    before, after, player = move.before, move.after, move.action.player
    finish = move.answers[FINISH.format(player)]
    if not move.legal:
        refused_no(move, CLEARS, "play")
        assert finish == "no: the play is refused, so it is no finish at all."
        assert "Once played" not in move.answers[ORDER_NOW] and "starts one" not in move.answers[LOCK]
        return
    clears = move.answers[CLEARS]
    # Read off the position the play leaves: the table is empty (cleared) or the game is over.
    cleared = not after.table
    assert clears.startswith(("yes", "not by an 8")) == cleared, clears
    if clears.startswith("no: this play ends the game"):
        assert after.over, clears
    assert ("Once played" in move.answers[ORDER_NOW]) == (after.revolution != before.revolution)
    # A lock the play starts is in force after it, unless the table clears at once (the event says it started).
    starts = not before.lock and (bool(after.lock) or "lock" in move.kinds())
    assert ("starts one" in move.answers[LOCK]) == starts
    left = len(after.hands[player])
    if left:
        assert finish.endswith(f"({player} would still hold {left} card{'s' if left > 1 else ''}.)"), finish
        # If these were the player's last cards: the same play from a hand of just these cards.
        last = before.copy()
        last.hands[player] = list(before.play_of(move.action).physical)
        assert last.check(move.action) is None
        last.apply(move.action)
        assert finish.startswith("yes") == (player in last.fouls), finish
    else:
        assert f"They are {player}'s last cards." in finish
        assert finish.startswith("yes") == (player in after.fouls), finish


def daifugo_pass(move: Move) -> None:
    if move.action.verb != "pass" or LEADS_AFTER_CLEAR not in move.answers:
        return
    if move.legal and "clear" in move.kinds():
        clear = next(e for e in move.events if e.kind == "clear")
        assert move.answers[LEADS_AFTER_CLEAR].endswith(str(clear.text))
        assert move.after.turn == clear.player
        return
    answer = move.answer(LEADS_AFTER_CLEAR)
    # What the engine does when everyone still in passes.
    game = move.after.copy()
    while True:
        events = game.apply(Action(game.turn, "pass"))
        clear = next((e for e in events if e.kind == "clear"), None)
        if clear:
            break
    assert answer.startswith(f"{clear.player}, "), (answer, clear.text)


def daifugo_give(move: Move) -> None:
    if move.action.verb != "give" or CHANGE_HANDS not in move.answers:
        return
    if move.legal and not move.after.exchanging:
        assert move.answers[CHANGE_HANDS].startswith("now: this is the last give")
        return
    answer = move.answer(CHANGE_HANDS)
    waiting = ", ".join(p for p in move.after.players if p not in move.after.gives)
    assert f"(still waiting for {waiting})" in answer, answer


# --- Gan Deng Yan ------------------------------------------------------------------------------------

EMPTIES = "Does it empty the hand?"
WHO_DRAWS_IF_PASSED = "If everyone else passes it, who draws?"
WHO_LEADS = "And who leads next?"
ENDS = "Does this pass end the round?"
WHO_DRAWS = "Who draws?"


def gandengyan_games(rules, seed):
    low, high = gandengyan.RULESETS[rules].players
    yield gandengyan.new_game(rules, names(random.Random(seed).randint(low, high)), seed=seed)


def gandengyan_moves(state, rng):
    legal = state.legal_actions()
    moves = rng.sample(legal, min(4, len(legal)))
    for _ in range(4):
        player = rng.choice(state.players)
        hand = state.hands[player]
        cards = tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4))))
        verb = rng.choice(["play", "play", "pass"])
        moves.append(Action(player, verb, () if verb == "pass" else cards))
    return moves


def draw_claim(answer: str) -> tuple[list[str], list[str]]:
    """Who draws, in order, and who the stock runs out before, as an answer says."""
    if answer == "nobody: the stock is empty.":
        return [], []
    single = re.match(r"only (\S+), who takes the lead: 1 card\.$", answer)
    if single:
        return [single.group(1)], []
    drawers, _, short = answer.partition("; the stock runs out before ")
    drawers = re.sub(r", 1 card( each)?\.?$", "", drawers)
    return drawers.split(", then "), re.split(r", | and ", short.rstrip(".")) if short else []


def passes_round(position):
    """Everyone else passes the top of ``position`` on a copy: the events of the pass that ends
    the round, or None when a rule set makes someone play."""
    game = position.copy()
    while True:
        action = Action(game.turn, "pass")
        if game.check(action) is not None:
            return None
        events = game.apply(action)
        if any(e.kind == "clear" for e in events):
            return events


def drawn_by(events) -> list[str]:
    return [e.player for e in events if e.kind == "draw" and e.player is not None]


def gandengyan_play(move: Move) -> None:
    if move.action.verb != "play" or EMPTIES not in move.answers:
        return
    player, after = move.action.player, move.after
    if not move.legal:
        refused_no(move, EMPTIES, "play")
        assert WHO_DRAWS_IF_PASSED not in move.answers and WHO_LEADS not in move.answers
        return
    empties = move.answers[EMPTIES]
    assert empties.startswith("yes") == (after.winner == player), empties
    if after.winner == player:
        return
    assert empties.startswith(f"no: {player} keeps {len(after.hands[player])} card"), empties
    drawers, short = draw_claim(move.answers[WHO_DRAWS_IF_PASSED])
    # Read off the position: the draw order of its last player as the next leader, while the stock lasts.
    order = after.draw_order(after.last_player)
    assert drawers + short == (order if drawers else []) and len(drawers) == min(len(order), len(after.stock))
    assert move.answers[WHO_LEADS].startswith(f"{after.last_player}, who played last")
    events = passes_round(after)
    if events is not None:  # and what the engine does when everyone else passes it
        assert drawn_by(events) == drawers
        assert next(e.player for e in events if e.kind == "lead") == after.last_player


def gandengyan_pass(move: Move) -> None:
    if move.action.verb != "pass" or ENDS not in move.answers:
        return
    if not move.legal:
        refused_no(move, ENDS, "pass")
        assert WHO_DRAWS not in move.answers and WHO_LEADS not in move.answers
        return
    ends = move.answers[ENDS]
    ended = "clear" in move.kinds()
    assert ends.startswith("yes") == ended, ends
    if not ended:
        return
    drawers, short = draw_claim(move.answers[WHO_DRAWS])
    assert drawers == drawn_by(move.events), (move.answers[WHO_DRAWS], [str(e.text) for e in move.events])
    assert drawers + short == (move.after.draw_order(move.after.lead) if drawers else [])
    assert move.answers[WHO_LEADS].startswith(f"{move.after.lead}, who played last")
    assert move.after.turn == move.after.lead


# --- the table -------------------------------------------------------------------------------------

@dataclass
class Game:
    module: object
    games: Callable  # (rules, seed) -> the positions to start random play from
    moves: Callable  # (state, rng) -> moves to ask about
    facts: tuple  # checks of a Move
    after_questions: tuple  # every question about what a move brings about


GAMES = {
    "durak": Game(durak, durak_games, durak_moves, (durak_draws, durak_next_attacker), (DRAWS, NEXT_ATTACKER)),
    "daifugo": Game(daifugo, daifugo_games, daifugo_moves, (daifugo_play, daifugo_pass, daifugo_give),
                    (CLEARS, LEADS_AFTER_CLEAR, CHANGE_HANDS)),
    "gandengyan": Game(gandengyan, gandengyan_games, gandengyan_moves, (gandengyan_play, gandengyan_pass),
                       (EMPTIES, WHO_DRAWS_IF_PASSED, WHO_LEADS, ENDS, WHO_DRAWS)),
}
CASES = [(game, rules) for game, spec in GAMES.items() for rules in spec.module.RULESETS]
LIMIT = 3000  # decisions in one game; random play needs a few hundred at most


def check_position(spec: Game, state, rng, counts) -> None:
    for action in spec.moves(state, rng):
        try:
            answers = asked(state, action)
        except NotationError:  # not a well-formed move of this game: the referee says only that
            continue
        before = state.key()
        legal = state.check(action) is None
        assert answers[LEGAL].startswith("yes") == legal
        if legal:
            after = state.copy()
            events = after.apply(action)
        else:  # a refused move changes nothing, and every answer about its effects says first that it is refused
            after, events = state, []
            for question in spec.after_questions:
                assert answers.get(question, REFUSED).startswith((REFUSED, "no: the play is refused, so ",
                                                                  "no: the pass is refused, so ")), answers[question]
        move = Move(state.copy(), action, after, events, legal, answers, rng)
        for fact in spec.facts:
            fact(move)
        assert state.key() == before, "asking changed the position"
        counts[legal] += 1


@pytest.mark.parametrize("game, rules", CASES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_every_after_answer_agrees_with_the_engine(game, rules, seed):
    spec = GAMES[game]
    rng = random.Random(seed)
    counts = {True: 0, False: 0}
    for state in spec.games(rules, seed):
        for decision in range(LIMIT):
            if state.is_over():
                break
            if decision == 0 or rng.random() < 0.15:
                check_position(spec, state, rng, counts)
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over(), "the game did not end"
    assert counts[True]
