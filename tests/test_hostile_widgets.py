"""Bad input, round four (issue 28), for the widgets and the Python API: saving a game at a table
(names the system refuses, folders that cannot be written, a write that fails part-way, a named
pipe), a refused new table, the card table's page asking for cards Python does not offer,
arguments of the wrong kind, echoes of hostile input, CARDLAB_LANG that names no language, and
messages kept in sets and dicts across a change of language.

Nothing here writes outside pytest's tmp_path: a folder that cannot be written or a full disk is
made by standing in for ``open`` and ``os.open`` (root ignores permissions)."""

from __future__ import annotations

import builtins
import errno
import io
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab import durak, i18n  # noqa: E402
from cardlab.bots import make_bot  # noqa: E402
from cardlab.cards import CardError  # noqa: E402
from cardlab.i18n import _, language, n_, p_, set_language  # noqa: E402
from cardlab.scenario import load, run  # noqa: E402
from cardlab.widgets import Compare, Referee, SaveError, Stepper, Table, TryIt, WidgetError  # noqa: E402

from test_widgets import ROUTE_A, buttons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def played_table() -> Table:
    """A Durak table a few moves into its game."""
    table = Table("durak", "podkidnoy", seed=1)
    table.bots_move()
    table.press("take")
    return table


def stand_in_for_writes(monkeypatch, folder: Path, code: int | None = None) -> None:
    """Every file opened for writing in ``folder`` (by ``os.open``, the built-in ``open`` or
    ``io.open``, which pathlib uses) fails as the system would with error ``code``; without
    ``code``, it takes the first 40 characters written, then reports a full disk (:class:`_HalfWritten`).
    Anything else opens as usual."""
    real_open, real_os_open = io.open, os.open
    made: set[int] = set()  # descriptors of the files opened for writing in ``folder``

    def inside(file) -> bool:
        return isinstance(file, (str, os.PathLike)) and Path(os.fspath(file)).parent == folder

    def refuse(file):
        raise OSError(code, os.strerror(code), os.fspath(file))

    def fake_os_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR) and inside(path):
            if code is not None:
                refuse(path)
            fd = real_os_open(path, flags, *args, **kwargs)
            made.add(fd)
            return fd
        return real_os_open(path, flags, *args, **kwargs)

    def fake_open(file, mode="r", *args, **kwargs):
        if any(m in mode for m in "wxa+") and (inside(file) or isinstance(file, int) and file in made):
            if code is not None:
                refuse(file)
            return _HalfWritten(real_open(file, mode, *args, **kwargs))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)


class _HalfWritten:
    """A file that takes the first 40 characters written to it, then reports a full disk."""

    def __init__(self, f):
        self._f = f

    def write(self, text: str) -> int:
        self._f.write(text[:40])
        self._f.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *_exc) -> None:
        self._f.close()


# --- saving a game: what the system refuses, in one sentence (API and button) ---------------------

@pytest.mark.parametrize("name, fault", [
    ("game\0.yaml", "NUL"),
    ("x" * 300 + ".yaml", "the name is too long"),
    ("~nosuchuser-cardlab/game.yaml", "no home folder ~nosuchuser-cardlab"),
])
def test_a_name_the_system_refuses_is_one_sentence_and_writes_nothing(tmp_path, monkeypatch, name, fault):
    monkeypatch.chdir(tmp_path)
    table = played_table()
    with pytest.raises(SaveError) as refused:
        table.save_scenario(name)
    said = str(refused.value)
    assert said.startswith("Not saved: ") and fault in said and "\n" not in said and len(said) < 300
    assert table.message.endswith(said)  # the table says so under the account of the game
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("path", [7, b"game.yaml"])
def test_a_file_name_that_is_not_text_is_one_sentence(path):
    with pytest.raises(SaveError, match=r"^Not saved: a file name is text, such as durak_podkidnoy_game1\.yaml"):
        played_table().save_scenario(path)


