"""The ``cardlab`` command: ``cardlab check PATH... [--json]``, ``cardlab replay PATH [--json]`` and
``cardlab simulate GAME RULES --games N ...``.

Exit status of ``check`` and ``replay``: 0 when every scenario holds, 1 when an expectation failed,
2 when a file could not be used. Messages name the file, the place and the fault; there is never a
traceback. ``simulate`` exits 0 once it has played every game, 2 with a one-line message for
arguments it cannot run with.
"""

from __future__ import annotations

import argparse
import json
import sys

from .scenario import ScenarioError, json_records, load, run, scenario_paths, transcript

OK, FAILED, UNUSABLE = 0, 1, 2


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


def _check_line(path, status: str, step=None, message=None, as_json: bool = False) -> str:
    """One file's line of ``check``: ``ok  PATH``, ``FAIL  PATH: step N: ...`` or ``ERROR  ...``;
    with ``as_json``, the object ``{"path", "status" (ok, fail, error), "step", "message"}``."""
    if as_json:
        return json.dumps({"path": str(path), "status": status, "step": step, "message": message},
                          ensure_ascii=False)
    if status == "ok":
        return f"ok  {path}"
    if status == "fail":
        return f"FAIL  {path}: step {step}: {message}"
    return f"ERROR  {message}"


def check(paths: list[str], out=None, as_json: bool = False) -> int:
    out = sys.stdout if out is None else out  # looked up per call, so redirection is honoured
    found = scenario_paths(paths)
    if not found:
        print(_check_line(" ".join(paths), "error", message="no scenario files (*.yaml, *.yml) found in: "
                          + " ".join(paths), as_json=as_json), file=out)
        return UNUSABLE
    status = OK
    for f, skipped in found:
        if skipped:
            print(_check_line(f, "error", message=f"{f}: {skipped}", as_json=as_json), file=out)
            status = UNUSABLE
            continue
        result, error, step = _load_and_run(f)
        if error:
            print(_check_line(f, "error", step, error, as_json), file=out)
            status = UNUSABLE
        elif result.failure:
            print(_check_line(f, "fail", result.failure.step.number, result.failure.failure, as_json), file=out)
            status = max(status, FAILED)
        else:
            print(_check_line(f, "ok", as_json=as_json), file=out)
    return status


def replay(path: str, as_json: bool = False, out=None) -> int:
    out = sys.stdout if out is None else out
    result, error, _ = _load_and_run(path)
    if error:
        if as_json:
            print(json.dumps({"error": error}, ensure_ascii=False), file=out)
        else:
            print(f"ERROR  {error}", file=out)
        return UNUSABLE
    if as_json:
        for record in json_records(result):
            print(json.dumps(record, ensure_ascii=False), file=out)
    else:
        print(transcript(result), file=out)
    return FAILED if result.failure else OK


def simulate(args, out=None) -> int:
    """Play the games, show a progress bar on a terminal, print the summary and write the CSV."""
    import os
    import time

    from .simulate import SimulationError, check_arguments, report, simulate as run_games, write_csv

    out = sys.stdout if out is None else out
    bots = [b.strip() for b in args.bots.split(",")]
    try:
        players = check_arguments(args.game, args.rules, args.games, args.players, bots)
        if args.workers < 1:
            raise SimulationError(f"--workers must be at least 1, not {args.workers}")
        if args.out:
            folder = os.path.dirname(os.path.abspath(args.out))
            if not os.path.isdir(folder) or os.path.isdir(args.out):
                raise SimulationError(f"cannot write {args.out}: no such folder, or it is a folder")
    except SimulationError as exc:
        print(f"cardlab simulate: {exc}", file=sys.stderr)
        return UNUSABLE
    progress = sys.stderr.isatty()
    start = time.perf_counter()
    if args.workers == 1:
        rows = run_games(args.game, args.rules, args.games, players, bots, args.seed, progress=progress,
                         as_frame=False)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            rows = run_games(args.game, args.rules, args.games, players, bots, args.seed, executor=pool,
                             progress=progress, as_frame=False)
    elapsed = time.perf_counter() - start
    print(f"{args.game} {args.rules}, {players} players, {args.games} games, bots {','.join(bots)}, "
          f"seed {args.seed}: {elapsed:.1f} s with {args.workers} "
          f"{'worker' if args.workers == 1 else 'workers'}, {args.games / elapsed:.1f} games/s", file=out)
    print(report(rows), file=out)
    if args.out:
        try:
            write_csv(rows, args.out)
        except OSError as exc:
            print(f"cardlab simulate: cannot write {args.out}: {exc.strerror}", file=sys.stderr)
            return UNUSABLE
        print(f"wrote {len(rows)} rows to {args.out}", file=out)
    return OK


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
                                     "simulate games between computer players.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="replay every scenario and report one line per file",
                             description="Replay every scenario and report one line per file. Exit status: "
                             "0 when all hold, 1 when an expectation failed, 2 when a file could not be used.")
    p_check.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    p_check.add_argument("--json", action="store_true", help='one JSON object per file per line: {"path", '
                         '"status" (ok, fail or error), "step" (a number or null), "message" (or null)}')
    p_replay = sub.add_parser("replay", help="print each step with its outcome and the position after it")
    p_replay.add_argument("path", metavar="PATH")
    p_replay.add_argument("--json", action="store_true", help="one JSON object per line")
    p_sim = sub.add_parser("simulate", help="play many seeded games between computer players; "
                           "print a summary and write one CSV row per player per game")
    p_sim.add_argument("game", metavar="GAME", help="durak, daifugo or gandengyan")
    p_sim.add_argument("rules", metavar="RULES", help="a rule set of the game, such as podkidnoy")
    p_sim.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    p_sim.add_argument("--players", type=int, metavar="P", help="players a game (default: the fewest allowed)")
    p_sim.add_argument("--bots", default="random", metavar="BOT,...",
                       help="bots by seat, comma-separated: random, simple, montecarlo (the last fills "
                            "the remaining seats; the bots change seats each game)")
    p_sim.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the whole run (default 0)")
    p_sim.add_argument("--workers", type=int, default=1, metavar="K", help="processes to play in (default 1)")
    p_sim.add_argument("--out", metavar="FILE.csv", help="write the rows to this CSV file")
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
        return replay(args.path, args.json)
    except BrokenPipeError:  # output piped into head and the like
        sys.stderr.close()
        return OK


if __name__ == "__main__":
    sys.exit(main())
