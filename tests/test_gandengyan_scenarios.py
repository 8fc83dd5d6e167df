"""The Gan Deng Yan scenario files hold, and the runner reads Gan Deng Yan's own keys strictly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.scenario import ScenarioError, check_paths, load, loads, run, transcript

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "gandengyan"
FILES = check_paths([FOLDER])


def test_there_are_scenarios_for_every_rule_set():
    assert {load(f).rules.name for f in FILES} == {"yiqi", "yiqi-single-draw", "jj"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_holds(path):
    scenario = load(path)
    assert scenario.source.startswith("How to play Gan Deng Yan") and re.search(r"sections? \d", scenario.source)
    result = run(scenario)
    assert result.ok, result.failure.failure


HEAD = """title: t
game: gandengyan
rules: {rules}
players: [a, b, c]
deal:
  hands: {{a: [S4, S9, BJ], b: [S5, H5], c: [S6, H6]}}
  stock: []
"""


def scenario(steps, rules="yiqi", deal_extra="", head=HEAD):
    return loads(head.format(rules=rules) + deal_extra + "steps:\n" + steps)


def outcome(steps, **kwargs):
    return run(scenario(steps, **kwargs))


@pytest.mark.parametrize("extra, words", [
    ("  leader: z\n", "not a player"),
    ("  trump: H\n", "unknown deal key 'trump'"),
    ("  seed: x\n", "whole number"),
])
def test_bad_deals(extra, words):
    with pytest.raises(ScenarioError, match=words):
        scenario("", deal_extra=extra)


def test_player_counts_follow_the_rule_set():
    with pytest.raises(ScenarioError, match="jj is for 3 players, not 2"):
        loads("title: t\ngame: gandengyan\nrules: jj\nplayers: [a, b]\ndeal: {}\nsteps: []\n")
    with pytest.raises(ScenarioError, match="yiqi is for 2 to 5 players, not 6"):
        loads("title: t\ngame: gandengyan\nrules: yiqi\nplayers: [a, b, c, d, e, f]\ndeal: {}\nsteps: []\n")


def test_a_joker_is_not_in_the_jj_deck():
    with pytest.raises(ScenarioError, match="BJ is not in the jj deck|not in this deck"):
        scenario("", rules="jj")


@pytest.mark.parametrize("expect, words", [
    ("{top: [S1]}", "bad card"),
    ("{winner: z}", "not a player"),
    ("{stock_size: -1}", "whole numbers"),
    ("{revolution: true}", "unknown expectation 'revolution'"),
    ("{loser: a}", "unknown expectation 'loser'"),
])
def test_bad_expectations(expect, words):
    with pytest.raises(ScenarioError, match=words):
        scenario(f"  - expect: {expect}\n")


@pytest.mark.parametrize("top, holds", [
    ("[S4, BJ=4]", False),                # a pair of 9s was played, not of 4s
    ("[S9, BJ]", True),                   # a joker without its stand-in matches whatever it stands for
    ("[S9, BJ=9]", True),
    ("[S9, BJ=S9]", False),               # the joker was declared with rank only
    ("[S9, BJ=8]", False),
    ("[S9]", False),
    ("[S9, BJ, S4]", False),
])
def test_top_compares_jokers_as_the_contract_says(top, holds):
    result = outcome(f"  - a play S9 BJ\n  - expect: {{top: {top}}}\n")
    assert result.ok is holds, result.failure and result.failure.failure


def test_top_with_a_suited_stand_in():
    assert outcome("  - a play S9 BJ=H9\n  - expect: {top: [S9, BJ=H9]}\n").ok
    assert outcome("  - a play S9 BJ=H9\n  - expect: {top: [S9, BJ=9]}\n").ok
    assert not outcome("  - a play S9 BJ=H9\n  - expect: {top: [S9, BJ=D9]}\n").ok


def test_expectations_of_the_end():
    steps = ("  - a play S4\n  - b play S5\n  - c play S6\n  - a pass\n  - b pass\n  - c play H6\n"
             "  - expect: {winner: c, finished: [c], over: true, turn: null, top: [H6]}\n")
    assert outcome(steps).ok
    failed = outcome(steps.replace("winner: c", "winner: a"))
    assert failed.failure.failure == "winner is c, expected a"


def test_a_refused_step_must_leave_the_position_as_it_was():
    result = outcome("  - a play S4\n  - do: b play H5 S5\n    reject: shape_mismatch\n"
                     "  - expect: {turn: b, hand_sizes: {b: 2}}\n")
    assert result.ok, result.failure and result.failure.failure


TOKENS = ["a", "b", "c", "play", "pass", "give", "S4", "S9", "BJ", "RJ", "BJ=9", "BJ=S9", "RJ=2", "BJ=4", "W1",
          "S5", "H5", "S6", "H6", "RJ=H10", "S1", "x"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=5).map(" ".join), max_size=6),
       st.sampled_from(["yiqi", "yiqi-single-draw", "jj"]))
def test_any_steps_load_or_refuse_and_replay_without_an_exception(steps, rules):
    head = HEAD.replace(", BJ]", ", W1]") if rules == "jj" else HEAD
    text = head.format(rules=rules) + "steps:\n" + "".join(f"  - {s!r}\n" for s in steps)
    try:
        loaded = loads(text, "fuzz.yaml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.yaml")
        return
    result = run(loaded)  # a refused or unparsable step is a failure or a ScenarioError, never a crash
    assert len(result.outcomes) <= len(steps)
    assert transcript(result).startswith("t  [gandengyan")
