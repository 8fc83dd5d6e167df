"""The try-it table: play a position by hand and hear the engine's verdict."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from ..cards import Card, StandIn, format_cards, parse_token, plain
from ..engine import REASON_CODES, Action, NotationError, State
from ..i18n import N_, _, p_, shown
from ..registry import game_of
from ..scenario import Scenario
from ..svg import last_step, state_svg
from .base import (
    ACCEPTED, REFUSED, INFO, VERDICT_COLOURS, SIZES, _size, _scenario, _whole_number, _replay, _flag,
    _moved, lines_html, _position_text, still_html, SizedWidget, WidgetError, table_size, _lay_out,
    _large_buttons)

# In English; shown as _(SELECT_FIRST), in the language current then.
SELECT_FIRST = N_("Select a card first.")


def takes_cards(state: State, verb: str) -> bool:
    """Whether ``verb`` of ``state``'s game names cards (attack, defend, play, give; not take or
    pass)."""
    want = state.VERBS.get(verb, 0)
    return (want if isinstance(want, int) else want[1]) > 0


# A refusal's reason code as its text ends, "(code: not_your_turn)" in any language: a word and a
# colon, then one of the codes, in brackets (half or full width).
_CODE = re.compile(r"[(（][^()（）\n]+?[:：]\s*(?:" + "|".join(REASON_CODES) + r")[)）]")


def verdict_html(text: str, verdict: str) -> str:
    """A verdict as HTML, the reason code of a refusal ("(code: not_your_turn)") in small print
    with a tooltip for teachers."""
    html = lines_html(text, "cardlab-verdict-text", VERDICT_COLOURS[verdict])
    tip = escape(str(_("the reason code of the scenario contract")), quote=True).replace("\\", "\\\\")
    return _CODE.sub(rf'<small class="cardlab-code" style="color:#666666" title="{tip}">\g<0></small>', html)


class TryIt(SizedWidget):
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

    Every verdict, hint and label is in the language current when it is made or drawn: after
    :func:`cardlab.set_language`, the next verdict is in the new language, and so are the labels
    of the buttons and boxes from the view's next update.

    An argument it cannot work with (a verb or a typed move that is not text, a size it does not
    have ...) raises :class:`~cardlab.widgets.WidgetError`, saying which in one sentence; bad card
    notation in :meth:`select` raises :class:`~cardlab.cards.CardError`."""

    def __init__(self, source: State | Scenario | str | Path, at_step: int | None = None,
                 four_colour: bool = False, size: str | None = None):
        if isinstance(source, State):
            if at_step is not None:
                raise WidgetError("at_step applies to a scenario, not to a State")
            self._state = source.copy()
        else:
            scenario = _scenario(source)
            self._state, _note = _replay(scenario, scenario.rules, at_step)
        self.four_colour = _flag(four_colour, "four_colour")
        self.size = _size(size)
        self.verbs = self._state.verbs()
        self._history: list[tuple[State, Action]] = []
        self._selected: list[Card | StandIn] = []
        self._reading: Action | None = None
        self._last_verb: str | None = None
        self._moved: frozenset[Card] = frozenset()
        self._message = ""
        self._verdict = INFO
        self._pictures: dict = {}
        acting = self._state.to_act()
        self._player = acting[0] if acting else self._state.players[0]
        # The seat along the bottom of the picture: the one played first, kept so that no seat moves.
        self._bottom = self._player
        self._last = None  # what the last accepted action swept off the table (cardlab.svg.last_step)

    @property
    def state(self) -> State:
        """The current position."""
        return self._state

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
        self._player = self._seat(name)
        self._selected = []
        self._reading = None
        self._refresh()

    def _seat(self, name: str) -> str:
        if name in self._state.players:
            return name
        found = self._state._seat_from_letter(name) if isinstance(name, str) else None
        if found is None:
            seats = ", ".join(self._state.seat_label(p) for p in self._state.players)
            raise WidgetError(_("{name} is not a player ({seats})", name=shown(name), seats=seats))
        return found

    @property
    def selected(self) -> tuple:
        """The selected cards, in the order selected (stand-ins as written to :meth:`select`)."""
        return tuple(self._selected)

    def selectable(self) -> list[Card]:
        """The cards that can be selected now: the seat's hand, then any table cards an action
        may name."""
        spec = game_of(self._state)
        return spec.hand_order(self._state, self._state.hands[self._player]) + list(spec.table_cards(self._state))

    def select(self, *cards: Card | StandIn | str) -> None:
        """Make ``cards`` (cards, stand-ins, or their notation such as ``"D5"`` or ``"BJ=5"``) the
        selection, in this order; no argument clears it. Raises ``CardError`` for bad notation or
        anything that is not a card."""
        self._selected = [c if isinstance(c, (Card, StandIn)) else parse_token(c) for c in cards]
        self._reading = None
        self._refresh()

    def _select_codes(self, codes: list[str]) -> None:
        """The selection made in the picture (card codes, in the order selected); a stand-in
        already written for a card that stays selected is kept. The page only asks: a code that is
        not one of :meth:`selectable`'s is ignored."""
        offered = {c.code: c for c in self.selectable()}
        written = {plain(t).code: t for t in self._selected}
        chosen = [written.get(code) or offered[code] for code in codes if code in offered]
        if chosen != self._selected:
            self._selected = chosen
            self._reading = None
            self._refresh()

    def readings(self) -> list[Action]:
        """The legal actions of the seat that use exactly the selected cards, with every joker or
        wild card's stand-in written out: more than one when the selection can be read several
        ways."""
        chosen = sorted(plain(t) for t in self._selected)
        if not chosen:
            return []
        return [a for a in self._state.legal_actions()
                if a.player == self._player and sorted(plain(t) for t in a.cards) == chosen]

    def reading_labels(self) -> list[str]:
        """:meth:`readings` in words, as the learner chooses between them: ``"as a run 3-4-5"``,
        ``"as three 3s"`` (the game's :meth:`~cardlab.game.Game.play_words`),
        each followed by its cards where two readings would read the same."""
        options = self.readings()
        # TRANSLATORS: a reading of jokers or wild cards in a selection: "as three 5s", "as a run 3-4-5".
        play_words = game_of(self._state).play_words
        labels = [str(p_("reading", "as {play}", play=play_words(self._state, a))) for a in options]
        # TRANSLATORS: a reading, and its cards where two readings would read the same.
        return [str(_("{reading} ({cards})", reading=label, cards=self._state.learner_text(format_cards(a.cards))))
                if labels.count(label) > 1 else label for label, a in zip(labels, options)]

    def choose_reading(self, index: int) -> str:
        """Use reading ``index`` of :meth:`readings` for the next verb pressed; returns it in words
        (:meth:`reading_labels`)."""
        options = self.readings()
        if not 0 <= _whole_number(index, "the reading") < len(options):
            raise ValueError(f"there are {len(options)} readings of the selection, numbered from 0")
        label = self.reading_labels()[index]
        self._reading = options[index]
        self._refresh()
        return label

    def _arguments(self, verb: str) -> list:
        if not takes_cards(self._state, verb):
            return []
        if self._reading is not None and self._reading.verb == verb:
            return list(self._reading.cards)
        needs_reading = any(isinstance(t, Card) and t.is_wild for t in self._selected)
        if needs_reading:
            fitting = [a for a in self.readings() if a.verb == verb]
            if len(fitting) == 1:
                return list(fitting[0].cards)
        return self._state.arrange(verb, self._selected)

    @property
    def enter_verb(self) -> str | None:
        """The verb that Enter on the cards plays: the verb that takes cards pressed last, while the
        seat being played may still use it; else the first verb that takes cards (in the order of
        the buttons) the seat has a legal action with; else the first verb that takes cards.
        ``None`` when no verb of the position takes cards."""
        verbs = [v for v in self._state.verbs() if takes_cards(self._state, v)]
        if not verbs:
            return None
        usable = {a.verb for a in self._state.legal_actions() if a.player == self._player}
        if self._last_verb in verbs and self._last_verb in usable:
            return self._last_verb
        return next((v for v in verbs if v in usable), verbs[0])

    def _say(self, text: str, verdict: str) -> str:
        """Show ``text`` (a string or a message, read now in the current language) as the verdict."""
        if isinstance(text, str) and text == SELECT_FIRST:  # as a subclass may pass it
            text = _(SELECT_FIRST)
        self._message, self._verdict = self._state.learner_text(str(text)), verdict
        self._refresh()
        return self._message

    def _pressed(self, verb: str) -> bool:
        """Note that ``verb`` was pressed (:attr:`enter_verb`); ``True`` when it takes cards and
        none is selected, so that the learner is told :data:`SELECT_FIRST` instead."""
        verb = verb.lower()
        if not takes_cards(self._state, verb):
            return False
        self._last_verb = verb
        return not self._selected

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
        verb = verb.lower()
        return self._attempt(" ".join([actor, verb, *(str(c) for c in self._arguments(verb))]))

    def _check_verb(self, verb) -> None:
        """A :class:`WidgetError` for a verb that is not text (a verb the game lacks is the
        engine's to refuse)."""
        if not isinstance(verb, str):
            example = shown(self._state.verbs()[0])
            raise WidgetError(f"the verb must be text, such as {example}, not {shown(verb)}")

    def type_move(self, text: str) -> str:
        """Play a move typed in the notation, as a scenario file writes it: ``"A attack S8"`` (a
        seat letter or a player's name, a verb, cards as ``S8`` or ``8♠``); without a player first,
        the seat being played. Returns the verdict, as :meth:`press` does; the selection is left
        as it is unless the move is accepted."""
        return self._attempt(self._typed(text))

    def _typed(self, text: str) -> str:
        """``text`` with the seat being played put first when it starts with a verb."""
        if not isinstance(text, str):
            raise WidgetError(f"a typed move must be text, such as {shown(self.typing_example() or 'A take')}, "
                              f"not {shown(text)}")
        words = text.split()
        if words and words[0].lower() in self._state.VERBS:
            return f"{self._player} {text}"
        return text

    def typing_example(self) -> str:
        """An example for the text box, written as a learner types it (``"A attack S8"``): the seat
        being played, a verb it may use now, and the first card of its hand, so that the example
        shows how a move is written without giving away which move to make."""
        actions = [a for a in self._state.legal_actions() if a.player == self._player]
        if not actions:
            return ""
        verb = next((a.verb for a in actions if a.cards), actions[0].verb)
        hand = game_of(self._state).hand_order(self._state, self._state.hands[self._player])
        cards = [str(hand[0])] if hand and takes_cards(self._state, verb) else []
        return " ".join([self._state.seat_letter(self._player), verb, *cards])

    def _attempt(self, text: str) -> str:
        """Parse, check and, when legal, apply the action written ``text``; returns the verdict."""
        try:
            action = self._state.parse_action(text)
        except NotationError as exc:
            return self._say(_("Not an action: {reason}", reason=exc.reason), REFUSED)
        refusal = self._state.check(action)
        if refusal is not None:
            return self._say("\n".join([str(refusal.text()), *self._choose_hint(action.verb)]), REFUSED)
        before = self._state.copy()
        events = self._state.apply(action)
        self._history.append((before, action))
        self._selected = []
        self._reading = None
        self._moved = _moved(events)
        self._last = last_step(before, events)
        acting = self._state.to_act()
        if acting and self._player not in acting:
            self._player = acting[0]
        return self._say("\n".join(str(e.text) for e in events), ACCEPTED)

    def _choose_hint(self, verb: str) -> list[str]:
        """After a refusal: a line asking to choose a reading, when the selection has several."""
        if len([a for a in self.readings() if a.verb == verb]) > 1:
            return [str(_("Choose what they stand for in the list '{menu}'.", menu=self._jokers_as()))]
        return []

    @staticmethod
    def _jokers_as():
        # TRANSLATORS: the label of the list of readings of the jokers or wild cards selected.
        return p_("label", "Jokers as")

    def undo(self) -> str:
        """Take back the last accepted action; returns the notice."""
        if not self._history:
            return self._say(_("Nothing to undo."), INFO)
        self._state, action = self._history.pop()
        self._selected = []
        self._reading = None
        self._moved = frozenset()
        self._last = None
        self._player = action.player
        return self._say(_("Undone: {move}", move=action), INFO)

    def hint(self) -> str:
        """Every legal action now, one a line; returns the text."""
        actions = self._state.legal_actions()
        if not actions:
            return self._say(_("No legal actions: the game is over."), INFO)
        return self._say("\n".join([str(_("Legal moves now:")), *(str(a) for a in actions)]), INFO)

    def position(self) -> str:
        """The current position as text, as the learner reads it (cards as 9♠, seat letters)."""
        return _position_text(self._state)

    def picture(self) -> str:
        """The position, the cards of the last accepted move highlighted and what it swept off the
        table beside it (the selection is marked by the card table in the page); the seat played
        first stays along the bottom, whichever seat is played now."""
        return state_svg(self._state, bottom=self._bottom, highlight=self._moved, four_colour=self.four_colour,
                         width=SIZES[self.size], last=self._last)

    def __repr__(self) -> str:
        chosen = " ".join(str(c) for c in self._selected) or "-"
        return (f"<TryIt {self._state.game} ({self._state.rules.name}) as {self._player}, "
                f"selected: {chosen}, moves: {len(self._history)}>")

    def static_html(self) -> str:
        return still_html(_("Try it: {rules}", rules=self._state.rules.name), self.picture())

    # The view.

    def _build(self, ipw):
        from .cardtable import CardTable

        self._ipw = ipw
        self._seat_buttons = ipw.ToggleButtons(
            options=[(self._state.seat_label(p), p) for p in self._state.players], value=self._player,
            style={"button_width": "auto"})
        self._label(self._seat_buttons, "description", p_("label", "Player"))
        self._seat_buttons.observe(self._on_seat, names="value")
        self._picture = CardTable()
        self._picture.add_class("cardlab-picture")
        self._picture.on_select(self._select_codes)
        self._picture.on_submit(self._on_enter)
        self._reading_menu = ipw.Dropdown(layout=ipw.Layout(width="auto"))
        self._label(self._reading_menu, "description", self._jokers_as())
        self._reading_menu.observe(self._on_reading, names="index")
        self._hint = ipw.Button(layout=ipw.Layout(width="auto"))
        self._label(self._hint, "description", p_("button", "Show legal moves"))
        self._hint.on_click(lambda _button: self.hint())
        self._undo = ipw.Button(layout=ipw.Layout(width="auto"))
        self._label(self._undo, "description", p_("button", "Undo"))
        self._undo.on_click(lambda _button: self.undo())
        self._verb_row = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self._verb_buttons()
        self._move_box = ipw.Text(layout=ipw.Layout(width="22em"))
        self._move_box.add_class("cardlab-move")
        self._move_box.on_msg(self._on_move_box)
        self._verdict_html = ipw.HTML()
        self._verdict_html.add_class("cardlab-verdict")
        self._size_button = self._size_toggle(ipw)
        self._controls = ipw.VBox([self._size_button, self._seat_buttons, self._reading_menu, self._verb_row,
                                   self._move_box, self._verdict_html])
        self._row = ipw.HBox([self._picture, self._controls],
                             layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        box = ipw.VBox([self._row])
        box.add_class("cardlab-tryit")
        self._arrange()
        return box

    def _verb_buttons(self) -> None:
        """A button for each verb the position has now (a phase may change them: Daifugo's
        exchange has only give), then Show legal moves and Undo."""
        ipw = self._ipw
        self.verbs = self._state.verbs()
        self._forget_labels(getattr(self, "_verb_button", {}).values())
        self._verb_button = {}
        for verb in self.verbs:
            # TRANSLATORS: a verb button's tooltip; {verb} is the verb as a move is typed (attack, play).
            what = (_("{verb} with the selected cards", verb=verb) if takes_cards(self._state, verb)
                    else _("{verb} (no cards)", verb=verb))
            button = ipw.Button(layout=ipw.Layout(width="auto"))
            # The game's label (a learner who types a move uses the verb itself, as the tooltip shows).
            self._label(button, "description", game_of(self._state).verb_label(verb))
            self._label(button, "tooltip", what)
            button.on_click(lambda _button, verb=verb: self._on_verb(verb))
            self._verb_button[verb] = button
        self._verb_row.children = (*self._verb_button.values(), self._hint, self._undo)
        _large_buttons(self._verb_button.values(), self.size)

    def _arrange(self) -> None:
        """The table on the left, its size fixed by the widget's size; beside it, as high as the
        table, the controls, the verdict last, scrolling when it is longer than there is room for.
        Where the notebook is too narrow, the controls go under the table."""
        width, height = table_size(self.size)
        _lay_out(self._picture, width=f"{width}px", height=f"{height}px", flex="0 0 auto")
        _lay_out(self._controls, flex="1 1 270px", min_width="270px", margin="0 0 0 10px",
                 **self._controls_height(height))
        # The verdict takes the room left and scrolls; the controls above it never shrink.
        for part in self._controls.children:
            _lay_out(part, flex="0 0 auto")
        _lay_out(self._verdict_html, flex=self._verdict_flex, min_height="0", overflow="auto")
        _lay_out(self._size_button, align_self="flex-start")
        self._picture.projector = self.size == "large"
        _large_buttons([*self._verb_button.values(), self._hint, self._undo, self._size_button], self.size)

    _verdict_flex = "1 1 0"  # the verdict fills the column's room left
    _relabelling_seats = False

    @staticmethod
    def _controls_height(height: int) -> dict[str, str]:
        """The controls' column is exactly as high as the table (a game table, with more under
        its controls, lets the column grow instead)."""
        return {"height": f"{height}px"}

    def _on_verb(self, verb: str) -> None:
        """A verb button pressed (a game table overrides it to let its bots answer)."""
        self.press(verb)

    def _on_enter(self) -> None:
        """Enter pressed on the cards: :attr:`enter_verb`, as if its button were pressed."""
        verb = self.enter_verb
        if verb is not None:
            self._on_verb(verb)

    def _on_typed(self, text: str) -> None:
        """A move typed in the text box (a game table overrides it to let its bots answer)."""
        self.type_move(text)

    def _on_move_box(self, _widget, content, _buffers) -> None:
        """Enter in the text box: its move is played, and the box emptied once it is accepted."""
        if isinstance(content, dict) and content.get("event") == "submit" and self._move_box.value.strip():
            self._on_typed(self._move_box.value)
            if self._verdict == ACCEPTED:
                self._move_box.value = ""

    def _on_seat(self, change) -> None:
        if not self._relabelling_seats and change["new"] is not None and change["new"] != self._player:
            self.player = change["new"]

    def _on_reading(self, change) -> None:
        index = change["new"]
        if index is not None and index > 0:
            self.choose_reading(index - 1)

    def _update_view(self) -> None:
        if self._state.verbs() != self.verbs:
            self._verb_buttons()
        seats = [(self._state.seat_label(p), p) for p in self._state.players]
        if list(self._seat_buttons.options) != seats:  # the seats as read in another language (甲 (A), 甲)
            self._relabelling_seats = True
            try:
                self._seat_buttons.options = seats
            finally:
                self._relabelling_seats = False
        if self._seat_buttons.value != self._player:
            self._seat_buttons.value = self._player
        with self._picture.hold_sync():
            self._picture.svg = self.picture()
            self._picture.selectable = [c.code for c in self.selectable()]
            self._picture.selected = [plain(t).code for t in self._selected]
        enter = self.enter_verb
        for verb, button in self._verb_button.items():
            button.button_style = "primary" if verb == enter else ""
        options = self.readings() if any(isinstance(t, Card) and t.is_wild for t in self._selected) else []
        if len(options) > 1:
            labels = [str(_("(choose)")), *self.reading_labels()]
            if list(self._reading_menu.options) != labels:
                self._reading_menu.options = labels
            picked = options.index(self._reading) + 1 if self._reading in options else 0
            self._reading_menu.index = picked
            self._reading_menu.layout.display = None
        else:
            self._reading_menu.layout.display = "none"
        example = self.typing_example()
        self._move_box.placeholder = str(_("or type a move, e.g. {example}", example=example) if example
                                         else _("or type a move"))
        self._undo.disabled = not self._history
        self._verdict_html.value = verdict_html(self._message, self._verdict) if self._message else ""
