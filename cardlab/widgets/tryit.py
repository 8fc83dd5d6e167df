"""The try-it table: play a position by hand and hear the engine's verdict."""

from __future__ import annotations

from pathlib import Path

from ..engine import Action, State
from ..i18n import Lines, _, p_, shown
from ..scenario import Scenario, Text
from .acting import SELECT_FIRST, ActingTable, RefusalLine, said_html
from .args import WidgetError
from .base import (ACCEPTED, INFO, REFUSED, VERDICT_COLOURS, column_heights, lay_out, markup_lines, replay,
                   scenario_of, still_html, table_size, text_size)
from .instructions import instructions_html, instructions_of

# Beside instructions, the verdict's least room: lines of its text (markup_lines's line height).
VERDICT_LINES, LINE_HEIGHT = 4, 1.45


class TryIt(ActingTable):
    """Play a position by hand: choose the seat (hot seat: any player), select cards by clicking
    them in the picture, press a verb, or type a move. The engine's verdict appears at once: for an
    accepted action its event texts, for a refused one a short title, the explanation and the
    reason code (``"Not your turn: ... (code: not_your_turn)"``, :meth:`Refusal.text
    <cardlab.engine.Refusal.text>`); a refused action changes nothing and keeps the selection.
    A verb that takes cards pressed with none selected says :data:`SELECT_FIRST` and does nothing
    else. "Show legal moves" lists ``legal_actions()``; Undo takes back the last accepted action.

    Enter on the cards plays :attr:`enter_verb` (its button drawn as the primary one); a move typed
    in the notation (:meth:`type_move`, the text box under the buttons) is played as written.

    ``source`` is a :class:`State` (copied, never changed) or a scenario / path, then played up to
    step ``at_step`` as the :class:`Stepper` numbers steps (default: the start). Cards on the table that an action may name
    (the game's ``table_cards``: in Durak the unbeaten attack cards) can be selected too; the game
    puts the selection in the order its notation writes (a Durak defence: the attack card first,
    whichever was selected first).

    A joker or wild card in the selection stands for whatever the play needs. When several
    readings are legal (D5 BJ RJ: three 5s, or ...), :meth:`readings` lists them, :meth:`reading_labels`
    says each in words ("as three 5s") and the view offers those to choose from; :meth:`select`
    also takes a stand-in written out (``"BJ=5"``).

    ``instructions``, what to try at the table, stand beside it (above the seats and buttons), in
    the language current when it is drawn: a text, a mapping from language tags to texts
    (``{"en": ..., "zh-TW": ...}``), or the path of a YAML file holding one (a lesson's
    ``try_it/NN.yaml``; :mod:`cardlab.widgets.instructions`). With them, the controls' column may
    grow taller than the table, up to the room the window leaves.

    A verdict belongs to one move: it goes when the learner selects other cards or switches seat
    (the list of legal moves, which belongs to the position, stays until the position or the seat
    changes).

    Every verdict, hint and label is in the language current when it is made or drawn: after
    :func:`cardlab.set_language`, the next verdict is in the new language, and so are the labels
    of the buttons and boxes from the view's next update.

    An argument it cannot work with (a verb or a typed move that is not text, a size it does not
    have ...) raises :class:`~cardlab.widgets.WidgetError`, saying which in one sentence; bad card
    notation in :meth:`select` raises :class:`~cardlab.cards.CardError`."""

    def __init__(self, source: State | Scenario | str | Path, at_step: int | None = None,
                 four_colour: bool = False, size: str | None = None, instructions: Text | str | dict | None = None):
        self.instructions = instructions_of(instructions)
        if isinstance(source, State):
            if at_step is not None:
                raise WidgetError("at_step applies to a scenario, not to a State")
            state = source.copy()
        else:
            scenario = scenario_of(source)
            state, _note = replay(scenario, scenario.rules, at_step)
        acting = state.to_act()
        super().__init__(state, acting[0] if acting else state.players[0], four_colour, size)
        self._history: list[tuple[State, Action]] = []
        self._message = ""
        self._said = ""  # the verdict as HTML, made with the message
        self._lasting = False  # whether the message belongs to the position (legal moves), not to a move

    @property
    def message(self) -> str:
        """The last verdict, hint or undo notice, as the learner reads it."""
        return self._message

    @property
    def player(self) -> str:
        """The seat being played now; setting it (by name or seat letter) clears the selection."""
        return self._player

    @player.setter
    def player(self, name: str) -> None:
        seat = self._seat(name)
        if seat != self._player:
            self._forget_verdict()
        self._player = seat
        self._selected = []
        self._reading = None
        self._refresh()

    def _forget_verdict(self) -> None:
        self._message, self._said, self._verdict, self._lasting = "", "", INFO, False

    def _new_selection(self) -> None:
        if not self._lasting:
            self._forget_verdict()

    def _seat(self, name: str) -> str:
        if name in self._state.players:
            return name
        found = self._state._seat_from_letter(name) if isinstance(name, str) else None
        if found is None:
            seats = ", ".join(self._state.seat_label(p) for p in self._state.players)
            raise WidgetError(_("{name} is not a player ({seats})", name=shown(name), seats=seats))
        return found

    def _say(self, text, verdict: str, lasting: bool = False) -> str:
        """Show ``text`` (a string or a message, read now in the current language) as the verdict;
        ``lasting``: it belongs to the position, and stays while the selection changes."""
        learner = self._state.learner_text
        self._message, self._said, self._verdict = learner(str(text)), said_html(text, learner), verdict
        self._lasting = lasting
        self._refresh()
        return self._message

    def press(self, verb: str, player: str | None = None) -> str:
        """Try ``verb`` with the selected cards as ``player`` (default: the current seat; a name or
        a seat letter) and return the verdict. Accepted: the action is applied, the selection
        cleared, and when the seat has nothing left to do the seat moves to the first player who
        has. Refused or not an action (unknown verb, wrong number of cards, no card selected for a
        verb that takes cards): nothing changes."""
        self._check_verb(verb)
        try:
            actor = self._player if player is None else self._seat(player)
        except ValueError as exc:
            return self._say(_("Not an action: {reason}", reason=exc), REFUSED)
        if self._pressed(verb):
            return self._say(_(SELECT_FIRST), INFO)
        return self._attempt(self._move(actor, verb))

    def type_move(self, text: str) -> str:
        """Play a move typed in the notation, as a scenario file writes it: ``"A attack S8"`` (a
        seat letter or a player's name, a verb, cards as ``S8`` or ``8♠``); without a player first,
        the seat being played. Returns the verdict, as :meth:`press` does; the selection is left
        as it is unless the move is accepted."""
        return self._attempt(self._typed(text))

    def _attempt(self, text: str) -> str:
        """Parse, check and, when legal, apply the action written ``text``; returns the verdict."""
        action, fault = self._parse(text)
        if fault is not None:
            return self._say(fault, REFUSED)
        refusal = self._state.check(action)
        if refusal is not None:
            return self._say(Lines([RefusalLine(refusal), *self._choose_hint(action.verb)]), REFUSED)
        before = self._state.copy()
        events = self._state.apply(action)
        self._history.append((before, action))
        self._played(events)
        acting = self._state.to_act()
        if acting and self._player not in acting:
            self._player = acting[0]
        return self._say("\n".join(str(e.text) for e in events), ACCEPTED)

    def undo(self) -> str:
        """Take back the last accepted action; returns the notice."""
        if not self._history:
            return self._say(_("Nothing to undo."), INFO)
        self._state, action = self._history.pop()
        self._selected = []
        self._reading = None
        self._moved = frozenset()
        self._player = action.player
        return self._say(_("Undone: {move}", move=action), INFO)

    def hint(self) -> str:
        """Every legal action now, one a line; returns the text."""
        actions = self._state.legal_actions()
        if not actions:
            return self._say(_("No legal actions: the game is over."), INFO)
        return self._say("\n".join([str(_("Legal moves now:")), *(str(a) for a in actions)]), INFO, lasting=True)

    def picture(self) -> str:
        """The position, every hand face up, the cards of the last accepted move highlighted (the
        selection is marked by the card table in the page)."""
        return self._draw()

    def __repr__(self) -> str:
        chosen = " ".join(str(c) for c in self._selected) or "-"
        return (f"<TryIt {self._state.game} ({self._state.rules.name}) as {self._player}, "
                f"selected: {chosen}, moves: {len(self._history)}>")

    def static_html(self) -> str:
        return still_html(_("Try it: {rules}", rules=self._state.rules.name), self._instructions_markup() + self.picture())

    def _instructions_markup(self) -> str:
        """The instructions as HTML, in the current language ("" without any)."""
        if self.instructions is None:
            return ""
        return (f'<div class="cardlab-instructions-text" style="font-size:{text_size(self.size)}px">'
                f"{instructions_html(self.instructions.get())}</div>")

    # The view: the seat row above the verbs; Show legal moves and Undo after them.

    def _build(self, ipw):
        box = super()._build(ipw)
        box.add_class("cardlab-tryit")
        return box

    def _controls_above(self, ipw) -> list:
        self._instructions = ipw.HTML()
        self._instructions.add_class("cardlab-instructions")
        self._instructions.add_class("cardlab-scrolls")
        self._seat_buttons = ipw.ToggleButtons(
            options=[(self._state.seat_label(p), p) for p in self._state.players], value=self._player,
            style={"button_width": "auto"})
        self._label(self._seat_buttons, "description", p_("label", "Player"))
        self._seat_buttons.observe(self._on_seat, names="value")
        return [self._instructions, self._seat_buttons]

    def _arrange(self) -> None:
        super()._arrange()
        if self.instructions is None:
            self._instructions.layout.display = "none"
            return
        # The instructions take what they need up to a little under half the table's height, and
        # scroll beyond it; the verdict keeps the rest, never less than VERDICT_LINES lines (most
        # verdicts whole): where the window leaves less room, the instructions give it up. Neither
        # grows with what it says, so the buttons between them stay where they are.
        most = round(table_size(self.size)[1] * 0.45)
        lay_out(self._instructions, flex="0 1 auto", min_height="3em", max_height=f"{most}px", display=None)
        lay_out(self._verdict_html, min_height=f"{round(VERDICT_LINES * LINE_HEIGHT * text_size(self.size))}px")

    def _controls_height(self, height: int) -> dict[str, str]:
        """As high as the table; with instructions, as high as they need, up to the room the window
        leaves (:func:`~cardlab.widgets.base.column_heights`)."""
        if self.instructions is None:
            return super()._controls_height(height)
        return column_heights(self.size)

    def _own_buttons(self, ipw) -> list:
        self._hint = ipw.Button(layout=ipw.Layout(width="auto"))
        self._label(self._hint, "description", p_("button", "Show legal moves"))
        self._hint.on_click(lambda _button: self.hint())
        self._undo = ipw.Button(layout=ipw.Layout(width="auto"))
        self._label(self._undo, "description", p_("button", "Undo"))
        self._undo.on_click(lambda _button: self.undo())
        return [self._hint, self._undo]

    _relabelling_seats = False

    def _on_seat(self, change) -> None:
        if not self._relabelling_seats and change["new"] is not None and change["new"] != self._player:
            self.player = change["new"]

    def _update_view(self) -> None:
        seats = [(self._state.seat_label(p), p) for p in self._state.players]
        if list(self._seat_buttons.options) != seats:  # the seats as read in another language (甲 (A), 甲)
            self._relabelling_seats = True
            try:
                self._seat_buttons.options = seats
            finally:
                self._relabelling_seats = False
        if self._seat_buttons.value != self._player:
            self._seat_buttons.value = self._player
        super()._update_view()
        self._undo.disabled = not self._history
        instructions = self._instructions_markup()
        if self._instructions.value != instructions:
            self._instructions.value = instructions

    def _verdict_markup(self) -> str:
        return markup_lines(self._said, "cardlab-verdict-text", VERDICT_COLOURS[self._verdict]) if self._message else ""
