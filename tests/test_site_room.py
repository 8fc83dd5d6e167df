"""The offline site in a classroom: the site built with ``make site`` and served with ``make
serve-site`` (tests/conftest.py), opened in Chromium under a host name that is not this computer's
(``classroom.test``, which Chromium maps to 127.0.0.1: plain http, gzip, no service worker, as a
school's computers reach a teacher's server), through a relay that counts every byte.

- A first visit moves at most 15 MB (the responses' bodies as sent) and shows, in the lesson's
  language, what is loading and how much is left; a second visit moves next to nothing. A
  teacher's "Prepare this computer" page fills the cache so that the first lesson moves next to
  nothing too.
- Thirty learners open the lesson at once (its first visit's requests, six connections each,
  asking for compressed files, ``Accept-Encoding: br, gzip``): every one is served, no file takes
  over 5 s, the last learner is done within 12 s. These limits are issue 32's acceptance for a
  class on this 2-core machine, not a speed benchmark; the figures are printed beside them.
- The 繁體中文 and 日本語 editions draw Chinese and Japanese with the site's own font; English
  pages never load it.
- Running a lesson leaves it unmodified; Run All keeps the learner's place; Save says, in the
  learner's language, that work stays in this tab and offers the download; KEEPING-YOUR-WORK.md
  opens rendered.
- A lesson of the 繁體中文 or 日本語 index opens JupyterLab in that language, and what a learner
  chooses in Settings lasts for their tab only.

Figures (bytes, seconds) go to test-output/site_timings.txt and are never asserted, except the
limits above. Screenshots at 1280×720 go to test-output/.
"""

from __future__ import annotations

import asyncio
import os
import re
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from site_support import CHROMIUM, CHROMIUM_ARGS, OUT, TIMEOUT_MS, record, site_start

pytestmark = pytest.mark.site

if not os.path.exists(CHROMIUM):
    pytest.skip(f"the site test needs Debian's Chromium at {CHROMIUM}: run `apt-get install chromium` "
                "to enable it", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the site test needs the 'playwright' "
                               "package: pip install -e '.[test]'")

HOST = site_start.HOST
LESSON = site_start.LESSONS["durak"]
ZH_LESSON = "lessons/zh-TW/durak/02_defending_and_adding.ipynb"
SIZE = {"width": 1280, "height": 720}
FIRST_VISIT_LIMIT = 15e6
LEARNERS, CONNECTIONS = 30, 6
FILE_LIMIT_S, CLASS_LIMIT_S = 5.0, 12.0  # issue 32's acceptance for a class, on this machine
ACCEPT_ENCODING = "br, gzip"


@pytest.fixture(scope="module")
def port(site_served):
    return int(site_served.rsplit(":", 1)[1])


@pytest.fixture(scope="module")
def relay(port):
    return site_start.Relay(port)


@pytest.fixture(scope="module")
def school(relay):
    """The site as a school's computer reaches it: http://classroom.test:<relay>/."""
    return f"http://{HOST}:{relay.port}"


@pytest.fixture(scope="module")
def chromium():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
        try:
            yield browser
        finally:
            browser.close()


def _context(chromium, school, requests: list | None = None):
    """A fresh browser profile (a computer that never opened the site), nothing routed (routing
    would turn the browser's cache off): every request is watched instead, and must go to the
    site."""
    context = chromium.new_context(viewport=SIZE)
    context.set_default_timeout(TIMEOUT_MS)
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    site_start.watch_loading(context)
    seen = requests if requests is not None else []
    context.on("request", lambda request: seen.append(request.url))
    context.cardlab_requests = seen
    return context


def _elsewhere(context, school) -> list[str]:
    return [u for u in context.cardlab_requests if not u.startswith((school + "/", "data:", "blob:"))]


