"""The shared display code in the pseudo-language (tests/pseudo_i18n.py): every word the widgets,
the pictures, the charts, the cards' names and the bots' reasons say of their own is translated,
read in the language current when it is drawn or read.

The texts the games themselves make (event texts, refusal explanations, checklists, play names,
a game's own picture words) are the game packages' to translate; here they are taken out of what
is checked (:func:`without`), so that what is left is this area's own words. The scenario files'
titles and notes are lesson text, allowed as they are.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardlab import card, daifugo, durak, gandengyan, i18n
from cardlab.bots import MonteCarloBot, RandomBot, make_bot
from cardlab.cards import ALL_CARDS, CardError, count_cards, parse_token
from cardlab.charts import LAB_WORDS, bar_chart, chart_text, count_text
from cardlab.daifugo.picture import daifugo_top_svg
from cardlab.display import Folded, Seats, cards_html
from cardlab.i18n import _
from cardlab.registry import all_games, game_of
from cardlab.scenario import expectation_words
from cardlab.svg import card_svg, hand_svg, play_names, seats_svg, state_svg
from cardlab.tablepicture import Middle, generic_svg, table_svg

from pseudo_i18n import english_words, pseudo_language
from scenario_texts import TRANSFER, transfer_position

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab.widgets import Compare, Referee, Stepper, TryIt  # noqa: E402
from cardlab.widgets.base import replay, still_html  # noqa: E402
from lesson_walk import labels, svg_texts  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "lessons" / "scenarios").glob("*/*.yaml"))
ROUTE_A = ROOT / "lessons" / "scenarios" / "durak" / "route_a.yaml"
NS = "{http://www.w3.org/2000/svg}"
# Rule sets, games and bots by their names; JOKER is printed on a joker as on real cards.
NAMES = ["podkidnoy", "perevodnoy", "throw-in-fool", "jdf", "yeeqia", "yiqi", "jj", "durak", "daifugo",
         "gandengyan", "random", "simple", "montecarlo", "JOKER"]


def without(text, parts, state=None) -> str:
    """``text`` with every one of ``parts`` (texts of other areas) taken out, each as it is and
    as the learner reads it in ``state``."""
    text = str(text)
    found = set()
    for part in parts:
        if part is None or not str(part):
            continue
        found.add(str(part))
        if state is not None:
            found.add(state.learner_text(str(part)))
    for part in sorted(found, key=len, reverse=True):
        text = text.replace(part, " ")
    return text


def unquoted(text) -> str:
    """``text`` without what it quotes ('Z', 'atack'): what the learner typed, as it is."""
    return re.sub(r"'[^']*'", " ", str(text))


def title_words(*scenarios) -> set[str]:
    """The words of the scenarios' titles and sources, in every language they are written in:
    lesson text, not this area's."""
    words = set()
    for s in scenarios:
        sources = [s.source_text.get(lang) for lang in i18n.LANGUAGES] if s.source_text else []
        for text in [s.title_in(lang) for lang in i18n.LANGUAGES] + sources:
            words.update(re.findall(r"[A-Za-z][A-Za-z_'-]+", text))
    return words


# --- cards ---------------------------------------------------------------------------------------

def test_every_card_name_and_count_is_translated():
    with pseudo_language():
        for c in ALL_CARDS:
            assert english_words(c.name) == [], c.code
        for noun in ("card", "attack card", "blind card", "step"):
            assert english_words(count_cards(1, noun)) == english_words(count_cards(7, noun)) == []
        assert card("H5").name == "ｆｉｖｅ ｏｆ ｈｅａｒｔｓ" and card("H5").symbol == "5♥"  # the card seen stays 5♥
        assert 'aria-label="ｆｉｖｅ ｏｆ ｈｅａｒｔｓ"' in card_svg(card("H5"))


@pytest.mark.parametrize("text", ["", "S", "X5", "S1", "S11", "10H", "H10=S3", "SJ=9", "RJ=", "RJ=X9", "RJ=1",
                                  "BJ=11", "W7", "RJJ", "♠1", "RJ=BJ"])
def test_bad_card_notation_is_explained_in_the_language_read(text):
    with pytest.raises(CardError) as info:
        parse_token(text)  # made in English ...
    with pseudo_language():  # ... read in the pseudo-language
        # what the learner typed is quoted as it is
        assert english_words(re.sub(r"'[^']*'", " ", str(info.value.reason))) == []
        assert english_words(re.sub(r"'[^']*'", " ", str(info.value))) == []
    assert str(info.value).startswith("bad card ")


