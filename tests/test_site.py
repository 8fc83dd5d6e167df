"""The offline website (``make site``): ``site/`` served by the room's server with ``make serve-site``
(tests/conftest.py, ``site_served``), and opened in Debian's Chromium with every request that does
not go to that server aborted and recorded (Playwright routing, which in Chromium also sees the
requests of the kernel's worker and of JupyterLite's service worker). A learner opens a Durak
lesson, runs all cells, steps the stepper (with its button and with the → key, which is ipyevents)
and makes a try-it move; the engine runs a benchmark in the page beside CPython. A school server:
the site opened under another host name (``school-server``, mapped to the loopback by Chromium),
over plain http and over https with a self-signed certificate, where the browser allows no service
worker: the site opens on the lessons, a lesson says once where work is kept, and a deep link to
one lesson of each game runs all its cells (its files read from the kernel's ``cardlab_lessons``
package), its stepper steps, its try-it table gives a verdict and its quiz answers.
tests/test_site_room.py has the class's side: a burst of thirty learners, what a first visit
moves, loading progress, saving, the editions' JupyterLab.

Timings and speeds are printed at the end of the pytest run and written to
``test-output/site_timings.txt``; they are reported, never asserted. Skipped (with the reason)
where /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import os
import re
import runpy
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from site_support import CHROMIUM, CHROMIUM_ARGS, OUT, ROOT, SITE, TIMEOUT_MS, site_start
from site_support import record as _record
from test_browser import show_whole

LESSON = "lessons/durak/02_defending_and_adding.ipynb"
BENCH_SECONDS, BENCH_RUNS = 1.0, 3  # the best of three one-second runs, on each side
BENCH_GAMES = ["durak podkidnoy, 2 players", "daifugo jdf, 4 players"]

pytestmark = pytest.mark.site

if not os.path.exists(CHROMIUM):
    pytest.skip(f"the site test needs Debian's Chromium at {CHROMIUM}: run `apt-get install chromium` "
                "to enable it", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the site test needs the 'playwright' "
                               "package: pip install -e '.[test]'")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def base_url(site_served):
    """site/ (built first if it is missing or out of date), served by `make serve-site`."""
    stamp = json.loads((SITE / ".cardlab-site.json").read_text(encoding="utf-8"))
    size = stamp["size"]
    _record("site size", f"{size['bytes'] / 1e6:.1f} MB in {size['files']} files, "
                         f"{size['gzip_bytes'] / 1e6:.1f} MB as sent over http (gzip)")
    return site_served


class Guard:
    """Every request of a browser context that does not go to the site's server is aborted and
    remembered, whoever makes it: the page, a worker or the service worker."""

    def __init__(self, base: str):
        self.base = base + "/"
        self.outside: list[str] = []

    def local(self, url: str) -> bool:
        return url.startswith(self.base) or url.startswith(("data:", "blob:"))

    def route(self, route) -> None:
        if self.local(route.request.url):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def watch(self, context) -> None:
        context.route("**/*", self.route)
        # A request that reached the network without passing the route would show here.
        context.on("request", lambda r: None if self.local(r.url) or r.url in self.outside
                   else self.outside.append(r.url))


@pytest.fixture(scope="module")
def playwright():
    with sync_api.sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright, base_url):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    browser.guard = Guard(base_url)
    try:
        yield browser
    finally:
        browser.close()


def _context(browser):
    """A new context (its own storage, cache and service worker, as a first visit) under the
    guard."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    browser.guard.watch(context)
    context.set_default_timeout(TIMEOUT_MS)
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    return context


def _accept_dialog(dialog) -> None:
    try:
        dialog.locator(".jp-mod-accept").first.click(timeout=5_000)
    except sync_api.TimeoutError:
        pass


def _kernel_idle(page):
    return page.locator(".jp-StatusBar-TextItem", has_text="| Idle")


# The engine in the browser: benchmarks/random_play.py run by Pyodide in a plain page of the site
# (its runtime and lockfile, no JupyterLite), and the same file run here by CPython.
BENCH_PAGE = """<!DOCTYPE html><html><body><script type="module">
const config = await (await fetch("./jupyter-lite.json")).json();
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const { loadPyodide } = await import(kernel.pyodideUrl);
const lockFileURL = new URL(kernel.loadPyodideOptions.lockFileURL, location.href).href;
window.pyodideReady = loadPyodide({ lockFileURL, packages: ["cardlab"] }).then(p => { window.pyodide = p; return true; });
</script></body></html>"""

