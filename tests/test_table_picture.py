"""The card table every widget shows (cardlab.tablepicture.table_svg): one size for every position of
every game, the other players across the top, the table in the middle and one seat's hand spread
along the bottom, every seat named with its letter, and a projector size that is larger
throughout. Seats stay where they sit for a whole example, whose turn it is marked on the seat;
every hand is readable in the teaching view; a step that clears the table shows what it cleared
and why; a round's earlier plays are drawn in order; the table's state is marked large."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardlab import daifugo, durak, gandengyan
from cardlab.cards import SUIT_SYMBOLS, plain
from cardlab.registry import game_of
from cardlab.scenario import load, run
from cardlab.svg import NORMAL_CARD, TABLE_H, TABLE_W, last_step, state_svg
from cardlab.tablepicture import MINI_W
from cardlab.widgets import SIZES

NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "lessons" / "scenarios").glob("*/*.yaml"))
BOTTOM_Y = 34 + 120 + 146  # where the bottom seat's band begins, at normal size
TOP_Y = 34 + 120  # where the top seats' band ends


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
        assert all(y < TOP_Y for words, y in labels.items() if words != line)
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
        (hand,) = [g for g in root.iter(f"{NS}g") if g.get("data-seat") == p]
        places = [_place(g) for g in hand if g.get("data-card")]
        assert len(places) == len(state.hands[p])
        assert 10 + k * box <= min(x for x, _y in places) and max(x for x, _y in places) + 30 <= 10 + (k + 1) * box


def test_projector_size_is_larger_throughout():
    state = daifugo.new_game("jdf", ["甲", "乙", "丙", "丁"], seed=1)
    normal = ET.fromstring(state_svg(state, width=SIZES["normal"]))
    large = ET.fromstring(state_svg(state, width=SIZES["large"]))
    assert float(large.get("height")) >= 1.3 * float(normal.get("height"))
    smallest = {name: min(_scale_of(g) for g in root.iter(f"{NS}g") if _scale_of(g))
                for name, root in (("normal", normal), ("large", large))}
    assert smallest["large"] >= 1.3 * smallest["normal"]  # the smallest card drawn, 1.3 times larger too
    in_cards = {id(t) for g in large.iter(f"{NS}g") for t in g.iter(f"{NS}text")}
    labels = [float(t.get("font-size")) for t in large.iter(f"{NS}text") if id(t) not in in_cards]
    assert labels and min(labels) >= 18


# --- helpers for the pictures of whole examples --------------------------------------------------

def _place(group) -> tuple[float, float]:
    found = re.search(r"translate\(([-\d.]+) ([-\d.]+)\)", group.get("transform") or "")
    return float(found.group(1)), float(found.group(2))


def _steppers(size: str = "normal"):
    from cardlab.widgets import Stepper

    for path in SCENARIOS:
        yield path, Stepper(path, size=size)


def _pictures(stepper):
    for i in range(stepper.total + 1):
        stepper.goto(i)
        yield i, ET.fromstring(stepper.picture())


def _seat_lines(root) -> dict[str, tuple[float, float]]:
    """Each seat's name line (its bold name part, " (you)" left out) and where it stands."""
    return {t.find(f"{NS}tspan").text: (float(t.get("x")), float(t.get("y"))) for t in root.iter(f"{NS}text")
            if t.find(f"{NS}tspan") is not None}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_seat_moves_within_an_example_and_the_turn_is_marked_on_the_seat(path):
    """The stepper keeps the example's first player along the bottom at every step (before, the
    awaited seat was drawn there, so the seats moved); every seat's name stands where it stood, and
    the seats that may act are the ones framed (each seat's place named in ``data-seat``, for the
    browser's test), with the arrow before the name."""
    from cardlab.widgets import Stepper

    stepper = Stepper(path)
    first = stepper.result.start.seat_label(stepper.bottom)
    places = None
    for i, root in _pictures(stepper):
        lines = _seat_lines(root)
        assert places is None or lines == places, f"step {i}: a seat moved"
        places = lines
        assert max(lines, key=lambda name: lines[name][1]) == first
        state = stepper.state
        acting = set() if state.is_over() else set(state.to_act())
        framed = {r.get("data-seat") for r in root.iter(f"{NS}rect") if r.get("data-turn") == "yes"}
        arrows = [a for a in root.iter(f"{NS}path") if a.get("data-turn") == "arrow"]
        assert framed == acting and len(arrows) == len(acting), f"step {i}"


