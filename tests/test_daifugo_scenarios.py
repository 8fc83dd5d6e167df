"""The Daifugo scenario files hold, and the runner reads Daifugo's own keys strictly."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.scenario import ScenarioError, check_paths, load, loads, run

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "daifugo"
FILES = check_paths([FOLDER])
TITLES = {"jdf": "Japanese Daifugo card rules: revolution, 8-cut, the card exchange and the limits on going out",
          "yeeqia": "the rules page of daifugo.yeeqia.com"}


def test_there_are_scenarios_for_both_rule_sets():
    rules = {load(f).rules.name for f in FILES}
    assert rules == {"jdf", "yeeqia"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_holds(path):
    scenario = load(path)
    # Learners read the source: the article by its English title (docs/sources.md), then where in it.
    assert scenario.source and scenario.source.startswith(TITLES[scenario.rules.name])
    assert (", section " in scenario.source) if scenario.rules.name == "jdf" else (", topic " in scenario.source)
    assert ".txt" not in scenario.source
    result = run(scenario)
    assert result.ok, result.failure.failure


HEAD = """title: t
game: daifugo
rules: {rules}
players: [a, b, c, d]
deal:
  hands: {{a: [S4], b: [S5], c: [S6], d: [S7]}}
"""


def scenario(steps, rules="jdf", deal_extra=""):
    return loads(HEAD.format(rules=rules) + deal_extra + "steps:\n" + steps)


def test_points_do_not_apply_to_jdf():
    with pytest.raises(ScenarioError, match="does not apply to jdf"):
        scenario("  - expect: {points: {a: 3}}\n")
    scenario("  - expect: {points: {a: 3}}\n", rules="yeeqia")


@pytest.mark.parametrize("extra, words", [
    ("  previous_ranks: {a: daifugo, b: fugo, c: heimin, d: daihinmin}\n", "impossible deal"),
    ("  previous_ranks: {a: king, b: fugo, c: hinmin, d: daihinmin}\n", "not a rank name"),
    ("  previous_ranks: [a, b]\n", "map each player"),
    ("  leader: z\n", "not a player"),
])
def test_bad_deals(extra, words):
    with pytest.raises(ScenarioError, match=words):
        scenario("", deal_extra=extra)


@pytest.mark.parametrize("expect, words", [
    ("{top: [S1]}", "bad card"),
    ("{result: {a: emperor}}", "not a rank name"),
    ("{lock: [X]}", "suit letters"),
    ("{demoted: z}", "not a player"),
])
def test_bad_expectations(expect, words):
    with pytest.raises(ScenarioError, match=words):
        scenario(f"  - expect: {expect}\n")


def test_top_compares_the_reading_as_played():
    text = HEAD.replace("a: [S4]", "a: [S9, BJ, S4]").format(rules="jdf")
    ok = loads(text + "steps:\n  - a play S9 BJ\n  - expect: {top: [S9, BJ=9]}\n")
    assert run(ok).ok
    # a joker written without its stand-in matches whatever it stands for (SCENARIOS.md, expectations)
    bare = loads(text + "steps:\n  - a play S9 BJ\n  - expect: {top: [S9, BJ]}\n")
    assert run(bare).ok
    other = loads(text + "steps:\n  - a play S9 BJ\n  - expect: {top: [S9, BJ=8]}\n")
    assert "top is" in run(other).failure.failure


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_what_a_step_confirms_during_a_revolution_says_that_it_goes_on(path):
    """A step's expectations are the learner's "Now:" line: while a revolution is in force, that
    line says so, after a clear too (a line of "the table is empty; 丙 to play" alone reads as if the
    clear had ended it)."""
    result = run(load(path), keep_states=True)
    silent = [i for i, o in enumerate(result.outcomes, 1)
              if o.step.expect and o.state is not None and o.state.revolution and not o.state.over
              and "revolution" not in o.step.expect]
    assert not silent, f"{path.name}: steps {silent} confirm a position during a revolution without saying so"


WEB_SERIES = sorted(FOLDER.parent.parent.glob("**/daifugo-web/**/*.ipynb")) + sorted(
    FOLDER.parent.parent.glob("daifugo-web/quizzes/*.yaml")) + sorted(FOLDER.glob("yeeqia_*.yaml"))


@pytest.mark.parametrize("path", WEB_SERIES, ids=lambda p: str(p.relative_to(FOLDER.parent.parent)))
def test_the_web_rules_series_never_names_a_forbidden_finish(path):
    """The web rules have no forbidden finishes, and their lessons (recommended first) never teach
    them: no text of the series names one (反則上がり, 犯規出完), and no worked example confirms
    that there was none, which the learner would read as "no forbidden finish"."""
    text = path.read_text(encoding="utf-8")
    named = [w for w in ("forbidden finish", "反則上がり", "犯規出完") if w in text]
    assert not named, f"{path.name} names {named}"
    assert "fouls:" not in text, f"{path.name} confirms that nobody went out by a forbidden finish"