BENCH = """
import hashlib, json, random
from cardlab.svg import state_svg

def trace(label, seed):
    # One seeded random game: every action taken and the final picture, as one digest.
    state = GAMES[label](seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state.apply(action)
    return hashlib.sha256(("\\n".join(actions) + state_svg(state)).encode()).hexdigest()

def results(games, seconds, runs):
    return json.dumps({label: {
        "decisions_per_s": max(measure(GAMES[label], seconds, 0)[1] for _ in range(runs)),
        "traces": [trace(label, seed) for seed in range(3)]} for label in games})
"""


def test_engine_in_the_browser_matches_cpython(browser, base_url):
    """Seeded random games give the same actions and pictures in Pyodide as in CPython; the speed
    of each is reported."""
    source = (ROOT / "benchmarks" / "random_play.py").read_text(encoding="utf-8")
    args = [BENCH_GAMES, BENCH_SECONDS, BENCH_RUNS]
    context = _context(browser)
    page_url = f"{base_url}/engine-speed.html"
    context.route(page_url, lambda route: route.fulfill(body=BENCH_PAGE, content_type="text/html"))
    try:
        page = context.new_page()
        page.goto(page_url)
        page.wait_for_function("window.pyodideReady !== undefined")
        page.evaluate("window.pyodideReady")  # raises here if Pyodide or cardlab did not load
        in_browser = json.loads(page.evaluate(
            """([source, bench, args]) => {
                pyodide.globals.set("bench_source", source);
                pyodide.globals.set("bench_code", bench);
                pyodide.globals.set("bench_args", args);
                return pyodide.runPython(`
import json
bench = {"__name__": "bench", "__file__": "/bench/benchmarks/random_play.py"}
exec(bench_source, bench)
exec(bench_code, bench)
bench["results"](*json.loads(bench_args))
`);
            }""", [source, BENCH, json.dumps(args)]))
    finally:
        context.close()
    bench = runpy.run_path(str(ROOT / "benchmarks" / "random_play.py"), run_name="bench")
    exec(BENCH, bench)
    in_cpython = json.loads(bench["results"](*args))
    for label in BENCH_GAMES:
        assert in_browser[label]["traces"] == in_cpython[label]["traces"], label
        browser_speed, cpython_speed = (in_browser[label]["decisions_per_s"],
                                        in_cpython[label]["decisions_per_s"])
        _record(f"engine speed, {label}",
                f"{browser_speed:.0f} decisions/s in Chromium (Pyodide, Python 3.14) against "
                f"{cpython_speed:.0f} in CPython {sys.version.split()[0]}: "
                f"{browser_speed / cpython_speed:.2f}x")


def _click_run_all(page) -> float:
    """Run → Run All Cells, again until the lesson's first stepper appears (a click made while the
    kernel connects is dropped); returns when the first click was made (time.monotonic)."""
    clicked = None
    for _attempt in range(12):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        clicked = clicked or time.monotonic()
        try:
            page.locator(".cardlab-stepper").first.wait_for(timeout=20_000)
            return clicked
        except sync_api.TimeoutError:
            continue
    pytest.fail("JupyterLite never ran the lesson's cells")


@pytest.fixture(scope="module")
def lesson(browser, base_url):
    """The Durak lesson opened in a fresh context, its kernel started and all its cells run, as a
    learner would; the times it took are recorded."""
    context = _context(browser)
    page = context.new_page()
    page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
    start = time.monotonic()
    page.goto(f"{base_url}/lab/index.html?path={LESSON}")
    page.locator(".jp-Notebook").first.wait_for()
    # The status bar reads "Python (Pyodide) | Initializing", then "| Unknown" while Pyodide and
    # the wheels load, then "| Idle".
    _kernel_idle(page).wait_for()
    kernel_ready = time.monotonic() - start
    clicked = _click_run_all(page)
    first_widget = time.monotonic() - start
    sync_api.expect(page.locator(".jp-InputPrompt").filter(has_text="[*]")).to_have_count(0)
    all_cells = time.monotonic() - start
    _record("kernel ready", f"{kernel_ready:.1f} s after the lesson's page was opened (first visit)")
    _record("first widget", f"{first_widget:.1f} s after the page was opened "
                            f"({first_widget - (clicked - start):.1f} s after Run All)")
    _record("all cells run", f"{all_cells:.1f} s after the page was opened")
    try:
        yield page
    finally:
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "site_lesson.png"))
        context.close()


