"""The kernel's Python: the wheels the build makes (the lessons' data files, and ``cardlab_site``,
the kernel's start-up extension), the lockfile naming every wheel the kernel loads, and the
kernel's settings in jupyter-lite.json."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from email.parser import Parser
from pathlib import Path

from .common import (ROOT, SKIP_PARTS, TEMPLATES, normalize, read_wheel, short_hash, wheel_name_version,
                     write_wheel)

# Pyodide runs CPython 3.14 compiled to WebAssembly on Emscripten: the environment markers of
# every dependency are read as they would be there.
PYODIDE_MARKERS = {
    "python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
}
LESSONS_PACKAGE = "cardlab_lessons"  # cardlab/lessondata.py looks the lessons' files up in it
SITE_PACKAGE = "cardlab_site"        # the kernel's start-up extension
# Where Pyodide installs wheels: the start-up extension's IPython profile is found there.
SITE_PACKAGES = "/lib/python{python}/site-packages"


def _dist_info(name: str, version: str, summary: str) -> dict[str, bytes]:
    info = f"{name}-{version}.dist-info"
    return {f"{info}/METADATA": (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                 f"Summary: {summary}\n").encode(),
            f"{info}/WHEEL": (b"Wheel-Version: 1.0\nGenerator: tools/sitebuild\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")}


def stamped_name(name: str, version: str, files: dict[str, bytes]) -> str:
    """A wheel's file name whose build tag is a digest of its content ("0" and ten hex digits: a
    build tag starts with a digit), so that the site can tell browsers to keep it for good: a
    rebuild with other content is another file."""
    digest = hashlib.sha256()
    for entry in sorted(files):
        digest.update(entry.encode() + b"\0" + files[entry])
    return f"{name}-{version}-0{digest.hexdigest()[:10]}-py3-none-any.whl"


def build_lessons_wheel(folder: Path, version: str) -> Path:
    """``cardlab_lessons``: every file under ``lessons/`` but the notebooks (worked examples,
    quizzes, ``order.txt``...), under ``cardlab_lessons/data/`` as they are under ``lessons/``. The
    kernel loads it at start, so that the lessons find their files even where it cannot see the
    site's files (no service worker: see patches.KERNEL_CWD)."""
    files = {f"{LESSONS_PACKAGE}/__init__.py":
             b'"""The data files of the cardlab lessons (not the notebooks), for the offline website."""\n'}
    for path in sorted((ROOT / "lessons").rglob("*")):
        rel = path.relative_to(ROOT / "lessons")
        if path.is_file() and path.suffix != ".ipynb" and not SKIP_PARTS.intersection(rel.parts):
            files[f"{LESSONS_PACKAGE}/data/{rel.as_posix()}"] = path.read_bytes()
    files |= _dist_info(LESSONS_PACKAGE, version, "The data files of the cardlab lessons, for the offline website")
    return write_wheel(folder / stamped_name(LESSONS_PACKAGE, version, files), files)


def build_site_wheel(folder: Path, version: str, messages: dict[str, dict[str, str]]) -> Path:
    """``cardlab_site``: an IPython extension (templates/kernel_extension.py) and the IPython
    profile that loads it (templates/ipython_config.py). The kernel's settings point IPython at
    that profile (IPYTHONDIR, :func:`kernel_settings`), so the kernel starts with it as IPython
    would, no kernel file patched. ``messages``: each language's texts (templates/messages.json),
    of which the extension takes its own."""
    texts = {lang: {k[len("kernel."):]: v for k, v in table.items() if k.startswith("kernel.")}
             for lang, table in messages.items()}
    source = (TEMPLATES / "kernel_extension.py").read_text(encoding="utf-8")
    if source.count("MESSAGES = {}") != 1:
        sys.exit("[site] templates/kernel_extension.py has no single 'MESSAGES = {}' to fill in")
    source = source.replace("MESSAGES = {}", "MESSAGES = " + json.dumps(texts, ensure_ascii=False, sort_keys=True))
    files = {f"{SITE_PACKAGE}/__init__.py": source.encode("utf-8"),
             f"{SITE_PACKAGE}/ipython/profile_default/ipython_config.py":
                 (TEMPLATES / "ipython_config.py").read_bytes()}
    files |= _dist_info(SITE_PACKAGE, version, "The offline website's start-up extension for the kernel")
    return write_wheel(folder / stamped_name(SITE_PACKAGE, version, files), files)


