"""Jupyter widgets for the lessons: :class:`Stepper`, :class:`TryIt`, :class:`Quiz`, :class:`Compare`
and :class:`Referee`.

Each widget is a plain Python object first: every button has a method (``stepper.step()``,
``tryit.press("attack")``, ``quiz.answer(0, "Illegal")`` ...) that returns or exposes the same
text the learner reads, so lessons can print it for nbval to check and tests can drive it without
a browser. The ipywidgets view is built the first time ``.widget`` is used (or the object is
displayed) and follows every change made through the Python API. ipywidgets is imported only then,
so ``import cardlab`` and ``import cardlab.widgets`` never need it.

Every verdict, explanation and narration is the engine's own text: the rule a learner reads is the
rule the engine applies. What a learner reads shows cards as 9♠ (never the letter notation S9 that
scenario files use) and each player whose name is not plain ASCII with a seat letter, ``甲 (A)``,
so that nothing depends on a Chinese font or keyboard; typing ``A attack S8`` works too.

Displayed in a notebook, a widget also carries a static HTML picture of itself, which is what a
notebook saved without widget state shows before its cells are run (with a line saying to run
them). ``size="large"`` (or :func:`presentation` for every widget made afterwards) draws larger
cards with the narration beside the table, to fit a classroom projector (1280×720); the
"Projector size" toggle switches one widget. In a notebook::

    stepper = Stepper("scenarios/durak/route_a.yaml")
    stepper              # the widget; with the pointer over it, ← and → step back and forth
    stepper.step()
    print(stepper.narration)
    # Step 1: 甲 (A) attack 8♠
    # 甲 (A) opens the round against 乙 (B) with 8♠; the round may have up to 6 attack cards.
    # ...
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any, Iterable

import yaml

from .cards import Card, StandIn, parse_token, plain
from .engine import Action, Event, NotationError, State
from .scenario import Scenario, ScenarioError, expectation_words, game_module, load, run
from .svg import state_svg, suit_colour, svg_img

ACCEPTED, REFUSED, INFO = "accepted", "refused", "info"
VERDICT_COLOURS = {ACCEPTED: "#1a7f37", REFUSED: "#b3261e", INFO: "#333333"}
RUN_ME = "Run this cell (Run → Run All Cells) to use the buttons."

# Card width in pixels for each size; "large" is for a projector.
SIZES = {"normal": 60, "large": 84}
_default_size = ["normal"]


def presentation(on: bool = True) -> None:
    """Make every widget created from now on large (projector size), or normal again."""
    _default_size[0] = "large" if on else "normal"


def _size(size: str | None) -> str:
    size = _default_size[0] if size is None else size
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    return size


def _ipywidgets():
    """ipywidgets, imported on first use so that the rest of cardlab never needs it."""
    import ipywidgets

    return ipywidgets


def _scenario(source: Scenario | str | Path) -> Scenario:
    return source if isinstance(source, Scenario) else load(source)


def _whole_number(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return value


def _check_at_step(scenario: Scenario, at_step: int | None) -> int:
    at = _whole_number(0 if at_step is None else at_step, "at_step")
    if not 0 <= at <= len(scenario.steps):
        raise ValueError(f"at_step must be a step number from 0 (the start) to {len(scenario.steps)}, "
                         f"not {at_step!r}")
    return at


def _replay(scenario: Scenario, rules, at_step: int | None) -> tuple[State, str | None]:
    """The position after the first ``at_step`` steps of ``scenario`` played under ``rules``, and
    ``None``; or, when those rules refuse one of the scenario's actions, the position before it and
    a sentence saying so. Steps the scenario expects refused are skipped, as they change nothing."""
    state = scenario.module.from_deal(rules, scenario.players, **scenario.deal)
    for step in scenario.steps[:_check_at_step(scenario, at_step)]:
        if step.action is None or step.reject is not None:
            continue
        refusal = state.check(step.action)
        if refusal is not None:
            return state, (f"Under {rules.name}, step {step.number} ({step.text}) is refused "
                           f"({refusal.code}): {refusal.explanation} Shown: the position before it.")
        state.apply(step.action)
    return state, None


def _moved(events: Iterable[Event]) -> frozenset[Card]:
    return frozenset(plain(c) for e in events for c in e.cards)


def lines_html(text: str, css_class: str, colour: str = "#222222", heading: bool = True) -> str:
    """Plain text as HTML in a div of ``css_class``, one line per line; with ``heading``, the
    first line in bold."""
    lines = [escape(line) for line in text.splitlines()]
    if lines and heading:
        lines[0] = f"<b>{lines[0]}</b>"
    return f'<div class="{css_class}" style="color:{colour};line-height:1.45">{"<br>".join(lines)}</div>'


def _fit(svg: str, size: str) -> str:
    """At projector size a picture shrinks to the window's height, so the buttons, the table and
    the narration are on screen together."""
    if size != "large":
        return svg
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto;max-height:calc(100vh - 170px)" ', 1)


def _position_text(state: State) -> str:
    return state.learner_text(state.describe())


def still_html(title: str, body: str) -> str:
    """The still version of a widget; its pictures as ``<img>`` (see :func:`cardlab.svg.svg_img`),
    since a notebook nobody has run yet is not trusted with inline SVG."""
    body = re.sub(r"<svg .*?</svg>", lambda m: svg_img(m.group(0), "the position"), body, flags=re.S)
    return (f'<div class="cardlab-static"><b>{escape(title)}</b>'
            f'<p style="color:#a04000"><i>{escape(RUN_ME)}</i></p>{body}</div>')


class Widget:
    """The display plumbing every widget shares: ``.widget`` is built on first use, then kept in
    step with the Python state by ``_refresh``."""

    _view = None

    @property
    def widget(self):
        """The ipywidgets container of this widget (built on first use)."""
        if self._view is None:
            self._view = self._build(_ipywidgets())
            self._update_view()
        return self._view

    def _refresh(self) -> None:
        if self._view is not None:
            self._update_view()

    def _build(self, ipw):
        raise NotImplementedError

    def _update_view(self) -> None:
        raise NotImplementedError

    def static_html(self) -> str:
        """What a notebook saved without widget state shows for this widget: its picture or text,
        and a line saying to run the cell."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        bundle = dict(self.widget._repr_mimebundle_(**kwargs))
        bundle["text/html"] = self.static_html()
        bundle["text/plain"] = repr(self)
        return bundle


