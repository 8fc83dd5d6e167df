"""Shared test set-up. Under CI (CI=true) hypothesis runs derandomized, so a red run is
reproducible from the log; locally it explores new examples on every run."""

import os
import time
from pathlib import Path

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
