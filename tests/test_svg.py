"""The SVG pictures: valid XML, a text alternative on every card, the layout facts a learner relies
on (defence laid over its attack card, the face-up trump under the stock), hidden hands in the
player view, and deterministic output."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardlab import card, deck, durak, parse_cards
from cardlab.display import Hand, cards_html, state_html
from cardlab.engine import State
from cardlab.scenario import load, run
from cardlab.daifugo.picture import daifugo_top_svg
from cardlab.durak.picture import durak_table_svg
from cardlab.svg import (BACK_LABEL, FOUR_COLOURS, HIGHLIGHT, INK, RED, TWO_COLOURS, card_svg,
                         hand_svg, jokers_equal, state_svg)

ROOT = Path(__file__).resolve().parent.parent
ROUTE_A = ROOT / "lessons" / "scenarios" / "durak" / "route_a.yaml"
NS = "{http://www.w3.org/2000/svg}"


# Every card cardlab knows: the jj deck (52 and six wild cards) and both jokers.
EVERY_CARD = sorted(set(deck("jj58")) | set(deck("jokers54")))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def card_groups(root: ET.Element) -> list[ET.Element]:
    """The card groups of a picture in drawing order (later ones lie on top)."""
    return [g for g in root.iter(f"{NS}g") if g.get("role") == "img"]


def by_label(root: ET.Element, label: str) -> ET.Element:
    (group,) = [g for g in card_groups(root) if g.get("aria-label") == label]
    return group


def position(group: ET.Element) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", group.get("transform")).groups()
    return float(x), float(y)


def route_a_after(n: int):
    result = run(load(ROUTE_A), keep_states=True)
    return result.outcomes[n - 1].state if n else result.start


# --- single cards -------------------------------------------------------------------------------

@pytest.mark.parametrize("four_colour", [False, True])
def test_every_card_is_valid_xml_with_its_name(four_colour):
    assert len(EVERY_CARD) == 60
    for c in EVERY_CARD:
        root = parse(card_svg(c, four_colour=four_colour))
        assert root.get("role") == "img"
        assert root.get("aria-label") == c.name
        assert root.find(f"{NS}title").text == c.name


def test_every_card_looks_different():
    assert len({card_svg(c) for c in EVERY_CARD}) == len(EVERY_CARD)


def test_jokers_differ_in_colour_size_and_label():
    black, red = card_svg(card("BJ")), card_svg(card("RJ"))
    assert black != red
    assert 'aria-label="black joker"' in black and 'aria-label="red joker"' in red
    assert RED not in black and RED in red
    assert "SMALL" in black and "BIG" in red
    assert "JOKER" in black and "JOKER" in red


def test_wild_cards_carry_their_number():
    for i in range(1, 7):
        svg = card_svg(card(f"W{i}"))
        assert "WILD" in svg and f">{i}</text>" in svg
        assert f'aria-label="wild card {i}"' in svg


def test_four_colour_deck_changes_diamonds_and_clubs_only():
    for code, suit in (("D9", "D"), ("CQ", "C")):
        two, four = card_svg(card(code)), card_svg(card(code), four_colour=True)
        assert TWO_COLOURS[suit] in two and FOUR_COLOURS[suit] in four
        assert FOUR_COLOURS[suit] not in two
    for code in ("S9", "HQ"):
        assert card_svg(card(code)) == card_svg(card(code), four_colour=True)


def test_face_down_card_hides_the_card():
    svg = card_svg(card("SQ"), face_down=True)
    assert parse(svg).get("aria-label") == BACK_LABEL == "face-down card"
    assert "queen" not in svg


def test_highlight_outlines_the_card():
    assert HIGHLIGHT in card_svg(card("SQ"), highlight=True)
    assert HIGHLIGHT not in card_svg(card("SQ"))


def test_width_scales_the_picture():
    root = parse(card_svg(card("SQ"), width=100))
    assert float(root.get("width")) == pytest.approx(110)
    assert float(root.get("height")) == pytest.approx(150)


def test_hand_raises_highlighted_cards_and_lists_them():
    cards = parse_cards("S8 D8 CQ")
    root = parse(hand_svg(cards, highlight=[card("D8")], label="甲"))
    assert root.get("aria-label") == "甲: eight of spades, eight of diamonds, queen of clubs"
    assert position(by_label(root, "eight of diamonds"))[1] < position(by_label(root, "eight of spades"))[1]
    xs = [position(g)[0] for g in card_groups(root)]
    assert xs == sorted(xs) and xs[1] - xs[0] < 60  # overlapping, left to right


def test_face_down_hand_tells_only_the_count():
    root = parse(hand_svg(parse_cards("S8 D8"), face_down=True))
    assert root.get("aria-label") == "2 face-down cards"
    assert {g.get("aria-label") for g in card_groups(root)} == {BACK_LABEL}


def test_daifugo_top_names_the_player_and_stand_ins():
    root = parse(daifugo_top_svg(parse_cards("H10 RJ=H10"), "甲"))
    assert root.get("aria-label") == "top of the table, played by 甲: ten of hearts, red joker as 10♥"
    assert any(t.text == "as 10♥" for t in root.iter(f"{NS}text"))
    assert parse(daifugo_top_svg([], None)).get("aria-label") == "the table is empty"


# --- the Durak table ------------------------------------------------------------------------------

def test_defence_card_lies_across_its_attack_card():
    state = route_a_after(4)  # 甲 attack S8, 乙 defend S8 SQ, (refused D6), 甲 attack D8
    root = parse(durak_table_svg(state))
    groups = card_groups(root)
    attack, defence = by_label(root, "eight of spades"), by_label(root, "queen of spades")
    assert groups.index(defence) > groups.index(attack)  # drawn later: on top
    (ax, ay), (dx, dy) = position(attack), position(defence)
    assert 0 < dx - ax < 60 and 0 < dy - ay < 84  # offset, still overlapping
    assert "rotate(" in defence.get("transform") and "rotate(" not in attack.get("transform")


def test_open_attack_is_marked():
    state = route_a_after(4)
    root = parse(durak_table_svg(state))
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts.count("open") == 1
    assert "table: eight of spades beaten by queen of spades; eight of diamonds open" in root.get("aria-label")


def test_face_up_trump_lies_under_the_stock():
    state = route_a_after(1)
    root = parse(durak_table_svg(state))
    groups = card_groups(root)
    trump = by_label(root, "jack of hearts")
    assert "rotate(90" in trump.get("transform")
    backs = [g for g in groups if g.get("aria-label") == BACK_LABEL]
    assert backs and all(groups.index(b) > groups.index(trump) for b in backs)
    texts = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    assert "trump ♥" in texts and "stock 24" in texts and "discard 0" in texts
    assert any("甲 (A) attacks 乙 (B)" in t for t in texts)


def test_discard_pile_and_empty_stock():
    state = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": ["S8", "D9"], "乙": ["S10", "C6"]},
                            stock=[], trump="H", attacker="甲")
    state.act("甲 attack S8")
    state.act("乙 defend S8 S10")  # 甲 has no 8 or 10 to add, so the round ends by itself
    texts = [t.text for t in parse(durak_table_svg(state)).iter(f"{NS}text")]
    assert "discard 2" in texts and "stock empty" in texts and "trump ♥" in texts


def test_player_view_hides_the_other_hands():
    state = route_a_after(2)
    teaching = state_svg(state)
    player = state_svg(state, view="player", seat="甲")
    for c in state.hands["乙"]:
        assert c.name in teaching and c.name not in player
    for c in state.hands["甲"] + state.table + [state.trump_card]:
        assert c.name in player
    hidden = [g for g in card_groups(parse(player)) if g.get("aria-label") == BACK_LABEL]
    assert len(hidden) >= len(state.hands["乙"])


def test_views_are_checked():
    state = route_a_after(0)
    with pytest.raises(ValueError, match="needs a seat"):
        state_svg(state, view="player")
    with pytest.raises(ValueError, match="view must be"):
        state_svg(state, view="god")
    with pytest.raises(ValueError, match="not a player"):
        state_svg(state, view="player", seat="丙")


def test_output_is_deterministic_and_has_no_ids():
    state = route_a_after(4)
    first = state_svg(state, highlight=parse_cards("D8"))
    assert first == state_svg(route_a_after(4), highlight=parse_cards("D8"))
    assert " id=" not in first


def test_highlighted_table_card_is_outlined():
    state = route_a_after(4)
    root = parse(state_svg(state, highlight=parse_cards("D8")))
    assert HIGHLIGHT in ET.tostring(by_label(root, "eight of diamonds"), encoding="unicode")
    assert HIGHLIGHT not in ET.tostring(by_label(root, "eight of spades"), encoding="unicode")


class ToyState(State):
    """A game with no drawing of its own."""

    game = "toy"

    class rules:
        name = "plain"
        jokers_equal = False

    def __init__(self):
        self.players = ("A", "B")
        self.hands = {"A": parse_cards("S3 H4"), "B": parse_cards("RJ")}

    def describe(self) -> str:
        return "toy: A holds S3 H4 & B holds RJ"

    def legal_actions(self) -> list:
        return []

    def is_over(self) -> bool:
        return False


def test_unknown_game_falls_back_to_hands_and_text(monkeypatch):
    from cardlab import registry
    from cardlab.game import Game

    class Toy(Game):  # a spec that draws nothing of its own: the default picture
        name = "toy"

    monkeypatch.setattr(registry, "_games", dict(registry._games))
    monkeypatch.setattr(registry, "_by_class", {})
    registry.register(Toy())
    teaching = state_svg(ToyState())
    parse(teaching)
    assert "red joker" in teaching and "toy: A holds S3 H4 &amp; B holds RJ" in teaching
    player = state_svg(ToyState(), view="player", seat="A")
    assert "three of spades" in player and "red joker" not in player and "toy:" not in player


# --- HTML ------------------------------------------------------------------------------------------

def test_cards_html_colours_cards_by_suit():
    text = cards_html(parse_cards("HQ S8 D9"), four_colour=True)
    assert f'color:{RED};font-weight:bold" title="queen of hearts">Q♥<' in text
    assert f'color:{FOUR_COLOURS["D"]}' in text
    assert card("HQ")._repr_html_() == cards_html([card("HQ")])


def test_state_html_has_picture_and_text():
    state = route_a_after(1)
    html = state_html(state)
    assert html.count("<svg") >= 1 and "<pre>" in html
    assert "甲 attacks 乙" in html
    assert state._repr_html_() == html


def test_hand_prints_in_notation():
    hand = Hand("S8 hq")
    assert repr(hand) == "Hand('S8 HQ')"
    assert eval(repr(hand)) == hand
    assert hand._repr_svg_().startswith("<svg")


def test_daifugo_shows_the_top_combination_and_who_played_it():
    daifugo = pytest.importorskip("cardlab.daifugo")
    state = daifugo.from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={
        "甲": parse_cards("S9 H9 C3"), "乙": parse_cards("SJ BJ HJ"), "丙": parse_cards("D4"),
        "丁": parse_cards("C5")})
    state.act("甲 play S9 H9")
    state.act("乙 play SJ BJ=J")
    teaching = state_svg(state)
    root = parse(teaching)
    assert "to beat: played by 乙 (B): jack of spades, black joker as J" in root.get("aria-label")
    assert "jack of hearts" in teaching
    player = state_svg(state, view="player", seat="甲")
    assert "jack of hearts" not in player and "three of clubs" in player and "black joker" in player


def test_seats_picture_goes_clockwise_from_the_bottom():
    from cardlab.display import seats

    table = seats(["甲", "乙", "丙", "丁"])
    root = parse(table._repr_svg_())
    assert root.get("aria-label") == str(table)
    assert str(table).startswith("Play goes clockwise: 甲 (A) → 乙 (B) → 丙 (C) → 丁 (D) → 甲 (A).")
    places = {t.text: (float(t.get("x")), float(t.get("y"))) for t in root.iter(f"{NS}text")}
    bottom, left, top, right = (places[n] for n in ("甲 (A)", "乙 (B)", "丙 (C)", "丁 (D)"))
    assert bottom[1] > left[1] > top[1] and left[0] < bottom[0] < right[0]
    with pytest.raises(ValueError):
        seats(["alone"])


def test_still_pictures_and_folded_text_survive_an_untrusted_notebook():
    import base64

    from cardlab.display import Folded, folding, seats
    from cardlab.svg import svg_img

    svg = card_svg(card("S9"))
    img = svg_img(svg, "nine of spades")
    assert img.startswith('<img alt="nine of spades" src="data:image/svg+xml;base64,')
    assert base64.b64decode(img.split("base64,")[1].rstrip('"/>')).decode() == svg
    assert seats(["甲", "乙"])._repr_html_().startswith("<img ")
    text = Folded("step 1: 9♠ <b>", "The same example as text")
    assert repr(text) == "step 1: 9♠ <b>"
    assert text._repr_html_() == ('<details class="cardlab-folded"><summary>The same example as text</summary>'
                                  "<pre>step 1: 9♠ &lt;b&gt;</pre></details>")
    shown = []
    import IPython.display

    original = IPython.display.display
    IPython.display.display = shown.append
    try:
        with folding("Demo"):
            print("one")
            print("two")
    finally:
        IPython.display.display = original
    assert [(f.summary, f.text) for f in shown] == [("Demo", "one\ntwo")]


def test_jokers_are_drawn_alike_where_the_rules_make_them_equal():
    from cardlab import daifugo, gandengyan
    from cardlab.daifugo.widgets import FinishGrid

    hands = {"甲": "BJ RJ S3", "乙": "H4", "丙": "S5"}  # both jokers in the hand spread along the bottom
    jdf = state_svg(daifugo.from_deal("jdf", ["甲", "乙", "丙", "丁"], hands={**hands, "丁": "S6"}), bottom="甲")
    assert "red joker" in jdf and "black joker" in jdf
    assert ">BIG<" not in jdf and ">SMALL<" not in jdf
    grid = FinishGrid()
    grid.judge("S2 RJ")
    assert "red joker" in grid.picture() and ">BIG<" not in grid.picture() and ">SMALL<" not in grid.picture()
    # Gan Deng Yan's 大王 and 小王 differ: the big one and the small one.
    yiqi = state_svg(gandengyan.from_deal("yiqi", ["甲", "乙", "丙"], hands=hands), bottom="甲")
    assert ">BIG<" in yiqi and ">SMALL<" in yiqi
    # A single card drawn outside any position keeps BIG and SMALL; inside jokers_equal both look alike.
    assert card_svg(card("RJ")) != card_svg(card("BJ")).replace(INK, RED)
    with jokers_equal(True):
        alike = card_svg(card("RJ")), card_svg(card("BJ"))
    assert alike[0].replace(RED, "COLOUR").replace("red joker", "joker") == \
        alike[1].replace(INK, "COLOUR").replace("black joker", "joker")
    assert ">BIG<" in card_svg(card("RJ"))


@pytest.mark.parametrize("game", ["durak", "daifugo", "gandengyan"])
def test_every_rule_set_says_whether_its_jokers_are_equal(game):
    import importlib

    for rules in importlib.import_module(f"cardlab.{game}").RULESETS.values():
        assert rules.jokers_equal is (game == "daifugo")