class SizedWidget(Widget):
    """A widget with a normal and a projector size, and a toggle between them."""

    size = "normal"

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (projector size)."""
        self.size = _size(size)
        self._pictures = {}
        if self._view is not None:
            self._arrange()
            self._update_view()

    def _size_toggle(self, ipw):
        toggle = ipw.ToggleButton(value=self.size == "large", description="Projector size",
                                  tooltip="larger cards, narration beside the table (fits 1280×720)",
                                  layout=ipw.Layout(width="auto"))
        toggle.observe(lambda change: self.set_size("large" if change["new"] else "normal"), names="value")
        return toggle

    def _arrange(self) -> None:
        raise NotImplementedError


def _keys(ipw, box, moves: dict[str, Any]):
    """Keyboard keys for a widget, while the pointer is over it (``ipyevents``); ``None`` where
    ipyevents is not installed, the buttons doing the same."""
    try:
        from ipyevents import Event
    except ImportError:
        return None
    keys = Event(source=box, watched_events=["keydown"], prevent_default_action=True)
    keys.on_dom_event(lambda event: moves[event["key"]]() if event.get("key") in moves else None)
    return keys


# --- Stepper -------------------------------------------------------------------------------------

class Stepper(SizedWidget):
    """Walk through a scenario one step at a time: Reset, Back, Step and End buttons (and the keys
    Home, ←, → and End), a counter ("step 4 of 10"; the start is step 0), the narration of the
    current step (the engine's event texts, for a refused step the reason code and explanation,
    then the scenario's note and what the scenario checks at that point, in words) and the
    position drawn with the cards of the step highlighted (the cards that moved; for a refused
    step, the cards it tried to play).

    A step of the file that only checks (``expect:`` alone) is folded into the step before it, so
    every Step a learner presses changes something; its checks and note are read with that step.

    ``view="teaching"`` shows every hand face up; ``view="player"`` only ``seat``'s (default: the
    first player). The scenario is replayed once, when the stepper is made; moving between steps
    only changes which stored position is shown. ``source`` is a :class:`Scenario` or a path."""

    def __init__(self, source: Scenario | str | Path, view: str = "teaching", seat: str | None = None,
                 four_colour: bool = False, size: str | None = None):
        self.scenario = _scenario(source)
        if view not in ("teaching", "player"):
            raise ValueError(f"view must be 'teaching' or 'player', not {view!r}")
        if seat is not None and seat not in self.scenario.players:
            raise ValueError(f"seat {seat!r} is not a player ({', '.join(self.scenario.players)})")
        self.view = view
        self.seat = seat if seat is not None or view == "teaching" else self.scenario.players[0]
        self.four_colour = four_colour
        self.size = _size(size)
        self.result = run(self.scenario, keep_states=True)
        # Frame 0 is the start; every other frame is one action step with the checks after it.
        self._frames: list[list] = [[]]
        for outcome in self.result.outcomes:
            if outcome.step.action is None:
                self._frames[-1].append(outcome)
            else:
                self._frames.append([outcome])
        self._index = 0
        self._pictures: dict[int, str] = {}

    # The Python API: the same moves as the buttons.

    @property
    def index(self) -> int:
        """The step shown: 0 is the starting position, ``total`` the last step."""
        return self._index

    @property
    def total(self) -> int:
        """The number of steps to press through (steps that only check are folded into the step
        before them; fewer when an expectation failed)."""
        return len(self._frames) - 1

    @property
    def counter(self) -> str:
        return f"step {self._index} of {self.total}"

    @property
    def state(self) -> State:
        """The position after the current step (do not modify: it is the stored replay)."""
        frame = self._frames[self._index]
        return frame[0].state if frame else self.result.start

    @property
    def highlight(self) -> frozenset[Card]:
        """The cards of the current step: those that moved, or those a refused action named."""
        if self._index == 0:
            return frozenset()
        outcome = self._frames[self._index][0]
        if outcome.refusal is not None:
            return frozenset(plain(c) for c in outcome.step.action.cards)
        return _moved(outcome.events)

    @property
    def narration(self) -> str:
        """What the current step did, as the learner reads it: a heading line, the engine's
        explanation, the scenario's notes, what the scenario confirms now (in words), and a failed
        expectation if there was one."""
        return self._narrate(self._index)

    def _narrate(self, index: int) -> str:
        frame = self._frames[index]
        if index == 0:
            source = [f"From: {self.scenario.source}"] if self.scenario.source else []
            lines = [f"Start: {self.scenario.title}", *source, "The starting position."]
        else:
            outcome = frame[0]
            word = " (refused, as the scenario expects)" if outcome.refusal is not None and outcome.ok else ""
            lines = [f"Step {index}: {outcome.step.text}{word}"]
            if outcome.narration:
                lines.append(outcome.narration)
        checks = []
        for outcome in frame:
            checks.extend(expectation_words(key, value) for key, value in outcome.step.expect.items()
                          if outcome.ok)
            if outcome.step.action is None and outcome.step.note:
                lines.append(outcome.step.note)
        if checks:
            lines.append("Now: " + "; ".join(checks) + ".")
        lines.extend(f"FAIL: {o.failure}" for o in frame if o.failure)
        return self.result.start.learner_text("\n".join(lines))

    def transcript(self) -> str:
        """Every step's narration in order, as the learner reads them: the stepper printed, for a
        cell that nbval checks."""
        return "\n\n".join(self._narrate(i) for i in range(self.total + 1))

    def position(self) -> str:
        """The current position as text, as the learner reads it (cards as 9♠, seat letters)."""
        return _position_text(self.state)

    def goto(self, index: int) -> None:
        """Show step ``index``, clamped to 0 .. ``total``. Raises ``ValueError`` for anything but
        a whole number."""
        self._index = max(0, min(_whole_number(index, "the step"), self.total))
        self._refresh()

    def step(self) -> None:
        """One step forward (nothing at the end)."""
        self.goto(self._index + 1)

    def back(self) -> None:
        """One step back (nothing at the start)."""
        self.goto(self._index - 1)

    def reset(self) -> None:
        """Back to the starting position."""
        self.goto(0)

    def end(self) -> None:
        """To the last step."""
        self.goto(self.total)

    def picture(self) -> str:
        """The SVG of the current step, drawn once per step and size, then reused."""
        if self._index not in self._pictures:
            self._pictures[self._index] = state_svg(self.state, view=self.view, seat=self.seat,
                                                    highlight=self.highlight, four_colour=self.four_colour,
                                                    width=SIZES[self.size])
        return self._pictures[self._index]

    def __repr__(self) -> str:
        return f"<Stepper {self.scenario.title!r} {self.counter}>"

    def static_html(self) -> str:
        return still_html(self.scenario.title, lines_html(self.narration, "cardlab-narration-text")
                       + self.picture())

    # The view.

    def _build(self, ipw):
        moves = {"Reset": (self.reset, "back to the starting position (Home)"),
                 "Back": (self.back, "one step back (←)"),
                 "Step": (self.step, "play the next step (→)"), "End": (self.end, "go to the last step (End)")}
        self._buttons = {}
        for name, (move, tip) in moves.items():
            button = ipw.Button(description=name, tooltip=tip, layout=ipw.Layout(width="auto"))
            button.on_click(lambda _button, move=move: move())
            self._buttons[name] = button
        self._counter = ipw.HTML()
        self._counter.add_class("cardlab-counter")
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._narration = ipw.HTML()
        self._narration.add_class("cardlab-narration")
        title = ipw.HTML(f"<b>{escape(self.scenario.title)}</b>")
        controls = ipw.HBox([*self._buttons.values(), self._counter, self._size_toggle(ipw)],
                            layout=ipw.Layout(align_items="center", flex_flow="row wrap"))
        self._body = ipw.Box()
        box = ipw.VBox([title, controls, self._body])
        box.add_class("cardlab-stepper")
        self._keys = _keys(ipw, box, {"ArrowRight": self.step, "ArrowLeft": self.back,
                                      "Home": self.reset, "End": self.end})
        self._ipw = ipw
        self._arrange()
        return box

    def _arrange(self) -> None:
        """Normal size: the narration under the buttons, then the table. Projector size: the
        table and the narration side by side."""
        ipw = self._ipw
        if self.size == "large":
            self._picture.layout = ipw.Layout(flex="3 1 0", min_width="0")
            self._narration.layout = ipw.Layout(flex="2 1 0", min_width="16em")
            self._body.layout = ipw.Layout(display="flex", flex_flow="row", align_items="flex-start")
            self._body.children = (self._picture, self._narration)
            self._narration.add_class("cardlab-large")
        else:
            self._picture.layout = ipw.Layout()
            self._narration.layout = ipw.Layout()
            self._body.layout = ipw.Layout(display="flex", flex_flow="column")
            self._body.children = (self._narration, self._picture)
            self._narration.remove_class("cardlab-large")

    def _update_view(self) -> None:
        at_start, at_end = self._index == 0, self._index == self.total
        self._buttons["Reset"].disabled = self._buttons["Back"].disabled = at_start
        self._buttons["Step"].disabled = self._buttons["End"].disabled = at_end
        self._counter.value = f"&nbsp;{escape(self.counter)}"
        self._picture.value = _fit(self.picture(), self.size)
        font = "font-size:1.25em;" if self.size == "large" else ""
        self._narration.value = (f'<div style="{font}">'
                                 + lines_html(self.narration, "cardlab-narration-text") + "</div>")


# --- TryIt ---------------------------------------------------------------------------------------

class TryIt(SizedWidget):
    """Play a position by hand: choose the seat (hot seat: any player), select cards, press a verb.
    The engine's verdict appears at once: for an accepted action its event texts, for a refused one
    ``"Refused (code): explanation"``; a refused action changes nothing and keeps the selection.
    "Show legal moves" lists ``legal_actions()``; Undo takes back the last accepted action.

    ``source`` is a :class:`State` (copied, never changed) or a scenario / path, then played up to
    step ``at_step`` of the file (default: its start). Cards on the table that an action may name
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


