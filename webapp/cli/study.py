"""``rotation-playground study``: exhaustive studies of a kind's puzzles,
run by the kind's part (its ``study_command()``, a module with ``OPTIONS``
and ``run(args, say)``).
"""

from __future__ import annotations

import sys

from . import memory
from .parts import every, named


def _studied():
    """The kinds' parts that have a study, in the registry's order."""
    return [part for part in every() if part.study_command is not None]


def add_parser(commands) -> None:
    parts = _studied()
    p = commands.add_parser(
        "study", help="study every position of a family of puzzles (exact distances)",
        description="Build the graph of every position of a family of puzzles (a frame and "
                    "the pieces in it), find each position's exact distance to the goal, and "
                    "keep the hardest positions, the histogram of distances, the unsolvable "
                    "count and the sizes in a SQLite database (one row a study, written as it "
                    "ends: run the command again to go on) and a summary JSON. See "
                    "docs/records.md.")
    p.add_argument("--kind", default=parts[0].name if parts else None,
                   choices=[part.name for part in parts],
                   help="the kind studied (default: %(default)s)")
    seen = set()
    for part in parts:
        for option in part.study_command().OPTIONS:
            if option.flags[0] not in seen:
                seen.add(option.flags[0])
                p.add_argument(*option.flags, help=option.help, **option.kwargs)
    bound = memory.option(0, "each study")
    p.add_argument(*bound.flags, help=bound.help, **bound.kwargs)
    p.add_argument("--db", default="study.sqlite", metavar="PATH",
                   help="the SQLite database (default: study.sqlite)")
    p.add_argument("--summary", metavar="PATH",
                   help="the summary JSON (default: the database's path with .json)")
    p.add_argument("--quiet", action="store_true", help="no line a study on standard error")
    p.set_defaults(run=run, parser=p)


def run(args) -> int:
    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr)

    return named(args.kind).study_command().run(args, say)
