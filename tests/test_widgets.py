"""The lesson widgets, driven through their Python API and through their ipywidgets buttons (no
browser): what the learner reads must be the engine's own verdicts and explanations."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab import card, durak  # noqa: E402
from cardlab.scenario import load, loads  # noqa: E402
from cardlab.svg import BACK_LABEL, HIGHLIGHT  # noqa: E402
from cardlab.widgets import RUN_ME, Compare, Quiz, Referee, Stepper, TryIt  # noqa: E402

from scenario_texts import TRANSFER, transfer_position  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ROUTE_A = ROOT / "lessons" / "scenarios" / "durak" / "route_a.yaml"
NS = "{http://www.w3.org/2000/svg}"


def after(n: int):
    """Route A's position after its first ``n`` steps, replayed here independently."""
    scenario = load(ROUTE_A)
    state = scenario.start()
    for step in scenario.steps[:n]:
        if step.action is not None and step.reject is None:
            state.apply(step.action)
    return state


def outlined(svg: str) -> set[str]:
    """Names of the cards drawn with the highlight outline."""
    root = ET.fromstring(svg)
    return {g.get("aria-label") for g in root.iter(f"{NS}g")
            if g.get("role") == "img" and HIGHLIGHT in ET.tostring(g, encoding="unicode")}


def buttons(box) -> dict[str, object]:
    """Every button under an ipywidgets container, by its text."""
    found = {}
    stack = [box]
    while stack:
        w = stack.pop()
        if isinstance(w, (ipywidgets.Button, ipywidgets.ToggleButton)):
            found[w.description] = w
        stack.extend(getattr(w, "children", ()))
    return found


def html_values(box) -> list[str]:
    """The text of every HTML widget under an ipywidgets container."""
    found, stack = [], [box]
    while stack:
        w = stack.pop()
        if isinstance(w, ipywidgets.HTML):
            found.append(w.value)
        stack.extend(getattr(w, "children", ()))
    return found


# --- Stepper -------------------------------------------------------------------------------------

@pytest.fixture
def stepper():
    return Stepper(ROUTE_A)


def test_stepper_counts_steps(stepper):
    # Route A has 10 steps, two of which only check: they fold into the step before them.
    total = len([s for s in load(ROUTE_A).steps if s.action is not None])
    assert total == 8 == stepper.total
    assert stepper.counter == f"step 0 of {total}"
    assert repr(stepper) == f"<Stepper 'Route A: every attack is beaten' step 0 of {total}>"
    stepper.step()
    assert (stepper.index, stepper.counter) == (1, f"step 1 of {total}")
    stepper.end()
    assert stepper.index == total
    stepper.step()
    assert stepper.index == total
    stepper.back()
    assert stepper.index == total - 1
    stepper.reset()
    assert stepper.index == 0
    stepper.back()
    assert stepper.index == 0


def test_stepper_shows_the_position_after_each_step(stepper):
    action_steps = [s.number for s in load(ROUTE_A).steps if s.action is not None]
    for n in range(stepper.total + 1):
        stepper.goto(n)
        assert stepper.state == after(action_steps[n - 1] if n else 0)


def test_stepper_folds_a_check_into_the_step_before_it_and_says_it_in_words(stepper):
    stepper.goto(7)  # 乙 defend CQ CK, then the file's check of step 8
    narration = stepper.narration
    assert narration.startswith("Step 7: 乙 (B) defend Q♣ K♣")
    assert "Now: 甲 (A) attack K♠ would be allowed; 甲 (A) has 3 cards; 乙 (B) has 3 cards." in narration
    assert "A king is on the table now" in narration
    stepper.end()
    assert "the stock has 18 cards" in stepper.narration and "乙 (B) attacks" in stepper.narration
    assert "Checked:" not in stepper.narration and "hand_sizes" not in stepper.narration


