"""Build the lessons as an offline website in ``site/``: JupyterLite (the JupyterLab interface)
with a Pyodide kernel, every file the page needs served from the site itself.

    python tools/build_site.py            # build site/ unless it is up to date with the sources
    python tools/build_site.py --force    # build it again all the same
    python tools/build_site.py --check    # exit 0 when site/ is up to date, 1 when it is not

Every version comes from ``tools/site.toml``. What goes in:

- JupyterLite's JupyterLab app (``jupyterlite-core``) and four JupyterLab extensions: the Pyodide
  kernel (``jupyterlite-pyodide-kernel``), the widgets (from the ``jupyterlab-widgets`` wheel),
  ipyevents' keys and anywidget's front end, which runs the card table's module shipped in cardlab
  (each from its wheel);
- ``site/files/lessons/``: every file under ``lessons/`` (notebooks and scenario files), the same
  (each notebook's multi-line texts written as single strings, see :func:`join_lines`);
  ``site/index.html`` opens ``site/lessons.html``, the lessons' index (``lessons/index.ipynb``) as
  a page of its own, which starts no kernel (:func:`lessons_page`), or, opened as a file, a page
  saying how to serve the folder;
- the lessons' data files once more, as the wheel ``cardlab_lessons`` (:func:`build_lessons_wheel`),
  so that they work where the browser allows no service worker (plain http from another computer,
  https with an untrusted certificate) and JupyterLite's kernel cannot see ``site/files/``: there
  the kernel still starts in the notebook's folder (:func:`kernel_cwd_without_drive` patches its
  worker) and ``cardlab.lessondata`` reads a lesson's relative path from the wheel. What still
  needs the service worker (the code reading the file browser's files, and keeping what it writes)
  is said by a bar on the lab's page (:data:`INSECURE_BAR`, deep links included) and
  ``needs-https.html``;
- ``site/static/pyodide/``: the Pyodide runtime from the npm package ``pyodide``, and beside it
  every wheel the kernel loads, with a ``pyodide-lock.json`` that names only those files (with
  their sha256): pure wheels from PyPI, PyYAML built here from its sdist without libyaml, the
  kernel's own shims (piplite, pyodide-kernel, ipykernel, widgetsnbextension) from the kernel
  extension, cardlab built from this checkout, and ``cardlab_lessons``. The kernel loads all of them when it starts
  (``loadPyodideOptions.packages``), so ``import cardlab`` works with no ``%pip install``;
  cardlab's wheel carries its compiled catalogs, so ``cardlab.set_language("ja")`` works there too;
- ``site/api/translations/``: JupyterLab's own menus and dialogs in 繁體中文 and 日本語, from the
  JupyterLab language packs' wheels (:func:`translations_api`), chosen in Settings → Language.

Only the build talks to PyPI and the npm registry (downloads are cached in ``.site-cache/``, so a
second build is quick); the site makes no request anywhere but its own host. Build tools are
pip-installed into the running virtual environment (the project's ``.venv``) at the pinned
versions when they are missing.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "tools" / "site.toml"
CACHE = ROOT / ".site-cache"
OUT = ROOT / "site"
STAMP = ".cardlab-site.json"  # in site/: what it was built from, and its size
LANDING = "lessons/index.ipynb"
LESSONS_PAGE = "lessons.html"  # the index as a page of its own: opening it starts no kernel

# What the site is built from: a change to any of these makes site/ out of date.
SOURCES = ["tools/build_site.py", "tools/site.toml", "pyproject.toml", "README.md", "cardlab", "lessons",
           "lab"]
# JupyterLab settings that `make lab` uses too, where the project has them (no news, no update check).
OVERRIDES = ROOT / "lab" / "overrides.d" / "cardlab.json"
SKIP_PARTS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache"}

# Pyodide runs CPython 3.14 compiled to WebAssembly on Emscripten: the environment markers of
# every dependency are read as they would be there.
PYODIDE_MARKERS = {
    "python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
}
# The wheels of the kernel's own shims, shipped inside the kernel extension.
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
# Files of the npm package that the site does not need.
PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|\.html|README\.md|package\.json|pyodide-lock\.json)$")


_STARTED = time.monotonic()


def log(message: str) -> None:
    print(f"[site {time.monotonic() - _STARTED:4.0f} s] {message}", flush=True)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def load_pins() -> dict:
    return tomllib.loads(PINS.read_text(encoding="utf-8"))


# --- up to date? -------------------------------------------------------------------------------

def source_files() -> list[Path]:
    files = []
    for name in SOURCES:
        path = ROOT / name
        if not path.exists():
            continue
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        files += [p for p in candidates if not SKIP_PARTS.intersection(p.relative_to(ROOT).parts)
                  and p.suffix != ".pyc"]
    return files


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def built_from(out: Path = OUT) -> str | None:
    try:
        return json.loads((out / STAMP).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError):
        return None


def damage(out: Path | None = None) -> list[str]:
    """What is wrong with site/, one line each: nothing when it is whole and up to date with its
    sources. Every file the build wrote is listed in its stamp with its size."""
    out = OUT if out is None else out
    try:
        stamp = json.loads((out / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [f"{out.name}/ is missing or was not built by tools/build_site.py (no {STAMP})"]
    problems = []
    if stamp.get("sources") != sources_digest():
        problems.append(f"{out.name}/ is older than its sources")
    listed = stamp.get("files")
    if not isinstance(listed, dict):
        return problems + [f"{out.name}/{STAMP} lists no files (built by an older build_site.py)"]
    for name, size in sorted(listed.items()):
        path = out / name
        if not path.is_file():
            problems.append(f"missing: {out.name}/{name}")
        elif path.stat().st_size != size:
            problems.append(f"changed: {out.name}/{name} ({path.stat().st_size} bytes, built {size})")
    return problems


def up_to_date(out: Path | None = None) -> bool:
    return not damage(out)


def file_list(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_size
            for p in sorted(out.rglob("*")) if p.is_file() and p.name != STAMP}


# --- tools and downloads -----------------------------------------------------------------------

def run(cmd: list[str], **kwargs) -> None:
    subprocess.run(cmd, check=True, **kwargs)


def pip(*args: str, **kwargs) -> None:
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], **kwargs)


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


def wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name[:-len(".whl")].split("-")
    return normalize(parts[0]), parts[1]


def cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for path in sorted(folder.glob("*.whl")):
        if wheel_name_version(path) == (normalize(name), version):
            return path
    return None


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
        shutil.copytree(ROOT / "cardlab", src / "cardlab",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        shutil.copytree(ROOT / "lab", src / "lab")  # the JupyterLab settings the wheel carries as data files
        log("building the cardlab wheel from the checkout")
        pip("wheel", "--quiet", "--no-deps", "-w", str(folder), str(src))
    (wheel,) = folder.glob("cardlab-*.whl")
    return wheel


LESSONS_PACKAGE = "cardlab_lessons"  # cardlab/lessondata.py looks the lessons' files up in it


def build_lessons_wheel(folder: Path, version: str) -> Path:
    """``cardlab_lessons``: every file under ``lessons/`` but the notebooks (worked examples,
    quizzes, ``order.txt``...), under ``cardlab_lessons/data/`` as they are under ``lessons/``. The
    kernel loads it at start, so that the lessons find their files even where it cannot see the
    site's files (no service worker: see :func:`kernel_cwd_without_drive`)."""
    import base64

    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    dist = f"{LESSONS_PACKAGE}-{version}"
    files = {f"{LESSONS_PACKAGE}/__init__.py":
             b'"""The data files of the cardlab lessons (not the notebooks), for the offline website."""\n'}
    for path in sorted((ROOT / "lessons").rglob("*")):
        rel = path.relative_to(ROOT / "lessons")
        if path.is_file() and path.suffix != ".ipynb" and not SKIP_PARTS.intersection(rel.parts):
            files[f"{LESSONS_PACKAGE}/data/{rel.as_posix()}"] = path.read_bytes()
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {LESSONS_PACKAGE}\nVersion: {version}\n"
        "Summary: The data files of the cardlab lessons, for the offline website\n").encode()
    files[f"{dist}.dist-info/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: tools/build_site.py\n"
                                        b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
              f"{len(data)}" for name, data in files.items()]
    files[f"{dist}.dist-info/RECORD"] = ("\n".join(record + [f"{dist}.dist-info/RECORD,,"]) + "\n").encode()
    wheel = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same bytes each build
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel


def fetch_pyodide(version: str) -> Path:
    """The npm package ``pyodide`` (runtime only, no wheels), unpacked in the cache."""
    folder = CACHE / "npm"
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


# Appended to the kernel's pyodide_kernel/__init__.py: `%pip install x` or `micropip.install("x")`
# of a package the site does not carry ends in one line saying the site is offline, not a
# traceback through micropip. Any other error shows its traceback as before.
OFFLINE_HOOK = """

# --- added by cardlab's tools/build_site.py ---
def _cardlab_offline_install(shell, etype, evalue, tb, tb_offset=None):
    frames, step = [], tb
    while step is not None:
        frames.append(step.tb_frame.f_code.co_filename)
        step = step.tb_next
    if any("/micropip/" in f or "/piplite/" in f for f in frames):
        first = (str(evalue).strip().splitlines() or [etype.__name__])[0]
        print("This site is offline: it can install only the packages it carries (cardlab and "
              f"what its lessons use), not from the internet. ({first})", file=sys.stderr)
        return None
    return shell.showtraceback((etype, evalue, tb), tb_offset=tb_offset)


ipython_shell.set_custom_exc((Exception,), _cardlab_offline_install)

# micropip.install called directly would ask PyPI: its index is a folder of the site that does not
# exist, so it asks nothing of any host but the site's own, and fails as above.
try:
    import micropip as _micropip
    import pyodide_js as _pyodide_js

    _micropip.set_index_urls([_pyodide_js._api.config.indexURL + "no-package-index/{package_name}/"])
except Exception as _error:  # the kernel must start all the same
    print(f"cardlab site: micropip's index left as it was ({_error!r})", file=sys.stderr)
"""


