"""``cardlab.simulate`` and ``cardlab simulate``: the rows and their CSV, the same rows whatever
runs the games (here, a process pool or a Dask cluster), and one-line refusals of bad arguments."""

from __future__ import annotations

import csv
from concurrent.futures import ProcessPoolExecutor

import pytest

from cardlab import cli, simulate
from cardlab.simulate import COLUMNS, play_game, report, seating

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