# --- pictures ------------------------------------------------------------------------------------

def test_pictures_of_cards_hands_and_plays_speak_the_current_language():
    hand = [card(c) for c in ("S9", "HT", "BJ", "RJ", "W3")]
    stand_ins = [parse_token(t) for t in ("RJ=H10", "BJ=9", "S9", "W2=D4")]
    label = _("your hand")  # a message made in English, drawn in the pseudo-language
    with pseudo_language():
        pictures = [card_svg(card("SQ")), card_svg(card("SQ"), face_down=True), card_svg(card("RJ")),
                    card_svg(card("W4")), hand_svg(hand, label=label), hand_svg(hand, face_down=True),
                    hand_svg([], label="x"), daifugo_top_svg(stand_ins, "甲"), daifugo_top_svg(stand_ins, None),
                    daifugo_top_svg([], None)]
        for svg in pictures:
            for text in svg_texts(svg):
                assert english_words(text, allowed=NAMES) == [], text
        assert english_words(play_names(stand_ins)) == []
        html = cards_html(stand_ins)
        assert english_words(" ".join(re.findall(r'title="([^"]*)"', html))) == []
    # and in English again: the same words as always
    assert 'aria-label="your hand: nine of spades, ten of hearts, black joker, red joker, wild card 3"' in \
        hand_svg(hand, label=label)
    assert "BIG" in card_svg(card("RJ")) and "WILD" in card_svg(card("W4"))


def test_the_seats_picture_and_its_sentences_are_translated():
    seats = Seats(["甲", "乙", "丙"])
    assert str(seats).startswith("Play goes clockwise: 甲 (A) → 乙 (B)")
    with pseudo_language():
        assert english_words(str(seats)) == [] and "(A)" not in str(seats)  # 甲 needs no letter here
        for text in svg_texts(seats._repr_svg_()):
            assert english_words(text) == [], text
        # the old way of calling it, a caption cut at its full stops, still works
        assert english_words(" ".join(svg_texts(seats_svg(["甲", "乙"], str(seats))))) == []


def test_the_card_table_draws_its_own_words_and_the_game_s_messages_as_it_draws():
    state = durak.from_deal("podkidnoy", ["甲", "乙", "丙"], hands={"甲": ["S8", "D9"], "乙": ["H8", "C7"],
                                                                  "丙": ["S6"]}, trump="H", attacker="甲")
    header, tag, summary = _("{game} header", game="durak"), _("to play"), _("a summary")  # made in English

    def middle(band: Middle) -> str:
        return band.text(band.x, band.y + 10, _("the middle")) + band.play_row([parse_token("RJ=H10")], band.x,
                                                                               band.y + 20)

    with pseudo_language():
        for view, seat in (("teaching", None), ("player", "甲"), ("player", "乙")):
            svg = table_svg(state, view=view, seat=seat, bottom=None, highlight=(), width=56, four_colour=False,
                            header=header, tags={"甲": [tag, _("passed")]}, middle=middle, summary=summary)
            for text in svg_texts(svg):
                assert english_words(text, allowed=NAMES) == [], text
        svg = generic_svg(state, view="player", seat="甲")
        for text in svg_texts(svg):
            assert english_words(text, allowed=NAMES) == [], text


@pytest.mark.parametrize("game, rules", [(durak, "podkidnoy"), (durak, "perevodnoy"), (daifugo, "jdf"),
                                         (daifugo, "yeeqia"), (gandengyan, "yiqi"), (gandengyan, "jj")])
def test_every_game_s_table_says_the_card_counts_and_who_holds_what_in_the_language_read(game, rules):
    """The words the card table adds to every game's picture: each seat's card count, "(you)",
    and the end of the text alternative, how many cards each player holds."""
    players = ["甲", "乙", "丙", "丁"] if game is daifugo else ["甲", "乙", "丙"]
    state = game.new_game(rules, players, seed=5)
    rng = random.Random(5)
    with pseudo_language():
        for turn in range(40):
            if state.is_over():
                break
            if turn % 5 == 0:
                seat = players[turn % len(players)]
                root = ET.fromstring(state_svg(state, view="player", seat=seat))
                counts = [t for t in root.iter(f"{NS}tspan") if t.get("fill") == "#555555"]
                assert len(counts) == len(players)
                for t in counts:
                    assert english_words(t.text) == [], t.text
                names = [t.text for t in root.iter(f"{NS}tspan") if t.get("font-weight") == "bold"
                         and t.text and t.text.startswith(seat)]
                assert names and all(english_words(n) == [] for n in names)  # "甲 (you)"
                holds = root.get("aria-label").split("; ")[-len(players):]
                assert all(english_words(h) == [] and h.startswith(p) for h, p in zip(holds, players))
            state.apply(rng.choice(state.legal_actions()))


