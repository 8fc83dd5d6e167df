"""A whole game at a table: the learner holds one seat, computer players (:mod:`cardlab.bots`) the
others.

:class:`Table` is built like the lesson widgets of :mod:`cardlab.widgets`: a plain Python object
first, with a method for every control that returns the text the learner reads (``select``,
``press``, ``type_move``, ``hint``, ``show_all_hands``, ``play_rest``, ``next_game``,
``save_scenario``, ``bots_move``), so a lesson prints it for nbval and a test drives it without a
browser; the ipywidgets view is built on first use. It is a card table the learner acts at, as the
:class:`~cardlab.widgets.TryIt` is (:class:`~cardlab.widgets.acting.ActingTable`), with the seat
fixed: the same card table, verb buttons and typed moves, the picture drawn in the player view (only
the learner's hand face up; every hand after "Show all hands", and once the game is over). A hint,
the hands or a refusal appear under the account of the last moves, never in its place.

The bots' pace. The Python API plays the bots' moves at once, so a lesson's printed game and a
test are the same on every run. The view plays them one at a time, ``pause`` seconds apart, on the
kernel's own event loop (``asyncio``'s ``call_later``): nothing blocks, the buttons answer
between two moves, and each move is drawn and narrated before the next. The learner's buttons are
disabled while the bots are moving. Once the learner has gone out, "Play to the end" plays the
rest of the game at once. Without a running event loop (a plain Python shell) the view plays them
at once too.

Taking a move back. The learner may take back their own last move (:meth:`Table.undo`, the Undo
button) while no other seat has moved since: the bots have not answered it yet (the view's first
answer to a learner's move waits at least :data:`TAKE_BACK` seconds), or the learner is to move
again (a Daifugo 8-cut). The account of the game says so; the game's scenario loses the move.

What the learner reads of a move is the engine's own narration (``learner_text`` of its events),
except for cards the learner could not see at a real table: a card another player draws, and the
cards given in a Daifugo exchange the learner takes no part in, read "a hidden card" until "Show
all hands" is on.

Everything the table says is kept as messages (:mod:`cardlab.i18n`) and rendered when it is read:
after ``cardlab.set_language("ja")`` the account of the game so far, the status line and the score
table read in Japanese, the moves made before the switch included.

A table keeps each game as a scenario (SCENARIOS.md): the deal as dealt at the start of the game,
every action as a step (the learner's refused ones as ``do``/``reject`` steps), and what holds at
the end. :meth:`Table.save_scenario` writes it, for ``cardlab check`` and the stepper.

    >>> table = Table("durak", "podkidnoy", seed=1)
    >>> table
    <Table durak (podkidnoy), 2 players, you: 甲, game 1, steps: 0, to act: 乙>
    >>> table.bots_move().splitlines()[-1]   # 乙 holds the lowest trump and attacks first
    'Your turn, 甲 (A): you may defend or take.'
"""

from __future__ import annotations

import asyncio
import os
import re
from html import escape

from ..cards import plain
from ..engine import Event, State
from ..i18n import Message, _, commas, n_, ors, p_, words
from ..registry import all_games, find_game, game_names
from ..scenario import Lines
from . import saving
from .acting import SELECT_FIRST, ActingTable, RefusalLine, verdict_html
from .args import WidgetError, flag, seconds
from .base import ACCEPTED, INFO, REFUSED, lines_html, moved_cards, still_html, table_size
from .seating import NAMES, Seating, bot_name, bots_of, plan, seed_of

PAUSE = 0.8  # seconds between two bot moves in the view
# Seconds at least before the bots answer the learner's move in the view: a moment to take it back.
TAKE_BACK = 1.5
# The longest pause: the learner's buttons wait while the bots move, so a longer one looks like a hang.
MAX_PAUSE = 10.0


def _bot(name: str, seed: int):
    from ..bots import make_bot

    return make_bot(name, seed=seed)


def _word(value):
    """A word a game gives as constant English text (``"wins"``), translated where it is read; a
    message as it is."""
    return _(value) if isinstance(value, str) else value


