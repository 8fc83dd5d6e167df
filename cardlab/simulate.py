"""Play many seeded games between computer players and collect one row per player per game.

>>> rows = simulate("durak", "podkidnoy", games=2, bots=("simple", "random"), as_frame=False)
>>> len(rows), sorted(rows[0])[:4]
(4, ['bot', 'decisions', 'game', 'game_id'])

Each row (:data:`COLUMNS`): ``game_id`` (0, 1, ...), ``seed`` (the game's own seed, from which
its deal and every choice of its bots follow), ``game``, ``rules``, ``players`` (how many),
``seat`` (1 for the player who acts first, then clockwise), ``player``, ``bot``, ``place`` (1 the
best; tied players share the mean of their places, see each game's ``State.standings``),
``points`` (under a rule set that scores, else empty), ``decisions`` (actions the player took)
and ``revolutions`` (the game's revolutions, where the game has them, else empty).

Seating: ``bots`` names one bot a seat in the order of ``players``; a shorter list is filled up
with its last bot (``("montecarlo", "simple")`` at four players is one montecarlo against three
simple), and the bots move one seat to the left each game, so every bot sits in every seat
equally often over ``players`` games. When several players may act at once (Durak's attackers
and defender, Daifugo's exchange) who acts first is drawn by lot from the game's seed.

The same arguments give the same rows, whatever runs them: games are played in chunks by any
``concurrent.futures.Executor`` (a local process pool, or a Dask cluster's
``distributed.Client(...).get_executor()``) and the rows are put back in the order of the games.

Limits: at most :data:`MAX_GAMES` games a simulation (more: run again with other seeds). The
chunks are made as they are needed and an executor holds at most :data:`IN_FLIGHT` of them at a
time, so the memory a simulation takes does not grow with the games but for the rows it returns:
:func:`iter_rows` hands them over one at a time instead, :class:`Tally` sums them up as they pass,
and :func:`write_csv` writes them as they come. Leaving a loop over :func:`iter_rows` (an error,
Ctrl-C) cancels the chunks not started. Arguments a simulation cannot run with raise
:class:`SimulationError`, a sentence, before any game is played.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor

from .bots import BOTS, decide_here, make_bot, next_actor, simple_rule
from .i18n import words
from .registry import UnavailableGame, UnknownGame, find_game, game_names

COLUMNS = ("game_id", "seed", "game", "rules", "players", "seat", "player", "bot", "place", "points",
           "decisions", "revolutions")
CHUNK = 10  # games per task handed to an executor: large enough to pay for the hand-over
IN_FLIGHT = 64  # chunks handed to an executor and not yet collected: enough to keep 16 workers busy
MAX_GAMES = 10_000_000  # games a simulation plays at most: days of play with the slowest bots
MAX_DECISIONS = 20_000


class SimulationError(ValueError):
    """Arguments a simulation cannot run with; the message is one sentence."""


def game_seed(seed: int, game_id: int) -> int:
    """The seed of game ``game_id`` of a simulation seeded ``seed``: fixed by the two numbers
    alone, so a game plays the same wherever and in whatever order it runs."""
    return random.Random(f"cardlab simulate {seed} {game_id}").getrandbits(48)


def check_arguments(game: str, rules: str, games: int, players: int | None, bots: Sequence[str],
                    seed: int = 0) -> int:
    """The number of players; raises :class:`SimulationError` saying what is wrong."""
    try:
        spec = find_game(game)
    except UnavailableGame as exc:
        raise SimulationError(str(exc)) from None
    except UnknownGame:
        raise SimulationError(f"no game {game!r} (games: {', '.join(game_names())})") from None
    if not isinstance(rules, str) or rules not in spec.rulesets:
        raise SimulationError(f"{game} has no rule set {rules!r} (rule sets: {', '.join(spec.rulesets)})")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the number of games must be a whole number of at least 1, not {games!r}")
    if games > MAX_GAMES:
        raise SimulationError(f"at most {MAX_GAMES:,} games a simulation, not {games:,}; for more, run "
                              "again with other seeds")
    low, high = spec.player_counts[rules]
    if players is None:
        players = low
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise SimulationError(f"{game} {rules} is for {count} players, not {players!r}")
    if isinstance(bots, str):
        bots = [bots]
    if not isinstance(bots, Sequence):
        raise SimulationError(f"bots must be a bot name or a list of bot names, not {bots!r}")
    if not bots:
        raise SimulationError("name at least one bot")
    for name in bots:
        if not isinstance(name, str) or name not in BOTS:
            raise SimulationError(f"no bot named {name!r} (bots: {', '.join(BOTS)})")
    if len(bots) > players:
        raise SimulationError(f"{len(bots)} bots named for {players} players")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"the seed must be a whole number, not {seed!r}")
    return players


def seating(bots: Sequence[str], players: int, game_id: int) -> list[str]:
    """The bot of each player (in the order of the players) in game ``game_id``."""
    full = list(bots) + [bots[-1]] * (players - len(bots))
    shift = game_id % players
    return full[-shift:] + full[:-shift] if shift else full


def play_game(game: str, rules: str, bots: Sequence[str], seed: int, players: int | None = None,
              game_id: int = 0) -> list[dict]:
    """Play one game to the end; its rows, one per player (see the module's docstring). ``bots``
    names each player's bot in seat order (filled up with its last bot, not rotated: that is
    :func:`simulate`'s business). Top-level, so a process pool can send it to a worker."""
    players = check_arguments(game, rules, 1, players, bots, seed)
    spec = find_game(game)
    names = [f"p{i}" for i in range(1, players + 1)]
    state = spec.new_game(rules, names, seed=seed)
    full = list(bots) + [bots[-1]] * (players - len(bots))
    agents = {p: make_bot(b, seed=seed * 16 + i) for i, (p, b) in enumerate(zip(names, full))}
    rng = random.Random(seed)
    decisions = dict.fromkeys(names, 0)
    counted = {column: 0 for column in spec.counted_events}
    first = None
    rule = simple_rule(state)
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            break
        seat = next_actor(state, rng)
        if first is None:
            first = seat
        events = state.apply(decide_here(agents[seat], state, seat, rule))
        decisions[seat] += 1
        for column, kind in spec.counted_events.items():
            counted[column] += sum(e.kind == kind for e in events)
    else:
        raise RuntimeError(f"{game} {rules} game with seed {seed} did not end in {MAX_DECISIONS} decisions")
    places = state.standings()
    points = state.points()
    start = names.index(first)
    rows = []
    for i, (p, b) in enumerate(zip(names, full)):
        rows.append({"game_id": game_id, "seed": seed, "game": game, "rules": rules, "players": players,
                     "seat": (i - start) % players + 1, "player": p, "bot": b, "place": places[p],
                     "points": points.get(p), "decisions": decisions[p],
                     "revolutions": counted.get("revolutions")})
    return rows


def play_games(game: str, rules: str, bots: Sequence[str], players: int, seed: int,
               game_ids: Sequence[int]) -> list[dict]:
    """The rows of several games of one simulation (a task for an executor)."""
    rows = []
    for i in game_ids:
        rows += play_game(game, rules, seating(bots, players, i), game_seed(seed, i), players, i)
    return rows


def simulate(game: str, rules: str, games: int, players: int | None = None,
             bots: Sequence[str] = ("random",), seed: int = 0, executor: Executor | None = None,
             progress: bool = False, as_frame: bool | None = None):
    """Play ``games`` seeded games and return their rows: a pandas DataFrame when pandas is
    installed (or ``as_frame=True``), else a list of dicts (``as_frame=False``). ``executor``
    (any ``concurrent.futures.Executor``) plays chunks of games in parallel; without one they are
    played here, one after the other. ``progress`` shows a bar (``tqdm.auto`` when installed).
    Raises :class:`SimulationError` for arguments it cannot run with, before any game is played.
    The rows returned take memory in proportion to ``games``; :func:`iter_rows` hands them over
    one at a time instead."""
    rows = iter_rows(game, rules, games, players, bots, seed, executor, progress)
    frame = _data_frame(as_frame)
    return list(rows) if frame is None else frame(list(rows), columns=list(COLUMNS))


def iter_rows(game: str, rules: str, games: int, players: int | None = None,
              bots: Sequence[str] = ("random",), seed: int = 0, executor: Executor | None = None,
              progress: bool = False) -> Iterator[dict]:
    """The rows of :func:`simulate` (same arguments), one at a time in the order of the games, as
    the games are played: in memory that does not grow with ``games``. An executor is handed at
    most :data:`IN_FLIGHT` chunks of games at a time; closing the iterator (or leaving a loop over
    it) cancels the chunks it has not started. Raises :class:`SimulationError` at once for
    arguments it cannot run with."""
    players = check_arguments(game, rules, games, players, bots, seed)
    if executor is not None and not isinstance(executor, Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor, such as "
                              f"ProcessPoolExecutor(2), or None, not {executor!r}")
    bots = [bots] if isinstance(bots, str) else list(bots)
    return _rows(game, rules, games, players, bots, seed, executor, progress)


def _rows(game, rules, games, players, bots, seed, executor, progress) -> Iterator[dict]:
    played = (_played_here(game, rules, games, players, bots, seed) if executor is None
              else _played_by(executor, game, rules, games, players, bots, seed))
    bar = _bar(games, progress_label(game, rules, players, bots)) if progress else None
    try:
        for rows, count in played:
            yield from rows
            if bar:
                bar.update(count)
    finally:
        played.close()
        if bar:
            bar.close()


def _played_here(game, rules, games, players, bots, seed) -> Iterator[tuple[list[dict], int]]:
    """The rows of each game in turn, with the number of games they are (one)."""
    for i in range(games):
        yield play_game(game, rules, seating(bots, players, i), game_seed(seed, i), players, i), 1


def _played_by(executor, game, rules, games, players, bots, seed) -> Iterator[tuple[list[dict], int]]:
    """The rows of each chunk of games in turn, with the number of games they are, the chunks played
    by ``executor``: at most :data:`IN_FLIGHT` are handed to it and not yet collected, and those are
    cancelled when the rows are no longer wanted."""
    in_flight: deque = deque()
    try:
        for start in range(0, games, CHUNK):
            ids = range(start, min(start + CHUNK, games))
            in_flight.append((executor.submit(play_games, game, rules, bots, players, seed, ids), len(ids)))
            if len(in_flight) == IN_FLIGHT:
                future, count = in_flight.popleft()
                yield future.result(), count
        while in_flight:
            future, count = in_flight.popleft()
            yield future.result(), count
    finally:
        for future, _ in in_flight:
            future.cancel()


def _data_frame(as_frame: bool | None):
    """``pandas.DataFrame``, or ``None`` for a list of dicts, as ``as_frame`` asks."""
    if as_frame is not None and not isinstance(as_frame, bool):
        raise SimulationError(f"as_frame must be True, False or None, not {as_frame!r}")
    if as_frame is False:
        return None
    try:
        import pandas
    except ImportError:
        if as_frame:
            raise SimulationError("as_frame=True needs pandas: pip install 'cardlab[lab]'") from None
        return None
    return pandas.DataFrame


def progress_label(game: str, rules: str, players: int, bots: Sequence[str]) -> str:
    """The name of a simulation's progress bar: the game, the rule set and who plays whom, in seat
    order before the seats change (``bots`` filled up with its last bot, as :func:`seating` does).

    >>> progress_label("durak", "podkidnoy", 2, ["montecarlo", "simple"])
    'Durak podkidnoy: montecarlo vs simple'
    >>> progress_label("gandengyan", "yiqi", 4, ["simple", "random"])
    'Gan Deng Yan yiqi: simple vs 3 random'
    >>> progress_label("daifugo", "jdf", 4, ["simple"])
    'Daifugo jdf: 4 simple players'
    """
    full = list(bots) + [bots[-1]] * (players - len(bots))
    counts = {bot: full.count(bot) for bot in full}  # in seat order
    if len(counts) == 1:
        who = f"{players} {full[0]} players"
    else:
        who = " vs ".join(bot if n == 1 else f"{n} {bot}" for bot, n in counts.items())
    return f"{words(find_game(game).title).text_in('en')} {rules}: {who}"


class _TextBar:
    """A progress line on standard error, for when tqdm is not installed."""

    def __init__(self, total: int, label: str):
        self.total, self.done, self.label = total, 0, label

    def update(self, n: int) -> None:
        self.done += n
        print(f"\r{self.label}: {self.done}/{self.total} games", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        print(file=sys.stderr)


def _bar(total: int, label: str):
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _TextBar(total, label)
    return tqdm(total=total, desc=label, unit="game")


# --- summaries ------------------------------------------------------------------------------------

class Tally:
    """The summaries of rows by bot and by seat (or the columns ``by`` names), kept up to date one
    row at a time (:meth:`add`, :meth:`update`, :meth:`passing`) in memory that does not grow with
    the rows: for each bot or seat, how many of its rows had each place out of how many players."""

    def __init__(self, rows=(), by: Sequence[str] = ("bot", "seat")):
        self.rows = 0
        self._places: dict[str, dict] = {column: {} for column in by}
        self.update(rows)

    def add(self, row: dict) -> None:
        place = (float(row["place"]), int(row["players"]))
        for column, groups in self._places.items():
            counts = groups.setdefault(row[column], {})
            counts[place] = counts.get(place, 0) + 1
        self.rows += 1

    def update(self, rows) -> None:
        for row in _records(rows):
            self.add(row)

    def passing(self, rows) -> Iterator[dict]:
        """``rows`` as they are, each added as it goes by."""
        for row in rows:
            self.add(row)
            yield row

    def summary(self, by: str) -> list[dict]:
        """Per value of column ``by``: rows (games, for a seat), average place with its standard
        error (``stderr``), win rate (first place) and loss rate (last place), each rate with its
        standard error (``win stderr``, ``loss stderr``). A standard error is 0 for one row, where
        there is nothing to measure it by."""
        groups = self._places[by]
        out = []
        for key in sorted(groups, key=lambda k: (isinstance(k, str), k)):
            counts = groups[key].items()  # ((place, players), times)
            n = sum(times for _, times in counts)
            mean = sum(place * times for (place, _), times in counts) / n
            var = sum(times * (place - mean) ** 2 for (place, _), times in counts) / (n - 1) if n > 1 else 0.0
            win = sum(times for (place, _), times in counts if place == 1) / n
            loss = sum(times for (place, last), times in counts if place == last) / n
            out.append({by: key, "rows": n, "average place": mean, "stderr": (var / n) ** 0.5,
                        "win rate": win, "win stderr": _rate_stderr(win, n),
                        "loss rate": loss, "loss stderr": _rate_stderr(loss, n)})
        return out

    def report(self) -> str:
        """The summary table by bot and by seat, and a closing note comparing the bots."""
        lines = []
        for by in ("bot", "seat"):
            lines.append(f"{'by ' + by:<14}{'rows':>7}{'avg place':>11}{'± s.e.':>9}{'win':>8}{'loss':>8}")
            for t in self.summary(by):
                lines.append(f"{str(t[by]):<14}{t['rows']:>7}{t['average place']:>11.3f}{t['stderr']:>9.3f}"
                             f"{t['win rate']:>8.1%}{t['loss rate']:>8.1%}")
            lines.append("")
        lines.append(self.closing_note())
        return "\n".join(lines)

    def closing_note(self) -> str:
        """Which bot did best, and whether the difference is clear (more than twice the standard
        error of the difference between two bots' average places)."""
        table = sorted(self.summary("bot"), key=lambda t: t["average place"])
        if len(table) < 2:
            t = table[0]
            return (f"Note: {t['bot']} alone, average place {t['average place']:.3f}; the seats show who "
                    "gains from acting first.")
        parts = []
        for better, worse in zip(table, table[1:]):
            gap = worse["average place"] - better["average place"]
            err = (better["stderr"] ** 2 + worse["stderr"] ** 2) ** 0.5
            verdict = "clearly" if gap > 2 * err else "not clearly (within noise)"
            parts.append(f"{better['bot']} places {verdict} better than {worse['bot']} "
                         f"({better['average place']:.3f} vs {worse['average place']:.3f}, "
                         f"loss rate {better['loss rate']:.1%} vs {worse['loss rate']:.1%})")
        return "Note: " + "; ".join(parts) + "."


def _rate_stderr(rate: float, n: int) -> float:
    """The standard error of a rate seen in ``n`` rows, measured as that of an average place is
    (the spread of the rows divided by n - 1): ``√(p(1 − p)/(n − 1))``, and 0 for one row."""
    return (rate * (1 - rate) / (n - 1)) ** 0.5 if n > 1 else 0.0


def summary(rows, by: str) -> list[dict]:
    """Per value of column ``by`` (``"bot"``, ``"seat"`` or any column the rows carry) of ``rows``
    (a list of dicts or a DataFrame): rows, average place with its standard error, win rate (first
    place) and loss rate (last place) with theirs (see :meth:`Tally.summary`)."""
    return Tally(rows, by=(by,)).summary(by)


def _records(rows):
    if hasattr(rows, "to_dict"):
        return rows.to_dict("records")
    return rows


def report(rows) -> str:
    """The summary table by bot and by seat, and a closing note comparing the bots."""
    return Tally(rows).report()


def closing_note(rows) -> str:
    """Which bot did best, and whether the difference is clear (more than twice the standard
    error of the difference between two bots' average places)."""
    return Tally(rows).closing_note()


def write_csv(rows, path) -> int:
    """Write ``rows`` (a list or any iterable of dicts, or a DataFrame) as tidy CSV with the columns
    of :data:`COLUMNS`, ``None`` as an empty cell, and return how many rows were written. ``path``
    is a file name, or an :class:`~cardlab.outfile.OutFile` made beforehand to check it before the
    rows are made. A regular file (or one a symbolic link leads to) is written as a new file in
    the same folder, which replaces it once complete: it is never left half-written, and on an error
    or an interrupt it is left as it was. A named pipe or a device is written as the rows come.
    Raises :class:`~cardlab.outfile.OutFileError` (an ``OSError``) for a file that cannot be
    written, or that another program changed meanwhile (then naming where the rows were kept)."""
    import csv  # here, as OutFile: the lab in the offline site imports simulate, and writes no file

    from .outfile import OutFile

    out = path if isinstance(path, OutFile) else OutFile(path)
    written = 0
    with out as f:
        writer = csv.writer(f)
        writer.writerow(COLUMNS)
        for r in _records(rows):
            writer.writerow(["" if _empty(r[c]) else _cell(r[c]) for c in COLUMNS])
            written += 1
    return written


def _empty(value) -> bool:
    return value is None or (isinstance(value, float) and value != value)  # NaN from pandas


def _cell(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