def _covered(box, later) -> bool:
    (x, y, w, h), (a, b, c, d) = box, later
    return a < x + w - 0.01 and x < a + c - 0.01 and b < y + h - 0.01 and y < b + d - 0.01


def _unreadable(root, s: float) -> list[str]:
    """The face-up cards of the hands (along the top and the bottom) whose index, rank and suit at
    the top left, a card drawn after them covers."""
    cards = []
    for g in root.iter(f"{NS}g"):
        if not g.get("data-card"):
            continue
        k = _scale_of(g)
        if k is None:  # a small card drawn without a scale: its frame
            rect = g.find(f"{NS}rect")
            x, y, w, h = (float(rect.get(a)) for a in ("x", "y", "width", "height"))
        else:
            (x, y), w, h = _place(g), 100 * k, 140 * k
        if TOP_Y * s <= y < BOTTOM_Y * s:
            continue  # on the table
        small = w < 40 * s
        # a small card's index: 12 px of rank and suit, 30 px down; a full card's corner
        index = (x, y, 12 * s, 30 * s) if small else (x, y, 0.2 * w, 0.32 * h)
        cards.append((g.get("aria-label"), index, (x, y, w, h)))
    return [name for i, (name, index, _body) in enumerate(cards)
            if any(_covered(index, body) for _n, _i, body in cards[i + 1:])]


@pytest.mark.parametrize("players, game, rules", [(list("甲乙丙丁"), daifugo, "jdf"),
                                                  (list("ABCDEF"), durak, "podkidnoy"),
                                                  (list("甲乙丙"), gandengyan, "yiqi")])
@pytest.mark.parametrize("size", ["normal", "large"])
def test_every_hand_is_readable_in_the_teaching_view(players, game, rules, size):
    """Every card of every hand face up, its rank and suit uncovered: Daifugo's four 13-card hands,
    six Durak hands, through whole games (before, two rows of small cards hid the upper row's
    suits)."""
    s = SIZES[size] / NORMAL_CARD
    for seed in range(3):
        state = game.new_game(rules, players, seed=seed)
        rng = __import__("random").Random(seed)
        while True:
            root = ET.fromstring(state_svg(state, bottom=players[0], width=SIZES[size]))
            shown = {g.get("data-card") for g in root.iter(f"{NS}g")}
            assert all(c.code in shown for p in players for c in state.hands[p])
            if max(len(h) for h in state.hands.values()) <= 12:  # a Durak taker beyond that overlaps
                assert _unreadable(root, s) == [], (seed, state.describe())
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


# --- what a step sweeps off the table ------------------------------------------------------------

CLEARS = {"clear", "discard", "take"}  # the events of a clear: they carry the cards cleared


def _steps(path: Path):
    """Each step of a worked example that was performed: the position before it, its events and
    the position after it."""
    result = run(load(path), keep_states=True)
    before = result.start
    for outcome in result.outcomes:
        if outcome.state is not None and outcome.refusal is None and outcome.step.action is not None:
            yield before, outcome.events, outcome.state
            before = outcome.state


def _parents(root) -> dict:
    return {child: parent for parent in root.iter() for child in parent}


def _faded(element, parents) -> bool:
    while element is not None:
        if element.get("opacity"):
            return True
        element = parents.get(element)
    return False


