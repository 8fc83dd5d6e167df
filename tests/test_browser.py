"""A learner's session in a real browser: JupyterLab started here, driven by Playwright in Debian's
Chromium. Skipped (with the reason) where /usr/bin/chromium or Playwright is missing.

Enable locally with ``apt-get install chromium`` (Debian); never ``playwright install``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
LESSON = "durak/02_defending_and_adding.ipynb"
TIMEOUT_MS = int(os.environ.get("CARDLAB_BROWSER_TIMEOUT_MS", 180_000))  # kernels start slowly on two cores

pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):
    pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM}: run `apt-get install chromium` "
                "to enable them", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need the 'playwright' "
                               "package: pip install -e '.[test]'")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving a scratch copy of lessons/ (running cells must not touch the committed
    notebooks), on a free local port; yields the base URL with its token."""
    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "lessons", work / "lessons",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port, token = _free_port(), "cardlab-browser-test"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={work / 'lessons'}", "--LabApp.news_url=", "--ServerApp.open_browser=False",
           "--LabServerApp.announcements_url="]
    log = open(work / "jupyterlab.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=work)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("JupyterLab did not start: " + (work / "jupyterlab.log").read_text()[-2000:])
            time.sleep(0.5)
    # Start the lesson's kernel before the page opens, so the page attaches to a running kernel
    # instead of racing its start-up (clicks made while it connects are dropped).
    request = urllib.request.Request(
        f"{base}/api/sessions?token={token}", method="POST",
        data=json.dumps({"path": LESSON, "type": "notebook", "name": LESSON,
                         "kernel": {"name": "python3"}}).encode(),
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=60)
    yield base, token
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def page(lab, tmp_path_factory):
    out = Path(os.environ.get("CARDLAB_TEST_OUTPUT", ROOT / "test-output"))
    out.mkdir(parents=True, exist_ok=True)
    base, token = lab
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        sync_api.expect.set_options(timeout=TIMEOUT_MS)
        # JupyterLab may ask "Select Kernel" at any moment while the kernel connects; take the
        # default (Python 3) whenever the dialog blocks an action.
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        page.goto(f"{base}/lab/tree/{LESSON}?token={token}")
        page.locator(".jp-Notebook").first.wait_for()
        _run_all_cells(page)
        page.out_dir = out
        try:
            yield page
        finally:
            page.screenshot(path=str(out / "durak_lesson.png"), full_page=True)
            browser.close()


def _accept_dialog(dialog) -> None:
    # The dialog may close by itself while we reach for it; then there is nothing to accept.
    try:
        dialog.locator(".jp-mod-accept").first.click(timeout=5_000)
    except sync_api.TimeoutError:
        pass


def _run_all_cells(page) -> None:
    """Run → Run All Cells, as a learner would. A click made while the kernel is still connecting
    is dropped by JupyterLab, so click again until the lesson's first widget appears (the
    committed notebooks hold no widget views, so only a real run draws one)."""
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    for _attempt in range(12):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        try:
            page.locator(".cardlab-stepper").first.wait_for(timeout=20_000)
            break
        except sync_api.TimeoutError:
            continue
    else:
        pytest.fail("JupyterLab never ran the lesson's cells")
    # Every cell done (no "[*]" prompt left) before anything is clicked.
    busy = page.locator(".jp-InputPrompt").filter(has_text="[*]")
    sync_api.expect(busy).to_have_count(0)


def test_stepper_step_shows_new_narration(page):
    stepper = page.locator(".cardlab-stepper").first
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 0 of")
    stepper.get_by_role("button", name="Step", exact=True).click()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
    sync_api.expect(stepper.locator(".cardlab-narration")).to_contain_text("opens the round")


def test_tryit_illegal_then_legal(page):
    table = page.locator(".cardlab-tryit").first
    table.scroll_into_view_if_needed()
    verdict = table.locator(".cardlab-verdict")
    # The try-it position of this lesson: 甲 attacked with S9 and 乙 beat it with SJ (hearts trump).
    table.locator("button", has_text="K♠").first.click()
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("rank_not_on_table")
    table.locator("button", has_text="K♠").first.click()  # deselect
    table.locator("button", has_text="9♦").first.click()
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("adds 9♦")


def test_quiz_answer_gives_feedback(page):
    quiz = page.locator(".cardlab-quiz").first
    quiz.scroll_into_view_if_needed()
    quiz.get_by_role("button", name="Illegal", exact=True).first.click()
    sync_api.expect(quiz.locator(".cardlab-feedback").first).to_contain_text("orrect")
    sync_api.expect(quiz.locator(".cardlab-score")).to_contain_text("of")