def test_stepper_transcript_is_the_start_in_words_then_every_narration_in_order(stepper):
    text = stepper.transcript()
    narrations = []
    for n in range(stepper.total + 1):
        stepper.goto(n)
        narrations.append(stepper.narration)
    start = stepper.result.start.learner_text(stepper.result.start.describe())
    assert text == "\n\n".join([f"{narrations[0]}\n{start}", *narrations[1:]]) and text.startswith("Start: Route A")
    assert "乙 (B): 6♣ 7♥ 7♦ Q♠ K♣ A♦" in text.split("\n\n")[0]  # each hand, before the first step
    assert stepper.position() == stepper.state.learner_text(stepper.state.describe())
    assert "乙 (B): " in stepper.position() and "S8" not in stepper.transcript()


def test_stepper_goto_takes_whole_numbers_only(stepper):
    for bad in (1.5, "2", True):
        with pytest.raises(ValueError, match="whole number"):
            stepper.goto(bad)
    assert stepper.index == 0


def test_stepper_narrates_the_engine_events(stepper):
    stepper.step()
    assert "甲 (A) opens the round against 乙 (B) with 8♠" in stepper.narration
    assert stepper.narration.startswith("Step 1: 甲 (A) attack 8♠")
    assert "S8" not in stepper.narration


def test_stepper_narrates_the_refusal_at_step_3(stepper):
    for _ in range(3):
        stepper.step()
    position = after(2)
    refusal = position.check(position.parse_action("甲 attack D6"))
    assert refusal.code == "rank_not_on_table"
    assert position.learner_text(f"Refused (rank_not_on_table): {refusal.explanation}") in stepper.narration
    assert position.learner_text(load(ROUTE_A).steps[2].note) in stepper.narration
    assert stepper.state == position  # the refused step changed nothing


def test_stepper_highlights_the_cards_that_moved(stepper):
    stepper.step()
    assert stepper.highlight == {card("S8")}
    assert outlined(stepper.picture()) == {"eight of spades"}
    stepper.step()
    assert stepper.highlight == {card("S8"), card("SQ")}
    stepper.step()  # refused: the card it tried
    assert stepper.highlight == {card("D6")}
    stepper.reset()
    assert stepper.highlight == frozenset() and outlined(stepper.picture()) == set()


def test_stepper_buttons_drive_the_view(stepper):
    box = stepper.widget
    assert "cardlab-stepper" in box._dom_classes
    named = buttons(box)
    assert named["Back"].disabled and named["Reset"].disabled
    named["Step"].click()
    assert stepper.index == 1
    assert "step 1 of" in stepper._counter.value
    assert "opens the round" in stepper._narration.value
    assert stepper._picture.svg == stepper.picture() and not stepper._picture.projector
    # The table, and beside it the buttons (and the style every widget's view carries).
    assert box.children == (stepper._picture, stepper._side, stepper._style)
    assert stepper._narration_box in stepper._side.children  # ... and the narration
    assert stepper._narration in stepper._narration_box.children
    # The column beside the table: at least as high as the table, growing (to the room the window
    # leaves) when the example's longest step needs it.
    assert stepper._picture.layout.height == stepper._side.layout.min_height == "416px"
    assert stepper._side.layout.max_height == "max(416px, calc(100vh - 160px))"
    named["Projector size"].value = True
    assert stepper.size == "large" and stepper._picture.layout.height == stepper._side.layout.min_height == "550px"
    assert stepper._picture.projector and stepper._picture.svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="713.57" height="549.71"')
    named["End"].click()
    assert named["Step"].disabled and named["End"].disabled
    named["Reset"].click()
    assert stepper.index == 0 and "step 0 of" in stepper._counter.value


def test_stepper_player_view_hides_the_other_hand():
    stepper = Stepper(ROUTE_A, view="player")
    assert stepper.seat == "甲"
    picture = stepper.picture()
    assert "queen of spades" not in picture and BACK_LABEL in picture
    assert "king of spades" in picture
    with pytest.raises(ValueError):
        Stepper(ROUTE_A, view="player", seat="丙")


# --- TryIt ---------------------------------------------------------------------------------------

@pytest.fixture
def tryit():
    return TryIt(ROUTE_A, at_step=2)  # 甲 attacked with S8, 乙 beat it with SQ


def test_tryit_starts_at_the_step(tryit):
    assert tryit.state == after(2)
    assert tryit.player == "甲"
    assert repr(tryit) == "<TryIt durak (podkidnoy) as 甲, selected: -, moves: 0>"


