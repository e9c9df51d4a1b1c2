"""The 17 positions of the 15-puzzle that need 80 moves, the most any needs
(``benchmarks/fifteen80.txt``, whose header cites the sources), each solved
optimally by the engine, one at a time.

    .venv/bin/python benchmarks/fifteen80.py               # all 17 (minutes)
    .venv/bin/python benchmarks/fifteen80.py --only 1 12   # positions 1 and 12
    .venv/bin/python benchmarks/fifteen80.py --huge        # build (once) and use the 7-8 databases
    make bench-fifteen80                                   # the same as the first

The solves are the solver's (``solver.solve``), so they use the strongest
4 x 4 databases in the cache (``pdb.built_larger``): 7-8 once built (``--huge``,
576 MB, minutes), else 7-7-1 once built (``--large``), else 6-6-3.

One line a position: its number, the length found, the IDA* nodes, the
seconds (in the process, the databases loaded before the first), the CPU
seconds of the process (on a machine shared with other work the wall clock
also counts their turns, the CPU time does not) and the millions of nodes a
CPU second; then the total, median and slowest. The exit
status is 1 when an answer is not of 80 moves, not marked optimal, or does
not reach the goal.

The list is in this project's goal (1 2 ... 15, the hole last). Lists for
the goal with the hole in the top-left corner convert with
:func:`from_blank_first`; :func:`transpose` is the goal's one symmetry.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "benchmarks" / "fifteen80.txt"
SIDE = 4


def from_blank_first(tiles) -> tuple[int, ...]:
    """A 4 x 4 position for the goal ``0 1 2 ... 15`` (hole first) as the
    same problem for the goal ``1 2 ... 15 0`` (hole last): the board turned
    180 degrees, tile t renamed 16 - t. Turning maps the one goal's cells
    onto the other's in reverse reading order, and the renaming matches
    their tiles, so every move sequence keeps its length.

    >>> from_blank_first(range(16)) == tuple(range(1, 16)) + (0,)
    True
    """
    n = SIDE * SIDE
    return tuple(0 if t == 0 else n - t for t in reversed(tuple(tiles)))


def transpose(tiles) -> tuple[int, ...]:
    """The mirror image of a position in the main diagonal, for the goal
    ``1 2 ... 15 0``: cell (r, c) to (c, r), each tile renamed to the tile
    whose home is the reflection of its own. It needs as many moves.

    >>> transpose(tuple(range(1, 16)) + (0,)) == tuple(range(1, 16)) + (0,)
    True
    """
    tiles = tuple(tiles)

    def renamed(t: int) -> int:
        r, c = divmod(t - 1, SIDE)
        return 0 if t == 0 else c * SIDE + r + 1

    return tuple(renamed(tiles[(i % SIDE) * SIDE + i // SIDE]) for i in range(SIDE * SIDE))


def read_positions(path: Path = POSITIONS) -> list[tuple[tuple[int, ...], int]]:
    """(tiles, optimal length) for each line ``16 numbers : length``."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            board, _, length = line.partition(":")
            out.append((tuple(int(t) for t in board.split()), int(length)))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", type=int, nargs="+", metavar="N",
                        help="solve only these positions (1 to 17)")
    parser.add_argument("--engine", choices=("auto", "native", "python"), default="auto")
    parser.add_argument("--large", action="store_true",
                        help="build (once, minutes) the 7-7-1 databases (used unless 7-8 are built)")
    parser.add_argument("--huge", action="store_true",
                        help="build (once, minutes, 3 GB) and use the 7-8 databases")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from webapp.sliding import cachedir, native, pdb, solver
    from webapp.sliding.position import IllegalMove, replay

    positions = list(enumerate(read_positions(), 1))
    if args.only:
        positions = [p for p in positions if p[0] in args.only]
    t = time.perf_counter()
    for asked, sets in ((args.large, pdb.LARGE), (args.huge, pdb.HUGE)):
        if asked:
            pdb.load(4, 4, sets[(4, 4)], engine=args.engine)
    pset = pdb.load(4, 4, (pdb.built_larger(4, 4) or [pdb.partition(4, 4)])[0], engine=args.engine)
    print(f"{len(positions)} positions from {POSITIONS.relative_to(ROOT)}; engine "
          f"{native.engine_name(args.engine)}; databases "
          f"{pset.patterns if pset else 'none (Manhattan distance + linear conflicts)'}, "
          f"ready in {time.perf_counter() - t:.2f} s ({cachedir.directory()})")
    print(f"\n{'#':>3} {'length':>6} {'nodes':>15} {'seconds':>8} {'cpu s':>8} {'M nodes/cpu s':>13}")
    times, cpus, wrong = [], [], 0
    goal = tuple(range(1, 16)) + (0,)
    for i, (tiles, expected) in positions:
        t, cpu = time.perf_counter(), time.process_time()
        a = solver.solve(4, 4, tiles, engine=args.engine, use_book=False)  # the search, not the kept answer
        dt, dcpu = time.perf_counter() - t, time.process_time() - cpu
        times.append(dt)
        cpus.append(dcpu)
        try:
            home = replay(4, tiles, a.moves) == goal
        except IllegalMove:
            home = False
        ok = a.status == "solved" and a.optimal and a.length == expected and home
        wrong += not ok
        print(f"{i:>3} {a.length if a.length is not None else '-':>6} {a.nodes:>15,} {dt:>8.1f} "
              f"{dcpu:>8.1f} {a.nodes / max(dcpu, 1e-9) / 1e6:>13.1f}{'' if ok else '  WRONG'}",
              flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\ntotal {sum(times):.1f} s ({sum(cpus):.1f} s of CPU), median "
          f"{statistics.median(times):.2f} s ({statistics.median(cpus):.2f} s of CPU), slowest "
          f"{max(times):.2f} s (#{positions[times.index(max(times))][0]}); peak resident memory "
          f"{peak:.0f} MB; {'all 80 moves, optimal' if not wrong else f'{wrong} WRONG'}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
