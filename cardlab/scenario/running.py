"""Running a scenario: :func:`run` replays it against the engine, step by step, and stops at the
first expectation that does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Event, IllegalAction, State
from ..registry import game_of
from .reading import Lines, show_value
from .validation import ExpectedCards, Scenario, Step


@dataclass
class StepOutcome:
    """What one step did: ``events`` of a performed action, the ``refusal`` of a refused one, the
    ``failure`` message when an expectation did not hold, and the position after it."""

    step: Step
    events: list[Event] = field(default_factory=list)
    refusal: IllegalAction | None = None
    failure: str | None = None
    position: str = ""
    state: State | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def narration(self) -> Lines:
        """The engine's explanation of the step, then the scenario's note, a line each, as a
        learner reads them in the current language (the note in the file's text for it, or in
        English)."""
        parts = [e.text for e in self.events]
        if self.refusal is not None:
            parts.append(self.refusal.refusal.refused())
        if self.step.note_text is not None:
            parts.append(self.step.note_text)
        return Lines(parts)


@dataclass
class RunResult:
    scenario: Scenario
    start: State
    outcomes: list[StepOutcome]

    @property
    def failure(self) -> StepOutcome | None:
        return next((o for o in self.outcomes if not o.ok), None)

    @property
    def ok(self) -> bool:
        return self.failure is None


def run(scenario: Scenario, keep_states: bool = False) -> RunResult:
    """Replay ``scenario``; stop at the first step whose expectation fails."""
    start = scenario.start()
    state = start.copy()
    outcomes = []
    for step in scenario.steps:
        outcome = _run_step(scenario, state, step)
        outcome.position = state.describe()
        if keep_states:
            outcome.state = state.copy()
        outcomes.append(outcome)
        if not outcome.ok:
            break
    return RunResult(scenario, start, outcomes)


def _run_step(scenario: Scenario, state: State, step: Step) -> StepOutcome:
    outcome = StepOutcome(step)
    if step.action is not None:
        if step.reject is not None:
            before = state.key()
            refusal = state.check(step.action)
            if refusal is None:
                outcome.failure = f"{step.text} was accepted, expected it refused with {step.reject}"
                return outcome
            outcome.refusal = IllegalAction(step.action, refusal)
            if refusal.code != step.reject:
                outcome.failure = (f"{step.text} was refused with {refusal.code} ({refusal.explanation}), "
                                   f"expected {step.reject}")
                return outcome
            if state.key() != before:
                outcome.failure = f"refusing {step.text} changed the position"
                return outcome
        else:
            try:
                outcome.events = state.apply(step.action)
            except IllegalAction as exc:
                outcome.refusal = exc
                outcome.failure = f"{step.text} was refused: {exc.code}: {exc.explanation}"
                return outcome
    for key, expected in step.expect.items():
        problem = _compare(scenario, state, key, expected)
        if problem:
            outcome.failure = problem
            return outcome
    return outcome


def _compare(scenario: Scenario, state: State, key: str, expected) -> str | None:
    if key == "legal":
        for action, text, _code in expected:
            refusal = state.check(action)
            if refusal is not None:
                return f"legal: {text} is refused: {refusal.code}: {refusal.explanation}"
        return None
    if key == "illegal":
        for action, text, code in expected:
            refusal = state.check(action)
            if refusal is None:
                return f"illegal: {text} would be accepted"
            if code is not None and refusal.code != code:
                return f"illegal: {text} is refused with {refusal.code}, expected {code}"
        return None
    actual = actual_value(state, key)
    if isinstance(expected, dict):
        for p, want in expected.items():
            got = actual.get(p)
            if not _holds(want, got):
                return f"{key}: {p} has {show_value(got)}, expected {show_value(want)}"
        return None
    if not _holds(expected, actual):
        return f"{key} is {show_value(actual)}, expected {show_value(expected)}"
    return None


def _holds(expected, actual) -> bool:
    if isinstance(expected, ExpectedCards):
        return isinstance(actual, (set, frozenset, list, tuple)) and expected.matches(actual)
    return actual == expected


def actual_value(state: State, key: str):
    """The value of expectation ``key`` in ``state``, in the form the loader gives expected values."""
    if key == "hands":
        return {p: frozenset(state.hands[p]) for p in state.players}
    if key == "hand_sizes":
        return {p: len(state.hands[p]) for p in state.players}
    if key == "over":
        return state.is_over()
    if key == "finished":
        return list(state.finished())
    return game_of(state).expectations[key][1](state)
