"""cardlab's Jupyter server extension (cardlab/labserver.py) and the JupyterLab settings installed
with cardlab (lab/, pyproject.toml's data-files): a notebook saved in JupyterLab keeps no widget it
could not draw again. tests/test_browser.py saves and reopens a lesson in a real JupyterLab."""

from __future__ import annotations

import copy
import json
import runpy
from pathlib import Path

import nbformat
import pytest

from cardlab.labserver import STILL_PICTURE, WIDGET_STATE, WIDGET_VIEW, keep_drawable_widgets, pre_save_hook

ROOT = Path(__file__).resolve().parent.parent
STILL = '<div class="cardlab-static"><b>Durak</b><p><i>Run all cells ...</i></p></div>'


def _view(model: str, **more) -> dict:
    data = {WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": model}, "text/plain": "x"}
    return {"output_type": "display_data", "metadata": {}, "data": {**data, **more}}


def _model(name: str, **state) -> dict:
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
            "state": state}


def _notebook(outputs: list[dict], models: dict | None = None) -> dict:
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("show()")
    cell.outputs = [nbformat.from_dict(output) for output in outputs]
    notebook.cells = [nbformat.v4.new_markdown_cell("# A lesson"), cell]
    if models is not None:
        notebook.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": models}}
    return nbformat.from_dict(json.loads(json.dumps(notebook)))


def _outputs(notebook: dict) -> list[dict]:
    return notebook["cells"][1]["outputs"]


def test_a_cardlab_widget_saved_without_its_state_keeps_only_its_still_picture():
    """JupyterLab with saveState off: the views, and no widget state. A tqdm bar (a view and its
    text/plain) goes; printed output stays as it was."""
    printed = {"output_type": "stream", "name": "stdout", "text": "dealt\n"}
    notebook = _notebook([printed, _view("a1", **{"text/html": STILL}), _view("b2")])
    keep_drawable_widgets(notebook)
    assert _outputs(notebook) == [printed, {"output_type": "display_data", "metadata": {},
                                            "data": {"text/html": STILL, "text/plain": "x"}}]
    assert "widgets" not in notebook["metadata"]
    nbformat.validate(notebook)


def test_saved_state_nothing_shows_goes_and_a_cardlab_widget_is_never_drawn_from_saved_state():
    """A browser reloaded while the kernel runs: the lesson reopened from the file, and JupyterLab
    (saveState on) writes every model of the kernel. Only the state a kept view draws stays: an
    ipywidgets slider's with its layout; a cardlab widget's view goes (drawn from saved state its
    buttons do nothing), and with it its state."""
    models = {"s": _model("IntSliderModel", layout="IPY_MODEL_l", value=3), "l": _model("LayoutModel"),
              "c": _model("VBoxModel", children=["IPY_MODEL_c1"]), "c1": _model("ButtonModel"),
              "old": _model("ButtonModel", layout="IPY_MODEL_l")}
    notebook = _notebook([_view("c", **{"text/html": [STILL[:20], STILL[20:]]}), _view("s")], models)
    keep_drawable_widgets(notebook)
    assert [output["data"].get(WIDGET_VIEW, {}).get("model_id") for output in _outputs(notebook)] == [None, "s"]
    assert set(notebook["metadata"]["widgets"][WIDGET_STATE]["state"]) == {"s", "l"}
    nbformat.validate(notebook)


def test_the_hook_knows_a_cardlab_widgets_still_picture():
    from cardlab.widgets import still_html

    assert STILL_PICTURE in still_html("Durak", "<p>the position</p>")


def test_a_notebook_with_nothing_to_drop_is_saved_as_it_came():
    notebook = _notebook([_view("s")], {"s": _model("IntSliderModel", value=3)})
    before = copy.deepcopy(notebook)
    keep_drawable_widgets(notebook)
    assert notebook == before


@pytest.mark.parametrize("model", [
    {"type": "file", "content": "not a notebook"},
    {"type": "notebook", "content": None},
    {"type": "notebook", "content": {"cells": [{"outputs": "junk"}, 3], "metadata": {"widgets": []}}},
    {"type": "notebook", "content": {"cells": [{"outputs": [{"data": {WIDGET_VIEW: "junk"}}]}],
                                     "metadata": {"widgets": {WIDGET_STATE: {"state": []}}}}},
])
def test_the_hook_leaves_what_is_not_a_notebook_it_understands_and_never_raises(model):
    pre_save_hook(model=model, path="x.ipynb", contents_manager=None)


def test_a_jupyter_server_with_cardlab_installed_saves_the_still_picture(tmp_path):
    """The extension as jupyter_server loads it: registered on the contents manager, it runs before
    the file is written and signed (so the saved lesson is trusted, and its pictures are shown)."""
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from nbformat.sign import NotebookNotary

    from cardlab import labserver

    class Server:
        contents_manager = FileContentsManager(root_dir=str(tmp_path))

    (tmp_path / "notary").mkdir()
    Server.contents_manager.notary = NotebookNotary(data_dir=str(tmp_path / "notary"))
    assert labserver._jupyter_server_extension_points() == [{"module": "cardlab.labserver"}]
    labserver._load_jupyter_server_extension(Server)
    notebook = _notebook([_view("a1", **{"text/html": STILL})])
    notebook["cells"][1]["metadata"]["trusted"] = True  # as JupyterLab sends a lesson it shows whole
    Server.contents_manager.save({"type": "notebook", "content": notebook}, "lesson.ipynb")
    saved = nbformat.read(tmp_path / "lesson.ipynb", as_version=4)
    assert [list(output["data"]) for output in _outputs(saved)] == [["text/html", "text/plain"]]
    assert Server.contents_manager.notary.check_signature(saved)


# cardlab's data files laid out in a prefix as installing cardlab's wheel lays them out (the
# tool `make lab` runs after its editable install).
install_data_files = runpy.run_path(str(ROOT / "tools" / "install_lab_files.py"))["install"]


def test_installing_cardlab_enables_its_extension_and_the_lessons_settings(tmp_path, monkeypatch):
    """What Binder and a JupyterHub have with cardlab installed and no copy of this repository's
    files: the server extension is enabled, and JupyterLab's defaults are the lessons' (no news, no
    autosave, no widget state saved with a notebook)."""
    from jupyter_server.extension.manager import ExtensionPackage
    from jupyter_server.serverapp import ServerApp
    from jupyterlab_server.settings_utils import _get_overrides

    prefix = tmp_path / "prefix"
    install_data_files(prefix)
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(prefix / "etc" / "jupyter"))
    server = ServerApp()
    server.find_server_extensions()  # as the server does when it starts
    assert server.jpserver_extensions.get("cardlab.labserver") is True
    assert ExtensionPackage(name="cardlab.labserver", enabled=True).validate()
    overrides, error = _get_overrides(str(prefix / "share" / "jupyter" / "lab" / "settings"))
    assert not error
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is False
    assert overrides["@jupyterlab/docmanager-extension:plugin"]["autosave"] is False
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"checkForUpdates": False,
                                                                         "fetchNews": "false"}
