"""The toy fourth game (tests/toygame) plugs into cardlab through the registry alone: found through
an entry point of another distribution, listed by `cardlab games`, its scenario files loaded, run
and checked by `cardlab check`, stepped in a Stepper, played in a try-it table and at a Table
against the bots, simulated; no shared module names it."""

import textwrap

import pytest

from cardlab import registry
from cardlab.cards import card
from cardlab.cli import main
from cardlab.registry import find_game
from cardlab.scenario import load, run
from cardlab.simulate import simulate

from conformance_support import TOY

SCENARIO = textwrap.dedent("""\
    title: {en: "Higher card wins: follow suit", ja: "大きいカードの勝ち"}
    game: toy
    rules: follow
    players: [甲, 乙]
    deal:
      hands:
        甲: [SA, H9]
        乙: [SK, HA]
    steps:
      - 甲 play SA
      - do: 乙 play HA
        reject: must_follow_suit
        note: 乙 holds a spade, so 乙 must play it.
      - do: 乙 play SK
        expect: {turn: 甲, tricks: 1, hand_sizes: {甲: 1, 乙: 1}}
      - do: 乙 play HA
        reject: not_your_turn
      - 甲 play H9
      - 乙 play HA
      - expect: {over: true, turn: null, tricks: 2}
""")


def test_a_game_of_another_distribution_is_found_through_its_entry_point(tmp_path, monkeypatch, capsys):
    info = tmp_path / "cardlab_toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardlab-toy\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[cardlab.games]\ntoy = toygame.game:GAME\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    # A registry that has looked for nothing yet, the toy registered by nobody.
    for name, value in (("_found", None), ("_games", {}), ("_broken", {}), ("_by_class", {})):
        monkeypatch.setattr(registry, name, value)
    assert "toy" in registry.game_names() and registry.find_game("toy") is TOY
    assert main(["games"]) == 0
    assert [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")] == [
        "daifugo: Daifugo", "gandengyan: Gan Deng Yan", "durak: Durak", "toy: Higher card wins"]


def test_cardlab_games_lists_the_registered_toy_with_its_rule_sets(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == ["toy: Higher card wins", "  plain   2-4 players  the highest rank wins the trick",
                        "  follow  2-4 players  follow suit when able; the highest of the suit led wins"]


def test_a_scenario_file_of_the_toy_loads_runs_and_checks(tmp_path, capsys):
    path = tmp_path / "follow.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    result = run(load(path))
    assert result.ok and len(result.outcomes) == 7
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out == f"ok  {path}\n"
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(SCENARIO.replace("reject: must_follow_suit", "reject: not_in_hand"), encoding="utf-8")
    assert main(["check", str(wrong)]) == 1
    assert "must_follow_suit" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert "step 1: 甲 play SA  -> ok\n  甲 plays SA\n" in capsys.readouterr().out


def test_the_toy_simulates_with_every_bot():
    rows = simulate("toy", "plain", games=6, players=3, bots=["random", "simple", "montecarlo"], as_frame=False)
    assert len(rows) == 18 and {row["bot"] for row in rows} == {"random", "simple", "montecarlo"}
    assert {row["game"] for row in rows} == {"toy"} and all(1 <= row["place"] <= 3 for row in rows)


ipywidgets = pytest.importorskip("ipywidgets")


def test_the_toy_steps_in_a_stepper_and_plays_in_a_try_it_table(tmp_path):
    from cardlab.widgets import Stepper, TryIt

    path = tmp_path / "follow.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    stepper = Stepper(path)
    stepper.end()
    assert stepper.index == stepper.total and stepper.state.is_over() and "<svg" in stepper.picture()
    assert "Step 6: 乙 (B) play A♥\n乙 (B) plays A♥\n乙 (B) wins the trick" in stepper.transcript()
    tryit = TryIt(path, at_step=1)
    tryit.select("HA")
    assert "must_follow_suit" in tryit.press("play") and tryit.state.hands["乙"] == [card("SK"), card("HA")]
    tryit.select("SK")
    tryit.press("play")
    assert tryit.state.tricks["甲"] == 1 and tryit.widget is not None


def test_the_toy_plays_at_a_table_against_the_random_bot_and_saves_a_scenario_that_checks(tmp_path):
    from cardlab.bots import make_bot
    from cardlab.widgets import Table

    table = Table("toy", "follow", players=3, seed=2, bots="random")
    table.bots_move()
    me = make_bot("simple", seed=1)
    while not table.state.is_over():
        action = me.choose(table.view())
        table.select(*action.cards)
        table.press(action.verb)
    path = tmp_path / "played.yaml"
    table.save_scenario(path)
    assert run(load(path)).ok and main(["check", str(path)]) == 0
    assert find_game("toy").every_card(table.state) and table.widget is not None