def test_tryit_refuses_illegal_and_changes_nothing(tryit):
    before = tryit.state.copy()
    tryit.select("SK")
    message = tryit.press("attack")
    refusal = before.check(before.parse_action("甲 attack SK"))
    assert message == before.learner_text(f"That rank is not on the table: {refusal.explanation} "
                                          "(code: rank_not_on_table)") == tryit.message
    assert tryit.state == before
    assert tryit.selected == (card("SK"),)  # kept, so the learner can change it
    assert repr(tryit) == "<TryIt durak (podkidnoy) as 甲, selected: SK, moves: 0>"


def test_tryit_accepts_legal_then_undoes(tryit):
    before = tryit.state.copy()
    tryit.select("D8")
    message = tryit.press("attack")
    assert message.startswith("甲 (A) adds 8♦: its rank is already on the table")
    assert tryit.state != before and card("D8") in tryit.state.attacks
    assert tryit.selected == ()
    assert tryit.undo() == "Undone: 甲 (A) attack 8♦"
    assert tryit.state == before
    assert tryit.undo() == "Nothing to undo."


def test_tryit_defend_takes_the_table_card_as_the_attack(tryit):
    tryit.select("D8")
    tryit.press("attack")
    tryit.player = "B"  # a seat letter names 乙
    tryit.select("H7", "D8")  # the hand card first
    assert tryit.press("defend") == "乙 (B) beats 8♦ with 7♥: a trump (hearts) beats any other suit."
    assert tryit.state.defences[-1] == card("H7")


def test_tryit_hot_seat_and_wrong_player(tryit):
    tryit.select("C6")
    assert tryit.press("attack", player="乙").startswith("Only an attacker may do this: ")
    assert tryit.press("take", player="甲").endswith("(code: not_defender)")
    assert tryit.player == "甲"


def test_tryit_reports_a_malformed_action(tryit):
    tryit.select("S6", "D6")
    assert tryit.press("attack") == "Not an action: 'attack' takes 1 card, got 2"
    assert tryit.press("fly") == "Not an action: Durak has no verb 'fly' (verbs: attack, defend, take, done, transfer, swap)"


def test_tryit_hint_lists_the_legal_actions(tryit):
    hint = tryit.hint()
    assert hint.splitlines()[1:] == [tryit.state.learner_text(str(a)) for a in tryit.state.legal_actions()]
    assert "甲 (A) attack 8♦" in hint and "甲 (A) attack 6♦" not in hint


def test_tryit_buttons(tryit):
    box = tryit.widget
    assert "cardlab-tryit" in box._dom_classes
    named = buttons(box)
    assert {"Attack", "Defend", "Take", "Done", "Swap", "Show legal moves", "Undo"} <= set(named)
    assert "Transfer" not in named and "K♠" not in named  # no card buttons: the picture's cards are clicked
    table = tryit._picture
    assert table.svg == tryit.picture() and table.selectable == [c.code for c in tryit.selectable()]
    table.set_state({"selected": ["SK"]})  # K♠ clicked in the page
    assert tryit.selected == (card("SK"),)
    named["Attack"].click()
    assert "That rank is not on the table: " in tryit._verdict_html.value
    assert '<small class="cardlab-code"' in tryit._verdict_html.value  # the code in small print
    table.set_state({"selected": ["D8"]})  # K♠ clicked again, then 8♦
    named["Attack"].click()
    assert "adds 8♦" in tryit._verdict_html.value and table.selected == []
    assert named["Undo"].disabled is False
    assert "eight of diamonds" in outlined(table.svg)
    named["Undo"].click()
    assert tryit.state == after(2)


def test_tryit_offers_transfer_only_in_perevodnoy():
    state = durak.from_deal("perevodnoy", ["A", "B", "C"], hands={"A": ["S8"], "B": ["H8", "C7"],
                            "C": ["S6", "S7", "SA"]}, trump="H", attacker="A")
    assert "Transfer" in buttons(TryIt(state).widget)


# --- Quiz ----------------------------------------------------------------------------------------

