"""The card table as a learner sees it on a classroom projector (1280×720, JupyterLab with its file
browser open), one lesson of each game: every step of a worked example keeps the whole stepper
(buttons, narration and table) on screen at one height, at most 560 px; the try-it table is as
compact; and "Projector size" makes the cards larger while the stepper still fits the screen.
Screenshots of each stepper and try-it table, at normal and projector size, go to test-output/.
Skipped, with the reason, where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import json
import urllib.request

import pytest
from test_browser import PROJECTOR, _open_lesson, browser, lab, out_dir, show_whole, sync_api  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LESSONS = {
    "durak": "durak/03_two_player_round.ipynb",
    "daifugo": "daifugo/02_following.ipynb",
    "daifugo-web": "daifugo-web/05_revolution.ipynb",
    "gandengyan": "gandengyan/02_only_one_higher.ipynb",
}
MOST = 560  # px: a stepper or a try-it table, whole, on a 1280×720 screen with the file browser open


@pytest.fixture(scope="module", params=list(LESSONS))
def lesson(request, browser, lab):  # noqa: F811 (the fixtures imported above)
    base, token, _work = lab
    path = LESSONS[request.param]
    session = urllib.request.Request(
        f"{base}/api/sessions?token={token}", method="POST",
        data=json.dumps({"path": path, "type": "notebook", "name": path, "kernel": {"name": "python3"}}).encode(),
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(session, timeout=60)
    page = _open_lesson(browser, lab, path, ".cardlab-stepper")
    try:
        yield request.param, page
    finally:
        page.context.close()


def _on_screen(page, locator) -> None:
    """The whole of ``locator`` is inside the window."""
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PROJECTOR["width"], box


def _hand_card_width(widget) -> float:
    """The width on screen of the widest card drawn (a card in the hand along the bottom)."""
    return widget.locator(".cardlab-picture [data-card]").evaluate_all(
        "cards => Math.max(...cards.map(card => card.getBoundingClientRect().width))")


def test_every_step_keeps_the_whole_stepper_on_screen_at_one_height(lesson, out_dir):
    name, page = lesson
    stepper = page.locator(".cardlab-stepper").first
    show_whole(stepper)
    height = stepper.bounding_box()["height"]
    assert height <= MOST
    page.screenshot(path=str(out_dir / f"table_{name}_stepper.png"))
    step = stepper.get_by_role("button", name="Step", exact=True)
    narration = stepper.locator(".cardlab-narration")
    count = 0
    while step.is_enabled():
        step.click()
        count += 1
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text(f"step {count} of")
        sync_api.expect(narration).to_contain_text(f"Step {count}:")
        assert stepper.bounding_box()["height"] == height
        for part in (stepper.locator(".cardlab-picture"), narration, step):
            _on_screen(page, part)
    assert count > 0


def test_the_try_it_table_fits_beside_its_controls(lesson, out_dir):
    name, page = lesson
    table = page.locator(".cardlab-tryit").first
    show_whole(table)
    assert table.bounding_box()["height"] <= MOST
    for part in (table.locator(".cardlab-picture"), table.locator(".cardlab-verdict"),
                 table.get_by_role("button", name="Show legal moves")):
        _on_screen(page, part)
    page.screenshot(path=str(out_dir / f"table_{name}_tryit.png"))


def test_projector_size_makes_the_cards_larger_and_still_fits_the_screen(lesson, out_dir):
    name, page = lesson
    for kind in ("stepper", "tryit"):
        widget = page.locator(f".cardlab-{kind}").first
        show_whole(widget)
        normal = _hand_card_width(widget)
        toggle = widget.get_by_role("button", name="Projector size")
        toggle.click()
        # The file browser folds away to make room: the table and the controls stand side by side.
        sync_api.expect(page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")).to_have_count(0)
        page.wait_for_function("() => document.querySelector('.cardlab-picture svg') !== null")
        sync_api.expect(widget.locator(".cardlab-picture svg")).to_have_attribute("width", "713.57")
        show_whole(widget)
        assert _hand_card_width(widget) >= 1.3 * normal
        _on_screen(page, widget)
        page.screenshot(path=str(out_dir / f"table_{name}_{kind}_projector.png"))
        toggle.click()
        sync_api.expect(widget.locator(".cardlab-picture svg").first).to_have_attribute("width", "540")
