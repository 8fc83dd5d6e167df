"""``cardlab.simulate`` and ``cardlab simulate``: the rows and their CSV, the same rows whatever
runs the games (here, a process pool or a Dask cluster), one-line refusals of bad arguments, memory
that does not grow with the games, a CSV never half-written, and Ctrl-C."""

from __future__ import annotations

import contextlib
import csv
import importlib
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import islice
from pathlib import Path

import pytest

from cardlab import cli, simulate
from cardlab.simulate import (CHUNK, COLUMNS, IN_FLIGHT, MAX_GAMES, SimulationError, iter_rows, play_game, report,
                              seating, write_csv)

ROOT = Path(__file__).resolve().parent.parent

WHERE = [("durak", "perevodnoy", 3), ("daifugo", "yeeqia", 4), ("daifugo", "jdf", 4), ("gandengyan", "jj", 3),
         ("gandengyan", "yiqi", 2)]


@pytest.mark.parametrize("game,rules,players", WHERE)
def test_rows_one_per_player_per_game(game, rules, players):
    rows = simulate(game, rules, games=3, players=players, bots=("simple", "random"), seed=5, as_frame=False)
    assert len(rows) == 3 * players
    assert all(tuple(r) == COLUMNS for r in rows)
    for gid in range(3):
        game_rows = [r for r in rows if r["game_id"] == gid]
        assert sorted(r["seat"] for r in game_rows) == list(range(1, players + 1))
        assert sum(r["place"] for r in game_rows) == pytest.approx(players * (players + 1) / 2)
        assert [r["bot"] for r in game_rows].count("random") == players - 1
        assert len({r["seed"] for r in game_rows}) == 1
        assert all(r["decisions"] >= 0 for r in game_rows)
    points = {r["points"] is None for r in rows}
    revolutions = {r["revolutions"] is None for r in rows}
    assert points == {rules != "yeeqia"}
    assert revolutions == {game != "daifugo"}


def test_bots_change_seats_each_game():
    assert seating(["montecarlo", "simple"], 4, 0) == ["montecarlo", "simple", "simple", "simple"]
    assert seating(["montecarlo", "simple"], 4, 1) == ["simple", "montecarlo", "simple", "simple"]
    rows = simulate("durak", "podkidnoy", games=4, bots=("simple", "random"), as_frame=False)
    assert [r["bot"] for r in rows if r["player"] == "p1"] == ["simple", "random", "simple", "random"]


def test_a_game_plays_the_same_from_its_seed():
    assert play_game("gandengyan", "yiqi", ["montecarlo", "simple"], seed=11, players=3) == \
        play_game("gandengyan", "yiqi", ["montecarlo", "simple"], seed=11, players=3)


def test_same_seed_same_rows_with_one_or_two_workers(tmp_path):
    args = dict(game="durak", rules="podkidnoy", games=8, players=2, bots=("montecarlo", "simple"), seed=3,
                as_frame=False)
    alone = simulate(**args)
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate(executor=pool, **args)
    assert pooled == alone
    assert simulate(**{**args, "seed": 4}) != alone


