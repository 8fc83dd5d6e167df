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
    assert answers["So, is it legal?"].startswith("no: That rank is not on the table.")
    legal = dict(referee.ask(state, "甲 attack D9"))
    assert legal["Is the rank of 9♦ already on the table?"] == "yes"
    assert legal["So, is it legal?"] == "yes"


def test_ask_a_defence_and_the_order_after_the_round():
    state = _after("defence_table.yaml", 1)  # 甲 attacked with S9, hearts trump
    answers = dict(referee.ask(state, "乙 defend S9 CA"))
    assert answers["Can A♣ beat 9♠?"].startswith("no:")
    assert answers["So, is it legal?"].startswith("no: Does not beat it.")
    legal = dict(referee.ask(state, "乙 defend S9 H6"))
    assert legal["Can 6♥ beat 9♠?"] == "yes"
    assert legal["When this round ends, who draws first?"].startswith("甲, then 乙")
    assert legal["And who attacks next?"] == "乙 if they beat everything; 甲 if 乙 takes."
    # A refused move changes nothing: the round as it stands, and said so.
    assert answers["When this round ends, who draws first?"].startswith(
        "as things stand, since the move is refused: 甲, then 乙")


def test_ask_at_the_limit_and_with_an_empty_stock():
    state = _after("attack_limit_four.yaml", 6)  # four attack cards against a four-card defender
    answers = dict(referee.ask(state, "甲 attack S10"))
    assert answers["Is there room under the attack limit?"].startswith("4 of 4 attack cards are down, so no more")
    end = _after("endgame_draw.yaml", 1)
    taken = dict(referee.ask(end, "乙 take"))  # 甲 holds nothing more to add: the take ends the round and the game
    assert taken["When this round ends, who draws first?"] == "this move ends the round. Nobody draws: the stock is empty."
    assert taken["And who attacks next?"] == ("this move ends the round. 乙 is the last player holding cards: the "
                                              "durak, who loses the game.")
    over = run(load(DURAK / "endgame_draw.yaml"), keep_states=True).outcomes[-1].state
    assert over.is_over()  # no round is left to end: only the verdict
    assert [str(q) for q, _ in referee.ask(over, "甲 take")] == ["So, is it legal?"]


def test_referee_widget_answers_and_reports_bad_input():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee, Stepper

    ref = Referee(DURAK)
    assert repr(ref) == f"<Referee {len(list(DURAK.glob('*.yaml')))} worked examples in durak>"
    assert ref.ask("route_a.yaml", 2, "甲 attack D6").splitlines()[-1].startswith("So, is it legal?  no: That rank is not on the table.")
    assert "no move 'atack': type one of attack, defend" in ref.ask("route_a.yaml", 2, "甲 atack D6")
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
    assert "no: That rank is not on the table." in ref._output.value and ref.move == "A attack D6"
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


# --- what a move brings about is asked of the position it leaves ------------------------------------------

def test_after_a_transfer_the_transferrer_draws_first_and_the_next_player_defends():
    state = _after("perevodnoy_transfer.yaml", 1)  # 甲 attacked 乙 with 8♠
    answers = dict(referee.ask(state, "乙 transfer D8"))
    assert answers["So, is it legal?"] == "yes"
    # As lesson 5 says and the engine plays (step 2 of the example): 乙 attacks and 丙 defends.
    assert answers["When this round ends, who draws first?"].startswith("乙, then 甲, then 丙, each up to 6")
    assert answers["And who attacks next?"].startswith("丙 if they beat everything; 甲 if 丙 takes.")
    # 丙 could pass the attack on again, to 甲: the answers say what that changes.
    assert "if the attack is transferred, whoever transfers it last draws first" in \
        answers["When this round ends, who draws first?"]
    assert answers["Is there room under the attack limit?"].startswith(
        "yes: with this card 2 attack cards would face 丙, who holds 6 cards")
    after = _after("perevodnoy_transfer.yaml", 2)
    assert (after.attacker, after.defender, after.attackers()) == ("乙", "丙", ["乙", "甲"])


def test_a_transfer_to_a_player_holding_too_few_cards_has_no_room():
    state = _after("perevodnoy_transfer_too_few.yaml", 1)  # 甲 attacked 乙 with 7♠; 丙 holds one card
    answers = dict(referee.ask(state, "乙 transfer D7"))
    assert answers["Is there room under the attack limit?"] == (
        "no: with this card 2 attack cards would face 丙, who holds only 1 card; a transfer may give the next "
        "player no more attack cards than they hold.")
    assert answers["So, is it legal?"].startswith("no: No more attack cards.")


def test_a_take_and_a_move_that_ends_the_round_answer_from_what_follows():
    state = _after("perevodnoy_transfer.yaml", 1)
    taken = dict(referee.ask(state, "乙 take"))
    assert taken["And who attacks next?"] == "丙: 乙 takes, so the next player after 乙 attacks."
    last = _after("perevodnoy_transfer.yaml", 3)  # 丙 beat one 8; beating the other ends the round
    ends = dict(referee.ask(last, "丙 defend D8 DA"))
    assert ends["When this round ends, who draws first?"] == (
        "this move ends the round. 乙 draws 1 card and holds 6. 甲 draws 1 card and holds 6. 丙 draws 2 cards and "
        "holds 6.")
    assert ends["And who attacks next?"] == (
        "this move ends the round. 丙 defended successfully and attacks next; 甲 defends.")


def test_a_refused_move_changes_nothing_the_answers_say():
    state = _after("perevodnoy_transfer.yaml", 1)
    refused = dict(referee.ask(state, "乙 transfer SQ"))
    assert refused["So, is it legal?"].startswith("no: That rank is not on the table.")
    assert refused["When this round ends, who draws first?"].startswith(
        "as things stand, since the move is refused: 甲, then 丙, then 乙")
    assert refused["And who attacks next?"].startswith(
        "as things stand, since the move is refused: 乙 if they beat everything; 丙 if 乙 takes.")


def test_a_transfer_the_trump_six_swap_makes_possible_is_foreseen():
    """乙 holds no king, but may swap the six of trumps for the face-up K♣ and transfer with it."""
    state = durak.from_deal("perevodnoy", ["甲", "乙"], hands={"甲": "DK S7 H7", "乙": "C6 S9 H10 DA S8"},
                            stock="D6 D7 CK", trump="C", attacker="甲")
    answers = dict(referee.ask(state, "甲 attack DK"))
    assert "if the attack is transferred, whoever transfers it last draws first" in \
        answers["When this round ends, who draws first?"]
    after = state.copy()
    after.apply(after.parse_action("甲 attack DK"))
    after.apply(after.parse_action("乙 swap"))
    assert after.check(after.parse_action("乙 transfer CK")) is None