def test_stepper_step_shows_new_narration(lesson):
    stepper = lesson.locator(".cardlab-stepper").first
    stepper.scroll_into_view_if_needed()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 0 of")
    stepper.get_by_role("button", name="Step", exact=True).click()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
    sync_api.expect(stepper.locator(".cardlab-narration")).to_contain_text("opens the round")
    sync_api.expect(stepper.locator(".cardlab-picture svg").first).to_be_visible()


def test_arrow_key_steps_with_ipyevents(lesson):
    """ipyevents runs offline too: with the pointer over the stepper, → steps forward."""
    stepper = lesson.locator(".cardlab-stepper").first
    stepper.scroll_into_view_if_needed()
    counter = stepper.locator(".cardlab-counter")
    before = int(counter.inner_text().split("step ")[1].split(" ")[0])
    stepper.locator(".cardlab-picture").hover()
    lesson.keyboard.press("ArrowRight")
    sync_api.expect(counter).to_contain_text(f"step {before + 1} of")
    lesson.screenshot(path=str(OUT / "site_stepper.png"))


def test_tryit_illegal_then_legal(lesson):
    """The card table runs offline too (anywidget's front end and the card table's module, both
    from the site): cards are selected by clicking them in the picture."""
    table = lesson.locator(".cardlab-tryit").first
    table.scroll_into_view_if_needed()
    verdict = table.locator(".cardlab-verdict")

    def click(code: str) -> None:  # near the top-left corner, which the next card never covers
        table.locator(f'.cardlab-cardtable [data-card="{code}"]').click(position={"x": 6, "y": 10})

    # The try-it position of this lesson: 甲 attacked with S9 and 乙 beat it with SJ (hearts trump).
    click("SK")
    sync_api.expect(table.locator('[data-card="SK"]')).to_have_attribute("aria-pressed", "true")
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("That rank is not on the table:")
    sync_api.expect(verdict.locator(".cardlab-refusal")).to_have_attribute("data-code", "rank_not_on_table")
    click("SK")  # deselect
    click("D9")
    table.get_by_role("button", name="Attack", exact=True).click()
    sync_api.expect(verdict).to_contain_text("adds 9♦")
    lesson.screenshot(path=str(OUT / "site_tryit.png"))


def test_a_whole_example_steps_at_one_height_on_a_projector_screen(lesson):
    """As in JupyterLab (tests/test_table_browser.py): at 1280×720 every step keeps the whole
    stepper on screen at one height, at most 560 px, and Projector size makes the cards larger
    while it still fits the screen."""
    lesson.set_viewport_size({"width": 1280, "height": 720})
    stepper = lesson.locator(".cardlab-stepper").first
    stepper.get_by_role("button", name="Reset", exact=True).click()
    sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 0 of")
    show_whole(stepper)
    height = stepper.bounding_box()["height"]
    assert height <= 560
    step = stepper.get_by_role("button", name="Step", exact=True)
    count = 0
    while step.is_enabled():
        step.click()
        count += 1
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text(f"step {count} of")
        box = stepper.bounding_box()
        assert box["height"] == height and box["y"] >= 0 and box["y"] + box["height"] <= 720
    card_width = ("cards => Math.max(...cards.map(card => card.getBoundingClientRect().width))")
    normal = stepper.locator(".cardlab-picture [data-card]").evaluate_all(card_width)
    stepper.get_by_role("button", name="Projector size").click()
    sync_api.expect(stepper.locator(".cardlab-picture svg")).to_have_attribute("width", "713.57")
    show_whole(stepper)
    assert stepper.locator(".cardlab-picture [data-card]").evaluate_all(card_width) >= 1.3 * normal
    box = stepper.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 720
    lesson.screenshot(path=str(OUT / "site_stepper_projector.png"))
    stepper.get_by_role("button", name="Projector size").click()
    lesson.set_viewport_size({"width": 1400, "height": 1000})


