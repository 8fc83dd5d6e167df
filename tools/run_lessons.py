"""Run lesson notebooks top to bottom and save them with their outputs, as they are committed.

    python tools/run_lessons.py                  # every notebook under lessons/
    python tools/run_lessons.py lessons/durak/02_defending_and_adding.ipynb

Each notebook runs in its own folder (its relative paths are the learner's). Widget views and the
saved widget state are dropped from the saved file: a notebook opened before its cells are run
then shows each widget's static picture and "Run all cells ..." line (the ``text/html`` every
cardlab widget carries), never "model not found". nbval checks the printed outputs.

The saved kernelspec is the one JupyterLab writes when it opens the notebook on this kernel (its
name, display name and language, such as "Python 3 (ipykernel)"), and the language_info is the
kernel's own: so opening a lesson leaves it unmodified, and a learner who only clicks (autosave is
off: lab/overrides.d/cardlab.json) leaves the file as it was.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNEL = "python3"


def kernelspec(name: str = KERNEL) -> dict:
    """The notebook metadata JupyterLab writes for kernel ``name`` as installed here."""
    spec = KernelSpecManager().get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def strip_widgets(notebook) -> None:
    """Drop widget views and state. A widget output with no picture of its own besides its
    text/plain (a tqdm progress bar: "0%| | 0/300", as it was when it was drawn) goes entirely,
    so a notebook opened before running never shows a bar stuck at 0%."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        kept = []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if data.pop(WIDGET_VIEW, None) is not None and set(data) <= {"text/plain"}:
                continue
            kept.append(output)
        if "outputs" in cell:
            cell["outputs"] = kept


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name=KERNEL,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    strip_widgets(notebook)
    notebook.metadata["kernelspec"] = kernelspec()
    nbformat.write(notebook, path)
    print(f"ran {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted(
        p for p in (ROOT / "lessons").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    for path in paths:
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
