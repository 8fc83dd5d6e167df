"""The Daifugo widgets (cardlab.daifugo.widgets), driven through their Python API and through their
ipywidgets controls (no browser): every verdict must be the engine's own rule and words. Also what
the Daifugo lessons show a learner: their quizzes agree with the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab import parse_cards  # noqa: E402
from cardlab.cards import to_symbols  # noqa: E402
from cardlab.daifugo import RULESETS, forbidden_finish, readings  # noqa: E402
from cardlab.daifugo.combos import eight_cut  # noqa: E402
from cardlab.daifugo.widgets import PLAYS, FinishGrid  # noqa: E402
from cardlab.scenario import load  # noqa: E402
from cardlab.svg import HIGHLIGHT  # noqa: E402
from cardlab.widgets import RUN_ME, Quiz, Stepper  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons" / "daifugo"
SCENARIOS = ROOT / "lessons" / "scenarios" / "daifugo"
JDF = RULESETS["jdf"]


def engine_reasons(cards: str, revolution: bool) -> list[str]:
    """The engine's reasons, asked directly (the one reading of ``cards``)."""
    (play,), _ = readings(parse_cards(cards), JDF)
    return forbidden_finish(play, JDF, revolution, eight_cut(play, JDF))


def controls(box, kind) -> list:
    found, stack = [], [box]
    while stack:
        w = stack.pop()
        if isinstance(w, kind):
            found.append(w)
        stack.extend(getattr(w, "children", ()))
    return found


def button(box, description: str):
    (found,) = [b for b in controls(box, ipywidgets.Button) if b.description == description]
    return found


@pytest.fixture
def grid():
    return FinishGrid()


# --- the rule: the engine's, never a copy ---------------------------------------------------------

def test_every_cell_is_the_engines_verdict(grid):
    for i, cards in enumerate(PLAYS):
        for revolution in (False, True):
            reasons = engine_reasons(cards, revolution)
            assert grid.cell(i, revolution) == ("forbidden" if reasons else "clean")
            assert grid.reasons(grid.rows[i], revolution) == reasons
            text = grid.pick(i, revolution)
            for reason in reasons:
                assert reason in text  # in the engine's own words


def test_the_grid_matches_the_articles_table(grid):
    # 000, section 四: joker always; 2 only outside a revolution; the lone 3♠ outside one, any 3
    # during one; any 8-cut always. A sequence holding an 8 does not cut (example 3).
    expected = {"BJ": ("forbidden", "forbidden"), "S2": ("forbidden", "clean"),
                "HK HA H2": ("forbidden", "clean"), "S2 RJ": ("forbidden", "forbidden"),
                "S3": ("forbidden", "forbidden"), "H3": ("clean", "forbidden"),
                "S3 H3 D3 C3": ("clean", "forbidden"), "H3 H4 H5": ("clean", "forbidden"),
                "D8": ("forbidden", "forbidden"), "C8 D8": ("forbidden", "forbidden"),
                "H7 H8 H9": ("clean", "clean"), "S9 H9": ("clean", "clean")}
    for cards, (normal, revolution) in expected.items():
        i = PLAYS.index(cards)
        assert (grid.cell(i, False), grid.cell(i, True)) == (normal, revolution), cards


def test_a_pick_names_the_play_the_state_and_the_other_column(grid):
    text = grid.pick("S3 H3 D3 C3", revolution=False)
    assert text.splitlines() == [
        "Last play: four 3s (3♠ 3♥ 3♦ 3♣), no revolution in force before it.",
        "Clean finish: no forbidden-finish rule applies to it.",
        "With a revolution in force: forbidden finish (反則上がり): it holds a 3 during a revolution.",
        "The play starts a revolution itself, but a last play is judged by the state before it."]
    assert grid.message == text and (grid.row, grid.revolution) == (PLAYS.index("S3 H3 D3 C3"), False)
    assert "S3" not in text  # cards as a learner reads them


def test_the_toggle_judges_the_picked_play_in_the_other_state(grid):
    assert grid.set_revolution(True) == ("Now judging with a revolution in force before the last play: "
                                         "pick one.")
    assert grid.revealed == set()
    grid.pick("S2")  # keeps the column picked: a revolution
    assert grid.message.startswith("Last play: single 2 (2♠), a revolution in force before it.\nClean finish")
    text = grid.set_revolution(False)
    assert text.splitlines()[1] == "Forbidden finish (反則上がり): it holds a 2 outside a revolution."
    assert grid.revealed == {(2, True), (2, False)}


