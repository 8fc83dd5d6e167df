"""The referee: a game's checklist on a position the learner chooses."""

from __future__ import annotations

from pathlib import Path

from ..engine import NotationError, State
from ..scenario import load
from ..svg import state_svg
from .base import _whole_number, _replay, lines_html, still_html, stepper_steps, Widget


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
        """The position after step ``step`` as the :class:`Stepper` numbers steps, and that step
        number, within the example (a step past its end: the end)."""
        if file not in self.titles:
            raise ValueError(f"{file!r} is not one of the worked examples ({', '.join(self.titles)})")
        scenario = load(self.folder / file)
        step = max(0, min(_whole_number(step, "the step"), len(stepper_steps(scenario)) - 1))
        return _replay(scenario, scenario.rules, step)[0], step

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
        from .. import referee

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