class _Hidden(Message):
    """An event's text with the cards the learner may not see written as hidden cards ("a hidden
    card", "2 hidden cards"), in the current language whenever it is read."""

    __slots__ = ("text", "hidden")

    def __init__(self, text, hidden):
        super().__init__("")
        self.text = text
        self.hidden = tuple(hidden)

    def __str__(self) -> str:
        one = "|".join(re.escape(w) for c in self.hidden for w in (str(c), c.symbol))
        # Latin letters and digits only around a card: in Chinese and Japanese a card stands right
        # after and before words ("乙把2♣ BJ放在一旁"), which \w would count as part of it.
        run = re.compile(rf"(?<![0-9A-Za-z_=])(?:{one})(?: (?:{one}))*(?![0-9A-Za-z_=])")

        def hide(match) -> str:
            count = len(match.group(0).split())
            return str(n_("{count} hidden card", "{count} hidden cards", count) if count > 1
                       else _("a hidden card"))

        return run.sub(hide, str(self.text))

    def __reduce__(self):
        return (_Hidden, (self.text, self.hidden))


class Table(ActingTable, saving.GameSaving):
    """Play ``game`` (``"durak"``, ``"daifugo"``, ``"gandengyan"``) under ``rules`` (a rule set's
    name) as seat ``seat`` (default: the first player) against bots in every other seat.

    ``players`` is a list of names in clockwise order, or their number (named 甲, 乙, 丙 ...;
    default: 2 for durak, 4 for daifugo, 3 for gandengyan). ``bots`` names the bot of every other
    seat (``"random"``, ``"simple"``, ``"montecarlo"``), or maps seats to bot names. ``seed`` (a
    whole number) fixes every deal and every bot's choices, so that a lesson's game is the same on
    every run; ``seed=None`` deals a new game every time, with a fresh random seed kept in
    :attr:`seed` (and in a saved game's ``source``) to play it again. ``pause`` is the seconds
    between two bot moves in the view (0 to 10). With ``match=True`` the games go on: a Daifugo set of four
    games (jdf, with the exchange and 都落ち) or a three-game match with points (yeeqia); Gan Deng
    Yan games with the winner dealing next; Durak games with the loser dealing next; a score table
    between games (:meth:`score_table`).

    A new deal stops before the bots' first moves: the view plays them one by one,
    :meth:`bots_move` at once. After the learner's accepted action (:meth:`press`) the bots answer
    at once, up to the learner's next turn or the end of the game. Raises
    :class:`~cardlab.widgets.WidgetError` (a ``ValueError``), in one sentence naming the argument,
    for an unknown game, rule set, seat or bot, a number of players the rule set does not allow, or
    an argument of the wrong kind (``seed="7"``, ``match="no"``, ``pause=float("inf")``)."""

    def __init__(self, game: str, rules: str, players=None, seat: str | None = None, bots="simple",
                 seed: int | None = 0, match: bool = False, four_colour: bool = False, size: str | None = None,
                 pause: float = PAUSE):
        self.bots_spec = bots_of(bots)
        self.seed = seed_of(seed)
        self.match = flag(match, "match")
        self.pause = seconds(pause, "pause", MAX_PAUSE)
        self.all_hands = False
        seated = self._plan(game, rules, players, seat)
        super().__init__(seated.state, seated.seat, four_colour, size)
        self._message = ""
        self._set_up(seated)

    def _plan(self, game: str, rules: str, players, seat: str | None, keep: str | None = None) -> Seating:
        """A table of ``game`` with this table's bots and seed (:func:`~cardlab.widgets.seating.plan`)."""
        return plan(game, rules, players, seat, self.bots_spec, self.seed, self.match, keep)

    # --- setting up ----------------------------------------------------------------------------

    def _set_up(self, seated: Seating) -> None:
        """Make the table seated so (:func:`~cardlab.widgets.seating.plan`) this one."""
        self.game, self.rules_name, self.spec = seated.game, seated.rules_name, seated.spec
        self.players, self.seat, self.bots, self._match = seated.players, seated.seat, seated.bots, seated.match
        self._records: list[dict] = []
        self._start(seated.state)

    def _start(self, state: State) -> None:
        """Make ``state`` the game being played, as dealt, the learner at their seat."""
        self._state = state
        self._player = self.seat
        self.number = len(self._records) + 1
        self._deal = self.spec.deal_spec(state)
        self._steps: list = []
        # (everything, what the learner may see) per entry, as messages read in the language of the moment
        self._log: list[tuple[Lines, Lines]] = []
        self._moved = frozenset()
        self._selected = []
        self._reading = None
        self._thinking = False
        # What the learner's last move may be taken back to (the position, the number of steps and
        # the highlight before it), until another seat moves.
        self._undo_point = None
        self._new_run()

    def choose(self, game: str | None = None, rules: str | None = None, players=None) -> str:
        """A new table: another game, rule set or number of players (each left out: as now, or
        for a new game its first rule set and, when the players now seated do not fit it, its
        usual number). Returns the opening text. Raises :class:`~cardlab.widgets.WidgetError`
        as the constructor does, and then changes nothing: the game being played goes on."""
        known = isinstance(game, str) and game in game_names()
        if game is not None and game != self.game and rules is None:
            rules = next(iter(find_game(game).rulesets)) if known else None
        game = self.game if game is None else game
        rules = self.rules_name if rules is None else rules
        if players is None and (known or game == self.game):
            spec = find_game(game)
            if isinstance(rules, str) and rules in spec.rulesets:
                low, high = spec.player_counts[rules]
                players = self.players if low <= len(self.players) <= high else None
        # The learner keeps their seat at a table of the players asked for, or of those seated now.
        self._set_up(self._plan(game, rules, players, None, keep=self.seat if players is not None else None))
        return self._say(self._opening(), INFO)

    # --- what the learner reads ------------------------------------------------------------------

    def view(self):
        """What the learner's seat sees now (:meth:`State.view`); :attr:`state` is the whole
        position of the game being played."""
        return self._state.view(self.seat)

    def _read(self, text) -> Lines:
        """``text`` (a message, or several as :class:`~cardlab.scenario.Lines`) as the learner reads
        it, in the current language whenever it is read: cards as 9♠, seat letters."""
        if isinstance(text, Lines) and text.state is self._state:
            return text
        return Lines([text], state=self._state)

    def _private(self, event: Event):
        """``event``'s text with the cards the learner may not see written as hidden cards."""
        if event.kind not in self.spec.private_events:
            return event.text
        visible = self.spec.known_cards(self._state, self.seat)
        hidden = [plain(c) for c in event.cards if plain(c) not in visible]
        if not hidden:
            return event.text
        return _Hidden(event.text, hidden)

    def _note(self, heading, events: list[Event] = (), refusal=None, seen_heading=None) -> Lines:
        """Log one step and return what the learner reads of it (``seen_heading``: the heading
        without the cards the learner may not see). The log keeps messages, read in the language
        of the moment each time it is shown."""
        full = [heading, *(e.text for e in events)]
        seen = [seen_heading or heading, *(self._private(e) for e in events)]
        if refusal is not None:
            line = RefusalLine(refusal)
            full.append(line)
            seen.append(line)
        entry = (Lines(full, state=self._state), Lines(seen, state=self._state))
        self._log.append(entry)
        return entry[0] if self.all_hands else entry[1]

    @property
    def narration(self) -> Lines:
        """Every step of the current game so far, as the learner reads it, in the current language
        (every card named once "Show all hands" is on)."""
        return Lines([full if self.all_hands else seen for full, seen in self._log], sep="\n\n")

    def _opening(self) -> Lines:
        count = len(self.players)
        where = {"game": words(self.spec.title), "rules": self.rules_name, "number": self.number}
        if self._match is not None and self._match.games is not None:
            # The kind names the rule set already ("jdf set"): not twice.
            first = n_("Game {number} of {games} ({kind}) of {game}, {count} player.",
                       "Game {number} of {games} ({kind}) of {game}, {count} players.", count,
                       games=self._match.games, kind=_word(self._match.kind), **where)
        elif self.match:
            first = n_("Game {number} of {game} ({rules}), {count} player.",
                       "Game {number} of {game} ({rules}), {count} players.", count, **where)
        else:
            first = n_("A game of {game} ({rules}), {count} player.", "A game of {game} ({rules}), {count} players.",
                       count, game=words(self.spec.title), rules=self.rules_name)
        bots = commas([_("{player} is the {bot} bot", player=p, bot=bot_name(self.bots_spec, p)) for p in self.bots])
        line = _("{opening} You play {player}; {bots}.", opening=first, player=self.seat, bots=bots)
        return Lines([line, self.status()], state=self._state)

    def status(self) -> Lines:
        """Whose turn it is, or how the game ended."""
        state = self._state
        if state.is_over():
            if self._can_go_on():
                return self._read(_("The game is over: {outcome}. Press Next game to play on.",
                                     outcome=self.spec.outcome(state)))
            return self._read(_("The game is over: {outcome}.", outcome=self.spec.outcome(state)))
        acting = state.to_act()
        if self.seat in acting:
            verbs = sorted({a.verb for a in state.legal_actions() if a.player == self.seat},
                           key=state.verbs().index)
            verbs = ors(verbs)  # "defend or take"
            return self._read(_("Your turn, {player}: you may {verbs}.", player=self.seat, verbs=verbs))
        return self._read(_("Waiting for {players}.", players=commas(acting)))

    # --- playing --------------------------------------------------------------------------------

    def _next_bot(self) -> str | None:
        """The bot who moves next: the first seat but the learner's with a legal action."""
        if self._state.is_over():
            return None
        return next((p for p in self._state.to_act() if p != self.seat), None)

    def _bot_step(self, player: str) -> str:
        action = self.bots[player].choose(self._state.view(player))
        events = self._state.apply(action)
        self._undo_point = None  # another seat has moved
        self._steps.append(str(action))
        self._moved = moved_cards(events)
        number = len(self._steps)
        heading = _("Step {number}: {action}", number=number, action=str(action))
        # A give is set aside face down: the learner sees that it was made, not which cards.
        seen = (n_("Step {number}: {player} gives {count} hidden card", "Step {number}: {player} gives {count} hidden cards",
                   len(action.cards), number=number, player=player)
                if action.verb == "give" else heading)
        return self._note(heading, events, seen_heading=seen)

    def bots_move(self) -> Lines:
        """Every bot move up to the learner's turn or the end of the game, played at once; returns
        their narration and the status line."""
        texts = []
        while (player := self._next_bot()) is not None:
            texts.append(self._bot_step(player))
        texts.append(self.status())
        return self._say(Lines(texts, sep="\n\n", state=self._state), INFO)

    def _learner_press(self, verb: str) -> tuple:
        """The learner's seat does ``verb`` with the selected cards: the text and the verdict."""
        if self._state.is_over():
            return _("The game is over."), INFO
        if self._pressed(verb):
            return _(SELECT_FIRST), INFO
        return self._learner_act(self._move(self.seat, verb))

    def _learner_act(self, text: str) -> tuple:
        """The learner's action written ``text``, checked and, when legal, applied; every action
        becomes a step of the game's scenario (a refused one as a ``do``/``reject`` step)."""
        if self._state.is_over():
            return _("The game is over."), INFO
        action, fault = self._parse(text)
        if fault is not None:
            return fault, REFUSED
        if action.player != self.seat:
            return _("Not an action: you play {player} at this table, not {other}.", player=self.seat,
                     other=action.player), REFUSED
        refusal = self._state.check(action)
        if refusal is not None:
            self._steps.append({"do": str(action), "reject": refusal.code})
            heading = _("Step {number}: {action} (refused)", number=len(self._steps), action=str(action))
            return self._note(heading, refusal=refusal), REFUSED
        point = (self._state.copy(), len(self._steps), self._moved)
        events = self._state.apply(action)
        self._undo_point = point
        self._steps.append(str(action))
        self._played(events)
        return self._note(_("Step {number}: {action}", number=len(self._steps), action=str(action)), events), ACCEPTED

    def _answered(self, text, verdict: str) -> Lines:
        """After the learner's action: accepted, the bots answer at once and the whole account is
        returned; refused, the reason is shown under the account of the moves before it."""
        if verdict != ACCEPTED:
            return self._aside(text, verdict, of_move=True)
        self._say(text, ACCEPTED)
        return self._say(Lines([text, self.bots_move()], sep="\n\n", state=self._state), ACCEPTED)

    def press(self, verb: str) -> str:
        """The learner's seat does ``verb`` with the selected cards. Accepted: the action is
        applied, then the bots answer at once; returns the narration of it all and the status.
        Refused: nothing changes (the selection is kept); returns the reason."""
        self._check_verb(verb)
        return self._answered(*self._learner_press(verb))

    def type_move(self, text: str) -> str:
        """The learner's move typed in the notation (``"attack S8"``, or with the learner's seat
        first: ``"A attack S8"``), played as :meth:`press` plays a verb."""
        return self._answered(*self._learner_act(self._typed(text)))

    @property
    def message(self) -> Lines:
        """What the table says now: the account of the last moves, and under it the last hint,
        hands or refusal (which never replace the account)."""
        return Lines([self._message, self._aside_text], sep="\n\n", state=self._state)

    def _say(self, text, verdict: str) -> Lines:
        """Say ``text`` (kept as a message, read in the language of the moment) as the account
        of the last moves."""
        self._aside_text = ""
        self._message, self._verdict = self._read(text), verdict
        self._refresh()
        return self._message

    def _aside(self, text, verdict: str = INFO, of_move: bool = False) -> Lines:
        """Show ``text`` under the account of the moves, which stays; returns it as the learner
        reads it. ``of_move``: it answers a move (a refusal), and goes when the learner selects
        other cards."""
        self._aside_text, self._aside_verdict, self._aside_of_move = self._read(text), verdict, of_move
        self._refresh()
        return self._aside_text

    _aside_text, _aside_verdict, _aside_of_move = "", INFO, False

    def _new_selection(self) -> None:
        if self._aside_of_move:
            self._aside_text, self._aside_of_move = "", False

    def hint(self) -> Lines:
        """What the ``montecarlo`` bot would do in the learner's seat now, and why."""
        if self.seat not in self._state.to_act():
            return self._aside(_("Nothing for you to do now. {status}", status=self.status()))
        bot = _bot("montecarlo", self.seed * 100 + len(self._steps))
        return self._aside(_("Hint: {advice}", advice=bot.explain(self._state.view(self.seat))))

    def show_all_hands(self, on: bool = True) -> Lines:
        """Every hand face up (for a teacher), or only the learner's again; returns the position
        as text when on."""
        self.all_hands = bool(on)
        if on:
            return self._aside(Lines([_("All hands face up:"), self._state.describe()]))
        return self._aside(_("Only your own hand is face up again."))

    def can_undo(self) -> bool:
        """Whether the learner's last move may be taken back now: no other seat has moved since."""
        return self._undo_point is not None

    def undo(self) -> Lines:
        """Take back the learner's own last move, while no other seat has moved since (a bot
        move waiting for its pause is called off): the position is as before it, the move leaves
        the game's scenario (with any refused try after it), and the account of the game says
        so. Otherwise nothing changes, and it says why."""
        if self._undo_point is None:
            return self._aside(_("Nothing to take back: you may take back your own last move only until "
                                 "another player moves."))
        before, steps, moved = self._undo_point
        move = self._steps[steps]
        if self._match is not None and self._match.game is self._state:
            self._match.game = before
        self._new_run()  # a bot move waiting for its pause does nothing now
        self._thinking = False
        self._state, self._moved, self._undo_point = before, moved, None
        del self._steps[steps:]
        self._selected, self._reading = [], None
        taken = self._note(_("You took back your move {action}.", action=move))
        return self._say(Lines([taken, self.status()], sep="\n\n", state=self._state), INFO)

    def selectable(self) -> list:
        """The learner's hand and the table cards an action may name; none once the game is over."""
        return [] if self._state.is_over() else super().selectable()

    def learner_out(self) -> bool:
        """Whether the learner's seat has gone out of a game that goes on without them."""
        return not self._state.is_over() and self.seat in self._state.finished()

    def play_rest(self) -> Lines:
        """Once the learner has gone out: every bot move to the end of the game, at once (the view
        stops pacing them); returns their narration and how the game ended."""
        if not self.learner_out():
            return self._aside(_("This plays the rest of the game once you have gone out; you are still in it. "
                                 "{status}", status=self.status()))
        self._new_run()
        self._thinking = False
        texts = [self._message]
        while (player := self._next_bot()) is not None:
            texts.append(self._bot_step(player))
        texts.append(self.status())
        return self._say(Lines(texts, sep="\n\n", state=self._state), INFO)

    # --- game after game ------------------------------------------------------------------------

    def _can_go_on(self) -> bool:
        if not self.match:
            return False
        return self._match is None or not self._match.is_over()

    def _record(self) -> dict:
        """The current game's line of the score table: the players' results, each as a word."""
        cells, score = self.spec.score_line(self._state)
        return {"game": self.number, "cells": cells, "score": score}

    def next_game(self) -> str:
        """Record the finished game and deal the next: the next game of the Daifugo set or match
        (its exchange first), Gan Deng Yan with the winner dealing, Durak with the loser's left
        attacking. Returns the score table and the opening, or why not."""
        state = self._state
        if not self.match:
            return self._say(_("This table plays one game: make it with match=True to play game after game."), INFO)
        if not state.is_over():
            return self._say(_("The game is not over yet."), INFO)
        if not self._can_go_on():
            return self._say(Lines([_("The match is over."), self.score_table()]), INFO)
        self._records.append(self._record())
        self._start(self._match.next_game())
        return self._say(Lines([self.score_table(), self._opening()], sep="\n\n", state=self._state), INFO)

    def score_table(self) -> Lines:
        """The games played so far, a line each, and the totals: Daifugo's places (and yeeqia's
        points), Gan Deng Yan's winners and cards left, Durak's fools."""
        records = self._records + ([self._record()] if self._state.is_over() else [])
        if not records:
            return self._read(_("No game finished yet."))
        state = self._state
        lines = []
        for r in records:
            results = commas([_("{player} {result}", player=p, result=r["cells"][p]) for p in self.players])
            lines.append(_("Game {number}: {results}", number=r["game"], results=results))
        what = self.spec.score_total(state)
        if what is not None:
            totals = {p: sum(r["score"].get(p, 0) for r in records) for p in self.players}
            results = commas([_("{player} {result}", player=p, result=totals[p]) for p in self.players])
            lines.append(_("Total {what}: {totals}", what=_word(what), totals=results))
        return Lines(lines, state=state)

    # --- drawing --------------------------------------------------------------------------------

    def picture(self) -> str:
        """The player view; every hand face up after "Show all hands" and once the game is over."""
        view = "teaching" if self.all_hands or self._state.is_over() else "player"
        return self._draw(view=view, seat=self.seat)

    def __repr__(self) -> str:
        state = self._state
        where = "over" if state.is_over() else "to act: " + (", ".join(state.to_act()) or "-")
        return (f"<Table {self.game} ({self.rules_name}), {len(self.players)} players, you: {self.seat}, "
                f"game {self.number}, steps: {len(self._steps)}, {where}>")

    def static_html(self) -> str:
        return still_html(str(_("Play {game} ({rules})", game=words(self.spec.title), rules=self.rules_name)),
                          self.picture())

    # --- the view -------------------------------------------------------------------------------
    # Above the table, the choice of a new table; after the verbs, Hint; under the verdict, what
    # the learner was told aside, the buttons of the game, the score table, the account of the game
    # so far and the save controls.

    def _build(self, ipw):
        box = super()._build(ipw)
        self._game_menu = ipw.Dropdown(options=[g.name for g in all_games()], value=self.game,
                                       layout=ipw.Layout(width="auto"))
        self._rules_menu = ipw.Dropdown(layout=ipw.Layout(width="auto"))
        self._count_menu = ipw.Dropdown(layout=ipw.Layout(width="auto"))
        self._game_menu.observe(lambda _change: self._menus(), names="value")
        self._rules_menu.observe(lambda _change: self._menus(counts_only=True), names="value")
        self._label(self._game_menu, "description", p_("menu", "Game"))
        self._label(self._rules_menu, "description", p_("menu", "Rules"))
        self._label(self._count_menu, "description", p_("menu", "Players"))
        self._new = ipw.Button(layout=ipw.Layout(width="auto"))
        self._new.on_click(lambda _button: self._on_new())
        self._label(self._new, "description", p_("button", "New table"))
        self._label(self._new, "tooltip", _("deal a new game with these choices"))
        setup = ipw.HBox([self._game_menu, self._rules_menu, self._count_menu, self._new],
                         layout=ipw.Layout(flex_flow="row wrap"))
        box.children = (setup, *box.children)
        box.add_class("cardlab-table")
        self._menus()
        self._start_bots()
        return box

    def _own_buttons(self, ipw) -> list:
        self._undo = ipw.Button(layout=ipw.Layout(width="auto"))
        self._label(self._undo, "description", p_("button", "Undo"))
        self._label(self._undo, "tooltip", _("take back your last move, until another player moves"))
        self._undo.on_click(lambda _button: self.undo())
        self._hint = ipw.Button(layout=ipw.Layout(width="auto"))
        self._label(self._hint, "description", p_("button", "Hint"))
        self._label(self._hint, "tooltip", _("what the montecarlo bot would do in your seat, and why"))
        self._hint.on_click(lambda _button: self.hint())
        return [self._hint]

    def _controls_below(self, ipw) -> list:
        self._aside_html = ipw.HTML()
        self._aside_html.add_class("cardlab-aside")
        self._all = ipw.ToggleButton(value=self.all_hands, layout=ipw.Layout(width="auto"))
        self._all.observe(lambda change: self._on_all(change["new"]), names="value")
        self._label(self._all, "description", p_("button", "Show all hands"))
        self._label(self._all, "tooltip", _("every hand face up (for a teacher)"))
        self._next = ipw.Button(layout=ipw.Layout(width="auto"))
        self._next.on_click(lambda _button: self._on_next())
        self._label(self._next, "description", p_("button", "Next game"))
        self._rest = ipw.Button(layout=ipw.Layout(width="auto"))
        self._rest.on_click(lambda _button: self.play_rest())
        self._label(self._rest, "description", p_("button", "Play to the end"))
        self._label(self._rest, "tooltip", _("you are out: the bots play the rest of the game at once"))
        self._score = ipw.HTML()
        self._score.add_class("cardlab-score-table")
        self._log_html = ipw.HTML()
        self._log_html.add_class("cardlab-table-log")
        return [self._aside_html, ipw.HBox([self._undo, self._all, self._next, self._rest]), self._score,
                self._log_html, *self._save_controls(ipw)]

    _verdict_flex = "0 0 auto"  # a game table's column grows with what it holds

    @staticmethod
    def _controls_height(height: int) -> dict[str, str]:
        """A game table's column holds its account of the game and the save controls too: at least
        as high as the table, growing with what it holds."""
        return {"min_height": f"{height}px"}

    def _menus(self, counts_only: bool = False) -> None:
        spec = find_game(self._game_menu.value)
        if not counts_only:
            names = list(spec.rulesets)
            self._rules_menu.options = names
            self._rules_menu.value = self.rules_name if self.rules_name in names else names[0]
        low, high = spec.player_counts[self._rules_menu.value]
        counts = list(range(low, min(high, len(NAMES)) + 1))
        self._count_menu.options = counts
        self._count_menu.value = len(self.players) if len(self.players) in counts else counts[0]

    def _on_new(self) -> None:
        try:
            self.choose(self._game_menu.value, self._rules_menu.value, self._count_menu.value)
        except WidgetError as exc:  # the game being played goes on
            self._aside(_("No new table: {reason}", reason=exc.args[0]), REFUSED)
            return
        self._start_bots()

    def _on_next(self) -> None:
        self.next_game()
        self._start_bots()

    def _on_all(self, on: bool) -> None:
        if on != self.all_hands:
            self.show_all_hands(on)

    def _on_verb(self, verb: str) -> None:
        if not self._thinking:  # the buttons are disabled meanwhile; Enter on the cards waits too
            self._learner_answer(*self._learner_press(verb))

    def _on_typed(self, text: str) -> None:
        if not self._thinking:
            self._learner_answer(*self._learner_act(self._typed(text)))

    def _learner_answer(self, text: str, verdict: str) -> None:
        """The view's answer to the learner's action: accepted, the bots answer one at a time;
        refused, the reason under the account of the moves before it."""
        if verdict != ACCEPTED:
            self._aside(text, verdict, of_move=True)
            return
        self._say(text, ACCEPTED)
        self._start_bots()

    def _later(self, callback) -> bool:
        """Run ``callback`` after the pause on the kernel's event loop (right after the learner's
        move, at least :data:`TAKE_BACK` seconds: a moment to take it back); ``False`` when no loop
        runs."""
        if self.pause <= 0:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        loop.call_later(max(self.pause, TAKE_BACK) if self._undo_point is not None else self.pause, callback)
        return True

    def _append(self, text) -> None:
        """Add ``text`` to the account of the last moves (kept as one list of messages)."""
        said = self._message
        parts = said.parts if isinstance(said, Lines) and said.sep == "\n\n" else [said]
        self._say(Lines([*parts, text], sep="\n\n", state=self._state), self._verdict)

    def _new_run(self) -> None:
        """Start another run of bot moves (a new deal, or the rest of a game played at once): a
        move of an earlier run still waiting for its pause does nothing."""
        self._run = getattr(self, "_run", 0) + 1

    def _start_bots(self) -> None:
        """Let the bots move one at a time, ``pause`` seconds apart (at once without an event loop)."""
        if self._thinking:
            return
        run = self._run
        if self._next_bot() is not None and self._later(lambda: self._tick(run)):
            self._thinking = True
            self._refresh()
            return
        while (player := self._next_bot()) is not None:
            self._append(self._bot_step(player))
        if not str(self._message).endswith(str(self.status())):
            self._append(self.status())

    def _tick(self, run: int) -> None:
        """One bot move of the run numbered ``run`` (nothing once another run started)."""
        if run != self._run:
            return
        player = self._next_bot()
        if player is not None:
            self._append(self._bot_step(player))
            if self._next_bot() is not None and self._later(lambda: self._tick(run)):
                return
            while (player := self._next_bot()) is not None:
                self._append(self._bot_step(player))
        self._thinking = False
        self._append(self.status())

    def _update_view(self) -> None:
        over = self._state.is_over()
        super()._update_view()
        if self._confirming is not None:  # the question in the current language
            self._confirm_text.value = self._confirm_html()
        busy = self._thinking
        for button in self._verb_row.children:
            button.disabled = busy or (over and button in self._verb_button.values())
        self._move_box.disabled = busy or over
        self._undo.disabled = self._undo_point is None
        self._path.placeholder = os.path.join(saving.MY_GAMES, self._default_path())
        self._aside_html.value = verdict_html(self._aside_text, self._aside_verdict) if self._aside_text else ""
        self._rest.layout.display = None if self.learner_out() else "none"
        self._next.layout.display = None if self.match else "none"
        self._next.disabled = busy or not (self._state.is_over() and self._can_go_on())
        if self._all.value != self.all_hands:
            self._all.value = self.all_hands
        records = self._records + ([self._record()] if self._state.is_over() else [])
        self._score.value = lines_html(str(self.score_table()), "cardlab-score-text", heading=False) if records else ""
        log = escape(str(self.narration))
        summary = escape(str(n_("The game so far ({count} step)", "The game so far ({count} steps)", len(self._log))))
        self._log_html.value = (f'<details class="cardlab-folded"><summary>{summary}</summary>'
                                f'{self._latest(f"<pre>{log}</pre>")}</details>')

    def _latest(self, markup: str) -> str:
        """``markup`` in a box at most about half as high as the table, which scrolls and shows its
        end: the latest moves and how the game stands now stay in view, however long the account."""
        most = round(table_size(self.size)[1] * 0.55)
        return f'<div class="cardlab-latest cardlab-scrolls" style="max-height:{most}px"><div>{markup}</div></div>'

    def _verdict_markup(self) -> str:
        """The account of the last moves, its end in view; while the bots move, the status line
        under it."""
        said = verdict_html(self._message, self._verdict) if self._message else ""
        if self._thinking:
            said += (f'<div class="cardlab-waiting" style="color:#555555"><i>'
                     f'{escape(str(self.status()))}</i></div>')
        return self._latest(said) if said else ""
