"""Bot benchmark: milliseconds per decision of each bot, for every game and rule set at its default
and typical numbers of players, and games per second of ``cardlab simulate`` with 1 and 2 worker
processes. Printed, never asserted.

    python benchmarks/bots.py [--decisions 60] [--games 200] [--only TEXT] [--bots montecarlo]

The decisions timed are those of a seat with a choice (more than one legal action: with one, every
bot answers at once), in positions reached by ``simple`` play. Each line gives the median and the
90th percentile, in wall-clock time and in CPU time of this process: on a machine that other work
loads, the CPU figures are the steadier ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import simulate  # noqa: E402
from cardlab.bots import BOTS, make_bot, next_actor  # noqa: E402
from cardlab.registry import all_games, find_game  # noqa: E402

TYPICAL_PLAYERS = {"durak": (2, 3, 4), "daifugo": (4,), "gandengyan": (3, 4)}


def tables() -> list[tuple[str, str, int]]:
    """Every game and rule set at its default number of players and the typical others."""
    out = []
    for spec in all_games():
        for rules in spec.rulesets:
            low, high = spec.player_counts[rules]
            counts = {min(max(spec.default_players, low), high)}
            counts |= {n for n in TYPICAL_PLAYERS.get(spec.name, ()) if low <= n <= high}
            out += [(spec.name, rules, n) for n in sorted(counts)]
    return out


def decision_times(game: str, rules: str, players: int, bot_name: str, decisions: int):
    """(wall, cpu) seconds of each of ``decisions`` decisions of ``bot_name`` with a choice."""
    spec = find_game(game)
    names = [f"p{i}" for i in range(1, players + 1)]
    wall, cpu = [], []
    seed = 0
    simple = make_bot("simple")
    while len(wall) < decisions:
        state, rng, bot = spec.new_game(rules, names, seed=seed), random.Random(seed), make_bot(bot_name, seed=seed)
        while not state.is_over() and len(wall) < decisions:
            view = state.view(next_actor(state, rng))
            if len(view.legal_actions()) > 1:
                start, start_cpu = time.perf_counter(), time.process_time()
                bot.choose(view)
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            state.apply(simple.choose(view))
        seed += 1
    return wall, cpu


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:7.2f} / {sorted(times)[int(0.9 * len(times))] * 1000:7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60, help="decisions timed per bot and table")
    parser.add_argument("--games", type=int, default=200, help="games of the simulate figure (0: none)")
    parser.add_argument("--only", default="", help="only the tables whose label contains this text")
    parser.add_argument("--bots", default=",".join(BOTS), help="comma-separated bot names")
    args = parser.parse_args()
    print(f"{'ms a decision with a choice':<34}{'bot':<12}{'wall: median / 90th':>22}{'cpu: median / 90th':>22}")
    for game, rules, players in tables():
        label = f"{game} {rules}, {players}p"
        if args.only not in label:
            continue
        for name in args.bots.split(","):
            wall, cpu = decision_times(game, rules, players, name, args.decisions)
            print(f"{label:<34}{name:<12}{ms(wall):>22}{ms(cpu):>22}", flush=True)
    if not args.games:
        return
    for workers in (1, 2):
        start = time.perf_counter()
        if workers == 1:
            simulate("durak", "podkidnoy", args.games, bots=["simple", "random"], as_frame=False)
        else:
            with ProcessPoolExecutor(workers) as pool:
                simulate("durak", "podkidnoy", args.games, bots=["simple", "random"], executor=pool,
                         as_frame=False)
        elapsed = time.perf_counter() - start
        print(f"cardlab simulate durak podkidnoy --bots simple,random, {workers} worker(s): "
              f"{args.games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main()