@pytest.mark.parametrize("code, fault", [(errno.EACCES, "permission denied"), (errno.EROFS, "the disk is read-only")])
def test_a_folder_that_cannot_be_written_is_one_sentence(tmp_path, monkeypatch, code, fault):
    table = played_table()
    stand_in_for_writes(monkeypatch, tmp_path, code)
    target = tmp_path / "game.yaml"
    with pytest.raises(SaveError) as refused:
        table.save_scenario(target)
    assert str(refused.value) == f"Not saved: cannot write {target}: {fault}."
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_cannot_be_written_is_not_replaced(tmp_path, monkeypatch):
    target = tmp_path / "game.yaml"
    target.write_text("kept\n", encoding="utf-8")
    monkeypatch.setattr(os, "access", lambda path, mode, **kwargs: Path(path) != target)
    with pytest.raises(SaveError, match="permission denied"):
        played_table().save_scenario(target, overwrite=True)
    assert target.read_text(encoding="utf-8") == "kept\n"


@pytest.mark.parametrize("path, fault, lang, words", [
    ("game\0.yaml", "NUL", "en", "Not saved: "),
    ("~nosuchuser-cardlab/game.yaml", "~nosuchuser-cardlab", "ja", "保存していません："),
    ("game.yaml", "permission denied", "en", "Not saved: cannot write "),
    ("game.yaml", "沒有權限", "zh-TW", "未儲存：無法寫入 "),
])
def test_the_save_button_says_what_went_wrong_in_one_line(tmp_path, monkeypatch, path, fault, lang, words):
    monkeypatch.chdir(tmp_path)
    stand_in_for_writes(monkeypatch, tmp_path / "my-games", errno.EACCES)  # where a name alone goes
    table = played_table()
    save = buttons(table.widget)["Save as scenario"]
    with language(lang):
        table._path.value = path
        save.click()
        shown = table._aside_html.value
        assert words in shown and fault in shown and shown.count("<br>") == 0
        assert "cardlab-verdict-text" in shown and "#b3261e" in shown  # a refusal's colour
    assert list(tmp_path.iterdir()) == []


# --- saving a game: replacing a file ---------------------------------------------------------------

def test_a_write_that_fails_part_way_leaves_the_saved_game_as_it_was(tmp_path, monkeypatch):
    table = played_table()
    target = tmp_path / "game.yaml"
    table.save_scenario(target)
    first = target.read_text(encoding="utf-8")
    table.bots_move()
    stand_in_for_writes(monkeypatch, tmp_path)
    with pytest.raises(SaveError) as refused:
        table.save_scenario(target, overwrite=True)
    assert str(refused.value) == f"Not saved: cannot write {target}: the disk is full."
    assert target.read_text(encoding="utf-8") == first
    assert run(load(target)).ok
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]  # no partial file left behind


def test_a_file_that_cannot_be_replaced_at_the_end_says_where_the_game_was_kept(tmp_path, monkeypatch):
    table = played_table()
    target = tmp_path / "game.yaml"
    target.write_text("kept\n", encoding="utf-8")

    def refused(_source, _destination):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(SaveError) as refused_save:
        table.save_scenario(target, overwrite=True)
    said = str(refused_save.value)
    assert said.startswith(f"Not saved: cannot replace {target}: Permission denied; what was written is kept in ")
    kept = Path(said.removesuffix(".").rsplit(" kept in ", 1)[1])
    assert target.read_text(encoding="utf-8") == "kept\n" and run(load(kept)).ok


def test_a_replaced_file_keeps_its_permissions_and_any_legal_name_can_be_saved(tmp_path):
    table = played_table()
    target = tmp_path / "game.yaml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    table.save_scenario(target, overwrite=True)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and run(load(target)).ok
    longest = tmp_path / ("g" * 250 + ".yaml")  # 255 bytes: the longest name most file systems take
    assert table.save_scenario(longest).startswith("Saved game 1 (")
    assert run(load(longest)).ok


