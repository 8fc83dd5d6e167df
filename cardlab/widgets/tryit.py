"""The try-it table: play a position by hand and hear the engine's verdict."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from ..cards import Card, StandIn, parse_token, plain
from ..engine import Action, NotationError, State
from ..scenario import Scenario
from ..svg import state_svg, suit_colour
from .base import (
    ACCEPTED, REFUSED, INFO, VERDICT_COLOURS, SIZES, _size, _scenario, _whole_number, _replay,
    _moved, lines_html, _fit, _position_text, still_html, SizedWidget)

class TryIt(SizedWidget):
    """Play a position by hand: choose the seat (hot seat: any player), select cards, press a verb.
    The engine's verdict appears at once: for an accepted action its event texts, for a refused one
    ``"Refused (code): explanation"``; a refused action changes nothing and keeps the selection.
    "Show legal moves" lists ``legal_actions()``; Undo takes back the last accepted action.

    ``source`` is a :class:`State` (copied, never changed) or a scenario / path, then played up to
    step ``at_step`` as the :class:`Stepper` numbers steps (default: the start). Cards on the table that an action may name
    (the game's ``table_cards``: in Durak the unbeaten attack cards) can be selected too; the game
    puts the selection in the order its notation writes (a Durak defence: the attack card first,
    whichever was selected first).

    A joker or wild card in the selection stands for whatever the play needs. When several
    readings are legal (D5 BJ RJ: three 5s, or ...), :meth:`readings` lists them and the view offers
    them to choose from; :meth:`select` also takes a stand-in written out (``"BJ=5"``)."""

    def __init__(self, source: State | Scenario | str | Path, at_step: int | None = None,
                 four_colour: bool = False, size: str | None = None):
        if isinstance(source, State):
            if at_step is not None:
                raise ValueError("at_step applies to a scenario, not to a State")
            self._state = source.copy()
        else:
            scenario = _scenario(source)
            self._state, _ = _replay(scenario, scenario.rules, at_step)
        self.four_colour = four_colour
        self.size = _size(size)
        self.verbs = self._state.verbs()
        self._history: list[tuple[State, Action]] = []
        self._selected: list[Card | StandIn] = []
        self._reading: Action | None = None
        self._moved: frozenset[Card] = frozenset()
        self._message = ""
        self._verdict = INFO
        self._pictures: dict = {}
        acting = self._state.to_act()
        self._player = acting[0] if acting else self._state.players[0]

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
            raise ValueError(f"{name!r} is not a player ({seats})")
        return found

    @property
    def selected(self) -> tuple:
        """The selected cards, in the order selected (stand-ins as written to :meth:`select`)."""
        return tuple(self._selected)

    def selectable(self) -> list[Card]:
        """The cards that can be selected now: the seat's hand, then any table cards an action
        may name."""
        return self._state.hand_order(self._state.hands[self._player]) + list(self._state.table_cards())

    def select(self, *cards: Card | StandIn | str) -> None:
        """Make ``cards`` (cards, stand-ins, or their notation such as ``"D5"`` or ``"BJ=5"``) the
        selection, in this order; no argument clears it. Raises ``CardError`` for bad notation."""
        self._selected = [parse_token(c) if isinstance(c, str) else c for c in cards]
        self._reading = None
        self._refresh()

    def _toggle(self, c: Card) -> None:
        plain_selected = [plain(t) for t in self._selected]
        if c in plain_selected:
            del self._selected[plain_selected.index(c)]
        else:
            self._selected.append(c)
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

    def choose_reading(self, index: int) -> str:
        """Use reading ``index`` of :meth:`readings` for the next verb pressed; returns it as the
        learner reads it."""
        options = self.readings()
        if not 0 <= _whole_number(index, "the reading") < len(options):
            raise ValueError(f"there are {len(options)} readings of the selection, numbered from 0")
        self._reading = options[index]
        self._refresh()
        return self._state.learner_text(str(self._reading))

    def _arguments(self, verb: str) -> list:
        if self._state.VERBS.get(verb) == 0:
            return []
        if self._reading is not None and self._reading.verb == verb:
            return list(self._reading.cards)
        needs_reading = any(isinstance(t, Card) and t.is_wild for t in self._selected)
        if needs_reading:
            fitting = [a for a in self.readings() if a.verb == verb]
            if len(fitting) == 1:
                return list(fitting[0].cards)
        return self._state.arrange(verb, self._selected)

    def _say(self, text: str, verdict: str) -> str:
        self._message, self._verdict = self._state.learner_text(text), verdict
        self._refresh()
        return self._message

    def press(self, verb: str, player: str | None = None) -> str:
        """Try ``verb`` with the selected cards as ``player`` (default: the current seat; a name or
        a seat letter) and return the verdict. Accepted: the action is applied, the selection
        cleared, and when the seat has nothing left to do the seat moves to the first player who
        has. Refused or not an action (unknown verb, wrong number of cards): nothing changes."""
        try:
            actor = self._player if player is None else self._seat(player)
        except ValueError as exc:
            return self._say(f"Not an action: {exc}", REFUSED)
        verb = verb.lower()
        cards = self._arguments(verb)
        text = " ".join([actor, verb, *(str(c) for c in cards)])
        try:
            action = self._state.parse_action(text)
        except NotationError as exc:
            return self._say(f"Not an action: {exc.reason}", REFUSED)
        refusal = self._state.check(action)
        if refusal is not None:
            choose = (" Choose what they stand for in the list 'Jokers as'."
                      if len([a for a in self.readings() if a.verb == verb]) > 1 else "")
            return self._say(f"Refused ({refusal.code}): {refusal.explanation}{choose}", REFUSED)
        before = self._state.copy()
        events = self._state.apply(action)
        self._history.append((before, action))
        self._selected = []
        self._reading = None
        self._moved = _moved(events)
        acting = self._state.to_act()
        if acting and self._player not in acting:
            self._player = acting[0]
        return self._say("\n".join(e.text for e in events), ACCEPTED)

    def undo(self) -> str:
        """Take back the last accepted action; returns the notice."""
        if not self._history:
            return self._say("Nothing to undo.", INFO)
        self._state, action = self._history.pop()
        self._selected = []
        self._reading = None
        self._moved = frozenset()
        self._player = action.player
        return self._say(f"Undone: {action}", INFO)

    def hint(self) -> str:
        """Every legal action now, one a line; returns the text."""
        actions = self._state.legal_actions()
        if not actions:
            return self._say("No legal actions: the game is over.", INFO)
        return self._say("Legal moves now:\n" + "\n".join(str(a) for a in actions), INFO)

    def position(self) -> str:
        """The current position as text, as the learner reads it (cards as 9♠, seat letters)."""
        return _position_text(self._state)

    def picture(self) -> str:
        return state_svg(self._state, highlight=self._moved | {plain(t) for t in self._selected},
                         four_colour=self.four_colour, width=SIZES[self.size])

    def __repr__(self) -> str:
        chosen = " ".join(str(c) for c in self._selected) or "-"
        return (f"<TryIt {self._state.game} ({self._state.rules.name}) as {self._player}, "
                f"selected: {chosen}, moves: {len(self._history)}>")

    def static_html(self) -> str:
        return still_html(f"Try it: {self._state.rules.name}", self.picture())

    # The view.

    def _build(self, ipw):
        self._ipw = ipw
        self._seat_buttons = ipw.ToggleButtons(
            options=[(self._state.seat_label(p), p) for p in self._state.players], value=self._player,
            description="Player", style={"button_width": "auto"})
        self._seat_buttons.observe(self._on_seat, names="value")
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._hand_label = ipw.HTML()
        self._hand_row = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self._table_row = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self._card_buttons: dict[Card, Any] = {}
        self._reading_menu = ipw.Dropdown(description="Jokers as", layout=ipw.Layout(width="auto"))
        self._reading_menu.observe(self._on_reading, names="index")
        self._hint = ipw.Button(description="Show legal moves", layout=ipw.Layout(width="auto"))
        self._hint.on_click(lambda _button: self.hint())
        self._undo = ipw.Button(description="Undo", layout=ipw.Layout(width="auto"))
        self._undo.on_click(lambda _button: self.undo())
        self._verb_row = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self._verb_buttons()
        self._verdict_html = ipw.HTML()
        self._verdict_html.add_class("cardlab-verdict")
        self._controls = ipw.VBox([
            self._seat_buttons, self._hand_row, self._table_row, self._reading_menu,
            self._verb_row,
            self._verdict_html])
        self._body = ipw.Box()
        box = ipw.VBox([ipw.HBox([self._size_toggle(ipw)]), self._body])
        box.add_class("cardlab-tryit")
        self._arrange()
        return box

    def _verb_buttons(self) -> None:
        """A button for each verb the position has now (a phase may change them: Daifugo's
        exchange has only give), then Show legal moves and Undo."""
        ipw = self._ipw
        self.verbs = self._state.verbs()
        verbs = []
        for verb in self.verbs:
            button = ipw.Button(description=verb.capitalize(), tooltip=f"{verb} with the selected cards",
                                layout=ipw.Layout(width="auto"))
            button.on_click(lambda _button, verb=verb: self._on_verb(verb))
            verbs.append(button)
        self._verb_row.children = (*verbs, self._hint, self._undo)

    def _arrange(self) -> None:
        """Normal size: the table above the controls. Projector size: side by side."""
        ipw = self._ipw
        if self.size == "large":
            self._picture.layout = ipw.Layout(flex="3 1 0", min_width="0")
            self._controls.layout = ipw.Layout(flex="2 1 0", min_width="18em")
            self._body.layout = ipw.Layout(display="flex", flex_flow="row", align_items="flex-start")
        else:
            self._picture.layout = ipw.Layout()
            self._controls.layout = ipw.Layout()
            self._body.layout = ipw.Layout(display="flex", flex_flow="column")
        self._body.children = (self._picture, self._controls)

    def _on_verb(self, verb: str) -> None:
        """A verb button pressed (a game table overrides it to let its bots answer)."""
        self.press(verb)

    def _on_seat(self, change) -> None:
        if change["new"] != self._player:
            self.player = change["new"]

    def _on_card(self, c: Card, change) -> None:
        if change["new"] != (c in {plain(t) for t in self._selected}):
            self._toggle(c)

    def _on_reading(self, change) -> None:
        index = change["new"]
        if index is not None and index > 0:
            self.choose_reading(index - 1)

    def _card_button(self, ipw, c: Card, tip: str):
        colour = suit_colour(c.suit, self.four_colour) if c.suit else "#222222"
        button = ipw.ToggleButton(description=c.symbol, tooltip=tip, layout=ipw.Layout(width="auto"))
        button.style.text_color = colour
        if self.size == "large":
            button.style.font_size = "1.3em"
        button.observe(lambda change, c=c: self._on_card(c, change), names="value")
        return button

    def _update_view(self) -> None:
        ipw = self._ipw
        cards = self.selectable()
        if list(self._card_buttons) != cards or self._card_size != self.size:
            # New cards in play: new buttons. Otherwise the same buttons are kept, so a click never
            # replaces the button under the pointer.
            for button in self._card_buttons.values():
                button.close()
            hand = self._state.hand_order(self._state.hands[self._player])
            table = list(self._state.table_cards())
            self._card_buttons = {c: self._card_button(ipw, c, c.name) for c in hand}
            self._card_buttons.update({c: self._card_button(ipw, c, c.name + " (on the table)") for c in table})
            self._card_size = self.size
            self._hand_row.children = (ipw.HTML(f"<b>{escape(self._state.seat_label(self._player))}'s hand:</b>"
                                                "&nbsp;"),
                                       *(self._card_buttons[c] for c in hand))
            self._table_row.children = ((ipw.HTML("<b>On the table:</b>&nbsp;"),
                                         *(self._card_buttons[c] for c in table)) if table else ())
        if self._state.verbs() != self.verbs:
            self._verb_buttons()
        chosen = {plain(t) for t in self._selected}
        for c, button in self._card_buttons.items():
            button.value = c in chosen
        if self._seat_buttons.value != self._player:
            self._seat_buttons.value = self._player
        options = self.readings() if any(isinstance(t, Card) and t.is_wild for t in self._selected) else []
        labels = ["(choose)"] + [self._state.learner_text(str(a)) for a in options]
        if len(options) > 1:
            if list(self._reading_menu.options) != labels:
                self._reading_menu.options = labels
            picked = options.index(self._reading) + 1 if self._reading in options else 0
            self._reading_menu.index = picked
            self._reading_menu.layout.display = None
        else:
            self._reading_menu.layout.display = "none"
        self._undo.disabled = not self._history
        self._picture.value = _fit(self.picture(), self.size)
        self._verdict_html.value = lines_html(self._message, "cardlab-verdict-text",
                                               VERDICT_COLOURS[self._verdict]) if self._message else ""

    _card_size = None
