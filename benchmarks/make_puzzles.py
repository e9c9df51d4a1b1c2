"""Make the benchmark puzzles: random boards whose search visits 10^5 to 10^6
states, and a few larger ones (``LARGE``: 10^6 to 8 x 10^6 states).

    .venv/bin/python benchmarks/make_puzzles.py            # every puzzle missing from puzzles/
    .venv/bin/python benchmarks/make_puzzles.py --force    # all of them again
    .venv/bin/python benchmarks/make_puzzles.py NAME ...   # only these

For each entry of ``SPECS`` the boards of seeds 0, 1, 2, ... are built (a frame
with gaps in its border, inner walls, sticks named 0-9 so that the competition
solver can read them) until one has the wanted status and a state count in
the wanted range; it is written settled (as it rests before the first move),
so that the seed binary, which does not settle first, starts from the same
state. The same seed always gives the same board, so the files can be made
again (one board, in ``FOUND``, is kept as an earlier search found it).
``puzzles/catalogue.json`` records each answer (status, moves, states,
depth) and the seed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from webapp.rotation.board import Board, Stick  # noqa: E402
from webapp.rotation import native  # noqa: E402
from webapp.rotation.physics import Position  # noqa: E402
from webapp.rotation.search import solve  # noqa: E402

HERE = Path(__file__).resolve().parent / "puzzles"

#: name: (size, sticks, longest stick, inner walls, gaps, status, fewest states, most states)
SPECS = {
    "b07-8sticks-unsolvable": (7, 8, 2, 0, 0, "unsolvable", 100_000, 1_000_000),
    "b10-9sticks-unsolvable": (10, 9, 3, 8, 1, "unsolvable", 100_000, 1_000_000),
    "b12-8sticks-solvable": (12, 8, 4, 20, 1, "solved", 100_000, 1_000_000),
    "b12-9sticks-unsolvable": (12, 9, 4, 20, 1, "unsolvable", 100_000, 1_000_000),
    "b18-10sticks-solvable": (18, 10, 6, 70, 1, "solved", 100_000, 500_000),
    "b18-10sticks-unsolvable": (18, 10, 6, 70, 1, "unsolvable", 100_000, 500_000),
}

#: Boards of 10^6 states or more, in ``catalogue-large.json``: the same fields, then "flat" for a board
#: whose sticks all lie flat under a gap one cell wide in its top side.
LARGE: dict[str, tuple] = {
    "b10-9sticks-flat-unsolvable": (10, 9, 3, 12, 1, "unsolvable", 4_000_000, 8_000_000, "flat"),
    "b10-9sticks-flat4m-unsolvable": (10, 9, 3, 13, 1, "unsolvable", 3_500_000, 5_000_000, "flat"),
    "b10-9sticks-wide-unsolvable": (10, 9, 3, 10, 2, "unsolvable", 1_000_000, 3_000_000, "wide"),
    "b12-10sticks-wide-solvable": (12, 10, 3, 14, 2, "solved", 1_000_000, 4_000_000, "wide"),
}

#: Boards kept as found by an earlier, differently seeded random search (deep
#: solvable boards are rare: the seeds above found no 10 x 10 one in 20 minutes).
FOUND = {
    "b10-8sticks-solvable": (
        "10\n"
        "##########\n"
        "#        #\n"
        "###   # 5 \n"
        "#    # 75#\n"
        "#      ###\n"
        "#        #\n"
        "#       2#\n"
        "#111   32#\n"
        "#6  0 432#\n"
        "##########\n"),
}


def board_for(name: str, seed: int) -> Board:
    """The settled board of ``name`` for ``seed``."""
    spec = SPECS.get(name) or LARGE[name]
    n, count, longest, inner, gaps = spec[:5]
    flat = len(spec) > 8 and spec[8] in ("flat", "wide")
    wide = len(spec) > 8 and spec[8] == "wide"
    rng = random.Random(f"{name}/{seed}")
    walls = {(r, c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1)}
    border = sorted(cell for cell in walls if cell[0] not in (0, n - 1) or cell[1] not in (0, n - 1))
    if flat:
        # one gap in the top side; sticks lie flat and are two cells long or
        # more, so none can pass a gap one cell wide: unsolvable for sure, yet
        # the gap stays reachable (no wall under it)
        border = [(0, c) for c in range(1, n - 1)]
    if wide:
        # a gap two cells wide: a stick of length 2 leaves through it only
        # when it lies right under it, which takes many turns to arrange
        c = rng.randrange(1, n - 2)
        walls.difference_update({(0, c), (0, c + 1)})
    else:
        for cell in rng.sample(border, gaps):
            walls.discard(cell)
    inside = [(r, c) for r in range(1, n - 1) for c in range(1, n - 1)]
    if flat:
        for c in range(1, n - 1):
            if (0, c) not in walls:
                inside.remove((1, c))
    walls.update(rng.sample(inside, inner))
    taken = set(walls)
    sticks: list[Stick] = []
    for _ in range(10_000):
        if len(sticks) == count:
            break
        length = rng.randint(2 if flat else 1, longest)
        vertical = not flat and rng.random() < 0.5
        r, c = rng.randrange(1, n - 1), rng.randrange(1, n - 1)
        cells = [(r + k, c) if vertical else (r, c + k) for k in range(length)]
        if all(0 < a < n - 1 and 0 < b < n - 1 and (a, b) not in taken for a, b in cells):
            taken.update(cells)
            sticks.append(Stick(str(len(sticks)), r, c, length, vertical))
    board = Board(n, n, frozenset(walls), tuple(sticks))
    return Position(board).settle().position.board


def search(board: Board, **limits):
    """The whole search, as bench.py times it (no shortcut for a board with
    no gap): the C engine (the reference, tested against it, where it is not
    built: hours instead of minutes)."""
    engine = native.native_solve if native.available() else solve
    return engine(board, _shortcut=False, **limits)


def make(name: str, budget: float) -> dict | None:
    if name in FOUND:
        board = Board.from_text(FOUND[name])
        answer = search(board)
        return {"file": f"{name}.txt", "size": f"{board.width}x{board.height}",
                "sticks": len(board.sticks), "status": answer.status, "moves": answer.length,
                "states": answer.states, "depth": answer.depth, "seed": None, "board": board}
    size, count, _, _, _, status, fewest, most = (SPECS.get(name) or LARGE[name])[:8]
    began = time.perf_counter()
    seed = 0
    while time.perf_counter() - began < budget:
        board = board_for(name, seed)
        seed += 1
        if len(board.sticks) < count:
            continue  # the sticks did not fit, or one fell out as it settled
        answer = search(board, max_states=most + 1, max_seconds=60)
        if answer.status == status and fewest <= answer.states <= most:
            return {"file": f"{name}.txt", "size": f"{size}x{size}", "sticks": count,
                    "status": answer.status, "moves": answer.length, "states": answer.states,
                    "depth": answer.depth, "seed": seed - 1, "board": board}
    return None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="puzzles to make (default: all missing)")
    parser.add_argument("--force", action="store_true", help="make them even if present")
    parser.add_argument("--budget", type=float, default=600, help="seconds per puzzle")
    args = parser.parse_args(argv)
    HERE.mkdir(exist_ok=True)
    for name in args.names or [*SPECS, *FOUND, *LARGE]:
        # the large boards have their own catalogue: tests/rotation/test_rotation_native.py
        # solves every board of catalogue.json in full, 10^6 states at most
        catalogue_path = HERE / ("catalogue-large.json" if name in LARGE else "catalogue.json")
        catalogue = {e["file"]: e for e in json.loads(catalogue_path.read_text())} \
            if catalogue_path.exists() else {}
        path = HERE / f"{name}.txt"
        if path.exists() and not args.force and not args.names:
            continue
        entry = make(name, args.budget)
        if entry is None:
            print(f"{name}: nothing found within {args.budget:.0f} s", file=sys.stderr)
            continue
        path.write_text(entry.pop("board").text())
        catalogue[entry["file"]] = entry
        print(f"{name}: seed {entry['seed']}, {entry['status']}, moves {entry['moves']}, "
              f"{entry['states']:,} states", flush=True)
        catalogue_path.write_text(json.dumps(sorted(catalogue.values(), key=lambda e: e["file"]),
                                             indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
