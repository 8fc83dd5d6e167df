"""The referee's checklist (004 section 6) answers from the engine's own checks."""

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from cardlab import durak, referee
from cardlab.scenario import load, run

DURAK = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "durak"


def _after(name, steps):
    return run(load(DURAK / name), keep_states=True).outcomes[steps - 1].state


def test_table_talk_follows_the_rule_set_and_the_deal():
    answers = {rules: dict(referee.table_talk(durak.new_game(rules, ["甲", "乙"], seed=5)))
               for rules in durak.RULESETS}
    game = durak.new_game("podkidnoy", ["甲", "乙"], seed=5)
    plain = answers["podkidnoy"]
    assert game.trump_card.symbol in plain["Which suit is trump?"]
    assert plain["Who attacks first?"].startswith(game.attacker)
    assert plain["How many attack cards in the first round?"].startswith("at most 6")
    assert answers["throw-in-fool"]["How many attack cards in the first round?"].startswith("at most 5")
    assert answers["perevodnoy"]["May the defender transfer the attack?"].startswith("yes")
    assert answers["podkidnoy"]["May the defender transfer the attack?"].startswith("no")


def test_ask_an_added_card_of_a_rank_not_on_the_table():
    state = _after("throw_in_ranks.yaml", 2)  # S9 beaten by SJ
    answers = dict(referee.ask(state, "甲 attack SK"))
    assert answers["Is the rank of K♠ already on the table?"].startswith("no")
    assert answers["Is there room under the attack limit?"].startswith("1 of 6")
    assert answers["So, is it legal?"].startswith("no (rank_not_on_table)")
    legal = dict(referee.ask(state, "甲 attack D9"))
    assert legal["Is the rank of 9♦ already on the table?"] == "yes"
    assert legal["So, is it legal?"] == "yes"


def test_ask_a_defence_and_the_order_after_the_round():
    state = _after("defence_table.yaml", 1)  # 甲 attacked with S9, hearts trump
    answers = dict(referee.ask(state, "乙 defend S9 CA"))
    assert answers["Can A♣ beat 9♠?"].startswith("no:")
    assert answers["So, is it legal?"].startswith("no (cannot_beat)")
    assert dict(referee.ask(state, "乙 defend S9 H6"))["Can 6♥ beat 9♠?"] == "yes"
    assert answers["When this round ends, who draws first?"].startswith("甲, then 乙")
    assert answers["And who attacks next?"] == "乙 if they beat everything; 甲 if 乙 takes."


def test_ask_at_the_limit_and_with_an_empty_stock():
    state = _after("attack_limit_four.yaml", 6)  # four attack cards against a four-card defender
    answers = dict(referee.ask(state, "甲 attack S10"))
    assert answers["Is there room under the attack limit?"].startswith("4 of 4 attack cards are down, so no more")
    end = _after("endgame_draw.yaml", 1)
    assert dict(referee.ask(end, "乙 take"))["When this round ends, who draws first?"] == "nobody: the stock is empty."


def test_referee_widget_answers_and_reports_bad_input():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee, Stepper

    ref = Referee(DURAK)
    assert repr(ref) == f"<Referee {len(list(DURAK.glob('*.yaml')))} worked examples in durak>"
    assert ref.ask("route_a.yaml", 2, "甲 attack D6").splitlines()[-1].startswith("So, is it legal?  no (rank_not_on_table)")
    assert "no verb 'atack'" in ref.ask("route_a.yaml", 2, "甲 atack D6")
    ref.ask("route_a.yaml", 99, "甲 done")  # past the end: the end of the example
    assert ref.step == Stepper(DURAK / "route_a.yaml").total == 8  # counted as the stepper counts
    stepper = Stepper(DURAK / "route_a.yaml")
    stepper.goto(7)
    ref.show("route_a.yaml", 7)
    assert ref.state == stepper.state
    assert ref.ask("route_a.yaml", 0, "A attack S8").endswith("So, is it legal?  yes")  # seat letter
    view = ref.widget
    assert ref._file_menu.value == "route_a.yaml" and ref._move_box.value == "A attack S8"
    assert "So, is it legal?  yes" in ref._output.value and "甲 (A)" in ref._output.value
    ref._step_box.value = 2  # choosing another position redraws it and clears the old answer
    assert ref.step == 2 and ref._output.value == "" and ref.state.attacks
    assert "cardlab-referee" in view._dom_classes
    with pytest.raises(ValueError, match="not one of the worked examples"):
        ref.show("nothing.yaml")
    with pytest.raises(ValueError, match="no scenario files"):
        Referee(DURAK.parent.parent)


# --- the example list ------------------------------------------------------------------------------

LESSONS = DURAK.parent.parent
SCENARIO_PATH = re.compile(r"scenarios/(\w+)/([\w-]+\.yaml)|(quizzes/[\w-]+\.yaml)")