def test_quiz_from_scenario_asks_the_reject_and_legal_steps():
    quiz = Quiz.from_scenario(ROUTE_A)
    steps = load(ROUTE_A).steps
    asked = sum(s.reject is not None for s in steps) + sum(
        len(s.expect.get("legal", ())) + len(s.expect.get("illegal", ())) for s in steps)
    assert len(quiz.questions) == asked
    questions = [q["question"] for q in quiz.questions]
    assert questions[:2] == ["Is '甲 attack D6' legal here?", "Is '甲 attack SK' legal here?"]
    assert [q["answer"] for q in quiz.questions][:2] == ["Illegal", "Legal"]
    position = after(2)
    refusal = position.check(position.parse_action("甲 attack D6"))
    assert quiz.questions[0]["explanation"] == f"Illegal (rank_not_on_table): {refusal.explanation}"
    assert quiz.questions[1]["explanation"].startswith("Legal: 甲 adds K♠")
    assert quiz.questions[0]["state"] == position


def test_quiz_locks_an_answered_question_until_try_again():
    quiz = Quiz(Quiz.from_scenario(ROUTE_A).questions[:2])
    assert quiz.score == "0 of 2" and repr(quiz) == "<Quiz 2 questions, score 0 of 2>"
    wrong = quiz.answer(0, "Legal")
    assert wrong.startswith("Not quite: the answer is Illegal. Illegal (rank_not_on_table)")
    assert quiz.answer(0, 1) == wrong and quiz.score == "0 of 2"  # locked: a second answer changes nothing
    assert quiz.answer(1, "Legal").startswith("Correct. Legal: 甲 (A) adds K♠")
    assert quiz.score == "1 of 2" and quiz.answered(0) and quiz.answered(1)
    quiz.reset()
    assert quiz.score == "0 of 2" and not quiz.answered(0)
    assert quiz.answer(0, 1).startswith("Correct. Illegal (rank_not_on_table)")
    assert repr(quiz) == "<Quiz 2 questions, score 1 of 2>"


def test_quiz_refuses_questions_and_choices_that_do_not_exist():
    quiz = Quiz(Quiz.from_scenario(ROUTE_A).questions[:2])
    for index in (-1, 2, 1.0, True):
        with pytest.raises(ValueError, match="no question"):
            quiz.answer(index, "Legal")
    with pytest.raises(ValueError, match="choices 0 to 1"):
        quiz.answer(0, 5)
    assert quiz.score == "0 of 2"


def test_quiz_from_file_keeps_answers_out_of_the_notebook(tmp_path):
    (tmp_path / "quiz.yaml").write_text(
        "- question: May 甲 add the king of spades now?\n"
        "  choices: [Yes, No]\n"
        "  answer: Yes\n"
        "  explanation: A king is on the table.\n"
        f"  position: {{scenario: {ROUTE_A}, step: 7}}\n"
        "- question: Which suit is trump?\n"
        "  choices: [♥, ♠]\n"
        "  answer: {index: 0}\n", encoding="utf-8")
    quiz = Quiz.from_file(tmp_path / "quiz.yaml")
    assert quiz.questions[0]["state"] == after(7) and quiz.questions[1]["state"] is None
    assert quiz.answer(0, "Yes") == "Correct. A king is on the table."
    text = quiz.text()
    assert "1. May 甲 (A) add the king of spades now?" in text and "A king is on the table" not in text
    (tmp_path / "bad.yaml").write_text("- question: Why\n  choices: [a, b]\n  answer: a\n  hint: x\n")
    with pytest.raises(ValueError, match=r"bad.yaml \(line 4, question 1\): unknown key"):
        Quiz.from_file(tmp_path / "bad.yaml")
    (tmp_path / "bad.yaml").write_text("- question: Why\n  choices: [a, b]\n  answer: a\n"
                                       "  position: {scenario: missing.yaml}\n")
    with pytest.raises(ValueError, match=r"bad.yaml \(line 4, question 1\): .*missing.yaml: cannot read"):
        Quiz.from_file(tmp_path / "bad.yaml")


