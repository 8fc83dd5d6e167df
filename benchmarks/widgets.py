"""Widget benchmark: the server-side time of one Stepper step (what a click on Step costs the
kernel, view update included, no browser), and the import time of ``cardlab`` and
``cardlab.widgets``, each measured in a fresh interpreter.

The stepper walks route A from start to end and back to the start, over and over; the first walk
draws each step's picture, later walks reuse it. Medians are printed; nothing is asserted.

    python benchmarks/widgets.py [--walks 50] [--imports 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab.widgets import Stepper  # noqa: E402

ROUTE_A = ROOT / "lessons" / "scenarios" / "durak" / "route_a.yaml"


def step_times(walks: int) -> tuple[list[float], list[float]]:
    """Milliseconds per ``step()``: on the first walk (pictures drawn) and on later walks."""
    stepper = Stepper(ROUTE_A)
    stepper.widget  # build the ipywidgets view, so each step updates it as a click would
    first, later = [], []
    for walk in range(walks):
        stepper.reset()
        for _ in range(stepper.total):
            start = time.perf_counter()
            stepper.step()
            (first if walk == 0 else later).append((time.perf_counter() - start) * 1000)
    return first, later


def import_time(module: str, runs: int) -> float:
    """Median milliseconds to import ``module`` in a fresh interpreter (interpreter start-up
    excluded: the clock runs inside the child around the import alone)."""
    code = ("import time; t = time.perf_counter(); import " + module
            + "; print((time.perf_counter() - t) * 1000)")
    times = [float(subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True,
                                  text=True).stdout) for _ in range(runs)]
    return statistics.median(times)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walks", type=int, default=50, help="walks through route A (default 50)")
    parser.add_argument("--imports", type=int, default=7, help="fresh interpreters per import (default 7)")
    args = parser.parse_args(argv)
    first, later = step_times(max(args.walks, 2))
    print(f"Stepper.step() on route A, first walk (draws the picture): median {statistics.median(first):.2f} ms "
          f"over {len(first)} steps")
    print(f"Stepper.step() on route A, later walks (picture reused):   median {statistics.median(later):.3f} ms "
          f"over {len(later)} steps")
    for module in ("cardlab", "cardlab.widgets"):
        print(f"import {module}: median {import_time(module, args.imports):.1f} ms in a fresh interpreter")


if __name__ == "__main__":
    main()