def test_the_cli_writes_the_same_csv_with_one_or_two_workers(tmp_path, capsys):
    paths = []
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.csv"
        status = cli.main(["simulate", "daifugo", "jdf", "--games", "12", "--bots", "simple,random",
                           "--seed", "9", "--workers", str(workers), "--out", str(path)])
        assert status == 0
        paths.append(path)
    assert paths[0].read_bytes() == paths[1].read_bytes()
    with open(paths[0], newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    assert tuple(table[0]) == COLUMNS
    assert len(table) == 1 + 12 * 4
    row = dict(zip(COLUMNS, table[1]))
    assert row["game"] == "daifugo" and row["rules"] == "jdf" and row["points"] == ""
    assert row["revolutions"].isdigit() and row["place"] in {"1", "2", "3", "4"}
    out = capsys.readouterr().out
    assert "by bot" in out and "by seat" in out and "Note:" in out and "games/s" in out


@pytest.mark.parametrize("argv,message", [
    (["simulate", "durak", "podkidnoy"], "--games"),
    (["simulate", "durak", "podkidnoy", "--games", "ten"], "invalid int value"),
    (["simulate", "durak", "podkidnoy", "--games", "0"], "at least 1"),
    (["simulate", "chess", "classic", "--games", "3"], "no game 'chess'"),
    (["simulate", "durak", "jdf", "--games", "3"], "no rule set 'jdf'"),
    (["simulate", "daifugo", "jdf", "--games", "3", "--players", "5"], "for 4 players, not 5"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--bots", "simple,clever"], "no bot named 'clever'"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--bots", "simple,simple,simple"], "3 bots named for 2"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--workers", "0"], "at least 1"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--out", "/no/such/folder/x.csv"], "cannot write"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--colour", "red"], "unrecognized arguments"),
    (["simulate", "durak", "podkidnoy", "--games", "1" + "0" * 30], f"at most {MAX_GAMES:,} games"),
    (["simulate", "durak", "podkidnoy", "--games", str(MAX_GAMES + 1)], f"at most {MAX_GAMES:,} games"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--workers", "10000"], f"at most {cli.MAX_WORKERS} "),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--workers", str(cli.MAX_WORKERS + 1)], "per CPU"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--out", ""], "--out needs a file name"),
    (["simulate", "durak", "podkidnoy", "--games", "3", "--out", "no-such-folder/"], "names a folder"),
])
def test_bad_arguments_exit_2_with_one_line(argv, message, capsys):
    try:
        status = cli.main(argv)
    except SystemExit as exc:
        status = exc.code
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith("cardlab simulate: ")


def test_a_data_frame_when_pandas_is_installed():
    pd = pytest.importorskip("pandas")
    frame = simulate("gandengyan", "yiqi", games=2, players=3, bots=("simple",))
    assert isinstance(frame, pd.DataFrame) and tuple(frame.columns) == COLUMNS and len(frame) == 6
    assert "simple" in report(frame)


