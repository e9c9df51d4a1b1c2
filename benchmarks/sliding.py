"""Korf's 100 random 15-puzzle positions, solved optimally: the standard
benchmark of optimal sliding-tile solvers.

    .venv/bin/python benchmarks/sliding.py                  # all 100, the engine auto picks
    .venv/bin/python benchmarks/sliding.py --limit 10       # the first 10
    .venv/bin/python benchmarks/sliding.py --engine python --limit 3
    .venv/bin/python benchmarks/sliding.py --fresh          # time building the databases too
    .venv/bin/python benchmarks/sliding.py --large          # build and use the 7-7-1 databases
    .venv/bin/python benchmarks/sliding.py --huge           # build and use the 7-8 databases
    .venv/bin/python benchmarks/sliding.py --five-only --five-limit 10   # 5 x 5: the first 10 of the 50

The positions come from ``../shared/bench/sliding/korf100.txt`` beside the
repository (one position a line: 16 numbers, ``:``, the optimal length);
where that file is absent (a clone of this repository alone) the benchmark
says so and solves the sample the tests use, ``tests/sliding/data/korf-sample.txt``.

The solver searches with the 4 x 4 databases 6-6-3 (built on first use,
seconds), or 7-7-1 once these are built (``--large`` builds them: minutes,
115 MB), or 7-8 once those are (``--huge``: minutes, 576 MB, 3 GB to build).
It prints one line a position (length, expected length, nodes, seconds), then the total, median and largest time, the pattern databases' build (or
first load) and reload times, their size, and the process's peak resident
memory. Then, unless ``--no-processes``, the same positions solved each by
a whole process, ``rotation-playground solve - --json``, as a user or a
script runs it (start-up, imports and loading the databases included): the
total, median and largest time, and the median's ratio to the in-process
one. ``--compare 'CMD'`` times another solver the same way, one process a
position (``{tiles}`` in CMD becomes the 16 numbers, space-separated; the
position is also on its standard input), and prints the ratio of medians.
Then (unless ``--no-five``) the 50 random 24-puzzle positions of Korf and
Felner (2002) with their published optimal lengths, ``benchmarks/korf24.txt``
(its header cites the source), each solved as the command line solves a 5 x 5
board (``--five-seconds``, default the command line's 10 s; the 5 x 5 pattern
databases built first when they are not in the cache, and timed): one line a
position (length, the optimum, their ratio, the proven lower bound, whether
it is marked optimal, seconds), then the mean and largest ratio and how many
are within 1.2 times the optimum.

The exit status is 1 when any 4 x 4 length differs from the expected one (or
an answer is not optimal or does not reach the goal), or a 5 x 5 answer does
not reach the goal, is shorter than the optimum or its lower bound, has a
lower bound above the optimum, or is marked optimal at another length; else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KORF100 = ROOT.parent / "shared" / "bench" / "sliding" / "korf100.txt"
KORF24 = ROOT / "benchmarks" / "korf24.txt"
SAMPLE = ROOT / "tests" / "sliding" / "data" / "korf-sample.txt"


def read_positions(path: Path) -> list[tuple[tuple[int, ...], int]]:
    """(tiles, optimal length) for each line ``16 numbers : length``."""
    out = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        board, _, length = line.partition(":")
        tiles = tuple(int(t) for t in board.replace(",", " ").split())
        out.append((tiles, int(length)))
    return out


def replays(tiles, moves, side: int = 4) -> bool:
    board = list(tiles)
    for t in moves:
        if not 0 < t < len(board):
            return False
        hole, cell = board.index(0), board.index(t)
        if abs(hole // side - cell // side) + abs(hole % side - cell % side) != 1:
            return False
        board[hole], board[cell] = t, 0
    return board == list(range(1, side * side)) + [0]


def _building(what: str):
    """A progress callback that says, at most once a second, how far the
    build of ``what`` has come."""
    last = [0.0]

    def building(count, percent, phase):
        now = time.perf_counter()
        if now - last[0] > 1:
            last[0] = now
            print(f"  building {what}: {percent}% ", file=sys.stderr, flush=True)

    return building


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=("auto", "native", "python"), default="auto")
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="solve only the first N positions")
    parser.add_argument("--file", type=Path, default=None,
                        help="positions to solve (default: Korf's 100, else the tests' sample)")
    parser.add_argument("--fresh", action="store_true",
                        help="build the pattern databases anew in a temporary cache directory "
                             "(to time the build)")
    parser.add_argument("--large", action="store_true",
                        help="build (once, minutes) and use the larger 7-7-1 databases")
    parser.add_argument("--huge", action="store_true",
                        help="build (once, minutes, 3 GB) and use the 7-8 databases")
    parser.add_argument("--no-processes", action="store_true",
                        help="leave out the whole-process timings")
    parser.add_argument("--compare", metavar="CMD",
                        help="another solver to time a process a position ({tiles}: the numbers)")
    parser.add_argument("--no-five", action="store_true", help="leave out the 5 x 5 positions")
    parser.add_argument("--five-only", action="store_true", help="only the 5 x 5 positions")
    parser.add_argument("--five-limit", type=int, default=None, metavar="N",
                        help="solve only the first N of the 50 5 x 5 positions")
    parser.add_argument("--five-seconds", type=float, default=None, metavar="S",
                        help="time limit of each 5 x 5 solve (default: the command line's)")
    args = parser.parse_args(argv)
    if args.fresh:
        import tempfile
        os.environ["ROTATION_PLAYGROUND_CACHE"] = tempfile.mkdtemp(prefix="sliding-bench-")

    if args.five_only:
        return 1 if five(args) else 0
    path = args.file
    if path is None:
        if KORF100.exists():
            path = KORF100
        else:
            print(f"{KORF100} is not here (a clone of the repository alone): "
                  f"solving the tests' sample {SAMPLE.relative_to(ROOT)} instead")
            path = SAMPLE
    if not path.exists():
        print(f"no positions to solve: {path} is missing; skipped")
        return 0
    positions = read_positions(path)[:args.limit]

    from webapp.sliding import cachedir, native, pdb, solver

    engine = native.engine_name(args.engine)
    print(f"{len(positions)} positions from {path}; engine {engine}; "
          f"cache {cachedir.directory()}")

    began = time.perf_counter()
    building = _building("pattern databases")

    patterns = (pdb.HUGE[(4, 4)] if args.huge else pdb.LARGE[(4, 4)] if args.large
                else (pdb.built_larger(4, 4) or [pdb.partition(4, 4)])[0])
    pset = pdb.load(4, 4, patterns, engine=args.engine, progress=building)
    first = time.perf_counter() - began
    if pset is None:
        print("no pattern databases for this engine (the Python engine cannot build 6-tile "
              "groups): the search uses Manhattan distance + linear conflicts")
    else:
        how = "built and stored" if pset.built else "loaded"
        pdb._loaded.clear()  # time a load from the files, as a new process does
        del pset
        t = time.perf_counter()
        pset = pdb.load(4, 4, patterns, engine=args.engine, allow_build=False)
        reload = time.perf_counter() - t
        print(f"pattern databases {pset.patterns}: {pset.nbytes / 1e6:.1f} MB, "
              f"{how} in {first:.2f} s; loaded from the cache in {reload:.3f} s")

    print(f"\n{'#':>3} {'length':>6} {'expected':>8} {'nodes':>13} {'seconds':>8}")
    wrong = 0
    times = []
    total_nodes = 0
    for i, (tiles, expected) in enumerate(positions, 1):
        t = time.perf_counter()
        a = solver.solve(4, 4, tiles, engine=args.engine)
        dt = time.perf_counter() - t
        times.append(dt)
        total_nodes += a.nodes
        ok = a.status == "solved" and a.optimal and a.length == expected and replays(tiles, a.moves)
        if not ok:
            wrong += 1
        print(f"{i:>3} {a.length if a.length is not None else '-':>6} {expected:>8} "
              f"{a.nodes:>13,} {dt:>8.3f}{'' if ok else '  WRONG'}", flush=True)

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(f"\ntotal {sum(times):.2f} s for {len(times)} positions, {total_nodes:,} nodes "
          f"({total_nodes / max(sum(times), 1e-9) / 1e6:.1f} M nodes/s); median "
          f"{statistics.median(times):.3f} s, max {max(times):.3f} s "
          f"(#{times.index(max(times)) + 1})")
    print(f"peak resident memory {peak:.0f} MB; {os.cpu_count()} CPUs; "
          f"{'all lengths right' if not wrong else f'{wrong} WRONG'}")
    if not args.no_processes:
        wrong += whole_processes(positions, statistics.median(times), args.compare)
    if not args.no_five:
        wrong += five(args)
    return 1 if wrong else 0


def five(args) -> int:
    """The 5 x 5 part: each of Korf and Felner's 50 positions solved within
    the time limit, its length against the published optimum; the wrong answers."""
    from webapp.sliding import cachedir, pdb, solver
    from webapp.sliding.kind import BIG_SECONDS

    seconds = args.five_seconds or BIG_SECONDS
    positions = read_positions(KORF24)[:args.five_limit]
    print(f"\n5 x 5: {len(positions)} positions of Korf and Felner (2002) from "
          f"{KORF24.relative_to(ROOT)}, {seconds:g} s each; engine {args.engine}")
    building = _building("the 5 x 5 pattern databases")

    t = time.perf_counter()
    pset = pdb.load(5, 5, engine=args.engine, progress=building)
    if pset is None:
        print("no 5 x 5 pattern databases for this engine: Manhattan distance + linear conflicts")
    else:
        how = "built" if pset.built else "loaded"
        print(f"pattern databases {pset.patterns}: {pset.nbytes / 1e6:.1f} MB, {how} in "
              f"{time.perf_counter() - t:.1f} s, kept in {cachedir.directory()}")
    print(f"\n{'#':>3} {'length':>6} {'optimum':>7} {'ratio':>6} {'bound':>5} {'optimal':>7} "
          f"{'nodes':>13} {'seconds':>7}")
    ratios, wrong, proven = [], 0, 0
    for i, (tiles, optimum) in enumerate(positions, 1):
        t = time.perf_counter()
        a = solver.solve(5, 5, tiles, max_seconds=seconds, engine=args.engine)
        dt = time.perf_counter() - t
        n = a.length
        ok = (a.status == "solved" and replays(tiles, a.moves, 5) and n >= optimum
              and optimum >= a.lower_bound and n >= a.lower_bound
              and (not a.optimal or n == optimum == a.lower_bound))
        wrong += not ok
        proven += bool(a.optimal)
        ratio = n / optimum if n is not None else float("inf")
        ratios.append(ratio)
        print(f"{i:>3} {n if n is not None else '-':>6} {optimum:>7} {ratio:>6.3f} "
              f"{a.lower_bound or 0:>5} {'yes' if a.optimal else 'no':>7} {a.nodes:>13,} "
              f"{dt:>7.2f}{'' if ok else '  WRONG'}", flush=True)
    within = sum(r <= 1.2 for r in ratios)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n5 x 5: mean ratio {statistics.mean(ratios):.3f}, largest {max(ratios):.3f} "
          f"(#{ratios.index(max(ratios)) + 1}); {within} of {len(ratios)} within 1.2 times the "
          f"optimum; {proven} proven optimal; peak resident memory {peak:.0f} MB; "
          f"{'all answers consistent' if not wrong else f'{wrong} WRONG'}")
    return wrong


def _summary(times: list[float]) -> str:
    return (f"total {sum(times):.2f} s, median {statistics.median(times):.3f} s, "
            f"max {max(times):.3f} s (#{times.index(max(times)) + 1})")


def whole_processes(positions, in_process_median: float, compare: str | None) -> int:
    """Each position solved by a process of its own; the wrong answers."""
    command = Path(sys.executable).with_name("rotation-playground")
    print(f"\nwhole processes: {command.name} solve - --json, one a position "
          "(the databases loaded from the cache by each)")
    times, wrong = [], 0
    for tiles, expected in positions:
        board = "".join(" ".join(map(str, tiles[r * 4:r * 4 + 4])) + "\n" for r in range(4))
        t = time.perf_counter()
        done = subprocess.run([str(command), "solve", "-", "--json"], input=board,
                              capture_output=True, text=True)
        times.append(time.perf_counter() - t)
        answer = json.loads(done.stdout or "{}")
        if not (answer.get("optimal") and answer.get("length") == expected
                and replays(tiles, answer.get("moves", []))):
            wrong += 1
            print(f"  WRONG: {tiles}: {done.stdout[:200]} {done.stderr[:200]}")
    median = statistics.median(times)
    print(f"  {_summary(times)}; the median is {median / in_process_median:.1f} times the "
          f"in-process one ({median - in_process_median:.3f} s of start-up and loading)")
    if compare:
        other = []
        for tiles, _ in positions:
            numbers = " ".join(map(str, tiles))
            t = time.perf_counter()
            subprocess.run(shlex.split(compare.replace("{tiles}", numbers)), input=numbers + "\n",
                           capture_output=True, text=True)
            other.append(time.perf_counter() - t)
        print(f"{compare}: {_summary(other)}; ours is {statistics.median(other) / median:.2f} "
              "times as fast (ratio of medians)")
    return wrong


if __name__ == "__main__":
    sys.exit(main())
