"""Every change the build makes to third-party files, each a named :class:`Patch` written against
one pinned version of one package. The build applies them to site/; tests/test_build_site.py
applies each to that version's own files (from the package's wheel) in seconds, and fails as soon
as tools/site.toml pins another version, so that a version bump is checked in pytest rather than
at the end of a site build.

Where a package offers a way in, the site takes it instead of a patch: the kernel's start-up
extension is loaded through IPython's profile (kernel.build_site_wheel), JupyterLab's language,
viewers and storage are settings (build.lite_config), and the lab's helper script reaches the
app through ``exposeAppInBrowser``."""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from .common import KERNEL_EXTENSION


class PatchError(Exception):
    """A patch no longer finds what it changes."""


@dataclass(frozen=True)
class Patch:
    name: str
    why: str
    package: str         # the package whose files it changes, as pinned in tools/site.toml [build]
    version: str         # the version of that package it was written against
    files: str           # which of the package's files it reads (a glob, relative to its folder)
    must: str            # those of them it must change (a glob): each one, or it fails
    find: re.Pattern
    replace: str         # str.format template: the match's named groups and the build's context

    def apply(self, text: str, context: dict | None = None) -> tuple[str, int]:
        """``text`` patched, and how many places changed."""
        return self.find.subn(lambda m: self.replace.format(**(context or {}), **m.groupdict()), text)

    def apply_in(self, folder: Path, context: dict | None = None) -> list[str]:
        """Patch the files of ``folder`` (the package's files, as in the site) in place, one place
        in each file; returns the names of those changed. Raises PatchError when a file that must
        change did not, or has more than one place to change."""
        changed, missed = [], []
        for path in sorted(folder.glob(self.files)):
            name = path.relative_to(folder).as_posix()
            new, count = self.apply(path.read_text(encoding="utf-8"), context)
            if count > 1:  # one place a file: more means the code is not what the patch was written for
                raise PatchError(f"patch {self.name!r} ({self.package} {self.version}) found {count} places "
                                 f"to change in {name}, not one: see tools/sitebuild/patches.py")
            if count:
                path.write_text(new, encoding="utf-8")
                changed.append(name)
            elif fnmatch(name, self.must):
                missed.append(name)
        if missed or not any(fnmatch(name, self.must) for name in changed):
            raise PatchError(f"patch {self.name!r} ({self.package} {self.version}) found nothing to change in "
                             f"{', '.join(missed) or self.must}: see tools/sitebuild/patches.py")
        return changed


# The kernel's worker, in both of its forms (comlink and coincident), and its chunk for the page.
_WORKERS = "*.js"
_MUST_WORKERS = "*worker*.js"

KERNEL_CWD = Patch(
    name="kernel-starts-in-the-lessons-folder",
    why="Without the drive (no service worker: plain http from another computer) the kernel's "
        "working directory is left at Pyodide's /home/pyodide and a lesson's relative paths lead "
        "nowhere. Patched to make the notebook's folder in memory (/drive/lessons/durak for a Durak "
        "lesson) and start there, as with the drive, so that cardlab/lessondata.py can tell which "
        "lesson file a relative path names. The kernel has no setting for its working directory.",
    package="jupyterlite-pyodide-kernel", version="0.8.6", files=_WORKERS, must=_MUST_WORKERS,
    find=re.compile(r'(?P<options>\w+)\.mountDrive&&this\._localPath&&(?P<lines>\w+)\.push\("import os",'
                    r'`os\.chdir\("\$\{this\._localPath\}"\)`\)'),
    replace=('this._localPath&&({options}.mountDrive||{lines}.push("import os",'
             '`os.makedirs("/drive/${{this._localPath}}",exist_ok=True)`,"os.chdir(\'/drive\')"),'
             '{lines}.push("import os",`os.chdir("${{this._localPath}}")`))'),
)

