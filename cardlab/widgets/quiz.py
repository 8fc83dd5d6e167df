"""Quizzes: written questions, or questions taken from a worked example's checks.

A question's ``question``, each of its ``choices`` and its ``explanation`` may be written in
several languages, as a scenario's title and notes are (SCENARIOS.md, "Top level"): a string (the
English text) or a mapping from a language tag (``en``, ``zh-TW``, ``ja``) to the text, which must
hold ``en``. A learner reads each in the current language (:func:`cardlab.i18n.get_language`), or
in English where the mapping lacks it. ``answer`` names the right choice by its English text, the
same whatever the language: an answer written ``2`` is the choice that reads ``2``, never the
third choice. To name a choice by its place instead, write ``answer: {index: N}``, counting the
choices from 0. No text may hold a control character or a lone surrogate, which a terminal would
act on or could not print."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Iterable

from .. import yamlfile
from ..engine import Action, State, shorten
from ..i18n import Later, Message, _, get_language, language, p_
from ..scenario import LANGUAGES, Lines, Scenario, ScenarioError, Text, load
from ..svg import state_svg
from .base import (ACCEPTED, REFUSED, VERDICT_COLOURS, Widget, card_width, lines_html, replay, scenario_of, still_html,
                   stepper_steps)


_QUESTION_KEYS = {"question", "choices", "answer", "explanation", "state"}
_FILE_KEYS = {"question", "choices", "answer", "explanation", "position"}
INDEX_FORM = "{index: N}"  # how a quiz names the right choice by its place


class QuizError(ValueError):
    """A question or quiz file that cannot be used. ``str()`` is one line: ``PATH (line N,
    question Q): FAULT`` for a file, ``question Q: FAULT`` for questions given in Python. ``keys``
    lead from the question to the value at fault (``("choices", 1)``), for its line."""

    def __init__(self, fault: str, path: str | None = None, line: int | None = None,
                 question: int | None = None, keys: tuple = ()):
        self.fault, self.path, self.line, self.question, self.keys = fault, path, line, question, keys
        place = ", ".join(([f"line {line}"] if line is not None else [])
                          + ([f"question {question}"] if question is not None else []))
        if path is None:
            text = f"{place}: {fault}" if place else fault
        else:
            text = f"{path} ({place}): {fault}" if place else f"{path}: {fault}"
        super().__init__(text)

    def in_file(self, path: str, root) -> "QuizError":
        """This fault, placed in the quiz file ``path`` whose YAML nodes are ``root``."""
        line = None
        if self.question is not None and root is not None:
            line = (yamlfile.line_of(root, self.question - 1, *self.keys)
                    or yamlfile.line_of(root, self.question - 1))
        return QuizError(self.fault, path, line, self.question, self.keys)


class QuizText(Message):
    """A text of a quiz as a learner reads it, in the current language: a text written in the
    quiz (a :class:`~cardlab.scenario.Text`: English, and perhaps other languages) or a message
    of cardlab's own. ``en`` is its English text, which names a choice whatever the language."""

    __slots__ = ("source",)

    def __init__(self, source: Text | Message | str):
        super().__init__("")
        self.source = Text(source) if isinstance(source, str) else source

    def __str__(self) -> str:
        return self.source.get() if isinstance(self.source, Text) else str(self.source)

    @property
    def en(self) -> str:
        """The English text."""
        if isinstance(self.source, Text):
            return self.source.en
        with language("en"):
            return str(self.source)

    def in_every_language(self) -> dict[str, str]:
        """The text in each language cardlab speaks (English where the quiz gives none)."""
        if isinstance(self.source, Text):
            return {lang: self.source.get(lang) for lang in LANGUAGES}
        out = {}
        for lang in LANGUAGES:
            with language(lang):
                out[lang] = str(self.source)
        return out

    def __reduce__(self):
        return (QuizText, (self.source,))


