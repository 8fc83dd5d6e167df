"""The card table (cardlab.widgets.CardTable) and what the try-it table and the game table do with
it, driven through their Python API and through the messages the page sends (no browser): the
selection made by touching cards, Enter, the typed move, the readings of a joker in words, the
verdicts' titles, and the game table's account, end of game and saved file."""

from __future__ import annotations

import gettext
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from unittest import mock

import pytest

pytest.importorskip("anywidget")
ipywidgets = pytest.importorskip("ipywidgets")

from cardlab import card, daifugo, durak, gandengyan, i18n  # noqa: E402
from cardlab.bots import make_bot  # noqa: E402
from cardlab.engine import REASON_CODES, REASON_TITLES, Refusal  # noqa: E402
from cardlab.registry import game_of  # noqa: E402
from cardlab.svg import BACK_LABEL  # noqa: E402
from cardlab.widgets import CardTable, SaveError, Table, TryIt  # noqa: E402
from cardlab.widgets.acting import ActingTable  # noqa: E402
from cardlab.widgets.tryit import SELECT_FIRST  # noqa: E402

from test_widgets import ROUTE_A, buttons  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
JS = Path(__file__).resolve().parent.parent / "cardlab" / "widgets" / "cardtable.js"


def faces(svg: str) -> dict[str, str]:
    """The face-up cards of a picture: data-card code -> the card's name (its aria-label)."""
    groups = [g for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("data-card")]
    codes = [g.get("data-card") for g in groups]
    assert len(codes) == len(set(codes)), "a card code twice in one picture"
    return {g.get("data-card"): g.get("aria-label") for g in groups}


# --- the widget ------------------------------------------------------------------------------------

@pytest.fixture
def table():
    return CardTable(svg=TryIt(ROUTE_A, at_step=2).picture(), selectable=["S6", "D8", "SK"])


def test_the_selection_keeps_only_selectable_cards_in_the_order_chosen(table):
    table.selected = ["SK", "H9", "S6", "SK"]
    assert table.selected == ["SK", "S6"]
    table.selectable = ["S6", "D8"]  # K♠ is no longer to be had: it leaves the selection
    assert table.selected == ["S6"]
    assert repr(table) == f"<CardTable {table.svg.count('data-card=')} cards, selectable: S6 D8, selected: S6>"
    assert repr(CardTable()) == "<CardTable 0 cards, selectable: -, selected: ->"


def test_callbacks_hear_the_learner_not_python(table):
    heard, submitted = [], []
    table.on_select(heard.append)
    table.on_submit(lambda: submitted.append(True))
    table.selected = ["S6"]  # set from Python: no callback
    assert heard == []
    table.set_state({"selected": ["S6", "D8", "H9"]})  # what the page sends after a click
    assert heard == [["S6", "D8"]] and table.selected == ["S6", "D8"]
    table.toggle("S6")  # what a click does, from Python
    table.toggle("H9")  # not selectable: ignored
    table.toggle("SK")
    assert heard[1:] == [["D8"], ["D8", "SK"]]
    table._handle_custom_msg({"event": "submit"}, [])  # Enter in the page
    table._handle_custom_msg({"event": "something else"}, [])
    assert submitted == [True]


def test_the_front_end_ships_in_the_package_and_fetches_nothing(table):
    assert table._esm == JS.read_text(encoding="utf-8") and "export default { render }" in table._esm
    assert ".cardlab-selected" in table._css
    assert not re.search(r"^\s*import\b|\bimport\(", table._esm, re.M)
    assert re.findall(r"https?://[^\s\"']+", table._esm + table._css) == ["http://www.w3.org/2000/svg"]


def test_every_face_up_card_is_named_by_its_code_and_backs_are_not():
    for state in (durak.new_game("podkidnoy", ["A", "B"], seed=1), daifugo.new_game("jdf", "ABCD", seed=1),
                  gandengyan.new_game("jj", "ABC", seed=1)):
        shown = faces(game_of(state).picture(state, view="player", seat="A"))
        assert {c.code for c in state.hands["A"]} <= set(shown)
        assert not {c.code for c in state.hands["B"]} & set(shown)
        assert all(shown[c.code] == c.name for c in state.hands["A"])
        assert BACK_LABEL in game_of(state).picture(state, view="player", seat="A")


def test_every_card_a_tryit_offers_is_in_its_picture():
    tryit = TryIt(ROUTE_A, at_step=1)  # 甲 attacked with 8♠: 乙 may name it to defend
    tryit.player = "乙"
    offered = [c.code for c in tryit.selectable()]
    assert "S8" in offered and set(offered) <= set(faces(tryit.picture()))


# --- the try-it table ----------------------------------------------------------------------------

