"""Add a climbed record to climbs.json from the output of a `study --climb`
or `study --climb-frames` run:

    .venv/bin/python benchmarks/studies/add_climb.py OUT_FILE "COMMAND" SECONDS

(the board and its turns are read from OUT_FILE, the standard output; the
turns are checked again by the solver), then run records.py. climbs.json
keeps the best climb of each frame size: a record replaces one of its frame
with fewer turns, and one with no more turns than the kept one is not added.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from webapp.rotation.board import Board
from webapp.rotation.solver import solve_best
from webapp.rotation.studies.study import sticks_text

HERE = Path(__file__).resolve().parent


def _how(words: dict, line: str, seconds: float) -> str:
    seed = words["--seed"]
    restart = f", restart {words['--restart']}" if "--restart" in words else ""
    if "--climb-frames" in words:
        # "the most of the 172,270 positions of its frame and sticks (...)"
        positions = line.split("the most of the ", 1)[1].split()[0]
        return (f"frame climb: {words['--climb-frames']} steps from seed {seed}{restart}, "
                f"{words['--climb-sticks']} sticks and {words['--inner-walls']} inner walls to "
                f"start; the most turns of the {positions} positions of its frame and sticks, "
                f"by a full study; {seconds:.0f} s")
    return (f"climb: {words['--climb']} steps from seed {seed}{restart}, "
            f"{words['--climb-sticks']} sticks, inner walls; {seconds:.0f} s")


def main(out: str, command: str, seconds: str) -> None:
    lines = Path(out).read_text().splitlines()
    at = max(i for i, line in enumerate(lines) if line.startswith("seed "))
    board = Board.from_text("\n".join(lines[:at]) + "\n")
    turns = int(lines[at].split(": ", 1)[1].split()[0])
    answer = solve_best(board)
    assert answer.status == "solved" and len(answer.moves) == turns, answer.summary()
    words = dict(zip(command.split()[2::2], command.split()[3::2]))
    seed = int(words["--seed"])
    record = {
        "frame": f"{board.width}x{board.height}", "turns": turns, "proven": False,
        "board": board.text(), "sticks": sticks_text(sorted((s.length, s.vertical)
                                                            for s in board.sticks)),
        "gap": ",".join(f"{r},{c}" for r, c in board.gaps()), "seed": seed,
        "how": _how(words, lines[at], float(seconds)),
        "positions": answer.states, "command": command,
    }
    if "--climb-frames" in words:
        # its frame's study: checked again by tests/rotation/test_records.py
        record["study_positions"] = int(lines[at].split("the most of the ", 1)[1].split()[0]
                                        .replace(",", ""))
    path = HERE / "climbs.json"
    found = json.loads(path.read_text()) if path.exists() else []
    kept = [r for r in found if r["frame"] == record["frame"] and r["command"] != command]
    if any(r["turns"] >= turns for r in kept):
        sys.exit(f"not a record: {record['frame']} has {max(r['turns'] for r in kept)} turns")
    found = [r for r in found if r["frame"] != record["frame"]]
    order = [r["frame"] for r in found] + [record["frame"]]
    found.append(record)
    found.sort(key=lambda r: (int(r["frame"].split("x")[0]), order.index(r["frame"])))
    path.write_text(json.dumps(found, indent=2) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
