"""A learner's session in a real browser: JupyterLab started here, driven by Playwright in Debian's
Chromium. Skipped (with the reason) where /usr/bin/chromium or Playwright is missing.

Enable locally with ``apt-get install chromium`` (Debian); never ``playwright install``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cardlab.svg import HIGHLIGHT

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
    # The user settings that lab/overrides.json gives `make lab`: no "official Jupyter news?"
    # question over the lesson, no autosave, widget state saved with the notebook. And a short
    # autosave interval, which matters only if autosave is on.
    overrides = json.loads((ROOT / "lab" / "overrides.json").read_text())
    docmanager = "@jupyterlab/docmanager-extension:plugin"
    overrides[docmanager] = {"autosaveInterval": AUTOSAVE_S, **overrides.get(docmanager, {})}
    for key, values in overrides.items():
        plugin, _, name = key.partition(":")
        folder = Path(env["JUPYTERLAB_SETTINGS_DIR"], plugin)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.jupyterlab-settings").write_text(json.dumps(values))
    port, token = _free_port(), "cardlab-browser-test"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={work / 'lessons'}", "--LabApp.news_url=", "--ServerApp.open_browser=False",
           "--LabServerApp.announcements_url="]
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
    sync_api.expect(verdict.locator(".cardlab-code")).to_have_text("(code: rank_not_on_table)")
    click_card(table, "SK")  # deselect
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "false")
    click_card(table, "D9")
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("adds 9♦")
    sync_api.expect(moved(table, "D9")).to_have_count(1)  # the new picture: 9♦ on the table, outlined
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "false")


def test_tryit_keyboard_tab_space_enter(page, out_dir):
    """Tab (here Shift+Tab, from the controls beside the table) reaches the cards, the arrows move
    between them, Space selects, Enter plays the verb drawn as the primary button; the focus stays
    on the card when the new picture comes."""
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
    assert page.evaluate(focused) == "D9"  # kept on the same card in the new picture


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
LATENCY_MS = 100


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


def test_selection_and_step_show_within_100_ms(page, out_dir):
    """Measured in the page: from a click on a card until it is drawn selected (no round trip to
    Python), and from a click on Step until the stepper's new picture is in the page."""
    table = page.locator(".cardlab-tryit").first
    table.scroll_into_view_if_needed()
    times = page.evaluate(SELECT_LATENCY, ['.cardlab-tryit .cardlab-cardtable [data-card="SK"]', SAMPLES])
    selected = _record_latency(out_dir, "card selected after a click", times)
    sync_api.expect(card(table, "SK")).to_have_attribute("aria-pressed", "false")  # clicked an even number of times
    page.locator(".cardlab-stepper").first.scroll_into_view_if_needed()
    times = page.evaluate(STEP_LATENCY, [SAMPLES])
    stepped = _record_latency(out_dir, "stepper picture changed after Step", times)
    assert selected < LATENCY_MS and stepped < LATENCY_MS


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
        sync_api.expect(answer).to_contain_text("no verb 'atack'")
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
        sync_api.expect(table.locator(".cardlab-aside")).to_contain_text("(montecarlo: ")
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


def test_a_lesson_only_clicked_stays_as_committed_and_reopens_after_a_save(browser, lab, out_dir):
    _base, _token, work = lab
    path = work / "lessons" / SAVE_LESSON
    committed = path.read_bytes()
    page = _open_page(browser, lab, SAVE_LESSON)
    try:
        # Opened and on its kernel, the lesson is not modified: JupyterLab found the kernelspec and
        # language_info it writes on connecting already there.
        page.wait_for_timeout(2_000)
        tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="01_durak_setting_up.ipynb")
        sync_api.expect(tab).not_to_have_class(re.compile(r"jp-mod-dirty"))
        _run_all_cells(page, ".cardlab-stepper")
        stepper = page.locator(".cardlab-stepper").first
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("button", name="Step", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
        # Run and clicked, the lesson has changed in the browser only: longer than the autosave
        # interval later, the file is as committed.
        sync_api.expect(tab).to_have_class(re.compile(r"jp-mod-dirty"))
        page.wait_for_timeout((AUTOSAVE_S + 5) * 1000)
        assert path.read_bytes() == committed
        # The learner saves.
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
        page.get_by_text("Save Notebook", exact=True).click()
        sync_api.expect(tab).not_to_have_class(re.compile(r"jp-mod-dirty"))
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert "application/vnd.jupyter.widget-state+json" in saved["metadata"]["widgets"]
    finally:
        page.context.close()
    # Another session: the kernel shut down, the lesson opened again.
    _shut_down(lab, SAVE_LESSON)
    page = _open_page(browser, lab, SAVE_LESSON)
    try:
        stepper = page.locator(".cardlab-stepper").first
        not_found = page.get_by_text("model not found")
        stepper.or_(not_found).first.wait_for()  # the widgets restored, one way or the other
        page.wait_for_timeout(3_000)
        sync_api.expect(not_found).to_have_count(0)
        # The widget as the learner left it, drawn from the state saved with the notebook.
        stepper.scroll_into_view_if_needed()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
        sync_api.expect(stepper.locator(".cardlab-picture svg")).to_have_count(1)
        page.screenshot(path=str(out_dir / "durak_lesson_reopened.png"))
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
        sync_api.expect(stepper.locator(".cardlab-narration")).to_contain_text("第1步：甲 attack")
        page.screenshot(path=str(out_dir / "zh_tw_lesson_stepped.png"))
    finally:
        page.context.close()