# --- Quiz ----------------------------------------------------------------------------------------

_QUESTION_KEYS = {"question", "choices", "answer", "explanation", "state"}


class _QuizLoader(yaml.SafeLoader):
    """The safe loader with YAML 1.2 booleans: only true and false, so that a choice written
    ``Yes`` or ``No`` stays that text."""


_BOOL = "tag:yaml.org,2002:bool"
_QuizLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _BOOL]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_QuizLoader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_FILE_KEYS = {"question", "choices", "answer", "explanation", "position"}


class Quiz(Widget):
    """Multiple-choice questions with immediate feedback and a score.

    Each question is a dict: ``question`` (text), ``choices`` (at least two texts), ``answer`` (one
    of the choices, or its index), ``explanation`` (the rule, shown with the feedback) and
    optionally ``state`` (a position drawn above the question; a question asked on the same
    position as the one before it is not drawn again). A question is locked once answered;
    :meth:`reset` ("Try again") clears every answer. Lessons keep their questions in a YAML file
    beside the notebook (:meth:`from_file`), so the answers are not in sight."""

    def __init__(self, questions: Iterable[dict]):
        self.questions = [self._checked(i, q) for i, q in enumerate(questions)]
        if not self.questions:
            raise ValueError("a quiz needs at least one question")
        self._chosen: dict[int, str] = {}

    @staticmethod
    def _checked(index: int, question: dict) -> dict:
        if not isinstance(question, dict):
            raise ValueError(f"question {index + 1}: write it as question, choices, answer, explanation")
        unknown = set(question) - _QUESTION_KEYS
        if unknown:
            raise ValueError(f"question {index + 1}: unknown key(s) {', '.join(sorted(map(str, unknown)))} "
                             f"(allowed: {', '.join(sorted(_QUESTION_KEYS))})")
        choices = [str(c) for c in question.get("choices") or ()]
        if not question.get("question") or len(choices) < 2:
            raise ValueError(f"question {index + 1}: needs the question text and at least two choices")
        answer = question.get("answer")
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(choices):
            answer = choices[answer]
        if answer not in choices:
            raise ValueError(f"question {index + 1}: the answer {answer!r} is not one of the choices")
        return {"question": str(question["question"]), "choices": choices, "answer": answer,
                "explanation": str(question.get("explanation", "")), "state": question.get("state")}

    @classmethod
    def from_file(cls, path: str | Path) -> "Quiz":
        """Questions from a YAML file: a list of ``question``, ``choices``, ``answer`` (a choice or
        its index), ``explanation`` and optionally ``position: {scenario: PATH, step: N}`` (the
        position after the first N steps of a scenario file, its path relative to the quiz file).
        Raises ``ValueError`` naming the file and question for anything wrong in it."""
        path = Path(path)
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_QuizLoader)
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise ValueError(f"{path}: cannot read the quiz: {exc}") from None
        if not isinstance(data, list):
            raise ValueError(f"{path}: a quiz file is a list of questions")
        questions = []
        for i, item in enumerate(data):
            if isinstance(item, dict) and set(item) - _FILE_KEYS:
                extra = ", ".join(sorted(map(str, set(item) - _FILE_KEYS)))
                raise ValueError(f"{path}: question {i + 1}: unknown key(s) {extra} "
                                 f"(allowed: {', '.join(sorted(_FILE_KEYS))})")
            if isinstance(item, dict) and "position" in item:
                item = dict(item)
                position = item.pop("position")
                if not isinstance(position, dict) or set(position) - {"scenario", "step"} or "scenario" not in position:
                    raise ValueError(f"{path}: question {i + 1}: position is {{scenario: PATH, step: N}}")
                try:
                    scenario = load(path.parent / str(position["scenario"]))
                    item["state"], _ = _replay(scenario, scenario.rules, position.get("step", 0))
                except (ScenarioError, ValueError) as exc:
                    raise ValueError(f"{path}: question {i + 1}: {exc}") from None
            questions.append(item)
        try:
            return cls(questions)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None

    @classmethod
    def from_scenario(cls, source: Scenario | str | Path, step: int | None = None) -> "Quiz":
        """Questions "Is 'ACTION' legal here?" (Legal / Illegal) from a scenario's ``reject`` steps
        and its ``legal`` / ``illegal`` expectations, each with the position it is asked in and the
        engine's explanation: the refusal's, or for a legal action what it would do. ``step``
        keeps only that step's questions. Raises ``ValueError`` when there is none, and
        :class:`IllegalAction` if a step the scenario performs is refused."""
        scenario = _scenario(source)
        state = scenario.start()
        questions = []
        for s in scenario.steps:
            ask = step is None or s.number == step
            if s.action is not None:
                if s.reject is not None:
                    if ask:
                        questions.append(_legality_question(state, s.action))
                else:
                    state.apply(s.action)
            if ask:
                for key in ("legal", "illegal"):
                    questions.extend(_legality_question(state, action) for action, _, _ in s.expect.get(key, ()))
        if not questions:
            where = f"step {step} of " if step is not None else ""
            raise ValueError(f"{where}{scenario.path} has no reject step and no legal or illegal "
                             "expectation to ask about")
        return cls(questions)

    @property
    def right(self) -> int:
        """How many questions are answered correctly now."""
        return sum(self._chosen.get(i) == q["answer"] for i, q in enumerate(self.questions))

    @property
    def score(self) -> str:
        """``"2 of 3"``: correct answers of all questions."""
        return f"{self.right} of {len(self.questions)}"

    def _question(self, index) -> dict:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.questions):
            raise ValueError(f"there is no question {index!r}: questions are numbered 0 to "
                             f"{len(self.questions) - 1}")
        return self.questions[index]

    def feedback(self, index: int) -> str:
        """The feedback on question ``index``'s answer ("" before any)."""
        question = self._question(index)
        chosen = self._chosen.get(index)
        if chosen is None:
            return ""
        if chosen == question["answer"]:
            text = f"Correct. {question['explanation']}"
        else:
            text = f"Not quite: the answer is {question['answer']}. {question['explanation']}"
        return self._read(question, text.strip())

    def answer(self, index: int, choice: str | int) -> str:
        """Answer question ``index`` with ``choice`` (a choice's text or index); returns the
        feedback with the explanation. A question is answered once: a second answer changes
        nothing until :meth:`reset`. Raises ``ValueError`` for a question or choice that does not
        exist."""
        choices = self._question(index)["choices"]
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < len(choices):
                raise ValueError(f"question {index} has choices 0 to {len(choices) - 1}, not {choice}")
            choice = choices[choice]
        if choice not in choices:
            raise ValueError(f"{choice!r} is not a choice of question {index} ({', '.join(choices)})")
        self._chosen.setdefault(index, choice)
        self._refresh()
        return self.feedback(index)

    def answered(self, index: int) -> bool:
        """Whether question ``index`` has been answered (and is locked)."""
        self._question(index)
        return index in self._chosen

    def reset(self) -> None:
        """Try again: clear every answer and the score."""
        self._chosen.clear()
        self._refresh()

    def _shown_states(self) -> list:
        """Each question's position, or ``None`` where it repeats the question before it."""
        shown, previous = [], None
        for q in self.questions:
            state = q["state"]
            shown.append(state if state is not None and state != previous else None)
            previous = state if state is not None else previous
        return shown

    def text(self) -> str:
        """The questions and their choices as plain text (what the widget asks, without the
        answers), for a printed cell that nbval checks; a position is printed where it changes."""
        lines = []
        for i, (q, state) in enumerate(zip(self.questions, self._shown_states())):
            if state is not None:
                lines.extend(state.learner_text(state.describe()).splitlines())
            lines.append(f"{i + 1}. {self._read(q, q['question'])}")
            lines.append("   choices: " + " / ".join(self._read(q, c) for c in q["choices"]))
        return "\n".join(lines)

    @staticmethod
    def _read(question: dict, text: str) -> str:
        state = question["state"]
        return state.learner_text(text) if state is not None else text

    def __repr__(self) -> str:
        return f"<Quiz {len(self.questions)} questions, score {self.score}>"

    def static_html(self) -> str:
        items = "".join(f"<li>{escape(self._read(q, q['question']))}</li>" for q in self.questions)
        return still_html("Quiz", f"<ol>{items}</ol>")

    def _build(self, ipw):
        items = []
        self._choice_buttons: list[list] = []
        self._feedback: list = []
        for i, (q, state) in enumerate(zip(self.questions, self._shown_states())):
            parts = []
            if state is not None:
                parts.append(ipw.HTML(state_svg(state, width=44)))
            parts.append(ipw.HTML(f"<b>{i + 1}. {escape(self._read(q, q['question']))}</b>"))
            buttons = []
            for choice in q["choices"]:
                button = ipw.Button(description=self._read(q, choice), layout=ipw.Layout(width="auto"))
                button.on_click(lambda _button, i=i, choice=choice: self.answer(i, choice))
                buttons.append(button)
            self._choice_buttons.append(buttons)
            feedback = ipw.HTML()
            feedback.add_class("cardlab-feedback")
            self._feedback.append(feedback)
            items.append(ipw.VBox(parts + [ipw.HBox(buttons, layout=ipw.Layout(flex_flow="row wrap")),
                                           feedback]))
        self._score = ipw.HTML()
        self._score.add_class("cardlab-score")
        again = ipw.Button(description="Try again", tooltip="clear every answer and start over",
                           layout=ipw.Layout(width="auto"))
        again.on_click(lambda _button: self.reset())
        box = ipw.VBox(items + [ipw.HBox([self._score, again], layout=ipw.Layout(align_items="center"))])
        box.add_class("cardlab-quiz")
        return box

    def _update_view(self) -> None:
        for i, q in enumerate(self.questions):
            chosen = self._chosen.get(i)
            for choice, button in zip(q["choices"], self._choice_buttons[i]):
                mark = "" if choice != chosen else (
                    "success" if chosen == q["answer"] else "danger")
                button.button_style = mark
                button.disabled = chosen is not None
            text = self.feedback(i)
            colour = VERDICT_COLOURS[ACCEPTED if chosen == q["answer"] else REFUSED]
            self._feedback[i].value = lines_html(text, "cardlab-feedback-text", colour, heading=False) if text else ""
        self._score.value = f"<b>Score: {escape(self.score)}</b>&nbsp;"


