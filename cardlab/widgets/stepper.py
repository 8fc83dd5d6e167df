"""The stepper: a worked example, one step at a time."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from ..cards import Card, plain
from ..engine import State
from ..i18n import _, get_language, p_, shown
from ..registry import game_of
from ..scenario import Scenario, expectation_words, run
from ..svg import state_svg
from .args import WidgetError, flag, whole_number
from .base import (SIZES, SizedWidget, chosen_size, column_heights, fold_checks, large_buttons, lay_out, lines_html,
                   moved_cards, position_text, scenario_of, still_html, table_size, text_size)


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


class Stepper(SizedWidget):
    """Walk through a scenario one step at a time: Reset, Back, Step and End buttons (and the keys
    Home, ←, → and End), a counter ("step 4 of 10"; the start is step 0), the narration of the
    current step (the engine's event texts, for a refused step the reason code and explanation,
    then the scenario's note and what the scenario checks at that point, in words) and the
    position drawn with the cards of the step highlighted (the cards that moved; for a refused
    step, the cards it tried to play).

    A step of the file that only checks (``expect:`` alone) is folded into the step before it, so
    every Step a learner presses changes something; its checks and note are read with that step.
    Every widget that takes a step number (``TryIt(at_step=N)``, ``Compare(at_step=N)``, a quiz
    file's ``step: N``, ``Quiz.from_scenario(step=N)``, the Referee's "after step") counts steps
    this way (:func:`~cardlab.widgets.base.stepper_steps`), so step N there is this step N.

    ``view="teaching"`` shows every hand face up; ``view="player"`` only ``seat``'s (default: the
    first player). The scenario is replayed once, when the stepper is made; moving between steps
    only changes which stored position is shown. ``source`` is a :class:`Scenario` or a path.

    Everything it says is read in the language current when it is read or drawn: the next
    narration after :func:`cardlab.set_language` is in the new language (the scenario's title and
    notes too, where the file gives them in that language), and so are the buttons' labels from the
    view's next update."""

    def __init__(self, source: Scenario | str | Path, view: str = "teaching", seat: str | None = None,
                 four_colour: bool = False, size: str | None = None):
        self.scenario = scenario_of(source)
        if view not in ("teaching", "player"):
            raise WidgetError(f"view must be 'teaching' or 'player', not {shown(view)}")
        if seat is not None and seat not in self.scenario.players:
            raise WidgetError(f"seat {shown(seat)} is not a player ({', '.join(self.scenario.players)})")
        self.view = view
        self.seat = seat if seat is not None or view == "teaching" else self.scenario.players[0]
        self.four_colour = flag(four_colour, "four_colour")
        self.size = chosen_size(size)
        self.result = run(self.scenario, keep_states=True)
        # Frame 0 is the start; every other frame is one action step with the checks after it.
        self._frames = fold_checks(self.result.outcomes, lambda outcome: outcome.step.action is not None)
        self._index = 0
        self._pictures: dict[tuple[int, str], str] = {}

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
        """``"step 4 of 10"``, in the current language."""
        return str(_("step {number} of {total}", number=self._index, total=self.total))

    @property
    def title(self) -> str:
        """The scenario's title in the current language (in English where the file gives none in
        it)."""
        return self.scenario.title_in(get_language())

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
        return moved_cards(outcome.events)

    @property
    def narration(self) -> str:
        """What the current step did, as the learner reads it: a heading line, the engine's
        explanation, the scenario's notes, what the scenario confirms now (in words), and a failed
        expectation if there was one."""
        return self._narrate(self._index)

    def _narrate(self, index: int) -> str:
        """Step ``index``'s narration, read now in the current language."""
        frame = self._frames[index]
        lang = get_language()
        if index == 0:
            source = [_("From: {source}", source=self.scenario.source_text.get())] if self.scenario.source else []
            lines = [_("Start: {title}", title=self.title), *source, _("The starting position.")]
        else:
            outcome = frame[0]
            if outcome.refusal is not None and outcome.ok:
                lines = [_("Step {number}: {move} (refused, as the scenario expects)", number=index,
                           move=outcome.step.text)]
            else:
                lines = [_("Step {number}: {move}", number=index, move=outcome.step.text)]
            # The engine's explanation of the step, then the scenario's note in this language.
            lines.extend(e.text for e in outcome.events)
            if outcome.refusal is not None:
                lines.append(_("Refused ({code}): {explanation}", code=outcome.refusal.code,
                               explanation=outcome.refusal.explanation))
            if outcome.step.note:
                lines.append(outcome.step.note_in(lang))
        checks = []
        for outcome in frame:
            checks.extend(str(expectation_words(key, value, self.result.start)) for key, value in outcome.step.expect.items()
                          if outcome.ok)
            if outcome.step.action is None and outcome.step.note:
                lines.append(outcome.step.note_in(lang))
        if checks:
            # TRANSLATORS: what a scenario confirms after a step: "Now: 乙 holds 5 cards; the stock has
            # 24 cards." {checks} are separated by "; ".
            separator = p_("list separator", "; ")
            lines.append(_("Now: {checks}.", checks=str(separator).join(map(str, checks))))
        lines.extend(_("FAIL: {failure}", failure=o.failure) for o in frame if o.failure)
        return self.result.start.learner_text("\n".join(map(str, lines)))

    def transcript(self) -> str:
        """The starting position as text (each hand, the stock, the table), then every step's
        narration in order, as the learner reads them: the stepper printed, for a cell that nbval
        checks and for a reader without the pictures."""
        start = position_text(self.result.start)
        steps = [self._narrate(i) for i in range(self.total + 1)]
        return "\n\n".join([f"{steps[0]}\n{start}", *steps[1:]])

    def position(self) -> str:
        """The current position as text, as the learner reads it (cards as 9♠, seat letters)."""
        return position_text(self.state)

    def goto(self, index: int) -> None:
        """Show step ``index``, clamped to 0 .. ``total``. Raises ``ValueError`` for anything but
        a whole number."""
        self._index = max(0, min(whole_number(index, "the step"), self.total))
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

    @property
    def bottom(self) -> str:
        """The seat drawn along the bottom of the picture: in the player view the stepper's seat;
        else the player of the next step (whose choice the learner is about to see), or at the
        last step the player whose move the position awaits."""
        if self.view == "player":
            return self.seat
        if self._index < self.total:
            return self._frames[self._index + 1][0].step.action.player
        return game_of(self.state).focus(self.state)

    def picture(self) -> str:
        """The SVG of the current step, drawn once per step, size and language, then reused."""
        key = (self._index, get_language())  # its words and text alternative are in a language
        if key not in self._pictures:
            self._pictures[key] = state_svg(self.state, view=self.view, seat=self.seat, bottom=self.bottom,
                                                    highlight=self.highlight, four_colour=self.four_colour,
                                                    width=SIZES[self.size])
        return self._pictures[key]

    def __repr__(self) -> str:
        # In English whatever the language, as every repr.
        return f"<Stepper {self.scenario.title!r} step {self._index} of {self.total}>"

    def static_html(self) -> str:
        return still_html(self.title, lines_html(self.narration, "cardlab-narration-text") + self.picture())

    # The view.

    def _build(self, ipw):
        from .cardtable import CardTable

        # The buttons, by their English names; labels and tooltips in the current language. The
        # keys' names (Home, End) are the keys' own, as printed on the keyboard.
        moves = {"Reset": (self.reset, p_("button", "Reset"), _("back to the starting position (Home)")),
                 "Back": (self.back, p_("button", "Back"), _("one step back (←)")),
                 "Step": (self.step, p_("button", "Step"), _("play the next step (→)")),
                 "End": (self.end, p_("button", "End"), _("go to the last step (End)"))}
        self._buttons = {}
        for name, (move, label, tip) in moves.items():
            button = ipw.Button(layout=ipw.Layout(width="auto"))
            self._label(button, "description", label)
            self._label(button, "tooltip", tip)
            button.on_click(lambda _button, move=move: move())
            self._buttons[name] = button
        self._counter = ipw.HTML()
        self._counter.add_class("cardlab-counter")
        self._picture = CardTable()
        self._picture.add_class("cardlab-picture")
        self._narration = ipw.HTML()
        self._narration.add_class("cardlab-narration")
        # The narration's box is as high as the example's longest step: every step's text is laid
        # out in it, invisible (the sizer), and the narration drawn over them (widgets.css), so that
        # nothing moves from step to step and no step is cut. Where the window leaves less room,
        # the narration scrolls, only as far as the step shown goes.
        self._sizer = ipw.HTML()
        self._sizer.add_class("cardlab-step-sizers")
        self._sized_for = None  # the language and size the sizer was made in
        self._narration.add_class("cardlab-scrolls")
        self._narration_box = ipw.Box([self._sizer, self._narration])
        self._narration_box.add_class("cardlab-narration-box")
        self._title = ipw.HTML()
        self._size_button = self._size_toggle(ipw)
        controls = ipw.HBox([*self._buttons.values(), self._counter, self._size_button],
                            layout=ipw.Layout(align_items="center", flex_flow="row wrap"))
        self._side = ipw.VBox([self._title, controls, self._narration_box])
        box = ipw.HBox([self._picture, self._side],
                       layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        box.add_class("cardlab-stepper")
        self._keys = _keys(ipw, box, {"ArrowRight": self.step, "ArrowLeft": self.back,
                                      "Home": self.reset, "End": self.end})
        self._ipw = ipw
        self._arrange()
        return box

    def _arrange(self) -> None:
        """The table on the left, its size fixed by the widget's size (never by the position, so
        nothing moves from step to step); beside it the title, the buttons and the narration, as
        high as the table or, when the example's longest step needs more, as high as that step
        needs, up to the room the window leaves (:func:`~cardlab.widgets.base.column_heights`);
        only beyond that the narration scrolls, with its scroll bar shown. Where the notebook is
        too narrow, the column goes under the table."""
        width, height = table_size(self.size)
        lay_out(self._picture, width=f"{width}px", height=f"{height}px", flex="0 0 auto")
        lay_out(self._side, flex="1 1 260px", min_width="260px", margin="0 0 0 10px", **column_heights(self.size))
        # The narration takes the room left and scrolls; the title and the buttons never shrink.
        for part in self._side.children:
            lay_out(part, flex="0 0 auto")
        lay_out(self._narration_box, flex="1 1 auto", min_height="0")
        self._picture.projector = self.size == "large"
        large_buttons([*self._buttons.values(), self._size_button], self.size)
        self._show_title()

    def _show_title(self) -> None:
        self._title.value = (f'<b style="font-size:{text_size(self.size)}px;line-height:1.3">'
                             f"{escape(self.title)}</b>")

    def _update_view(self) -> None:
        self._show_title()
        at_start, at_end = self._index == 0, self._index == self.total
        self._buttons["Reset"].disabled = self._buttons["Back"].disabled = at_start
        self._buttons["Step"].disabled = self._buttons["End"].disabled = at_end
        self._counter.value = f"&nbsp;{escape(self.counter)}"
        self._picture.svg = self.picture()
        self._narration.value = (f'<div style="font-size:{text_size(self.size)}px">'
                                 + lines_html(self.narration, "cardlab-narration-text") + "</div>")
        if self._sized_for != (get_language(), self.size):
            self._sized_for = (get_language(), self.size)
            self._sizer.value = self._sizer_html()

    def _sizer_html(self) -> str:
        """Every step's narration, invisible, laid out as the narration is (:file:`widgets.css`,
        ``.cardlab-step-sizer``): the narration's box takes the height of the longest."""
        steps = "".join(f'<div class="cardlab-step-sizer" aria-hidden="true" '
                        f'data-text="{escape(self._narrate(i), quote=True)}"></div>' for i in range(self.total + 1))
        return f'<div class="cardlab-steps" style="font-size:{text_size(self.size)}px">{steps}</div>'

