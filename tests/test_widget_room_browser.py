"""What a class sees of the widgets on a projector, in a real page (JupyterLab at 1280×720, Playwright
in Debian's Chromium): at projector size every text of every widget (stepper, try-it, play table,
quiz, referee) is drawn at 18 px or more, the words in their pictures too (not the cards' faces);
the stepper's narration shows each step whole or scrolls with a scroll bar one sees; a try-it
table's instructions stand beside it, both on the screen at once, with room for the verdict; the
file browser folded away for projector size comes back once it is off; and the play table at game
over keeps its header and its Undo. tests/test_widget_room.py checks the same without a browser.
Screenshots go to test-output/ (or $CARDLAB_TEST_OUTPUT). Skipped, with the reason, where
/usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import json
import urllib.request

import nbformat
import pytest
from test_browser import (CHROMIUM, PROJECTOR, _open_lesson, lab, out_dir, show_whole,  # noqa: F401 (fixtures)
                          sync_api)

pytestmark = pytest.mark.browser

LARGE = ".cardlab-widget.cardlab-large"
SMALLEST = 18  # px: the README's least text size at projector size
TRY_IT_LESSON = "daifugo/04_the_last_play.ipynb"  # steppers, then a try-it table with instructions
ROOM = "projector_room.ipynb"  # written into the test's copy of lessons/ (see room_page)
# Every widget made large by presentation(): a stepper whose longest step is the lessons' longest
# note, a try-it table with a lesson's instructions, a quiz, the referee, and a play table one move
# from the end of its game, the move left for the learner (its Undo then still open).
ROOM_CELLS = [
    "from cardlab.widgets import Quiz, Referee, Stepper, Table, TryIt, presentation\npresentation()",
    'Stepper("scenarios/durak/refill_three_players.yaml")',
    'TryIt("scenarios/daifugo/jdf_try_suit_lock.yaml", at_step=2, instructions="daifugo/try_it/04.yaml")',
    'Quiz.from_file("durak/quizzes/02.yaml")',
    'Referee("scenarios/durak")',
    "table = Table(\"durak\", \"podkidnoy\", seed=0)\n"
    "table.bots_move()\n"
    "\n"
    "def ends_the_game(action):\n"
    "    after = table.state.copy()\n"
    "    after.apply(action)\n"
    "    return after.is_over()\n"
    "\n"
    "def mine():\n"
    "    return [a for a in table.state.legal_actions() if a.player == table.seat]\n"
    "\n"
    "while not any(ends_the_game(a) for a in mine()):\n"
    "    table.type_move(str(mine()[0]))\n"
    "last_move = next(a for a in mine() if ends_the_game(a))\n"
    "table",
    "print(last_move.verb)",
]

# Every text a reader sees inside the widgets marked large, with its drawn font size: text nodes
# outside the pictures (their words are measured apart, at their size on screen), and the values
# of text boxes and menus. A text not drawn (display: none, visibility: hidden) is no text
# a class sees.
TEXT_SIZES = """roots => {
  const found = [];
  const drawn = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || el.closest('style, script, svg') || !drawn(el)) continue;
      found.push({text: node.textContent.trim().slice(0, 60), size: parseFloat(getComputedStyle(el).fontSize),
                  widget: root.className});
    }
    for (const el of root.querySelectorAll('input, select, textarea')) {
      if (drawn(el)) found.push({text: `<${el.tagName.toLowerCase()}> ${el.value || el.placeholder}`.slice(0, 60),
                                 size: parseFloat(getComputedStyle(el).fontSize), widget: root.className});
    }
  }
  return found;
}"""

# The narration as a class sees it: its whole text in its box, or a box that scrolls with a scroll
# bar drawn (as wide as the box's width less its client width), the end of the step reachable.
NARRATION = """el => ({
  height: el.clientHeight, needs: el.scrollHeight, overflow: getComputedStyle(el).overflowY,
  bar: el.offsetWidth - el.clientWidth - parseFloat(getComputedStyle(el).borderLeftWidth)
       - parseFloat(getComputedStyle(el).borderRightWidth),
})"""


@pytest.fixture(scope="module")
def browser():
    """Chromium as a learner has it: with scroll bars (Playwright hides them by default when
    headless, which would hide the very thing checked)."""
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, ignore_default_args=["--hide-scrollbars"],
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        try:
            yield browser
        finally:
            browser.close()


def _start_kernel(lab, path: str) -> None:  # noqa: F811 (lab: the fixture imported above)
    """Start ``path``'s kernel before its page opens (a page racing its kernel's start drops clicks)."""
    base, token, _work = lab
    urllib.request.urlopen(urllib.request.Request(
        f"{base}/api/sessions?token={token}", method="POST",
        data=json.dumps({"path": path, "type": "notebook", "name": path, "kernel": {"name": "python3"}}).encode(),
        headers={"Content-Type": "application/json"}), timeout=60)


@pytest.fixture(scope="module")
def room_page(browser, lab):  # noqa: F811
    """The page of a notebook showing every widget at projector size, run."""
    _base, _token, work = lab
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in ROOM_CELLS])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(notebook, work / "lessons" / ROOM)
    _start_kernel(lab, ROOM)
    page = _open_lesson(browser, lab, ROOM, ".cardlab-table")
    try:
        yield page
    finally:
        page.context.close()


def _on_screen(locator) -> None:
    box = locator.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= PROJECTOR["height"], box
    assert box["x"] + box["width"] <= PROJECTOR["width"], box


def _small_texts(page) -> list[dict]:
    roots = page.locator(LARGE)
    found = roots.evaluate_all(TEXT_SIZES)
    assert len(found) > 50, found  # the walk reached the widgets' texts
    return [t for t in found if t["size"] < SMALLEST]


def test_every_text_of_every_widget_is_18px_or_more_at_projector_size(room_page, out_dir):  # noqa: F811
    page = room_page
    widgets = page.locator(LARGE)
    sync_api.expect(widgets).to_have_count(5)
    for kind in ("stepper", "tryit", "quiz", "referee", "table"):
        sync_api.expect(page.locator(f"{LARGE}.cardlab-{kind}, {LARGE} .cardlab-{kind}")).to_have_count(1)
    # Each widget with what it says after a click: the counter and a step's narration, a refused
    # move's verdict with its reason code, the legal moves, a quiz's feedback, the referee's answer.
    stepper = page.locator(".cardlab-stepper").first
    stepper.get_by_role("button", name="Step", exact=True).click()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
    tryit = page.locator(".cardlab-tryit").first
    tryit.locator(".cardlab-picture [data-card='D9']").click()
    tryit.locator(".cardlab-picture [data-card='C9']").click()
    tryit.get_by_role("button", name="Play", exact=True).click()
    sync_api.expect(tryit.locator(".cardlab-verdict .cardlab-refusal")).to_have_attribute("data-code", "suit_lock")
    quiz = page.locator(".cardlab-quiz").first
    quiz.locator("button").first.click()
    sync_api.expect(quiz.locator(".cardlab-feedback").first).not_to_be_empty()
    referee = page.locator(".cardlab-referee").first
    referee.locator("input[type=text]").fill("A attack S8")
    referee.get_by_role("button", name="Ask", exact=True).click()
    sync_api.expect(referee.locator(".cardlab-referee-answer")).to_contain_text("So, is it legal?")
    tryit.get_by_role("button", name="Show legal moves").click()
    sync_api.expect(tryit.locator(".cardlab-verdict")).to_contain_text("Legal moves now:")
    assert _small_texts(page) == []
    # And every word drawn in a picture (its size on screen), outside the cards' faces (drawings,
    # their indices as large as the card allows).
    smallest = widgets.evaluate_all("""roots => Math.min(...roots.flatMap(root => [...root.querySelectorAll('svg text')])
      .filter(t => !t.closest('[data-card]') && t.textContent.trim() && t.getScreenCTM())
      .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))""")
    print(f"smallest word in a picture at projector size: {smallest:.1f} px")
    assert smallest >= SMALLEST
    page.screenshot(path=str(out_dir / "projector_room.png"))


def test_the_play_table_at_game_over_keeps_its_header_and_its_undo(room_page, out_dir):  # noqa: F811
    page = room_page
    table = page.locator(".cardlab-table").first
    last = page.locator(".jp-OutputArea-output pre").filter(has_text="take").last
    sync_api.expect(last).to_have_text("take")
    undo = table.get_by_role("button", name="Undo", exact=True)
    sync_api.expect(undo).to_be_disabled()  # a bot has answered every move so far
    table.get_by_role("button", name="Take", exact=True).click()
    verdict = table.locator(".cardlab-verdict")
    sync_api.expect(verdict).to_contain_text("The game is over")
    sync_api.expect(undo).to_be_enabled()  # the learner's own move, and no other seat has moved
    assert _small_texts(page) == []
    # The account keeps its latest lines in view: the end of what it says is inside its box.
    account = verdict.locator(".cardlab-latest").first
    assert account.evaluate("""el => {
      const box = el.getBoundingClientRect(), said = el.firstElementChild.getBoundingClientRect();
      return said.bottom <= box.bottom + 1 && said.bottom > box.top;
    }""")
    # The picture's header stands inside the picture: no text of the picture is cut at its edge.
    picture = table.locator(".cardlab-picture svg").first
    show_whole(table)
    cut = picture.evaluate("""svg => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBoundingClientRect()])
        .filter(([, r]) => r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5
                                       || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5))
        .map(([text]) => text);
    }""")
    assert cut == []
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    table.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.screenshot(path=str(out_dir / "play_table_game_over_projector.png"))
    undo.click()
    sync_api.expect(verdict).to_contain_text("You took back your move 甲 (A) take.")
    sync_api.expect(undo).to_be_disabled()


def test_the_stepper_shows_its_longest_step_whole_or_scrolls_with_a_scroll_bar(room_page, out_dir):  # noqa: F811
    page = room_page
    stepper = page.locator(".cardlab-stepper").first
    narration = stepper.locator(".cardlab-narration")
    stepper.get_by_role("button", name="Reset", exact=True).click()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 0 of")
    show_whole(stepper)
    step = stepper.get_by_role("button", name="Step", exact=True)
    count, scrolled, longest = 0, 0, 0
    while step.is_enabled():
        step.click()
        count += 1
        sync_api.expect(narration).to_contain_text(f"Step {count}:")
        box = narration.evaluate(NARRATION)
        if box["needs"] > box["height"] + 1:
            scrolled += 1
            assert box["overflow"] in ("auto", "scroll") and box["bar"] >= 8, (count, box)
            # Scrolled to its end, the step's last words are inside the box.
            narration.evaluate("el => { el.scrollTop = el.scrollHeight; }")
            text = narration.locator(".cardlab-narration-text")
            assert text.evaluate("(t, box) => t.getBoundingClientRect().bottom <= box.getBoundingClientRect().bottom + 1",
                                 narration.element_handle())
        if box["needs"] > longest:  # the longest step so far: the lessons' longest note among them
            longest = box["needs"]
            narration.evaluate("el => { el.scrollTop = 0; }")
            page.screenshot(path=str(out_dir / "stepper_longest_step_projector.png"))
    assert count == 8
    print(f"steps: {count}, scrolled: {scrolled}")


def test_try_it_instructions_stand_beside_the_table_both_on_screen(browser, lab, out_dir):  # noqa: F811
    _start_kernel(lab, TRY_IT_LESSON)
    page = _open_lesson(browser, lab, TRY_IT_LESSON, ".cardlab-tryit")
    try:
        files = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
        browser_panel = page.locator(".jp-FileBrowser")
        sync_api.expect(files).to_have_count(1)  # the file browser is open, as JupyterLab opens it
        tryit = page.locator(".cardlab-tryit").first
        stepper = page.locator(".cardlab-stepper").first
        for size in ("normal", "projector"):
            if size == "projector":
                tryit.get_by_role("button", name="Projector size").click()
                sync_api.expect(tryit.locator(".cardlab-picture svg")).to_have_attribute("width", "713.57")
                sync_api.expect(files).to_have_count(0)  # folded away to make room
            show_whole(tryit)
            picture = tryit.locator(".cardlab-picture").bounding_box()
            words = tryit.locator(".cardlab-instructions")
            sync_api.expect(words).to_contain_text("RJ=J")
            instructions = words.bounding_box()
            assert instructions["x"] >= picture["x"] + picture["width"] - 1  # beside it, not above
            # Under them the verdict keeps room for four lines (15 or 20 px, lines 1.45 apart).
            verdict = tryit.locator(".cardlab-verdict").bounding_box()
            assert verdict["height"] >= {"normal": 87, "projector": 116}[size] - 0.5, verdict
            for part in (".cardlab-picture", ".cardlab-instructions", ".cardlab-verdict"):
                _on_screen(tryit.locator(part))
            if size == "projector":  # a refused move's verdict under them
                for code in ("D9", "C9"):
                    tryit.locator(f".cardlab-picture [data-card='{code}']").click()
                tryit.get_by_role("button", name="Play", exact=True).click()
                sync_api.expect(tryit.locator(".cardlab-verdict .cardlab-refusal")).to_have_attribute("data-code", "suit_lock")
                _on_screen(tryit.locator(".cardlab-verdict"))
            page.screenshot(path=str(out_dir / f"tryit_instructions_{size}.png"))
        # A second table at projector size: the file browser stays folded while either is large.
        stepper.get_by_role("button", name="Projector size").click()
        sync_api.expect(stepper.locator(".cardlab-picture svg")).to_have_attribute("width", "713.57")
        tryit.get_by_role("button", name="Projector size").click()
        sync_api.expect(tryit.locator(".cardlab-picture svg")).to_have_attribute("width", "540")
        sync_api.expect(files).to_have_count(0)
        stepper.get_by_role("button", name="Projector size").click()
        sync_api.expect(stepper.locator(".cardlab-picture svg")).to_have_attribute("width", "540")
        # None large any more: the file browser is back, as the learner had it.
        sync_api.expect(files).to_have_count(1)
        sync_api.expect(browser_panel).to_be_visible()
        sync_api.expect(browser_panel.locator(".jp-DirListing-item").first).to_be_visible()
    finally:
        page.context.close()