def _legality_question(state: State, action: Action) -> dict:
    refusal = state.check(action)
    if refusal is None:
        events = state.copy().apply(action)
        answer, explanation = "Legal", "Legal: " + " ".join(e.text for e in events)
    else:
        answer, explanation = "Illegal", f"Illegal ({refusal.code}): {refusal.explanation}"
    return {"question": f"Is '{action}' legal here?", "choices": ["Legal", "Illegal"], "answer": answer,
            "explanation": explanation, "state": state.copy()}


# --- Compare -------------------------------------------------------------------------------------

def _ruleset(module, rules):
    if not isinstance(rules, str):
        return rules
    if rules not in module.RULESETS:
        raise ValueError(f"{module.State.game} has no rule set {rules!r} ({', '.join(module.RULESETS)})")
    return module.RULESETS[rules]


def _replay_under(scenario: Scenario, rules, at_step: int | None) -> tuple[State, str | None]:
    """:func:`_replay` under ``rules``, or :class:`~cardlab.engine.IncompatibleRules` in one
    sentence when the scenario's deal cannot be played under them."""
    from .engine import DealError, IncompatibleRules

    scenario.start().with_rules(rules)  # the game's own sentence, such as "yeeqia has no jokers: ..."
    try:
        return _replay(scenario, rules, at_step)
    except DealError as exc:
        raise IncompatibleRules(f"{scenario.path} cannot be set up under {rules.name}: {exc}.") from None


