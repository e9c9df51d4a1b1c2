"""The command line: ``rotation-playground solve FILE``, ``generate``,
``serve``, ``worker``, ``copy-links`` and ``prepare``, one module each (the parser in
:mod:`.parser`, the progress line in :mod:`.progress`, what ``solve``
prints in :mod:`.output`).

No kind is named here: each kind's part (``kind.command_line()``, in
``webapp/<kind>/commandline.py``) gives its options, how it recognises its
text, solves, words its answer and generates a puzzle (see
:mod:`webapp.kind_protocol`), and a kind registered anew (a test's) is
solved and generated with no edit here.

On a terminal, a solve that runs longer than a second shows its progress on
standard error (positions, depth, rate, time), one line rewritten in place
and cleared at the end; it also shows with ``--json``, whose answer goes to
standard output. Ctrl+C stops a solve and says how far it got (exit 3, as
for any limit; a kind may answer with what it has instead).

Standard output closed early (``| head``) ends any command quietly with
status 141, as a shell reports for Unix tools that SIGPIPE stopped. ``serve``
takes its address before it says where it listens; when it cannot, it says
why in one line and exits with 2.

Start-up is kept short: numpy only when the numpy engine runs, Flask and
waitress only for ``serve``, a kind's modules (and its command-line part)
only when a puzzle of that kind is read or one of its options given (see
:func:`option_kinds`), the installed version only for ``--version``, the
kinds' help texts only for ``--help``, the parser of the command given only
(every command's for ``--help`` or a mistake), threading only for a progress
line. With ``make setup`` (no import finder, modules byte-compiled), a small
puzzle of the first kind is solved by a whole process in about 0.05 s with
its C engine, most of it Python's own start-up and argparse (the engines'
tests check what a solve imports).
"""

from __future__ import annotations

import os
import sys

from .parser import _ADD, COMMANDS, EXIT_BROKEN_PIPE, MIN_SECONDS, build_parser, version  # noqa: F401
from .progress import Progress  # noqa: F401 - tests and kinds' parts use it from here

EXIT_OK = 0
EXIT_LIMIT = 3
EXIT_BAD_INPUT = 2


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    # a command named first needs only its own parser; anything else (--help,
    # --version, a mistake) gets every command's, to list them
    command = argv[0] if argv and argv[0] in COMMANDS else None
    try:
        try:
            kinds = option_kinds(argv[1:]) if command == "solve" else None
            parser = build_parser(command, kinds=kinds)
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


#: solve's own flags, that need no kind's part to be parsed.
_OWN_FLAGS = {"--kind": True, "--json": False, "--max-seconds": True}


def option_kinds(argv: list[str]) -> tuple[str, ...] | None:
    """The kinds whose options a solve's parser needs for ``argv`` (after
    ``solve``): none when every option is solve's own; else the kind that
    --kind names or that the file's text is recognised as, when its options
    are all the others; else every kind's (None). The kind chosen after the
    parse gets the defaults of its options (:func:`.solve.fill_defaults`),
    and an option of any other kind can only have been given when it was
    parsed, so the parse and its messages are those of the full parser."""
    from .parts import named

    unknown, files, kind = [], [], None
    tokens = iter(argv)
    for token in tokens:
        if token == "--":
            files.extend(tokens)
            break
        flag, has_value, value = token.partition("=")
        if token.startswith("-") and len(token) > 1:
            if flag in _OWN_FLAGS and (has_value or not _OWN_FLAGS[flag]):
                value = value if has_value else None
            elif flag in _OWN_FLAGS:
                value = next(tokens, None)
            else:
                unknown.append(flag)
                continue
            if flag == "--kind":
                kind = value
        else:
            files.append(token)
    if not unknown:
        return ()
    try:
        if kind is None:
            from .solve import _read, guess

            found = [path for path in files if path != "-" and os.path.isfile(path)]
            if not found:
                return None
            kind = guess(_read(found[0])).name
        flags = {f for option in named(kind).solve_options for f in option.flags}
    except (KeyError, OSError, ValueError):
        return None
    return (kind,) if all(flag in flags for flag in unknown) else None


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