def test_own_plays_are_judged_and_bad_ones_get_the_engines_reason(grid):
    text = grid.judge("8♠ BJ")  # typed as a learner reads cards
    assert text.splitlines()[1] == "Forbidden finish (反則上がり): it holds a joker; it cuts with 8 (8切)."
    assert grid.row is None and grid.revealed == set()
    assert grid.judge("S9 BJ=9", revolution=True).startswith("Last play: pair of 9s (9♠ BJ=9), a revolution")
    assert grid.row == PLAYS.index("S9 BJ")  # the same play as a row of the grid: its cell is shown
    picked = grid.play
    _, why = readings(parse_cards("S5 H6"), JDF)
    assert grid.judge("S5 H6") == to_symbols(f"Not a combination: {why}")
    assert grid.judge("X5").startswith("Not a combination: bad card 'X5'")
    assert grid.judge("S5 S6 BJ") == ("Not a combination: the jokers could stand for different cards; "
                                      "write which with '=': 5♠ 6♠ BJ=4♠ or 5♠ 6♠ BJ=7♠")
    assert grid.play == picked  # nothing else changed
    assert grid.judge("S5 S6 BJ=4♠").startswith("Last play: sequence ♠4-5-6")


def test_reveal_shows_every_cell_and_reset_hides_them(grid):
    assert grid.reveal() == grid.message == ("Every cell is shown: 18 of 28 are forbidden finishes. "
                                             "Click one to see why.")
    text = grid.table()
    assert text.splitlines()[0] == "last play                  | no revolution | revolution"
    assert "sequence ♥7-8-9 (7♥ 8♥ 9♥) | clean         | clean" in text
    assert len(grid.revealed) == 2 * len(PLAYS)
    grid.pick(0)
    grid.reset()
    assert grid.revealed == set() and grid.play is None and grid.message == "" and not grid.revolution


def test_rows_are_checked(grid):
    for bad in (-1, len(PLAYS), 1.0, True):
        with pytest.raises(ValueError, match="no row"):
            grid.pick(bad)
    with pytest.raises(ValueError, match="not a row of the grid"):
        grid.pick("D9 C9")
    with pytest.raises(ValueError, match="'S5 H6'"):
        FinishGrid(["S5 H6"])
    with pytest.raises(ValueError, match="could stand for different cards"):
        FinishGrid(["S5 S6 BJ"])
    with pytest.raises(ValueError, match="no rule set"):
        FinishGrid(rules="house")
    with pytest.raises(ValueError, match="at least one"):
        FinishGrid([])


def test_a_rule_set_without_forbidden_finishes():
    grid = FinishGrid(["BJ", "C8 D8"], rules="yeeqia")
    assert [grid.cell(0, False), grid.cell(1, True)] == ["clean", "clean"]
    assert grid.pick(1, False).splitlines()[1] == "Clean finish: yeeqia has no forbidden finishes."


# --- display --------------------------------------------------------------------------------------

def test_repr_is_deterministic_and_the_bundle_carries_a_static_table():
    first, second = FinishGrid(), FinishGrid()
    assert repr(first) == repr(second) == ("<FinishGrid jdf: 14 last plays, 0 of 28 cells shown; "
                                           "picked nothing, no revolution in force>")
    first.pick("C8 D8", revolution=True)
    assert repr(first) == ("<FinishGrid jdf: 14 last plays, 1 of 28 cells shown; picked 8♣ 8♦, "
                           "a revolution in force>")
    bundle = second._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == second.widget.model_id
    assert bundle["text/plain"] == repr(second)
    html = bundle["text/html"]
    assert RUN_ME in html and "VBox" not in html
    left = ' style="text-align:left"'
    assert f"<td{left}>pair of 8s (8♣ 8♦)</td><td{left}>forbidden</td><td{left}>forbidden</td>" in html


def test_picture_shows_the_picked_play_with_its_stand_ins(grid):
    assert grid.picture() == ""
    grid.pick("S9 BJ")
    assert "black joker as 9" in grid.picture() and "nine of spades" in grid.picture()


# --- the ipywidgets view --------------------------------------------------------------------------

