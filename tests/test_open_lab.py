"""`make lab` (tools/open_lab.py): JupyterLab serves the whole lessons folder and lands on the
chosen edition's index; PORT and BROWSER choose the port and whether a browser opens.
tests/test_browser.py starts `make lab` itself and opens the URL it prints."""

from __future__ import annotations

import json
import re
import runpy
import tempfile
from pathlib import Path

import pytest

from cardlab.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
OPEN_LAB = runpy.run_path(str(ROOT / "tools" / "open_lab.py"))
LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")


@pytest.fixture
def plan(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # plan's settings folder, here
    return OPEN_LAB["plan"]


def _option(arguments: list[str], name: str) -> str:
    values = [a.split("=", 1)[1] for a in arguments if a.startswith(f"--{name}=")]
    assert len(values) == 1, arguments
    return values[0]


@pytest.mark.parametrize("tag", [language.tag for language in LANGUAGES])
def test_make_lab_serves_the_lessons_folder_and_lands_on_the_editions_index(plan, tag):
    _lang, index, env = plan(tag, {})
    arguments = OPEN_LAB["lab_arguments"](index, env)
    assert Path(_option(arguments, "ServerApp.root_dir")) == LESSONS
    landing = _option(arguments, "LabApp.default_url")
    assert landing.startswith("/lab/tree/") and (LESSONS / landing.removeprefix("/lab/tree/")) == index
    edition = next(language.edition for language in LANGUAGES if language.tag == tag)
    assert index == ROOT / edition / "index.ipynb"
    assert "--no-browser" not in arguments and not any(a.startswith("--ServerApp.port=") for a in arguments)


def test_port_and_browser_are_chosen_with_make_variables(plan):
    _lang, index, env = plan("ja", {})
    arguments = OPEN_LAB["lab_arguments"](index, {**env, "PORT": "8890", "BROWSER": "no"})
    assert _option(arguments, "ServerApp.port") == "8890" and "--no-browser" in arguments
    # Any other BROWSER is a browser to open (Python's webbrowser module reads it), not a "no".
    assert "--no-browser" not in OPEN_LAB["lab_arguments"](index, {**env, "BROWSER": "firefox"})
    for port in ("88x0", "0", "70000", "-1", "8890; rm -rf /" * 5):
        with pytest.raises(ValueError, match=r"^PORT=.{1,20}: a port is a whole number from 1 to 65535$"):
            OPEN_LAB["lab_arguments"](index, {**env, "PORT": port})


def _links(notebook: Path):
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        texts = ["".join(cell["source"])] if cell["cell_type"] == "markdown" else []
        for output in cell.get("outputs", []):
            texts += ["".join(value) for key, value in output.get("data", {}).items()
                      if key in ("text/html", "text/markdown")]
        for text in texts:
            for match in LINK.finditer(text):
                link = (match.group(1) or match.group(2)).split("#")[0]
                if link and not re.match(r"^[a-z]+:", link):
                    yield link


NOTEBOOKS = sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_every_link_of_a_lesson_leads_to_a_file_inside_the_served_folder(notebook):
    """Between editions too (「English:」, the language links, each translated lesson's original):
    JupyterLab opens a link only inside the folder it serves, the lessons folder in `make lab`
    (the repository, which holds it, on Binder)."""
    for link in _links(notebook):
        target = (notebook.parent / link).resolve()
        assert target.is_relative_to(LESSONS) and target.is_file(), f"{notebook.relative_to(ROOT)}: {link}"