class Compare(Widget):
    """One position under two rule sets side by side (such as durak ``podkidnoy`` and
    ``perevodnoy``): each picture with its legal actions, the actions legal under only one of them
    marked. ``source`` is a scenario / path, replayed under each rule set up to step ``at_step``
    (default: its start), or a :class:`State`, copied under each rule set. When one rule set
    refuses an action of the scenario, its side shows the position before it and ``notes`` says so.
    A position one of them cannot hold (a joker under yeeqia) raises
    :class:`~cardlab.engine.IncompatibleRules`, whose message says why in one sentence."""

    def __init__(self, source: State | Scenario | str | Path, rules_a, rules_b, at_step: int | None = None,
                 four_colour: bool = False):
        self.four_colour = four_colour
        if isinstance(source, State):
            if at_step is not None:
                raise ValueError("at_step applies to a scenario, not to a State")
            module = game_module(source.game)
            self.rules = (_ruleset(module, rules_a), _ruleset(module, rules_b))
            self.states = tuple(source.with_rules(r) for r in self.rules)
            self.notes: list[str] = []
        else:
            scenario = _scenario(source)
            self.rules = (_ruleset(scenario.module, rules_a), _ruleset(scenario.module, rules_b))
            replays = [_replay_under(scenario, r, at_step) for r in self.rules]
            self.states = tuple(state for state, _ in replays)
            self.notes = [note for _, note in replays if note]

    def differences(self) -> tuple[list[Action], list[Action]]:
        """The actions legal only under rule set A, and those legal only under B, each in the
        engine's order."""
        legal_a, legal_b = (s.legal_actions() for s in self.states)
        set_a, set_b = set(legal_a), set(legal_b)
        return [a for a in legal_a if a not in set_b], [b for b in legal_b if b not in set_a]

    def summary(self) -> str:
        """The differences in words, one rule set a line, then any notes."""
        name_a, name_b = (r.name for r in self.rules)
        only_a, only_b = self.differences()
        lines = [f"Only under {name}: " + (", ".join(map(str, only)) or "nothing")
                 for name, only in ((name_a, only_a), (name_b, only_b))]
        return self.states[0].learner_text("\n".join(lines + self.notes))

    def __repr__(self) -> str:
        name_a, name_b = (r.name for r in self.rules)
        only_a, only_b = self.differences()
        return f"<Compare {name_a} vs {name_b}: {len(only_a)} only in {name_a}, {len(only_b)} only in {name_b}>"

    def static_html(self) -> str:
        name_a, name_b = (r.name for r in self.rules)
        return still_html(f"{name_a} and {name_b} side by side", lines_html(self.summary(), "cardlab-differences-text",
                                                                          heading=False))

    def _build(self, ipw):
        only = self.differences()
        columns = []
        for state, rules, unique in zip(self.states, self.rules, only):
            unique = set(unique)
            items = []
            for action in state.legal_actions():
                if action in unique:
                    items.append(f'<li style="background:#fff0c2;font-weight:bold">{escape(state.learner_text(str(action)))} '
                                 f'(only under {escape(rules.name)})</li>')
                else:
                    items.append(f"<li>{escape(state.learner_text(str(action)))}</li>")
            listing = "<ul>" + "".join(items) + "</ul>" if items else "<p>No legal actions.</p>"
            columns.append(ipw.VBox([
                ipw.HTML(f"<b>{escape(rules.name)}</b>"),
                ipw.HTML(state_svg(state, width=48, four_colour=self.four_colour)),
                ipw.HTML(f'<div class="cardlab-legal">Legal now:{listing}</div>'),
            ], layout=ipw.Layout(width="50%")))
        summary = ipw.HTML()
        summary.add_class("cardlab-differences")
        self._summary = summary
        box = ipw.VBox([ipw.HBox(columns), summary])
        box.add_class("cardlab-compare")
        return box

    def _update_view(self) -> None:
        self._summary.value = lines_html(self.summary(), "cardlab-differences-text", heading=False)


