"""Add a climbed record to climbs.json from a `study --climb` run's output:

    .venv/bin/python benchmarks/studies/add_climb.py OUT_FILE "COMMAND" SECONDS

(the board and its turns are read from OUT_FILE; the turns are checked
again by the solver), then run records.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from webapp.rotation.board import Board
from webapp.rotation.solver import solve_best
from webapp.rotation.study import sticks_text

HERE = Path(__file__).resolve().parent


def main(out: str, command: str, seconds: str) -> None:
    text, _, line = Path(out).read_text().rpartition("seed ")
    board = Board.from_text(text)
    turns = int(line.split(": ", 1)[1].split()[0])
    answer = solve_best(board)
    assert answer.status == "solved" and len(answer.moves) == turns, answer.summary()
    seed = int(command.split("--seed ")[1].split()[0])
    words = dict(zip(command.split()[2::2], command.split()[3::2]))
    restart = f", restart {words['--restart']}" if "--restart" in words else ""
    record = {
        "frame": f"{board.width}x{board.height}", "turns": turns, "proven": False,
        "board": board.text(), "sticks": sticks_text(sorted((s.length, s.vertical)
                                                            for s in board.sticks)),
        "gap": ",".join(f"{r},{c}" for r, c in board.gaps()), "seed": seed,
        "how": f"climb: {words['--climb']} steps from seed {seed}{restart}, {words['--climb-sticks']} "
               f"sticks, inner walls; {float(seconds):.0f} s",
        "positions": answer.states, "command": command,
    }
    path = HERE / "climbs.json"
    found = json.loads(path.read_text()) if path.exists() else []
    found = [r for r in found if r["command"] != command] + [record]
    path.write_text(json.dumps(found, indent=2) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
