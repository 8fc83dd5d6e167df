"""The ``cardlab`` command: ``cardlab check PATH...`` and ``cardlab replay PATH [--json]``.

Exit status: 0 when every scenario holds, 1 when an expectation failed, 2 when a file could not be
used. Messages name the file, the place and the fault; there is never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from .scenario import ScenarioError, json_records, load, run, scenario_paths, transcript

OK, FAILED, UNUSABLE = 0, 1, 2


def _load_and_run(path):
    """``(result, None)`` or ``(None, message)`` for a file that cannot be used."""
    try:
        scenario = load(path)
    except ScenarioError as exc:
        return None, str(exc)
    try:
        return run(scenario), None
    except Exception as exc:  # an engine bug must still not print a traceback at a learner
        return None, f"{path}: internal error while replaying ({type(exc).__name__}: {exc}); please report it"


def check(paths: list[str], out=None) -> int:
    out = sys.stdout if out is None else out  # looked up per call, so redirection is honoured
    found = scenario_paths(paths)
    if not found:
        print(f"no scenario files (*.yaml, *.yml) found in: {' '.join(paths)}", file=out)
        return UNUSABLE
    status = OK
    for f, skipped in found:
        if skipped:
            print(f"ERROR  {f}: {skipped}", file=out)
            status = UNUSABLE
            continue
        result, error = _load_and_run(f)
        if error:
            print(f"ERROR  {error}", file=out)
            status = UNUSABLE
        elif result.failure:
            print(f"FAIL  {f}: step {result.failure.step.number}: {result.failure.failure}", file=out)
            status = max(status, FAILED)
        else:
            print(f"ok  {f}", file=out)
    return status


def replay(path: str, as_json: bool = False, out=None) -> int:
    out = sys.stdout if out is None else out
    result, error = _load_and_run(path)
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


def _printable_output(as_json: bool) -> None:
    """Print only what the terminal can show: a character its encoding lacks (♥ or 甲 under cp1252)
    comes out escaped, as \\u2665, instead of ending the run in a UnicodeEncodeError. JSON lines
    are UTF-8 whatever the terminal, for the program that reads them."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)  # absent when output goes to a StringIO
    if reconfigure is not None:
        reconfigure(encoding="utf-8" if as_json else None, errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardlab", description="Check and replay cardlab scenario files.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="replay every scenario and report one line per file")
    p_check.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    p_replay = sub.add_parser("replay", help="print each step with its outcome and the position after it")
    p_replay.add_argument("path", metavar="PATH")
    p_replay.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    _printable_output(args.command == "replay" and args.json)
    try:
        if args.command == "check":
            return check(args.paths)
        return replay(args.path, args.json)
    except BrokenPipeError:  # output piped into head and the like
        sys.stderr.close()
        return OK


if __name__ == "__main__":
    sys.exit(main())