def _marks(root) -> dict[str, object]:
    """The marks drawn (the table's state, and what cleared it), by their words."""
    return {" ".join("".join(t.itertext()) for t in g.iter(f"{NS}text")): g for g in root.iter(f"{NS}g")
            if g.get("data-mark") is not None}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_card_a_step_clears_off_the_table_is_drawn_with_why(path):
    """The picture after a step that clears the table shows what it cleared, faded, in the order it
    was played (the oldest plays of a long round giving way first), the step's own cards (the 8
    that cut, the defence that beat the last attack) in full, and why, as a mark: before, it jumped
    to the cleared table, and the card that ended the round was never seen."""
    for before, events, after in _steps(path):
        cleared = {plain(c).code for e in events if e.kind in CLEARS for c in e.cards}
        last = last_step(before, events)
        root = ET.fromstring(state_svg(after, bottom=after.players[0], last=last))
        swept = [g for g in root.iter(f"{NS}g") if g.get("data-swept")]
        drawn = {g.get("data-swept") for g in swept}
        assert drawn <= cleared
        if not cleared:
            continue
        groups = [{plain(c).code for c in cards} for _who, cards in last.swept]
        assert set().union(*groups) == cleared
        shown = [group <= drawn for group in groups]
        assert shown[-1] and shown == sorted(shown), events  # the latest plays, whole
        assert len(groups) > 4 or all(shown)
        parents = _parents(root)
        assert {g.get("data-swept") for g in swept if not _faded(g, parents)} == {c.code for c in last.played}
        assert last.played <= {plain(c) for c in events[0].cards}
        assert str(last.reason) in _marks(root)


def test_what_cleared_the_table_is_said_in_a_few_words():
    from cardlab.widgets import Stepper

    folder = SCENARIOS[0].parent.parent
    seen = {}
    for name, step in (("daifugo/jdf_eight_cut", 2), ("durak/defence_table", 7), ("gandengyan/one_higher_single", 6),
                       ("durak/next_attacker_after_take", None), ("daifugo/jdf_spade_three_return", None),
                       ("daifugo/jdf_pass", None)):
        stepper = Stepper(folder / f"{name}.yaml")
        for i in ([step] if step else range(1, stepper.total + 1)):
            stepper.goto(i)
            seen.setdefault(name, set()).update(_marks(ET.fromstring(stepper.picture())))
    assert "cut by 8♦" in seen["daifugo/jdf_eight_cut"]
    assert "beaten off" in seen["durak/defence_table"]
    assert "everyone passed" in seen["gandengyan/one_higher_single"]
    assert any(m.startswith("taken by") for m in seen["durak/next_attacker_after_take"])
    assert "spade-3 return" in seen["daifugo/jdf_spade_three_return"]
    assert "everyone passed" in seen["daifugo/jdf_pass"]


def test_a_round_s_earlier_plays_are_drawn_small_and_in_order():
    """Gan Deng Yan's climb and Daifugo's trick: every play of the round so far, in the order
    played, the play to beat in full (before, only the play to beat was drawn)."""
    checked = 0
    for path in SCENARIOS:
        if path.parent.name == "durak":
            continue
        for _before, _events, state in _steps(path):
            if len(state.table) < 2:
                continue
            root = ET.fromstring(state_svg(state, bottom=state.players[0]))
            at = {g.get("data-card"): _place(g)[0] for g in root.iter(f"{NS}g")
                  if g.get("data-card") and TOP_Y <= _place(g)[1] < BOTTOM_Y}
            firsts = [at.get(plain(play.cards[0]).code) for _p, play in state.table]
            shown = [x for x in firsts if x is not None]
            assert firsts[-2:] == shown[-2:] and shown == sorted(shown), path.name  # in order, the latest kept
            if len(state.table) <= 4:
                assert len(shown) == len(firsts), path.name
                checked += 1
    assert checked > 20


def _font_px(text, parents) -> float:
    """A text's size as drawn: its font size times the scales of the groups it is in."""
    size, element = float(text.get("font-size")), parents.get(text)
    while element is not None:
        k = _scale_of(element)
        size *= k or 1
        element = parents.get(element)
    return size


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_word_of_the_table_is_at_least_18_px_at_projector_size(path):
    """Every text but the printing on a full-size card's face (its corner index, JOKER): labels,
    marks, the small cards' ranks, at every step with what it cleared."""
    for before, events, after in _steps(path):
        root = ET.fromstring(state_svg(after, bottom=after.players[0], width=SIZES["large"],
                                       last=last_step(before, events)))
        parents = _parents(root)
        small = MINI_W * SIZES["large"] / NORMAL_CARD / 100 + 0.001
        faces = {id(t) for g in root.iter(f"{NS}g") if (_scale_of(g) or 0) > small for t in g.iter(f"{NS}text")}
        sizes = [_font_px(t, parents) for t in root.iter(f"{NS}text") if id(t) not in faces]
        assert min(sizes) >= 18


