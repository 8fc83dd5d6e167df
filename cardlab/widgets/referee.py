"""The referee: a game's checklist on a position the learner chooses."""

from __future__ import annotations

from html import escape
from pathlib import Path

from .. import lessondata
from ..engine import Action, NotationError, State
from ..i18n import _, get_language, p_, shown, words
from ..scenario import MAX_BYTES, Scenario, load
from ..svg import state_svg
from .args import WidgetError, whole_number
from .base import Widget, card_width, lines_html, replay, still_html, stepper_steps

# Beside a folder of worked examples: their file names in the order the lessons use them.
ORDER_FILE = "order.txt"


def example_order(folder: Path, scenarios: dict[str, Scenario]) -> list[str]:
    """The names of ``scenarios`` (the worked examples of ``folder``, by file name) in the order
    the Referee lists them: grouped by game and rule set, the groups in the order of their first
    file; in a group, the order of :data:`ORDER_FILE` (one file name a line, ``#`` starts a
    comment), then the files it does not name, by name. Raises ``ValueError`` for a name in it
    that is not one of the examples."""
    order = folder / ORDER_FILE
    listed = []
    if lessondata.is_file(order):
        for number, line in enumerate(_lines(order), 1):
            name = line.split("#", 1)[0].strip()
            if name and name not in scenarios:
                raise ValueError(f"{order}, line {number}: {name!r} is not a worked example in {folder}")
            if name and name not in listed:
                listed.append(name)
    names = listed + sorted(set(scenarios) - set(listed))
    groups = list(dict.fromkeys(_group(scenarios[name]) for name in names))
    return sorted(names, key=lambda name: groups.index(_group(scenarios[name])))


