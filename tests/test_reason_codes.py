"""Reason codes: the engine holds the contract's, each game adds its own when its rules are imported
(engine.add_reason), and every code a refusal carries is known with a meaning and a title."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from cardlab import engine
from cardlab.engine import CONTRACT_REASON_CODES, REASON_CODES, REASON_TITLES, Refusal, add_reason
from cardlab.registry import find_game

GAMES = ("durak", "daifugo", "gandengyan")
OWN_CODES = {"durak": {"not_on_table"}, "daifugo": {"must_give_weakest"}, "gandengyan": set()}


@pytest.fixture
def known_codes():
    """The tables of known codes, put back as they were after the test."""
    codes, titles = dict(REASON_CODES), dict(REASON_TITLES)
    yield
    REASON_CODES.clear()
    REASON_CODES.update(codes)
    REASON_TITLES.clear()
    REASON_TITLES.update(titles)


def test_the_engine_holds_the_contracts_codes_and_names_no_game():
    for code in CONTRACT_REASON_CODES:
        assert not re.search("durak|daifugo|gandengyan", REASON_CODES[code], re.IGNORECASE), code
    run = subprocess.run([sys.executable, "-c", "from cardlab import engine; print(' '.join(engine.REASON_CODES))"],
                         capture_output=True, text=True, check=True)
    assert tuple(run.stdout.split()) == CONTRACT_REASON_CODES


@pytest.mark.parametrize("game", GAMES)
def test_a_game_adds_its_own_codes_when_its_rules_are_imported(game):
    script = (f"from cardlab import engine; before = set(engine.REASON_CODES); "
              f"from cardlab.{game} import rules; "
              f"print(' '.join(sorted(set(engine.REASON_CODES) - before)))")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert set(run.stdout.split()) == OWN_CODES[game]


@pytest.mark.parametrize("game", GAMES)
def test_the_codes_a_game_declares_are_known_and_titled(game):
    rules = pytest.importorskip(f"cardlab.{game}.rules")
    used = rules.REASON_CODES_USED
    assert find_game(game).reason_codes == used  # the spec's, declared once
    assert used <= set(REASON_CODES) and OWN_CODES[game] <= used
    assert used - set(CONTRACT_REASON_CODES) == OWN_CODES[game]
    assert all(str(REASON_TITLES[code]) for code in used)


def test_add_reason_adds_a_code_that_refusals_may_carry(known_codes):
    with pytest.raises(ValueError, match="unknown reason code"):
        Refusal("not_face_up", "The card lies face down.")
    add_reason("not_face_up", "the named card lies face down", "Not face up")
    assert Refusal("not_face_up", "The card lies face down.").title == "Not face up"
    assert REASON_CODES["not_face_up"] == "the named card lies face down"
    add_reason("not_face_up", "the named card lies face down", "Not face up")  # again: nothing changes
    assert list(REASON_CODES).count("not_face_up") == 1


@pytest.mark.parametrize("code, meaning, title, fault", [
    ("not_your_turn", "someone else's turn", "Not your turn", "another meaning"),
    ("not_your_turn", "this player may not act now", "Wait", "another meaning or title"),
    ("Not Face Up", "the card lies face down", "Not face up", "lowercase words"),
    ("not_face_up_", "the card lies face down", "Not face up", "lowercase words"),
    (7, "the card lies face down", "Not face up", "lowercase words"),
])
def test_add_reason_refuses_a_badly_written_code_or_a_second_meaning(known_codes, code, meaning, title, fault):
    with pytest.raises(ValueError, match=fault):
        add_reason(code, meaning, title)
    assert REASON_CODES["not_your_turn"] == "this player may not act now"


def test_a_code_added_after_the_widgets_were_imported_is_shown_in_the_verdicts_tooltip(known_codes):
    from cardlab.widgets.acting import RefusalLine, verdict_html

    add_reason("not_face_up", "the named card lies face down", "Not face up")
    html = verdict_html(RefusalLine(Refusal("not_face_up", "8♠ lies face down.")), "refused")
    assert "Not face up: 8♠ lies face down." in html
    assert 'data-code="not_face_up"' in html and 'title="the reason code of the scenario contract: not_face_up"' in html
    assert engine.REASON_CODES is REASON_CODES  # the one table every module reads
