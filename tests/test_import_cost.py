"""What importing cardlab costs: the simulation lab's first cell (which the offline site runs in
Pyodide, where every module and every read of a file is slow) loads no module that only some
callers need (issue 33)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAB_IMPORTS = """
import sys
from cardlab import daifugo, durak, gandengyan, simulate
from cardlab.bots import make_bot, play
from cardlab.registry import find_game
find_game("durak"), find_game("daifugo"), find_game("gandengyan")
print(" ".join(sorted({"importlib.metadata", "pkgutil", "csv"} & set(sys.modules))))
"""


def test_the_lab_s_imports_and_finding_the_games_load_no_entry_point_machinery_or_csv():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", LAB_IMPORTS], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == []  # importlib.metadata: reading the entry points; csv: writing a file