def _lines(order: Path) -> list[str]:
    """The lines of the file ``order``; raises ``ValueError`` naming it, and the line, for a file
    that cannot be read, is larger than a scenario file may be, or is not UTF-8 text."""
    try:
        data = lessondata.read_bytes(order, MAX_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{order}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise ValueError(f"{order}: larger than {MAX_BYTES // 2**20} MB, far more than a list of file names; "
                         "is it the right file?")
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ValueError(f"{order}, line {line}: not a UTF-8 text file") from None


def _group(scenario: Scenario) -> tuple[str, str]:
    return scenario.game, scenario.rules.name


class Referee(Widget):
    """A game's checklist on a position the learner chooses: a worked example from ``folder``
    (listed as "Durak · podkidnoy — Route A: ...", grouped by game and rule set in the order the
    lessons use them: :func:`example_order`), the position after one of its steps (drawn; step N
    is the :class:`Stepper`'s step N), and a move typed in the notation (``B defend S8 SQ``: a seat
    letter may stand for a name), asked with Ask or Enter. The move box suggests a legal move of
    the position shown. The answers come from the game's own checklist (:mod:`cardlab.referee`),
    that is from the engine's own checks.

    Its answers, the example names and the labels are read in the language current when they
    are read or drawn (the answer to the last question too)."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        names = lessondata.file_names(self.folder, (".yaml",)) if lessondata.is_dir(self.folder) else []
        scenarios = {name: load(self.folder / name) for name in names}
        if not scenarios:
            raise ValueError(f"no scenario files (*.yaml) in {self.folder}")
        self._scenarios = {name: scenarios[name] for name in example_order(self.folder, scenarios)}
        self.titles = {name: scenario.title for name, scenario in self._scenarios.items()}
        self.file, self.move, self._answers = next(iter(self.titles)), "", []
        self._state, self.step = self._position(self.file, 0)

    @property
    def files(self) -> list[str]:
        """The worked examples' file names, in the order of the list."""
        return list(self.titles)

    def label(self, file: str) -> str:
        """How the list names example ``file``: "Durak · podkidnoy — Route A: ..."."""
        scenario = self._scenarios[file]
        # TRANSLATORS: a worked example in the Referee's list: the game, the rule set and the title.
        return str(_("{game} · {rules} — {title}", game=words(scenario.spec.title), rules=scenario.rules.name,
                     title=scenario.title_in(get_language())))

    @property
    def state(self) -> State:
        """The position the question is asked on."""
        return self._state

    @property
    def last_step(self) -> int:
        """The last step of the example shown (its steps numbered as the :class:`Stepper`'s)."""
        return len(stepper_steps(self._scenarios[self.file])) - 1

    @property
    def suggestion(self) -> str:
        """A move of the position shown as a learner types it (seat letter, verb, cards): its first
        legal move that names cards, else its first legal move; the move box shows it until
        something is typed."""
        actions = self._state.legal_actions()
        if not actions:
            return str(_("no move is legal here"))
        action = next((a for a in actions if a.cards), actions[0])
        return str(Action(self._state.seat_letter(action.player), action.verb, action.cards))

    def _position(self, file: str, step: int) -> tuple[State, int]:
        """The position after step ``step`` as the :class:`Stepper` numbers steps, and that step
        number, within the example (a step past its end: the end)."""
        if file not in self.titles:
            raise WidgetError(f"{shown(file)} is not one of the worked examples ({', '.join(self.titles)})")
        scenario = self._scenarios[file]
        step = max(0, min(whole_number(step, "the step"), len(stepper_steps(scenario)) - 1))
        return replay(scenario, scenario.rules, step)[0], step

    def show(self, file: str, step: int = 0) -> None:
        """Choose the position: worked example ``file`` after its first ``step`` steps (a step past
        its end: the end). Raises ``ValueError`` for a file that is not one of the examples."""
        self._state, self.step = self._position(file, step)
        self.file, self._answers = file, []
        self._refresh()

    @property
    def _answer(self) -> str:
        """The answers to the last question, one a line, as the learner reads them now."""
        # TRANSLATORS: a question of the referee's checklist and its answer, on one line.
        return self._state.learner_text("\n".join(str(_("{question}  {answer}", question=q, answer=a))
                                                   for q, a in self._answers))

    def ask(self, file: str, step: int, action: str) -> str:
        """The referee's answers for ``action`` after ``step`` steps of ``file``, one question a
        line, as the learner reads them; a move that does not parse gets one line saying why."""
        self.show(file, step)
        self.move = action
        from .. import referee

        try:
            answers = referee.ask(self._state, action)
        except NotationError as exc:
            answers = [(_("Is the move written correctly?"), _("no: {reason}", reason=exc.reason))]
        self._answers = list(answers)
        self._refresh()
        return self._answer

    def __repr__(self) -> str:
        return f"<Referee {len(self.titles)} worked examples in {self.folder.name}>"

    def static_html(self) -> str:
        return still_html(p_("widget", "Referee"), state_svg(self._state, width=48))

    def _build(self, ipw):
        # Each control on its own line: a long example name never pushes the step box off screen,
        # and the list takes the line's width, no more (a flex item: its margins included).
        self._file_menu = ipw.Dropdown(options=[(self.label(name), name) for name in self.titles],
                                       layout=ipw.Layout(flex="1 1 auto", width="auto", min_width="0"))
        self._label(self._file_menu, "description", p_("label", "example"))
        self._step_box = ipw.BoundedIntText(value=0, min=0, max=self.last_step, layout=ipw.Layout(width="12em"))
        # TRANSLATORS: a box's label, read with the box and "of {last}" after it: "after step [3] of 8".
        self._label(self._step_box, "description", p_("label", "after step"))
        self._step_count = ipw.HTML()
        # continuous_update=False: the value arrives when Enter is pressed (or the box is left).
        self._move_box = ipw.Text(continuous_update=False)
        self._label(self._move_box, "description", p_("label", "move"))
        self._move_box.observe(lambda _change: self._on_move(), names="value")
        ask = ipw.Button()
        self._label(ask, "description", p_("button", "Ask"))
        ask.on_click(lambda _b: self.ask(self._file_menu.value, self._step_box.value, self._move_box.value))
        for control in (self._file_menu, self._step_box):
            control.observe(lambda _change: self._on_position(), names="value")
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._output = ipw.HTML()
        self._output.add_class("cardlab-referee-answer")
        box = ipw.VBox([ipw.HBox([self._file_menu], layout=ipw.Layout(width="100%")),
                        ipw.HBox([self._step_box, self._step_count]), self._picture,
                        ipw.HBox([self._move_box, ask]), self._output])
        box.add_class("cardlab-referee")
        return box

    _syncing = False

    def _on_position(self) -> None:
        if not self._syncing and (self._file_menu.value, self._step_box.value) != (self.file, self.step):
            self.show(self._file_menu.value, self._step_box.value)

    def _on_move(self) -> None:
        """Enter in the move box: ask about the move typed."""
        if not self._syncing and self._move_box.value.strip():
            self.ask(self._file_menu.value, self._step_box.value, self._move_box.value)

    def _update_view(self) -> None:
        self._syncing = True  # the controls follow the Python state; their observers must not echo
        labels = [(self.label(name), name) for name in self.titles]
        if list(self._file_menu.options) != labels:  # the examples' names in another language
            self._file_menu.options = labels
        self._file_menu.value = self.file
        self._step_box.max = self.last_step
        self._step_box.value, self._move_box.value = self.step, self.move
        self._syncing = False
        # TRANSLATORS: after the box of "after step [3] of 8".
        self._step_count.value = "&nbsp;" + escape(str(_("of {last}", last=self.last_step)))
        self._move_box.placeholder = self.suggestion
        self._picture.value = state_svg(self._state, width=card_width(self.size, 48))
        self._output.value = lines_html(self._answer, "cardlab-referee-text", heading=False) if self._answer else ""