def test_site_opens_on_the_lessons_index(browser, base_url):
    context = _context(browser)
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        page.goto(base_url + "/")
        # The lessons' index is a page of its own: it needs no kernel, and each link opens a lesson.
        page.wait_for_url("**/lessons.html")
        sync_api.expect(page.get_by_text("On this website")).to_be_visible()
        assert page.locator(".jp-Notebook, .jp-Dialog").count() == 0
        page.screenshot(path=str(OUT / "site_index.png"))
        page.get_by_role("link", name="2 · Defending and adding").click()
        page.wait_for_url("**/lab/index.html?path=lessons/durak/02_defending_and_adding.ipynb")
        lesson = page.locator(".jp-Notebook").first
        sync_api.expect(lesson.locator(".jp-RenderedMarkdown h1").first).to_contain_text(
            "Defending and adding cards")
        # Saved outputs read as they were saved (no commas between their lines).
        for text in lesson.locator(".jp-OutputArea-output").all_inner_texts():
            assert "\n," not in text
    finally:
        context.close()


# A school: one computer serves site/ to the others over plain http (not a secure context), or
# over https with a self-signed certificate (no service worker either). The browser reaches this
# machine under the name SCHOOL_HOST.
SCHOOL_HOST = "school-server"
SCHOOL_LESSONS = {  # one lesson of each game, each with a stepper, a try-it table and a quiz
    "durak": "lessons/durak/02_defending_and_adding.ipynb",
    "daifugo": "lessons/daifugo/02_following.ipynb",
    "daifugo-web": "lessons/daifugo-web/02_leading_and_passing.ipynb",
    "gandengyan": "lessons/gandengyan/02_only_one_higher.ipynb",
}
HTTPS_SERVER = """
import functools, http.server, ssl, sys
certificate, key, site, port = sys.argv[1:]
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=site)
server = http.server.ThreadingHTTPServer(("127.0.0.1", int(port)), handler)
server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
"""


def _serve(command: list[str], probe: str):
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import ssl
    unverified = ssl._create_unverified_context()
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(probe, timeout=2, context=unverified)
            return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"{command} did not start")
            time.sleep(0.2)


