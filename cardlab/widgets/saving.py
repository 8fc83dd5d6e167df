"""Saving a game table's game as a scenario file (:meth:`Table.save_scenario
<cardlab.widgets.Table.save_scenario>`): the YAML as scenario files are written, and the file
written only where that is safe, or a :class:`SaveError` saying why not.

Where a learner's game goes: a file name without a folder goes into :data:`MY_GAMES`, a folder
beside the notebook made when first needed (:func:`placed`). Beside the notebook, JupyterLab's
file browser shows it wherever the lessons run (``make lab``, Binder, a school's JupyterHub, the
offline site's files), which a folder in the home folder would not be; the project's
``.gitignore`` leaves it out, so a learner's games never show in a teacher's clone as changes."""

from __future__ import annotations

import errno
import os
import shlex
import stat
from contextlib import contextmanager
from html import escape
from pathlib import Path
from typing import NoReturn

import yaml

from ..i18n import N_, _, n_, p_, shorten, shown
from ..outfile import OutFile, OutFileError
from .args import WidgetError
from .base import REFUSED


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


# The folder for a learner's own files, beside the notebook.
MY_GAMES = "my-games"


def placed(path) -> tuple:
    """Where a learner's file goes, and the folder that may be made for it: a file name without a
    folder goes into :data:`MY_GAMES` (``("my-games/game.yaml", Path("my-games"))``); anything
    else as it is written, with no folder to make (``None``). A value that is no file name is
    left for :func:`target` to refuse."""
    if isinstance(path, (str, os.PathLike)) and isinstance(os.fspath(path), str):
        name = os.fspath(path)
        if name not in ("", ".", "..") and not name.startswith("~") and os.path.basename(name) == name:
            return os.path.join(MY_GAMES, name), Path(MY_GAMES)
    return path, None


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


def target(path, example: str, folder: Path | None = None) -> tuple[Path, os.stat_result | None]:
    """The file ``path`` names, as a full path with links followed, and what is there now (None:
    nothing); :class:`SaveError` when it cannot be a scenario file a table writes (``example``: a
    file name to suggest). ``folder`` (:func:`placed`) is the one folder that may be missing, as
    :func:`save` makes it. Nothing is opened: a named pipe would wait for a reader."""
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
            if folder is not None and not os.path.lexists(folder) and found_path.parent == Path(folder).resolve():
                return found_path, None
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


def save(path, text: str, example: str, overwrite: bool = False, folder: Path | None = None) -> Path:
    """Write ``text`` to the file ``path`` names (:func:`target`) and return its full path: a
    regular file only, nothing into a folder that does not exist (but ``folder``, :func:`placed`'s
    folder for a learner's files, made when missing), nor over a file that exists unless
    ``overwrite``. The text goes to a new file in the same folder, which replaces the old one once
    complete (:class:`~cardlab.outfile.OutFile`): a write that fails part-way (a full disk) leaves
    an earlier file as it was, and a folder made for it is taken away again. Raises
    :class:`SaveError`, saying why, when it writes nothing."""
    written, found = target(path, example, folder)
    if found is not None and not overwrite:
        _not_saved(_("Not saved: {path} already exists; save it with overwrite=True to replace it.",
                     path=_place(written)))
    made = None
    if not written.parent.is_dir():
        try:
            written.parent.mkdir()
        except OSError as exc:
            _not_saved(_("Not saved: cannot make the folder {folder}: {reason}.", folder=_place(written.parent),
                         reason=_fault(exc)))
        made = written.parent
    try:
        with OutFile(written) as f:
            f.write(text)
    except OSError as exc:
        if made is not None:
            _remove_empty(made)
        if isinstance(exc, OutFileError) and exc.errno not in _WRITE_FAULTS:
            _not_saved(_("Not saved: {reason}.", reason=str(exc)))  # the sentence names the file
        _not_saved(_("Not saved: cannot write {path}: {reason}.", path=_place(written), reason=_fault(exc)))
    return written


def _remove_empty(folder: Path) -> None:
    """Take away ``folder``, made for a file that could not be written, if nothing else is in it."""
    try:
        folder.rmdir()
    except OSError:
        pass  # something else was put there meanwhile: it stays