def test_a_dask_cluster_plays_the_same_games():
    distributed = pytest.importorskip("distributed", reason="distributed is not installed (pip install "
                                      "'cardlab[cluster]' to run the cluster test)")
    args = dict(game="gandengyan", rules="yiqi", games=20, players=3, bots=("simple", "random"), seed=2,
                as_frame=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            rows = simulate(executor=client.get_executor(), **args)
    assert rows == simulate(**args)


def test_the_output_must_name_a_file_and_nothing_is_played_otherwise(tmp_path, capsys):
    for out in (str(tmp_path), str(tmp_path) + os.sep, str(tmp_path / "new") + os.sep):
        assert cli.main(["simulate", "durak", "podkidnoy", "--games", "3", "--out", out]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err == (
            f"cardlab simulate: cannot write {out}: it names a folder, not a file (such as "
            f"{os.path.join(out, 'games.csv')})\n")
    assert list(tmp_path.iterdir()) == []


def test_no_more_workers_start_than_there_are_chunks_to_play(capsys):
    assert cli.main(["simulate", "durak", "podkidnoy", "--games", "2", "--workers", "4"]) == 0
    assert "2 games, bots random, seed 0: " in capsys.readouterr().out.splitlines()[0]
    for games, workers in ((2, "1 worker"), (2 * CHUNK + 1, "3 workers")):
        assert cli.main(["simulate", "durak", "podkidnoy", "--games", str(games), "--workers", "4"]) == 0
        assert f" s with {workers}, " in capsys.readouterr().out.splitlines()[0]


# --- memory that does not grow with the games (issue 19, point 1) ---------------------------------

def test_the_rows_come_one_game_after_another_in_flat_memory():
    list(iter_rows("gandengyan", "yiqi", 1, players=2))  # the modules a game needs, imported
    tracemalloc.start()
    try:
        rows = iter_rows("gandengyan", "yiqi", MAX_GAMES, players=2, bots=["simple", "random"], seed=1)
        first = list(islice(rows, 2 * 3))
        rows.close()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [r["game_id"] for r in first] == [0, 0, 1, 1, 2, 2]
    assert first == simulate("gandengyan", "yiqi", games=3, players=2, bots=["simple", "random"], seed=1,
                             as_frame=False)
    assert peak < 1_000_000, peak


class RecordingPool(ThreadPoolExecutor):
    """A thread pool that keeps the futures of the chunks handed to it."""

    def __init__(self, workers):
        super().__init__(workers)
        self.futures = []

    def submit(self, fn, /, *args, **kwargs):
        self.futures.append(super().submit(fn, *args, **kwargs))
        return self.futures[-1]


def test_an_executor_is_handed_a_bounded_window_of_chunks_and_the_rest_cancelled():
    with RecordingPool(2) as pool:
        rows = iter_rows("durak", "podkidnoy", MAX_GAMES, bots=["random"], seed=2, executor=pool)
        first = list(islice(rows, 2 * 3 * CHUNK))  # three chunks of games, two rows a game
        assert IN_FLIGHT <= len(pool.futures) <= IN_FLIGHT + 3
        rows.close()
        assert not [f for f in pool.futures if not (f.done() or f.running())]  # none left waiting
        assert any(f.cancelled() for f in pool.futures)
        handed = len(pool.futures)
    assert len(pool.futures) == handed
    assert [r["game_id"] for r in first] == [i // 2 for i in range(2 * 3 * CHUNK)]
    assert first == simulate("durak", "podkidnoy", 3 * CHUNK, bots=["random"], seed=2, as_frame=False)


# --- arguments of the wrong kind (point 5) ---------------------------------------------------------

@pytest.mark.parametrize("arguments, message", [
    (dict(bots=None), "bots must be a bot name or a list of bot names, not None"),
    (dict(bots=5), "bots must be a bot name or a list of bot names, not 5"),
    (dict(bots=["simple", None]), "no bot named None"),
    (dict(bots=[["simple"]]), "no bot named \\['simple'\\]"),
    (dict(executor="pool"), "executor must be a concurrent.futures.Executor, .*, not 'pool'"),
    (dict(executor=42), "executor must be a concurrent.futures.Executor, .*, not 42"),
    (dict(game=["gandengyan"]), "no game \\['gandengyan'\\]"),
    (dict(rules=["yiqi"]), "gandengyan has no rule set \\['yiqi'\\]"),
    (dict(seed="abc"), "the seed must be a whole number, not 'abc'"),
    (dict(seed=1.5), "the seed must be a whole number, not 1.5"),
    (dict(seed=True), "the seed must be a whole number, not True"),
    (dict(players="3"), "gandengyan yiqi is for 2 to 5 players, not '3'"),
    (dict(games=2.0), "the number of games must be a whole number of at least 1, not 2.0"),
    (dict(games=MAX_GAMES + 1), f"at most {MAX_GAMES:,} games a simulation, not {MAX_GAMES + 1:,}"),
    (dict(as_frame="yes"), "as_frame must be True, False or None, not 'yes'"),
])
def test_arguments_of_the_wrong_kind_are_refused_in_one_sentence(arguments, message):
    with pytest.raises(SimulationError, match=f"^{message}"):
        simulate(**{"game": "gandengyan", "rules": "yiqi", "games": 2, **arguments})


def test_a_data_frame_asked_for_without_pandas_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(SimulationError, match=r"^as_frame=True needs pandas: pip install 'cardlab\[lab\]'$"):
        simulate("gandengyan", "yiqi", games=2, as_frame=True)
    assert len(simulate("gandengyan", "yiqi", games=2)) == 4  # a list of dicts when not asked for


# --- a CSV never half-written (point 4) ------------------------------------------------------------

@pytest.mark.parametrize("failure", [OSError("disk full"), KeyboardInterrupt()])
def test_the_csv_is_never_left_half_written(tmp_path, failure):
    path = tmp_path / "games.csv"
    path.write_text("the games of yesterday\n", encoding="utf-8")

    def rows():
        yield from simulate("durak", "podkidnoy", games=2, as_frame=False)
        raise failure

    with pytest.raises(type(failure)):
        write_csv(rows(), path)
    assert path.read_text(encoding="utf-8") == "the games of yesterday\n"
    assert [p.name for p in tmp_path.iterdir()] == ["games.csv"]
    assert write_csv(simulate("durak", "podkidnoy", games=2, as_frame=False), path) == 4
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 4


# --- Ctrl-C (point 3) --------------------------------------------------------------------------------

@pytest.mark.parametrize("workers, to", [(1, "the terminal"), (2, "the terminal"), (2, "the command alone")])
def test_ctrl_c_stops_at_once_says_how_far_it_got_and_writes_no_file(tmp_path, workers, to):
    """Ctrl-C at a terminal reaches the command and its workers at once; ``kill -INT`` the command
    alone. Either way: exit 130 within seconds, one line, no traceback, no file."""
    out = tmp_path / "games.csv"
    command = subprocess.Popen(
        [sys.executable, "-m", "cardlab", "simulate", "durak", "podkidnoy", "--games", str(MAX_GAMES),
         "--bots", "montecarlo", "--workers", str(workers), "--out", str(out)],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 15
        while not any(tmp_path.iterdir()) and time.monotonic() < deadline:  # the CSV being written
            time.sleep(0.05)
        time.sleep(1)  # and games being played
        (os.killpg if to == "the terminal" else os.kill)(command.pid, signal.SIGINT)
        stdout, stderr = command.communicate(timeout=5)
    finally:
        if command.poll() is None:
            os.killpg(command.pid, signal.SIGKILL)
            command.communicate()
    assert command.returncode == 130
    assert stdout == b"" and b"Traceback" not in stderr
    lines = stderr.decode().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cardlab simulate: interrupted after ")
    assert lines[0].endswith(f" of {MAX_GAMES} games; no file written")
    assert list(tmp_path.iterdir()) == []


# --- progress bars and summaries the lab's charts stand on (issue 21) -------------------------------

simulation = importlib.import_module("cardlab.simulate")  # the module: cardlab.simulate is the function

@pytest.mark.parametrize("game, rules, players, bots, label", [
    ("durak", "podkidnoy", 2, ["montecarlo", "simple"], "Durak podkidnoy: montecarlo vs simple"),
    ("durak", "podkidnoy", 2, ["simple"], "Durak podkidnoy: 2 simple players"),
    ("gandengyan", "yiqi", 4, ["simple", "random"], "Gan Deng Yan yiqi: simple vs 3 random"),
    ("daifugo", "jdf", 4, ["random", "simple", "random"], "Daifugo jdf: 3 random vs simple"),
])
def test_a_progress_bar_is_named_after_what_it_runs(monkeypatch, game, rules, players, bots, label):
    assert simulation.progress_label(game, rules, players, bots) == label
    named = []

    class Bar:
        def __init__(self, total, desc):
            named.append((total, desc))

        def update(self, n):
            pass

        def close(self):
            pass

    monkeypatch.setattr(simulation, "_bar", Bar)
    list(iter_rows(game, rules, 1, players, bots, progress=True))
    assert named == [(1, label)]


def test_the_summary_gives_each_rate_its_standard_error():
    rows = [{"bot": "a", "seat": 1, "place": place, "players": 2} for place in (1, 1, 1, 2)]
    (table,) = simulation.summary(rows, "bot")
    assert (table["rows"], table["win rate"], table["loss rate"]) == (4, 0.75, 0.25)
    assert table["win stderr"] == table["loss stderr"] == pytest.approx((0.75 * 0.25 / 3) ** 0.5)
    # with two players a loss is the place above the first, so its error is the average place's
    assert table["loss stderr"] == pytest.approx(table["stderr"])
    (one,) = simulation.summary(rows[:1], "bot")
    assert one["stderr"] == one["win stderr"] == one["loss stderr"] == 0.0


# --- where --out writes, checked before any game is played (issue 28) -------------------------------

SIMULATE = ["simulate", "durak", "podkidnoy", "--games", "2", "--out"]


@pytest.fixture
def games_played(monkeypatch):
    """How many games the command played: a list that grows by one each game."""
    played = []
    original = simulation.play_game

    def counted(*args, **kwargs):
        played.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(simulation, "play_game", counted)
    return played


@contextlib.contextmanager
def reader_of(fifo: Path):
    """A process reading the named pipe ``fifo`` to its end; ``received()`` is what it read. Neither
    side can wait forever: the reader is stopped after a minute, and should it be gone, a watchdog
    opens the pipe so that a writer waiting for a reader goes on."""
    reader = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdout.buffer.write(open(sys.argv[1], "
                               "'rb').read())", str(fifo)], stdout=subprocess.PIPE)

    def release_the_writer():
        if stat.S_ISFIFO(os.lstat(fifo).st_mode):
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))

    watchdog = threading.Timer(60, release_the_writer)
    watchdog.start()
    try:
        yield lambda: reader.communicate(timeout=60)[0].decode()
    finally:
        watchdog.cancel()
        if reader.poll() is None:
            reader.kill()
            reader.communicate()


def test_a_named_pipe_is_written_through_and_stays_a_pipe(tmp_path, capsys):
    """What is not a regular file (a named pipe here; a device takes the same path) is opened and
    written as the rows come, never replaced by a regular file."""
    fifo = tmp_path / "rows.fifo"
    os.mkfifo(fifo)
    with reader_of(fifo) as received:
        status = cli.main(SIMULATE + [str(fifo)])
        lines = received().splitlines()
    assert status == 0
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["rows.fifo"]
    assert lines[0] == ",".join(COLUMNS) and len(lines) == 1 + 2 * 2
    assert capsys.readouterr().out.endswith(f"wrote 4 rows to {fifo}\n")


def test_ctrl_c_says_what_went_to_a_named_pipe(tmp_path, monkeypatch, capsys):
    fifo = tmp_path / "rows.fifo"
    os.mkfifo(fifo)
    original, games = simulation.play_game, []

    def interrupted_in_the_second_game(*args, **kwargs):
        games.append(args)
        if len(games) == 2:
            raise KeyboardInterrupt
        return original(*args, **kwargs)

    monkeypatch.setattr(simulation, "play_game", interrupted_in_the_second_game)
    with reader_of(fifo) as received:
        status = cli.main(["simulate", "durak", "podkidnoy", "--games", "3", "--out", str(fifo)])
        lines = received().splitlines()
    assert status == 130
    assert capsys.readouterr().err == (f"cardlab simulate: interrupted after 1 of 3 games; the rows of those "
                                       f"went to {fifo} as they came\n")
    assert len(lines) == 1 + 2 and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_ctrl_c_while_a_named_pipe_waits_for_its_reader_is_one_line(tmp_path, monkeypatch, capsys,
                                                                    games_played):
    def waiting(path):  # Ctrl-C while the open of a pipe without a reader waits
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "OutFile", waiting)
    assert cli.main(SIMULATE + [str(tmp_path / "rows.fifo")]) == 130
    assert capsys.readouterr().err == (f"cardlab simulate: interrupted while opening {tmp_path / 'rows.fifo'}, "
                                       "before any game was played\n")
    assert games_played == []


def test_a_symbolic_link_stays_a_link_and_its_target_is_replaced(tmp_path, capsys):
    (tmp_path / "data").mkdir()
    target = tmp_path / "data" / "games.csv"
    target.write_text("the games of yesterday\n", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "latest.csv"
    link.symlink_to(os.path.join("data", "games.csv"))
    dangling = tmp_path / "next.csv"
    dangling.symlink_to(os.path.join("data", "next.csv"))
    for out, written in ((link, target), (dangling, tmp_path / "data" / "next.csv")):
        assert cli.main(SIMULATE + [str(out)]) == 0
        assert out.is_symlink() and os.readlink(out) == os.path.join("data", written.name)
        lines = written.read_text(encoding="utf-8").splitlines()
        assert lines[0] == ",".join(COLUMNS) and len(lines) == 1 + 2 * 2
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["data", "latest.csv", "next.csv"]
    assert sorted(os.listdir(tmp_path / "data")) == ["games.csv", "next.csv"]


def test_a_file_name_of_254_bytes_can_be_written(tmp_path, capsys):
    out = tmp_path / ("g" * 250 + ".csv")
    assert cli.main(SIMULATE + [str(out)]) == 0, capsys.readouterr().err
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1 + 2 * 2
    assert os.listdir(tmp_path) == [out.name]


def test_a_file_that_cannot_be_replaced_is_refused_before_any_game(tmp_path, monkeypatch, capsys,
                                                                    games_played):
    """Another user's file in a sticky folder (as /tmp): tests run as root, whom nothing stops, so
    this process is made to look like another user."""
    sticky = tmp_path / "shared"
    sticky.mkdir()
    sticky.chmod(0o1777)
    theirs = sticky / "games.csv"
    theirs.write_text("their games\n", encoding="utf-8")
    monkeypatch.setattr(os, "geteuid", lambda: theirs.stat().st_uid + 1000)
    assert cli.main(SIMULATE + [str(theirs)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        f"cardlab simulate: cannot write {theirs}: it belongs to another user, in a folder where only a "
        f"file's owner may replace it ({sticky})\n")
    assert games_played == []
    assert theirs.read_text(encoding="utf-8") == "their games\n" and os.listdir(sticky) == ["games.csv"]


def test_a_folder_where_no_file_can_be_made_is_refused_before_any_game(tmp_path, monkeypatch, capsys,
                                                                        games_played):
    locked = tmp_path / "locked"
    locked.mkdir()
    opened = os.open

    def refused(path, flags, *args, **kwargs):  # as a folder without write permission refuses a user
        if flags & os.O_CREAT and os.path.dirname(path) == str(locked):
            raise PermissionError(13, "Permission denied")
        return opened(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refused)
    assert cli.main(SIMULATE + [str(locked / "games.csv")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        f"cardlab simulate: cannot write {locked / 'games.csv'}: cannot make a file in {locked}: "
        "Permission denied\n")
    assert games_played == [] and os.listdir(locked) == []


def test_rows_that_cannot_be_put_in_place_at_the_end_are_kept(tmp_path, monkeypatch, capsys):
    out = tmp_path / "games.csv"
    out.write_text("the games of yesterday\n", encoding="utf-8")

    def refused(source, destination):  # as renaming over a file the process may not replace fails
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "replace", refused)
    assert cli.main(SIMULATE + [str(out)]) == 2
    captured = capsys.readouterr()
    (kept,) = set(os.listdir(tmp_path)) - {"games.csv"}
    assert captured.err == (f"cardlab simulate: cannot replace {out}: Operation not permitted; what was "
                            f"written is kept in {tmp_path / kept}\n")
    assert "by bot" in captured.out and "wrote" not in captured.out
    assert len((tmp_path / kept).read_text(encoding="utf-8").splitlines()) == 1 + 2 * 2
    assert out.read_text(encoding="utf-8") == "the games of yesterday\n"


@pytest.mark.parametrize("there_before", [True, False])
def test_a_file_another_run_wrote_meanwhile_is_kept_and_this_runs_rows_beside_it(
        tmp_path, monkeypatch, capsys, there_before):
    """Two runs writing the same --out: the one that ends last finds the file changed since it
    began, leaves it as the other run made it, and says where its own rows are."""
    out = tmp_path / "games.csv"
    if there_before:
        out.write_text("the games of yesterday\n", encoding="utf-8")
    original, games = simulation.play_game, []

    def other_run_ends(*args, **kwargs):  # the other run puts its file in place during this one's first game
        if not games:
            (tmp_path / "other").write_text("the other run's rows\n", encoding="utf-8")
            os.replace(tmp_path / "other", out)
        games.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(simulation, "play_game", other_run_ends)
    assert cli.main(SIMULATE + [str(out)]) == 2
    captured = capsys.readouterr()
    (kept,) = set(os.listdir(tmp_path)) - {"games.csv"}
    assert captured.err == (f"cardlab simulate: {out} was {'changed' if there_before else 'made'} by another "
                            f"program while this one wrote it: it was left as it is, and what was written is "
                            f"kept in {tmp_path / kept}\n")
    assert "by bot" in captured.out and "wrote" not in captured.out
    assert out.read_text(encoding="utf-8") == "the other run's rows\n"
    assert len((tmp_path / kept).read_text(encoding="utf-8").splitlines()) == 1 + 2 * 2