@pytest.fixture(scope="module")
def first_visit(chromium, school, relay):
    """The Durak lesson opened on a computer that never opened the site, then opened again: what
    each visit moved and how long it took, and the requests of the first."""
    requests: list[str] = []
    context = _context(chromium, school, requests)
    try:
        first = site_start.visit(context, school, LESSON, relay, TIMEOUT_MS)
        asked = list(dict.fromkeys(requests))  # each file once, in the order asked
        second = site_start.visit(context, school, LESSON, relay, TIMEOUT_MS)
        assert _elsewhere(context, school) == []
    finally:
        context.close()
    for name, visit in (("first", first), ("second", second)):
        limit = f"; limit {FIRST_VISIT_LIMIT / 1e6:.0f} MB, issue 32's acceptance" if name == "first" else ""
        figures = (f"{visit['bodies'] / 1e6:.2f} MB of response bodies in {visit['requests']} requests "
                   f"({visit['bytes'] / 1e6:.2f} MB on the wire, headers included{limit}), Python ready "
                   f"{visit['python_s']:.1f} s, widgets working {visit['widgets_s']:.1f} s")
        record(f"{name} visit, durak lesson over http", figures)
        print(f"{name} visit, durak lesson over http: {figures}")
    return {"first": first, "second": second, "requests": [u for u in asked if u.startswith(school + "/")]}


def test_a_first_visit_moves_at_most_15_mb_and_shows_its_progress(first_visit):
    first, second = first_visit["first"], first_visit["second"]
    assert first["bodies"] <= FIRST_VISIT_LIMIT, f"{first['bodies'] / 1e6:.1f} MB"
    assert first["bodies"] <= first["bytes"]  # the relay saw every body: none came from elsewhere
    loading = [t for t in first["loading_texts"] if re.fullmatch(r"Python is loading: \d+\.\d of \d+\.\d MB", t)]
    assert loading and "Python is starting…" in first["loading_texts"], first["loading_texts"]
    # The second visit: nothing but questions answered "not modified".
    assert second["bytes"] < 0.5e6, f"{second['bytes'] / 1e6:.2f} MB"


async def _learner(port: int, paths: list[str], slowest: list[float]) -> tuple[float, int, int]:
    """One learner's browser: six keep-alive connections sharing the lesson's requests, asking for
    compressed files. Returns (seconds, responses, bytes, {encoding: responses})."""
    queue = list(paths)
    done = [0, 0]
    encodings: dict[str, int] = {}
    start = time.monotonic()

    async def connection():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while queue:
                path = queue.pop(0)
                asked = time.monotonic()
                writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept-Encoding: {ACCEPT_ENCODING}\r\n"
                             "Connection: keep-alive\r\n\r\n".encode())
                head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
                status = int(head.split(" ", 2)[1])
                length = int(re.search(r"(?im)^content-length:\s*(\d+)", head).group(1))
                body = await reader.readexactly(length)
                assert status == 200, f"{path}: {status}"
                sent_as = re.search(r"(?im)^content-encoding:\s*(\S+)", head)
                sent_as = sent_as.group(1) if sent_as else "identity"
                encodings[sent_as] = encodings.get(sent_as, 0) + 1
                slowest.append(time.monotonic() - asked)
                done[0] += 1
                done[1] += len(head) + len(body)
        finally:
            writer.close()

    await asyncio.gather(*(connection() for _ in range(CONNECTIONS)))
    return time.monotonic() - start, done[0], done[1], encodings


def test_a_class_of_thirty_opens_a_lesson_at_once(first_visit, port):
    """Thirty learners open the lesson at the same moment against `make serve-site`: each
    learner's browser asks for every file of the lesson's first visit over six connections."""
    paths = [(urlsplit(u).path + (f"?{urlsplit(u).query}" if urlsplit(u).query else "")) for u in first_visit["requests"]]
    slowest: list[float] = []

    async def burst():
        return await asyncio.gather(*(_learner(port, paths, slowest) for _ in range(LEARNERS)))

    outcome = {}

    def run() -> None:  # a thread of its own: Playwright's loop holds this one
        try:
            outcome["results"] = asyncio.run(burst())
        except Exception as error:  # raised again below, in the test
            outcome["error"] = error

    start = time.monotonic()
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    last = time.monotonic() - start
    if "error" in outcome:
        raise outcome["error"]
    results = outcome["results"]
    served = sum(r[1] for r in results)
    encodings: dict[str, int] = {}
    for result in results:
        for name, count in result[3].items():
            encodings[name] = encodings.get(name, 0) + count
    figures = (f"{served} of {LEARNERS * len(paths)} requests served ({len(paths)} each, {CONNECTIONS} connections "
               f"a learner, Accept-Encoding: {ACCEPT_ENCODING}; sent as {encodings}), "
               f"{sum(r[2] for r in results) / 1e6:.0f} MB; slowest file {max(slowest):.2f} s (limit {FILE_LIMIT_S:.0f} s); "
               f"learners done after {min(r[0] for r in results):.1f}-{max(r[0] for r in results):.1f} s, the last "
               f"{last:.1f} s after the start (limit {CLASS_LIMIT_S:.0f} s; the limits are issue 32's acceptance)")
    record("thirty learners at once", figures)
    print(f"thirty learners at once: {figures}")
    assert served == LEARNERS * len(paths)
    assert max(slowest) <= FILE_LIMIT_S, f"a file took {max(slowest):.1f} s"
    assert last <= CLASS_LIMIT_S, f"the last learner was done after {last:.1f} s"