def test_quiz_buttons_give_feedback():
    quiz = Quiz.from_scenario(ROUTE_A, step=3)
    assert len(quiz.questions) == 1
    box = quiz.widget
    assert "cardlab-quiz" in box._dom_classes
    buttons(box)["Illegal"].click()
    assert "Correct." in quiz._feedback[0].value and "1 of 1" in quiz._score.value
    assert buttons(box)["Illegal"].button_style == "success"
    assert buttons(box)["Legal"].disabled and buttons(box)["Illegal"].disabled
    buttons(box)["Try again"].click()
    assert "0 of 1" in quiz._score.value and not buttons(box)["Legal"].disabled


def test_quiz_checks_its_questions():
    quiz = Quiz([{"question": "Which suit is trump?", "choices": ["♥", "♠"], "answer": {"index": 0},
                  "explanation": "The face-up card shows the trump suit."}])
    assert quiz.answer(0, "♥") == "Correct. The face-up card shows the trump suit."
    with pytest.raises(ValueError):
        Quiz([{"question": "?", "choices": ["a", "b"], "answer": "c"}])
    with pytest.raises(ValueError):
        Quiz([{"question": "?", "choices": ["a", "b"], "answer": "a", "hint": "x"}])
    with pytest.raises(ValueError):
        quiz.answer(0, "♦")
    with pytest.raises(ValueError):
        Quiz.from_scenario(ROUTE_A, step=1)


# --- Compare -------------------------------------------------------------------------------------

def test_compare_shows_transfer_only_in_perevodnoy():
    compare = Compare(transfer_position(), "podkidnoy", "perevodnoy")
    only_a, only_b = compare.differences()
    assert only_a == [] and [str(a) for a in only_b] == ["B transfer H8"]  # the notation
    assert "Only under perevodnoy: B transfer 8♥" in compare.summary()  # what a learner reads
    assert repr(compare) == "<Compare podkidnoy vs perevodnoy: 0 only in podkidnoy, 1 only in perevodnoy>"
    box = compare.widget
    assert "cardlab-compare" in box._dom_classes
    assert "B transfer 8♥ (only under perevodnoy)" in " ".join(html_values(box))


def test_compare_replays_a_scenario_under_each_rule_set(tmp_path):
    scenario = loads(TRANSFER)
    at_one = Compare(scenario, "podkidnoy", "perevodnoy", at_step=1)
    assert [str(a) for a in at_one.differences()[1]] == ["B transfer H8"]
    assert at_one.notes == []
    at_two = Compare(scenario, "podkidnoy", "perevodnoy", at_step=2)
    assert at_two.states[0] == at_one.states[0]  # podkidnoy refuses the transfer: stays before it
    (note,) = at_two.notes
    assert note.startswith("Under podkidnoy, step 2 (B transfer H8) is refused (not_allowed)")
    # A step that only checks is not counted: the note names the step as the stepper shows it.
    checked = loads(TRANSFER.replace("  - A attack S8\n", "  - A attack S8\n  - expect: {defender: B}\n"))
    assert Stepper(checked).total == 2
    (note,) = Compare(checked, "podkidnoy", "perevodnoy", at_step=2).notes
    assert note.startswith("Under podkidnoy, step 2 (B transfer H8) is refused")
    assert at_two.states[1].defender == "C"


def test_compare_keeps_the_attack_limit_exact():
    compare = Compare(after(0), "podkidnoy", "throw-in-fool")
    assert [s.limit for s in compare.states] == [6, 5]
    compare = Compare(ROUTE_A, "podkidnoy", "throw-in-fool", at_step=7)
    assert [s.limit for s in compare.states] == [6, 5]


# --- one step numbering ---------------------------------------------------------------------------

@pytest.fixture
def checks_and_refusals(tmp_path) -> Path:
    """Route A with a check-only step before its first action too: 11 steps in the file, of which
    3 only check and 1 is refused (甲 attack D6); 8 steps for the stepper."""
    text = ROUTE_A.read_text(encoding="utf-8").replace("steps:\n", "steps:\n  - expect: {attacker: 甲}\n", 1)
    path = tmp_path / "checks_and_refusals.yaml"
    path.write_text(text, encoding="utf-8")
    steps = load(path).steps
    assert (len(steps), sum(s.action is None for s in steps), sum(s.reject is not None for s in steps)) == (11, 3, 1)
    return path