def offline_install_message(wheel: Path, folder: Path) -> Path:
    """The kernel's pyodide_kernel wheel with :data:`OFFLINE_HOOK` added (and its RECORD line)."""
    import base64

    folder.mkdir(parents=True, exist_ok=True)
    patched = folder / wheel.name
    target = "pyodide_kernel/__init__.py"
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(patched, "w", zipfile.ZIP_DEFLATED) as dst:
        data = src.read(target) + OFFLINE_HOOK.encode("utf-8")
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        for info in src.infolist():
            content = src.read(info)
            if info.filename == target:
                content = data
            elif info.filename.endswith(".dist-info/RECORD"):
                content = "".join(
                    f"{target},sha256={digest},{len(data)}\n" if line.startswith(target + ",") else line
                    for line in content.decode("utf-8").splitlines(keepends=True)).encode("utf-8")
            dst.writestr(info, content)
    return patched


# --- the lockfile --------------------------------------------------------------------------------

def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, requirements, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (meta,) = [n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
        message = Parser().parsestr(zf.read(meta).decode("utf-8"))
    imports = set()
    for entry in names:
        top = entry.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in entry and entry.endswith(".py"):
            imports.add(top)
        elif "/" not in entry and entry.endswith(".py"):
            imports.add(entry[:-3])
    return (message["Name"], message["Version"], message.get_all("Requires-Dist") or [],
            sorted(imports))


def kernel_lockfile(wheels: list[Path], npm_lock: dict, frontend_only: set[str]) -> dict:
    """A pyodide-lock.json naming exactly these wheels (paths relative to the lockfile), each with
    its sha256 and its dependencies as Pyodide on Emscripten sees them."""
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
            elif dep not in frontend_only:
                sys.exit(f"[site] {name} needs {requirement}, which tools/site.toml does not pin")
        packages[key] = {
            "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": sorted(set(depends)), "unvendored_tests": False,
        }
    return {"info": npm_lock["info"], "packages": packages}


# --- the build -----------------------------------------------------------------------------------

def lite_config(packages: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardlab lessons",
            "defaultKernelName": "python",
            # Shared computers: the lessons are kept in the page's memory only, never in the
            # browser's storage, so every visit opens the lessons as they are on the server (a
            # teacher's fix arrives at the next visit, nobody sees the previous learner's edits).
            # A learner keeps their work with File > Download (see SITE_NOTE).
            "enableMemoryStorage": True,
            "contentsStorageDrivers": ["memoryStorageDriver"],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


# Added to JupyterLite's own site/index.html (which child pages still read their settings from):
# the site opens on the lessons' index (its own page, no kernel) instead of an empty JupyterLab.
LANDING_SCRIPT = """<script>
      // Opened as a file (double-clicked on a USB stick), JupyterLite cannot start at all: a page
      // that says how to serve the folder, before anything else loads.
      if (window.location.protocol === "file:") {{
        window.location.replace("./{serve_folder}");
      }} else {{
        window.location.replace("./{lessons_page}");
      }}
    </script>
    """
SERVE_FOLDER = "serve-this-folder.html"
SERVE_FOLDER_HTML = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>cardlab lessons: serve this folder, do not open it as a file</title></head>
<body style="font-family: sans-serif; max-width: 42em; margin: 2em auto; line-height: 1.5">
<h1>The lessons need a web server, even a local one</h1>
<p>This page was opened as a file (its address starts with <code>file://</code>). Browsers do not
run the lessons' Python from files; the folder has to be served, which takes one command.</p>
<p>On the computer that has the folder (the teacher's, or each learner's), in a terminal, from the
folder that <em>contains</em> <code>site</code>:</p>
<pre style="background: #eee; padding: .6em">python3 -m http.server --bind 127.0.0.1 --directory site 8000</pre>
<p>then open <a href="http://127.0.0.1:8000/">http://127.0.0.1:8000/</a> in this browser (on
Windows the command is <code>py -m http.server ...</code>). Leave the terminal open while the
lessons run; Ctrl-C stops the server.</p>
<p>Any static web server does the same job (a school web server, GitHub Pages, nginx...). For the
other computers of a room to use one teacher's computer, serve the folder on the network
(<code>--bind 0.0.0.0</code> instead of <code>--bind 127.0.0.1</code>) and open
<code>http://TEACHERS-COMPUTER:8000/</code> on each: the lessons work over plain http, with the
one limit <a href="./{needs_https}">{needs_https}</a> explains.</p>
</body>
</html>
"""
# Added to the lab's page: where the browser allows JupyterLite no service worker (a page that is
# not secure, as over plain http from another computer; https with a certificate the browser does
# not trust), the kernel does not see the files of the file browser. The lessons run all the same
# (they read their own files from the kernel's cardlab_lessons package); this bar says what does
# not. It runs before JupyterLite's own scripts (modules, run after the page is read), so it sees
# the service worker's registration fail.
NEEDS_HTTPS = "needs-https.html"
INSECURE_BAR = """<script>
      (() => {{
        const show = () => {{
          if (document.querySelector(".cardlab-insecure-bar")) return;
          const bar = document.createElement("div");
          bar.className = "cardlab-insecure-bar";
          bar.setAttribute("role", "status");
          bar.style.cssText = "position: fixed; z-index: 10000; right: 8px; bottom: 32px; max-width: 34em;"
            + " padding: 6px 10px; background: #fff4ce; color: #222; border: 1px solid #c8a400;"
            + " border-radius: 4px; font: 13px/1.4 sans-serif; box-shadow: 0 1px 4px rgba(0,0,0,.3)";
          bar.innerHTML = "The lessons run here, but the browser allows this page no service worker"
            + " (plain http from another computer, or a certificate it does not trust), so the code"
            + " does not see the file browser's files: your own files and your edits to the lessons'"
            + " files are not read, and files the code writes are lost when the kernel restarts."
            + " <a href='{needs_https}' target='_blank'>Why?</a>"
            + " <button type='button' aria-label='Close' style='margin-left: 4px'>×</button>";
          bar.querySelector("button").onclick = () => bar.remove();
          document.body.appendChild(bar);
        }};
        const workers = navigator.serviceWorker;
        if (!window.isSecureContext || !workers) {{
          window.addEventListener("DOMContentLoaded", show);
          return;
        }}
        const register = workers.register.bind(workers);
        workers.register = (...args) => register(...args).catch(error => {{
          if (document.body) show(); else window.addEventListener("DOMContentLoaded", show);
          throw error;
        }});
      }})();
    </script>
"""
NEEDS_HTTPS_HTML = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>cardlab lessons without a service worker</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto; line-height: 1.5">
<h1>The lessons work here, with one limit</h1>
<p>This browser allows the page no service worker: it came over plain <code>http</code> from
another computer (a page the browser does not count as secure), or over <code>https</code> with a
certificate the browser does not trust. The lessons run all the same: their worked examples,
try-it tables and quizzes read their files from a copy packed into the site's Python, and
notebooks are saved in this browser's storage as usual.</p>
<p>What does not work: JupyterLite needs a service worker to show the file browser's files to the
code, and browsers allow those only on secure pages with a trusted certificate. So code cannot
read a file you made, uploaded or edited in the file browser (your own scenario file, say, or your changes to a lesson's
example), and a file the code writes stays inside the kernel, lost when it restarts.</p>
<p>For that too, serve the <code>site/</code> folder over <code>https</code> with a trusted
certificate (GitHub Pages does), or copy it to this computer and run
<code>python3 -m http.server --bind 127.0.0.1 --directory site</code>, then open
<a href="http://127.0.0.1:8000/">http://127.0.0.1:8000/</a>.</p>
<p><a href="./{landing}">Open the lessons</a></p>
</body>
</html>
"""
# In the kernel's worker: without the drive (no service worker), the kernel's working directory
# is left at Pyodide's /home/pyodide, and the lessons' relative paths lead nowhere. Patched to
# make the same folder in memory (/drive/lessons/durak for a Durak lesson) and start there, as with
# the drive, so that cardlab/lessondata.py can tell which lesson file a relative path names.
KERNEL_CHDIR = re.compile(r'(\w+)\.mountDrive&&this\._localPath&&(\w+)\.push\("import os",'
                          r'`os\.chdir\("\$\{this\._localPath\}"\)`\)')
KERNEL_CHDIR_ANYWAY = ('this._localPath&&({options}.mountDrive||{lines}.push("import os",'
                       '`os.makedirs("/drive/${{this._localPath}}",exist_ok=True)`,"os.chdir(\'/drive\')"),'
                       '{lines}.push("import os",`os.chdir("${{this._localPath}}")`))')


def site_size(out: Path) -> dict:
    total = gzipped = files = 0
    for path in out.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            files += 1
            total += len(data)
            gzipped += len(gzip.compress(data, compresslevel=6))
    return {"files": files, "bytes": total, "gzip_bytes": gzipped}


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def build(out: Path = OUT) -> dict:
    started = time.monotonic()
    pins = load_pins()
    ensure_build_tools(pins)
    labextensions = pins.get("labextensions", {})

    pyodide_npm = fetch_pyodide(pins["npm"]["pyodide"])
    wheels = fetch_wheels(pins["kernel"], CACHE / "wheels")
    frontend_wheels = fetch_wheels(labextensions, CACHE / "wheels")
    language_packs = fetch_wheels(pins["language-packs"], CACHE / "wheels")
    wheels += build_sdist_wheels(pins.get("sdist", {}), CACHE / "built")
    wheels.append(cardlab := build_cardlab_wheel(CACHE / "cardlab"))
    wheels.append(build_lessons_wheel(CACHE / "lessons", wheel_name_version(cardlab)[1]))
    extension = kernel_extension()
    wheels += [offline_install_message(w, CACHE / "shims") if w.name.startswith("pyodide_kernel-")
               else w for w in kernel_shims(extension)]

    stage = CACHE / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    pyodide = stage / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for path in pyodide_npm.iterdir():
        if path.is_file() and not PYODIDE_SKIP.search(path.name):
            shutil.copy2(path, pyodide / path.name)
    for wheel in wheels:
        shutil.copy2(wheel, pyodide / wheel.name)
    npm_lock = json.loads((pyodide_npm / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock = kernel_lockfile(wheels, npm_lock, {normalize(n) for n in labextensions})
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True),
                                                encoding="utf-8")
    packages = sorted(lock["packages"])
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=2),
                                             encoding="utf-8")
    contents = stage / "contents"
    shutil.copytree(ROOT / "lessons", contents / "lessons",
                    ignore=shutil.ignore_patterns(*SKIP_PARTS))
    for notebook in (contents / "lessons").rglob("*.ipynb"):
        join_lines(notebook)
    (contents / "lessons" / SITE_NOTE_NAME).write_text(SITE_NOTE, encoding="utf-8")
    add_site_note(contents / LANDING)

    building = stage / "site"
    log("running jupyter lite build")
    lite = subprocess.run(
        [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage),
         "--output-dir", str(building), "--contents", str(contents), "--apps", "lab",
         "--no-sourcemaps", "--no-unused-shared-packages", "--ignore-sys-prefix",
         f"--LiteBuildConfig.federated_extensions={extension}",
         *[f"--LiteBuildConfig.federated_extensions={w}" for w in frontend_wheels],
         *([f"--settings-overrides={OVERRIDES}"] if OVERRIDES.is_file() else [])],
        cwd=stage, capture_output=True, text=True)
    if lite.returncode != 0:  # its task list is long: shown only when it fails
        sys.exit(f"[site] jupyter lite build failed:\n{(lite.stdout + lite.stderr)[-6000:]}")
    open_on_landing(building / "index.html")
    lessons_pages(contents / "lessons", building)
    warn_where_insecure(building)
    kernel_cwd_without_drive(building)
    translations_api(language_packs, building)
    (building / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
    check_local_only(building)

    size = site_size(building)
    stamp = {"sources": sources_digest(), "pins": pins, "size": size,
             "kernel_packages": {k: v["version"] for k, v in lock["packages"].items()},
             "files": file_list(building)}
    (building / STAMP).write_text(json.dumps(stamp, indent=2, sort_keys=True), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    building.rename(out)
    shutil.rmtree(stage)  # the cache keeps downloads only
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} in "
        f"{time.monotonic() - started:.0f} s: {size['files']} files, {mb(size['bytes'])} "
        f"({mb(size['gzip_bytes'])} gzipped); open it with `make serve-site`")
    return stamp


SITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
# ... and the language_info its kernel reports (jupyterlite-pyodide-kernel 0.8.6), as it is.
SITE_LANGUAGE_INFO = {"codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
                      "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                      "pygments_lexer": "ipython3", "version": "3.8"}

# Beside the lessons in the site's file browser: how work is kept, and how a fix arrives.
SITE_NOTE_NAME = "KEEPING-YOUR-WORK.md"
SITE_NOTE = """# Keeping your work, and getting the teacher's updates

On this site every lesson opens as it is on the server, every time: what you type stays in this
browser tab only, and it is gone when the tab is closed or reloaded. So on a shared computer the
next learner starts from the lesson itself, never from your edits, and when the teacher updates a
lesson on the server, the next time anyone opens it they get the update.

- **To keep your work:** *File > Download* saves the notebook to your computer (give it a name of
  your own, e.g. `my_durak_02.ipynb`). To go on with it later, drag that file onto the file
  browser on the left (or use its *Upload* button) and open it: it lasts until the tab is closed,
  so download it again before you leave.
- **Teachers:** change the lesson in `lessons/` and run `make site` again (or replace the file
  under `site/files/lessons/` on the server): learners get it the next time they open the lesson
  (a reload of the page is enough).
"""


def add_site_note(index: Path) -> None:
    """The site's copy of the lessons' index begins with how work is kept on the site."""
    import nbformat

    node = nbformat.read(index, as_version=nbformat.NO_CONVERT)
    cell = nbformat.v4.new_markdown_cell(
        "**On this website** every lesson opens as it is on the server, every time: your edits stay "
        "in this browser tab only. To keep your work, use *File > Download* before closing the tab; "
        f"the teacher's updates arrive the next time you open a lesson. More in [{SITE_NOTE_NAME}]"
        f"({SITE_NOTE_NAME}).")
    if node.nbformat_minor < 5:
        cell.pop("id", None)
    node.cells.insert(1 if node.cells and node.cells[0].cell_type == "markdown" else 0, cell)
    index.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def join_lines(notebook: Path) -> None:
    """Write a notebook with each multi-line text as one string, as a Jupyter server hands it to
    JupyterLab. The same notebook: nbformat allows both forms, but JupyterLite passes the file as
    it is, and JupyterLab then shows a saved output stored as a list of lines with commas between
    them."""
    import nbformat

    node = nbformat.read(notebook, as_version=nbformat.NO_CONVERT)  # reading joins the lines
    # The site's kernel, as JupyterLite writes it when it opens the notebook: a notebook saved
    # with `python3` (ipykernel) would be marked modified as soon as it is opened.
    node.metadata["kernelspec"] = dict(SITE_KERNELSPEC)
    node.metadata["language_info"] = json.loads(json.dumps(SITE_LANGUAGE_INFO))
    notebook.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def open_on_landing(index: Path) -> None:
    html = index.read_text(encoding="utf-8")
    script = LANDING_SCRIPT.format(lessons_page=LESSONS_PAGE, serve_folder=SERVE_FOLDER)
    # First thing in <head>: before JupyterLite's config script and its module.
    if html.count("<head>") != 1:
        sys.exit(f"[site] {index} has changed: no single <head> to open the lessons from")
    index.write_text(html.replace("<head>", "<head>\n    " + script), encoding="utf-8")
    (index.parent / SERVE_FOLDER).write_text(
        SERVE_FOLDER_HTML.format(needs_https=NEEDS_HTTPS), encoding="utf-8")
    (index.parent / NEEDS_HTTPS).write_text(NEEDS_HTTPS_HTML.format(landing=LESSONS_PAGE),
                                            encoding="utf-8")


LESSONS_PAGE_HTML = """<!DOCTYPE html>
<html lang="{lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
  body {{ font-family: sans-serif; max-width: 64em; margin: 1.5em auto; padding: 0 1em; line-height: 1.5; color: #1a1a1a; }}
  table {{ border-collapse: collapse; margin: .6em 0; }}
  th, td {{ border: 1px solid #ccc; padding: .25em .6em; text-align: left; vertical-align: top; }}
  code {{ background: #f2f2f2; padding: 0 .2em; }}
  a {{ color: #0b5ed7; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""


# Each index of the lessons, English and each translated edition's, as a page of its own: its path
# under lessons/, the page's name in the site and the page's language.
INDEX_PAGES = {"index.ipynb": (LESSONS_PAGE, "en"), "zh-TW/index.ipynb": ("lessons.zh-TW.html", "zh-Hant-TW"),
               "ja/index.ipynb": ("lessons.ja.html", "ja")}


def lessons_pages(lessons: Path, site: Path) -> None:
    """Every index of the lessons under ``lessons`` (:data:`INDEX_PAGES`, those that exist) as its
    page in ``site`` (:func:`lessons_page`)."""
    for name, (page, lang) in INDEX_PAGES.items():
        if (lessons / name).is_file():
            lessons_page(lessons / name, site / page, lang, lessons)


def lessons_page(index: Path, page: Path, lang: str = "en", lessons: Path | None = None) -> None:
    """The lessons' index (``index``, a notebook of Markdown cells only) as a web page of its own,
    each link to a notebook or file of the lessons opening it in the lab, and each link to an index
    of :data:`INDEX_PAGES` (another language's) going to its page: the site opens on it, so a
    learner's first page starts no kernel. Raises SystemExit if the index holds code."""
    import html

    import mistune
    import nbformat

    lessons = index.parent if lessons is None else lessons
    node = nbformat.read(index, as_version=4)
    if any(cell.cell_type != "markdown" for cell in node.cells):
        sys.exit(f"[site] {index} holds code: its page would leave it out")
    body = mistune.html("\n\n".join(cell.source for cell in node.cells))
    folder = index.parent.relative_to(lessons)

    def to_lab(match: re.Match) -> str:
        target = html.unescape(match.group(1))
        if "://" in target or target.startswith(("#", "/", "mailto:")):
            return match.group(0)
        under = Path(os.path.normpath(folder / target)).as_posix()  # the target's path under lessons/
        if under in INDEX_PAGES:
            return f'href="./{INDEX_PAGES[under][0]}"'
        path = f"{Path(LANDING).parent.as_posix()}/{under}"
        return f'href="./lab/index.html?path={html.escape(path, quote=True)}"'

    body = re.sub(r'href="([^"]*)"', to_lab, body)
    heading = next((line[2:].strip() for cell in node.cells for line in cell.source.splitlines()
                    if line.startswith("# ")), "cardlab")
    page.write_text(LESSONS_PAGE_HTML.format(body=body, lang=lang, title=html.escape(heading)), encoding="utf-8")


def warn_where_insecure(site: Path) -> None:
    """The lab's page, whatever notebook it opens (deep links included), says what does not work
    on a page that is not secure (:data:`INSECURE_BAR`)."""
    page = site / "lab" / "index.html"  # (lab/tree/ only sends the browser there)
    html = page.read_text(encoding="utf-8")
    if html.count("</body>") != 1:
        sys.exit(f"[site] {page} has changed: no single </body> to add the warning before")
    bar = INSECURE_BAR.format(needs_https="../" + NEEDS_HTTPS)
    page.write_text(html.replace("</body>", bar + "</body>"), encoding="utf-8")


def kernel_cwd_without_drive(site: Path) -> None:
    """Patch the kernel's worker (:data:`KERNEL_CHDIR`): without the drive it starts in the
    notebook's folder all the same, an empty one in memory."""
    static = site / "extensions" / KERNEL_EXTENSION / "static"
    patched = []
    for script in sorted(static.glob("*.js")):
        code = script.read_text(encoding="utf-8")
        new, count = KERNEL_CHDIR.subn(
            lambda m: KERNEL_CHDIR_ANYWAY.format(options=m[1], lines=m[2]), code)
        if count:
            script.write_text(new, encoding="utf-8")
            patched.append(script.name)
    if not any("worker" in name for name in patched):
        sys.exit(f"[site] the kernel's worker in {static} has changed: no os.chdir to patch "
                 "(see KERNEL_CHDIR in tools/build_site.py)")


def translations_api(packs: list[Path], site: Path) -> None:
    """JupyterLab's menus and dialogs in the languages of these language-pack wheels (Settings →
    Language): ``site/api/translations/`` as JupyterLite's translation addon writes it from the
    packs installed where the build runs, which ``--ignore-sys-prefix`` keeps it from reading.
    ``all.json`` names each language (English too) in English and in itself, as
    ``jupyterlab_server.translation_utils.get_language_packs`` does; ``<locale>.json`` holds its
    messages, one entry per JSON file of the pack, by the file's name, as ``get_language_pack``
    reads an installed pack (no lab extension of the site has messages of its own to merge in)."""
    from importlib.metadata import PathDistribution

    from jupyterlab_server.translation_utils import (DEFAULT_LOCALE, JUPYTERLAB_LANGUAGEPACK_ENTRY,
                                                     get_display_name, is_valid_locale)
    messages: dict[str, dict] = {DEFAULT_LOCALE: {}}
    for wheel in packs:
        with zipfile.ZipFile(wheel) as zf:
            names = sorted(zf.namelist())
            (info,) = {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
            packs_here = PathDistribution(zipfile.Path(zf, info + "/")).entry_points.select(
                group=JUPYTERLAB_LANGUAGEPACK_ENTRY)
            if not packs_here:
                sys.exit(f"[site] {wheel.name} is no JupyterLab language pack "
                         f"(no {JUPYTERLAB_LANGUAGEPACK_ENTRY} entry point)")
            for pack in packs_here:
                if not is_valid_locale(pack.name) or pack.name in messages:
                    sys.exit(f"[site] {wheel.name}: locale {pack.name!r} is not valid or comes twice")
                folder = pack.module.replace(".", "/") + "/"
                messages[pack.name] = {Path(n).stem: json.loads(zf.read(n)) for n in names
                                       if n.startswith(folder) and n.endswith(".json")}
    api = site / "api" / "translations"  # where JupyterLite's translation addon writes them, as it does
    shutil.rmtree(api, ignore_errors=True)
    api.mkdir(parents=True)
    languages = {locale: {"displayName": get_display_name(locale, DEFAULT_LOCALE),
                          "nativeName": get_display_name(locale, locale)} for locale in messages}
    (api / "all.json").write_text(json.dumps({"data": languages, "message": ""}, sort_keys=True, indent=2),
                                  encoding="utf-8")
    for locale, data in messages.items():
        (api / f"{locale}.json").write_text(json.dumps({"data": data, "message": ""}, sort_keys=True, indent=2),
                                            encoding="utf-8")


def check_local_only(site: Path) -> None:
    """The kernel's settings and lockfile point only at files inside the site."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    urls = [settings["pyodideUrl"], *settings.get("pipliteUrls", [])]
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    for package in lock["packages"].values():
        urls.append(package["file_name"])
        if not (site / "static/pyodide" / package["file_name"]).is_file():
            sys.exit(f"[site] the lockfile names {package['file_name']}, which is not in the site")
    remote = [u for u in urls if "://" in u or u.startswith("//")]
    if remote or not settings["pyodideUrl"].startswith("./"):
        sys.exit(f"[site] the site would load from elsewhere: {remote or settings['pyodideUrl']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when site/ is up to date")
    parser.add_argument("--check", action="store_true",
                        help="only say whether site/ is whole and up to date (exit 1 if not)")
    parser.add_argument("--install-tools", action="store_true",
                        help="only install the build tools of tools/site.toml into this venv")
    args = parser.parse_args(argv)
    if args.install_tools:
        ensure_build_tools(load_pins())
        return 0
    problems = damage()
    if args.check:
        for problem in problems[:50]:
            log(problem)
        if len(problems) > 50:
            log(f"... and {len(problems) - 50} more")
        if not problems:
            log("site/ is whole and up to date")
        return 1 if problems else 0
    if not args.force and not problems:
        log("site/ is up to date with the sources (--force builds it again)")
        return 0
    for problem in problems[:10]:
        log(f"rebuilding: {problem}")
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