def test_preparing_a_computer_fills_its_cache(chromium, school, relay):
    """A teacher opens "Prepare this computer" (linked from the index) before class: it says when
    it is done, and the lesson's first visit then moves next to nothing."""
    context = _context(chromium, school)
    try:
        page = context.new_page()
        page.goto(f"{school}/lessons.html")
        page.locator(".cardlab-teachers a", has_text="Prepare this computer").click()
        page.wait_for_url("**/prepare.html")
        sync_api.expect(page.locator(".cardlab-prepare-status")).to_have_text(
            "Done: this computer holds every file of the lessons.", timeout=TIMEOUT_MS)
        page.close()
        visit = site_start.visit(context, school, LESSON, relay, TIMEOUT_MS)
        record("first lesson after Prepare this computer", f"{visit['bytes'] / 1e6:.2f} MB on the wire, "
               f"Python ready {visit['python_s']:.1f} s, widgets working {visit['widgets_s']:.1f} s")
        assert visit["bytes"] < 0.5e6
        assert _elsewhere(context, school) == []
    finally:
        context.close()


def test_loading_progress_says_how_much_is_left_in_the_lessons_language(chromium, school):
    """On a slow network (a thirtieth of 100 Mbit/s, a class's fair share) the box names what is
    loading, how much is left, and that the wait is normal, in 繁體中文 for a 繁體中文 lesson."""
    context = _context(chromium, school)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                      "downloadThroughput": 100e6 / 8 / LEARNERS, "uploadThroughput": 1e6})
        page.goto(f"{school}/lab/index.html?path={ZH_LESSON}")
        line = page.locator(".cardlab-loading .cardlab-loading-text")
        sync_api.expect(line).to_have_text(re.compile(r"Python 載入中：([1-9]\d*|0)\.\d / \d+\.\d MB"))
        page.wait_for_function("""() => { const m = document.querySelector('.cardlab-loading-text').textContent
            .match(/：(\\d+\\.\\d) \\/ (\\d+\\.\\d) MB/); return m && +m[1] > 1 && +m[1] < +m[2]; }""")
        sync_api.expect(page.locator(".cardlab-loading-note")).to_contain_text("這是正常的")
        page.screenshot(path=str(OUT / "site_loading_progress_zh_TW.png"))
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1,
                                                      "uploadThroughput": -1})
        page.wait_for_function(site_start.KERNEL_IDLE, timeout=TIMEOUT_MS, polling=200)
        sync_api.expect(page.locator(".cardlab-loading")).to_have_count(0)
    finally:
        context.close()


def _kernel_idle(page) -> None:
    page.wait_for_function(site_start.KERNEL_IDLE, timeout=TIMEOUT_MS, polling=200)


ALL_DONE = """() => [...document.querySelectorAll(".jp-Notebook .jp-CodeCell")].every(cell => {
    const source = cell.querySelector(".jp-InputArea-editor")?.textContent.trim();
    return !source || /\\[\\d+\\]/.test(cell.querySelector(".jp-InputPrompt")?.textContent ?? "");
})"""


def _run_all_from_the_menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}$")).click()
    page.wait_for_function(ALL_DONE, timeout=TIMEOUT_MS)


def test_running_a_lesson_changes_nothing_and_run_all_keeps_the_place(chromium, school):
    """Run All from the top of a lesson: every cell runs, the lesson is not marked modified,
    leaving asks nothing, and the learner is still at the top."""
    context = _context(chromium, school)
    asked = []
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        page.goto(f"{school}/lab/index.html?path={LESSON}")
        _kernel_idle(page)
        page.locator(".jp-Notebook .jp-Cell").first.click()  # the learner reads from the top
        _run_all_from_the_menu(page, "Run", "Run All Cells")
        page.wait_for_timeout(2_000)  # JupyterLab moves to the end after the run; the place comes back
        scrolled = page.evaluate("""() => { const w = window.jupyterapp.shell.currentWidget.content;
            return [w.activeCellIndex, (w.outerNode || w.node).scrollTop]; }""")
        assert scrolled[0] == 0 and scrolled[1] < 50, scrolled
        sync_api.expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_in_viewport()
        assert page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0
        page.goto(f"{school}/lessons.html")
        page.locator("h1").first.wait_for()
        assert asked == []
    finally:
        context.close()


