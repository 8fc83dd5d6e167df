"""The ``cardlab`` command: ``cardlab check PATH... [--json]``, ``cardlab replay PATH [--json]``,
``cardlab simulate GAME RULES --games N ...`` and ``cardlab games`` (the games cardlab knows, with
their rule sets and numbers of players: :mod:`cardlab.registry`).

Exit status of ``check`` and ``replay``: 0 when every scenario holds, 1 when an expectation failed,
2 when a file could not be used (or PATH is empty), 130 on Ctrl-C. Messages name the file, the place
and the fault; there is never a traceback. ``check`` reads the files of a folder named ``quizzes``
as quiz files (:func:`is_quiz_file`) and those of a folder named ``try_it`` as a try-it table's
instructions (:func:`is_instructions_file`), and shows a file name a terminal would act on escaped
(:func:`shown_name`). ``simulate`` exits 0 once it has played every game, 2 with a one-line message for
arguments it cannot run with (checked before any game is played: at most
:data:`~cardlab.simulate.MAX_GAMES` games, at most :data:`MAX_WORKERS` workers, an ``--out`` that
can be written: see :class:`~cardlab.outfile.OutFile`), and 130 on Ctrl-C, which stops every
worker at once and prints one line saying how many games were played: no file is written, the CSV
being moved into place only once every game has been played. A named pipe or a device given as
``--out`` is written as the rows come instead; a symbolic link stays one, its target replaced.
When the CSV cannot be put in place at the end (another program changed the file meanwhile, or
it cannot be replaced after all), the summary is printed, the rows are kept beside the file, and
one line says where (exit 2).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing, suppress
from pathlib import Path

from .i18n import words
from .outfile import OutFile, OutFileError
from .registry import UnavailableGame, find_game, game_names
from .scenario import ScenarioError, json_records, load, run, scenario_paths, transcript
from .simulate import CHUNK, MAX_GAMES, SimulationError, Tally, check_arguments, iter_rows, write_csv

OK, FAILED, UNUSABLE = 0, 1, 2
QUIZ_FOLDER = "quizzes"  # check reads the files of a folder so named as quizzes
INSTRUCTIONS_FOLDER = "try_it"  # ... and those of a folder so named as a try-it table's instructions
# An empty PATH (a shell variable left unset) would otherwise name the current folder.
EMPTY_PATH = 'an empty PATH ("") names no file or folder: give a scenario or quiz file, or a folder of them'
# Characters a terminal acts on instead of showing (control characters, which can move the cursor,
# recolour or erase a line, and line breaks), or that reorder the text shown after them.
UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_QUOTED = re.compile("[\\\\'\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")  # escaped inside $'...'
_NAMED_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", "'": "\\'"}
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C
WORKERS_PER_CPU = 4
MAX_WORKERS = WORKERS_PER_CPU * (os.cpu_count() or 1)  # simulate --workers at most


def _load_and_run(path):
    """``(result, None, None)``, or ``(None, message, step)`` for a file that cannot be used (the
    step of the fault, or ``None``)."""
    try:
        scenario = load(path)
    except ScenarioError as exc:
        return None, str(exc), exc.step
    try:
        return run(scenario), None, None
    except Exception as exc:  # an engine bug must still not print a traceback at a learner
        return None, f"{path}: internal error while replaying ({type(exc).__name__}: {exc}); please report it", None


def is_quiz_file(path) -> bool:
    """Whether ``check`` reads ``path`` as a quiz file: one in a folder named ``quizzes``, where the
    lessons keep theirs (``durak/quizzes/02.yaml``). Every other file is a scenario."""
    return Path(path).parent.name == QUIZ_FOLDER


def _load_quiz(path) -> str | None:
    """``None`` when the quiz file ``path`` can be used, else the one-line message saying why."""
    from .widgets.quiz import Quiz  # only where there are quizzes: it brings in the widgets

    try:
        Quiz.from_file(path)
    except ValueError as exc:
        return str(exc)
    except Exception as exc:  # a bug must still not print a traceback at a teacher
        return f"{path}: internal error while reading the quiz ({type(exc).__name__}: {exc}); please report it"
    return None


def is_instructions_file(path) -> bool:
    """Whether ``check`` reads ``path`` as a try-it table's instructions: one in a folder named
    ``try_it``, where the lessons keep them (``durak/try_it/02.yaml``, :mod:`cardlab.widgets.instructions`)."""
    return Path(path).parent.name == INSTRUCTIONS_FOLDER


def _load_instructions(path) -> str | None:
    """``None`` when the instructions file ``path`` can be used, else the one-line message saying why."""
    from .widgets.instructions import instructions_of  # only where there are such files: it brings in the widgets

    try:
        instructions_of(Path(path))
    except ValueError as exc:
        return str(exc)
    except Exception as exc:  # a bug must still not print a traceback at a teacher
        return f"{path}: internal error while reading the instructions ({type(exc).__name__}: {exc}); please report it"
    return None


def _escape(char: str) -> str:
    """``char`` as a shell writes it inside ``$'...'``."""
    if char in _NAMED_ESCAPES:
        return _NAMED_ESCAPES[char]
    return f"\\{ord(char):03o}" if ord(char) < 0x80 else f"\\u{ord(char):04x}"


def shown_name(path) -> str:
    """``path`` as a terminal may show it: as it is, or, when it holds a character a terminal
    acts on (:data:`UNSHOWABLE`), quoted and escaped as ``ls`` shows it on a terminal and a shell
    reads it back: ``$'bad\\033[2Jname.yaml'``."""
    text = str(path)
    if not UNSHOWABLE.search(text):
        return text
    return "$'" + _QUOTED.sub(lambda m: _escape(m.group()), text) + "'"


def _shown_line(line: str, path=None) -> str:
    """A line of ``check`` or ``replay``: ``path`` in it shown by :func:`shown_name`, and any other
    character a terminal acts on escaped, so that the line is one line and says what it says."""
    if path is not None and str(path) and str(path) in line:
        line = line.replace(str(path), shown_name(path))
    return UNSHOWABLE.sub(lambda m: _escape(m.group()), line)


def _check_line(path, status: str, step=None, message=None, as_json: bool = False) -> str:
    """One file's line of ``check``: ``ok  PATH``, ``FAIL  PATH: step N: ...`` or ``ERROR  ...``;
    with ``as_json``, the object ``{"path", "status" (ok, fail, error), "step", "message"}``."""
    if as_json:
        return json.dumps({"path": str(path), "status": status, "step": step, "message": message},
                          ensure_ascii=False)
    if status == "ok":
        return _shown_line(f"ok  {path}", path)
    if status == "fail":
        return _shown_line(f"FAIL  {path}: step {step}: {message}", path)
    return _shown_line(f"ERROR  {message}", path)


def check(paths: list[str], out=None, as_json: bool = False) -> int:
    """Check each scenario and quiz file of ``paths`` (files, or folders searched), a line each.
    Ctrl-C stops at once: one line on standard error, exit status 130."""
    out = sys.stdout if out is None else out  # looked up per call, so redirection is honoured
    done = total = 0
    try:
        if any(not str(p) for p in paths):
            print(_check_line("", "error", message=EMPTY_PATH, as_json=as_json), file=out)
            return UNUSABLE
        found = scenario_paths(paths)
        total = len(found)
        if not found:
            message = "no scenario files (*.yaml, *.yml) found in: " + " ".join(paths)
            print(_check_line(" ".join(paths), "error", message=message, as_json=as_json), file=out)
            return UNUSABLE
        status = OK
        for f, skipped in found:
            if skipped:
                print(_check_line(f, "error", message=f"{f}: {skipped}", as_json=as_json), file=out)
                status = UNUSABLE
            elif is_quiz_file(f) or is_instructions_file(f):
                error = _load_quiz(f) if is_quiz_file(f) else _load_instructions(f)
                print(_check_line(f, "error" if error else "ok", message=error, as_json=as_json), file=out)
                status = UNUSABLE if error else status
            else:
                result, error, step = _load_and_run(f)
                if error:
                    print(_check_line(f, "error", step, error, as_json), file=out)
                    status = UNUSABLE
                elif result.failure:
                    print(_check_line(f, "fail", result.failure.step.number, result.failure.failure, as_json),
                          file=out)
                    status = max(status, FAILED)
                else:
                    print(_check_line(f, "ok", as_json=as_json), file=out)
            done += 1
        return status
    except KeyboardInterrupt:
        checked = f" after {done} of {total} files" if total else ""
        print(f"cardlab check: interrupted{checked}", file=sys.stderr)
        return INTERRUPTED


def replay(path: str, as_json: bool = False, out=None) -> int:
    """Replay the scenario file ``path`` step by step. Ctrl-C stops at once: one line on standard
    error, exit status 130."""
    out = sys.stdout if out is None else out
    try:
        result, error, _ = (None, EMPTY_PATH, None) if not str(path) else _load_and_run(path)
        if error:
            if as_json:
                print(json.dumps({"error": error}, ensure_ascii=False), file=out)
            else:
                print(_shown_line(f"ERROR  {error}", path), file=out)
            return UNUSABLE
        if as_json:
            for record in json_records(result):
                print(json.dumps(record, ensure_ascii=False), file=out)
        else:
            print(transcript(result), file=out)
        return FAILED if result.failure else OK
    except KeyboardInterrupt:
        print("cardlab replay: interrupted", file=sys.stderr)
        return INTERRUPTED


def games(out=None) -> int:
    """List every registered game: its name and title, then each rule set with its numbers of
    players and what it is, a line each (in English, as the command's other messages). A game that
    cannot be loaded here is listed with the reason."""
    out = sys.stdout if out is None else out
    for name in game_names():
        try:
            game = find_game(name)
        except UnavailableGame as exc:
            print(f"{name}: {exc}", file=out)
            continue
        print(f"{name}: {words(game.title).text_in('en') if game.title else name}", file=out)
        width = max(map(len, game.rulesets), default=0)
        for rules_name, rules in game.rulesets.items():
            low, high = game.player_counts.get(rules_name, (game.default_players, game.default_players))
            count = f"{low} players" if low == high else f"{low}-{high} players"
            described = getattr(rules, "description", "")
            print(f"  {rules_name:<{width}}  {count:<13}{described}".rstrip(), file=out)
    return OK


def simulate(args, out=None) -> int:
    """Play the games, show a progress bar on a terminal, write the CSV and print the summary."""
    out = sys.stdout if out is None else out
    bots = [b.strip() for b in args.bots.split(",")]
    try:
        players = check_arguments(args.game, args.rules, args.games, args.players, bots, args.seed)
        if not 1 <= args.workers <= MAX_WORKERS:
            raise SimulationError(f"--workers must be at least 1 and at most {MAX_WORKERS} ({WORKERS_PER_CPU} "
                                  f"per CPU of this machine), not {args.workers}")
        if args.out is not None:
            _check_out(args.out)
            target = OutFile(args.out)  # for a named pipe, this waits for its reader
        else:
            target = None
    except (SimulationError, OutFileError) as exc:
        print(f"cardlab simulate: {exc}", file=sys.stderr)
        return UNUSABLE
    except KeyboardInterrupt:
        print(f"cardlab simulate: interrupted while opening {args.out}, before any game was played",
              file=sys.stderr)
        return INTERRUPTED
    workers = min(args.workers, -(-args.games // CHUNK))  # no more than there are chunks to play
    pool = _Workers(workers) if workers > 1 else None
    tally = Tally()
    start = time.perf_counter()
    try:
        with closing(iter_rows(args.game, args.rules, args.games, players, bots, args.seed, executor=pool,
                               progress=sys.stderr.isatty())) as rows:
            if target is None:
                tally.update(rows)
            else:
                write_csv(tally.passing(rows), target)
    except KeyboardInterrupt:
        written = (f"the rows of those went to {args.out} as they came" if target is not None and target.special
                   else "no file written")
        print(f"cardlab simulate: interrupted after {tally.rows // players} of {args.games} games; {written}",
              file=sys.stderr)
        return INTERRUPTED
    except OutFileError as exc:  # every game played, the rows kept beside the file
        _print_summary(args, players, bots, workers, start, tally, out)
        print(f"cardlab simulate: {exc}", file=sys.stderr)
        return UNUSABLE
    except OSError as exc:
        print(f"cardlab simulate: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return UNUSABLE
    finally:
        if target is not None:
            target.discard()
        if pool is not None:
            pool.stop()
    _print_summary(args, players, bots, workers, start, tally, out)
    if args.out is not None:
        print(f"wrote {tally.rows} rows to {args.out}", file=out)
    return OK


def _print_summary(args, players, bots, workers, start, tally, out) -> None:
    elapsed = time.perf_counter() - start
    print(f"{args.game} {args.rules}, {players} players, {args.games} games, bots {','.join(bots)}, "
          f"seed {args.seed}: {elapsed:.1f} s with {workers} {'worker' if workers == 1 else 'workers'}, "
          f"{args.games / elapsed:.1f} games/s", file=out)
    print(tally.report(), file=out)


def _check_out(path: str) -> None:
    """Raise :class:`~cardlab.simulate.SimulationError` unless ``path`` names a file in a folder
    that exists (whether it can be written, :class:`~cardlab.outfile.OutFile` checks)."""
    if not path:
        raise SimulationError("--out needs a file name, such as --out games.csv")
    if path.endswith(("/", os.sep)) or os.path.isdir(path):
        raise SimulationError(f"cannot write {path}: it names a folder, not a file (such as "
                              f"{os.path.join(path, 'games.csv')})")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise SimulationError(f"cannot write {path}: there is no folder {folder}")


class _Workers(ProcessPoolExecutor):
    """The processes ``simulate --workers`` plays in. Ctrl-C stops them at once and without a
    traceback: a worker interrupted ends the chunk it is playing with ``KeyboardInterrupt`` (the
    chunk's future holds it) and every chunk handed to it after, so the pool shuts down at once and
    cleanly, its workers never killed mid-way."""

    def __init__(self, workers: int):
        super().__init__(workers, initializer=_start_worker)

    def submit(self, fn, /, *args, **kwargs):
        # A submit may start the workers: they begin with Ctrl-C held back until they handle it.
        held = _hold_interrupts(signal.SIG_BLOCK)
        try:
            return super().submit(_unless_interrupted, fn, *args, **kwargs)
        finally:
            _hold_interrupts(signal.SIG_SETMASK, held)

    def stop(self) -> None:
        """Shut down at once: cancel the chunks not started, and interrupt every worker (as Ctrl-C at
        a terminal does, should the signal have reached only this process) so that none goes on
        playing. Once every chunk has been collected, it just shuts down."""
        for worker in list((self._processes or {}).values()):  # this pool's workers, and no other process
            with suppress(ProcessLookupError):
                os.kill(worker.pid, signal.SIGINT)
        self.shutdown(cancel_futures=True)


def _hold_interrupts(how, mask=(signal.SIGINT,)):
    """Block or unblock Ctrl-C in this thread (``signal.pthread_sigmask``), where the system can;
    the mask before."""
    return signal.pthread_sigmask(how, mask) if hasattr(signal, "pthread_sigmask") else mask


# In a worker process: whether it is playing a chunk, and whether it was interrupted.
_playing = _interrupted_once = False


def _start_worker() -> None:
    """A worker's first step: Ctrl-C handled by :func:`_interrupted`, and no longer held back."""
    signal.signal(signal.SIGINT, _interrupted)
    _hold_interrupts(signal.SIG_UNBLOCK)


def _interrupted(signum, frame) -> None:
    """A worker's Ctrl-C: interrupt the chunk being played, and refuse those after it."""
    global _interrupted_once
    _interrupted_once = True
    if _playing:
        raise KeyboardInterrupt


def _unless_interrupted(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` in a worker, unless the worker was interrupted."""
    global _playing
    _playing = True
    try:
        if _interrupted_once:
            raise KeyboardInterrupt
        return fn(*args, **kwargs)
    finally:
        _playing = False


def _one_line_errors(parser: argparse.ArgumentParser) -> None:
    """Make ``parser`` report a bad argument in one line (exit 2), without the usage text."""
    def error(message):
        print(f"{parser.prog}: {message}", file=sys.stderr)
        sys.exit(UNUSABLE)

    parser.error = error


def _printable_output(as_json: bool) -> None:
    """Print only what the terminal can show: a character its encoding lacks (♥ or 甲 under cp1252)
    comes out escaped, as \\u2665, instead of ending the run in a UnicodeEncodeError. JSON lines
    are UTF-8 whatever the terminal, for the program that reads them."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)  # absent when output goes to a StringIO
    if reconfigure is not None:
        reconfigure(encoding="utf-8" if as_json else None, errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardlab", description="Check and replay cardlab scenario files; "
                                     "simulate games between computer players; list the games cardlab knows "
                                     "(cardlab games).")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="replay every scenario, check every quiz, one line per file",
                             description="Replay every scenario and check every quiz file (the files of a "
                             "folder named quizzes) and try-it instructions (of a folder named try_it), one line per file. Exit status: 0 when all hold, 1 when "
                             "an expectation failed, 2 when a file could not be used, 130 on Ctrl-C.")
    p_check.add_argument("paths", nargs="+", metavar="PATH", help="scenario or quiz files, or folders of them")
    p_check.add_argument("--json", action="store_true", help='one JSON object per file per line: {"path", '
                         '"status" (ok, fail or error), "step" (a number or null), "message" (or null)}')
    p_replay = sub.add_parser("replay", help="print each step with its outcome and the position after it")
    p_replay.add_argument("path", metavar="PATH")
    p_replay.add_argument("--json", action="store_true", help="one JSON object per line")
    p_sim = sub.add_parser("simulate", help="play many seeded games between computer players; "
                           "print a summary and write one CSV row per player per game",
                           description="Play many seeded games between computer players, print a "
                           "summary and write one CSV row per player per game. Ctrl-C stops at once "
                           f"(exit {INTERRUPTED}) and writes no file: the CSV appears only once every "
                           "game has been played, and a file already there is left as it was (a named "
                           "pipe or a device is written as the rows come).")
    p_sim.add_argument("game", metavar="GAME", help=f"one of {', '.join(game_names())} (cardlab games lists them)")
    p_sim.add_argument("rules", metavar="RULES", help="a rule set of the game, such as podkidnoy")
    p_sim.add_argument("--games", type=int, required=True, metavar="N",
                       help=f"how many games, at most {MAX_GAMES:,}")
    p_sim.add_argument("--players", type=int, metavar="P", help="players a game (default: the fewest allowed)")
    p_sim.add_argument("--bots", default="random", metavar="BOT,...",
                       help="bots by seat, comma-separated: random, simple, montecarlo (the last fills "
                            "the remaining seats; the bots change seats each game)")
    p_sim.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the whole run (default 0)")
    p_sim.add_argument("--workers", type=int, default=1, metavar="K",
                       help=f"processes to play in (default 1), at most {WORKERS_PER_CPU} per CPU "
                            f"({MAX_WORKERS} on this machine); no more start than there are chunks of "
                            f"{CHUNK} games to play")
    p_sim.add_argument("--out", metavar="FILE.csv", help="write the rows to this CSV file, once every game "
                       "has been played; checked before any game is played (a named pipe waits for its "
                       "reader first)")
    sub.add_parser("games", help="list the games cardlab knows, each with its rule sets and numbers of players",
                   description="List the games cardlab knows (built in, or registered by another package "
                   "through the entry-point group cardlab.games), each with its rule sets, their numbers of "
                   "players and what each is.")
    _one_line_errors(p_sim)
    args, extra = parser.parse_known_args(argv)
    if extra:  # what parse_args does, but in one line for simulate
        (p_sim if args.command == "simulate" else parser).error(f"unrecognized arguments: {' '.join(extra)}")
    _printable_output(args.command in ("check", "replay") and args.json)
    try:
        if args.command == "simulate":
            return simulate(args)
        if args.command == "check":
            return check(args.paths, as_json=args.json)
        if args.command == "games":
            return games()
        return replay(args.path, args.json)
    except BrokenPipeError:  # output piped into head and the like
        sys.stderr.close()
        return OK


if __name__ == "__main__":
    sys.exit(main())
