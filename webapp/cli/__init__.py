"""The command line: one module a command (the parser in :mod:`.parser`,
the progress line in :mod:`.progress`, what ``solve`` prints in
:mod:`.output`).

No kind is named here: each kind's part (``kind.command_line()``, a
:class:`webapp.commandline.CommandLine`) gives its options and how it
recognises, solves, words and generates, so a kind registered anew (a
test's) needs no edit here.

Flask and waitress are imported by ``serve``, ``worker``, ``copy-links``
and ``link-store`` only, when they run; the start-up of a small solve is one
of the figures ``make bench`` prints.
"""

from __future__ import annotations

import os
import sys

from ..commandline import EXIT_LIMIT
from .parser import COMMANDS, EXIT_BROKEN_PIPE, build_parser


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    # a command named first needs only its own parser; anything else (--help,
    # --version, a mistake) gets every command's, to list them
    command = argv[0] if argv and argv[0] in COMMANDS else None
    try:
        try:
            parser = build_parser(command)
            if command == "solve" and _asks_for_json(argv):
                for each in (parser, *parser._subparsers._group_actions[0].choices.values()):
                    each.json_errors = True
            args = parser.parse_args(argv)
        except SystemExit:  # --help, --version or a usage error: their text may meet a closed pipe
            sys.stdout.flush()
            raise
        code = args.run(args)
        sys.stdout.flush()  # here, not at exit, so a closed pipe is caught below
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:  # outside a search (a solve reports its own)
        print("stopped by Ctrl+C", file=sys.stderr)
        return EXIT_LIMIT


def _asks_for_json(argv: list[str]) -> bool:
    """Whether ``--json`` (or an abbreviation argparse takes for it) comes
    before any ``--``.

    >>> _asks_for_json(["solve", "x.txt", "--js"]), _asks_for_json(["solve", "--", "--json"])
    (True, False)
    """
    for arg in argv:
        if arg == "--":
            return False
        if len(arg) > 2 and "--json".startswith(arg):
            return True
    return False


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's
    flush at exit finds no closed pipe (the recipe in Python's SIGPIPE docs)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        pass