def _quiz_text(value, question: int, what: str, keys: tuple, required: bool = True) -> QuizText:
    """A question's text: a string (English), or a mapping from language tags to strings that
    holds ``en``; a message of cardlab's own as it is. Raises :class:`QuizError` saying what is
    wrong with ``what`` (``choice 1``) of question number ``question``, found at ``keys``."""
    def fail(fault: str, *more):
        raise QuizError(fault, question=question, keys=keys + more)

    if isinstance(value, QuizText):
        return value
    if isinstance(value, (Message, Text)):
        return QuizText(value)
    if isinstance(value, dict):
        for lang in value:
            if lang not in LANGUAGES:
                near = next((t for t in LANGUAGES if isinstance(lang, str) and t.lower() == lang.strip().lower()),
                            None)
                hint = f"; write it {near}" if near else ""
                fail(f"{what}: unknown language tag {_echo(lang)} (tags: {', '.join(LANGUAGES)}){hint}", lang)
        if "en" not in value:
            fail(f"{what} has no en text: text in several languages must hold en, the text shown in any "
                 f"language it lacks (it has: {', '.join(value)})")
        texts = {}
        for lang, text in value.items():
            if isinstance(text, (dict, list)) or text is None or isinstance(text, bool):
                fail(f"{what} in {lang} must be text, not {_echo(text)}", lang)
            texts[lang] = str(text).strip()
            if not texts[lang]:
                fail(f"{what} in {lang} is empty; leave the language out to show the en text instead", lang)
            bad = yamlfile.unprintable(texts[lang])
            if bad:
                fail(f"{what} in {lang} holds {bad}, which cannot be printed", lang)
        return QuizText(Text(texts))
    if isinstance(value, (list, tuple, bool)) or (value is None and required):
        fail(f"{what} must be text, or a mapping from language tags ({', '.join(LANGUAGES)}) to text, "
             f"not {_echo(value)}")
    text = "" if value is None else str(value).strip()
    if required and not text:
        fail(f"{what} is empty")
    bad = yamlfile.unprintable(text)
    if bad:
        fail(f"{what} holds {bad}, which cannot be printed")
    return QuizText(Text(text))


def _echo(value) -> str:
    """``value`` as a message shows what a file wrote: its first 60 characters."""
    return repr(shorten(value)) if isinstance(value, str) else shorten(repr(value))


