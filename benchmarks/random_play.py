"""Random-play benchmark: complete games per second and decisions per second, per rule set.

Each game: a seeded deal, then a seeded random choice among ``legal_actions()`` applied through the
public, checked ``apply`` until the game ends. One core; several runs; the median is printed.
Speed is measured here and reported, never asserted by a test.

    python benchmarks/random_play.py [--seconds 2] [--runs 5] [--only TEXT] [--profile [N]]

With ``--profile`` each rule set is also played once more under cProfile, and the N functions
(default 15) that take the most time of their own are printed below its figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import daifugo, durak, gandengyan  # noqa: E402

MAX_DECISIONS = 20_000


def durak_game(rules: str, players: int):
    names = [f"p{i}" for i in range(1, players + 1)]
    return lambda seed: durak.new_game(rules, names, seed=seed)


def daifugo_game(rules: str):
    names = ["p1", "p2", "p3", "p4"]
    return lambda seed: daifugo.new_game(rules, names, seed=seed)


def gandengyan_game(rules: str, players: int):
    names = [f"p{i}" for i in range(1, players + 1)]
    return lambda seed: gandengyan.new_game(rules, names, seed=seed)


GAMES = {
    "durak podkidnoy, 2 players": durak_game("podkidnoy", 2),
    "durak podkidnoy, 3 players": durak_game("podkidnoy", 3),
    "durak throw-in-fool, 2 players": durak_game("throw-in-fool", 2),
    "durak perevodnoy, 2 players": durak_game("perevodnoy", 2),
    "daifugo jdf, 4 players": daifugo_game("jdf"),
    "daifugo yeeqia, 4 players": daifugo_game("yeeqia"),
    **{f"gandengyan {rules}, {n} players": gandengyan_game(rules, n)
       for rules in ("yiqi", "yiqi-single-draw") for n in range(2, 6)},
    "gandengyan jj, 3 players": gandengyan_game("jj", 3),
}


def play(make, seed: int) -> int:
    """Play one random game to the end; return the number of decisions."""
    state = make(seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"game with seed {seed} did not end in {MAX_DECISIONS} decisions")
    return decisions


def measure(make, seconds: float, seed0: int) -> tuple[float, float]:
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += play(make, seed0 + games)
        games += 1
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per rule set (median reported)")
    parser.add_argument("--only", default="", help="only rule sets whose label contains this text")
    parser.add_argument("--profile", type=int, nargs="?", const=15, default=0, metavar="N",
                        help="also profile each rule set and print its top N functions (default 15)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {args.runs} runs of {args.seconds:g} s each, median")
    print(f"{'game':40} {'games/s':>9} {'decisions/s':>12} {'ms/decision':>12}")
    for label, make in GAMES.items():
        if args.only not in label:
            continue
        runs = [measure(make, args.seconds, seed0=1000 * i) for i in range(args.runs)]
        gps = statistics.median(r[0] for r in runs)
        dps = statistics.median(r[1] for r in runs)
        print(f"{label:40} {gps:9.0f} {dps:12.0f} {1000 / dps:12.4f}", flush=True)
        if args.profile:
            profile(make, args.seconds, args.profile)


def profile(make, seconds: float, top: int) -> None:
    """Play games for about ``seconds`` under cProfile; print the ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    measure(make, seconds, seed0=0)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    main()
