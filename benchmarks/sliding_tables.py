"""The exact distance tables of the sliding boards up to 12 cells, built
anew and measured: for each shape the seconds (wall and CPU), the bytes,
the most moves any position needs, how many need that many, and those
positions (benchmarks/README.md, "Sliding tiles: every board up to 12
cells").

    .venv/bin/python benchmarks/sliding_tables.py             # all, 12 cells included (minutes)
    .venv/bin/python benchmarks/sliding_tables.py --most 10   # up to 10 cells (seconds)

Needs the C engine (the 12-cell tables have no other builder); nothing is
written to the cache.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from webapp.sliding import bigtable, native, table
from webapp.sliding.position import Position

#: Each shape measured; a tall twin reads the same table (docs/sliding.md).
SHAPES = ((2, 2), (3, 2), (4, 2), (3, 3), (5, 2), (4, 3), (6, 2))


def rows(position: Position) -> str:
    t, w = position.tiles, position.width
    return " / ".join(" ".join(map(str, t[r * w:(r + 1) * w])) for r in range(position.height))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--most", type=int, default=12, help="largest board measured, in cells")
    args = parser.parse_args(argv)
    if not native.available():
        print("the C engine is not built: the 12-cell tables have no other builder", file=sys.stderr)
        return 2
    print("| shape | positions | most moves | that far | bytes (layout) | wall s | CPU s |")
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: |")
    farthest = {}
    for width, height in SHAPES:
        if width * height > args.most:
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        if table.fits(width, height):
            data = table.build(width, height, "native")
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            dist = [d for d in data if d != table.UNREACHABLE]
            most = max(dist)
            far = [Position(table.unrank(width * height, r), width)
                   for r, d in enumerate(data) if d == most]
            count, layout = len(dist), "a byte an ordering"
        else:
            data, layers, ids = bigtable.build(width, height, engine="native")
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            most, count, layout = len(layers) - 1, sum(layers), "2 bits a solvable position"
            far = [Position(bigtable.tiles_at(width, height, i), width) for i in ids]
        farthest[width, height] = far
        print(f"| {width} x {height} | {count:,} | {most} | {len(far)} | {len(data):,} ({layout}) "
              f"| {wall:.2f} | {cpu:.2f} |", flush=True)
    print(f"\npeak resident memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    for (width, height), far in farthest.items():
        print(f"\n{width} x {height}, the farthest:")
        for p in far:
            print(f"  {rows(p)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
