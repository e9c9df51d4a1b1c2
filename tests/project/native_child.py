"""The process that makes test_native_arguments.py's calls of the C
extensions, so that a call that crashes ends this process and not pytest.

It reads pickled ``(name, args)`` from stdin, calls ``CALLS[name](*args)``
and writes back a pickled ``(outcome, message)``: ``"returned"`` or the name
of the exception raised. ``triangle_count`` takes the arguments by name and
fills the others in from a real search of a small puzzle, so that each call
gets exactly one argument wrong.
"""

from __future__ import annotations

import pickle
import random
import sys


def _triangle_count_args() -> dict:
    """The arguments the triangle engine hands its C search for a 2 x 2
    puzzle, by name (the callbacks are no-ops here)."""
    from webapp.triangle import native
    from webapp.triangle.budget import Budget
    from webapp.triangle.generate import random_puzzle
    from webapp.triangle.search import count

    real = native._native
    seen = []

    class Spy:
        def count(self, *args):
            seen.append(args)
            return real.count(*args)

    native._native = Spy()
    try:
        count(random_puzzle(2, 2, random.Random(1)), Budget(), engine="c", store=4)
    finally:
        native._native = real
    names = ("n", "pairs", "sizes", "nb", "turned", "mode", "roots", "replay", "loose", "check",
             "leaf", "leaf_checks", "max_nodes", "chunk", "nodes", "filter")
    args = dict(zip(names, seen[0]))
    args.update(check=lambda nodes, depth: None, leaf=lambda *placed: None)
    return args


def _calls() -> dict:
    from webapp import _rotation, _sliding, _triangle

    base = _triangle_count_args()

    def triangle_count(**wrong):
        args = {**base, **wrong}
        return _triangle.count(*args.values())

    return {
        "rotation_search": _rotation.search, "rotation_layout": _rotation.layout,
        "rotation_study": _rotation.study_graph,
        "sliding_bfs_table": _sliding.bfs_table, "sliding_half_table": _sliding.half_table,
        "sliding_pdb_build": _sliding.pdb_build, "sliding_ida": _sliding.ida,
        "triangle_count": triangle_count, "triangle_plain": _triangle.plain,
    }


def main() -> None:
    calls = _calls()
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            name, args, kwargs = pickle.load(source)
        except EOFError:
            return
        try:
            calls[name](*args, **kwargs)
            answer = ("returned", "")
        except Exception as error:  # the answer is which one it was
            answer = (type(error).__name__, str(error))
        pickle.dump(answer, sink)
        sink.flush()


if __name__ == "__main__":
    main()