# --- the table's state, marked ----------------------------------------------------------------------

def test_the_table_s_state_is_marked_large_and_says_when_it_changes():
    """Revolution, suit lock, the trump: a coloured mark with an icon and words, 21 px at projector
    size (before: 15 px words in the header), each saying when it starts; a counter-revolution and
    the lock lifted by a clear are told as they happen."""
    from cardlab.widgets import Stepper

    stepper = Stepper(SCENARIOS[0].parent.parent / "daifugo" / "jdf_revolution.yaml", size="large")
    said = []
    for _i, root in _pictures(stepper):
        marks = _marks(root)
        said.append(set(marks))
        for words, g in marks.items():
            text = g.find(f"{NS}text")
            assert float(text.get("font-size")) >= 21 and text.get("font-weight") == "bold", words
            assert g.find(f"{NS}rect").get("fill") != "#ffffff" or g.find(f"{NS}rect").get("stroke-dasharray")
    assert "revolution starts" in said[1] and "revolution" in said[2]
    assert {"revolution ends (counter-revolution)", "suit lock ♠ ♥ ♦ ♣ starts"} <= said[4]
    assert "suit lock ♠ ♥ ♦ ♣" in said[5] and {"suit lock lifted", "everyone passed"} <= said[7]
    durak_table = ET.fromstring(state_svg(durak.new_game("podkidnoy", ["甲", "乙"], seed=1)))
    trump = durak.new_game("podkidnoy", ["甲", "乙"], seed=1).trump
    assert any(words.startswith("trump ") and SUIT_SYMBOLS[trump] in words for words in _marks(durak_table))


def test_a_joker_in_a_small_hand_is_a_star_not_a_jack():
    """Drawn with no letter at all (before: "J★", read as a jack); the big and the small joker
    differ in shape where the rules make them differ (filled, outlined), and not where they are
    equal."""
    hands = {"甲": "S3", "乙": "RJ BJ H5", "丙": "S5"}
    for game, rules, players, differ in ((gandengyan, "yiqi", ["甲", "乙", "丙"], True),
                                         (daifugo, "jdf", ["甲", "乙", "丙", "丁"], False)):
        state = game.from_deal(rules, players, hands={**hands, **({"丁": "S6"} if len(players) == 4 else {})})
        root = ET.fromstring(state_svg(state, bottom="甲"))
        jokers = {g.get("data-card"): g for g in root.iter(f"{NS}g") if g.get("data-card") in ("RJ", "BJ")}
        assert set(jokers) == {"RJ", "BJ"}
        for g in jokers.values():
            assert not list(g.iter(f"{NS}text")) and g.find(f"{NS}polygon") is not None
        fills = {code: g.find(f"{NS}polygon").get("fill") for code, g in jokers.items()}
        assert (fills["BJ"] == "#ffffff") is differ and fills["RJ"] != "#ffffff"


def test_daifugo_places_in_a_picture_are_english_first_with_the_original_beside():
    from cardlab.i18n import language

    result = run(load(SCENARIOS[0].parent.parent / "daifugo" / "jdf_first_game.yaml"), keep_states=True)
    over = result.outcomes[-1].state
    words = " | ".join("".join(t.itertext()) for t in ET.fromstring(state_svg(over)).iter(f"{NS}text"))
    assert "grand millionaire (大富豪)" in words.replace(" | ", " ") or "(大富豪)" in words
    assert "grand pauper" in words and "pauper (貧民)" in words.replace(" | ", " ")
    for lang in ("zh-TW", "ja"):
        with language(lang):
            words = " ".join("".join(t.itertext()) for t in ET.fromstring(state_svg(over)).iter(f"{NS}text"))
        assert "大富豪" in words and "millionaire" not in words and "pauper" not in words
