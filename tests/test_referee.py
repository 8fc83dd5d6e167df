"""The referee's checklist (004 section 6) answers from the engine's own checks."""

from pathlib import Path

import pytest

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