@pytest.fixture(scope="module")
def school_urls(base_url, tmp_path_factory):
    """{"http": the site over plain http, "https": the site over https with a self-signed
    certificate}, both under SCHOOL_HOST."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("the https test needs the openssl command line to make a certificate")
    folder = tmp_path_factory.mktemp("school-tls")
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", f"/CN={SCHOOL_HOST}", "-keyout", str(key), "-out", str(certificate)],
                   check=True, capture_output=True)
    port = _free_port()
    server = _serve([sys.executable, "-c", HTTPS_SERVER, str(certificate), str(key), str(SITE), str(port)],
                    f"https://127.0.0.1:{port}/jupyter-lite.json")
    try:
        yield {"http": f"http://{SCHOOL_HOST}:{base_url.rsplit(':', 1)[1]}",
               "https": f"https://{SCHOOL_HOST}:{port}"}
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="module")
def school_browser(playwright, base_url):
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {SCHOOL_HOST} 127.0.0.1"])
    try:
        yield browser
    finally:
        browser.close()


def _school_context(school_browser, base: str):
    context = school_browser.new_context(viewport={"width": 1400, "height": 1000}, ignore_https_errors=True)
    guard = Guard(base)
    guard.watch(context)
    context.set_default_timeout(TIMEOUT_MS)
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    return context, guard


def _run_all(page) -> None:
    _kernel_idle(page).wait_for()
    _click_run_all(page)
    page.wait_for_function(ALL_DONE)


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_school_server_opens_on_the_lessons_index_and_says_once_where_work_is_kept(school_browser, school_urls, scheme):
    """Not a secure context: the site opens on the lessons all the same; the lab's page says once,
    in the lesson's language, where work is kept, and once closed the note stays closed in that
    tab; the page on what needs a service worker says the same as the README."""
    context, guard = _school_context(school_browser, school_urls[scheme])
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        page.goto(school_urls[scheme] + "/")
        page.wait_for_url("**/lessons.html")
        page.get_by_role("link", name="2 · Defending and adding").click()
        page.wait_for_url("**/lab/index.html?path=lessons/durak/02_defending_and_adding.ipynb")
        # Over http the page is not secure; over https with a self-signed certificate it is, but
        # the service worker cannot register either.
        assert page.evaluate("window.isSecureContext") is (scheme == "https")
        notice = page.locator(".cardlab-notice")
        sync_api.expect(notice).to_contain_text("your work stays in this tab only")
        notice.get_by_role("button", name="Close").click()
        sync_api.expect(notice).to_have_count(0)
        assert page.evaluate("navigator.serviceWorker?.controller ?? null") is None
        page.goto(school_urls[scheme] + "/lab/index.html?path=lessons/durak/03_two_player_round.ipynb")
        page.locator(".jp-Notebook").first.wait_for()
        _kernel_idle(page).wait_for()
        assert page.locator(".cardlab-notice").count() == 0  # once a tab, and it stays closed
        page.goto(school_urls[scheme] + "/needs-https.html")
        sync_api.expect(page.locator("h1")).to_contain_text("Where your work is kept")
        sync_api.expect(page.locator("body")).to_contain_text("stays in this browser tab only")
        assert "storage as usual" not in page.locator("body").inner_text()
    finally:
        context.close()
    assert guard.outside == []


@pytest.mark.parametrize("scheme", ["http", "https"])
@pytest.mark.parametrize("game", list(SCHOOL_LESSONS))
def test_school_server_lesson_runs_from_a_deep_link(school_browser, school_urls, scheme, game):
    """A direct link to a lesson, from a school server over plain http or self-signed https (no
    service worker: the kernel does not see the site's files, and reads the lessons' files from
    the cardlab_lessons package): Run All ends without an error; the stepper steps, the try-it
    table gives a verdict, the quiz answers."""
    base = school_urls[scheme]
    context, guard = _school_context(school_browser, base)
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        start = time.monotonic()
        page.goto(f"{base}/lab/index.html?path={SCHOOL_LESSONS[game]}")
        page.locator(".jp-Notebook").first.wait_for()
        # Over http the page is not secure; over https with a self-signed certificate it is, but
        # the service worker cannot register either.
        assert page.evaluate("window.isSecureContext") is (scheme == "https")
        notice = page.locator(".cardlab-notice")
        notice.get_by_role("button", name="Close").click()
        sync_api.expect(notice).to_have_count(0)
        _run_all(page)
        _record(f"school server, {scheme}, {game}", f"all cells run {time.monotonic() - start:.1f} s "
                                                    "after the page was opened")
        errors = [t for t in page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_text_contents()
            if "Traceback" in t or "Error" in t]
        assert errors == []

        stepper = page.locator(".cardlab-stepper").first
        stepper.scroll_into_view_if_needed()
        narration = stepper.locator(".cardlab-narration")
        before = narration.inner_text()
        stepper.get_by_role("button", name="Step", exact=True).click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of")
        sync_api.expect(narration).not_to_have_text(before)

        table = page.locator(".cardlab-tryit").first
        table.scroll_into_view_if_needed()
        verdict = table.locator(".cardlab-verdict")
        said = verdict.inner_text()
        move = table.locator(".cardlab-move input")
        move.fill("nonsense")
        move.press("Enter")
        sync_api.expect(verdict).not_to_have_text(said)
        sync_api.expect(verdict).to_contain_text("Not an action")

        quiz = page.locator(".cardlab-quiz").first
        quiz.scroll_into_view_if_needed()
        feedback = quiz.locator(".cardlab-feedback").first
        said = feedback.inner_text()
        quiz.locator(".widget-button").first.click()
        sync_api.expect(feedback).not_to_have_text(said)
        page.screenshot(path=str(OUT / f"site_school_{scheme}_{game}.png"))
    finally:
        context.close()
    assert guard.outside == []


@pytest.mark.parametrize("opened, lands_on, heading", [
    ("index.html", "serve-this-folder.html", "need a web server"),
    ("lessons.html", "serve-this-folder.html", "need a web server"),
    ("lab/index.html?path=lessons/durak/02_defending_and_adding.ipynb", "serve-this-folder.html", "need a web server"),
    ("lessons.zh-TW.html", "serve-this-folder.zh-TW.html", "課程需要網頁伺服器"),
    ("lab/index.html?path=lessons/ja/daifugo/02_following.ipynb", "serve-this-folder.ja.html", "ウェブサーバーが必要"),
], ids=["index", "lessons", "lab", "lessons.zh-TW", "lab-ja"])
def test_opened_as_a_file_explains_how_to_serve_the_folder(playwright, base_url, opened, lands_on, heading):
    """Double-clicked on a USB stick (file://), the site cannot run: its first page, the lessons'
    index (the page the README names) and the lab's page each lead to the page that says how to
    serve the folder, in their language, with the one command, instead of staying blank."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        path, _, query = opened.partition("?")
        page.goto((SITE / path).as_uri() + (f"?{query}" if query else ""))
        page.wait_for_url(f"**/{lands_on}")
        sync_api.expect(page.locator("h1")).to_contain_text(heading)
        sync_api.expect(page.locator("pre")).to_have_text("python3 serve.pyz")
        sync_api.expect(page.locator("body")).to_contain_text("py serve.pyz")
        page.screenshot(path=str(OUT / f"site_file_url_{path.replace('/', '_')}.png"))
    finally:
        browser.close()


SHARED_LESSON = "lessons/durak/01_durak_setting_up.ipynb"


def test_a_lesson_reopens_as_on_the_server(browser, base_url):
    """Shared computers: opening a lesson does not mark it modified; a learner's saved edit stays
    in that tab only, and a teacher's change to the file on the server shows the next time the
    lesson is opened in the same browser profile."""
    served = SITE / "files" / SHARED_LESSON
    original, mtime = served.read_bytes(), served.stat().st_mtime
    asked = []
    # As on a server where the site was copied a month ago: a browser may keep a file that old
    # in its cache for days without asking the server again (heuristic freshness).
    os.utime(served, (mtime - 30 * 86400, mtime - 30 * 86400))
    context = _context(browser)
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        page.goto(f"{base_url}/lab/index.html?path={SHARED_LESSON}")
        page.locator(".jp-Notebook").first.wait_for()
        _kernel_idle(page).wait_for()
        page.wait_for_timeout(3_000)
        tab = page.locator(".lm-TabBar-tab.jp-mod-current")
        assert "jp-mod-dirty" not in (tab.first.get_attribute("class") or ""), "opening marked it modified"
        # The learner edits a code cell and saves.
        editor = page.locator(".jp-CodeCell .cm-content").first
        editor.click()
        page.keyboard.press("Control+Home")
        page.keyboard.type("learner_edit_22 = 1\n")
        page.keyboard.press("Control+s")
        sync_api.expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)
        # The teacher's fix, on the server.
        node = json.loads(original)
        node["cells"][0]["source"] = "# Teacher fix 22\n\n" + "".join(node["cells"][0]["source"])
        served.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        page.goto(f"{base_url}/lab/index.html?path={SHARED_LESSON}")
        assert asked == ["beforeunload"]  # saved, but only in the tab: leaving asks first
        notebook = page.locator(".jp-Notebook").first
        sync_api.expect(notebook.locator("h1", has_text="Teacher fix 22")).to_be_visible()
        sync_api.expect(notebook.get_by_text("learner_edit_22")).to_have_count(0)
        page.screenshot(path=str(OUT / "site_teacher_fix.png"))
    finally:
        served.write_bytes(original)
        os.utime(served, (mtime, mtime))
        context.close()