def test_every_widget_shows_step_n_where_the_stepper_does(checks_and_refusals):
    path = checks_and_refusals
    stepper = Stepper(path)
    referee = Referee(path.parent)
    assert stepper.total == 8
    for n in range(stepper.total + 1):
        stepper.goto(n)
        shown = stepper.position()
        assert TryIt(path, at_step=n).position() == shown, n
        compare = Compare(path, "podkidnoy", "perevodnoy", at_step=n)
        assert [_position(s) for s in compare.states] == [shown, shown.replace("podkidnoy", "perevodnoy")], n
        quiz_file = path.parent / f"quiz_{n}.yaml"
        quiz_file.write_text("- question: Who acts?\n  choices: [甲, 乙]\n  answer: 甲\n"
                             f"  position: {{scenario: {path.name}, step: {n}}}\n", encoding="utf-8")
        assert _position(Quiz.from_file(quiz_file).questions[0]["state"]) == shown, n
        referee.show(path.name, n)
        assert referee.step == n and _position(referee.state) == shown, n
    with pytest.raises(ValueError, match="from 0 \\(the start\\) to 8"):
        TryIt(path, at_step=9)


def test_quiz_from_scenario_asks_the_questions_of_the_stepper_step(checks_and_refusals):
    stepper = Stepper(checks_and_refusals)
    # Step 3 is the refused 甲 attack D6; step 7 is 乙 defend CQ CK with the check after it.
    for n, question in ((3, "Is '甲 attack D6' legal here?"), (7, "Is '甲 attack SK' legal here?")):
        stepper.goto(n)
        (asked,) = Quiz.from_scenario(checks_and_refusals, step=n).questions
        assert asked["question"] == question and asked["state"] == stepper.state
    with pytest.raises(ValueError, match="step 8 of"):
        Quiz.from_scenario(checks_and_refusals, step=8)


def _position(state) -> str:
    return state.learner_text(state.describe())


# --- display plumbing -----------------------------------------------------------------------------

@pytest.mark.parametrize("make", [lambda: Stepper(ROUTE_A), lambda: TryIt(ROUTE_A),
                                  lambda: Quiz.from_scenario(ROUTE_A),
                                  lambda: Compare(ROUTE_A, "podkidnoy", "perevodnoy")])
def test_widgets_display_as_ipywidgets_and_repr_deterministically(make):
    first, second = make(), make()
    assert repr(first) == repr(second) and "0x" not in repr(first)
    bundle = first._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == first.widget.model_id
    # Saved without widget state, a notebook shows this instead of "VBox(children=...":
    assert bundle["text/plain"] == repr(first)
    assert RUN_ME in bundle["text/html"] and "VBox" not in bundle["text/html"]
    # Run all cells, never this one alone: a widget cell needs the cells above it.
    assert RUN_ME.startswith("Run all cells (Run → Run All Cells)") and "this cell" not in RUN_ME


def test_quiz_text_prints_questions_and_choices_without_answers():
    quiz = Quiz([{"question": "Which is trump?", "choices": ["6♦", "A♠"], "answer": {"index": 0},
                  "explanation": "Diamonds are trump."}])
    assert quiz.text() == "1. Which is trump?\n   choices: 6♦ / A♠"
    from_file = Quiz.from_scenario(ROUTE_A.parent / "defence_table.yaml", step=1)
    text = from_file.text()
    assert "1. Is '乙 (B) defend 9♠ 10♠' legal here?" in text and "table: 9♠/?" in text
    assert "Diamonds are trump" not in quiz.text() and "Illegal (" not in text


# --- what a learner reads and types ---------------------------------------------------------------

