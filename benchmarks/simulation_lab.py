"""The simulation lab's time: every code cell of lessons/simulation_lab.ipynb, in order, as Run All
runs them, under CPython and (with ``--pyodide``) under the site's Pyodide in Node, alternately, and
the ratio of the two. Printed, never asserted.

    python benchmarks/simulation_lab.py [--runs 3] [--pyodide [DIR]] [--cells]

Both run the same code the same way: charts drawn as the SVG the offline site draws (matplotlib and
tqdm hidden, as the site has neither), and the drawn charts handed to a ``display`` that keeps them
(there is no page to show them on). ``DIR`` is a Pyodide distribution (the folder holding
``pyodide.mjs``); left out, the one the site build downloaded (``.site-cache/npm/pyodide-*``). The
times are the median of ``--runs``, in CPU seconds of the process (CPython's, or Node's around the
Pyodide run), steadier than wall-clock time on a loaded machine, in all and per cell (``--cells``:
every cell; else the three slowest), beside the wall-clock time of the whole. Under Node, Pyodide
runs as it does in a browser's WebAssembly engine, without the page, the kernel and the notebook
front end around it, so the site's Run All takes at least this long (``benchmarks/site_start.py
--lab`` times the site's own, in Chromium).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# This checkout's cardlab, as the Pyodide run has it (not an installed one: the ratio compares the same code).
sys.path.insert(0, str(ROOT))
LAB = ROOT / "lessons" / "simulation_lab.ipynb"
RUNNER = Path(__file__).resolve().parent / "pyodide_lab.mjs"


def lab_cells(path: Path = LAB) -> list[str]:
    """The code cells of the notebook at ``path``, as text."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def as_the_site_has_it() -> list:
    """Hide matplotlib and tqdm (the site has neither: charts are SVG, no progress bars) and give
    IPython.display a ``display`` that keeps what it is shown. Returns the list it keeps them in."""
    shown: list = []
    sys.modules["matplotlib"] = None  # import matplotlib now raises ImportError
    sys.modules["tqdm"] = None
    ipython = types.ModuleType("IPython")
    ipython.display = types.ModuleType("IPython.display")
    ipython.display.display = lambda *objects, **options: shown.extend(objects)
    sys.modules["IPython"], sys.modules["IPython.display"] = ipython, ipython.display
    return shown


def cpu_clock():
    """The process's CPU seconds: CPython's, or under Pyodide in Node, Node's (WebAssembly has no
    clock of its own for it)."""
    if sys.platform != "emscripten":
        return time.process_time
    import js  # Pyodide's bridge to JavaScript

    def node_cpu() -> float:
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
    return node_cpu


def run_lab(cells: list[str]) -> list[float]:
    """Run ``cells`` in one namespace, as a kernel does; the CPU seconds each took."""
    namespace: dict = {"__name__": "__main__"}
    clock = cpu_clock()
    times = []
    for cell in cells:
        start = clock()
        exec(compile(cell, "<simulation_lab>", "exec"), namespace)
        times.append(clock() - start)
    return times


def once(cells: list[str]) -> dict:
    """One Run All, its printed output kept out of the way: ``cells``, the CPU seconds each took,
    ``cpu``, the CPU seconds of the whole, and ``wall``, its wall-clock seconds."""
    import contextlib
    import io

    start, wall = time.process_time(), time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        times = run_lab(cells)
    return {"cells": times, "cpu": time.process_time() - start, "wall": time.perf_counter() - wall}


def pyodide_dir(given: str | None) -> Path:
    if given:
        return Path(given)
    found = sorted((ROOT / ".site-cache" / "npm").glob("pyodide-*/pyodide.mjs"))
    if not found:
        found = sorted(Path("/work/main/.site-cache/npm").glob("pyodide-*/pyodide.mjs"))
    if not found:
        sys.exit("no Pyodide distribution: build the site once (make site) or give --pyodide DIR")
    return found[-1].parent


def in_pyodide(directory: Path) -> dict:
    """One Run All under Pyodide in Node, as :func:`once` gives it (``cpu``: Node's)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("node is not installed: it runs Pyodide outside a browser")
    out = subprocess.run([node, str(RUNNER), str(directory), str(ROOT)], capture_output=True, text=True,
                         check=False)
    if out.returncode != 0:
        sys.exit(f"Pyodide run failed: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pyodide", nargs="?", const="", default=None, metavar="DIR",
                        help="also run under Pyodide in Node (DIR: its distribution)")
    parser.add_argument("--cells", action="store_true", help="print every cell's CPU seconds, not only the slowest")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # one run, times as JSON
    args = parser.parse_args()
    as_the_site_has_it()
    cells = lab_cells()
    if args.inner:
        print(json.dumps(once(cells)))
        return
    directory = pyodide_dir(args.pyodide) if args.pyodide is not None else None
    cpython, pyodide = [], []
    for _ in range(args.runs):
        cpython.append(once(cells))
        if directory is not None:
            pyodide.append(in_pyodide(directory))
    def report(name, runs):
        cpu = statistics.median(r["cpu"] for r in runs)
        wall = statistics.median(r["wall"] for r in runs)
        print(f"  {name}: {cpu:.2f} s CPU, {wall:.2f} s wall-clock")

    print(f"simulation lab, {len(cells)} code cells, median of {args.runs} runs")
    report(f"CPython {sys.version.split()[0]}", cpython)
    if directory is None and args.cells:
        for i in range(len(cells)):
            print(f"    cell {i + 1}: CPython {statistics.median(c['cells'][i] for c in cpython):.2f} s (CPU)")
    if directory is not None:
        report(f"Pyodide ({directory.name}, Node)", pyodide)
        ratios = [c["cpu"] / p["cpu"] for c, p in zip(cpython, pyodide)]
        print(f"  Pyodide speed / CPython speed (CPU): {statistics.median(ratios):.2f} "
              f"(runs: {' '.join(f'{r:.2f}' for r in ratios)})")
        slowest = sorted(range(len(cells)), key=lambda i: -statistics.median(p["cells"][i] for p in pyodide))
        for i in range(len(cells)) if args.cells else slowest[:3]:
            print(f"    cell {i + 1}: CPython {statistics.median(c['cells'][i] for c in cpython):.2f} s, "
                  f"Pyodide {statistics.median(p['cells'][i] for p in pyodide):.2f} s (CPU)")


if __name__ == "__main__":
    main()
