"""What a class sees of a widget on a projector, without a browser: every widget's view marked with
its size and carrying the style that makes its text at least 18 px at projector size; the stepper's
narration box sized by the example's longest step; a try-it table's instructions beside it, in the
lesson's language, from a file the lesson's code names the same in every edition; and a verdict
that lasts as long as the move it answers. (tests/test_widget_room_browser.py checks the same in a
real page.)"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab import set_language  # noqa: E402
from cardlab.i18n import language  # noqa: E402
from cardlab.scenario import Text  # noqa: E402
from cardlab.widgets import Compare, Quiz, Referee, Stepper, Table, TryIt, WidgetError, presentation  # noqa: E402
from cardlab.widgets.base import STYLE, column_heights  # noqa: E402
from cardlab.widgets.instructions import instructions_html, instructions_of  # noqa: E402

from test_widgets import ROUTE_A, buttons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
SCENARIOS = LESSONS / "scenarios"


@pytest.fixture
def projector():
    """presentation() on for the test, off after it."""
    presentation(True)
    try:
        yield
    finally:
        presentation(False)


# --- projector size: every widget ------------------------------------------------------------------

def _every_widget():
    return [Stepper(ROUTE_A), TryIt(ROUTE_A, at_step=2), Table("durak", "podkidnoy", seed=1),
            Quiz.from_scenario(ROUTE_A), Referee(SCENARIOS / "durak"),
            Compare(ROUTE_A, "podkidnoy", "perevodnoy", at_step=1)]


def test_every_widget_drawn_after_presentation_is_marked_large_and_carries_the_style(projector):
    for widget in _every_widget():
        box = widget.widget
        assert "cardlab-large" in box._dom_classes, widget
        assert widget._style in box.children and widget._style.value == f"<style>{STYLE}</style>"
        assert widget._style.layout.display == "none"


def test_every_widget_drawn_at_normal_size_is_not_marked_large():
    for widget in _every_widget():
        box = widget.widget
        assert "cardlab-large" not in box._dom_classes and "cardlab-widget" in box._dom_classes, widget


def test_the_style_sets_every_text_of_a_large_widget_to_18_px_or_more():
    rules = dict(re.findall(r"([^{}]+)\{([^}]*)\}", re.sub(r"/\*.*?\*/", "", STYLE, flags=re.S)))
    sizes = [int(px) for px in re.findall(r"font-size:\s*(\d+)px", STYLE)]
    assert sizes and min(sizes) >= 18
    large = next(body for selector, body in rules.items() if selector.strip() == ".cardlab-large")
    assert "--jp-widgets-font-size: 20px" in large  # ipywidgets' buttons, labels, menus and boxes
    small_print = next(s for s in rules if "small" in s and "pre" in s)
    assert "font-size: 18px" in rules[small_print]


def test_the_projector_toggle_marks_and_unmarks_the_view():
    stepper = Stepper(ROUTE_A)
    box = stepper.widget
    buttons(box)["Projector size"].value = True
    assert "cardlab-large" in box._dom_classes
    buttons(box)["Projector size"].value = False
    assert "cardlab-large" not in box._dom_classes


def test_a_quiz_a_referee_and_a_comparison_draw_their_pictures_as_large_as_the_card_table(projector):
    for widget in (Quiz.from_file(LESSONS / "daifugo-web" / "quizzes" / "02.yaml"), Referee(SCENARIOS / "durak"),
                   Compare(ROUTE_A, "podkidnoy", "perevodnoy", at_step=1)):
        box = widget.widget
        widths = set()
        stack = [box]
        while stack:
            w = stack.pop()
            if isinstance(w, ipywidgets.HTML) and w.value.startswith("<svg"):
                widths.add(float(re.search(r'width="([\d.]+)"', w.value).group(1)))
            stack.extend(getattr(w, "children", ()))
        assert widths and min(widths) >= 713, (widget, widths)  # the card table's at projector size


# --- the stepper's narration: as high as its longest step -----------------------------------------

def _sized_steps(stepper) -> list[str]:
    return [html.unescape(text) for text in re.findall(r'data-text="([^"]*)"', stepper._sizer.value)]


def test_the_narration_box_holds_every_step_invisibly_so_it_is_as_high_as_the_longest():
    stepper = Stepper(ROUTE_A)
    stepper.widget
    steps = _sized_steps(stepper)
    assert steps == [stepper._narrate(i) for i in range(stepper.total + 1)]
    assert 'aria-hidden="true"' in stepper._sizer.value and "cardlab-step-sizer" in stepper._sizer.value
    # The narration is drawn over them, in the same box; the column grows with it.
    assert stepper._narration_box.children == (stepper._sizer, stepper._narration)
    assert stepper._side.layout.min_height == "416px" and stepper._side.layout.height == "auto"
    assert stepper._side.layout.max_height == column_heights("normal")["max_height"]


def test_the_narration_box_is_sized_in_the_language_and_size_shown():
    stepper = Stepper(ROUTE_A)
    stepper.widget
    english = stepper._sizer.value
    with language("zh-TW"):
        stepper.step()
        assert _sized_steps(stepper)[1] == stepper._narrate(1) and stepper._sizer.value != english
    stepper.set_size("large")
    assert "font-size:20px" in stepper._sizer.value


def test_the_sized_steps_are_no_text_of_the_page():
    """Each step's text is an attribute (drawn as ::before content), never text a reader or a search
    of the page finds twice."""
    stepper = Stepper(ROUTE_A)
    stepper.widget
    without_attributes = re.sub(r'data-text="[^"]*"', "", stepper._sizer.value)
    assert re.sub(r"<[^>]+>", "", without_attributes).strip() == ""


# --- a try-it table's instructions --------------------------------------------------------------------

def test_instructions_are_a_text_a_text_per_language_or_a_file_of_them(tmp_path):
    assert instructions_of(None) is None
    assert instructions_of("Select 9♦.").get("ja") == "Select 9♦."
    per_language = instructions_of({"en": "Select 9♦.", "ja": "9♦を選びます。"})
    assert per_language.get("ja") == "9♦を選びます。" and per_language.get("zh-TW") == "Select 9♦."
    path = tmp_path / "try.yaml"
    path.write_text("en: |-\n  Select 9♦.\nzh-TW: 選9♦。\n", encoding="utf-8")
    assert instructions_of(str(path)) == Text({"en": "Select 9♦.", "zh-TW": "選9♦。"})
    assert instructions_of(path) == instructions_of(str(path))


@pytest.mark.parametrize("value, fault", [
    ({"zh-TW": "選9♦。"}, "must hold an English text (en)"),
    ({"en": "x", "jp": "y"}, "unknown language tag 'jp'"),
    ({"en": 7}, "the en instructions must be a text, not 7"),
    (7, "instructions are a text, a mapping from language tags"),
    ("missing.yaml", "missing.yaml: cannot read"),
])
def test_instructions_that_cannot_be_read_say_why_in_one_sentence(value, fault):
    with pytest.raises(WidgetError) as refused:
        TryIt(ROUTE_A, instructions=value)
    assert fault in str(refused.value) and "\n" not in str(refused.value)


def test_a_file_of_instructions_that_is_no_mapping_names_its_line(tmp_path):
    path = tmp_path / "try.yaml"
    path.write_text("# what to try\n- Select 9♦.\n", encoding="utf-8")
    with pytest.raises(WidgetError, match=r"try\.yaml \(line 2\): a file of instructions is a mapping"):
        instructions_of(path)


def test_instructions_are_drawn_as_the_lessons_write_markdown():
    drawn = instructions_html("甲 (A) leads.\n\n- Select **9♦** and\n  press **Play**.\n- Type `A play D9`.\n\n"
                              "1. First\n2. Second <b>\n\nLast line\nwrapped.")
    assert drawn == ("<p>甲 (A) leads.</p><ul><li>Select <b>9♦</b> and press <b>Play</b>.</li>"
                     "<li>Type <code>A play D9</code>.</li></ul><ol><li>First</li><li>Second &lt;b&gt;</li></ol>"
                     "<p>Last line wrapped.</p>")


def test_the_instructions_stand_beside_the_table_in_the_language_of_the_moment():
    table = TryIt(ROUTE_A, at_step=2, instructions={"en": "Select **9♦**.", "zh-TW": "選**9♦**。"})
    box = table.widget
    assert table._instructions in table._controls.children
    assert table._controls.children.index(table._instructions) < table._controls.children.index(table._seat_buttons)
    assert "Select <b>9♦</b>." in table._instructions.value
    set_language("zh-TW")
    try:
        table.select("D9")  # any update draws them anew
        assert "選<b>9♦</b>。" in table._instructions.value
    finally:
        set_language("en")
    assert "Select <b>9♦</b>." in table.static_html()  # the still picture keeps them too
    # The column may grow to the room the window leaves; the instructions scroll beyond their share.
    assert table._controls.layout.max_height == column_heights("normal")["max_height"]
    assert table._instructions.layout.max_height == "187px" and "cardlab-scrolls" in table._instructions._dom_classes
    # The verdict keeps room for four lines of its text (15 px, lines 1.45 apart) below them.
    assert table._verdict_html.layout.min_height == "87px"
    assert box is table.widget


def test_a_try_it_without_instructions_is_as_high_as_its_table():
    table = TryIt(ROUTE_A, at_step=2)
    table.widget
    assert table._instructions.layout.display == "none" and table._controls.layout.height == "416px"


def _displayed_try_its(path: Path) -> list[str]:
    """The code of each cell that shows a try-it table (the cells marked NBVAL_IGNORE_OUTPUT)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells
            if c["cell_type"] == "code" and "TryIt(" in "".join(c["source"]) and "NBVAL_IGNORE_OUTPUT" in "".join(c["source"])]


