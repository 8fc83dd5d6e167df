"""The widgets draw the card table as a class follows it: the seats stay where they sit for a whole
example or game, and a step that clears the table is seen with what it cleared (the stepper, the
try-it table and the game table pass the step's events to cardlab.svg.last_step)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from cardlab import daifugo  # noqa: E402
from cardlab.cards import plain  # noqa: E402
from cardlab.widgets import Stepper, Table, TryIt  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = Path(__file__).resolve().parent.parent / "lessons" / "scenarios"
CLEARS = {"clear", "discard", "take"}


def bottom_name(svg: str) -> str:
    """The name of the seat along the bottom: the lowest name line's bold part."""
    lines = [(float(t.get("y")), t.find(f"{NS}tspan").text) for t in ET.fromstring(svg).iter(f"{NS}text")
             if t.find(f"{NS}tspan") is not None]
    return max(lines)[1]


def swept(svg: str) -> set[str]:
    """The cards drawn as swept off the table by the last step."""
    return {g.get("data-swept") for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("data-swept")}


def test_the_stepper_keeps_the_example_s_first_player_along_the_bottom():
    """Before, the seat to move next was drawn along the bottom, so the seats turned with the play."""
    for path in (SCENARIOS / "durak" / "defence_table.yaml", SCENARIOS / "daifugo" / "jdf_eight_cut.yaml"):
        stepper = Stepper(path)
        first = stepper.scenario.steps[0].action.player
        for i in range(stepper.total + 1):
            stepper.goto(i)
            assert stepper.bottom == first
            assert bottom_name(stepper.picture()) == stepper.result.start.seat_label(first)
        assert Stepper(path, view="player", seat=stepper.scenario.players[1]).bottom == stepper.scenario.players[1]


def test_the_stepper_shows_the_card_that_cut_the_table_before_the_clear():
    stepper = Stepper(SCENARIOS / "daifugo" / "jdf_eight_cut.yaml")
    stepper.goto(1)
    assert stepper.last is None and swept(stepper.picture()) == set()
    stepper.goto(2)  # 乙 plays 8♦: an 8-cut
    assert swept(stepper.picture()) == {"S6", "D8"} and "cut by 8♦" in stepper.picture()
    assert stepper.last.played == {plain(stepper.state.pile[-1])}


def _eight_cut_position():
    return daifugo.from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={"甲": "S6 DK", "乙": "D8 S5 H5 C10",
                                                                   "丙": "HQ SJ CJ", "丁": "C4 D4 HA"}, leader="甲")


def test_the_try_it_table_keeps_its_first_seat_along_the_bottom_and_shows_what_a_move_cleared():
    tryit = TryIt(_eight_cut_position())
    assert bottom_name(tryit.picture()) == "甲 (A)"
    tryit.type_move("甲 play S6")
    assert tryit.player == "乙" and bottom_name(tryit.picture()) == "甲 (A)"  # played now: 乙, across the top
    tryit.type_move("乙 play D8")
    assert swept(tryit.picture()) == {"S6", "D8"}
    tryit.undo()
    assert swept(tryit.picture()) == set()


def test_the_game_table_shows_the_latest_clear_since_the_learner_s_move(monkeypatch):
    """The learner sees the picture after the computer players have answered: the last clear among
    their moves and the learner's is drawn with its cards, whatever was played after it."""
    table = Table("daifugo", "jdf", players=4, seat="甲", bots="random", seed=3, pause=0)
    applied = []
    real = type(table.state).apply

    def apply(state, action):
        events = real(state, action)
        if state is table.state:
            applied.append(events)
        return events

    monkeypatch.setattr(type(table.state), "apply", apply)
    rng = random.Random(3)
    seen = 0
    while not table.state.is_over() and table.seat in table.state.to_act():
        applied.clear()
        moves = [a for a in table.state.legal_actions() if a.player == table.seat]
        table.type_move(str(rng.choice(moves)))
        clears = [{plain(c).code for e in events if e.kind in CLEARS for c in e.cards} for events in applied]
        clears = [c for c in clears if c]
        if clears:
            assert clears[-1] >= swept(table.picture()) and swept(table.picture())
            seen += 1
        else:
            assert swept(table.picture()) == set()
        assert bottom_name(table.picture()).startswith("甲 (A)")
    assert seen >= 3