def test_cards_clicked_in_the_picture_are_the_selection_and_enter_plays():
    tryit = TryIt(ROUTE_A, at_step=2)  # 甲 attacked with 8♠, 乙 beat it with Q♠
    box = tryit.widget
    pictured = tryit._picture
    assert pictured.selectable == [c.code for c in tryit.selectable()]
    pictured.set_state({"selected": ["D8"]})
    assert tryit.selected == (card("D8"),) and pictured.selected == ["D8"]
    assert tryit.enter_verb == "attack" and buttons(box)["Attack"].button_style == "primary"
    pictured._handle_custom_msg({"event": "submit"}, [])  # Enter on the cards
    assert tryit.message.startswith("甲 (A) adds 8♦") and pictured.selected == []
    assert pictured.svg == tryit.picture() and "D8" in faces(pictured.svg)


def test_the_enter_verb_is_the_card_verb_pressed_last_while_it_can_be_used():
    tryit = TryIt(ROUTE_A, at_step=1)  # 甲 attacked with 8♠
    tryit.player = "乙"
    assert tryit.enter_verb == "defend"  # attack comes first, but 乙 cannot attack
    tryit.select("S6")
    assert tryit.press("attack").endswith("(code: not_attacker)")
    assert tryit.enter_verb == "defend"  # attack was pressed last, but 乙 still cannot use it
    state = durak.from_deal("perevodnoy", ["A", "B", "C"], hands={"A": ["S8"], "B": ["H8", "S9"],
                            "C": ["S6", "S7", "SA"]}, trump="H", attacker="A")
    state.act("A attack S8")
    tryit = TryIt(state)
    tryit.player = "B"
    box = tryit.widget
    assert tryit.enter_verb == "defend"
    tryit.select("S9")
    assert tryit.press("transfer").endswith("(code: rank_not_on_table)")
    assert tryit.enter_verb == "transfer"  # pressed last, and B may still transfer
    assert buttons(box)["Transfer"].button_style == "primary" and buttons(box)["Defend"].button_style == ""
    tryit._picture.set_state({"selected": ["H8"]})
    tryit._picture._handle_custom_msg({"event": "submit"}, [])  # Enter on the cards
    assert tryit.message.startswith("B transfers the attack with 8♥")
    tryit.player = "C"
    assert tryit.enter_verb == "defend"  # C holds no 8: transfer is no longer C's to use


def test_a_verb_taking_cards_pressed_with_none_selected_asks_for_a_card():
    tryit = TryIt(ROUTE_A, at_step=2)
    before = tryit.state.copy()
    assert tryit.press("attack") == SELECT_FIRST == "Select a card first."
    assert tryit.state == before and tryit.selected == ()
    assert not tryit.press("done").startswith(SELECT_FIRST)  # done takes no cards


def test_a_typed_move_is_played_with_or_without_the_seat():
    tryit = TryIt(ROUTE_A, at_step=2)
    # How a move is written: the seat played, a verb it may use now and the first card of its hand
    # (K♠, whose rank is not on the table), never the answer worked out.
    assert tryit.typing_example() == "A attack SK"
    assert tryit.type_move("attack 6♦").startswith("That rank is not on the table")
    assert tryit.type_move("A attack D8").startswith("甲 (A) adds 8♦")
    assert tryit.type_move("B take").startswith("乙 (B) will take")
    box = tryit.widget
    assert tryit._move_box.placeholder == f"or type a move, e.g. {tryit.typing_example()}"
    tryit._move_box.value = "attack Q♣"
    tryit._move_box._handle_custom_msg({"event": "submit"}, [])  # Enter in the text box
    assert tryit._verdict == "accepted" and tryit._move_box.value == ""
    tryit._move_box.value = "attack C6"
    tryit._move_box._handle_custom_msg({"event": "submit"}, [])
    assert tryit._verdict == "refused" and tryit._move_box.value == "attack C6"  # kept, to be corrected
    assert "cardlab-tryit" in box._dom_classes


def test_a_gan_deng_yan_table_takes_typed_moves_and_names_the_jokers_readings_in_words():
    state = gandengyan.from_deal("yiqi", ["甲", "乙", "丙"], hands={
        "甲": ["S3", "H4", "S5", "BJ", "RJ", "C9"], "乙": ["D7"], "丙": ["D8"]})
    tryit = TryIt(state)
    box = tryit.widget
    assert tryit._move_box.placeholder.startswith("or type a move, e.g. A play ")
    tryit.select("S3", "BJ", "RJ")
    labels = tryit.reading_labels()
    assert "as three 3s" in labels and "as a run 3-4-5" in labels
    assert all(not re.search(r"[SHDC]\d|BJ=", label) for label in labels)
    assert tryit._reading_menu.options == ("(choose)", *labels)
    assert tryit.choose_reading(labels.index("as three 3s")) == "as three 3s"
    assert buttons(box)["Play"].click() is None and tryit.message.startswith("甲 (A) leads three 3s")


