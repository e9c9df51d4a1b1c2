"""What ``solve`` prints: one style for every kind of puzzle.

In words, the first line is ``STATUS: WHAT (WORK)``: the status as the JSON
answer names it (``solved``, ``unsolvable``, ``limit``), what was found
(for a limit, first which limit ended the search), and the work done in
the kind's counter (states, nodes), not in seconds: a search that ends on
its own prints the same lines every run, so they can be compared (the
seconds are in the JSON answer). A kind whose answer is a list of moves
prints them on a second line, ``moves: ...``; what follows is the kind's
own (``--steps``, a triangle's solutions).

With ``--json`` the answer is one object with its ``kind`` first, and an
error is one object too, ``{"error", "line", "column", "kind", "file"}``
(null where it does not apply), on standard output like an answer, so that
``solve ... --json | jq`` always reads one object; the message in words
still goes to standard error. Exit statuses do not change with ``--json``.

>>> answer = {"status": "solved", "moves": "LL", "states": 3, "seconds": 0.0021}
>>> print("\\n".join(result_lines("rotation", answer)))
solved: 2 moves, shortest (3 states)
moves: L L
"""

from __future__ import annotations

import json

from .puzzletext import PuzzleTextError

#: A limit as each kind's answer names it, and in the command line's words.
_LIMITS = {"states": "the state limit", "max_states": "the state limit",
           "nodes": "the node limit", "max_nodes": "the node limit", "max_count": "the node limit",
           "time": "the time limit", "seconds": "the time limit", "max_seconds": "the time limit",
           "memory": "the memory limit", "max_bytes": "the memory limit", "interrupted": "Ctrl+C"}

#: The counter each kind's answer reports its work in.
_COUNTERS = {"rotation": "states"}


def plural(n, word: str) -> str:
    """``1 move``, ``1,234 moves``; a count given as text is kept as it is.

    >>> plural(1, "move"), plural(1234, "state"), plural("2432902008176640000", "placement")
    ('1 move', '1,234 states', '2432902008176640000 placements')
    """
    shown = f"{n:,}" if isinstance(n, int) else str(n)
    return f"{shown} {word}{'' if str(n) == '1' else 's'}"


def limit_words(answer: dict) -> str:
    """What ended a search, in words: ``the time limit``, ``Ctrl+C``.

    >>> limit_words({"limit": "max_nodes"}), limit_words({"limit": "interrupted"})
    ('the node limit', 'Ctrl+C')
    """
    return _LIMITS.get(answer.get("limit") or "", "a limit")


def result_lines(kind: str, answer: dict) -> list[str]:
    """The headline and, when there are moves, the moves line."""
    status = answer.get("status")
    facts = {"rotation": _rotation_facts, "sliding": _sliding_facts,
             "triangle": _triangle_facts}.get(kind, _any_facts)(answer)
    if status == "limit":
        facts = f"{limit_words(answer)} ended the search; {facts}"
    counter = _COUNTERS.get(kind, "nodes")
    count = answer.get(counter)
    lines = [f"{status}: {facts} ({plural(count if isinstance(count, int) else 0, counter[:-1])})"]
    moves = answer.get("moves")
    if status == "solved" and moves:
        lines.append("moves: " + " ".join(str(move) for move in moves))
    return lines


def _moves_facts(answer: dict, shortest: str) -> str:
    n = answer.get("length")
    if n is None:
        n = len(answer.get("moves") or ())
    return f"{plural(n, 'move')}, {shortest}"


def _rotation_facts(answer: dict) -> str:
    """Rotation: the moves (a breadth-first search: always the fewest), or
    the reason there are none, as the answer's own summary gives it."""
    status, summary = answer.get("status"), answer.get("summary") or ""
    reason = summary.split(": ", 1)[-1]
    if status == "solved":
        if not answer.get("moves"):  # settled at once, or no sticks at all
            return f"0 moves, {reason}"
        return _moves_facts(answer, "shortest")
    if status == "unsolvable":
        return reason
    return f"no solution within {plural(answer.get('depth') or 0, 'move')}"


def _sliding_facts(answer: dict) -> str:
    status = answer.get("status")
    if status == "unsolvable":
        return "the tiles are in an unsolvable order, an odd permutation"
    bound = answer.get("lower_bound")
    at_least = f"at least {plural(bound, 'move')} needed" if bound else "no bound proven"
    if status == "limit":
        return f"no solution found, {at_least}"
    if not answer.get("moves"):
        return "0 moves, the tiles are in place already"
    if answer.get("optimal"):
        return _moves_facts(answer, "shortest")
    stopped = f", {limit_words(answer)} ended the search for a shortest one" if answer.get("limit") else ""
    return _moves_facts(answer, f"not proven shortest: {at_least}{stopped}")


def _triangle_facts(answer: dict) -> str:
    if answer.get("status") == "unsolvable":
        return "no placement fits"
    count = answer.get("count_text") or answer.get("count")
    found = (f"{plural(count if count is not None else 0, 'placement')}, "
             f"{plural(answer.get('distinct') or 0, 'distinct picture')} up to turning")
    return f"so far {found}" if answer.get("status") == "limit" else found


def _any_facts(answer: dict) -> str:
    """A kind this module does not know: its own summary, without its status."""
    return (answer.get("summary") or "").split(": ", 1)[-1]


def json_answer(kind: str, answer: dict) -> str:
    """The answer as one JSON object, its kind first.

    >>> json_answer("triangle", {"status": "solved", "kind": "triangle"})
    '{"kind": "triangle", "status": "solved"}'
    """
    return json.dumps({"kind": kind, **{k: v for k, v in answer.items() if k != "kind"}})


def json_error(message: str, error: Exception | None = None, *, kind: str | None = None,
               file: str | None = None) -> str:
    """An error as one JSON object: the message, and the line and column of
    the text it is about when the error knows them (a column is null for an
    error about a whole line).

    >>> json_error("no stick 'z'", kind="rotation", file="a.txt")
    '{"error": "no stick \\'z\\'", "line": null, "column": null, "kind": "rotation", "file": "a.txt"}'
    """
    line = error.line if isinstance(error, PuzzleTextError) else None
    column = error.column if line is not None else None
    return json.dumps({"error": message, "line": line, "column": column, "kind": kind, "file": file})
