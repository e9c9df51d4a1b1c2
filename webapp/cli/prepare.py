"""``rotation-playground prepare``: build now what a kind's solves would
build on first use (``make setup PREPARE=1`` runs it). A kind takes part
through its part's ``prepare(progress, large)`` hook, which answers a
line for each thing it keeps; a kind with nothing to build has no hook.
"""

from __future__ import annotations

import sys

from ..commandline import EXIT_BAD_INPUT, EXIT_OK
from ..kinds import names
from .parts import named
from .progress import Progress, is_terminal


def add_parser(commands) -> None:
    p = commands.add_parser(
        "prepare", help="build ahead of time what solves would build on first use",
        description="Build now what a kind's first solve would build and keep (tables, pattern "
                    "databases), so that later solves start at once; one line a kind, saying "
                    "what it keeps and where. On a terminal, a build longer than a second shows "
                    "its progress. Running it again finds everything built.")
    p.add_argument("--kind", metavar="KIND",
                   help="only this kind (default: every kind that builds something)")
    p.add_argument("--large", action="store_true",
                   help="also build what is large and only makes some solves faster (minutes of "
                        "building, a hundred MB or more; each kind's docs say what)")
    p.set_defaults(run=run)


def run(args) -> int:
    chosen = names() if args.kind is None else (args.kind,)
    if args.kind is not None and args.kind not in names():
        print(f"error: no kind {args.kind!r} (kinds: {', '.join(names())})", file=sys.stderr)
        return EXIT_BAD_INPUT
    for name in chosen:
        part = named(name)
        if part.prepare is None:
            if args.kind is not None:
                print(f"{name}: nothing to build")
            continue
        progress = Progress(sys.stderr, show=is_terminal(sys.stderr))
        try:
            said = part.prepare(progress, large=args.large)
        finally:
            progress.close()
        for line in said.splitlines():
            print(f"{name}: {line}")
    return EXIT_OK
