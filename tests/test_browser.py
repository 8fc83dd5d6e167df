"""A learner's session in a real browser: JupyterLab started here, driven by Playwright in Debian's
Chromium. Skipped (with the reason) where /usr/bin/chromium or Playwright is missing.

Enable locally with ``apt-get install chromium`` (Debian); never ``playwright install``.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import signal
import statistics
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from cardlab.labserver import WIDGET_STATE, WIDGET_VIEW
from cardlab.languages import LANGUAGES
from cardlab.svg import HIGHLIGHT
from cardlab.widgets import RUN_ME
from test_labserver import install_data_files

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
LESSON = "durak/02_defending_and_adding.ipynb"
REFEREE_LESSON = "durak/06_checklist.ipynb"
PAIR_LESSON = "daifugo-web/03_combinations.ipynb"
REVOLUTION_LESSON = "daifugo/03_revolution_and_eight_cut.ipynb"
PLAY_LESSON = "play.ipynb"
SAVE_LESSON = "durak/01_durak_setting_up.ipynb"
# Seconds: the autosave interval set here, so that were autosave on, a learner's clicks would reach
# the disk while test_a_lesson_only_clicked_stays_as_committed_and_reopens_after_a_save waits.
AUTOSAVE_S = 5
PROJECTOR = {"width": 1280, "height": 720}
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
    # JupyterLab keeps settings, workspaces and runtime files under the user's home: point all of
    # them at this test's own folder, so a test run never changes what `make lab` opens.
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR",
                 "JUPYTER_RUNTIME_DIR"):
        env[name] = str(work / name.lower())
    # JupyterLab's settings for the lessons and cardlab's server extension, installed as installing
    # cardlab installs them (pyproject.toml's data-files, into the environment's share/ and etc/):
    # no "official Jupyter news?" question over the lesson, no autosave, no widget state saved with
    # a notebook, and a save that keeps only widgets that can be drawn again.
    prefix = work / "prefix"
    install_data_files(prefix)
    env["JUPYTER_CONFIG_PATH"] = str(prefix / "etc" / "jupyter")
    # And a short autosave interval, which matters only if autosave is on.
    folder = Path(env["JUPYTERLAB_SETTINGS_DIR"], "@jupyterlab", "docmanager-extension")
    folder.mkdir(parents=True)
    (folder / "plugin.jupyterlab-settings").write_text(json.dumps({"autosaveInterval": AUTOSAVE_S}))
    # $CARDLAB_BROWSER_PORT: a port of one's own where several people share the machine.
    port, token = int(os.environ.get("CARDLAB_BROWSER_PORT") or 0) or _free_port(), "cardlab-browser-test"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={work / 'lessons'}", "--ServerApp.open_browser=False",
           f"--LabApp.app_settings_dir={prefix / 'share' / 'jupyter' / 'lab' / 'settings'}"]
    log = open(work / "jupyterlab.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=work, env=env)
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
    for lesson in (LESSON, REFEREE_LESSON, PAIR_LESSON, REVOLUTION_LESSON, PLAY_LESSON):
        request = urllib.request.Request(
            f"{base}/api/sessions?token={token}", method="POST",
            data=json.dumps({"path": lesson, "type": "notebook", "name": lesson,
                             "kernel": {"name": "python3"}}).encode(),
            headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=60)
    yield base, token, work
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        try:
            yield browser
        finally:
            browser.close()


def _open_page(browser, lab, lesson: str):
    """A classroom-projector-sized page (1280×720) with ``lesson`` open, its kernel connected."""
    base, token, _work = lab
    page = browser.new_context(viewport=PROJECTOR).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    # JupyterLab may ask "Select Kernel" at any moment while the kernel connects; take the
    # default (Python 3) whenever the dialog blocks an action.
    page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
    # reset: a fresh workspace, so that only this lesson is open (not one a previous page left).
    page.goto(f"{base}/lab/tree/{lesson}?token={token}&reset")
    page.locator(".jp-Notebook").first.wait_for()
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    return page


def _open_lesson(browser, lab, lesson: str, first_widget: str):
    """:func:`_open_page`, then the lesson run."""
    page = _open_page(browser, lab, lesson)
    _run_all_cells(page, first_widget)
    return page


@pytest.fixture(scope="module")
def out_dir() -> Path:
    out = Path(os.environ.get("CARDLAB_TEST_OUTPUT", ROOT / "test-output"))
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture(scope="module")
def page(browser, lab, out_dir):
    page = _open_lesson(browser, lab, LESSON, ".cardlab-stepper")
    try:
        yield page
    finally:
        page.screenshot(path=str(out_dir / "durak_lesson.png"), full_page=True)


def _accept_dialog(dialog) -> None:
    # The dialog may close by itself while we reach for it; then there is nothing to accept.
    try:
        dialog.locator(".jp-mod-accept").first.click(timeout=5_000)
    except sync_api.TimeoutError:
        pass


def _run_all_cells(page, first_widget: str) -> None:
    """Run → Run All Cells, as a learner would. A click made while the kernel is still connecting
    is dropped by JupyterLab, so click again until the lesson's first widget appears (the
    committed notebooks hold no widget views, so only a real run draws one)."""
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    for _attempt in range(12):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        try:
            page.locator(first_widget).first.wait_for(timeout=20_000)
            break
        except sync_api.TimeoutError:
            continue
    else:
        pytest.fail("JupyterLab never ran the lesson's cells")
    # Every cell done (no "[*]" prompt left) before anything is clicked.
    busy = page.locator(".jp-InputPrompt").filter(has_text="[*]")
    sync_api.expect(busy).to_have_count(0)


def show_whole(locator, window_height: int = PROJECTOR["height"]) -> dict:
    """Scroll ``locator`` to the middle of the window and return its box once it stands still.
    JupyterLab draws the cells around a scrolled-to cell lazily, and each cell it draws can
    push the page or lengthen it, so scroll again until two readings agree and the whole box is
    in the window (a widget taller than the window: its top)."""
    box = None
    for _attempt in range(20):
        locator.evaluate("element => element.scrollIntoView({block: 'center'})")
        locator.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        first = locator.bounding_box()
        locator.page.wait_for_timeout(150)
        box = locator.bounding_box()
        if first == box and box is not None and 0 <= box["y"] and (
                box["y"] + box["height"] <= window_height or box["height"] > window_height):
            return box
    pytest.fail(f"the widget never came to rest in the window: {box}")


def test_stepper_step_and_its_narration_fit_a_projector(page, out_dir):
    stepper = page.locator(".cardlab-stepper").first
    stepper.scroll_into_view_if_needed()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 0 of")
    step = stepper.get_by_role("button", name="Step", exact=True)
    step.click()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
    narration = stepper.locator(".cardlab-narration")
    sync_api.expect(narration).to_contain_text("Step 1:")
    # At 1280×720 the button and what it did are on screen together, with no scrolling.
    sync_api.expect(step).to_be_in_viewport()
    sync_api.expect(narration.locator(".cardlab-narration-text")).to_be_in_viewport()
    sync_api.expect(page.get_by_text("official Jupyter news")).to_have_count(0)
    page.screenshot(path=str(out_dir / "durak_stepper_1280x720.png"))
    # The arrow keys step too, while the pointer is over the stepper.
    stepper.locator(".cardlab-picture").hover()
    page.keyboard.press("ArrowRight")
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 2 of")
    stepper.get_by_role("button", name="Projector size").click()
    sync_api.expect(narration).to_be_in_viewport()
    page.screenshot(path=str(out_dir / "durak_stepper_projector.png"))


def card(widget, code: str):
    """Card ``code`` in the picture of ``widget`` (a try-it or game table)."""
    return widget.locator(f'.cardlab-cardtable [data-card="{code}"]')


def click_card(widget, code: str) -> None:
    """Click card ``code`` in the picture near its top-left corner, the part of a card that the
    next card of a row (or a defence on an attack card) never covers."""
    card(widget, code).click(position={"x": 6, "y": 10})


def moved(widget, code: str):
    """The highlight outline the picture draws around a card that just moved."""
    return card(widget, code).locator(f'rect[stroke="{HIGHLIGHT}"]')


def test_tryit_illegal_then_legal(page):
    table = page.locator(".cardlab-tryit").first
    table.scroll_into_view_if_needed()
    verdict = table.locator(".cardlab-verdict")
    # The try-it position of this lesson: 甲 attacked with 9♠ and 乙 beat it with J♠ (hearts trump).
    click_card(table, "SK")
    sync_api.expect(card(table, "SK")).to_have_class(re.compile(r"\bcardlab-selected\b"))
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "true")
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("That rank is not on the table:")
    # The reason code is for a teacher: in the refusal's tooltip, not in the text a learner reads.
    sync_api.expect(verdict.locator(".cardlab-refusal")).to_have_attribute("data-code", "rank_not_on_table")
    sync_api.expect(verdict).not_to_contain_text("rank_not_on_table")
    click_card(table, "SK")  # deselect
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "false")
    click_card(table, "D9")
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("adds 9♦")
    sync_api.expect(moved(table, "D9")).to_have_count(1)  # the new picture: 9♦ on the table, outlined
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "false")


def test_tryit_keyboard_tab_space_enter(page, out_dir):
    """Tab (here Shift+Tab, from the controls beside the table) reaches the cards, the arrows move
    between them, Space selects, Enter plays the verb drawn as the primary button; the focus goes
    back to the hand when the new picture comes."""
    table = page.locator(".cardlab-tryit").first
    table.scroll_into_view_if_needed()
    undo = table.get_by_role("button", name="Undo", exact=True)
    if undo.is_enabled():  # the move of the test before, taken back
        undo.click()
        sync_api.expect(table.locator(".cardlab-verdict")).to_contain_text("Undone")
    sync_api.expect(table.get_by_role("button", name="Attack", exact=True)).to_have_class(
        re.compile(r"\bmod-primary\b"))
    table.get_by_role("button", name="Projector size").focus()  # the first control beside the picture
    page.keyboard.press("Shift+Tab")  # back into the picture: its cards are one stop (the arrows move)
    focused = "document.activeElement.dataset.card"
    assert page.evaluate(focused) is not None, "Tab did not reach a card"
    for _ in range(12):
        if page.evaluate(focused) == "D9":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "D9"
    page.keyboard.press("Space")
    sync_api.expect(card(table, "D9")).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(out_dir / "durak_tryit_keyboard.png"))
    page.keyboard.press("Enter")
    sync_api.expect(table.locator(".cardlab-verdict")).to_contain_text("adds 9♦")
    sync_api.expect(moved(table, "D9")).to_have_count(1)
    # back in the hand (9♦ is on the table now), so that the arrows go on through the hand
    assert page.evaluate("Boolean(document.activeElement.closest('.cardlab-hand'))")
    assert page.evaluate(focused) not in (None, "D9")


SELECT_LATENCY = """async ([selector, samples]) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    const times = [];
    for (let i = 0; i < samples; i++) {
        const card = document.querySelector(selector);
        const mark = card.querySelector(".cardlab-mark");
        const want = !card.classList.contains("cardlab-selected");
        const start = performance.now();
        card.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        while (card.classList.contains("cardlab-selected") !== want
               || (getComputedStyle(mark).display !== "none") !== want) {
            await frame();
        }
        await frame();  // drawn
        times.push(performance.now() - start);
        await new Promise((done) => setTimeout(done, 150));  // the selection reaches Python
    }
    return times;
}"""

STEP_LATENCY = """async ([samples]) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    const stepper = document.querySelector(".cardlab-stepper");
    const button = (name) => [...stepper.querySelectorAll("button")].find((b) => b.textContent.trim() === name);
    const picture = stepper.querySelector(".cardlab-picture");
    const change = () => {
        const before = picture.innerHTML;
        return new Promise((done) => {
            const watch = new MutationObserver(() => {
                if (picture.innerHTML !== before) { watch.disconnect(); done(); }
            });
            watch.observe(picture, { subtree: true, childList: true, attributes: true, characterData: true });
        });
    };
    const times = [];
    while (times.length < samples) {
        if (button("Step").disabled) {  // at the end: back to the start, not timed
            const changed = change();
            button("Reset").click();
            await changed;
            while (button("Step").disabled) await frame();
        }
        const changed = change();
        const start = performance.now();
        button("Step").click();
        await changed;
        await frame();  // drawn
        times.push(performance.now() - start);
    }
    return times;
}"""

SAMPLES = 20


def _record_latency(out_dir: Path, name: str, times: list[float]) -> float:
    """Print the median and the samples of one measurement, and keep them in
    test-output/browser_timings.txt (printed at the end of the pytest run too)."""
    median = statistics.median(times)
    line = (f"{name}: median {median:.1f} ms over {len(times)} samples "
            f"(min {min(times):.1f}, max {max(times):.1f})")
    print(line)
    # The first measurement of a run starts the file afresh; the others are added to it.
    with open(out_dir / "browser_timings.txt", "a" if _MEASURED else "w", encoding="utf-8") as out:
        out.write(line + "\n")
    _MEASURED.append(name)
    return median


_MEASURED: list[str] = []  # the measurements written this run


def test_selection_and_step_latencies_are_measured_and_printed(page, out_dir):
    """Measured in the page: from a click on a card until it is drawn selected (no round trip to
    Python), and from a click on Step until the stepper's new picture is in the page. The medians
    are printed and written beside the screenshots, never asserted: speed is read from figures
    (a loaded machine makes any bar flaky); what is asserted is that every sample ended."""
    table = page.locator(".cardlab-tryit").first
    table.scroll_into_view_if_needed()
    times = page.evaluate(SELECT_LATENCY, ['.cardlab-tryit .cardlab-cardtable [data-card="SK"]', SAMPLES])
    selected = _record_latency(out_dir, "card selected after a click", times)
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "false")  # clicked an even number of times
    page.locator(".cardlab-stepper").first.scroll_into_view_if_needed()
    times = page.evaluate(STEP_LATENCY, [SAMPLES])
    stepped = _record_latency(out_dir, "stepper picture changed after Step", times)
    assert math.isfinite(selected) and math.isfinite(stepped)


def test_quiz_question_is_locked_once_answered(page):
    quiz = page.locator(".cardlab-quiz").first
    quiz.scroll_into_view_if_needed()
    first = quiz.locator(".jupyter-widgets.widget-vbox").first
    choices = first.locator("button")
    choices.first.click()
    sync_api.expect(quiz.locator(".cardlab-feedback").first).not_to_be_empty()
    sync_api.expect(quiz.locator(".cardlab-score")).to_contain_text("of")
    for i in range(choices.count()):
        sync_api.expect(choices.nth(i)).to_be_disabled()
    quiz.get_by_role("button", name="Try again").click()
    sync_api.expect(choices.first).to_be_enabled()


def test_referee_takes_a_move_typed_with_a_latin_seat_letter(browser, lab, out_dir):
    page = _open_lesson(browser, lab, REFEREE_LESSON, ".cardlab-referee")
    try:
        referee = page.locator(".cardlab-referee").first
        referee.scroll_into_view_if_needed()
        move = referee.locator("input[type=text]")
        sync_api.expect(move).to_have_attribute("placeholder", re.compile(r"^[A-C] (attack|defend) [SHDC]"))
        move.fill("A attack S8")
        referee.get_by_role("button", name="Ask", exact=True).click()
        answer = referee.locator(".cardlab-referee-answer")
        sync_api.expect(answer).to_contain_text("So, is it legal?")
        sync_api.expect(answer).not_to_contain_text("no player named")
        # Enter asks too.
        move.fill("A atack S8")
        move.press("Enter")
        sync_api.expect(answer).to_contain_text("no move 'atack'")
        # The example list and the step box stay inside the output at 1280×720.
        right = referee.bounding_box()["x"] + referee.bounding_box()["width"]
        for control in (referee.locator("select"), referee.locator("input[type=number]")):
            box = control.bounding_box()
            assert box["x"] + box["width"] <= right + 1 <= PROJECTOR["width"]
        referee.screenshot(path=str(out_dir / "durak_referee.png"))
    finally:
        page.context.close()


def test_daifugo_a_pair_played_by_clicking_and_a_revolution_stepped(browser, lab, out_dir):
    page = _open_lesson(browser, lab, PAIR_LESSON, ".cardlab-tryit")
    try:
        table = page.locator(".cardlab-tryit").first
        table.scroll_into_view_if_needed()
        click_card(table, "S5")
        click_card(table, "H5")
        sync_api.expect(table.locator(".cardlab-selected")).to_have_count(2)
        table.get_by_role("button", name="Play", exact=True).click()
        sync_api.expect(table.locator(".cardlab-verdict")).to_contain_text("plays a pair of 5s (5♠ 5♥)")
        # The new picture: the pair on the table, outlined, and no longer in the hand to select.
        for code in ("S5", "H5"):
            sync_api.expect(moved(table, code)).to_have_count(1)
            sync_api.expect(card(table, code)).not_to_have_class(re.compile(r"\bcardlab-can\b"))
        sync_api.expect(table.locator(".cardlab-selected")).to_have_count(0)
        table.screenshot(path=str(out_dir / "daifugo_pair.png"))
    finally:
        page.context.close()
    page = _open_lesson(browser, lab, REVOLUTION_LESSON, ".cardlab-stepper")
    try:
        stepper = page.locator(".cardlab-stepper").first
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("button", name="Step", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-narration")).to_contain_text("Revolution (革命)")
        page.screenshot(path=str(out_dir / "daifugo_revolution_1280x720.png"))
    finally:
        page.context.close()


def test_table_bots_answer_a_move_one_at_a_time(browser, lab, out_dir):
    page = _open_lesson(browser, lab, PLAY_LESSON, ".cardlab-table")
    try:
        table = page.locator(".cardlab-table").first
        table.scroll_into_view_if_needed()
        verdict = table.locator(".cardlab-verdict")
        # The lesson's Durak table (seed 1): 乙 attacks with 8♦ and 8♣, played after the pause.
        sync_api.expect(verdict).to_contain_text("Your turn, 甲 (A): you may defend or take.")
        click_card(table, "D8")  # the attack card, on the table
        click_card(table, "D6")
        table.get_by_role("button", name="Defend", exact=True).click()
        sync_api.expect(table.locator(".cardlab-aside")).to_contain_text("Does not beat it:")
        sync_api.expect(verdict).to_contain_text("Your turn, 甲 (A)")  # the bots' account stays
        click_card(table, "D6")  # deselect
        click_card(table, "DJ")
        table.get_by_role("button", name="Defend", exact=True).click()
        sync_api.expect(verdict).to_contain_text("beats 8♦ with J♦")
        sync_api.expect(verdict).to_contain_text("Step 6: 乙 (B) done")
        sync_api.expect(verdict).to_contain_text("Your turn")
        sync_api.expect(table.get_by_role("button", name="Defend", exact=True)).to_be_enabled()
        table.get_by_role("button", name="Hint", exact=True).click()
        sync_api.expect(table.locator(".cardlab-aside")).to_contain_text("Hint:")
        # The rollout's numbers are for a teacher: in the hint's tooltip, not in what a learner reads.
        sync_api.expect(table.locator(".cardlab-aside div[title^='montecarlo: average place']")).to_have_count(1)
        sync_api.expect(verdict).to_contain_text("Step 6: 乙 (B) done")  # the account stays beside the hint
        page.screenshot(path=str(out_dir / "play_table_1280x720.png"))
    finally:
        page.context.close()


def _shut_down(lab, lesson: str) -> None:
    """Shut down ``lesson``'s kernel, as the Running panel does (its session ends)."""
    base, token, _work = lab
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=60) as reply:
        sessions = [s for s in json.load(reply) if s["path"] == lesson]
    assert sessions, f"no kernel runs {lesson}"
    for session in sessions:
        urllib.request.urlopen(urllib.request.Request(
            f"{base}/api/sessions/{session['id']}?token={token}", method="DELETE"), timeout=60)


