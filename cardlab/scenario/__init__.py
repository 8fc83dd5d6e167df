"""Scenario files: worked examples written as data (see SCENARIOS.md, the public contract).

:func:`load` reads and validates a file strictly: every fault is a :class:`ScenarioError` naming
the file, the place (line and step) and what is wrong. :func:`run` replays a scenario against the
engine and reports, step by step, what happened and the first expectation that did not hold.

The modules, each importing only those before it: :mod:`~cardlab.scenario.reading` (the file's
text and the checks every value shares), :mod:`~cardlab.scenario.validation` (the deal, steps,
actions and expectations), :mod:`~cardlab.scenario.running` and :mod:`~cardlab.scenario.reports`;
:mod:`~cardlab.scenario.paths` (finding the files) stands apart.
"""

from .paths import check_paths, scenario_paths
from .reading import (LANGUAGES, MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_VALUES, UNPRINTABLE, Lines,
                      NotImplementedGame, ScenarioError, Text, show_value, unprintable)
# _EXPECTATION_WORDS: tests check that every expectation key has words.
from .reports import _EXPECTATION_WORDS, expectation_words, json_records, transcript  # noqa: F401
from .running import RunResult, StepOutcome, actual_value, run
from .validation import COMMON_EXPECT, STEP_KEYS, TOP_KEYS, ExpectedCards, Scenario, Step, load, loads

__all__ = [
    "COMMON_EXPECT", "LANGUAGES", "MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_VALUES", "STEP_KEYS", "TOP_KEYS",
    "UNPRINTABLE", "ExpectedCards", "Lines", "NotImplementedGame", "RunResult", "Scenario", "ScenarioError", "Step",
    "StepOutcome", "Text", "actual_value", "check_paths", "expectation_words", "json_records", "load", "loads", "run",
    "scenario_paths", "show_value", "transcript", "unprintable",
]