@pytest.mark.parametrize("lesson, menu, saved, download", [
    (LESSON, "File", "Saved in this tab only", "Download"),
    (ZH_LESSON, "File", "只儲存在這個分頁", "下載"),
], ids=["en", "zh-TW"])
def test_save_says_where_the_work_stays_in_the_learners_language(chromium, school, lesson, menu, saved, download):
    """Over plain http the browser keeps nothing for the site: Save says so, in the lesson's
    language, and offers the download, which gives the notebook as edited; once downloaded, leaving
    asks nothing (tests/test_site.py: saved but not downloaded, it asks)."""
    context = _context(chromium, school)
    asked = []
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        page.goto(f"{school}/lab/index.html?path={lesson}")
        _kernel_idle(page)
        page.locator(".cardlab-notice button").last.click()
        page.locator(".jp-CodeCell .cm-content").first.click()
        page.keyboard.press("Control+Home")
        page.keyboard.type("my_note = 1\n")
        page.keyboard.press("Control+s")
        toast = page.locator(".Toastify__toast", has_text=saved)
        sync_api.expect(toast).to_be_visible()
        sync_api.expect(toast.get_by_role("button", name=download)).to_be_visible()
        sync_api.expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)
        _steady(toast)
        page.screenshot(path=str(OUT / f"site_saved_{'zh_TW' if 'zh-TW' in lesson else 'en'}.png"))
        with page.expect_download() as downloading:
            toast.get_by_role("button", name=download).click()
        kept = downloading.value
        assert kept.suggested_filename.endswith(lesson.rsplit("/", 1)[1])
        assert "my_note = 1" in Path(kept.path()).read_text(encoding="utf-8")
        page.goto(f"{school}/lessons.html")
        page.locator("h1").first.wait_for()
        assert asked == []
    finally:
        context.close()


def _steady(locator) -> None:
    """Return once ``locator`` has stopped moving (a notification slides in)."""
    box = None
    for _attempt in range(40):
        now = locator.bounding_box()
        if now is not None and now == box:
            return
        box = now
        locator.page.wait_for_timeout(150)


def test_keeping_your_work_opens_rendered_from_the_notice(chromium, school):
    context = _context(chromium, school)
    try:
        page = context.new_page()
        page.goto(f"{school}/lab/index.html?path=lessons/ja/daifugo/02_following.ipynb")
        notice = page.locator(".cardlab-notice")
        sync_api.expect(notice).to_contain_text("このタブにだけ残ります")
        notice.get_by_role("button", name="詳しく").click()
        sync_api.expect(page.locator(".jp-RenderedMarkdown h1", has_text="作業を残すこと")).to_be_visible()
        page.goto(f"{school}/lab/index.html?path=lessons/KEEPING-YOUR-WORK.md")
        sync_api.expect(page.locator(".jp-RenderedMarkdown h1", has_text="Keeping your work")).to_be_visible()
        assert page.locator(".jp-FileEditor").count() == 0
    finally:
        context.close()


def _menu_bar(page):
    return page.locator(".lm-MenuBar-itemLabel")


