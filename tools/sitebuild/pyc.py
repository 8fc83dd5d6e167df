"""The modules a lesson's kernel imports, compiled to bytecode at build time by the site's own
Pyodide run in Node (precompile.mjs): in the browser every start then loads bytecode instead of
compiling those modules again (about a second of a start on a two-core machine), and the modules
no lesson imports stay as source, so that the first visit grows little. Third-party modules keep
their bytecode alone, as Pyodide ships its own packages; cardlab and the site's own wheels keep
their sources too, for tracebacks that show their lines. The results are kept in
.site-cache/compiled/ by the digest of what they were made from, and each wheel is named after its
content (kernel.stamped_name), so a browser never mistakes it for another build's."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

from . import common
from .common import log, normalize, read_wheel, wheel_name_version, write_wheel
from .kernel import stamped_name

COMPILER = Path(__file__).with_name("precompile.mjs")
KEEP_SOURCE = {"cardlab", "cardlab-lessons", "cardlab-site"}
# What a lesson's kernel imports when it starts and runs a lesson: what these bring in is
# compiled, the rest of each package (most of pygments' lexers, IPython's terminal...) stays as
# source, compiled by Python if ever imported.
IMPORTS = ["micropip", "piplite.piplite", "IPython", "IPython.core.completer", "IPython.core.ultratb",
           "pyodide_kernel", "cardlab_site", "cardlab", "cardlab.widgets", "cardlab.durak", "cardlab.daifugo",
           "cardlab.gandengyan", "cardlab.charts", "ipywidgets", "anywidget", "ipyevents", "yaml", "stack_data"]


def precompile(wheels: list[Path], pyodide: Path, folder: Path) -> list[Path]:
    """``wheels`` with the modules a lesson imports compiled by the Pyodide runtime in ``pyodide``
    (its npm package), written to ``folder``; returns them in the same order."""
    keeps = [normalize(wheel_name_version(w)[0]) in KEEP_SOURCE for w in wheels]
    digest = hashlib.sha256(COMPILER.read_bytes() + json.dumps(IMPORTS).encode() + str(pyodide.resolve()).encode()
                            + (pyodide / "pyodide.asm.wasm").read_bytes()[:1 << 20])
    for wheel, keep in zip(wheels, keeps):
        digest.update(bytes([keep]) + hashlib.sha256(wheel.read_bytes()).digest())
    results = common.CACHE / "compiled" / digest.hexdigest()
    if not results.is_dir():
        node = shutil.which("node")
        if node is None:
            sys.exit("[site] the build needs node (Node.js, which comes with npm) to compile the kernel's wheels")
        log(f"compiling what a lesson imports from {len(wheels)} wheels (kept in .site-cache/compiled/)")
        shutil.rmtree(results.parent, ignore_errors=True)  # one build's results are enough
        partial = results.with_name(results.name + ".partial")
        partial.mkdir(parents=True)
        jobs = {"imports": IMPORTS, "wheels": [{"source": str(w), "target": str(partial / f"{i}.whl"), "keep_source": k}
                                               for i, (w, k) in enumerate(zip(wheels, keeps))]}
        with tempfile.TemporaryDirectory() as tmp:
            listing = Path(tmp) / "jobs.json"
            listing.write_text(json.dumps(jobs), encoding="utf-8")
            common.run([node, str(COMPILER), str(pyodide.resolve()), str(listing)])
        partial.rename(results)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i, wheel in enumerate(wheels):
        files = read_wheel(results / f"{i}.whl")
        name, version = wheel_name_version(wheel)
        out.append(write_wheel(folder / stamped_name(name.replace("-", "_"), version, files), files))
    return out