def test_readings_that_would_read_the_same_name_their_cards():
    state = daifugo.from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={
        "甲": ["D5", "D9", "BJ", "RJ"], "乙": ["S3"], "丙": ["S4"], "丁": ["S6"]})
    tryit = TryIt(state)
    tryit.select("D5", "BJ", "RJ")
    labels = tryit.reading_labels()
    assert labels[0] == "as three 5s" and "as a sequence ♦5-6-7" in labels
    assert len(set(labels)) == len(labels)


def test_every_reason_code_has_a_title_and_verdicts_lead_with_it():
    assert set(REASON_TITLES) == set(REASON_CODES) and all(REASON_TITLES.values())
    refusal = Refusal("not_your_turn", "It is 甲's turn.")
    assert refusal.text() == "Not your turn: It is 甲's turn. (code: not_your_turn)"
    tryit = TryIt(ROUTE_A, at_step=2)
    tryit.select("C6")
    assert tryit.press("attack", player="乙") == tryit.state.learner_text(
        tryit.state.check(tryit.state.parse_action("乙 attack C6")).text())
    tryit.widget
    assert tryit._verdict_html.value.count('class="cardlab-code"') == 1
    assert not tryit.message.startswith("Refused")


class CodesInBrackets(gettext.NullTranslations):
    """A catalog that writes a refusal's code note its own way and has a line read like one."""

    WORDS = {"(code: {code})": "[{code}]", "Legal moves now:": "Legal moves now (see: not_your_turn):"}

    def gettext(self, message):
        return self.WORDS.get(message, message)


def small_print(html: str) -> list[str]:
    return re.findall(r'<small class="cardlab-code"[^>]*>(.*?)</small>', html)


def test_the_reason_code_is_drawn_from_the_refusal_never_read_out_of_the_text():
    with mock.patch.object(i18n, "translations", lambda _lang: CodesInBrackets()):
        tryit = TryIt(ROUTE_A, at_step=2)
        tryit.widget
        tryit.select("C6")
        refused = tryit.press("attack", player="乙")
        assert refused.endswith("[not_attacker]") and small_print(tryit._verdict_html.value) == ["[not_attacker]"]
        tryit.hint()  # a line that reads like a code note is not one
        assert "(see: not_your_turn)" in tryit._verdict_html.value and small_print(tryit._verdict_html.value) == []
        table = Table("durak", "podkidnoy", seed=1)
        table.widget
        table.select("D8", "D6")
        code = table.state.check(table.state.parse_action("甲 defend D8 D6")).code
        table.press("defend")
        assert small_print(table._aside_html.value) == [f"[{code}]"] and small_print(table._verdict_html.value) == []


def test_the_game_table_is_a_card_table_of_its_own_not_a_try_it_with_half_switched_off():
    assert ActingTable in Table.__mro__ and TryIt not in Table.__mro__
    table = Table("durak", "podkidnoy", seed=1)
    stack, found = [table.widget], []
    while stack:
        w = stack.pop()
        found.append(w)
        stack.extend(getattr(w, "children", ()))
    assert not any(isinstance(w, ipywidgets.ToggleButtons) for w in found)  # the seat is the learner's
    assert not hasattr(table, "_history")  # its Undo takes back the learner's last move only


# --- the game table ---------------------------------------------------------------------------------

def test_hint_and_all_hands_keep_the_account_of_the_bots_moves():
    table = Table("durak", "podkidnoy", seed=1)
    account = table.bots_move()
    assert account.startswith("Step 1: 乙 (B) attack")
    hint = table.hint()
    assert hint.startswith("Hint: ") and table.message == f"{account}\n\n{hint}"
    hands = table.show_all_hands()
    assert table.message == f"{account}\n\n{hands}"
    table.widget
    assert "Step 1: 乙 (B) attack" in table._verdict_html.value and "All hands face up" in table._aside_html.value
    table.select("D6")
    refused = table.press("defend")
    assert refused.startswith("Not an action") and table.message.startswith(str(account))


def test_the_game_table_takes_typed_moves_of_the_learners_seat_only():
    table = Table("durak", "podkidnoy", seed=1)
    table.bots_move()
    assert table.type_move("B take").startswith("Not an action: you play 甲 (A) at this table, not 乙 (B)")
    assert table.type_move("defend D8 C10").startswith("Step 4: 甲 (A) defend 8♦ 10♣ (refused)")
    assert table.scenario()["steps"][-2] == {"do": "甲 defend D8 C10", "reject": "cannot_beat"}
    assert "Step 5: 甲 (A) take" in table.type_move("take")