def test_saving_over_a_named_pipe_is_refused_without_opening_it(tmp_path):
    pipe = tmp_path / "game.yaml"
    os.mkfifo(pipe)
    table = played_table()
    outcome = []

    def save():
        try:
            outcome.append(table.save_scenario(pipe, overwrite=True))
        except Exception as exc:
            outcome.append(exc)

    worker = threading.Thread(target=save, daemon=True)
    worker.start()
    worker.join(timeout=60)
    if worker.is_alive():  # it opened the pipe and waits for a reader: be one, so that the test ends
        reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
        worker.join(timeout=60)
        os.close(reader)
        pytest.fail("saving opened the named pipe and waited for a reader")
    assert len(outcome) == 1 and isinstance(outcome[0], SaveError), outcome
    assert str(outcome[0]).startswith(f"Not saved: {pipe} is not a regular file")
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)


# --- a refused new table changes nothing -----------------------------------------------------------

def snapshot(table: Table) -> tuple:
    return (table.game, table.rules_name, table.players, table.seat, table._player, repr(table),
            table.scenario_text(), str(table.state.describe()), {p: type(b) for p, b in table.bots.items()},
            str(table.status()), str(table.narration))


def daifugo_with_a_bot_for_ding() -> Table:
    table = Table("daifugo", "jdf", bots={"丁": "random"}, seed=2)
    table.bots_move()
    action = make_bot("simple").choose(table.view())
    table.select(*action.cards)
    table.press(action.verb)
    return table


def learner_can_move(table: Table) -> bool:
    action = next(a for a in table.state.legal_actions() if a.player == table.seat)
    return not str(table.type_move(str(action))).startswith("Not an action")


@pytest.mark.parametrize("change", [dict(game="gandengyan", rules="jj"), dict(game="durak", players=2),
                                    dict(players=["Ann", "Bo", "Cy", "Di"])])
def test_a_refused_new_table_changes_nothing(tmp_path, change):
    table = daifugo_with_a_bot_for_ding()
    before = snapshot(table)
    with pytest.raises(WidgetError, match="^bots names '丁', who would not be at the table"):
        table.choose(**change)
    assert snapshot(table) == before
    assert learner_can_move(table)  # not "you play ... at this table"
    table.save_scenario(tmp_path / "game.yaml")
    assert run(load(tmp_path / "game.yaml")).ok


def test_the_new_table_button_says_why_and_the_game_goes_on():
    table = daifugo_with_a_bot_for_ding()
    new_table = buttons(table.widget)["New table"]
    before = snapshot(table)
    table._game_menu.value = "durak"
    table._count_menu.value = 2
    with language("ja"):
        new_table.click()
        assert "新しい卓にしていません：bots で指定された" in table._aside_html.value
    assert snapshot(table) == before


# --- the card table: the page may only ask to select -------------------------------------------------

@pytest.mark.parametrize("code", ["XX", "RJ", "H6"])
def test_the_page_cannot_make_a_card_selectable(code):
    tryit = TryIt(ROUTE_A)
    tryit.widget
    picture = tryit._picture
    offered = [c.code for c in tryit.selectable()]
    assert code not in offered
    picture.set_state({"selectable": [*offered, code], "selected": [code, offered[0]]})  # as the page would send
    assert picture.selectable == offered
    assert [c.code for c in tryit.selected] == [offered[0]]
    picture.set_state({"selected": [code]})
    assert tryit.selected == ()


# --- arguments of the wrong kind: one sentence naming the argument ------------------------------------

def durak_state():
    return durak.new_game("podkidnoy", ["甲", "乙"], seed=1)


