"""Jupyter widgets for the lessons: :class:`Stepper`, :class:`TryIt`, :class:`Quiz`, :class:`Compare`
and the Durak :class:`Referee`.

Each widget is a plain Python object first: every button has a method (``stepper.step()``,
``tryit.press("attack")``, ``quiz.answer(0, "Illegal")`` ...) that returns or exposes the same
text the learner reads, so lessons can print it for nbval to check and tests can drive it without
a browser. The ipywidgets view is built the first time ``.widget`` is used (or the object is
displayed) and follows every change made through the Python API. ipywidgets is imported only then,
so ``import cardlab`` and ``import cardlab.widgets`` never need it.

Every verdict, explanation and narration is the engine's own text: the rule a learner reads is the
rule the engine applies. In a notebook::

    stepper = Stepper("scenarios/durak/route_a.yaml")
    stepper              # the widget
    stepper.step()
    print(stepper.narration)
    # Step 1: 甲 attack S8
    # 甲 opens the round against 乙 with 8♠; the round may have up to 6 attack cards.
    # ...
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Iterable

from .cards import Card, card as card_of, plain
from .engine import Action, Event, NotationError, State
from .scenario import Scenario, ScenarioError, game_module, load, run, show_value
from .svg import state_svg, suit_colour

ACCEPTED, REFUSED, INFO = "accepted", "refused", "info"
_VERDICT_COLOURS = {ACCEPTED: "#1a7f37", REFUSED: "#b3261e", INFO: "#333333"}


def _ipywidgets():
    """ipywidgets, imported on first use so that the rest of cardlab never needs it."""
    import ipywidgets

    return ipywidgets


def _scenario(source: Scenario | str | Path) -> Scenario:
    return source if isinstance(source, Scenario) else load(source)


def _check_at_step(scenario: Scenario, at_step: int | None) -> int:
    at = 0 if at_step is None else at_step
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(scenario.steps):
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


def _lines_html(text: str, css_class: str, colour: str = "#222222", heading: bool = True) -> str:
    """Plain text as HTML in a div of ``css_class``, one line per line; with ``heading``, the
    first line in bold."""
    lines = [escape(line) for line in text.splitlines()]
    if lines and heading:
        lines[0] = f"<b>{lines[0]}</b>"
    return f'<div class="{css_class}" style="color:{colour};line-height:1.45">{"<br>".join(lines)}</div>'


def _expectations_text(expect: dict[str, Any]) -> str:
    parts = []
    for key, value in expect.items():
        if key in ("legal", "illegal"):
            items = [text + (f" ({code})" if code else "") for _, text, code in value]
            parts.append(f"{key}: {', '.join(items)}")
        else:
            parts.append(f"{key}: {show_value(value)}")
    return "; ".join(parts)


class _Widget:
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

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


# --- Stepper -------------------------------------------------------------------------------------

class Stepper(_Widget):
    """Walk through a scenario one step at a time: Reset, Back, Step and End buttons, a counter
    ("step 4 of 10"; the start is step 0), the narration of the current step (the engine's event
    texts, for a refused step the reason code and explanation, then the scenario's note) and the
    position drawn with the cards of the step highlighted (the cards that moved; for a refused
    step, the cards it tried to play).

    ``view="teaching"`` shows every hand face up; ``view="player"`` only ``seat``'s (default: the
    first player). The scenario is replayed once, when the stepper is made; moving between steps
    only changes which stored position is shown. ``source`` is a :class:`Scenario` or a path."""

    def __init__(self, source: Scenario | str | Path, view: str = "teaching", seat: str | None = None,
                 four_colour: bool = False):
        self.scenario = _scenario(source)
        if view not in ("teaching", "player"):
            raise ValueError(f"view must be 'teaching' or 'player', not {view!r}")
        if seat is not None and seat not in self.scenario.players:
            raise ValueError(f"seat {seat!r} is not a player ({', '.join(self.scenario.players)})")
        self.view = view
        self.seat = seat if seat is not None or view == "teaching" else self.scenario.players[0]
        self.four_colour = four_colour
        self.result = run(self.scenario, keep_states=True)
        self._states = [self.result.start] + [o.state for o in self.result.outcomes]
        self._index = 0
        self._pictures: dict[int, str] = {}

    # The Python API: the same moves as the buttons.

    @property
    def index(self) -> int:
        """The step shown: 0 is the starting position, ``total`` the last step."""
        return self._index

    @property
    def total(self) -> int:
        """The number of steps replayed (fewer than the file's when an expectation failed)."""
        return len(self.result.outcomes)

    @property
    def counter(self) -> str:
        return f"step {self._index} of {self.total}"

    @property
    def state(self) -> State:
        """The position after the current step (do not modify: it is the stored replay)."""
        return self._states[self._index]

    @property
    def highlight(self) -> frozenset[Card]:
        """The cards of the current step: those that moved, or those a refused action named."""
        if self._index == 0:
            return frozenset()
        outcome = self.result.outcomes[self._index - 1]
        if outcome.refusal is not None:
            return frozenset(plain(c) for c in outcome.step.action.cards)
        return _moved(outcome.events)

    @property
    def narration(self) -> str:
        """What the current step did, in plain text: a heading line, the engine's explanation,
        the scenario's note, what was checked, and a failed expectation if there was one."""
        if self._index == 0:
            source = f" ({self.scenario.source})" if self.scenario.source else ""
            return f"Start: {self.scenario.title}{source}\nThe starting position; press Step to play the first step."
        outcome = self.result.outcomes[self._index - 1]
        step = outcome.step
        word = " (refused, as the scenario expects)" if outcome.refusal is not None and outcome.ok else ""
        lines = [f"Step {step.number}: {step.text or 'check'}{word}"]
        if outcome.narration:
            lines.append(outcome.narration)
        if step.expect and outcome.ok:
            lines.append("Checked: " + _expectations_text(step.expect))
        if outcome.failure:
            lines.append(f"FAIL: {outcome.failure}")
        return "\n".join(lines)

    def goto(self, index: int) -> None:
        """Show step ``index``, clamped to 0 .. ``total``."""
        self._index = max(0, min(index, self.total))
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
        """The SVG of the current step, drawn once per step and then reused."""
        if self._index not in self._pictures:
            self._pictures[self._index] = state_svg(self.state, view=self.view, seat=self.seat,
                                                    highlight=self.highlight, four_colour=self.four_colour)
        return self._pictures[self._index]

    def __repr__(self) -> str:
        return f"<Stepper {self.scenario.title!r} {self.counter}>"

    # The view.

    def _build(self, ipw):
        moves = {"Reset": (self.reset, "back to the starting position"), "Back": (self.back, "one step back"),
                 "Step": (self.step, "play the next step"), "End": (self.end, "go to the last step")}
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
        controls = ipw.HBox([*self._buttons.values(), self._counter],
                            layout=ipw.Layout(align_items="center"))
        box = ipw.VBox([title, controls, self._picture, self._narration])
        box.add_class("cardlab-stepper")
        return box

    def _update_view(self) -> None:
        at_start, at_end = self._index == 0, self._index == self.total
        self._buttons["Reset"].disabled = self._buttons["Back"].disabled = at_start
        self._buttons["Step"].disabled = self._buttons["End"].disabled = at_end
        self._counter.value = f"&nbsp;{escape(self.counter)}"
        self._picture.value = self.picture()
        self._narration.value = _lines_html(self.narration, "cardlab-narration-text")


# --- TryIt ---------------------------------------------------------------------------------------

class TryIt(_Widget):
    """Play a position by hand: choose the seat (hot seat: any player), select cards, press a verb.
    The engine's verdict appears at once: for an accepted action its event texts, for a refused one
    ``"Refused (code): explanation"``; a refused action changes nothing and keeps the selection.
    "Show legal moves" lists ``legal_actions()``; Undo takes back the last accepted action.

    ``source`` is a :class:`State` (copied, never changed) or a scenario / path, then played up to
    step ``at_step`` (default: its start). For Durak the unbeaten attack cards on the table can be
    selected too: ``defend`` takes the table card as the attack card and the hand card as the
    defence, whatever the order they were selected in."""

    def __init__(self, source: State | Scenario | str | Path, at_step: int | None = None,
                 four_colour: bool = False):
        if isinstance(source, State):
            if at_step is not None:
                raise ValueError("at_step applies to a scenario, not to a State")
            self._state = source.copy()
        else:
            scenario = _scenario(source)
            self._state, _ = _replay(scenario, scenario.rules, at_step)
        self.four_colour = four_colour
        self.verbs = self._state.verbs()
        self._history: list[tuple[State, Action]] = []
        self._selected: list[Card] = []
        self._moved: frozenset[Card] = frozenset()
        self._message = ""
        self._verdict = INFO
        acting = self._state.to_act()
        self._player = acting[0] if acting else self._state.players[0]

    @property
    def state(self) -> State:
        """The current position."""
        return self._state

    @property
    def message(self) -> str:
        """The last verdict, hint or undo notice."""
        return self._message

    @property
    def player(self) -> str:
        """The seat being played now; setting it clears the selection."""
        return self._player

    @player.setter
    def player(self, name: str) -> None:
        if name not in self._state.players:
            raise ValueError(f"{name!r} is not a player ({', '.join(self._state.players)})")
        self._player = name
        self._selected = []
        self._refresh()

    @property
    def selected(self) -> tuple[Card, ...]:
        return tuple(self._selected)

    def selectable(self) -> list[Card]:
        """The cards that can be selected now: the seat's hand, then any table cards an action
        may name."""
        hand = sorted(self._state.hands[self._player])
        return hand + list(self._state.table_cards())

    def select(self, *cards: Card | str) -> None:
        """Make ``cards`` (cards or their notation) the selection, in this order; no argument
        clears it."""
        self._selected = [card_of(c) if isinstance(c, str) else plain(c) for c in cards]
        self._refresh()

    def _toggle(self, c: Card) -> None:
        if c in self._selected:
            self._selected.remove(c)
        else:
            self._selected.append(c)
        self._refresh()

    def _arguments(self, verb: str) -> list[Card]:
        if self._state.VERBS.get(verb) == 0:
            return []
        return self._state.arrange(verb, self._selected)

    def _say(self, text: str, verdict: str) -> str:
        self._message, self._verdict = text, verdict
        self._refresh()
        return text

    def press(self, verb: str, player: str | None = None) -> str:
        """Try ``verb`` with the selected cards as ``player`` (default: the current seat) and return
        the verdict. Accepted: the action is applied, the selection cleared, and when the seat has
        nothing left to do the seat moves to the first player who has. Refused or not an action
        (unknown verb, wrong number of cards): nothing changes."""
        actor = self._player if player is None else player
        text = " ".join([actor, verb.lower(), *(c.code for c in self._arguments(verb.lower()))])
        try:
            action = self._state.parse_action(text)
        except NotationError as exc:
            return self._say(f"Not an action: {exc.reason}", REFUSED)
        refusal = self._state.check(action)
        if refusal is not None:
            return self._say(f"Refused ({refusal.code}): {refusal.explanation}", REFUSED)
        before = self._state.copy()
        events = self._state.apply(action)
        self._history.append((before, action))
        self._selected = []
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
        self._moved = frozenset()
        self._player = action.player
        return self._say(f"Undone: {action}", INFO)

    def hint(self) -> str:
        """Every legal action now, one a line; returns the text."""
        actions = self._state.legal_actions()
        if not actions:
            return self._say("No legal actions: the game is over.", INFO)
        return self._say("Legal moves now:\n" + "\n".join(str(a) for a in actions), INFO)

    def __repr__(self) -> str:
        chosen = " ".join(c.code for c in self._selected) or "-"
        return (f"<TryIt {self._state.game} ({self._state.rules.name}) as {self._player}, "
                f"selected: {chosen}, moves: {len(self._history)}>")

    # The view.

    def _build(self, ipw):
        self._ipw = ipw
        self._seat = ipw.ToggleButtons(options=list(self._state.players), value=self._player,
                                       description="Player")
        self._seat.observe(self._on_seat, names="value")
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._cards = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self._card_buttons: dict[Card, Any] = {}
        verbs = []
        for verb in self.verbs:
            button = ipw.Button(description=verb.capitalize(), tooltip=f"{verb} with the selected cards",
                                layout=ipw.Layout(width="auto"))
            button.on_click(lambda _button, verb=verb: self.press(verb))
            verbs.append(button)
        hint = ipw.Button(description="Show legal moves", layout=ipw.Layout(width="auto"))
        hint.on_click(lambda _button: self.hint())
        self._undo = ipw.Button(description="Undo", layout=ipw.Layout(width="auto"))
        self._undo.on_click(lambda _button: self.undo())
        self._verdict_html = ipw.HTML()
        self._verdict_html.add_class("cardlab-verdict")
        box = ipw.VBox([self._seat, self._picture, self._cards,
                        ipw.HBox(verbs + [hint, self._undo], layout=ipw.Layout(flex_flow="row wrap")),
                        self._verdict_html])
        box.add_class("cardlab-tryit")
        return box

    def _on_seat(self, change) -> None:
        if change["new"] != self._player:
            self.player = change["new"]

    def _on_card(self, c: Card, change) -> None:
        if change["new"] != (c in self._selected):
            self._toggle(c)

    def _update_view(self) -> None:
        ipw = self._ipw
        cards = self.selectable()
        if list(self._card_buttons) != cards:
            # New cards in play: new buttons. Otherwise the same buttons are kept, so a click never
            # replaces the button under the pointer.
            for button in self._card_buttons.values():
                button.close()
            self._card_buttons = {}
            table = set(self._state.table_cards())
            for c in cards:
                colour = suit_colour(c.suit, self.four_colour) if c.suit else "#222222"
                tip = c.name + (" (on the table)" if c in table else "")
                button = ipw.ToggleButton(description=c.symbol, tooltip=tip, layout=ipw.Layout(width="auto"))
                button.style.text_color = colour
                if c in table:
                    button.icon = "arrow-up"
                button.observe(lambda change, c=c: self._on_card(c, change), names="value")
                self._card_buttons[c] = button
            self._cards.children = tuple(self._card_buttons.values())
        for c, button in self._card_buttons.items():
            button.value = c in self._selected
        if self._seat.value != self._player:
            self._seat.value = self._player
        self._undo.disabled = not self._history
        self._picture.value = state_svg(self._state, highlight=self._moved | set(self._selected),
                                        four_colour=self.four_colour)
        self._verdict_html.value = _lines_html(self._message, "cardlab-verdict-text",
                                               _VERDICT_COLOURS[self._verdict]) if self._message else ""


# --- Quiz ----------------------------------------------------------------------------------------

_QUESTION_KEYS = {"question", "choices", "answer", "explanation", "state"}


class Quiz(_Widget):
    """Multiple-choice questions with immediate feedback and a score.

    Each question is a dict: ``question`` (text), ``choices`` (at least two texts), ``answer`` (one
    of the choices, or its index), ``explanation`` (the rule, shown with the feedback) and
    optionally ``state`` (a position drawn above the question). The score counts each question's
    latest answer, so a learner may try again."""

    def __init__(self, questions: Iterable[dict]):
        self.questions = [self._checked(i, q) for i, q in enumerate(questions)]
        if not self.questions:
            raise ValueError("a quiz needs at least one question")
        self._chosen: dict[int, str] = {}

    @staticmethod
    def _checked(index: int, question: dict) -> dict:
        unknown = set(question) - _QUESTION_KEYS
        if unknown:
            raise ValueError(f"question {index}: unknown key(s) {', '.join(sorted(unknown))} "
                             f"(allowed: {', '.join(sorted(_QUESTION_KEYS))})")
        choices = [str(c) for c in question.get("choices", ())]
        if not question.get("question") or len(choices) < 2:
            raise ValueError(f"question {index}: needs the question text and at least two choices")
        answer = question.get("answer")
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(choices):
            answer = choices[answer]
        if answer not in choices:
            raise ValueError(f"question {index}: the answer {answer!r} is not one of the choices")
        return {"question": str(question["question"]), "choices": choices, "answer": answer,
                "explanation": str(question.get("explanation", "")), "state": question.get("state")}

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
                        questions.append(_legality_question(state, s.action, s.text))
                else:
                    state.apply(s.action)
            if ask:
                for key in ("legal", "illegal"):
                    questions.extend(_legality_question(state, action, text)
                                     for action, text, _ in s.expect.get(key, ()))
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

    def feedback(self, index: int) -> str:
        """The feedback on question ``index``'s latest answer ("" before any)."""
        question = self.questions[index]
        chosen = self._chosen.get(index)
        if chosen is None:
            return ""
        if chosen == question["answer"]:
            return f"Correct. {question['explanation']}".strip()
        return f"Incorrect: the answer is {question['answer']}. {question['explanation']}".strip()

    def answer(self, index: int, choice: str | int) -> str:
        """Answer question ``index`` with ``choice`` (a choice's text or index); returns the
        feedback with the explanation."""
        choices = self.questions[index]["choices"]
        if isinstance(choice, int) and not isinstance(choice, bool):
            choice = choices[choice]
        if choice not in choices:
            raise ValueError(f"{choice!r} is not a choice of question {index} ({', '.join(choices)})")
        self._chosen[index] = choice
        self._refresh()
        return self.feedback(index)

    def text(self) -> str:
        """The questions and their choices as plain text (what the widget asks, without the
        answers), for a printed cell that nbval checks."""
        lines = []
        for i, q in enumerate(self.questions):
            lines.append(f"{i + 1}. {q['question']}")
            if q["state"] is not None:
                lines.extend("   " + line for line in q["state"].describe().splitlines())
            lines.append("   choices: " + " / ".join(q["choices"]))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Quiz {len(self.questions)} questions, score {self.score}>"

    def _build(self, ipw):
        items = []
        self._choice_buttons: list[list] = []
        self._feedback: list = []
        for i, q in enumerate(self.questions):
            parts = [ipw.HTML(f"<b>{i + 1}. {escape(q['question'])}</b>")]
            if q["state"] is not None:
                parts.append(ipw.HTML(state_svg(q["state"], width=48)))
            buttons = []
            for choice in q["choices"]:
                button = ipw.Button(description=choice, layout=ipw.Layout(width="auto"))
                button.on_click(lambda _button, i=i, choice=choice: self.answer(i, choice))
                buttons.append(button)
            self._choice_buttons.append(buttons)
            feedback = ipw.HTML()
            feedback.add_class("cardlab-feedback")
            self._feedback.append(feedback)
            items.append(ipw.VBox(parts + [ipw.HBox(buttons), feedback]))
        self._score = ipw.HTML()
        self._score.add_class("cardlab-score")
        box = ipw.VBox(items + [self._score])
        box.add_class("cardlab-quiz")
        return box

    def _update_view(self) -> None:
        for i, q in enumerate(self.questions):
            chosen = self._chosen.get(i)
            for button in self._choice_buttons[i]:
                mark = "" if button.description != chosen else (
                    "success" if chosen == q["answer"] else "danger")
                button.button_style = mark
            text = self.feedback(i)
            colour = _VERDICT_COLOURS[ACCEPTED if chosen == q["answer"] else REFUSED]
            self._feedback[i].value = _lines_html(text, "cardlab-feedback-text", colour, heading=False) if text else ""
        self._score.value = f"<b>Score: {escape(self.score)}</b>"


def _legality_question(state: State, action: Action, text: str) -> dict:
    refusal = state.check(action)
    if refusal is None:
        events = state.copy().apply(action)
        answer, explanation = "Legal", "Legal: " + " ".join(e.text for e in events)
    else:
        answer, explanation = "Illegal", f"Illegal ({refusal.code}): {refusal.explanation}"
    return {"question": f"Is '{text}' legal here?", "choices": ["Legal", "Illegal"], "answer": answer,
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


class Compare(_Widget):
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
        return "\n".join(lines + self.notes)

    def __repr__(self) -> str:
        name_a, name_b = (r.name for r in self.rules)
        only_a, only_b = self.differences()
        return f"<Compare {name_a} vs {name_b}: {len(only_a)} only in {name_a}, {len(only_b)} only in {name_b}>"

    def _build(self, ipw):
        only = self.differences()
        columns = []
        for state, rules, unique in zip(self.states, self.rules, only):
            unique = set(unique)
            items = []
            for action in state.legal_actions():
                if action in unique:
                    items.append(f'<li style="background:#fff0c2;font-weight:bold">{escape(str(action))} '
                                 f'(only under {escape(rules.name)})</li>')
                else:
                    items.append(f"<li>{escape(str(action))}</li>")
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
        self._summary.value = _lines_html(self.summary(), "cardlab-differences-text", heading=False)


# --- Referee (durak) ------------------------------------------------------------------------------

class Referee(_Widget):
    """The checklist of 004 section 6 on a position the learner chooses: a worked example from
    ``folder`` (its ``*.yaml`` files), a step of it, and a move typed in the notation. The answers
    come from :mod:`cardlab.referee`, that is from the engine's own checks."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.files = sorted(p.name for p in self.folder.glob("*.yaml"))
        if not self.files:
            raise ValueError(f"no scenario files (*.yaml) in {self.folder}")
        self._answer = ""

    def ask(self, file: str, step: int, action: str) -> str:
        """The referee's answers for ``action`` after ``step`` steps of ``file``, one question a
        line; a move that does not parse gets one line saying why."""
        try:
            scenario = load(self.folder / file)
            state, _ = _replay(scenario, scenario.rules, step)
        except (ScenarioError, ValueError) as exc:
            self._answer = str(exc)
        else:
            self._answer = self._checklist(state, action)
        self._refresh()
        return self._answer

    @staticmethod
    def _checklist(state: State, action: str) -> str:
        from . import referee

        try:
            answers = referee.ask(state, action)
        except NotationError as exc:
            answers = [("Is the move written correctly?", f"no: {exc.reason}")]
        return "\n".join(f"{q}  {a}" for q, a in answers)

    def __repr__(self) -> str:
        return f"<Referee {len(self.files)} worked examples in {self.folder.name}>"

    def _build(self, ipw):
        self._file = ipw.Dropdown(options=self.files, description="example")
        self._step = ipw.BoundedIntText(value=0, min=0, max=99, description="after step")
        self._move = ipw.Text(placeholder="甲 attack S8", description="move")
        ask = ipw.Button(description="Ask")
        ask.on_click(lambda _b: self.ask(self._file.value, self._step.value, self._move.value))
        self._output = ipw.HTML()
        self._output.add_class("cardlab-referee-answer")
        box = ipw.VBox([ipw.HBox([self._file, self._step]), ipw.HBox([self._move, ask]), self._output])
        box.add_class("cardlab-referee")
        return box

    def _update_view(self) -> None:
        self._output.value = _lines_html(self._answer, "cardlab-referee-text", heading=False) if self._answer else ""
