"""Finding scenario files: the paths ``cardlab check`` is given, folders walked for ``*.yaml`` and
``*.yml`` files, and what in them could not be searched.
"""

from __future__ import annotations

import errno
import heapq
import os
import stat
from pathlib import Path

from .. import lessondata


def check_paths(paths) -> list[Path]:
    """The scenario files named by ``paths`` (files, or folders searched for *.yaml / *.yml),
    leaving out what could not be searched (:func:`scenario_paths` says what that was)."""
    return [p for p, skipped in scenario_paths(paths) if skipped is None]


def scenario_paths(paths) -> list[tuple[Path, str | None]]:
    """Each path of ``paths`` that is not a folder, and each ``*.yaml`` / ``*.yml`` file at any depth
    of those that are (in path order), paired with ``None``; and, paired with why, whatever in those
    folders could not be searched: a folder that cannot be read, a symbolic link that leads
    nowhere, or round in a loop. Folders are walked without recursion, so depth is no limit.

    Each folder is searched once, however many links lead to it (two links a folder in a chain of
    folders would otherwise make the walk take twice as long with each folder). The folders
    themselves are searched first; then each link to a folder not yet searched, the first in path
    order, so the names given are the folders' own wherever they can be. A link that leads back to a
    folder it is in is reported, as it would loop forever; a link to a folder searched already is
    passed over quietly, its files being checked under the folder's own name."""
    out = []
    for top in map(Path, paths):
        if not top.is_dir():
            if lessondata.is_dir(top):  # a folder of a lesson's files in the offline website
                out.extend((top / name, None) for name in lessondata.file_names(top, (".yaml", ".yml")))
            else:
                out.append((top, None))
            continue
        found: list[tuple[Path, str | None]] = []
        here = top.stat()
        searched = {(here.st_dev, here.st_ino)}
        todo = [(top, ((here.st_dev, here.st_ino),))]  # a folder, and those it is in, itself included
        links: list = []  # (path, within, folder): links to folders, a heap in path order
        while todo or links:
            if not todo:
                path, within, folder_id = heapq.heappop(links)
                if folder_id not in searched:
                    searched.add(folder_id)
                    todo.append((path, within + (folder_id,)))
                continue
            folder, within = todo.pop()
            try:
                with os.scandir(folder) as listing:
                    entries = list(listing)
            except OSError as exc:
                found.append((folder, f"skipped: cannot read this folder ({exc.strerror or exc})"))
                continue
            for entry in entries:
                path = Path(entry.path)
                try:
                    info = entry.stat()  # of what a symbolic link leads to
                except OSError as exc:
                    found.append((path, f"skipped: {_unreachable(entry, exc)}"))
                    continue
                if stat.S_ISDIR(info.st_mode):
                    folder_id = (info.st_dev, info.st_ino)
                    if folder_id in within:
                        found.append((path, "skipped: a symbolic link to a folder it is in, which would "
                                            "loop forever"))
                    elif entry.is_symlink():
                        heapq.heappush(links, (path, within, folder_id))
                    elif folder_id not in searched:
                        searched.add(folder_id)
                        todo.append((path, within + (folder_id,)))
                elif path.suffix in (".yaml", ".yml"):
                    found.append((path, None))
        out.extend(sorted(found, key=lambda pair: pair[0]))
    return out


def _unreachable(entry: os.DirEntry, exc: OSError) -> str:
    if entry.is_symlink() and exc.errno == errno.ELOOP:
        return "a symbolic link in a loop of links"
    if entry.is_symlink() and exc.errno == errno.ENOENT:
        return "a symbolic link to nothing (what it pointed to is gone)"
    return f"cannot read ({exc.strerror or exc})"
