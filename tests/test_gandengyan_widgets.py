"""The Gan Deng Yan widgets (cardlab.gandengyan.widgets), driven through their Python API and through
their ipywidgets controls (no browser): every verdict must be the article's and in the engine's own
words. Also what the Gan Deng Yan lessons show a learner: their quizzes and comparisons agree with
the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab import parse_cards  # noqa: E402
from cardlab.engine import REASON_TITLES  # noqa: E402
from cardlab.gandengyan import RULESETS, readings, ruling  # noqa: E402
from cardlab.gandengyan.widgets import ARTICLE_ROWS, PLAYS, BombCompare  # noqa: E402
from cardlab.widgets import RUN_ME, Compare, Quiz, Stepper  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons" / "gandengyan"
SCENARIOS = ROOT / "lessons" / "scenarios" / "gandengyan"
YIQI = RULESETS["yiqi"]


def play(cards: str, rules=YIQI):
    (found,), _ = readings(parse_cards(cards), rules)
    return found


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
def compare():
    return BombCompare()


# --- the verdicts: the article's, in the engine's words -------------------------------------------

# (on the table, played on it) -> the winner, or None when neither may go on the other. The article's
# bomb table (section 四) and its examples of "big is not enough" and the 2 exception (section 二).
WINNERS = {
    ("S8 H8", "S5 H5 D5"): "S5 H5 D5",          # a bomb beats an ordinary play
    ("S5 H5 D5", "SK HK DK"): "SK HK DK",       # one kind of bomb: by rank, no one-higher limit
    ("SA HA DA", "S3 H3 D3 C3"): "S3 H3 D3 C3",  # the kind counts before the rank
    ("S2 H2 D2 C2", "BJ RJ"): "BJ RJ",          # the two jokers are the top bomb
    ("S5 H5 D5", "C2"): "S5 H5 D5",             # not even a 2 beats a bomb
    ("S5 H5 D5", "C2 D2"): "S5 H5 D5",
    ("D8", "C9"): "C9",                         # exactly one rank higher
    ("D8", "H10"): None,                        # bigger, but not the next rank
    ("D8", "HA"): None,
    ("D8", "C2"): "C2",                         # a single 2 beats any single
    ("HA", "C2"): "C2",
    ("S8 H8", "C2"): None,                      # a single 2 answers no pair
    ("S6 S7 S8", "C2 D2"): None,                # a pair of 2s answers no run
    ("S6 S7 S8", "H7 H8 H9"): "H7 H8 H9",
    ("S4 H4 BJ", "S3 H3 D3 C3"): "S3 H3 D3 C3",  # a bomb made with a joker is a bomb of three
    ("S4 H4 BJ", "S5 H5 D5"): "S5 H5 D5",
}


@pytest.mark.parametrize("table, played", WINNERS, ids=lambda t: t.replace(" ", ""))
def test_the_winner_is_the_articles_in_the_engines_words(compare, table, played):
    text = compare.pick(table, played)
    winner = WINNERS[(table, played)]
    last = text.splitlines()[-1]
    if winner is None:
        assert last == "Winner: neither; each is refused on the other."
    else:
        assert last == f"Winner: {play(winner)}."
    for first, second in ((played, table), (table, played)):
        code, why = ruling(play(first), play(second))
        assert why in text  # the engine's own explanation, word for word
        assert (code is None) == (first == winner)
        if code is not None:
            assert f"refused: {REASON_TITLES[code]}. {why}" in text and code not in text


def test_an_answer_reads_that_way_round_the_other_way_and_the_winner(compare):
    assert compare.pick("S8 H8", "S5 H5 D5").splitlines() == [
        "Three 5s (5♠ 5♥ 5♦) on pair of 8s (8♠ 8♥): beats it: a bomb beats any ordinary play.",
        "The other way round, pair of 8s (8♠ 8♥) on three 5s (5♠ 5♥ 5♦): refused: Not the same kind of play. Only a "
        "bigger bomb beats a bomb: three 5s (5♠ 5♥ 5♦) is on the table, and pair of 8s (8♠ 8♥) is no bomb; "
        "not even a 2 beats a bomb.",
        "Winner: three 5s (5♠ 5♥ 5♦)."]
    assert compare.message.startswith("Three 5s") and "S5" not in compare.message


def test_the_articles_table_row_by_row(compare):
    lines = compare.article().splitlines()
    assert lines[0] == "The article's bomb table, judged by the engine:"
    assert len(lines) == 1 + len(ARTICLE_ROWS)
    for line, (table, played) in zip(lines[1:], ARTICLE_ROWS):
        code, why = ruling(play(played), play(table))
        assert code is None and line.endswith(f": beats it: {why}.")
    assert lines[3].startswith("Four 3s (3♠ 3♥ 3♦ 3♣) on three As (A♠ A♥ A♦): beats it")


def test_one_list_at_a_time_and_swap(compare):
    assert compare.set_table("D8") == "Now choose the play to put on it."
    assert compare.set_played(PLAYS.index("C9")).splitlines()[-1] == "Winner: single 9 (9♣)."
    assert compare.swap().splitlines()[0].startswith("Single 8 (8♦) on single 9 (9♣): refused: Not one rank higher.")
    assert repr(compare) == "<BombCompare yiqi: 16 plays; on the table: 9♣, played on it: 8♦>"
    compare.reset()
    assert compare.message == "" and compare.table is None and compare.played is None
    assert compare.set_played("BJ RJ") == "Now choose the play on the table."


def test_typed_plays_as_shown_and_in_any_order(compare):
    text = compare.judge("8♥ 8♠", "5♠ 5♥ 5♦")
    assert text.splitlines()[-1] == "Winner: three 5s (5♠ 5♥ 5♦)."
    assert compare.judge("S8 H9 BJ=10", "D9 D10 RJ=J").splitlines()[0] == (
        "Run 9-10-J (9♦ 10♦ RJ=J) on run 8-9-10 (8♠ 9♥ BJ=10): beats it: exactly one rank higher than "
        "8♠ 9♥ BJ=10.")
    compare.judge("H8 S8", "S2")
    assert compare._index(compare.table) == PLAYS.index("S8 H8")  # a listed play, typed in another order


@pytest.mark.parametrize("typed, words", [
    ("BJ", "refused: Not on its own. BJ is a joker on its own"),
    ("BJ=9 RJ=9", "refused: Not on its own."),
    ("S5 H6", "refused: Not a combination. 5♠ 6♥ is no combination"),
    ("SK SA S2", "a 2 is never part of a run"),
    ("S8 H9 BJ", "the jokers could stand for different ranks; write which with '=': 8♠ 9♥ BJ=7 or 8♠ 9♥ BJ=10"),
    ("S5 S5", "5♠ is named twice"),
    ("W1 S5", "W1 is not a card of the yiqi deck"),
    ("X5", "bad card 'X5'"),
])
def test_a_typed_play_that_is_not_one_combination_changes_nothing(compare, typed, words):
    compare.pick("S8 H8", "S5 H5 D5")
    for table, played in ((typed, "S5"), ("S5", typed)):
        text = compare.judge(table, played)
        side = "on the table" if table == typed else "played on it"
        assert text.startswith(f"The play {side}: ") and words in text
        assert (compare.table, compare.played) == (play("S8 H8"), play("S5 H5 D5"))


def test_jj_has_no_joker_bomb_and_wild_cards_stand_in():
    jj = BombCompare(["S2 H2 D2 C2", "S4 H4 W1", "S3 H3 D3 C3"], rules="jj")
    assert jj.pick("S4 H4 W1", "S3 H3 D3 C3").splitlines()[-1] == "Winner: four 3s (3♠ 3♥ 3♦ 3♣)."
    assert "not a card of the jj deck" in jj.judge("S5", "BJ RJ")
    assert "refused: Not on its own." in jj.judge("S5", "W1 W2")


def test_the_lists_are_checked():
    with pytest.raises(ValueError, match="'S5 H6'"):
        BombCompare(["S5 H6"])
    with pytest.raises(ValueError, match="different ranks"):
        BombCompare(["S8 H9 BJ"])
    with pytest.raises(ValueError, match="no rule set"):
        BombCompare(rules="house")
    with pytest.raises(ValueError, match="at least one"):
        BombCompare([])
    compare = BombCompare()
    for bad in (-1, len(PLAYS), 1.0, True):
        with pytest.raises(ValueError, match="no play"):
            compare.set_table(bad)
    with pytest.raises(ValueError, match="not one of the listed plays"):
        compare.set_played("D9 C9")


# --- display --------------------------------------------------------------------------------------

def test_repr_is_deterministic_and_the_bundle_carries_the_articles_table():
    first, second = BombCompare(), BombCompare()
    assert repr(first) == repr(second) == ("<BombCompare yiqi: 16 plays; on the table: nothing, played on "
                                           "it: nothing>")
    bundle = second._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == second.widget.model_id
    assert bundle["text/plain"] == repr(second)
    html = bundle["text/html"]
    assert RUN_ME in html and "VBox" not in html
    left = ' style="text-align:left"'
    # The columns in the order of the lists and of the lesson's copy of the article's table: the play
    # on the table first, then the play put on it.
    assert f"<th{left}>on the table</th><th{left}>played on it</th>" in html
    assert f"<td{left}>three As (A♠ A♥ A♦)</td><td{left}>four 3s (3♠ 3♥ 3♦ 3♣)</td>" in html
    assert "each play on the right beats the play on the left" in html


def test_picture_shows_both_plays_and_what_a_joker_stands_for(compare):
    assert compare.picture() == ""
    compare.pick("S4 H4 BJ", "BJ RJ")
    svg = compare.picture()
    assert "on the table: three 4s" in svg and "played on it: two jokers" in svg
    assert "as 4" in svg and svg.count("black joker") >= 2
    compare.reset()
    compare.set_table("D8")
    assert "played on it: (choose)" in compare.picture()


# --- the ipywidgets view --------------------------------------------------------------------------

def test_the_lists_and_swap(compare):
    box = compare.widget
    assert "cardlab-bomb-compare" in box._dom_classes
    table, played = compare._menus["on the table"], compare._menus["played on it"]
    assert {table, played} == set(controls(box, ipywidgets.Dropdown))
    table.value = PLAYS.index("SA HA DA")
    assert compare.message == "Now choose the play to put on it."
    played.value = PLAYS.index("S3 H3 D3 C3")
    assert compare.message.splitlines()[-1] == "Winner: four 3s (3♠ 3♥ 3♦ 3♣)."
    assert "#1a7f37" in compare._verdict_html.value  # green: the play put on it beats the table
    assert "three As" in compare._picture.value
    button(box, "Swap").click()
    assert (table.value, played.value) == (PLAYS.index("S3 H3 D3 C3"), PLAYS.index("SA HA DA"))
    assert "#b3261e" in compare._verdict_html.value
    compare.pick("D8", "C9")  # the Python API moves the lists too
    assert (table.value, played.value) == (PLAYS.index("D8"), PLAYS.index("C9"))


def test_typing_and_the_articles_table(compare):
    box = compare.widget
    compare._typed["on the table"].value = "8♠ 8♥"
    compare._typed["played on it"].value = "2♠"
    button(box, "Compare").click()
    assert compare.message.splitlines()[-1] == "Winner: neither; each is refused on the other."
    assert compare._menus["played on it"].value is None  # 2♠ is not a listed play
    compare._typed["played on it"].value = "BJ"
    button(box, "Compare").click()
    assert compare.message.startswith("The play played on it: refused: Not on its own.")
    button(box, "The article's table").click()
    assert "The article&#x27;s bomb table" in compare._verdict_html.value


# --- what the Gan Deng Yan lessons show -----------------------------------------------------------

QUIZZES = sorted((LESSONS / "quizzes").glob("*.yaml"))


def test_every_lesson_has_its_quiz():
    assert [p.name for p in QUIZZES] == [f"0{n}.yaml" for n in range(1, 7)]


@pytest.mark.parametrize("path", QUIZZES, ids=lambda p: p.name)
def test_lesson_quizzes_load_and_legality_answers_are_the_engines(path):
    quiz = Quiz.from_file(path)
    assert 3 <= len(quiz.questions) <= 5
    assert not re.search(r"\(([A-D])\) \(\1\)", str(quiz.text()))  # a seat letter written where one is added
    assert not re.search(r"\b[SHDC](10|[2-9JQKA])\b", str(quiz.text()))  # cards as a learner reads them
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


def test_lesson_3_single_draw_changes_the_draw_not_the_moves_then_the_next_answer():
    after = Compare(SCENARIOS / "three_player_round.yaml", "yiqi", "yiqi-single-draw", at_step=8)
    assert after.differences() == ([], [])
    every, single = after.states
    assert [len(every.hands[p]) for p in every.players] == [5, 4, 4] and len(every.stock) == 2
    assert [len(single.hands[p]) for p in single.players] == [4, 3, 4] and len(single.stock) == 4
    later = Compare(SCENARIOS / "three_player_round_next_lead.yaml", "yiqi", "yiqi-single-draw", at_step=10)
    only_every, only_single = later.differences()
    assert [str(a) for a in only_every] == ["乙 play H5"] and only_single == []


def test_lesson_3_narrates_the_draw_at_the_end_of_the_chain():
    chain = Stepper(SCENARIOS / "three_player_round.yaml")
    chain.end()
    assert chain.total == 8
    assert "丙 (C) draws 4♠ first and holds 4 cards." in chain.narration
    assert "丙 (C) played last, so 丙 (C) leads the next round" in chain.narration


def test_lesson_5_passing_differs_only_in_the_pass():
    passing = Compare(SCENARIOS / "jj_must_play.yaml", "yiqi", "jj", at_step=1)
    only_yiqi, only_jj = passing.differences()
    assert [str(a) for a in only_yiqi] == ["乙 pass"] and only_jj == []
