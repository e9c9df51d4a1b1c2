"""What ``solve`` prints: one style for every kind of puzzle (the solve
help's epilog, in :mod:`.parser`, tells the user).

The work is given in the kind's counter, not in seconds, so that a search
that ends on its own prints the same lines every run. With ``--json`` an
error is one object on standard output too, so that ``solve ... --json | jq``
always reads one object.

>>> answer = {"status": "solved", "moves": "LL", "summary": "solved: 2 moves", "nodes": 3}
>>> print("\\n".join(lines(answer, "nodes", lambda a: a["summary"].split(": ")[1])))
solved: 2 moves (3 nodes)
moves: L L
"""

from __future__ import annotations

import json

from ..commandline import limit_words, plural
from ..errors import PuzzleTextError


def lines(answer: dict, counter: str, facts) -> list[str]:
    """The headline (``facts(answer)``: what was found, in the kind's words)
    and, when there are moves, the moves line."""
    status = answer.get("status")
    found = facts(answer)
    if status == "limit":
        found = f"{limit_words(answer)} ended the search; {found}"
    count = answer.get(counter)
    lines = [f"{status}: {found} ({plural(count if isinstance(count, int) else 0, counter[:-1])})"]
    moves = answer.get("moves")
    if status == "solved" and moves:
        lines.append("moves: " + " ".join(str(move) for move in moves))
    return lines


def json_answer(kind: str, answer: dict) -> str:
    """The answer as one JSON object, its kind first.

    >>> json_answer("toy", {"status": "solved", "kind": "toy"})
    '{"kind": "toy", "status": "solved"}'
    """
    return json.dumps({"kind": kind, **{k: v for k, v in answer.items() if k != "kind"}})


def json_error(message: str, error: Exception | None = None, *, kind: str | None = None,
               file: str | None = None) -> str:
    """An error as one JSON object (a column is null for an error about a
    whole line).

    >>> json_error("no stick 'z'", kind="toy", file="a.txt")
    '{"error": "no stick \\'z\\'", "line": null, "column": null, "kind": "toy", "file": "a.txt"}'
    """
    line = error.line if isinstance(error, PuzzleTextError) else None
    column = error.column if line is not None else None
    return json.dumps({"error": message, "line": line, "column": column, "kind": kind, "file": file})
