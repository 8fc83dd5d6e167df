"""Put cardlab's files for JupyterLab into an environment, as installing cardlab from a wheel does:
each data file pyproject.toml lists ([tool.setuptools.data-files]: JupyterLab's settings for the
lessons, and the file that enables cardlab's server extension) into its folder under the
environment's prefix.

    python tools/install_lab_files.py     # into the environment of the Python that runs it

`make lab` runs it after installing cardlab editable (`pip install -e`), because setuptools leaves
data files out of editable installs (pypa/setuptools#3399); a wheel, as Binder or a JupyterHub
installs cardlab, carries them.
"""

from __future__ import annotations

import shutil
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def data_files() -> dict[str, list[str]]:
    """pyproject.toml's data files: each folder under the prefix, with the files it receives."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["data-files"]


def install(prefix: Path) -> list[Path]:
    """Copy the data files into ``prefix``; returns where they went."""
    installed = []
    for folder, sources in data_files().items():
        (prefix / folder).mkdir(parents=True, exist_ok=True)
        for source in sources:
            installed.append(Path(shutil.copyfile(ROOT / source, prefix / folder / Path(source).name)))
    return installed


if __name__ == "__main__":
    install(Path(sys.prefix))