class Quiz(Widget):
    """Multiple-choice questions with immediate feedback and a score.

    Each question is a dict: ``question`` (text), ``choices`` (a list of at least two texts),
    ``answer`` (the English text of the right choice, such as ``"2"`` or ``2`` for the choice that
    reads 2, or ``{"index": N}``, its place counting from 0), ``explanation`` (the rule, shown with
    the feedback) and optionally ``state`` (a position drawn above the question; a question asked on
    the same position as the one before it is not drawn again). Each text is a
    string (English) or a mapping from language tags to text holding ``en``, shown in the current
    language and in English where it lacks that language; in :attr:`questions` they are
    :class:`QuizText` messages, and ``answer`` the English text of the answer. A question is locked
    once answered; :meth:`reset` ("Try again") clears every answer. Lessons keep their questions in
    a YAML file beside the notebook (:meth:`from_file`), so the answers are not in sight. Raises
    :class:`QuizError` (a ``ValueError``) naming the question and the fault."""

    def __init__(self, questions: Iterable[dict]):
        self.questions = [self._checked(i, q) for i, q in enumerate(questions)]
        if not self.questions:
            raise QuizError("a quiz needs at least one question")
        self._chosen: dict[int, str] = {}

    @staticmethod
    def _checked(index: int, question: dict) -> dict:
        number = index + 1

        def fail(fault: str, *keys):
            raise QuizError(fault, question=number, keys=keys)

        if not isinstance(question, dict):
            fail("write it as question, choices, answer, explanation")
        unknown = set(question) - _QUESTION_KEYS
        if unknown:
            first = min(unknown, key=str)
            fail(f"unknown key(s) {', '.join(_echo(k) for k in sorted(unknown, key=str))} "
                 f"(allowed: {', '.join(sorted(_QUESTION_KEYS))})", first)
        given = question.get("choices")
        if isinstance(given, dict):
            fail("choices is a list, each choice a text or a mapping from language tags to text, such as "
                 "[Yes, {en: No, ja: いいえ}]", "choices")
        if given is not None and not isinstance(given, (list, tuple)):
            fail(f"choices is a list of at least two texts, not {_echo(given)}", "choices")
        if not question.get("question") or len(given or ()) < 2:
            fail("needs the question text and at least two choices")
        text = _quiz_text(question["question"], number, "the question", ("question",))
        choices = [_quiz_text(c, number, f"choice {i + 1}", ("choices", i)) for i, c in enumerate(given)]
        keys = [c.en for c in choices]
        twice = next((i for i, k in enumerate(keys) if k in keys[:i]), None)
        if twice is not None:
            fail(f"the choice {_echo(keys[twice])} is given twice", "choices", twice)
        shown = [c.in_every_language() for c in choices]
        for lang in LANGUAGES:
            texts = [s[lang] for s in shown]
            same = next((k for i, k in enumerate(texts) if k in texts[:i]), None)
            if same is not None:
                fail(f"two choices read {_echo(same)} in {lang}; a learner could not tell them apart", "choices")
        answer = _answer(question.get("answer"), keys, fail)
        explanation = _quiz_text(question.get("explanation"), number, "the explanation", ("explanation",),
                                 required=False)
        return {"question": text, "choices": choices, "answer": answer, "explanation": explanation,
                "state": question.get("state")}

    @classmethod
    def from_file(cls, path: str | Path) -> "Quiz":
        """Questions from a YAML file: a list of ``question``, ``choices``, ``answer`` (the English
        text of the right choice, or ``{index: N}``, its place counting from 0), ``explanation``
        and optionally ``position: {scenario: PATH, step: N}`` (the position after step N of a
        scenario file as the :class:`Stepper` numbers steps, its path relative to the quiz file).
        ``question``, ``explanation`` and each choice are text, or a mapping from language tags
        (``en``, ``zh-TW``, ``ja``) to text that holds ``en``. Only ``true`` and ``false`` are
        booleans (YAML 1.2): a choice written ``Yes`` stays that text.

        The file is read as a scenario file is (:mod:`cardlab.yamlfile`): a regular file of at
        most 1 MB, without alias bombs, values nested deeper than 100, or a key given twice.
        Raises :class:`QuizError` (a ``ValueError``) for anything wrong, one line naming the file,
        the line, the question and the fault:
        ``quizzes/02.yaml (line 9, question 2): choice 1: unknown language tag 'jp' (...)``."""
        path_s = str(path)
        text = None
        try:
            text = yamlfile.read_text(path, "quiz")
            data, root = yamlfile.parse(text, path_s, "quiz", yaml12_booleans=True)
        except yamlfile.YAMLFileError as exc:
            item = yamlfile.top_item_at(text, exc.line) if text is not None and exc.line is not None else None
            raise QuizError(exc.fault, path_s, exc.line, None if item is None else item + 1) from None
        if not isinstance(data, list):
            raise QuizError("a quiz file is a list of questions, each with question, choices and answer",
                            path_s, None if root is None else yamlfile.line_of(root))
        questions = []
        try:
            for i, item in enumerate(data):
                questions.append(cls._file_question(path, i, item))
            return cls(questions)
        except QuizError as exc:
            raise exc.in_file(path_s, root) from None

    @staticmethod
    def _file_question(path: Path | str, index: int, item) -> dict:
        """Question ``index`` of a quiz file as :class:`Quiz` takes it: its ``position`` replayed."""
        if not isinstance(item, dict):
            return item
        extra = set(item) - _FILE_KEYS
        if extra:
            raise QuizError(f"unknown key(s) {', '.join(_echo(k) for k in sorted(extra, key=str))} "
                            f"(allowed: {', '.join(sorted(_FILE_KEYS))})", question=index + 1,
                            keys=(min(extra, key=str),))
        if "position" not in item:
            return item
        item = dict(item)
        position = item.pop("position")
        if not isinstance(position, dict) or set(position) - {"scenario", "step"} or "scenario" not in position:
            raise QuizError("position is {scenario: PATH, step: N}", question=index + 1, keys=("position",))
        try:
            scenario = load(Path(path).parent / str(position["scenario"]))
            item["state"], _frames = replay(scenario, scenario.rules, position.get("step", 0))
        except (ScenarioError, ValueError) as exc:
            raise QuizError(str(exc), question=index + 1, keys=("position",)) from None
        return item

    @classmethod
    def from_scenario(cls, source: Scenario | str | Path, step: int | None = None) -> "Quiz":
        """Questions "Is 'ACTION' legal here?" (Legal / Illegal) from a scenario's ``reject`` steps
        and its ``legal`` / ``illegal`` expectations, each with the position it is asked in and the
        engine's explanation: the refusal's, or for a legal action what it would do. ``step``
        keeps only the questions of that step as the :class:`Stepper` numbers steps (its action
        and the checks folded into it). Raises ``ValueError`` when there is none, and
        :class:`IllegalAction` if a step the scenario performs is refused."""
        scenario = scenario_of(source)
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
                        questions.extend(_legality_question(state, action)
                                         for action, _text, _code in s.expect.get(key, ()))
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
    def score(self) -> Message:
        """``"2 of 3"``: correct answers of all questions."""
        return _("{right} of {total}", right=self.right, total=len(self.questions))

    def _question(self, index) -> dict:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.questions):
            raise ValueError(f"there is no question {index!r}: questions are numbered 0 to "
                             f"{len(self.questions) - 1}")
        return self.questions[index]

    def feedback(self, index: int) -> Message | str:
        """The feedback on question ``index``'s answer ("" before any), in the current language."""
        question = self._question(index)
        chosen = self._chosen.get(index)
        if chosen is None:
            return ""
        explanation = question["explanation"]
        if chosen == question["answer"]:
            text = _("Correct. {explanation}", explanation=explanation) if explanation.en else _("Correct.")
        else:
            answer = next(c for c in question["choices"] if c.en == question["answer"])
            text = (_("Not quite: the answer is {answer}. {explanation}", answer=answer, explanation=explanation)
                    if explanation.en else _("Not quite: the answer is {answer}.", answer=answer))
        return self._read(question, text)

    def answer(self, index: int, choice: str | int) -> Message | str:
        """Answer question ``index`` with ``choice`` (a choice's index, or its text in English or
        in any language the quiz gives it in); returns the feedback with the explanation. A
        question is answered once: a second answer changes nothing until :meth:`reset`. Raises
        ``ValueError`` for a question or choice that does not exist."""
        choices = self._question(index)["choices"]
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < len(choices):
                raise ValueError(f"question {index} has choices 0 to {len(choices) - 1}, not {choice}")
            key = choices[choice].en
        else:
            wanted = choice.en if isinstance(choice, QuizText) else str(choice)
            key = next((c.en for c in choices if c.en == wanted), None)
            if key is None:
                key = next((c.en for c in choices if wanted in c.in_every_language().values()), None)
            if key is None:
                raise ValueError(f"{choice!r} is not a choice of question {index} "
                                 f"({', '.join(c.en for c in choices)})")
        self._chosen.setdefault(index, key)
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

    def text(self) -> Lines:
        """The questions and their choices as plain text (what the widget asks, without the
        answers) in the current language, for a printed cell that nbval checks; a position is
        printed where it changes."""
        lines = []
        for i, (q, state) in enumerate(zip(self.questions, self._shown_states())):
            if state is not None:
                lines.append(Lines([Later(state.describe)], state=state))
            lines.append(self._read(q, _("{number}. {question}", number=i + 1, question=q["question"])))
            choices = _("choices: {choices}", choices=Lines(q["choices"], sep=" / "))
            lines.append(Lines(["   ", self._read(q, choices)], sep=""))
        return Lines(lines)

    @staticmethod
    def _read(question: dict, text) -> Message:
        """``text`` as the learner of ``question`` reads it: with a position, seat letters added
        and cards as 9♠."""
        state = question["state"]
        return Lines([text], state=state) if state is not None else text

    def __repr__(self) -> str:
        return f"<Quiz {len(self.questions)} questions, score {self.right} of {len(self.questions)}>"

    def static_html(self) -> str:
        items = "".join(f"<li>{escape(str(self._read(q, q['question'])))}</li>" for q in self.questions)
        return still_html(str(p_("widget", "Quiz")), f"<ol>{items}</ol>")

    def _build(self, ipw):
        items = []
        self._choice_buttons: list[list] = []
        self._feedback: list = []
        self._question_html: list = []
        self._pictures_html: list = []
        self._svgs: dict = {}  # (picture, language, size) -> SVG
        for i, (q, state) in enumerate(zip(self.questions, self._shown_states())):
            parts = []
            if state is not None:
                picture = ipw.HTML()
                self._pictures_html.append((picture, state))
                parts.append(picture)
            heading = ipw.HTML()
            self._question_html.append(heading)
            parts.append(heading)
            buttons = []
            for number in range(len(q["choices"])):
                button = ipw.Button(layout=ipw.Layout(width="auto"))
                button.on_click(lambda _button, i=i, number=number: self.answer(i, number))
                buttons.append(button)
            self._choice_buttons.append(buttons)
            feedback = ipw.HTML()
            feedback.add_class("cardlab-feedback")
            self._feedback.append(feedback)
            items.append(ipw.VBox(parts + [ipw.HBox(buttons, layout=ipw.Layout(flex_flow="row wrap")),
                                           feedback]))
        self._score = ipw.HTML()
        self._score.add_class("cardlab-score")
        self._again = ipw.Button(layout=ipw.Layout(width="auto"))
        self._again.on_click(lambda _button: self.reset())
        box = ipw.VBox(items + [ipw.HBox([self._score, self._again], layout=ipw.Layout(align_items="center"))])
        box.add_class("cardlab-quiz")
        return box

    def _update_view(self) -> None:
        # Every text is drawn anew, so that the quiz reads in the language of the moment (the
        # pictures too, their words included: drawn once per language).
        lang = get_language()
        for number, (picture, state) in enumerate(self._pictures_html):
            key = (number, lang, self.size)
            if key not in self._svgs:
                self._svgs[key] = state_svg(state, width=card_width(self.size, 44))
            if picture.value != self._svgs[key]:
                picture.value = self._svgs[key]
        for i, q in enumerate(self.questions):
            question = self._read(q, _("{number}. {question}", number=i + 1, question=q["question"]))
            self._question_html[i].value = f"<b>{escape(str(question))}</b>"
            chosen = self._chosen.get(i)
            for choice, button in zip(q["choices"], self._choice_buttons[i]):
                button.description = str(self._read(q, choice))
                mark = "" if choice.en != chosen else (
                    "success" if chosen == q["answer"] else "danger")
                button.button_style = mark
                button.disabled = chosen is not None
            text = str(self.feedback(i))
            colour = VERDICT_COLOURS[ACCEPTED if chosen == q["answer"] else REFUSED]
            self._feedback[i].value = lines_html(text, "cardlab-feedback-text", colour, heading=False) if text else ""
        self._again.description = str(p_("button", "Try again"))
        self._again.tooltip = str(_("clear every answer and start over"))
        score = _("Score: {score}", score=self.score)
        self._score.value = f"<b>{escape(str(score))}</b>&nbsp;"