def _run_new_cell(page, code: str):
    """A new cell at the top of the open notebook, run; returns its cell."""
    page.locator(".jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")
    cell = page.locator(".jp-Cell").first
    sync_api.expect(cell.locator(".jp-InputPrompt")).to_have_text(re.compile(r"\[\d+\]"))
    return cell


def test_installing_what_the_site_lacks_says_offline_in_one_line(browser, base_url):
    """`%pip install` and `micropip.install` of a package the site does not carry: one line, no
    traceback; other errors keep theirs. A chart drawn without matplotlib is an <img> whose alt is
    the chart's text."""
    context = _context(browser)
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        page.goto(f"{base_url}/lab/index.html?path=lessons/play.ipynb")
        page.locator(".jp-Notebook").first.wait_for()
        _kernel_idle(page).wait_for()
        for code in ["%pip install pandas", "import micropip\nawait micropip.install('no-such-pkg-22')"]:
            text = _run_new_cell(page, code).locator(".jp-OutputArea").inner_text().strip()
            assert text.startswith("This site is offline") and "\n" not in text, text
        text = _run_new_cell(page, "1/0").locator(".jp-OutputArea").inner_text()
        assert "----> 1 1/0" in text and "ZeroDivisionError" in text
        cell = _run_new_cell(page, "from cardlab.charts import show_bars\n"
                                   "show_bars(['a', 'b'], [1, 2], title='T')")
        sync_api.expect(cell.locator(".jp-OutputArea img")).to_have_attribute("alt", "T: a 1.00, b 2.00")
    finally:
        context.close()


