"""cardlab's Jupyter server extension: a notebook saved in JupyterLab never keeps a widget that
cannot be drawn again.

A widget's output in a notebook is a view (its model's id) and, from cardlab, a still picture
(``text/html``: the widget as it stood, and a line asking to run all cells). The view draws only
while the widget's model exists: in the kernel that made it, or in the widget state JupyterLab saves
with the notebook (its ``saveState`` setting). cardlab's lab settings leave that state out (a
cardlab widget drawn from saved state has no Python behind it: its buttons do nothing and its
controls show "disconnected"), so the view of a notebook reopened later would read "model not
found" where the still picture should be. Before each save this extension drops every view whose
model is not saved with the notebook, and every view of a cardlab widget; the still picture stays
(an output with nothing else, such as a tqdm bar's, goes). It drops saved widget state that no kept
view shows, too (a browser reloaded while the kernel runs restores every model the kernel holds).

Enabled by ``etc/jupyter/jupyter_server_config.d/cardlab.json``, which installing cardlab's wheel
puts into the environment (``lab/jupyter_server_config.d/cardlab.json``, a data file in
pyproject.toml), as it puts JupyterLab's settings for the lessons (``lab/overrides.d/cardlab.json``);
`make lab`, whose install is editable, puts them there with ``tools/install_lab_files.py``.
"""

from __future__ import annotations

from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
STILL_PICTURE = 'class="cardlab-static"'  # what cardlab.widgets.base.still_html writes
MODEL_REFERENCE = "IPY_MODEL_"  # how a widget's state names another model (a child, its layout)


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _referenced(value: Any) -> set[str]:
    """The model ids a widget's saved state refers to."""
    if isinstance(value, str):
        return {value[len(MODEL_REFERENCE):]} if value.startswith(MODEL_REFERENCE) else set()
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return set().union(*map(_referenced, items))


def keep_drawable_widgets(notebook: dict) -> None:
    """Drop from ``notebook`` (the nbformat 4 dict, changed in place) each widget view that could
    not be drawn when it is opened again, and the saved widget state no remaining view needs."""
    metadata = notebook.get("metadata")
    widgets = metadata.get("widgets") if isinstance(metadata, dict) else None
    saved = widgets.get(WIDGET_STATE) if isinstance(widgets, dict) else None
    models = saved.get("state") if isinstance(saved, dict) else None
    if not isinstance(models, dict):
        models = {}
    shown: set[str] = set()
    for cell in notebook.get("cells") or []:
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        if not isinstance(outputs, list):
            continue
        kept = []
        for output in outputs:
            data = output.get("data") if isinstance(output, dict) else None
            view = data.get(WIDGET_VIEW) if isinstance(data, dict) else None
            if view is not None:
                model = view.get("model_id") if isinstance(view, dict) else None
                if model in models and STILL_PICTURE not in _text(data.get("text/html", "")):
                    shown.add(model)
                else:
                    del data[WIDGET_VIEW]
                    if set(data) <= {"text/plain"}:
                        continue
            kept.append(output)
        cell["outputs"] = kept
    needed, todo = set(), list(shown)
    while todo:
        model = todo.pop()
        if model in needed or model not in models:
            continue
        needed.add(model)
        todo.extend(_referenced(models[model]))
    if needed:
        saved["state"] = {model: state for model, state in models.items() if model in needed}
    elif isinstance(widgets, dict):
        widgets.pop(WIDGET_STATE, None)
        if not widgets:
            del metadata["widgets"]


def pre_save_hook(model: dict, **_kwargs) -> None:
    """A Jupyter server pre-save hook (``ContentsManager.register_pre_save_hook``)."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        keep_drawable_widgets(model["content"])


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "cardlab.labserver"}]


def _load_jupyter_server_extension(serverapp) -> None:
    serverapp.contents_manager.register_pre_save_hook(pre_save_hook)
