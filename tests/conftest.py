"""Shared test set-up. Under CI (CI=true) hypothesis runs derandomized, so a red run is
reproducible from the log; locally it explores new examples on every run. The offline site is
built and served once for every test that needs it (``site_served``)."""

import os
import time
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# The offline-site test (tests/test_site.py) measures how long the kernel takes to be ready in the
# browser, and the engine's speed there; it writes them to test-output/site_timings.txt, and they
# are printed here at the end of the run, so that they appear in CI's log without `-s`.
_STARTED = time.time()


# The browser tests (tests/test_browser.py) do the same with the latencies they measure.
TIMINGS = {"site_timings.txt": "offline site: timings and speed", "browser_timings.txt": "browser: latencies"}


def pytest_terminal_summary(terminalreporter):
    out = Path(os.environ.get("CARDLAB_TEST_OUTPUT", Path(__file__).resolve().parent.parent / "test-output"))
    for name, title in TIMINGS.items():
        timings = out / name
        if timings.is_file() and timings.stat().st_mtime >= _STARTED:
            terminalreporter.section(f"{title} (test-output/{name})")
            terminalreporter.write(timings.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def site_served():
    """site/, built with `make site` when missing or out of date, and served with `make serve-site`
    (the room's server, site/serve.pyz) on a free loopback port: its base URL. Shared by every
    offline-site test of the run; skipped where the site cannot be built (no npm)."""
    import shutil
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    from site_support import ROOT, record

    check = subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--check"], capture_output=True)
    if check.returncode and shutil.which("npm") is None:
        pytest.skip("building site/ needs npm (Node.js), to fetch Pyodide: `apt-get install npm`")
    started = time.monotonic()
    built = subprocess.run(["make", "-C", str(ROOT), "site"], capture_output=True, text=True)
    if built.returncode != 0:
        pytest.fail("make site failed:\n" + (built.stdout + built.stderr)[-4000:])
    last = [line for line in built.stdout.splitlines() if line.startswith("[site")][-1:]
    record("site build", f"{time.monotonic() - started:.0f} s ({last[0] if last else 'no build output'})")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(["make", "-s", "-C", str(ROOT), "serve-site", f"SITE_PORT={port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{base}/lessons.html", timeout=2)
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                os.killpg(server.pid, signal.SIGTERM)
                pytest.fail("make serve-site did not start")
            time.sleep(0.2)
    try:
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # make and the server it started: their own group
        server.wait(timeout=30)