BAD_ARGUMENTS = {
    "seed='7'": (lambda: Table("durak", "podkidnoy", seed="7"), WidgetError, "seed"),
    "seed=1.5": (lambda: Table("durak", "podkidnoy", seed=1.5), WidgetError, "seed"),
    "bots=['random']": (lambda: Table("durak", "podkidnoy", bots=["random"]), WidgetError, "bots"),
    "bots={乙: None}": (lambda: Table("durak", "podkidnoy", bots={"乙": None}), WidgetError, "bot"),
    "players=True": (lambda: Table("durak", "podkidnoy", players=True), WidgetError, "players"),
    "players=2.0": (lambda: Table("durak", "podkidnoy", players=2.0), WidgetError, "players"),
    "game=[]": (lambda: Table([], "podkidnoy"), WidgetError, "game"),
    "pause='x'": (lambda: Table("durak", "podkidnoy", pause="x"), WidgetError, "pause"),
    "pause=inf": (lambda: Table("durak", "podkidnoy", pause=float("inf")), WidgetError, "pause"),
    "pause=nan": (lambda: Table("durak", "podkidnoy", pause=float("nan")), WidgetError, "pause"),
    "pause=-1": (lambda: Table("durak", "podkidnoy", pause=-1), WidgetError, "pause"),
    "match='no'": (lambda: Table("durak", "podkidnoy", match="no"), WidgetError, "match"),
    "four_colour='no'": (lambda: TryIt(ROUTE_A, four_colour="no"), WidgetError, "four_colour"),
    "size=[]": (lambda: TryIt(ROUTE_A, size=[]), WidgetError, "size"),
    "Compare rules_b=None": (lambda: Compare(ROUTE_A, "podkidnoy", None), WidgetError, "rules_b"),
    "Compare rules_a=None": (lambda: Compare(durak_state(), None, "perevodnoy"), WidgetError, "rules_a"),
    "TryIt(-1)": (lambda: TryIt(-1), WidgetError, "source"),
    "Stepper four_colour='no'": (lambda: Stepper(ROUTE_A, four_colour="no"), WidgetError, "four_colour"),
    "TryIt.press(None)": (lambda: TryIt(ROUTE_A).press(None), WidgetError, "verb"),
    "TryIt.type_move(None)": (lambda: TryIt(ROUTE_A).type_move(None), WidgetError, "move"),
    "TryIt.select(None)": (lambda: TryIt(ROUTE_A).select(None), CardError, "card"),
    "TryIt.select([S6])": (lambda: TryIt(ROUTE_A).select(["S6"]), CardError, "card"),
    "Table.press(None)": (lambda: played_table().press(None), WidgetError, "verb"),
    "Table.type_move(None)": (lambda: played_table().type_move(None), WidgetError, "move"),
}


@pytest.mark.parametrize("case", BAD_ARGUMENTS)
def test_an_argument_of_the_wrong_kind_is_one_sentence_naming_it(case):
    make, kind, name = BAD_ARGUMENTS[case]
    with pytest.raises(ValueError) as refused:
        make()
    said = str(refused.value)
    assert type(refused.value) is kind, f"{type(refused.value).__name__}: {said}"
    assert name in said and "\n" not in said and len(said) < 200, said


def test_a_table_with_seed_none_deals_with_a_fresh_seed_it_keeps():
    table = Table("durak", "podkidnoy", seed=None)
    assert isinstance(table.seed, int) and 0 <= table.seed
    assert table.scenario()["source"] == f"cardlab Table, seed {table.seed}"
    assert Table("durak", "podkidnoy", seed=table.seed).scenario() == table.scenario()


# --- echoes of hostile input ---------------------------------------------------------------------------

LONG = "X" * 10_000

ECHOES = {
    "a typed card (try-it)": lambda: TryIt(ROUTE_A).type_move("A attack S" + LONG),
    "a typed card (table)": lambda: played_table().type_move("attack " + LONG),
    "a typed player": lambda: TryIt(ROUTE_A).type_move(LONG + " attack S6"),
    "a typed verb": lambda: TryIt(ROUTE_A).type_move("A " + LONG),
    "a wild card": lambda: TryIt(ROUTE_A).type_move("A attack W" + "9" * 10_000),
    "a pressed verb": lambda: TryIt(ROUTE_A).press(LONG),
    "a seat pressed for": lambda: TryIt(ROUTE_A).press("take", player=LONG),
}