# --- Referee ---------------------------------------------------------------------------------------

class Referee(Widget):
    """A game's checklist on a position the learner chooses: a worked example from ``folder``
    (listed by title), the position after some of its steps (drawn; steps counted as the
    :class:`Stepper` counts them), and a move typed in the
    notation (``B defend S8 SQ``: a seat letter may stand for a name). The answers come from the
    game's own checklist (:mod:`cardlab.referee`), that is from the engine's own checks."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.titles: dict[str, str] = {}
        for path in sorted(self.folder.glob("*.yaml")):
            self.titles[path.name] = load(path).title
        if not self.titles:
            raise ValueError(f"no scenario files (*.yaml) in {self.folder}")
        self.file, self.move, self._answer = next(iter(self.titles)), "", ""
        self._state, self.step = self._position(self.file, 0)

    @property
    def files(self) -> list[str]:
        return list(self.titles)

    @property
    def state(self) -> State:
        """The position the question is asked on."""
        return self._state

    def _position(self, file: str, step: int) -> tuple[State, int]:
        """The position after ``step`` steps counted as the stepper counts them (a step of the file
        that only checks is not one), and that step number, within the example."""
        if file not in self.titles:
            raise ValueError(f"{file!r} is not one of the worked examples ({', '.join(self.titles)})")
        scenario = load(self.folder / file)
        actions = [i for i, s in enumerate(scenario.steps, 1) if s.action is not None]
        step = max(0, min(_whole_number(step, "the step"), len(actions)))
        return _replay(scenario, scenario.rules, actions[step - 1] if step else 0)[0], step

    def show(self, file: str, step: int = 0) -> None:
        """Choose the position: worked example ``file`` after its first ``step`` steps (a step past
        its end: the end). Raises ``ValueError`` for a file that is not one of the examples."""
        self._state, self.step = self._position(file, step)
        self.file, self._answer = file, ""
        self._refresh()

    def ask(self, file: str, step: int, action: str) -> str:
        """The referee's answers for ``action`` after ``step`` steps of ``file``, one question a
        line, as the learner reads them; a move that does not parse gets one line saying why."""
        self.show(file, step)
        self.move = action
        from . import referee

        try:
            answers = referee.ask(self._state, action)
        except NotationError as exc:
            answers = [("Is the move written correctly?", f"no: {exc.reason}")]
        self._answer = self._state.learner_text("\n".join(f"{q}  {a}" for q, a in answers))
        self._refresh()
        return self._answer

    def __repr__(self) -> str:
        return f"<Referee {len(self.titles)} worked examples in {self.folder.name}>"

    def static_html(self) -> str:
        return still_html("Referee", state_svg(self._state, width=48))

    def _build(self, ipw):
        self._file_menu = ipw.Dropdown(options=[(title, name) for name, title in self.titles.items()],
                                       description="example", layout=ipw.Layout(width="auto"))
        self._step_box = ipw.BoundedIntText(value=0, min=0, max=999, description="after step",
                                            layout=ipw.Layout(width="12em"))
        self._move_box = ipw.Text(placeholder="A attack S8", description="move")
        ask = ipw.Button(description="Ask")
        ask.on_click(lambda _b: self.ask(self._file_menu.value, self._step_box.value, self._move_box.value))
        for control in (self._file_menu, self._step_box):
            control.observe(lambda _change: self._on_position(), names="value")
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._output = ipw.HTML()
        self._output.add_class("cardlab-referee-answer")
        box = ipw.VBox([ipw.HBox([self._file_menu, self._step_box]), self._picture,
                        ipw.HBox([self._move_box, ask]), self._output])
        box.add_class("cardlab-referee")
        return box

    _syncing = False

    def _on_position(self) -> None:
        if not self._syncing and (self._file_menu.value, self._step_box.value) != (self.file, self.step):
            self.show(self._file_menu.value, self._step_box.value)

    def _update_view(self) -> None:
        self._syncing = True  # the controls follow the Python state; their observers must not echo
        self._file_menu.value, self._step_box.value, self._move_box.value = self.file, self.step, self.move
        self._syncing = False
        self._picture.value = state_svg(self._state, width=48)
        self._output.value = lines_html(self._answer, "cardlab-referee-text", heading=False) if self._answer else ""