KERNEL_NO_JEDI = Patch(
    name="kernel-does-without-jedi",
    why="The site leaves jedi (1.6 MB, and a second of start-up) out: IPython completes names "
        "without it. The kernel's worker installs jedi with piplite when the packages loaded at "
        "start do not include it, which fails offline; patched to ask only for the rest. The "
        "kernel has no setting for that list.",
    package="jupyterlite-pyodide-kernel", version="0.8.6", files=_WORKERS, must=_MUST_WORKERS,
    find=re.compile(r'\["ipykernel","comm","pyodide-kernel","jedi","ipython"\]'),
    replace='["ipykernel","comm","pyodide-kernel","ipython"]',
)

# JupyterLite's own pages. Both scripts go first in <head>: before JupyterLite's configuration
# script and its modules, so that a page opened as a file leaves at once, and the lab's helper
# sees the configuration before JupyterLab reads it.
LANDING = Patch(
    name="site-opens-on-the-lessons",
    why="JupyterLite's own first page opens an empty JupyterLab; the site opens on the lessons' "
        "index instead (a page of its own), or, opened as a file, on the page saying how to serve "
        "the folder. JupyterLite has no setting for its first page.",
    package="jupyterlite-core", version="0.8.6", files="index.html", must="index.html",
    find=re.compile(r"<head>"),
    replace="<head>\n    {landing_script}",
)

LAB_PAGE = Patch(
    name="lab-page-loads-the-site-helper",
    why="The lab's page loads the site's helper (templates/lab.js: loading progress, saving, the "
        "edition's language, Run All keeping the place), which reaches JupyterLab through "
        "exposeAppInBrowser; opened as a file, the page leaves for the one saying how to serve the "
        "folder. JupyterLite has no setting to add a script to its page.",
    package="jupyterlite-core", version="0.8.6", files="lab/index.html", must="lab/index.html",
    find=re.compile(r"<head>"),
    replace="<head>\n    {lab_scripts}",
)

PAGE_PATCHES = [LANDING, LAB_PAGE]
KERNEL_PATCHES = [KERNEL_CWD, KERNEL_NO_JEDI]
PATCHES = PAGE_PATCHES + KERNEL_PATCHES


def check_pins(pins: dict) -> None:
    """Every patch is written for the version tools/site.toml pins, else the build stops."""
    for patch in PATCHES:
        pinned = pins.get("build", {}).get(patch.package)
        if pinned != patch.version:
            sys.exit(f"[site] patch {patch.name!r} was written for {patch.package} {patch.version}, and "
                     f"tools/site.toml pins {pinned}: check that it still does what it says "
                     "(tools/sitebuild/patches.py), then set its version")


def apply_all(site: Path, context: dict) -> None:
    try:
        for patch in PAGE_PATCHES:
            patch.apply_in(site, context)
        for patch in KERNEL_PATCHES:
            patch.apply_in(site / "extensions" / KERNEL_EXTENSION / "static", context)
    except PatchError as error:
        sys.exit(f"[site] {error}")


def pristine_files(patch: Patch, wheel: Path, into: Path) -> Path:
    """The files ``patch`` reads, as its package's wheel ships them, unpacked into ``into``; returns
    the folder the patch's globs are relative to."""
    import io

    into.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as zf:
        if patch.package == "jupyterlite-core":  # the app is a tarball inside the wheel
            (app,) = [n for n in zf.namelist() if re.search(r"jupyterlite-app-[^/]+\.tgz$", n)]
            with tarfile.open(fileobj=io.BytesIO(zf.read(app))) as tar:
                wanted = [m for m in tar.getmembers() if m.isfile() and m.name.startswith("package/")
                          and fnmatch(m.name[len("package/"):], patch.files)]
                tar.extractall(into, members=wanted, filter="data")
            return into / "package"
        prefix = f"share/jupyter/labextensions/{KERNEL_EXTENSION}/static/"
        for name in zf.namelist():
            if prefix in name and fnmatch(name.split(prefix, 1)[1], patch.files):
                target = into / name.split(prefix, 1)[1]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(zf.read(name))
        return into
