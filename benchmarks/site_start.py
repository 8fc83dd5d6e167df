"""Offline-site benchmark: how long a lesson takes to start in Chromium, and what it moves over the
network, on a first visit (empty browser cache) and a second one (the same browser, the lesson
opened again), for one lesson of each game.

The site (``make site``) is served by its own server (``site/serve.pyz``) through a counting
relay, and opened under a host name that is not this computer's (``classroom.test``, which
Chromium resolves to 127.0.0.1), as a school's computers open a teacher's server: plain http,
gzip, no service worker. For each visit it prints the bytes that crossed the network (the
responses' bodies as they were sent, and everything the relay counted, headers included), the
seconds until Python is ready (the kernel idle) and until the widgets work (Run All, then the first
stepper's Step answered), and the texts the page showed while loading. Then,
stage by stage, where a start goes: Pyodide itself, the packages, the imports. With ``--lab``, the
simulation lab (lessons/simulation_lab.ipynb) instead: on a first and a second visit, the seconds
until Python is ready and from Run All until every code cell has run and the kernel is idle again
(benchmarks/simulation_lab.py times the same cells under Pyodide in Node, without the page).
Nothing is asserted.

    python benchmarks/site_start.py [--lessons durak daifugo ...] [--no-stages] [--lab] [--site site/]

Needs Debian's Chromium at /usr/bin/chromium and Playwright (the project's .venv).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
HOST = "classroom.test"  # a name reserved for tests (RFC 2606): never anyone's real server
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
LESSONS = {  # one lesson of each game, each with a stepper
    "durak": "lessons/durak/02_defending_and_adding.ipynb",
    "daifugo": "lessons/daifugo/02_following.ipynb",
    "daifugo-web": "lessons/daifugo-web/02_leading_and_passing.ipynb",
    "gandengyan": "lessons/gandengyan/02_only_one_higher.ipynb",
}
LAB = "lessons/simulation_lab.ipynb"
KERNEL_IDLE = """() => {
    const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const kernel = widget && widget.sessionContext && widget.sessionContext.session
        && widget.sessionContext.session.kernel;
    return !!kernel && kernel.status === "idle";
}"""
# Every code cell of the open notebook has run (outputs were cleared before Run All, so a count is
# this run's), or one failed (Run All stops there), and the kernel is idle again: then how many failed.
CELLS_RUN = """() => {
    const widget = window.jupyterapp.shell.currentWidget;
    const cells = widget.content.widgets.filter((cell) => cell.model.type === "code");
    const failed = cells.filter((cell) => cell.model.outputs.toJSON().some((o) => o.output_type === "error"));
    const done = widget.sessionContext.session.kernel.status === "idle"
        && (failed.length > 0 || cells.every((cell) => cell.model.executionCount !== null));
    return done && { failed: failed.length };
}"""
# Every text the loading box shows, in order (added to each page of a context before it loads).
WATCH_LOADING = """(() => {
    window.cardlabSeen = [];
    new MutationObserver(() => {
        const line = document.querySelector(".cardlab-loading .cardlab-loading-text");
        const text = line && line.textContent;
        if (text && window.cardlabSeen[window.cardlabSeen.length - 1] !== text) window.cardlabSeen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
})();"""


def watch_loading(context) -> None:
    context.add_init_script(WATCH_LOADING)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(site: Path = SITE, port: int | None = None) -> tuple[subprocess.Popen, int]:
    """``python3 serve.pyz`` on this computer only; returns once it answers."""
    import urllib.request

    port = port or free_port()
    server = subprocess.Popen([sys.executable, str(site / "serve.pyz"), "--bind", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/lessons.html", timeout=2)
            return server, port
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError("site/serve.pyz did not start")
            time.sleep(0.2)


class Relay:
    """A TCP relay to ``target`` (a port of 127.0.0.1) that counts the bytes either way."""

    def __init__(self, target: int):
        self.target, self.port = target, free_port()
        self.down = self.up = 0
        self._ready = threading.Event()
        threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True).start()
        self._ready.wait(10)

    async def _serve(self) -> None:
        server = await asyncio.start_server(self._client, "127.0.0.1", self.port)
        self._ready.set()
        async with server:
            await server.serve_forever()

    async def _client(self, reader, writer) -> None:
        try:
            target_reader, target_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return

        async def pipe(source, sink, downward: bool) -> None:
            try:
                while data := await source.read(65536):
                    if downward:
                        self.down += len(data)
                    else:
                        self.up += len(data)
                    sink.write(data)
                    await sink.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe(reader, target_writer, False), pipe(target_reader, writer, True))


def visit(context, base: str, lesson: str, relay: Relay, timeout_ms: int = 240_000) -> dict:
    """Open ``lesson`` in a new page of ``context``: bytes moved (``bodies``: the responses' bodies
    as sent, compressed or not; ``bytes``: all the relay carried, headers included), seconds to
    Python ready and to working widgets, and the loading texts shown (when the context watches
    them: watch_loading)."""
    from playwright.sync_api import expect

    finished = []

    def listen(request) -> None:
        finished.append(request)

    context.on("requestfinished", listen)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    down = relay.down
    start = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={lesson}")
    page.wait_for_function(KERNEL_IDLE, timeout=timeout_ms, polling=100)
    python = time.monotonic() - start
    seen = page.evaluate("window.cardlabSeen || []")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    stepper = page.locator(".cardlab-stepper").first
    stepper.wait_for(timeout=timeout_ms)
    stepper.get_by_role("button", name="Step", exact=True).click(timeout=timeout_ms)
    expect(stepper.locator(".cardlab-counter")).to_contain_text("step 1 of", timeout=timeout_ms)
    widgets = time.monotonic() - start
    page.wait_for_timeout(1000)  # what is still arriving for this visit
    context.remove_listener("requestfinished", listen)
    # Asked while the page is open; -1 for a response the browser took from its cache.
    bodies = sum(max(request.sizes()["responseBodySize"], 0) for request in finished)
    page.close()
    return {"bytes": relay.down - down, "bodies": bodies, "requests": len(finished), "python_s": python,
            "widgets_s": widgets, "loading_texts": seen}


def lab_visit(context, base: str, timeout_ms: int = 900_000) -> dict:
    """Open the simulation lab in a new page of ``context``: seconds to Python ready, and from Run
    All until every code cell has run; ``failed``: how many cells ended in an error."""
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    start = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={LAB}")
    page.wait_for_function(KERNEL_IDLE, timeout=timeout_ms, polling=100)
    python = time.monotonic() - start
    page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    start = time.monotonic()
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    failed = page.wait_for_function(CELLS_RUN, timeout=timeout_ms, polling=100).json_value()["failed"]
    run_all = time.monotonic() - start
    page.close()
    return {"python_s": python, "run_all_s": run_all, "failed": failed}


# Stage by stage, in a plain page of the site (its runtime, lockfile and packages, no JupyterLab):
# where a kernel's start goes.
STAGES_PAGE = """<!DOCTYPE html><html><body><script type="module">
const t0 = performance.now(), marks = [];
const mark = (name) => marks.push([name, performance.now() - t0]);
const config = await (await fetch("../jupyter-lite.json")).json();
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const { loadPyodide } = await import(new URL(kernel.pyodideUrl, new URL("../", location.href)));
mark("pyodide.mjs");
const options = { ...kernel.loadPyodideOptions, lockFileURL: new URL(kernel.loadPyodideOptions.lockFileURL, new URL("../", location.href)).href };
const packages = options.packages; delete options.packages;
const pyodide = await loadPyodide(options); mark("Pyodide (runtime and standard library)");
await pyodide.loadPackage(packages); mark("packages (download and install)");
const step = async (name, code) => { await pyodide.runPythonAsync(code); mark(name); };
await step("import micropip, piplite", "import micropip, piplite.piplite");
await step("import IPython", "import IPython");
await step("import pyodide_kernel (the kernel)", "import pyodide_kernel");
await step("import cardlab.widgets", "from cardlab.widgets import Stepper, TryIt, Quiz");
window.marks = marks;
</script></body></html>"""


def stages(browser, base: str) -> list[tuple[str, list[float]]]:
    context = browser.new_context()
    url = f"{base}/static/stages.html"
    context.route(url, lambda route: route.fulfill(body=STAGES_PAGE, content_type="text/html"))
    runs = []
    for _ in range(2):  # the second from the browser's cache
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.marks !== undefined", timeout=240_000)
        runs.append(page.evaluate("window.marks"))
        page.close()
    context.close()
    names = [name for name, _ in runs[0]]
    out = []
    for i, name in enumerate(names):
        out.append((name, [run[i][1] - (run[i - 1][1] if i else 0) for run in runs]))
    return out


def print_lab(browser, base: str) -> None:
    print(f"{'simulation lab':<14} {'visit':<7} {'Python ready':>13} {'Run All':>10}")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    for name in ("first", "second"):
        result = lab_visit(context, base)
        print(f"{'':<14} {name:<7} {result['python_s']:>11.1f} s {result['run_all_s']:>8.1f} s"
              + (f"   {result['failed']} cells failed" if result["failed"] else ""), flush=True)
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", nargs="*", default=list(LESSONS), choices=list(LESSONS))
    parser.add_argument("--no-stages", action="store_true", help="skip the stage-by-stage timing")
    parser.add_argument("--lab", action="store_true",
                        help="time the simulation lab's Run All instead of the lessons' starts")
    parser.add_argument("--site", type=Path, default=SITE, help="the site's folder (default: site/)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, port = start_server(args.site)
    relay = Relay(port)
    base = f"http://{HOST}:{relay.port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if args.lab:
                print_lab(browser, base)
            else:
                print(f"{'lesson':<12} {'visit':<7} {'bodies':>9} {'on the wire':>12} {'Python ready':>13} "
                      f"{'widgets work':>13}")
                for game in args.lessons:
                    context = browser.new_context(viewport={"width": 1280, "height": 720})
                    watch_loading(context)
                    for name in ("first", "second"):
                        result = visit(context, base, LESSONS[game], relay)
                        print(f"{game:<12} {name:<7} {result['bodies'] / 1e6:>6.2f} MB "
                              f"{result['bytes'] / 1e6:>9.2f} MB {result['python_s']:>11.1f} s "
                              f"{result['widgets_s']:>11.1f} s   "
                              f"{json.dumps(result['loading_texts'], ensure_ascii=False)}", flush=True)
                    context.close()
                if not args.no_stages:
                    print("\nWhere a start goes (first run, then from the browser's cache), seconds:")
                    for name, times in stages(browser, f"http://127.0.0.1:{port}"):
                        print(f"  {name:<42} " + "  ".join(f"{t / 1000:5.2f}" for t in times))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
