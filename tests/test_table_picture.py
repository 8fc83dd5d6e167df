"""The card table every widget shows (cardlab.svg.table_svg): one size for every position of every
game, the other players across the top, the table in the middle and one seat's hand spread along
the bottom, every seat named with its letter, and a projector size that is larger throughout."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardlab import daifugo, durak, gandengyan
from cardlab.registry import game_of
from cardlab.scenario import load, run
from cardlab.svg import NORMAL_CARD, TABLE_H, TABLE_W, state_svg
from cardlab.widgets import SIZES

NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "lessons" / "scenarios").glob("*/*.yaml"))
BOTTOM_Y = 28 + 118 + 150  # where the bottom seat's band begins, at normal size


def states(path: Path):
    result = run(load(path), keep_states=True)
    return [result.start] + [o.state for o in result.outcomes if o.state is not None]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_position_of_every_worked_example_has_the_same_size(path):
    for state in states(path):
        for kwargs in ({}, {"view": "player", "seat": state.players[-1]}):
            for size, card in SIZES.items():
                root = ET.fromstring(state_svg(state, width=card, **kwargs))
                scale = card / NORMAL_CARD
                assert (float(root.get("width")), float(root.get("height"))) == \
                    pytest.approx((TABLE_W * scale, TABLE_H * scale), abs=0.01), (size, kwargs)


def _labels(root) -> dict[str, float]:
    """Each seat's name line (a text with a bold name part), by its words, with its y."""
    return {"".join(t.itertext()): float(t.get("y")) for t in root.iter(f"{NS}text")
            if t.find(f"{NS}tspan") is not None}


def _scale_of(group) -> float | None:
    found = re.search(r"scale\(([\d.]+)\)", group.get("transform") or "")
    return float(found.group(1)) if found else None


def test_the_seat_asked_for_is_at_the_bottom_with_its_hand_spread_the_others_across_the_top():
    state = daifugo.new_game("jdf", ["甲", "乙", "丙", "丁"], seed=3)
    for bottom in state.players:
        root = ET.fromstring(state_svg(state, bottom=bottom))
        labels = _labels(root)
        (line,) = [words for words, y in labels.items() if y > BOTTOM_Y]
        assert line.startswith(state.seat_label(bottom))
        assert all(y < 28 + 118 for words, y in labels.items() if words != line)
        spread = {g.get("aria-label") for g in root.iter(f"{NS}g") if _scale_of(g) == NORMAL_CARD / 100}
        assert spread == {c.name for c in state.hands[bottom]}  # full-size cards: the bottom hand only


def test_every_seat_is_named_with_its_letter_its_count_and_its_state():
    state = gandengyan.new_game("yiqi", ["甲", "乙", "丙"], seed=2)
    words = " | ".join("".join(t.itertext()) for t in ET.fromstring(state_svg(state)).iter(f"{NS}text"))
    for p in state.players:
        assert f"{state.seat_label(p)} · {len(state.hands[p])} cards" in words
    assert "dealer" in words and "to play" in words


def test_the_bottom_defaults_to_the_player_whose_move_is_awaited():
    state = durak.from_deal("podkidnoy", ["甲", "乙", "丙"], hands={"甲": ["S8", "D8", "D9"], "乙": ["S10", "C6"], "丙": ["H6"]},
                            stock=[], trump="H", attacker="甲")
    assert game_of(state).focus(state) == "甲"
    state.act("甲 attack S8")
    assert game_of(state).focus(state) == "乙"  # an open attack card: the defender is awaited
    state.act("乙 defend S8 S10")
    assert game_of(state).focus(state) == "甲"
    bottom_line = [w for w, y in _labels(ET.fromstring(state_svg(state))).items() if y > BOTTOM_Y]
    assert bottom_line[0].startswith("甲 (A)")


def test_six_hands_across_the_top_stay_in_their_places():
    state = durak.new_game("podkidnoy", list("ABCDEF"), seed=4)
    root = ET.fromstring(state_svg(state, bottom="A"))
    box = (TABLE_W - 20) / 5
    for k, p in enumerate("BCDEF"):
        names = {c.name for c in state.hands[p]}
        xs = [float(g.find(f"{NS}rect").get("x")) for g in root.iter(f"{NS}g")
              if g.get("aria-label") in names and g.get("transform") is None]
        assert len(xs) == len(names)
        assert 10 + k * box <= min(xs) and max(xs) + 30 <= 10 + (k + 1) * box


def test_projector_size_is_larger_throughout():
    state = daifugo.new_game("jdf", ["甲", "乙", "丙", "丁"], seed=1)
    normal = ET.fromstring(state_svg(state, width=SIZES["normal"]))
    large = ET.fromstring(state_svg(state, width=SIZES["large"]))
    assert float(large.get("height")) >= 1.3 * float(normal.get("height"))
    cards = [_scale_of(g) for g in large.iter(f"{NS}g") if _scale_of(g)]
    assert min(cards) * 100 >= 1.3 * 44  # the smallest card drawn, on the table, is 1.3 times its normal size
    in_cards = {id(t) for g in large.iter(f"{NS}g") for t in g.iter(f"{NS}text")}
    labels = [float(t.get("font-size")) for t in large.iter(f"{NS}text") if id(t) not in in_cards]
    assert labels and min(labels) >= 18