@pytest.mark.parametrize("case", ECHOES)
def test_a_verdict_echoes_at_most_a_shortened_input(case):
    said = str(ECHOES[case]())
    assert said.startswith("Not an action: ") and "…" in said and len(said) < 300, said[:400]


RAISED = {
    "a selected card": lambda: TryIt(ROUTE_A).select(LONG),
    "a language": lambda: set_language(LONG),
    "a seat": lambda: Table("durak", "podkidnoy", seat=LONG),
    "a stepper's seat": lambda: Stepper(ROUTE_A, seat=LONG),
    "a referee's example": lambda: Referee(ROUTE_A.parent).ask(LONG, 0, "A take"),
    "a rule set": lambda: Compare(ROUTE_A, "podkidnoy", LONG),
    "a saved game's name": lambda: played_table().save_scenario("/" + LONG),
}


@pytest.mark.parametrize("case", RAISED)
def test_an_error_echoes_at_most_a_shortened_input(case):
    with pytest.raises(ValueError) as refused:
        RAISED[case]()
    said = str(refused.value)
    assert "…" in said and LONG[:61] not in said and "\n" not in said, said[:400]


# --- CARDLAB_LANG that names no language ---------------------------------------------------------------

def test_a_cardlab_lang_cardlab_does_not_speak_is_said_once(monkeypatch, capsys):
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)
    assert i18n.default_language({"CARDLAB_LANG": "jp"}) == "en"
    assert i18n.default_language({"CARDLAB_LANG": "jp", "LANG": "ja_JP.UTF-8"}) == "ja"
    err = capsys.readouterr().err
    assert err == "cardlab speaks en, zh-TW, ja; not CARDLAB_LANG='jp' (did you mean ja?): speaking en instead\n"
    assert i18n.default_language({"CARDLAB_LANG": "x" * 10_000}) == "en"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "…" in err and len(err) < 200
    assert i18n.default_language({"CARDLAB_LANG": "ja"}) == "ja" and capsys.readouterr().err == ""


def test_cardlab_lang_jp_is_said_when_cardlab_is_imported():
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-c", "import cardlab; print(cardlab.get_language())"],
                          env=dict(env, CARDLAB_LANG="jp", PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=120)
    assert done.stdout == "en\n"
    assert done.stderr.splitlines() == ["cardlab speaks en, zh-TW, ja; not CARDLAB_LANG='jp' (did you mean ja?): "
                                        "speaking en instead"]


def test_set_language_suggests_the_tag_meant():
    with pytest.raises(ValueError, match=r"^cardlab speaks en, zh-TW, ja; not 'jp' \(did you mean ja\?\)$"):
        set_language("jp")
    with pytest.raises(ValueError, match=r"not 'zh' \(did you mean zh-TW\?\)$"):
        set_language("zh")


# --- a message's identity does not change with the language ----------------------------------------------

def test_a_message_keeps_its_place_in_a_set_or_dict_whatever_the_language():
    table = played_table()
    refusal = durak_state().check(durak_state().parse_action("甲 attack S6"))
    messages = [_("Nothing to undo."), n_("{count} hidden card", "{count} hidden cards", 3),
                p_("button", "Undo"), table.status(), refusal.text(), table.narration]
    kept, numbered = set(messages), {m: i for i, m in enumerate(messages)}
    hashes = [hash(m) for m in messages]
    assert len(kept) == len(messages)
    for lang in ("ja", "zh-TW", "en"):
        with language(lang):
            assert all(m in kept for m in messages)
            assert [numbered[m] for m in messages] == list(range(len(messages)))
            assert [hash(m) for m in messages] == hashes
            assert _("Nothing to undo.") in kept  # an equal message, made in another language
            assert messages[0] == str(messages[0])  # a message and its text in the current language
    with language("ja"):
        assert messages[0] != "Nothing to undo."
