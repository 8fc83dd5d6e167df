"""The Gan Deng Yan picture: valid XML, a text alternative, the facts a learner relies on (the stock
and its count, the top of the table with who played it and each stand-in, whose turn, who passed,
the winner), hidden hands in the player view, and deterministic output."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardlab import gandengyan, parse_cards
from cardlab.display import state_html
from cardlab.scenario import load, run
from cardlab.svg import BACK_LABEL, HIGHLIGHT, state_svg

NS = "{http://www.w3.org/2000/svg}"
FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "gandengyan"


def after(name: str, steps: int):
    result = run(load(FOLDER / name), keep_states=True)
    return result.outcomes[steps - 1].state if steps else result.start


def texts(svg: str) -> list[str]:
    """Each text element's words, its parts (a seat's name, card count and state) joined."""
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{NS}text")]


def cards_drawn(svg: str) -> list[str]:
    return [g.get("aria-label") for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("role") == "img"]


def test_every_state_of_every_scenario_is_valid_xml_with_a_text_alternative():
    for path in sorted(FOLDER.glob("*.yaml")):
        result = run(load(path), keep_states=True)
        for state in [result.start] + [o.state for o in result.outcomes]:
            for kwargs in ({}, {"view": "player", "seat": state.players[1]}):
                root = ET.fromstring(state_svg(state, **kwargs))
                assert root.get("role") == "img" and root.find(f"{NS}title").text == root.get("aria-label")
                assert root.get("aria-label").startswith(f"Gan Deng Yan ({state.rules.name})")


def test_the_stand_in_and_who_played_it():
    state = after("joker_bomb.yaml", 3)  # 乙 played S4 H4 BJ=4 on 9-9
    svg = state_svg(state)
    assert "as 4" in texts(svg)
    label = ET.fromstring(svg).get("aria-label")
    assert "to beat: played by 乙 (B): four of spades, four of hearts, black joker as 4" in label


def test_a_suited_stand_in_shows_its_suit():
    state = gandengyan.from_deal("yiqi", ["甲", "乙"], hands={"甲": "S4 H4 BJ D9", "乙": "C5"}, stock=[])
    state.act("甲 play S4 H4 BJ=D4")
    assert "as 4♦" in texts(state_svg(state))


def test_the_stock_its_count_whose_turn_and_who_passed():
    state = after("three_player_round.yaml", 14)  # 甲 passed 丙's 8
    svg = state_svg(state)
    words = texts(svg)
    assert "stock 5" in words and "passed since the last play: 甲 (A)" in words
    assert words[0] == "Gan Deng Yan (yiqi) · stock 5"
    assert "甲 (A) · 4 cards" in words and "dealer · passed" in words  # 甲 sits across the top
    assert "乙 (B) · 3 cards   to play" in words  # 乙 is to play: along the bottom
    # Whose turn it is is marked on the seat: its frame and an arrow, on 乙's only.
    root = ET.fromstring(svg)
    assert [r for r in root.iter(f"{NS}rect") if r.get("data-turn") == "yes"] and \
        len([p for p in root.iter(f"{NS}path") if p.get("data-turn") == "arrow"]) == 1
    assert cards_drawn(svg).count(BACK_LABEL) == 3  # the stock is drawn as a small stack of backs
    cleared = state_svg(after("three_player_round.yaml", 15))
    # An empty table says what it is, a new round; nothing of passes, which on it are rare (a lone joker).
    assert "the table is empty: a free lead" in texts(cleared) and "a new round: nobody has played yet" in texts(cleared)
    assert not any("passed" in word for word in texts(cleared))


def test_an_empty_stock():
    words = texts(state_svg(after("stock_runs_out.yaml", 4)))
    assert "stock empty" in words and words[0].startswith("Gan Deng Yan (yiqi) · stock 0")


def test_the_winner():
    state = after("game_ends_at_once.yaml", 4)
    words = texts(state_svg(state))
    assert "Gan Deng Yan (yiqi) · stock 3" in words and "game over: 甲 (A) wins" in words  # the end, marked
    assert "甲 (A) · 0 cards   dealer · winner" in words
    assert "甲 (A) emptied their hand: the game is over" in words


def test_player_view_hides_the_other_hands_but_not_the_table():
    state = after("big_is_not_enough.yaml", 1)  # 丙 led the 8 of clubs
    teaching = state_svg(state)
    player = state_svg(state, view="player", seat="乙")
    assert "ten of hearts" in teaching and "ten of hearts" not in player
    assert "nine of clubs" in player and "eight of clubs" in player
    assert cards_drawn(player).count(BACK_LABEL) >= len(state.hands["甲"]) + len(state.hands["丙"])
    assert "乙 (B) (you) · 2 cards" in texts(player)


def test_hands_are_drawn_in_the_games_order():
    state = gandengyan.from_deal("yiqi", ["甲", "乙"], hands={"甲": "S2 RJ S3 SA", "乙": "C5"}, stock=[])
    drawn = cards_drawn(state_svg(state))
    assert drawn[-4:] == ["three of spades", "ace of spades", "two of spades", "red joker"]


def test_output_is_deterministic_and_highlights_the_cards_that_moved():
    state = after("bomb_table.yaml", 2)
    first = state_svg(state, highlight=parse_cards("S5 H5 D5"))
    assert first == state_svg(after("bomb_table.yaml", 2), highlight=parse_cards("S5 H5 D5"))
    assert " id=" not in first and HIGHLIGHT in first


def test_views_are_checked_and_html_has_picture_and_text():
    state = after("runs.yaml", 0)
    with pytest.raises(ValueError, match="needs a seat"):
        state_svg(state, view="player")
    html = state_html(state)
    assert "<svg" in html and "gandengyan (yiqi); stock 0" in html