def _lesson_uses() -> dict[str, list[str]]:
    """For each folder of worked examples, its files in the order the lessons first use them: the
    lessons in the order of index.ipynb, each read top to bottom (a quiz file where the notebook
    names it)."""
    index = "".join("".join(c["source"]) for c in json.loads((LESSONS / "index.ipynb").read_text())["cells"])
    uses: dict[str, list[str]] = {}
    for lesson in dict.fromkeys(re.findall(r"\]\(([\w/-]+\.ipynb)\)", index)):
        notebook = LESSONS / lesson
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for m in SCENARIO_PATH.finditer("".join(cell["source"])):
                game, name, quiz = m.groups()
                if quiz and (notebook.parent / quiz).is_file():
                    for item in yaml.safe_load((notebook.parent / quiz).read_text(encoding="utf-8")):
                        if "position" in item:
                            used = (notebook.parent / quiz).parent / item["position"]["scenario"]
                            uses.setdefault(used.resolve().parent.name, []).append(used.name)
                elif game and (LESSONS / "scenarios" / game / name).is_file():
                    uses.setdefault(game, []).append(name)
    return {game: list(dict.fromkeys(names)) for game, names in uses.items()}


def test_every_worked_example_is_shown_by_some_lesson_or_quiz():
    """A scenario file that no lesson steps through, prints or quizzes on would hold an example
    that only the Referee's list reaches."""
    uses = _lesson_uses()
    unused = sorted(f"{p.parent.name}/{p.name}" for p in (LESSONS / "scenarios").glob("*/*.yaml")
                    if p.name not in uses.get(p.parent.name, []))
    assert unused == [], "no lesson or quiz uses: " + ", ".join(unused)


def test_every_order_file_lists_its_examples_as_the_lessons_use_them():
    uses = _lesson_uses()
    folders = sorted(p for p in (LESSONS / "scenarios").iterdir() if p.is_dir())
    assert [f.name for f in folders] == sorted(uses) == ["daifugo", "durak", "gandengyan"]
    for folder in folders:
        rules = {p.name: load(p).rules.name for p in folder.glob("*.yaml")}
        names = uses[folder.name] + sorted(set(rules) - set(uses[folder.name]))
        groups = list(dict.fromkeys(rules[n] for n in names))
        expected = sorted(names, key=lambda n: groups.index(rules[n]))
        listed = [line for line in (folder / "order.txt").read_text(encoding="utf-8").splitlines()
                  if not line.startswith("#")]
        assert listed == expected, f"{folder / 'order.txt'} should read:\n" + "\n".join(expected)


def test_referee_lists_the_examples_grouped_in_the_lessons_order(tmp_path):
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee

    ref = Referee(DURAK)
    order = [line for line in (DURAK / "order.txt").read_text(encoding="utf-8").splitlines()
             if not line.startswith("#")]
    assert ref.files == order
    assert ref.label("route_a.yaml") == "Durak · podkidnoy — Route A: every attack is beaten"
    ref.widget
    labels = [label for label, _ in ref._file_menu.options]
    assert labels[0].startswith("Durak · podkidnoy — ") and labels[-1].startswith("Durak · perevodnoy — ")
    prefixes = [label.split(" — ")[0] for label in labels]
    assert prefixes == sorted(prefixes, key=prefixes.index)  # each rule set's examples together
    # A file the order does not name joins the end of its rule set's group; a name that is no file
    # is an error.
    folder = tmp_path / "durak"
    shutil.copytree(DURAK, folder)
    shutil.copy(DURAK / "attack_limit_eight.yaml", folder / "aaa_new.yaml")
    files = Referee(folder).files
    assert files.index("aaa_new.yaml") == files.index("throw_in_fool_first_round.yaml") - 1
    (folder / "order.txt").write_text("route_a.yaml\nroute_c.yaml  # gone\n", encoding="utf-8")
    with pytest.raises(ValueError, match="order.txt, line 2: 'route_c.yaml' is not a worked example"):
        Referee(folder)


@pytest.mark.parametrize("folder", ["durak", "daifugo", "gandengyan"])
def test_the_move_box_suggests_a_legal_move_in_the_notation_of_the_lessons_game(folder):
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee

    ref = Referee(LESSONS / "scenarios" / folder)
    ref.widget
    for file in ref.files:
        ref.show(file, 1)
        typed = ref._move_box.placeholder
        seat, verb, *_cards = typed.split()
        assert seat in "ABCD" and verb in ref.state.verbs(), typed
        assert ref.state.check(ref.state.parse_action(typed)) is None, typed


def test_enter_in_the_move_box_asks_and_the_step_box_has_its_own_line():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee

    ref = Referee(DURAK)
    view = ref.widget
    ref.show("route_a.yaml", 2)
    assert ref._move_box.continuous_update is False  # the browser sends the value on Enter
    ref._move_box.value = "A attack D6"  # what Enter sends
    assert "no (rank_not_on_table)" in ref._output.value and ref.move == "A attack D6"
    menu, steps = view.children[:2]
    assert menu.children == (ref._file_menu,) and ref._step_box in steps.children
    assert ref._step_box.max == ref.last_step == 8 and "of 8" in ref._step_count.value


def test_an_order_file_that_is_not_utf8_is_named_in_one_line(tmp_path):
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee

    folder = tmp_path / "durak"
    shutil.copytree(DURAK, folder)
    (folder / "order.txt").write_bytes("route_a.yaml\n# Reihenfolge f\u00fcr Durak\n".encode("latin-1"))
    with pytest.raises(ValueError) as caught:
        Referee(folder)
    assert str(caught.value) == f"{folder / 'order.txt'}, line 2: not a UTF-8 text file"
