"""The committed lesson notebooks as files: what JupyterLab finds when it opens one. Their kernelspec
is the one JupyterLab writes for the kernel installed here (tools/run_lessons.py saves it so), so
opening a lesson leaves it unmodified (tests/test_browser.py opens one and checks the file)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "lessons").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.fixture(scope="module")
def written_by_jupyterlab() -> dict:
    """What JupyterLab's notebook panel stores on opening a notebook on the python3 kernel: the
    kernel's name, and its spec's display name and language."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"name": "python3", "display_name": spec.display_name, "language": spec.language}


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "lessons")))
def test_every_lesson_carries_that_kernelspec_and_no_widget_state(notebook, written_by_jupyterlab):
    metadata = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"] == written_by_jupyterlab
    assert "widgets" not in metadata