# --- charts --------------------------------------------------------------------------------------

def test_charts_draw_their_words_and_the_lab_s_in_the_language_read():
    bars = ["exchange", "no exchange", 3]
    options = dict(title="Durak: chance of losing", xlabel="trumps in the six cards dealt",
                   ylabel="chance of losing", counts=[120, 40, 1], count_unit="hands", value_format="{:.0%}")
    lab_words = [*LAB_WORDS, *(word for game in all_games() for word in game.lab_words)]
    with pseudo_language():
        svg = bar_chart(bars, [0.3, 0.2, 0.1], **options)
        texts = svg_texts(svg)
        for text in texts:
            assert english_words(text) == [], text
        assert any("ｔｒｕｍｐｓ" in t for t in texts)
        assert english_words(count_text(1, "games")) == english_words(count_text(5, "deals")) == []
        assert all(english_words(chart_text(word)) == [] for word in lab_words)
        svg = bar_chart(["a b", "c d"], [1, 2], title=_("seats"), errors=[0.1, 0.1], reference=1.5,
                        counts=[10, 1])
        for text in svg_texts(svg):
            assert english_words(text, allowed=["a", "b", "c", "d"]) == [], text
    assert 'aria-label="Durak: chance of losing: exchange 30% (n = 120 hands)' in bar_chart(bars, [0.3, 0.2, 0.1],
                                                                                             **options)


@pytest.mark.filterwarnings("ignore::UserWarning")  # no full-width glyphs in the font: not drawn here
def test_a_matplotlib_chart_is_labelled_in_the_language_read():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from cardlab.charts import bar_figure

    with pseudo_language():
        fig = bar_figure(["exchange", "no exchange"], [1.2, 2.3], title="Daifugo: the exchange",
                         ylabel="previous daihinmin's average place", counts=[80, 1], count_unit="deals")
        ax = fig.axes[0]
        texts = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *(t.get_text() for t in ax.get_xticklabels())]
        for text in texts:
            assert english_words(text, allowed=["daihinmin"]) == [], text
    plt.close(fig)


def test_show_bars_says_it_would_use_matplotlib_in_the_language_read(monkeypatch, capsys):
    from cardlab import charts

    monkeypatch.setattr(charts, "available", lambda module: False)
    monkeypatch.setattr(charts, "_noted", False)
    monkeypatch.setattr("IPython.display.display", lambda *args, **kwargs: None)
    with pseudo_language():
        charts.show_bars(["x", "y"], [1, 2], title="average place")
    printed = capsys.readouterr().out
    assert printed.strip() and english_words(printed) == []


# --- bots ----------------------------------------------------------------------------------------

def test_the_bots_reasons_are_read_in_the_language_current_when_read():
    game = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": "S9 D7 H8".split(), "乙": "SK CA D6".split()},
                           stock="C6 C7 C8 C9 CQ HA".split(), attacker="甲")
    view = game.view("甲")
    reasons = [RandomBot(3).decide(view)[1], MonteCarloBot(3, rollouts=2).decide(view)[1]]  # made in English
    explained = make_bot("random", seed=3).explain(view)
    assert "legal actions" in str(reasons[0]) and "rollouts" in str(reasons[1])
    # the event text of the action is the game's (made when the bot explains)
    first = str(game.copy().apply(make_bot("random", seed=3).decide(view)[0])[0].text)
    assert str(explained).startswith(first)
    with pseudo_language():
        for reason in reasons:
            assert english_words(reason) == [], reason
        assert english_words(without(explained, [first], game), allowed=NAMES) == []


# --- the widgets ---------------------------------------------------------------------------------