def _answer(answer, keys: list[str], fail) -> str:
    """The English text of the choice ``answer`` names: a choice's text (an answer written ``2``
    is the choice that reads ``2``), ``{index: N}`` (its place, counting from 0), or a
    :class:`QuizText`. ``fail(fault, *keys)`` raises for anything else."""
    if isinstance(answer, QuizText):
        answer = answer.en
    if isinstance(answer, dict) and set(answer) == {"index"}:
        index = answer["index"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(keys):
            fail(f"the answer {{index: {_echo(index)}}} names no choice: index counts the choices from 0, "
                 f"so here it is 0 to {len(keys) - 1}", "answer", "index")
        return keys[index]
    if answer is None:
        fail(f"needs an answer: the English text of the right choice, or its place as {INDEX_FORM} "
             "(counting from 0)")
    if isinstance(answer, (dict, list, tuple, bool)):
        fail(f"the answer is the English text of the right choice, or its place as {INDEX_FORM} (counting "
             f"from 0), not {_echo(answer)}", "answer")
    text = str(answer).strip()
    if text not in keys:
        fail(f"the answer {_echo(text)} is not one of the choices (name it by its English text, or by its "
             f"place as {INDEX_FORM}, counting from 0)", "answer")
    return text


def _legality_question(state: State, action: Action) -> dict:
    refusal = state.check(action)
    if refusal is None:
        events = state.copy().apply(action)
        answer = "Legal"
        explanation = _("Legal: {events}", events=Lines([e.text for e in events], sep=" "))
    else:
        answer = "Illegal"
        explanation = _("Illegal ({code}): {explanation}", code=refusal.code, explanation=refusal.explanation)
    return {"question": _("Is '{action}' legal here?", action=str(action)),
            "choices": [p_("quiz choice", "Legal"), p_("quiz choice", "Illegal")], "answer": answer,
            "explanation": explanation, "state": state.copy()}