def test_each_editions_lessons_open_jupyterlab_in_its_language_for_this_tab_only(chromium, school):
    """A 繁體中文 lesson opens JupyterLab in 繁體中文, a 日本語 one in 日本語, an English one in
    English. A learner who picks another language (Settings › Language) keeps it while the tab
    lasts; the next learner's tab on the same computer gets the site as it was built."""
    context = _context(chromium, school)
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog .jp-mod-accept"), lambda b: b.click(), no_wait_after=True)
        page.goto(f"{school}/lab/index.html?path={ZH_LESSON}")
        _kernel_idle(page)
        sync_api.expect(page.locator(".jp-StatusBar-TextItem", has_text="模式")).to_be_visible()
        _menu_bar(page).filter(has_text=re.compile("^File$")).click()
        sync_api.expect(page.locator(".lm-Menu-itemLabel", has_text=re.compile("^新增$"))).to_be_visible()
        page.keyboard.press("Escape")
        page.locator(".cardlab-notice button").last.click()
        sync_api.expect(page.locator(".cardlab-loading")).to_have_count(0)
        page.screenshot(path=str(OUT / "site_zh_TW_lesson_jupyterlab.png"))
        page.goto(f"{school}/lab/index.html?path=lessons/ja/daifugo/02_following.ipynb")
        sync_api.expect(_menu_bar(page).first).to_have_text("ファイル")
        page.goto(f"{school}/lab/index.html?path={LESSON}")
        sync_api.expect(_menu_bar(page).first).to_have_text("File")
        # This learner picks 日本語 for the English lessons: it lasts through a reload of the tab.
        _menu_bar(page).filter(has_text=re.compile("^Settings$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Language$")).click()
        page.locator(".lm-Menu-itemLabel", has_text="日本語 (日本)").click()
        sync_api.expect(_menu_bar(page).first).to_have_text("ファイル")
        page.reload()
        sync_api.expect(_menu_bar(page).first).to_have_text("ファイル")
        # The next learner, a new tab of the same browser: the English lesson is in English.
        nextone = context.new_page()
        nextone.goto(f"{school}/lab/index.html?path={LESSON}")
        nextone.locator(".jp-Notebook").first.wait_for()
        sync_api.expect(_menu_bar(nextone)).to_have_text(
            ["File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help"])
        sync_api.expect(nextone.locator(".cardlab-notice")).to_have_count(1)  # a new tab: told once again
    finally:
        context.close()


def _fonts_drawing(page, selector: str) -> list[dict]:
    """The fonts Chromium drew the text of ``selector`` with (DevTools' CSS.getPlatformFontsForNode):
    a web font is marked isCustomFont."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]


FONT_LOADED = """(family) => document.fonts.status === "loaded"
    && [...document.fonts].some(f => f.family.replace(/"/g, "") === family && f.status === "loaded")"""


@pytest.mark.parametrize("page_path, lesson, face", [
    ("lessons.zh-TW.html", ZH_LESSON, "Noto Sans CJK TC"),
    ("lessons.ja.html", "lessons/ja/daifugo/02_following.ipynb", "Noto Sans CJK JP"),
], ids=["zh-TW", "ja"])
def test_the_cjk_editions_draw_with_the_sites_own_font(chromium, school, page_path, lesson, face):
    """The edition's index and a lesson's Markdown are drawn with the site's own font (each
    edition its face of Noto Sans CJK), whatever this computer has installed; the file comes from
    the site."""
    context = _context(chromium, school)
    try:
        page = context.new_page()
        page.goto(f"{school}/{page_path}")
        page.wait_for_function(FONT_LOADED, arg="Cardlab Noto Sans CJK")
        drawn = _fonts_drawing(page, "h1")
        assert any(f["isCustomFont"] and f["familyName"] == face for f in drawn), drawn
        page.goto(f"{school}/lab/index.html?path={lesson}")
        page.locator(".jp-RenderedMarkdown h1").first.wait_for()
        page.wait_for_function(FONT_LOADED, arg="Cardlab Noto Sans CJK")
        drawn = _fonts_drawing(page, ".jp-RenderedMarkdown h1")
        assert any(f["isCustomFont"] and f["familyName"] == face for f in drawn), drawn
        fonts = [u for u in context.cardlab_requests if "/static/cardlab/fonts/" in u]
        assert fonts and all(u.startswith(f"{school}/static/cardlab/fonts/{face.replace(' ', '')}.") for u in fonts), fonts
        assert _elsewhere(context, school) == []
    finally:
        context.close()


def test_english_pages_never_load_the_cjk_font(chromium, school):
    context = _context(chromium, school)
    try:
        page = context.new_page()
        page.goto(f"{school}/lessons.html")
        page.locator("h1").first.wait_for()
        page.goto(f"{school}/lab/index.html?path={LESSON}")
        page.locator(".jp-RenderedMarkdown h1").first.wait_for()
        page.evaluate("document.fonts.ready.then(() => true)")
        drawn = _fonts_drawing(page, ".jp-RenderedMarkdown h1")
        assert not any(f["isCustomFont"] for f in drawn), drawn
        assert [u for u in context.cardlab_requests if "/static/cardlab/fonts/" in u] == []
    finally:
        context.close()
