"""A file the user names for output (``cardlab simulate --out``), written so that nothing is lost.

::

    out = OutFile(path)        # checked now, before any work: raises OutFileError
    with out as f:             # a text stream; when the block ends, the file is in place
        f.write(text)

Where ``path`` is, or leads by symbolic links to, a regular file or nothing yet, the text goes to
a new file beside that file (``.cardlab-XXXXXXXX.tmp``, a short name, so that any legal name can
be written) made at once, and replaces the file only when the ``with`` block ends without an error:
the file is never left half-written, an error or Ctrl-C leaves it as it was, a link stays a link
(its target is replaced) and the replacement keeps the permissions of the file it replaces. A file
that exists and cannot be replaced (another user's, in a sticky folder such as ``/tmp``) is
refused when the :class:`OutFile` is made.

Where ``path`` is not a regular file (a named pipe, a terminal or another device), it is opened
when the :class:`OutFile` is made (for a named pipe, that waits for a reader, as a shell's ``>``
does) and written as the text comes: it is never replaced.

Should the file change while the text is written (another run writing the same file), it is
left as the other program made it and :meth:`OutFile.commit` raises :class:`OutFileError` naming
the file where the text was kept instead. When the file cannot be replaced at the end, the text is
kept there too.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import suppress


class OutFileError(OSError):
    """A file that cannot be written, or was not; the message is one sentence naming it. ``errno``
    is the system's error number behind it, where there is one (a caller may say it in its own
    words: cardlab's game table does, in the learner's language)."""


def _because(error: OutFileError, exc: OSError) -> OutFileError:
    """``error``, with the error number of ``exc``, the fault behind it."""
    error.errno = exc.errno
    return error


class OutFile:
    """The file ``path``, checked and ready to be written (see the module's docstring). Raises
    :class:`OutFileError` for a file that cannot be written."""

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        self.target = os.path.realpath(self.path)  # the file itself, past any symbolic link
        self.partial: str | None = None  # the new file beside the target, for a regular file
        self.stream = None
        try:
            found = os.stat(self.target)
        except FileNotFoundError:
            found = None
        except OSError as exc:
            raise self._error(exc) from None
        self.special = found is not None and not stat.S_ISREG(found.st_mode)
        if self.special:
            if stat.S_ISDIR(found.st_mode):
                raise OutFileError(f"cannot write {self.path}: it names a folder, not a file")
            try:
                # No O_CREAT or O_TRUNC: a device or pipe is written to, never made or emptied.
                fd = os.open(self.target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
            except OSError as exc:
                raise self._error(exc) from None
        else:
            _check_replaceable(self.path, self.target, found)
            fd = self._make_partial(found)
        self._identity = _identity(found)
        self.stream = open(fd, "w", newline="", encoding="utf-8")

    def _make_partial(self, found: os.stat_result | None) -> int:
        folder = os.path.dirname(self.target)
        while True:
            partial = os.path.join(folder, f".cardlab-{secrets.token_hex(4)}.tmp")
            try:
                fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                continue
            except FileNotFoundError:
                raise OutFileError(f"cannot write {self.path}: there is no folder {folder}") from None
            except OSError as exc:
                raise _because(OutFileError(f"cannot write {self.path}: cannot make a file in {folder}: "
                                            f"{exc.strerror or exc}"), exc) from None
            self.partial = partial
            break
        if found is not None:
            # The file that will be replaced keeps its permissions, where the file system has them.
            with suppress(OSError):
                os.fchmod(fd, stat.S_IMODE(found.st_mode) & 0o777)
        return fd

    def _error(self, exc: OSError) -> OutFileError:
        return _because(OutFileError(f"cannot write {self.path}: {exc.strerror or exc}"), exc)

    def __enter__(self):
        return self.stream

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

    def commit(self) -> None:
        """Put the text in place: close the stream and, for a regular file, replace the file with
        the new one, unless the file changed since this :class:`OutFile` was made. Raises
        :class:`OutFileError` naming where the text was kept when it could not be put in place."""
        try:
            self.stream.close()  # the last of the text is written now, and may not fit
        except BaseException:
            self.discard()
            raise
        if self.partial is None:
            return
        partial, self.partial = self.partial, None  # from here on, kept or in place: never removed
        try:
            now = os.stat(self.target)
        except FileNotFoundError:
            now = None
        except OSError as exc:
            raise self._kept(exc.strerror or str(exc), partial) from None
        if now is not None and _identity(now) != self._identity:  # one removed is no one's loss
            raise OutFileError(f"{self.path} was {'made' if self._identity is None else 'changed'} by "
                               f"another program while this one wrote it: it was left as it is, and "
                               f"what was written is kept in {partial}")
        try:
            os.replace(partial, self.target)
        except OSError as exc:
            raise self._kept(exc.strerror or str(exc), partial) from None

    def _kept(self, fault: str, partial: str) -> OutFileError:
        return OutFileError(f"cannot replace {self.path}: {fault}; what was written is kept in {partial}")

    def discard(self) -> None:
        """Close the stream and remove the new file: a regular file is left as it was."""
        if self.stream is not None:
            self.stream.close()
        if self.partial is not None:
            with suppress(FileNotFoundError):
                os.remove(self.partial)
            self.partial = None


def _identity(found: os.stat_result | None) -> tuple | None:
    """What tells a file from the same file changed or replaced."""
    if found is None:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns


def _check_replaceable(path: str, target: str, found: os.stat_result | None) -> None:
    """Raise :class:`OutFileError` when ``target`` exists and this process may not replace it: in a
    sticky folder (``/tmp``), only the owner of the file or of the folder, or root, may."""
    if found is None:
        return
    user = os.geteuid() if hasattr(os, "geteuid") else None
    if user is None or user == 0 or found.st_uid == user:
        return
    try:
        folder = os.stat(os.path.dirname(target))
    except OSError as exc:
        raise OutFileError(f"cannot write {path}: {exc.strerror or exc}") from None
    if folder.st_mode & stat.S_ISVTX and folder.st_uid != user:
        raise OutFileError(f"cannot write {path}: it belongs to another user, in a folder where only a "
                           f"file's owner may replace it ({os.path.dirname(target)})")