class GameSaving:
    """What a game table (:class:`~cardlab.widgets.Table`) does to save its game: the game as a
    scenario, the file written, and the view's file name box, Save as scenario and the question
    before a file is replaced. The table holds what it reads: ``game``, ``rules_name``, ``number``,
    ``seed``, ``players``, ``spec``, the position ``_state``, ``_deal`` and ``_steps``, and shows
    what it says with ``_aside``."""

    def scenario(self) -> dict:
        """The current game as a scenario (SCENARIOS.md): the deal as dealt at its start, every
        action as a step (refused ones as ``do``/``reject``), then what holds now."""
        state = self._state
        expect = self.spec.expect_spec(state)
        return {"title": f"{self.game} ({self.rules_name}), game {self.number}, as played at the table",
                "source": f"cardlab Table, seed {self.seed}",
                "game": self.game, "rules": self.rules_name, "players": list(self.players),
                "deal": self._deal, "steps": [*self._steps, {"expect": expect}]}

    def scenario_text(self) -> str:
        """:meth:`scenario` as YAML text."""
        return scenario_yaml(self.scenario())

    def save_scenario(self, path: str | Path | None = None, overwrite: bool = False) -> str:
        """Write the current game as a scenario file that ``cardlab check`` and the stepper
        accept; returns what was written where, with its full path in the command that checks it.

        A file name without a folder (and no ``path``: the game's own name, such as
        ``durak_podkidnoy_game1.yaml``) goes into :data:`~cardlab.widgets.MY_GAMES`, the
        folder for a learner's own files beside the notebook (made when first needed, and left out
        of the project's git by its ``.gitignore``): JupyterLab's file browser shows it with the
        lessons, and a lesson's files stay as they are. A path with a folder is written as given.

        Writes a regular file only, and nothing into a folder that does not exist, nor over a file
        that exists unless ``overwrite`` (the view asks first). The game goes to a new file in the
        same folder, which replaces the old one once complete (:class:`~cardlab.outfile.OutFile`): a
        write that fails part-way (a full disk) leaves an earlier saved game as it was. When it writes nothing it raises
        :class:`SaveError`, one sentence saying why (no such folder, a folder, a file that exists,
        a named pipe or device, a name the system refuses, no permission ...), which the table
        shows too."""
        with self._showing_why_not():
            where, folder = placed(self._default_path() if path is None else path)
            written = save(where, self.scenario_text(), self._default_path(), overwrite, folder)
        command = f"cardlab check {shlex.quote(str(written))}"
        if folder is not None:
            return self._aside(n_("Saved game {number} ({count} step) in {folder}, the folder for your own files: "
                                  "{path}; check it with: {command}",
                                  "Saved game {number} ({count} steps) in {folder}, the folder for your own files: "
                                  "{path}; check it with: {command}",
                                  len(self._steps), number=self.number, folder=MY_GAMES, path=str(written),
                                  command=command))
        return self._aside(n_("Saved game {number} ({count} step) as {path}; check it with: {command}",
                              "Saved game {number} ({count} steps) as {path}; check it with: {command}",
                              len(self._steps), number=self.number, path=str(written), command=command))

    @contextmanager
    def _showing_why_not(self):
        """Show why nothing was saved (a :class:`SaveError`, raised on)."""
        try:
            yield
        except SaveError as exc:
            self._aside(exc.args[0], REFUSED)
            raise

    def _save_controls(self, ipw) -> list:
        """The file name box and Save as scenario; under them, shown only while it asks, whether to
        replace a file that exists."""
        self._path = ipw.Text(layout=ipw.Layout(flex="1 1 12em", max_width="24em"))
        self._label(self._path, "description", p_("text box", "File"))
        self._save = ipw.Button(layout=ipw.Layout(width="auto"))
        self._save.on_click(lambda _button: self._on_save())
        self._label(self._save, "description", p_("button", "Save as scenario"))
        self._label(self._save, "tooltip", _("write this game as a scenario file"))
        self._replace = ipw.Button(button_style="warning", layout=ipw.Layout(width="auto"))
        self._replace.on_click(lambda _button: self._on_save(overwrite=True))
        self._label(self._replace, "description", p_("button", "Replace it"))
        self._keep = ipw.Button(layout=ipw.Layout(width="auto"))
        self._keep.on_click(lambda _button: self._on_keep())
        self._label(self._keep, "description", p_("button", "Keep it"))
        self._confirming = None  # the file the learner is asked about replacing
        self._confirm_text = ipw.HTML()
        self._confirm = ipw.HBox([self._confirm_text, self._replace, self._keep],
                                 layout=ipw.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self._confirm.add_class("cardlab-confirm")
        # The button goes under the box where the column is too narrow for both.
        return [ipw.HBox([self._path, self._save], layout=ipw.Layout(flex_flow="row wrap")), self._confirm]

    def _default_path(self) -> str:
        return f"{self.game}_{self.rules_name}_game{self.number}.yaml"

    def _on_save(self, overwrite: bool = False) -> None:
        """Save as scenario: a file that exists already is replaced only once confirmed; why
        nothing was saved is shown under the account of the game."""
        self._confirming = None
        self._confirm.layout.display = "none"
        try:
            with self._showing_why_not():
                name = self._path.value.strip() or None
                where, folder = placed(self._default_path() if name is None else name)
                written, found = target(where, self._default_path(), folder)
            if found is not None and not overwrite:
                self._confirming = written
                self._confirm_text.value = self._confirm_html()
                self._confirm.layout.display = None
                return
            self.save_scenario(name, overwrite=overwrite)
        except SaveError:
            pass  # the table shows why

    def _confirm_html(self) -> str:
        return escape(str(_("{path} already exists. Replace it?", path=str(self._confirming)))) + "&nbsp;"

    def _on_keep(self) -> None:
        self._confirming = None
        self._confirm.layout.display = "none"
        self._aside(_("Not saved: the file is kept as it was."))