ENGLISH_LESSONS = sorted(p for p in LESSONS.glob("*/[0-9]*.ipynb") if p.parent.name not in ("zh-TW", "ja")
                         and _displayed_try_its(p))


@pytest.mark.parametrize("path", ENGLISH_LESSONS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_every_lessons_try_it_table_has_its_instructions_in_every_language_of_its_editions(path):
    (code,) = _displayed_try_its(path)
    named = re.search(r'instructions="([^"]+)"', code)
    assert named, "the try-it table shows no instructions beside it"
    texts = instructions_of(path.parent / named.group(1))
    editions = [tag for tag in ("zh-TW", "ja") if (LESSONS / tag / path.relative_to(LESSONS)).is_file()]
    assert set(texts.languages) == {"en", *editions}
    # The lesson's markdown keeps a pointer, not the list of what to try.
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    at = next(i for i, c in enumerate(cells) if "".join(c["source"]) == code)
    above = "".join(next(c for c in reversed(cells[:at]) if c["cell_type"] == "markdown")["source"])
    assert "beside the table" in above and not re.search(r"^\s*(-|\d+\.) ", above, re.M)


@pytest.mark.parametrize("lang", ["en", "zh-TW", "ja"])
def test_daifugo_4s_try_it_names_the_joker_as_the_verdict_and_the_picture_do(lang):
    """One wording: the joker played with J♠ is "as J" (RJ=J), what the verdict and the picture say,
    not "the jack of hearts"."""
    instructions = instructions_of(LESSONS / "daifugo" / "try_it" / "04.yaml").get(lang)
    with language(lang):
        table = TryIt(SCENARIOS / "daifugo" / "jdf_try_suit_lock.yaml", at_step=2)
        table.select("SJ", "RJ")
        verdict = table.press("play", player="丙")
        picture = table.picture()
    assert "RJ=J" in verdict and "RJ=J" in instructions
    assert not re.search(r"jack of hearts|J♥|ハートのJ", instructions)
    assert {"en": "as J", "zh-TW": "當作J", "ja": "Jとして"}[lang] in picture + instructions


# --- a verdict belongs to one move ------------------------------------------------------------------

def test_a_verdict_goes_when_the_learner_selects_other_cards():
    table = TryIt(ROUTE_A, at_step=2)
    table.widget
    table.select("SK")
    assert table.press("attack", player="甲").startswith("That rank is not on the table")
    assert "cardlab-verdict-text" in table._verdict_html.value
    table._picture.toggle("SK")  # the learner clicks the card again: a new move begins
    assert table.message == "" and table._verdict_html.value == ""
    table.select("D8")
    assert table.press("attack").startswith("甲 (A) adds 8♦")
    table.select("SK")
    assert table.message == ""


def test_a_verdict_goes_when_the_learner_switches_seat_and_the_legal_moves_stay_while_selecting():
    table = TryIt(ROUTE_A, at_step=2)
    box = table.widget
    table.select("SK")
    table.press("attack")
    table._seat_buttons.value = "乙"
    assert table.player == "乙" and table.message == ""
    buttons(box)["Show legal moves"].click()
    listed = table.message
    table.select("SQ")
    assert table.message == listed  # the list belongs to the position, not to a move
    table.player = "甲"
    assert table.message == ""


def test_a_verdict_stays_while_the_selection_does_not_change():
    table = TryIt(ROUTE_A, at_step=2)
    table.select("SK")
    said = table.press("attack")
    table.select("SK")
    table.player = "甲"  # the seat it already is
    assert table.message == said


def test_a_tables_refusal_goes_when_the_learner_selects_other_cards_and_a_hint_stays():
    table = Table("durak", "podkidnoy", seed=1)
    table.widget
    table.bots_move()
    table.select("D6")
    table._picture.set_state({"selected": ["D8", "D6"]})  # the attack card, and a card that does not beat it
    buttons(table.widget)["Defend"].click()
    assert "Does not beat it" in table._aside_html.value
    table._picture.set_state({"selected": ["D8"]})
    assert table._aside_html.value == "" and "Your turn" in str(table.message)
    hint = table.hint()
    table._picture.set_state({"selected": ["D8", "DJ"]})
    assert str(table.message).endswith(str(hint))