def test_cells_are_buttons_that_reveal_and_mark_the_pick(grid):
    box = grid.widget
    assert "cardlab-finish-grid" in box._dom_classes
    cells = grid._cells
    assert len(cells) == 2 * len(PLAYS) and {b.description for b in cells.values()} == {"?"}
    i = PLAYS.index("C8 D8")
    cells[(i, False)].click()
    assert (grid.row, grid.revolution) == (i, False)
    assert cells[(i, False)].description == "forbidden" and cells[(i, False)].button_style == "danger"
    assert cells[(i, False)].layout.border == f"3px solid {HIGHLIGHT}"
    assert cells[(i, True)].description == "?"
    assert "it cuts with 8 (8切)" in grid._verdict_html.value and "#b3261e" in grid._verdict_html.value
    assert "eight of clubs" in grid._picture.value
    j = PLAYS.index("H7 H8 H9")
    cells[(j, True)].click()
    assert cells[(j, True)].button_style == "success" and cells[(i, False)].layout.border == ""
    assert grid._toggle.value is True


def test_the_toggle_and_the_text_box(grid):
    box = grid.widget
    grid.pick("S2", revolution=False)
    grid._toggle.value = True
    assert grid.revolution and grid.message.splitlines()[1].startswith("Clean finish")
    assert grid._cells[(PLAYS.index("S2"), True)].description == "clean"
    grid.set_revolution(False)  # the Python API moves the toggle too
    assert grid._toggle.value is False
    (text,) = controls(box, ipywidgets.Text)
    text.value = "7♥ 8♥ 9♥"  # Enter, or leaving the box
    assert grid.message.startswith("Last play: sequence ♥7-8-9")
    grid.reset()
    button(box, "Judge").click()
    assert grid.message.splitlines()[:2] == ["Last play: sequence ♥7-8-9 (7♥ 8♥ 9♥), no revolution in force "
                                              "before it.", "Clean finish: no forbidden-finish rule applies to it."]
    assert grid._cells[(PLAYS.index("H7 H8 H9"), False)].description == "clean"
    text.value = "S9 S9"
    button(box, "Judge").click()
    assert grid.message == "Not a combination: 9♠ is named twice; there is only one 9♠"
    assert "#b3261e" in grid._verdict_html.value


def test_reveal_and_hide_buttons(grid):
    box = grid.widget
    button(box, "Reveal all").click()
    assert "?" not in {b.description for b in grid._cells.values()}
    assert "Every cell is shown" in grid._verdict_html.value
    button(box, "Hide all").click()
    assert {b.description for b in grid._cells.values()} == {"?"} and grid._verdict_html.value == ""


# --- what the Daifugo lessons show ---------------------------------------------------------------

QUIZZES = [LESSONS / "quizzes" / f"0{n}.yaml" for n in range(1, 5)]


@pytest.mark.parametrize("path", QUIZZES, ids=lambda p: p.name)
def test_lesson_quizzes_load_and_legality_answers_are_the_engines(path):
    quiz = Quiz.from_file(path)
    assert 3 <= len(quiz.questions) <= 5
    assert not re.search(r"\(([A-D])\) \(\1\)", str(quiz.text()))  # a seat letter written where one is added
    asked = 0
    for q in quiz.questions:
        found = re.search(r"Is '(.+)' legal here\?", str(q["question"]))
        if not found or q["state"] is None:
            continue
        asked += 1
        state = q["state"]
        action = state.parse_action(found.group(1))
        refusal = state.check(action)
        if refusal is None:
            assert q["answer"] == "Legal"
            events = state.copy().apply(action)
            assert q["explanation"].startswith("Legal: " + " ".join(str(e.text) for e in events))
        else:
            assert q["answer"] == "Illegal"
            # named by the reason's title, as a learner reads it: the code is for teachers
            title = str(refusal.title)
            assert q["explanation"].startswith(f"Illegal ({title[0].lower()}{title[1:]}): {refusal.explanation}")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert len(raw) == len(quiz.questions) and (asked or path.name == "01.yaml")


def test_a_spade_three_counter_as_the_last_card_says_the_table_clears():
    stepper = Stepper(SCENARIOS / "jdf_spade_three_last_card.yaml")
    stepper.end()
    assert "the spade-3 return still clears the table" in stepper.narration
    assert "stays on the table" not in stepper.narration
    assert load(SCENARIOS / "jdf_spade_three_last_card.yaml").title in stepper.transcript()
