"""Writing a file so that it is never left half-written.

:func:`replacing` writes a new file in the same folder and puts it in place of the old one only
once it is complete (``os.replace``, atomic on one file system): a full disk, a quota or an
interrupt part-way leaves the old file as it was and no partial file behind. It is for regular
files; a caller that may be pointed at anything else (a named pipe, a device) decides first
what to do with it, since replacing one would swap it for a plain file.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import contextmanager, suppress
from typing import IO, Iterator


@contextmanager
def replacing(path: str | os.PathLike, newline: str | None = None) -> Iterator[IO[str]]:
    """A new UTF-8 text file to write, which replaces ``path`` when the ``with`` block ends
    without an error (a file that was there keeps its permissions). On an error or an interrupt
    the new file is removed and ``path`` is left as it was. The new file's name is short
    whatever the length of ``path``'s, so a name as long as the file system allows can be
    written."""
    folder = os.path.dirname(os.path.abspath(path))
    partial = os.path.join(folder, f".cardlab-{secrets.token_hex(6)}.partial")
    f = open(partial, "x", newline=newline, encoding="utf-8")
    try:
        with f:
            yield f
        with suppress(FileNotFoundError):
            os.chmod(partial, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(partial, path)
    except BaseException:
        with suppress(OSError):  # the error that stopped the write is the one to report
            os.remove(partial)
        raise


def write_text(path: str | os.PathLike, text: str) -> None:
    """``text`` as the whole of the UTF-8 file ``path``, through :func:`replacing`."""
    with replacing(path) as f:
        f.write(text)
