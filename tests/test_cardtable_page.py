"""The card table's front end (cardlab/widgets/cardtable.js and .css) in Debian's Chromium, on a page
of its own with a stand-in for the widget's model (no JupyterLab): selected cards are raised by a
share of their height, each in its own frame, and after Enter plays a card the focus goes back to
the hand. Skipped (with the reason) where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardlab import durak
from cardlab.widgets import TryIt

CHROMIUM = "/usr/bin/chromium"
FRONT_END = Path(__file__).resolve().parent.parent / "cardlab" / "widgets"

pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):
    pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM}: run `apt-get install chromium` "
                "to enable them", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need the 'playwright' "
                               "package: pip install -e '.[test]'")

# A stand-in for the anywidget model: Python's side is `window.python(changes)`; what the page
# sends is kept in `window.sent`.
MODEL = """
const state = %s;
const listeners = {};
window.sent = [];
window.model = {
  get: (name) => state[name],
  set: (name, value) => { state[name] = value; },
  save_changes: () => {},
  on: (event, f) => { (listeners[event] ||= []).push(f); },
  off: () => {},
  send: (message) => { window.sent.push(message); },
};
window.python = (changes) => {
  Object.assign(state, changes);
  for (const name of Object.keys(changes)) (listeners["change:" + name] || []).forEach((f) => f());
};
"""


@pytest.fixture(scope="module")
def page():
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield browser.new_page(viewport={"width": 900, "height": 700})
        finally:
            browser.close()


def _position():
    return durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": ["S6", "S7", "D9", "DJ", "CQ", "HK"],
                                                            "乙": ["S10", "C6", "H8"]},
                           stock=["C7", "C8", "H6"], trump="H", attacker="甲")


def _open(page, tryit: TryIt) -> None:
    traits = {"svg": tryit.picture(), "selectable": [c.code for c in tryit.selectable()], "selected": [],
              "projector": False}
    script = (FRONT_END / "cardtable.js").read_text(encoding="utf-8").replace("export default", "window.cardtable =")
    page.set_content(f"<style>{(FRONT_END / 'cardtable.css').read_text(encoding='utf-8')}</style><div id='el'></div>")
    page.add_script_tag(content=MODEL % json.dumps(traits) + script)
    page.evaluate("() => window.cardtable.render({ model: window.model, el: document.getElementById('el') })")


def _top(page, code: str) -> float:
    return page.evaluate(f"() => document.querySelector('[data-card=\"{code}\"]').getBoundingClientRect().y")


def test_selected_cards_are_raised_each_in_its_own_frame(page):
    """Before, a selected card was only framed (7 px wide), so neighbours merged into one blue blob."""
    _open(page, TryIt(_position()))
    before = {code: _top(page, code) for code in ("S6", "S7", "D9")}
    height = page.evaluate("() => document.querySelector('[data-card=\"S6\"]').getBoundingClientRect().height")
    for code in ("S6", "S7"):
        page.click(f'[data-card="{code}"]', position={"x": 5, "y": 40})
    for code in ("S6", "S7"):
        assert before[code] - _top(page, code) >= 0.1 * height, code
    assert _top(page, "D9") == before["D9"]
    assert page.evaluate("() => window.model.get('selected')") == ["S6", "S7"]
    frame = page.evaluate("""() => { const m = document.querySelector('[data-card="S6"] .cardlab-mark');
        const style = getComputedStyle(m); return [style.display, style.strokeWidth]; }""")
    assert frame == ["inline", "3.5px"]
    page.click('[data-card="S6"]', position={"x": 5, "y": 40})
    assert _top(page, "S6") == before["S6"]  # unselected: down again


def test_after_enter_plays_a_card_the_focus_goes_back_to_the_hand(page):
    """Before, it stayed on the card played, now on the table, and the arrows no longer reached the
    hand."""
    tryit = TryIt(_position())
    _open(page, tryit)
    page.focus('[data-card="D9"]')
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.sent") == [{"event": "submit"}]
    tryit.select("D9")
    tryit.press("attack")  # what Python does on "submit": 9♦ goes to the table, open
    page.evaluate("(changes) => window.python(changes)", {"svg": tryit.picture(), "selected": [],
                                                          "selectable": [c.code for c in tryit.selectable()]})
    focused = page.evaluate("""() => { const g = document.activeElement;
        return [g.dataset.card, Boolean(g.closest('.cardlab-hand'))]; }""")
    assert focused[1] and focused[0] != "D9", focused
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => Boolean(document.activeElement.closest('.cardlab-hand'))")
