"""The solution's animated GIF (issue 31): seconds and bytes of three films.

    .venv/bin/python benchmarks/animation.py            # best of 3 runs each
    .venv/bin/python benchmarks/animation.py --runs 1

1. a 7 x 7 rotation puzzle of 25 turns (puzzles/side-door.txt, the 7 x 7 of
   the catalogue nearest 20 turns): the frame turns, then the sticks fall;
2. 50 moves on a 4 x 4 sliding board (a seeded walk that never steps back):
   tiles slide;
3. a 4 x 4 triangle (seeded, 16 pieces): each piece drops into its slot.

Each is timed as the route draws it (``/api/<kind>/animation.gif``): the
moves, the frames, the captions and Pillow's encoding, at the default width;
the solve is left out (the route takes it from the cache or the request's
budget, and the solvers have benchmarks of their own). Goal: each under
0.5 s and 500 KB.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from webapp import film, kinds  # noqa: E402
from webapp.web.animation import SIZES  # noqa: E402

GOAL_SECONDS, GOAL_BYTES = 0.5, 500_000


def _rotation():
    kind = kinds.get("rotation")
    board = kind.parse((ROOT / "puzzles" / "side-door.txt").read_text())
    return kind, board, kind.solve(board, kind.options({}))


def _sliding():
    kind, rng = kinds.get("sliding"), random.Random(31)
    position = kind.parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n")
    moves, last = [], None
    while len(moves) < 50:
        tile = rng.choice([t for t in position.movable() if t != last])
        moves.append(tile)
        position, last = position.move(tile), tile
    start = kind.parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n")
    return kind, start, {"moves": moves}


def _triangle():
    kind = kinds.get("triangle")
    puzzle = kind.shuffle({"size": 4, "figures": 5}, random.Random(31))
    return kind, puzzle, kind.solve(puzzle, kind.options({}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    failed = False
    print(f"{'film':<34}{'moves':>6}{'frames':>8}{'seconds':>10}{'bytes':>10}")
    for name, make in (("rotation 7 x 7, side-door", _rotation), ("sliding 4 x 4, 50 moves", _sliding),
                       ("triangle 4 x 4", _triangle)):
        kind, puzzle, answer = make()
        best, data, frames = float("inf"), b"", []
        for _ in range(args.runs):
            began = time.perf_counter()
            moves = kind.film_moves(answer, None)
            frames = kind.film(puzzle, moves, SIZES[2])
            data = film.encode(film.captioned(frames))
            best = min(best, time.perf_counter() - began)
        slow = best > GOAL_SECONDS or len(data) > GOAL_BYTES
        failed |= slow
        print(f"{name:<34}{len(moves):>6}{len(frames):>8}{best:>10.3f}{len(data):>10}"
              f"{'  OVER THE GOAL' if slow else ''}")
    print(f"goal: each under {GOAL_SECONDS} s and {GOAL_BYTES // 1000} KB")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