def narration_parts(stepper: Stepper, index: int) -> list:
    """What a step's narration holds that other areas say: the engine's event texts and refusals'
    explanations, the scenario's checks in words, its title, source and notes."""
    scenario = stepper.scenario
    parts = [scenario.title_in(i18n.get_language()), scenario.source]
    for outcome in stepper._frames[index]:
        parts += [e.text for e in outcome.events]
        if outcome.refusal is not None:
            parts.append(outcome.refusal.explanation)
        parts += [expectation_words(k, v) for k, v in outcome.step.expect.items()]
        if outcome.step.note:
            parts.append(outcome.step.note_in(i18n.get_language()))
    return parts


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_stepper_narrates_in_the_language_read(path):
    stepper = Stepper(path)
    allowed = NAMES + sorted(title_words(stepper.scenario)) + list(stepper.scenario.players)
    start = stepper.result.start
    with pseudo_language():
        for index in range(stepper.total + 1):
            stepper.goto(index)
            text = without(stepper.narration, narration_parts(stepper, index), start)
            assert english_words(text, allowed=allowed) == [], (index, text)
            assert english_words(stepper.counter) == []
        transcript = stepper.transcript()
        parts = [p for i in range(stepper.total + 1) for p in narration_parts(stepper, i)]
        rest = without(transcript, parts + [start.learner_text(str(start.describe()))], start)
        assert english_words(rest, allowed=allowed) == [], rest
    assert repr(stepper) == f"<Stepper {stepper.scenario.title!r} step {stepper.total} of {stepper.total}>"


def test_a_language_switch_between_two_steps_changes_the_next_narration_and_the_labels():
    english_names = {c.name for c in ALL_CARDS}
    stepper = Stepper(ROUTE_A)
    box = stepper.widget
    stepper.step()
    assert stepper.narration.startswith("Step 1: 甲 (A) attack")
    assert "eight of spades" in svg_texts(stepper._picture.svg)
    assert {"Reset", "Back", "Step", "End", "Projector size"} <= set(labels(box))
    stepper._buttons["End"].description = "Last"  # a label something else gave: kept
    english = repr(stepper)
    with pseudo_language():
        stepper.step()  # the next narration, and the labels from this update on
        first = stepper.narration.splitlines()[0]
        assert first.startswith("Ｓｔｅｐ 2: 乙 ｄｅｆｅｎｄ") and english_words(first) == []
        shown = labels(box)
        assert "Ｒｅｓｅｔ" in shown and "Ｓｔｅｐ" in shown and "Last" in shown
        assert all(english_words(text, allowed=["Last", "Home", "End"]) == [] for text in shown)
        assert english_words(stepper._counter.value.replace("&nbsp;", " ")) == []
        assert repr(stepper) == english.replace("step 1", "step 2")  # a repr is always English
        stepper.back()  # a step drawn before, in English: drawn again in this language
        texts = svg_texts(stepper._picture.svg)
        assert "ｅｉｇｈｔ ｏｆ ｓｐａｄｅｓ" in texts and not set(texts) & english_names
        stepper.step()
        html = stepper.static_html()
        assert english_words(re.sub(r"<[^>]*>", " ", html.split("<div class=\"cardlab-narration")[0]),
                             allowed=title_words(stepper.scenario)) == []
    stepper.step()
    assert stepper.narration.startswith("Step 3:") and "Reset" in labels(box)


def tryit_route_a() -> TryIt:
    return TryIt(ROUTE_A, at_step=2)


def test_tryit_verdicts_are_in_the_language_current_when_they_are_made():
    tryit = tryit_route_a()
    box = tryit.widget
    state = tryit.state
    players = list(state.players)
    with pseudo_language():
        verdicts = [tryit.press("attack"), tryit.press("take", player="Z"), tryit.type_move("A attack X9"),
                    tryit.type_move("A fly S8"), tryit.undo(), tryit.hint()]
        for verdict in verdicts:
            assert english_words(unquoted(verdict), allowed=players + ["durak"]) == [], verdict
        tryit.select("C6")
        refused = tryit.press("attack", player="乙")
        refusal = state.check(state.parse_action("乙 attack C6"))
        assert english_words(without(refused, [refusal.explanation], state)) == [], refused
        # the reason code only in the reason's tooltip, for teachers
        ((code, tip),) = re.findall(r'class="cardlab-refusal" data-code="([^"]*)" title="([^"]*)"',
                                    tryit._verdict_html.value)
        assert code == refusal.code and tip.endswith(f": {refusal.code}") and english_words(tip) == []
        assert refusal.code not in refused and refusal.code not in re.sub(r'"[^"]*"', "", tryit._verdict_html.value)
        legal = next(a for a in tryit.state.legal_actions() if a.cards)
        tryit.type_move(str(legal))
        assert english_words(tryit.undo()) == []
        for text in labels(box):
            assert english_words(text) == [], text
        tryit.press("attack")
        assert english_words(re.sub(r"<[^>]*>", " ", tryit._verdict_html.value)) == []
        assert english_words(re.sub(r"<svg .*?</svg>|<img [^>]*>|<[^>]*>", " ", tryit.static_html(), flags=re.S),
                             allowed=NAMES) == []
    assert tryit.press("attack") == "Select a card first."  # English again
    tryit.select("C6")
    tryit.press("attack", player="乙")
    assert ('data-code="not_attacker" title="the reason code of the scenario contract: not_attacker">'
            in tryit._verdict_html.value)


