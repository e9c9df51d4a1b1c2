"""Write ``puzzles/sliding/shortest.json``: a proven shortest solution of
each of the 15-puzzle's 17 positions of 80 moves (benchmarks/fifteen80.txt),
which the sliding solver answers at once (webapp/sliding/book.py). Each
position that is the mirror of one solved before gets that solution
mirrored (the same moves, each tile renamed as the mirror renames it), so
11 searches of 30 to 190 s make all 17 (about 20 minutes of one core with
the 6-6-3 databases; a minute with the 7-8 set built).

    .venv/bin/python tools/shortest_book.py            # all 17, then write the file
    .venv/bin/python tools/shortest_book.py --from F   # the solutions in F ({number: moves}), checked
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import fifteen80 as f80  # noqa: E402
from webapp.sliding import solver  # noqa: E402
from webapp.sliding.position import Position, replay  # noqa: E402

OUT = ROOT / "puzzles" / "sliding" / "shortest.json"
GOAL = tuple(range(1, 16)) + (0,)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="given", type=Path,
                        help="solutions found before: a JSON object {number: moves}")
    args = parser.parse_args(argv)
    positions = [tiles for tiles, _ in f80.read_positions()]
    given = {int(k): v for k, v in json.loads(args.given.read_text()).items()} if args.given else {}
    # a tile's name in the mirror: the tile whose home is the reflection of its own
    renamed = {t: (0 if t == 0 else ((t - 1) % 4) * 4 + (t - 1) // 4 + 1) for t in range(16)}
    solved: dict[tuple, list[int]] = {}
    for number, tiles in enumerate(positions, 1):
        mirror = f80.transpose(tiles)
        if mirror in solved:
            moves = [renamed[t] for t in solved[mirror]]
        elif number in given:
            moves = list(given[number])
        else:
            answer = solver.solve(4, 4, tiles, use_book=False)
            if not (answer.status == "solved" and answer.optimal):
                print(f"{number}: not solved optimally ({answer.summary()})", file=sys.stderr)
                return 1
            moves = list(answer.moves)
        if replay(4, tiles, moves) != GOAL or len(moves) != 80:
            print(f"{number}: the solution does not bring the tiles home in 80 moves", file=sys.stderr)
            return 1
        solved[tiles] = moves
        print(f"{number}: {len(moves)} moves", flush=True)
    # one entry a line pair: the board, then its moves on one line
    entries = [f'{{"board": {json.dumps(Position(tiles, width=4).text())},\n  "moves": {json.dumps(moves)}}}'
               for tiles, moves in solved.items()]
    OUT.write_text("[\n " + ",\n ".join(entries) + "\n]\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(entries)} solutions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