def _lesson_tab(page):
    return page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=Path(SAVE_LESSON).name)


def _save(page) -> None:
    """File → Save Notebook, as a learner would, and wait until the file is written."""
    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    with page.expect_response(lambda r: r.request.method == "PUT" and "/api/contents/" in r.url) as saved:
        page.get_by_text("Save Notebook", exact=True).click()
    assert saved.value.ok
    sync_api.expect(_lesson_tab(page)).not_to_have_class(re.compile(r"jp-mod-dirty"))


def _widgets_saved(path: Path) -> tuple[int, int]:
    """How many widget views the saved lesson holds, and how many widget models its saved state."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    views = sum(WIDGET_VIEW in output.get("data", {}) for cell in notebook["cells"]
                for output in cell.get("outputs", []))
    state = notebook["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return views, len(state)


def _reopened_whole(page, out_dir: Path, name: str) -> None:
    """The lesson as a learner finds it on opening it again: not marked modified, and each widget
    either working or its still picture with the line asking to run all cells (never "model not
    found", never a widget drawn without its kernel, whose buttons would do nothing)."""
    first = page.locator(".cardlab-stepper, .cardlab-static").first
    first.wait_for()  # the first widget drawn, one way or the other
    # Drawn from saved state, a widget marks the notebook modified as its models load (JupyterLab's
    # widget manager with saveState on): by now it would have.
    page.wait_for_timeout(2_000)
    sync_api.expect(_lesson_tab(page)).not_to_have_class(re.compile(r"jp-mod-dirty"))
    sync_api.expect(page.get_by_text("model not found")).to_have_count(0)
    sync_api.expect(page.locator(".jupyter-widgets-disconnected")).to_have_count(0)
    still = page.locator(".cardlab-static")
    if still.count():
        sync_api.expect(still.first).to_contain_text(str(RUN_ME))
        sync_api.expect(page.locator(".cardlab-stepper")).to_have_count(0)
    first.evaluate("element => element.scrollIntoView({block: 'start'})")
    first.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(out_dir / f"{name}.png"))


