"""The lessons' data files (worked examples, quizzes, ``order.txt``) where they are not on disk.

On a normal install the lessons read their files from disk and nothing here is used. The offline
website (tools/build_site.py) also packs every data file under ``lessons/`` into the package
:data:`PACKAGE`, which its kernel loads at start: there, without a service worker (a page over
plain http from another computer, or https with a certificate the browser does not trust), the
kernel cannot see the site's files, and a path such as ``../scenarios/durak/route_a.yaml`` read in
``lessons/durak/`` is looked up in that package instead, by its place under ``lessons/``.

A lesson of a translated edition (``lessons/zh-TW/durak/02_....ipynb``, ``lessons/ja/...``) has
the same code as its English original and reads the same data files: ``../scenarios/...`` and
``quizzes/02.yaml`` read there are the English tree's files (which hold the texts in every
language), looked up by their place under the edition's folder, on disk or in the package.

This is the one place that lookup happens; scenario files, quiz files and folders of worked
examples (the Referee, ``cardlab check``) all go through :func:`packaged`.
"""

from __future__ import annotations

import importlib.resources
import os
from importlib.resources.abc import Traversable
from pathlib import Path

from .languages import editions

PACKAGE = "cardlab_lessons"  # its files are under PACKAGE/data/, as they are under lessons/
LESSONS = "lessons"
# The translated editions' folders under lessons/, each mirroring lessons/ in its language.
EDITIONS = tuple(editions())


def lesson_key(path: str | Path) -> tuple[str, ...] | None:
    """Where ``path`` (relative to the working directory, or absolute) is under the nearest folder
    named ``lessons`` that holds it: ``("scenarios", "durak", "route_a.yaml")``; ``None`` when it is
    under no such folder."""
    parts = Path(os.path.normpath(os.path.join(os.getcwd(), os.fspath(path)))).parts
    if LESSONS not in parts:
        return None
    where = len(parts) - 1 - parts[::-1].index(LESSONS)
    return parts[where + 1:] or None


def english_original(path: str | Path) -> Path | None:
    """In a translated edition, the English tree's file of the same place, where it is on disk:
    ``lessons/zh-TW/scenarios/durak/route_a.yaml`` is ``lessons/scenarios/durak/route_a.yaml``,
    whatever the lessons folder is called (a teacher's copy may have another name); ``None`` when
    ``path`` is in no edition's folder or the English tree has no such file."""
    full = Path(os.path.normpath(os.path.join(os.getcwd(), os.fspath(path)))).parts
    for i in range(len(full) - 2, 0, -1):  # the innermost edition folder with something under it
        if full[i] in EDITIONS:
            original = Path(*full[:i], *full[i + 1:])
            return original if original.exists() else None
    return None


def packaged(path: str | Path) -> Traversable | None:
    """The file or folder standing for ``path`` when ``path`` is not on disk: in a translated
    edition, the English tree's file of the same place (on disk); else the lessons' data package's
    file of that place, when the package is installed and holds it; otherwise ``None``."""
    if os.path.exists(path):
        return None
    original = english_original(path)
    if original is not None:
        return original
    key = lesson_key(path)
    if key is None:
        return None
    if len(key) > 1 and key[0] in EDITIONS:
        key = key[1:]
    try:
        found = importlib.resources.files(PACKAGE).joinpath("data", *key)
    except ModuleNotFoundError:
        return None
    return found if found.is_file() or found.is_dir() else None


def read_bytes(path: str | Path, most: int = -1) -> bytes:
    """The bytes of file ``path``, from disk or else as :func:`packaged` finds it: at most ``most``
    of them unless ``most`` is -1 (ask for one more than a limit to tell a file larger than it).
    Raises the ``OSError`` of reading it from disk when neither has it."""
    try:
        with open(path, "rb") as f:
            return f.read(most)
    except FileNotFoundError:
        found = packaged(path)
        if found is None or not found.is_file():
            raise
        return read_packaged(found, most)


def read_packaged(found: Traversable, most: int = -1) -> bytes:
    """The bytes of ``found`` (a file :func:`packaged` returned), at most ``most`` of them unless
    ``most`` is -1. The limit holds for every kind of place: a translated edition's file is the
    English original on disk, as large as it happens to be."""
    with found.open("rb") as f:
        return f.read(most)


def is_file(path: str | Path) -> bool:
    found = packaged(path)
    return Path(path).is_file() if found is None else found.is_file()


def is_dir(path: str | Path) -> bool:
    found = packaged(path)
    return Path(path).is_dir() if found is None else found.is_dir()


def file_names(folder: str | Path, suffixes: tuple[str, ...]) -> list[str]:
    """The names of the files in ``folder`` (on disk or else in the data package) ending in one of
    ``suffixes``, sorted."""
    found = packaged(folder)
    entries = Path(folder).iterdir() if found is None else found.iterdir()
    return sorted(e.name for e in entries if e.name.endswith(suffixes) and e.is_file())