def test_at_the_end_the_verbs_stop_and_every_hand_is_shown():
    table = Table("durak", "podkidnoy", seed=1)
    box = table.widget
    me = make_bot("simple")
    while not table.state.is_over():
        action = me.choose(table.view())
        table.select(*action.cards)
        table.press(action.verb)
    verbs = [buttons(box)[v.capitalize()] for v in table.state.verbs()]
    assert verbs and all(b.disabled for b in verbs) and table._move_box.disabled
    shown = faces(table._picture.svg)
    assert all(c.code in shown for p in table.players for c in table.state.hands[p])
    assert table._picture.selectable == []


def paced(table: Table, monkeypatch) -> list:
    """The bots' moves of ``table``'s view, each waiting in the list returned until called."""
    pending = []
    monkeypatch.setattr(table, "_later", lambda callback: pending.append(callback) or True)
    return pending


def test_enter_and_typed_moves_wait_while_the_bots_move(monkeypatch):
    table = Table("durak", "podkidnoy", seed=1)
    pending = paced(table, monkeypatch)
    table.widget
    assert table._thinking and table._move_box.disabled
    table._picture.set_state({"selected": ["DA"]})
    table._picture._handle_custom_msg({"event": "submit"}, [])
    table._move_box.value = "take"
    table._move_box._handle_custom_msg({"event": "submit"}, [])
    assert table._steps == [] and table.selected == (card("DA"),)
    while pending:
        pending.pop(0)()
    table._move_box._handle_custom_msg({"event": "submit"}, [])
    assert table._steps[-1] == "甲 take"


def test_once_the_learner_is_out_the_rest_is_played_at_once(monkeypatch):
    me = make_bot("simple")
    for seed in range(10):  # a Daifugo game in which the learner goes out while the others play on
        table = Table("daifugo", "jdf", seed=seed)
        pending = paced(table, monkeypatch)
        box = table.widget
        while not table.state.is_over() and not table.learner_out():
            if pending:
                pending.pop(0)()
            else:
                action = me.choose(table.view())
                table.select(*action.cards)
                table._on_verb(action.verb)
        if table.learner_out():
            break
    else:
        pytest.fail("the learner never went out before the end")
    assert pending and all(b.disabled for b in table._verb_button.values())
    assert buttons(box)["Play to the end"].layout.display is None
    assert Table("daifugo", "jdf", seed=0).play_rest().startswith("This plays the rest of the game once")
    text = table.play_rest()
    assert table.state.is_over() and text.endswith(str(table.status()))
    assert buttons(box)["Play to the end"].layout.display == "none"
    steps = len(table._steps)
    pending.pop(0)()  # the paced bot move that was waiting does nothing now
    assert len(table._steps) == steps and not table._thinking


def test_save_as_scenario_says_where_and_asks_before_replacing(tmp_path, monkeypatch):
    table = Table("durak", "podkidnoy", seed=1)
    table.bots_move()
    missing = tmp_path / "no such folder" / "game.yaml"
    with pytest.raises(SaveError) as refused:
        table.save_scenario(missing)
    assert str(refused.value) == f"Not saved: there is no folder {missing.parent}."
    assert table.message.endswith(str(refused.value))  # the table says so too
    monkeypatch.chdir(tmp_path)
    saved = table.save_scenario("my game.yaml")  # a name alone: into the folder for the learner's files
    target = tmp_path / "my-games" / "my game.yaml"
    assert saved.endswith(f"in my-games, the folder for your own files: {target}; "
                          f"check it with: cardlab check '{target}'")
    first = target.read_text(encoding="utf-8")
    table.press("take")
    with pytest.raises(SaveError, match=f"^Not saved: {re.escape(str(target))} already exists"):
        table.save_scenario(target)
    assert target.read_text(encoding="utf-8") == first
    assert table.save_scenario(target, overwrite=True).startswith("Saved game 1 (")
    assert target.read_text(encoding="utf-8") != first
    box = table.widget
    table._path.value = str(target)
    second = target.read_text(encoding="utf-8")
    buttons(box)["Save as scenario"].click()
    assert table._confirm.layout.display is None and "already exists. Replace it?" in table._confirm_text.value
    buttons(box)["Keep it"].click()
    assert table._confirm.layout.display == "none" and target.read_text(encoding="utf-8") == second
    buttons(box)["Save as scenario"].click()
    buttons(box)["Replace it"].click()
    assert table._confirm.layout.display == "none" and "Saved game 1" in table.message
