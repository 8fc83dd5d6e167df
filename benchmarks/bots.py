"""Bot benchmark: milliseconds per decision of each bot, per game, and games per second of
``cardlab simulate`` with 1 and 2 worker processes. Printed, never asserted.

    python benchmarks/bots.py [--decisions 60] [--games 200]
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

from cardlab import daifugo, durak, gandengyan, simulate  # noqa: E402
from cardlab.bots import BOTS, make_bot, next_actor  # noqa: E402

GAMES = {
    "durak podkidnoy, 2 players": lambda seed: durak.new_game("podkidnoy", ["p1", "p2"], seed=seed),
    "daifugo jdf, 4 players": lambda seed: daifugo.new_game("jdf", ["p1", "p2", "p3", "p4"], seed=seed),
    "gandengyan yiqi, 4 players": lambda seed: gandengyan.new_game("yiqi", ["p1", "p2", "p3", "p4"], seed=seed),
}


def decision_times(make, bot_name: str, decisions: int) -> list[float]:
    """Seconds per decision of ``bot_name`` in positions reached by simple play."""
    times = []
    seed = 0
    simple = make_bot("simple")
    while len(times) < decisions:
        state, rng, bot = make(seed), random.Random(seed), make_bot(bot_name, seed=seed)
        while not state.is_over() and len(times) < decisions:
            view = state.view(next_actor(state, rng))
            start = time.perf_counter()
            bot.choose(view)
            times.append(time.perf_counter() - start)
            state.apply(simple.choose(view))
        seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for label, make in GAMES.items():
        for name in BOTS:
            t = decision_times(make, name, args.decisions)
            print(f"{label:<28} {name:<11} median {statistics.median(t) * 1000:7.2f} ms, "
                  f"90th percentile {sorted(t)[int(0.9 * len(t))] * 1000:7.2f} ms a decision")
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