def restamp(wheel: Path, folder: Path) -> Path:
    """A wheel the site builds from changing sources (cardlab from the checkout), written again
    with fixed dates (pip writes the time of the build into it) under a name that carries a digest
    of its content (:func:`stamped_name`): the same sources give the same file, so browsers keep
    it across builds."""
    files = {name: data for name, data in read_wheel(wheel).items() if not name.endswith(".dist-info/RECORD")}
    name, version = wheel_name_version(wheel)
    return write_wheel(folder / stamped_name(name.replace("-", "_"), version, files), files)


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, requirements, top-level import names) of a wheel."""
    import zipfile

    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (meta,) = [n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
        message = Parser().parsestr(zf.read(meta).decode("utf-8"))
    imports = set()
    for entry in names:
        top = entry.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in entry and entry.endswith((".py", ".pyc")):
            imports.add(top)
        elif "/" not in entry and entry.endswith((".py", ".pyc")):
            imports.add(entry.rsplit(".", 1)[0])
    return (message["Name"], message["Version"], message.get_all("Requires-Dist") or [],
            sorted(imports))


def kernel_lockfile(wheels: list[Path], npm_lock: dict, frontend_only: set[str],
                    left_out: set[str] = frozenset()) -> dict:
    """A pyodide-lock.json naming exactly these wheels (paths relative to the lockfile), each with
    its sha256 and its dependencies as Pyodide on Emscripten sees them. A requirement in
    ``frontend_only`` (front end only, never imported) or ``left_out`` (tools/site.toml says why
    the kernel does without it) is not a dependency; any other one must be among the wheels."""
    from packaging.requirements import Requirement

    metas = {}
    for wheel in wheels:
        name, version, requires, imports = wheel_metadata(wheel)
        metas[normalize(name)] = (wheel, name, version, requires, imports)
    packages = {}
    for key, (wheel, name, version, requires, imports) in sorted(metas.items()):
        depends = []
        for line in requires:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate(PYODIDE_MARKERS):
                continue
            dep = normalize(requirement.name)
            if dep in metas:
                depends.append(dep)
            elif dep not in frontend_only and dep not in left_out:
                sys.exit(f"[site] {name} needs {requirement}, which tools/site.toml does not pin")
        packages[key] = {
            "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": sorted(set(depends)), "unvendored_tests": False,
        }
    return {"info": npm_lock["info"], "packages": packages}


def lockfile_name(lock: dict) -> str:
    text = json.dumps(lock, indent=1, sort_keys=True)
    return f"pyodide-lock.{short_hash(text.encode())}.json"


def kernel_settings(runtime: str, lock: dict) -> dict:
    """The kernel extension's settings (jupyter-lite.json's litePluginSettings): the runtime in
    ``runtime`` (a folder of the site), every package of ``lock`` loaded while Pyodide starts,
    from the lockfile written beside the runtime (:func:`lockfile_name`), and IPython's profile
    from ``cardlab_site`` (IPYTHONDIR)."""
    python = ".".join(lock["info"]["python"].split(".")[:2])
    return {
        "disablePyPIFallback": True,
        "pyodideUrl": f"./{runtime}/pyodide.mjs",
        "loadPyodideOptions": {
            "packages": sorted(lock["packages"]),
            "lockFileURL": f"./{runtime}/{lockfile_name(lock)}",
            "env": {"IPYTHONDIR": SITE_PACKAGES.format(python=python) + f"/{SITE_PACKAGE}/ipython"},
        },
    }
