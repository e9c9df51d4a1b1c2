"""The command line: ``rotation-playground solve FILE``, ``generate``,
``serve``, ``worker``, ``copy-links`` and ``prepare``, one module each (the parser in
:mod:`.parser`, the progress line in :mod:`.progress`, what ``solve``
prints in :mod:`.output`).

No kind is named here: each kind's part (``kind.command_line()``, the
:class:`webapp.commandline.CommandLine` declared in
``webapp/<kind>/commandline.py``) gives its options, how it recognises its
text, solves, words its answer and generates a puzzle, and a kind
registered anew (a test's) is solved and generated with no edit here.

On a terminal, a solve that runs longer than a second shows its progress on
standard error (positions, depth, rate, time), one line rewritten in place
and cleared at the end; it also shows with ``--json``, whose answer goes to
standard output. Ctrl+C stops a solve and says how far it got (exit 3, as
for any limit; a kind may answer with what it has instead).

Standard output closed early (``| head``) ends any command quietly with
status 141, as a shell reports for Unix tools that SIGPIPE stopped. ``serve``
takes its address before it says where it listens; when it cannot, it says
why in one line and exits with 2.

Flask and waitress are imported by ``serve``, ``worker`` and
``copy-links`` only, when they run (they are the web's, not a solve's);
the start-up of a small solve is one of the figures ``make bench`` prints.
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
    """Whether ``--json`` (or an abbreviation argparse takes for it) is among
    the options, before a ``--`` that ends them.

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
    """Point standard output at the null device, so that the interpreter's own
    flush at exit finds no closed pipe (the recipe in Python's documentation
    of SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        pass
