"""Downloads, each cached in .site-cache/: the build tools (pip), pure wheels from PyPI, PyYAML
built from its sdist, the Pyodide runtime (npm), and cardlab built from the checkout."""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from . import common
from .common import KERNEL_EXTENSION, ROOT, cached_wheel, log, pip, run, wheel_name_version


def ensure_build_tools(pins: dict) -> None:
    """[build] at exactly its versions; [build-support] (libraries the build imports) at its
    pinned versions when missing, any installed version otherwise (so the project's .venv keeps
    its own)."""
    missing = []
    for table, exact in (("build", True), ("build-support", False)):
        for name, version in pins.get(table, {}).items():
            try:
                have = importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                have = None
            if have is None or (exact and have != version):
                missing.append(f"{name}=={version}")
    if not missing:
        return
    if sys.prefix == sys.base_prefix:
        sys.exit(f"[site] the build needs {' '.join(missing)}: run it with the project's venv "
                 "(make site), or install them into a virtual environment first")
    log(f"installing {' '.join(missing)} into {sys.prefix}")
    pip("install", "--quiet", *missing)


def fetch_wheels(pins: dict[str, str], folder: Path) -> list[Path]:
    """Pure wheels from PyPI, one per pin (downloaded once, then taken from the cache)."""
    folder.mkdir(parents=True, exist_ok=True)
    todo = [f"{n}=={v}" for n, v in pins.items() if cached_wheel(folder, n, v) is None]
    if todo:
        log(f"downloading {len(todo)} wheels from PyPI")
        pip("download", "--quiet", "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
            "--implementation", "py", "--abi", "none", "--platform", "any", "-d", str(folder), *todo)
    wheels = []
    for name, version in pins.items():
        wheel = cached_wheel(folder, name, version)
        if wheel is None or not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"[site] no pure wheel of {name}=={version} (got {wheel})")
        wheels.append(wheel)
    return wheels


def build_sdist_wheels(pins: dict[str, str], folder: Path) -> list[Path]:
    """Pure wheels built here from sdists: PyYAML has only compiled wheels on PyPI, and its sdist
    builds a pure one when told not to use libyaml."""
    folder.mkdir(parents=True, exist_ok=True)
    wheels = []
    for name, version in pins.items():
        wheel = cached_wheel(folder, name, version)
        if wheel is None:
            log(f"building a pure wheel of {name}=={version} from its sdist")
            # --no-binary names the package alone: its build tools (Cython...) come as wheels.
            env = dict(os.environ, PYYAML_FORCE_LIBYAML="0")
            pip("wheel", "--quiet", "--no-deps", f"--no-binary={name}", "-w", str(folder),
                f"{name}=={version}", env=env)
            wheel = cached_wheel(folder, name, version)
        if wheel is None or not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"[site] building {name}=={version} gave no pure wheel ({wheel})")
        wheels.append(wheel)
    return wheels


def build_cardlab_wheel(folder: Path) -> Path:
    """cardlab from this checkout, built from a clean copy (no stale build/ files)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        for licence in ROOT.glob("LICEN[CS]E*"):
            shutil.copy2(licence, src / licence.name)
        for part in ("cardlab", "lab"):  # lab/: the data files pyproject.toml installs with cardlab
            shutil.copytree(ROOT / part, src / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        log("building the cardlab wheel from the checkout")
        pip("wheel", "--quiet", "--no-deps", "-w", str(folder), str(src))
    (wheel,) = folder.glob("cardlab-*.whl")
    return wheel


def fetch_pyodide(version: str) -> Path:
    """The npm package ``pyodide`` (runtime only, no wheels), unpacked in the cache."""
    folder = common.CACHE / "npm"
    unpacked = folder / f"pyodide-{version}"
    if (unpacked / "pyodide.mjs").exists():
        return unpacked
    folder.mkdir(parents=True, exist_ok=True)
    tarball = folder / f"pyodide-{version}.tgz"
    if not tarball.exists():
        log(f"downloading pyodide@{version} from the npm registry")
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("[site] the build needs npm (Node.js) to fetch the pyodide package")
        run([npm, "pack", "--silent", f"pyodide@{version}", "--pack-destination", str(folder)],
            stdout=subprocess.DEVNULL)
    tmp = folder / f"pyodide-{version}.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp, filter="data")
    (tmp / "package").rename(unpacked)
    shutil.rmtree(tmp)
    return unpacked


def kernel_extension() -> Path:
    path = Path(sys.prefix) / "share/jupyter/labextensions" / KERNEL_EXTENSION
    if not (path / "package.json").exists():
        sys.exit(f"[site] {KERNEL_EXTENSION} is not installed in {sys.prefix}")
    return path


def kernel_shims(extension: Path) -> list[Path]:
    """The kernel's own wheels (piplite, pyodide-kernel, ipykernel, widgetsnbextension), the
    newest of each name (widgetsnbextension comes as 3.6.999 and 4.0.999)."""
    from packaging.version import Version

    newest: dict[str, Path] = {}
    for wheel in (extension / "static/pypi").glob("*.whl"):
        name, version = wheel_name_version(wheel)
        if name not in newest or Version(version) > Version(wheel_name_version(newest[name])[1]):
            newest[name] = wheel
    return sorted(newest.values())