def test_the_kernel_starts_light(browser, base_url):
    """What the kernel loads at start: IPython without jedi or its terminal (prompt_toolkit), the
    modules a lesson imports as bytecode compiled at build time (cardlab's beside its sources),
    and Tab completion working without jedi."""
    context = _context(browser)
    try:
        page = context.new_page()
        page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
        page.goto(f"{base_url}/lab/index.html?path=lessons/play.ipynb")
        page.locator(".jp-Notebook").first.wait_for()
        _kernel_idle(page).wait_for()
        cell = _run_new_cell(page, "import os, sys, IPython, cardlab.engine\n"
                                   "print(IPython.__file__.endswith('.pyc'), os.path.exists(cardlab.engine.__spec__.cached),"
                                   " 'jedi' in sys.modules, 'prompt_toolkit' in sys.modules,"
                                   " any(m.endswith('engine') for m in get_ipython().complete('cardlab.eng')[1]))")
        sync_api.expect(cell.locator(".jp-OutputArea")).to_have_text("True True False False True")
    finally:
        context.close()


def _choose_language(page, settings_menu: str, language: str) -> None:
    """Settings → Language → the item naming ``language``, and "Change and reload"."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{settings_menu}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^(Language|語言|言語)$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=language).click()
    page.locator(".jp-Dialog .jp-mod-accept").click()


def test_jupyterlab_and_cardlab_speak_the_lessons_languages(browser, base_url):
    """cardlab's catalogs are in the site's kernel; Settings → Language lists English, 繁體中文 and
    日本語 (the language packs' messages, in api/translations/), and switching reloads the lab in
    that language: the zh_TW pack translates the File and Settings menus' items (not the menu bar's
    titles), the ja_JP pack the menu bar too; then back to English."""
    context = _context(browser)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/lab/index.html?path=lessons/play.ipynb")
        page.locator(".jp-Notebook").first.wait_for()
        _kernel_idle(page).wait_for()
        cell = _run_new_cell(page, 'import cardlab; cardlab.set_language("zh-TW"); print(cardlab.get_language(), '
                                   'cardlab.i18n.translations("zh-TW").__class__.__name__)')
        sync_api.expect(cell.locator(".jp-OutputArea")).to_have_text("zh-TW GNUTranslations")
        menu_bar = page.locator(".lm-MenuBar-itemLabel")

        _choose_language(page, "Settings", "中文 (繁體, 台灣)")
        sync_api.expect(page.locator(".jp-StatusBar-TextItem", has_text="模式")).to_be_visible()
        menu_bar.filter(has_text=re.compile("^File$")).click()
        sync_api.expect(page.locator(".lm-Menu-itemLabel", has_text=re.compile("^新增$"))).to_be_visible()
        page.keyboard.press("Escape")
        page.screenshot(path=str(OUT / "site_zh_TW.png"))

        _choose_language(page, "Settings", "日本語 (日本)")
        sync_api.expect(menu_bar.first).to_have_text("ファイル")
        page.screenshot(path=str(OUT / "site_ja_JP.png"))

        _choose_language(page, "設定", "English")
        sync_api.expect(menu_bar).to_have_text(
            ["File", "Edit", "View", "Run", "Kernel", "Tabs", "Settings", "Help"])
    finally:
        context.close()


ALL_DONE = """() => {
    const cells = [...document.querySelectorAll(".jp-Notebook .jp-CodeCell")];
    return cells.every(cell => {  // (a notebook of markdown cells alone is done at once)
        const source = cell.querySelector(".jp-InputArea-editor")?.textContent.trim();
        const prompt = cell.querySelector(".jp-InputPrompt")?.textContent ?? "";
        return !source || /\\[\\d+\\]/.test(prompt);
    });
}"""


ALL_LESSONS = os.environ.get("CARDLAB_SITE_ALL_LESSONS", "")
# Set to http or https: every notebook is run from the school server instead (no service worker).
ALL_LESSONS_SCHOOL = os.environ.get("CARDLAB_SITE_ALL_LESSONS_SCHOOL", "")


@pytest.mark.skipif(not ALL_LESSONS,
                    reason="every notebook in the site, one kernel each (slow): set CARDLAB_SITE_ALL_LESSONS=1,"
                           " or to a glob such as 'simulation*' for some of them")
def test_every_notebook_runs_in_the_site(request, browser, base_url):
    """Each notebook under site/files/lessons/ (or those whose name matches the glob given)
    opened on a first visit, its saved outputs cleared and all its cells run: no cell may end in
    an error. With CARDLAB_SITE_ALL_LESSONS_SCHOOL=http (or https), from the school server."""
    guards = []
    open_context = _context
    if ALL_LESSONS_SCHOOL:
        school_browser = request.getfixturevalue("school_browser")
        base_url = request.getfixturevalue("school_urls")[ALL_LESSONS_SCHOOL]

        def open_context(_browser):
            context, guard = _school_context(school_browser, base_url)
            guards.append(guard)
            return context
    failures, times = [], []
    pattern = "*.ipynb" if ALL_LESSONS == "1" else ALL_LESSONS
    notebooks = sorted(p for p in (SITE / "files").rglob("*.ipynb") if p.match(pattern))
    assert notebooks, f"no notebook in the site matches {pattern!r}"
    for path in notebooks:
        name = path.relative_to(SITE / "files").as_posix()
        context = open_context(browser)
        try:
            page = context.new_page()
            page.add_locator_handler(page.locator(".jp-Dialog"), _accept_dialog, no_wait_after=True)
            start = time.monotonic()
            page.goto(f"{base_url}/lab/index.html?path={name}")
            page.locator(".jp-Notebook").first.wait_for()
            page.wait_for_function(site_start.KERNEL_IDLE, polling=200)
            # The commands, not the menus: an edition's lessons open JupyterLab in its language.
            page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            try:
                page.wait_for_function(ALL_DONE, timeout=120_000)
            except sync_api.TimeoutError:
                failures.append(f"{name}: not every cell ran")
            times.append(f"{name} {time.monotonic() - start:.0f} s")
            errors = [t for t in page.locator(
                ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_text_contents()
                if "Traceback" in t or "Error" in t]
            if errors:
                failures.append(f"{name}: {errors[0][-600:]}")
            if failures and failures[-1].startswith(name + ":"):
                page.screenshot(path=str(OUT / f"site_failed_{path.stem}.png"))
        finally:
            context.close()
    _record("every notebook run" + (f" ({ALL_LESSONS_SCHOOL} school server)" if ALL_LESSONS_SCHOOL else ""),
            "; ".join(times))
    assert failures == []
    assert [url for guard in guards for url in guard.outside] == []


def test_no_request_left_the_host(browser):
    """Runs last. First proves the guard sees what the page, a worker and the service worker
    fetch (the page is under JupyterLite's service worker), then that nothing else was sent."""
    guard = browser.guard
    context = _context(browser)
    try:
        page = context.new_page()
        page.goto(guard.base + "lab/index.html")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.evaluate("""async () => {
            const tries = [fetch("https://guard-check.invalid/page").catch(() => null)];
            const worker = new Worker(URL.createObjectURL(new Blob(
                ["fetch('https://guard-check.invalid/worker').finally(() => postMessage(1))"])));
            tries.push(new Promise(done => { worker.onmessage = done; }));
            await Promise.all(tries);
        }""")
    finally:
        context.close()
    # The page's fetch shows twice: once from the page, once from the service worker passing it on.
    checks = {u for u in guard.outside if u.startswith("https://guard-check.invalid/")}
    assert checks == {"https://guard-check.invalid/page", "https://guard-check.invalid/worker"}
    left = sorted({u for u in guard.outside if u not in checks})
    _record("requests to other hosts", str(len(left)))
    assert left == [], f"the site asked for {len(left)} URLs elsewhere: {left[:20]}"
