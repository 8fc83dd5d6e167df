"""Quizzes: written questions, or questions taken from a worked example's checks."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Iterable

import yaml

from .. import lessondata
from ..engine import Action, State
from ..scenario import Scenario, ScenarioError, load
from ..svg import state_svg
from .base import (ACCEPTED, REFUSED, VERDICT_COLOURS, _scenario, _replay, lines_html, still_html, stepper_steps,
                   Widget)


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
        position after step N of a scenario file as the :class:`Stepper` numbers steps, its path
        relative to the quiz file).
        Raises ``ValueError`` naming the file and question for anything wrong in it."""
        path = Path(path)
        try:
            data = yaml.load(lessondata.read_bytes(path).decode("utf-8"), Loader=_QuizLoader)
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
        keeps only the questions of that step as the :class:`Stepper` numbers steps (its action
        and the checks folded into it). Raises ``ValueError`` when there is none, and
        :class:`IllegalAction` if a step the scenario performs is refused."""
        scenario = _scenario(source)
        state = scenario.start()
        questions = []
        for number, group in enumerate(stepper_steps(scenario)):
            ask = step is None or number == step
            for s in group:
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
        answer, explanation = "Legal", "Legal: " + " ".join(str(e.text) for e in events)
    else:
        answer, explanation = "Illegal", f"Illegal ({refusal.code}): {refusal.explanation}"
    return {"question": f"Is '{action}' legal here?", "choices": ["Legal", "Illegal"], "answer": answer,
            "explanation": explanation, "state": state.copy()}