def test_tryit_labels_follow_a_language_switch_at_the_next_update():
    tryit = tryit_route_a()
    box = tryit.widget
    assert "Show legal moves" in labels(box) and "Attack" in labels(box)
    with pseudo_language():
        tryit.select()  # any update
        shown = labels(box)
        assert "Ｓｈｏｗ ｌｅｇａｌ ｍｏｖｅｓ" in shown and "Ａｔｔａｃｋ" in shown
        assert all(english_words(text) == [] for text in shown), shown
        assert [label for label, _p in tryit._seat_buttons.options] == ["甲", "乙"]  # no letter needed
    tryit.select()
    assert "Show legal moves" in labels(box) and [o for o, _p in tryit._seat_buttons.options][0] == "甲 (A)"


def test_the_readings_of_jokers_are_offered_in_the_language_read():
    state = gandengyan.from_deal("yiqi", ["甲", "乙", "丙"], hands={
        "甲": ["S3", "H4", "S5", "BJ", "RJ", "C9"], "乙": ["D7"], "丙": ["D8"]})
    tryit = TryIt(state)
    box = tryit.widget
    tryit.select("S3", "BJ", "RJ")
    with pseudo_language():
        tryit.select("S3", "BJ", "RJ")
        words = [game_of(state).play_words(state, a) for a in tryit.readings()]
        for label in tryit.reading_labels():
            assert english_words(without(label, words, state)) == [], label
        assert all(english_words(without(o, words, state)) == [] for o in tryit._reading_menu.options)
        for text in labels(box):
            assert english_words(without(text, words, state)) == [], text
        (hint,) = tryit._choose_hint("play")  # after a refusal, when the selection reads several ways
        assert english_words(unquoted(hint)) == [] and str(tryit._jokers_as()) in hint


def test_compare_speaks_the_language_read():
    compare = Compare(transfer_position(), "podkidnoy", "perevodnoy")
    with pseudo_language():
        assert english_words(compare.summary(), allowed=NAMES) == []
        box = compare.widget
        legal = " ".join(w.value for w in compare._legal)
        assert english_words(re.sub(r"<[^>]*>", " ", legal), allowed=NAMES) == []
        assert english_words(re.sub(r"<[^>]*>", " ", compare.static_html()), allowed=NAMES) == []
        assert box is compare.widget


def test_a_replay_note_made_in_english_reads_in_the_language_read():
    from cardlab.scenario import loads

    scenario = loads(TRANSFER)
    state, note = replay(scenario, durak.RULESETS["podkidnoy"], 2)
    assert str(note).startswith("Under podkidnoy, step 2 (B transfer H8) is refused: Not a move here.")
    refusal = state.check(state.parse_action("B transfer H8"))
    with pseudo_language():
        assert english_words(without(note, [refusal.explanation]), allowed=NAMES) == []


def test_the_referee_asks_and_labels_in_the_language_read():
    ref = Referee(ROUTE_A.parent)
    box = ref.widget
    ref.ask("route_a.yaml", 2, "甲 atack D6")  # asked in English ...
    allowed = NAMES + sorted(title_words(*ref._scenarios.values())) + ["atack", "Durak", "Daifugo", "Gan", "Deng",
                                                                       "Yan"]
    with pseudo_language():  # ... read in the pseudo-language
        assert english_words(unquoted(ref._answer), allowed=allowed) == [], ref._answer
        ref.ask("route_a.yaml", 2, "甲 atack D6")
        for text in labels(box):
            assert english_words(text, allowed=allowed) == [], text
        assert english_words(ref._step_count.value.replace("&nbsp;", " ")) == []
        assert english_words(re.sub(r"<img [^>]*>|<[^>]*>", " ", ref.static_html())) == []
    assert ref.label("route_a.yaml") == "Durak · podkidnoy — Route A: every attack is beaten"


def test_still_pictures_and_folded_text_say_their_words_in_the_language_read():
    folded = Folded("one\ntwo")  # made in English
    with pseudo_language():
        html = still_html(_("a title"), "<p>body</p>")
        assert english_words(re.sub(r"<[^>]*>", " ", html), allowed=["body"]) == []
        assert english_words(re.sub(r"<[^>]*>", " ", folded._repr_html_()), allowed=["one", "two"]) == []
    assert "Show the text" in folded._repr_html_()
