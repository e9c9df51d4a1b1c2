"""The triangle puzzle's solver: nodes and seconds.

    .venv/bin/python benchmarks/triangle.py            # everything, best of 3 runs
    .venv/bin/python benchmarks/triangle.py --runs 1   # one run each

Parts (goals of issue 11 in brackets):
1. the four examples of the spec, every solution listed (< 5 ms each);
2. a fixed seeded set of puzzles cut from random boards, 3 x 3 to 6 x 6:
   every solution counted (first 10 listed), bounded by --max-seconds;
3. a 16-piece puzzle with 5 figure kinds, every solution listed (< 1 s);
4. a 36-piece puzzle with a unique solution (16 figure kinds, seed 0, checked
   unique here): its first solution (< 10 s), then the full uniqueness check.

Random puzzles are made here (not by webapp.triangle.generate) so that the
figures stay put when the generator changes: a random figure on every inner
edge of a filled board, random numbers on the outside, pieces shuffled and
turned. Times are the best of --runs runs, in-process, engine 'python'.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))  # the spec's examples and the board cutter

from webapp.triangle import Puzzle, check, solve  # noqa: E402
from webapp.triangle.geometry import inner_edges  # noqa: E402
from triangle_reference import EXAMPLES, filled_board  # noqa: E402

#: (side, figure kinds, seed) of the seeded set.
SEEDED = [(3, 3, 1), (3, 3, 2), (4, 4, 1), (4, 6, 2), (5, 8, 1), (5, 10, 2), (6, 14, 1),
          (6, 16, 2)]
SIXTEEN = (4, 5, 7)
UNIQUE = (6, 16, 0)


def board(n: int, figures: int, seed: int) -> Puzzle:
    """Pieces cut from a filled board (solvable by design), along the engine's
    order of the inner edges: the order the seeded set was first made in."""
    return Puzzle(figures, filled_board(n, figures, random.Random(seed), inner=inner_edges(n)))


def best_of(runs: int, puzzle: Puzzle, **options):
    best = None
    for _ in range(runs):
        answer = solve(puzzle, **options)
        if best is None or answer.seconds < best.seconds:
            best = answer
    for placement in best.solutions:
        check(puzzle, placement)
    return best


def line(name: str, answer, goal: str = "") -> None:
    print(f"{name:<28} {answer.status:<10} count {answer.count_text:>8} distinct {answer.distinct:>6} "
          f"nodes {answer.nodes:>9} {answer.seconds * 1000:>10.2f} ms {goal}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per case, the best is shown")
    parser.add_argument("--max-seconds", type=float, default=60.0, help="limit per solve")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    print("triangle: the spec's examples, every solution (goal < 5 ms each)")
    for number, pieces in enumerate(EXAMPLES):
        line(f"example {number}", best_of(runs, Puzzle(3, pieces), first=None), "(< 5 ms)")
    print("triangle: seeded puzzles cut from random boards, every solution counted")
    for n, figures, seed in SEEDED:
        answer = best_of(runs, board(n, figures, seed), max_seconds=args.max_seconds)
        line(f"{n}x{n} {figures} figures seed {seed}", answer)
    n, figures, seed = SIXTEEN
    print("triangle: 16 pieces, 5 figure kinds, every solution listed (goal < 1 s)")
    line(f"{n}x{n} {figures} figures seed {seed}",
         best_of(runs, board(n, figures, seed), first=None, max_seconds=args.max_seconds), "(< 1 s)")
    n, figures, seed = UNIQUE
    puzzle = board(n, figures, seed)
    print("triangle: 36 pieces with a unique solution: the first solution (goal < 10 s), "
          "then the uniqueness check")
    line(f"{n}x{n} {figures} figures first", best_of(runs, puzzle, first=1, stop_after=1,
                                                       max_seconds=args.max_seconds), "(< 10 s)")
    unique = best_of(1, puzzle, first=1, stop_after=2, max_seconds=args.max_seconds)
    line(f"{n}x{n} {figures} figures unique?", unique)
    if not (unique.complete and unique.distinct == 1):
        print("the 36-piece case is not unique (or not finished)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