def test_tryit_lets_a_learner_choose_what_the_jokers_stand_for():
    daifugo = pytest.importorskip("cardlab.daifugo")
    state = daifugo.from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={
        "甲": ["D5", "D9", "BJ", "RJ"], "乙": ["S3"], "丙": ["S4"], "丁": ["S6"]})
    tryit = TryIt(state)
    tryit.select("D5", "BJ", "RJ")
    readings = [str(a) for a in tryit.readings()]
    assert "甲 play D5 BJ=5 RJ=5" in readings and len(readings) > 1
    refused = tryit.press("play")
    assert refused.startswith("Not a combination: ") and refused.endswith("the list 'Jokers as'.")
    view = tryit.widget
    assert tryit._reading_menu.layout.display is None  # offered, since several readings are legal
    assert tryit._reading_menu.options[1 + readings.index("甲 play D5 BJ=5 RJ=5")] == "as three 5s"
    tryit._reading_menu.index = readings.index("甲 play D5 BJ=5 RJ=5") + 1
    assert buttons(view)["Play"].click() is None and tryit.message == "甲 (A) plays three 5s (5♦ BJ=5 RJ=5)."
    tryit.undo()
    tryit.select("D5", "BJ=5", "RJ=5")  # or written out
    assert tryit.press("play") == "甲 (A) plays three 5s (5♦ BJ=5 RJ=5)."


def test_presentation_size_for_every_new_widget():
    from cardlab import widgets

    widgets.presentation()
    try:
        assert Stepper(ROUTE_A).size == TryIt(ROUTE_A).size == "large"
        assert 'width="84"' in TryIt(ROUTE_A).picture()
    finally:
        widgets.presentation(False)
    assert Stepper(ROUTE_A).size == "normal"
    with pytest.raises(ValueError, match="size must be"):
        Stepper(ROUTE_A, size="huge")


def test_seat_buttons_and_pictures_show_a_latin_seat_letter(tryit):
    view = tryit.widget
    assert tryit._seat_buttons.options == (("甲 (A)", "甲"), ("乙 (B)", "乙"))
    assert "甲 (A)" in tryit.picture() and "乙 (B)" in tryit.picture()
    assert tryit.press("attack", player="C").startswith("Not an action: 'C' is not a player")
    assert "cardlab-tryit" in view._dom_classes


def test_learner_text_can_be_read_twice_and_quiz_choices_show_seat_letters():
    state = after(0)
    once = state.learner_text("甲 attack S8")
    assert state.learner_text(once) == once == "甲 (A) attack 8♠"
    quiz = Quiz([{"question": "Who attacks first?", "choices": ["甲", "乙"], "answer": "甲", "state": state}])
    assert "choices: 甲 (A) / 乙 (B)" in quiz.text()
    assert quiz.answer(0, "乙") == "Not quite: the answer is 甲 (A)."
    assert {"甲 (A)", "乙 (B)"} <= set(buttons(quiz.widget))


def test_still_picture_before_run_is_an_image():
    html = Stepper(ROUTE_A).static_html()
    assert "<svg" not in html and 'src="data:image/svg+xml;base64,' in html


def test_tryit_offers_the_verbs_of_the_phase():
    scenario = load(ROOT / "lessons" / "scenarios" / "daifugo" / "jdf_exchange.yaml")
    tryit = TryIt(scenario)
    assert tryit.state.exchanging and "Give" in buttons(tryit.widget) and "Play" not in buttons(tryit.widget)
    for step in scenario.steps:
        if step.action is not None and step.action.verb == "give" and step.reject is None:
            tryit.select(*step.action.cards)
            tryit.press("give", player=step.action.player)
    assert not tryit.state.exchanging
    assert {"Play", "Pass"} <= set(buttons(tryit.widget)) and "Give" not in buttons(tryit.widget)


def test_stepper_narrates_notes_written_in_several_languages_in_english():
    import yaml

    doc = yaml.safe_load(ROUTE_A.read_text(encoding="utf-8"))
    scenario = load(ROUTE_A)
    note = scenario.steps[2].note_in("en")
    doc["title"] = {"zh-TW": "路線甲", "en": scenario.title_in("en")}
    doc["steps"][2]["note"] = {"en": note, "ja": "場の数字だけ"}
    many = loads(yaml.safe_dump(doc, allow_unicode=True), "many.yaml")
    assert many.steps[2].note_in("ja") == "場の数字だけ" and many.title_in("zh-TW") == "路線甲"
    stepper = Stepper(many)
    assert stepper.narration.startswith(f"Start: {scenario.title_in('en')}") and "路線甲" not in stepper.narration
    for _ in range(3):
        stepper.step()
    assert stepper.state.learner_text(note) in stepper.narration and "場の数字" not in stepper.narration


