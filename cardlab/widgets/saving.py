"""Saving a game table's game as a scenario file (:meth:`Table.save_scenario
<cardlab.widgets.Table.save_scenario>`): the YAML as scenario files are written, and the file
written only where that is safe, or a :class:`SaveError` saying why not."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import NoReturn

import yaml

from ..i18n import N_, _, shorten, shown
from ..outfile import OutFile, OutFileError
from .args import WidgetError


class SaveError(WidgetError):
    """A game that was not saved (:meth:`Table.save_scenario <cardlab.widgets.Table.save_scenario>`).
    The message is one sentence, in the language current when it is read, saying where and why;
    the table shows it too."""


# Why a file could not be written, by the system's error number, as a learner reads it.
_WRITE_FAULTS = {errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
                 errno.EROFS: N_("the disk is read-only"), errno.ENOSPC: N_("the disk is full"),
                 errno.ENAMETOOLONG: N_("the name is too long"), errno.ELOOP: N_("too many symbolic links")}
if hasattr(errno, "EDQUOT"):
    _WRITE_FAULTS[errno.EDQUOT] = N_("the disk quota is used up")


def _fault(exc: OSError):
    """Why ``exc`` stopped a write, in the current language (the system's own words for a rare one)."""
    if exc.errno in _WRITE_FAULTS:
        return _(_WRITE_FAULTS[exc.errno])
    return exc.strerror or str(exc)


def _place(path) -> str:
    """A path as a refusal echoes it, on one line: whole up to 100 characters, else its start and
    its end; a character that cannot be shown (a newline, NUL) as Python writes it, ``\\n``."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))
    return text if len(text) <= 100 else f"{text[:48]}…{text[-48:]}"


def _not_saved(message) -> NoReturn:
    raise SaveError(message) from None  # the sentence says it all: no system error under it


class _ScenarioDumper(yaml.SafeDumper):
    """YAML as the scenario files are written: a list of cards (or players) on one line,
    ``[S8, D8, CQ]``; steps a line each."""


def _list(dumper: yaml.SafeDumper, items: list):
    flow = all(isinstance(x, str) and " " not in x for x in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=flow)


_ScenarioDumper.add_representer(list, _list)


def scenario_yaml(scenario: dict) -> str:
    """``scenario`` (a scenario file's content) as YAML text, as scenario files are written."""
    return yaml.dump(scenario, Dumper=_ScenarioDumper, allow_unicode=True, sort_keys=False, width=100)


def target(path, example: str) -> tuple[Path, os.stat_result | None]:
    """The file ``path`` names, as a full path with links followed, and what is there now (None:
    nothing); :class:`SaveError` when it cannot be a scenario file a table writes (``example``: a
    file name to suggest). Nothing is opened: a named pipe would wait for a reader."""
    if not isinstance(path, (str, os.PathLike)) or not isinstance(os.fspath(path), str):
        _not_saved(_("Not saved: a file name is text, such as {example}, not {value}.",
                     example=example, value=shown(path)))
    name = os.fspath(path)
    if "\0" in name:
        _not_saved(_("Not saved: a file name cannot hold the character NUL ({path}).", path=_place(name)))
    try:
        found_path = Path(name).expanduser()
    except RuntimeError:  # ~someone: no such user, or no home folder
        user = name.split("/")[0].split(os.sep)[0]
        _not_saved(_("Not saved: there is no home folder {user} (in {path}).", user=shorten(user), path=_place(name)))
    try:
        found_path = found_path.resolve()
        if not found_path.parent.is_dir():
            _not_saved(_("Not saved: there is no folder {folder}.", folder=_place(found_path.parent)))
        found = os.stat(found_path)
    except FileNotFoundError:
        return found_path, None
    except (OSError, RuntimeError) as exc:  # RuntimeError: links in a loop, before Python 3.13
        reason = _fault(exc) if isinstance(exc, OSError) else _(_WRITE_FAULTS[errno.ELOOP])
        _not_saved(_("Not saved: cannot write {path}: {reason}.", path=_place(found_path), reason=reason))
    if stat.S_ISDIR(found.st_mode):
        _not_saved(_("Not saved: {path} is a folder; give a file name, such as {example}.",
                     path=_place(found_path), example=_place(found_path / example)))
    if not stat.S_ISREG(found.st_mode):
        _not_saved(_("Not saved: {path} is not a regular file (it may be a named pipe or a device); "
                     "give the name of a new file.", path=_place(found_path)))
    if not os.access(found_path, os.W_OK):
        _not_saved(_("Not saved: cannot write {path}: {reason}.", path=_place(found_path),
                     reason=_(_WRITE_FAULTS[errno.EACCES])))
    return found_path, found


def save(path, text: str, example: str, overwrite: bool = False) -> Path:
    """Write ``text`` to the file ``path`` names (:func:`target`) and return its full path: a
    regular file only, nothing into a folder that does not exist, nor over a file that exists
    unless ``overwrite``. The text goes to a new file in the same folder, which replaces the old
    one once complete (:class:`~cardlab.outfile.OutFile`): a write that fails part-way (a full disk)
    leaves an earlier file as it was. Raises :class:`SaveError`, saying why, when it writes nothing."""
    written, found = target(path, example)
    if found is not None and not overwrite:
        _not_saved(_("Not saved: {path} already exists; save it with overwrite=True to replace it.",
                     path=_place(written)))
    try:
        with OutFile(written) as f:
            f.write(text)
    except OSError as exc:
        if isinstance(exc, OutFileError) and exc.errno not in _WRITE_FAULTS:
            _not_saved(_("Not saved: {reason}.", reason=str(exc)))  # the sentence names the file
        _not_saved(_("Not saved: cannot write {path}: {reason}.", path=_place(written), reason=_fault(exc)))
    return written