def test_a_lesson_only_clicked_stays_as_committed_and_a_saved_one_reopens_whole(browser, lab, out_dir):
    _base, _token, work = lab
    path = work / "lessons" / SAVE_LESSON
    committed = path.read_bytes()
    page = _open_page(browser, lab, SAVE_LESSON)
    try:
        # Opened and on its kernel, the lesson is not modified: JupyterLab found the kernelspec and
        # language_info it writes on connecting already there.
        _reopened_whole(page, out_dir, "lesson_opened_as_committed")
        _run_all_cells(page, ".cardlab-stepper")
        stepper = page.locator(".cardlab-stepper").first
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("button", name="Step", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
        # Run and clicked, the lesson has changed in the browser only: longer than the autosave
        # interval later, the file is as committed.
        sync_api.expect(_lesson_tab(page)).to_have_class(re.compile(r"jp-mod-dirty"))
        page.wait_for_timeout((AUTOSAVE_S + 5) * 1000)
        assert path.read_bytes() == committed
        # The learner saves: the still pictures, no widget view or state nothing could draw again.
        _save(page)
        assert _widgets_saved(path) == (0, 0)
        # The page goes on working: what was saved is the file, not the open lesson.
        stepper.get_by_role("button", name="Step", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 2 of")
    finally:
        page.context.close()
    # The lesson opened again, its kernel still running (the learner closed the tab, or opened a
    # second window).
    page = _open_page(browser, lab, SAVE_LESSON)
    try:
        _reopened_whole(page, out_dir, "lesson_reopened_kernel_running")
        # The browser reloaded while the kernel runs, and the lesson saved again.
        page.reload()
        page.locator(".jp-Notebook").first.wait_for()
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
        _reopened_whole(page, out_dir, "lesson_reloaded")
        _save(page)
        assert _widgets_saved(path) == (0, 0)
    finally:
        page.context.close()
    # Another session: the kernel shut down, the lesson opened again, and run.
    _shut_down(lab, SAVE_LESSON)
    page = _open_page(browser, lab, SAVE_LESSON)
    try:
        _reopened_whole(page, out_dir, "lesson_reopened")
        _run_all_cells(page, ".cardlab-stepper")
        stepper = page.locator(".cardlab-stepper").first
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("button", name="Step", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
    finally:
        page.context.close()


def test_a_translated_lesson_speaks_its_language_when_clicked(browser, lab, out_dir):
    """The 繁體中文 edition of a lesson (lessons/zh-TW/): its first code cell sets the language, and
    the widgets' buttons, which run outside that cell, narrate in Chinese."""
    page = _open_lesson(browser, lab, "zh-TW/durak/02_defending_and_adding.ipynb", ".cardlab-stepper")
    try:
        stepper = page.locator(".cardlab-stepper").first
        show_whole(stepper)
        stepper.get_by_role("button", name="下一步", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("第1步")
        sync_api.expect(stepper.locator(".cardlab-narration")).to_contain_text("第1步：甲攻擊9♠")  # the button's word
        page.screenshot(path=str(out_dir / "zh_tw_lesson_stepped.png"))
    finally:
        page.context.close()


# Every button of every cardlab widget on the page whose label does not fit it (drawn cut, 「存…」).
CUT_BUTTONS = """() => [...document.querySelectorAll('[class*="cardlab-"] .jupyter-button')]
    .filter(button => button.offsetParent !== null && button.scrollWidth > button.clientWidth + 1)
    .map(button => button.textContent)"""


@pytest.mark.parametrize("lesson", ["zh-TW/play.ipynb", "ja/play.ipynb"])
def test_no_button_of_the_play_table_is_cut_at_its_language_s_label_lengths(browser, lab, out_dir, lesson):
    """The play tables of the 繁體中文 and 日本語 editions at 1280×720: every button (the verbs, New
    table, Hint, Save as scenario ...) shows its whole label."""
    page = _open_lesson(browser, lab, lesson, ".cardlab-table")
    try:
        sync_api.expect(page.locator(".cardlab-table")).to_have_count(3)
        for index in range(3):
            show_whole(page.locator(".cardlab-table").nth(index))
            assert page.evaluate(CUT_BUTTONS) == []
        page.screenshot(path=str(out_dir / f"{lesson.split('/')[0]}_play_table.png"))
    finally:
        page.context.close()


def _heading(index: Path) -> str:
    """The title of an edition's index, as its first markdown line writes it."""
    first = json.loads(index.read_text(encoding="utf-8"))["cells"][0]["source"]
    return "".join(first).splitlines()[0].removeprefix("# ")


def _language_links(index: Path) -> list[tuple[str, Path]]:
    """The links of an index's language line (its second line: 「English: …」), with their targets."""
    line = "".join(json.loads(index.read_text(encoding="utf-8"))["cells"][0]["source"]).splitlines()[2]
    return [(text, (index.parent / target).resolve())
            for text, target in re.findall(r"\[([^\]]+)\]\(([^)]+)\)", line)]


def _menu_path(index: Path) -> tuple[str, str]:
    """The menu and item an index tells a learner to choose to run a lesson (its first
    **Menu → Item**)."""
    text = "".join(json.loads(index.read_text(encoding="utf-8"))["cells"][0]["source"])
    return re.search(r"\*\*([^*→]+?) → ([^*]+?)\*\*", text).groups()


@pytest.fixture
def make_lab(tmp_path):
    """`make lab LESSONS=... PORT=... BROWSER=no`, as a teacher types it, in a copy of the
    repository's Makefile, tools/open_lab.py and lessons (with this environment as the venv, not
    reinstalled); yields a function that starts it and returns the URL it prints, and its log."""
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "lessons", repo / "lessons", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for name in ("Makefile", "tools/open_lab.py", "cardlab/languages.py"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, repo / name)
    venv = Path(sys.executable).parent.parent
    env = dict(os.environ, TMPDIR=str(tmp_path), IPYTHONDIR=str(tmp_path / "ipython"),
               MPLCONFIGDIR=str(tmp_path / "matplotlib"))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        env[name] = str(tmp_path / name.lower())
    env.pop("BROWSER", None)
    started = []

    def start(lessons: str) -> tuple[str, Path]:
        log_path = tmp_path / f"make_lab_{lessons}.log"
        port = _free_port()
        with open(log_path, "w") as log:
            proc = subprocess.Popen(
                ["make", "-o", f"{venv}/.installed", "lab", f"VENV={venv}", f"LESSONS={lessons}",
                 f"PORT={port}", "BROWSER=no"],
                cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        started.append(proc)
        deadline = time.monotonic() + 120
        while True:
            found = re.search(rf"http://127\.0\.0\.1:{port}/\S+", log_path.read_text())
            if found:
                return found.group(0), log_path
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("make lab printed no URL: " + log_path.read_text()[-2000:])
            time.sleep(0.5)

    yield start
    for proc in started:
        # make and the JupyterLab it started, in their own process group: JupyterLab shuts its
        # kernels down on SIGTERM, as on Ctrl-C.
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        deadline = time.monotonic() + 30
        try:
            while time.monotonic() < deadline:
                os.killpg(proc.pid, 0)
                time.sleep(0.2)
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # all gone


@pytest.mark.parametrize("lessons", ["en", "zh-TW", "ja"])
def test_make_lab_lands_on_the_editions_index_and_its_language_links_open(browser, make_lab, out_dir, lessons):
    """The URL `make lab` prints opens the edition's index (not JupyterLab's Launcher), and every
    link of its language line opens the other edition's index: JupyterLab serves all of lessons/."""
    url, log = make_lab(lessons)
    edition = next(language.edition for language in LANGUAGES if language.tag == lessons)
    index = ROOT / edition / "index.ipynb"
    assert urllib.parse.urlparse(url).path == "/lab/tree/" + index.relative_to(ROOT / "lessons").as_posix()
    page = browser.new_context(viewport=PROJECTOR).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
    try:
        page.goto(url)
        shown = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown")
        sync_api.expect(shown.locator("h1").first).to_contain_text(_heading(index))
        sync_api.expect(page.locator(".jp-Launcher")).to_have_count(0)
        page.screenshot(path=str(out_dir / f"make_lab_{lessons}_index.png"))
        # The menu path the index names is the one on the screen, in JupyterLab's menus as `make
        # lab` sets them to the edition's language.
        menu, item = _menu_path(index)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(menu)}$")).click()
        entry = page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$"))
        sync_api.expect(entry).to_be_visible()
        page.screenshot(path=str(out_dir / f"make_lab_{lessons}_run_menu.png"))
        page.keyboard.press("Escape")
        landing = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab").first
        links = _language_links(index)
        assert len(links) == 2
        for text, target in links:
            landing.click()
            shown.get_by_role("link", name=text, exact=True).first.click()
            sync_api.expect(shown.locator("h1").first).to_contain_text(_heading(target))
    finally:
        page.context.close()
    assert "not recognized" not in log.read_text()
