"""Gan Deng Yan lesson 3 in a real browser, with the set-up of test_browser.py (JupyterLab on a
scratch copy of lessons/, Debian's Chromium through Playwright, a 1280×720 page): a learner steps
through the article's one-higher chain and reads the narration of the draw. Skipped, with the
reason, where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import json
import urllib.request

import pytest
from test_browser import _open_lesson, browser, lab, out_dir, sync_api  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LESSON = "gandengyan/03_a_whole_round.ipynb"


@pytest.fixture(scope="module")
def page(browser, lab, out_dir):  # noqa: F811 (the fixtures imported above)
    base, token, _work = lab
    # The lesson's kernel first, so the page attaches to a running kernel (as test_browser.py does).
    request = urllib.request.Request(
        f"{base}/api/sessions?token={token}", method="POST",
        data=json.dumps({"path": LESSON, "type": "notebook", "name": LESSON,
                         "kernel": {"name": "python3"}}).encode(),
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=60)
    page = _open_lesson(browser, lab, LESSON, ".cardlab-stepper")
    try:
        yield page
    finally:
        page.screenshot(path=str(out_dir / "gandengyan_lesson_3.png"), full_page=True)
        page.context.close()


def test_step_through_the_chain_and_read_the_narration_of_the_draw(page, out_dir):  # noqa: F811
    stepper = page.locator(".cardlab-stepper").first
    stepper.scroll_into_view_if_needed()
    counter, narration = stepper.locator(".cardlab-counter"), stepper.locator(".cardlab-narration")
    sync_api.expect(counter).to_contain_text("step 0 of 8")
    step = stepper.get_by_role("button", name="Step", exact=True)
    chain = ["3♠", "4♥", "5♦", "6♠", "7♥", "8♦"]
    for n, card in enumerate(chain, start=1):
        step.click()
        sync_api.expect(counter).to_contain_text(f"step {n} of 8")
        sync_api.expect(narration).to_contain_text(f"single {card[:-1]} ({card})")
        if n > 1:
            sync_api.expect(narration).to_contain_text(f"exactly one rank higher than {chain[n - 2]}")
    step.click()
    sync_api.expect(narration).to_contain_text("A pass neither ends the round nor draws a card")
    step.click()
    sync_api.expect(counter).to_contain_text("step 8 of 8")
    for words in ("the round is over and the table is cleared", "丙 (C) draws 4♠ first and holds 4 cards.",
                  "甲 (A) draws 9♣ and holds 5 cards.", "乙 (B) draws 5♥ and holds 4 cards.",
                  "丙 (C) played last, so 丙 (C) leads the next round"):
        sync_api.expect(narration).to_contain_text(words)
    # At 1280×720 the button and the narration of the draw are on screen together.
    sync_api.expect(step).to_be_in_viewport()
    sync_api.expect(narration.locator(".cardlab-narration-text")).to_be_in_viewport()
    page.screenshot(path=str(out_dir / "gandengyan_draw_1280x720.png"))
