"""What Binder does: a fresh environment from binder/requirements.txt alone, then the Durak lessons
run there with nbval. Slow (it installs JupyterLab into a new venv from the package index).

Set CARDLAB_SKIP_BINDER=1 to skip it in a quick local run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.binder

INSTALLED_FOR_LAB = """
import json
from jupyter_server.serverapp import ServerApp
from jupyterlab.commands import get_app_dir
from jupyterlab_server.settings_utils import _get_overrides
server = ServerApp()
server.find_server_extensions()
overrides, _error = _get_overrides(get_app_dir() + "/settings")
print(json.dumps([server.jpserver_extensions.get("cardlab.labserver"),
                  overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"],
                  overrides["@jupyterlab/docmanager-extension:plugin"]["autosave"]]))
"""


@pytest.mark.skipif(os.environ.get("CARDLAB_SKIP_BINDER") == "1", reason="CARDLAB_SKIP_BINDER=1")
def test_durak_lessons_run_in_a_binder_environment(tmp_path):
    # A copy of the repository, as repo2docker sees it: the requirements' "." is relative to it.
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(
        ".venv", ".git", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "test-output",
        ".ipynb_checkpoints"))
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = str(env_dir / "bin" / "python")

    def run(*args):
        done = subprocess.run([python, "-m", *args], cwd=repo, capture_output=True, text=True)
        assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    run("pip", "install", "--quiet", "-r", "binder/requirements.txt")
    # JupyterLab on Binder has no copy of this repository's lab/ settings: installing cardlab put
    # them, and its server extension, into the environment (tests/test_labserver.py says why).
    found = subprocess.run([python, "-c", INSTALLED_FOR_LAB], cwd=tmp_path, capture_output=True, text=True)
    assert found.returncode == 0, found.stderr[-3000:]
    assert json.loads(found.stdout) == [True, False, False]
    # Binder itself needs nothing more; the test runner is the only addition.
    run("pip", "install", "--quiet", "pytest", "nbval")
    done = run("pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env",
               "--nbval-sanitize-with", "lessons/sanitize.cfg", "lessons/durak")
    assert " passed" in done.stdout
