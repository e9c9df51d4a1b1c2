"""What ``solve`` prints: one style for every kind of puzzle.

In words, the first line is ``STATUS: WHAT (WORK)``: the status as the JSON
answer names it (``solved``, ``unsolvable``, ``limit``), what was found
(for a limit, first which limit ended the search), and the work done in
the kind's counter (states, nodes), not in seconds: a search that ends on
its own prints the same lines every run, so they can be compared (the
seconds are in the JSON answer). A kind whose answer is a list of moves
prints them on a second line, ``moves: ...``; what follows is the kind's
own (``--steps``, a list of solutions): the kind's part gives its words
(``facts``) and what follows.

With ``--json`` the answer is one object with its ``kind`` first, and an
error is one object too, ``{"error", "line", "column", "kind", "file"}``
(null where it does not apply), on standard output like an answer, so that
``solve ... --json | jq`` always reads one object; the message in words
still goes to standard error. Exit statuses do not change with ``--json``.

>>> answer = {"status": "solved", "moves": "LL", "summary": "solved: 2 moves", "nodes": 3}
>>> print("\\n".join(lines(answer, "nodes", lambda a: a["summary"].split(": ")[1])))
solved: 2 moves (3 nodes)
moves: L L
"""

from __future__ import annotations

import json

from ..commandline import limit_words, plural
from ..puzzletext import PuzzleTextError
from .parts import named


def result_lines(kind: str, answer: dict) -> list[str]:
    """The headline and, when there are moves, the moves line, of an
    answer of the kind called ``kind``."""
    found = named(kind)
    return lines(answer, found.kind.counter, found.facts)


def lines(answer: dict, counter: str, facts) -> list[str]:
    """The headline (``facts(answer)``: what was found, in the kind's
    words; the work in ``counter``) and, when there are moves, the moves line."""
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
    """An error as one JSON object: the message, and the line and column of
    the text it is about when the error knows them (a column is null for an
    error about a whole line).

    >>> json_error("no stick 'z'", kind="toy", file="a.txt")
    '{"error": "no stick \\'z\\'", "line": null, "column": null, "kind": "toy", "file": "a.txt"}'
    """
    line = error.line if isinstance(error, PuzzleTextError) else None
    column = error.column if line is not None else None
    return json.dumps({"error": message, "line": line, "column": column, "kind": kind, "file": file})
