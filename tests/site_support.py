"""What the offline-site tests share (tests/test_site.py, tests/test_site_room.py): where the site
and its figures are, Chromium's arguments, and, from benchmarks/site_start.py, the counting relay
and a lesson's timed visit. The site itself is built and served once per run by the fixture
``site_served`` (tests/conftest.py), with ``make site`` and ``make serve-site``."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
OUT = Path(os.environ.get("CARDLAB_TEST_OUTPUT", ROOT / "test-output"))
TIMINGS = OUT / "site_timings.txt"
TIMEOUT_MS = int(os.environ.get("CARDLAB_BROWSER_TIMEOUT_MS", 180_000))  # two slow cores
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

_spec = importlib.util.spec_from_file_location("site_start", ROOT / "benchmarks" / "site_start.py")
site_start = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_start)

_measured: dict[str, str] = {}


def record(key: str, value: str) -> None:
    """Keep one measurement and rewrite test-output/site_timings.txt with all of them so far
    (tests/conftest.py prints it at the end of the run)."""
    _measured[key] = value
    OUT.mkdir(parents=True, exist_ok=True)
    TIMINGS.write_text("".join(f"{k}: {v}\n" for k, v in _measured.items()), encoding="utf-8")
