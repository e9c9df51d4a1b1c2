"""The command line: ``rotation-playground solve FILE``, ``rotation-playground generate``
and ``rotation-playground serve``.

On a terminal, a solve that runs longer than a second shows its progress on
standard error (positions, depth, rate, time), one line rewritten in place
and cleared at the end; it also shows with ``--json``, whose answer goes to
standard output. Ctrl+C stops a solve and says how far it got (exit 3, as
for any limit; a sliding search then answers as a time limit does, with a
fast solution not proven shortest, exit 0).

Standard output closed early (``| head``) ends any command quietly with
status 141, as a shell reports for Unix tools that SIGPIPE stopped. ``serve``
takes its address before it says where it listens; when it cannot, it says
why in one line and exits with 2.

Start-up is kept short: numpy only when the numpy engine runs, Flask and
waitress only for ``serve``, a kind's modules only when a puzzle of that
kind is read (``webapp.kinds`` loads them as asked), the installed version
only for ``--version``, the kinds' help texts only for ``--help``, the
parser of the command given only (every command's for ``--help`` or a
mistake), threading only for a progress line; the rotation engine's values
are plain classes (no dataclasses) and the registry needs no typing. With
``make setup`` (no import finder, modules byte-compiled), a small rotation
puzzle is solved by a whole process in about 0.05 s with the C engine, most
of it Python's own start-up and argparse (tests/test_rotation_engines.py
checks what a solve imports).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

from .rotation import Answer, BoardError, Goal, GoalError, Position, parse, solve
from .rotation.board import MAX_SIZE, MIN_SIZE
from .cli_output import json_answer, json_error, result_lines
from .guess import names
from . import cli_copy_links
from .rotation.render import describe_step

EXIT_OK = 0
EXIT_LIMIT = 3
EXIT_BAD_INPUT = 2
#: What a shell reports for a tool that SIGPIPE ended (128 + 13), as ``seq 1 1000000 | head -1``
#: does under ``set -o pipefail``: the reader stopped reading, which is no error of ours.
EXIT_BROKEN_PIPE = 141

#: The most threads ``--threads auto`` gives a rotation search.
THREADS_AUTO_MAX = 4

#: How many solutions of a triangle puzzle solve lists without --all.
TRIANGLE_FIRST = 10


def __getattr__(name: str):
    """``SLIDING_BIG_CELLS`` and ``SLIDING_BIG_SECONDS``: how long a sliding
    board of more than 16 cells is searched for a shortest solution when no
    limit is given (the kind's: the web app's default too), read from the
    sliding kind when first asked for, so that other commands do not load it."""
    if name in ("SLIDING_BIG_CELLS", "SLIDING_BIG_SECONDS"):
        from .sliding import kind

        return getattr(kind, name.removeprefix("SLIDING_"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _setting(name: str):
    """A module setting that tests may replace (``monkeypatch``) or that
    :func:`__getattr__` reads when first asked for."""
    return getattr(sys.modules[__name__], name)


#: The shortest --max-seconds. 1e-9 is positive, but a limit under a millisecond stops
#: every search at once: a slip of the keyboard, refused like 0.
MIN_SECONDS = 0.001


#: What solve finds for each kind, for its --help (a kind not named here shows its title).
_SOLVE_WORDS = {"rotation": "the fewest turns (L, R) that let a stick of a rotation puzzle fall out",
                "sliding": "the fewest tiles to slide that put a sliding-tile puzzle in order",
                "triangle": "every placement of a triangle puzzle's pieces, counted, the first "
                            "ones listed"}


def _solve_description() -> str:
    """solve's --help description: what it finds, for every kind of the registry."""
    from .kinds import get

    found = "\n".join(f"  {n:<10}{_SOLVE_WORDS.get(n) or get(n).title}" for n in names())
    return (f"Solve a puzzle of any of the {len(names())} kinds:\n{found}\n"
            "The kind is recognised from the text unless --kind names it.")


def _solve_epilog() -> str:
    return SOLVE_EPILOG.format(big_seconds=_setting("SLIDING_BIG_SECONDS"),
                               broken_pipe=EXIT_BROKEN_PIPE)


SOLVE_EPILOG = """\
output: one style for every kind. First "STATUS: WHAT (WORK)": solved,
unsolvable or limit (then which limit ended the search), what was found and
the states or nodes searched (no seconds: a search that ends on its own
prints the same lines every run); then "moves: ..." when there are moves;
then --steps, or a triangle's solutions. With --json, one object on
standard output: the answer with its "kind", or an error,
{{"error": ..., "line": ..., "column": ..., "kind": ..., "file": ...}} (null
where it does not apply), whose words also go to standard error.

limits: none unless given; the search runs until it has an answer or Ctrl+C
stops it. Except for a sliding-tile board of more than 16 cells: without
--max-seconds or --max-nodes its shortest-path search stops after
{big_seconds:g} s and a fast solution follows, marked "optimal": false with the
proven "lower_bound". A sliding search stopped by a limit or by Ctrl+C
answers the same way ("limit": "interrupted" for Ctrl+C; a second Ctrl+C
aborts); exit 3 only when there is no solution at all.

exit status:
  0    an answer: solved (sliding: perhaps not proven shortest, see above), or
       unsolvable (every reachable position tried; sliding: the wrong parity)
  2    a bad file, goal or option (the message names the line and column)
  3    a limit (--max-states, --max-nodes, --max-seconds) or Ctrl+C stopped
       the search without any solution (sliding: see above)
  {broken_pipe}  the reader of standard output stopped early (as with | head -c 300):
       the rest of the answer is dropped, quietly"""


def version() -> str:
    """The installed package's version, or the source tree's when not installed."""
    from importlib import metadata

    try:
        return metadata.version("rotation-playground")
    except metadata.PackageNotFoundError:
        from . import __version__

        return __version__


#: What each kind is, in a few words, for the top-level --help (a kind not
#: named here shows its title).
_KIND_WORDS = {"rotation": "gravity rotation puzzles: turn the frame, the sticks fall",
               "sliding": "sliding-tile puzzles such as the 15-puzzle, 2 x 2 to 8 x 8",
               "triangle": "edge-matching puzzles: triangular pieces fill a big triangle"}


def _kinds_description() -> str:
    """The top-level --help's description, from the registry."""
    from .kinds import get

    kinds = names()
    listed = "\n".join(f"  {n:<10}{_KIND_WORDS.get(n) or get(n).title}" for n in kinds)
    return f"Draw, solve and share puzzles of {len(kinds)} kinds:\n{listed}"


def _kinds_epilog() -> str:
    """The top-level --help's epilog, from the registry."""
    kinds = names()
    return ("choosing the kind:\n"
              "  solve FILE         recognises the kind from the text; --kind KIND names it\n"
              f"                     (as in: solve --kind {kinds[-1]} FILE)\n"
              f"  generate --kind K  makes a puzzle of kind K ({kinds[0]} by default)\n"
              "  serve              the web playground has a page for every kind\n\n"
              "COMMAND --help tells more about each command.")


class _Later(str):
    """An option's help text that ends with something only a module a solve
    need not load knows: a plain string for argparse's checks, finished by
    :class:`_Parser` when the help is shown."""

    def __new__(cls, text: str, finish):
        made = super().__new__(cls, text)
        made.finish = finish
        return made


class _Parser(argparse.ArgumentParser):
    """An argument parser whose description and epilog may be functions,
    and its options' help texts :class:`_Later`, finished only when the help
    is shown: they read what a solve need not load (every kind, the sliding
    kind's settings, the generator's defaults).

    With ``json_errors`` (a solve asked for --json), a usage error is also
    a JSON object on standard output, as the command's other errors are."""

    json_errors = False

    def error(self, message: str):
        if self.json_errors:
            print(json_error(message))
        super().error(message)

    def format_help(self) -> str:
        for attribute in ("description", "epilog"):
            value = getattr(self, attribute)
            if callable(value):
                setattr(self, attribute, value())
        for action in self._actions:
            if isinstance(action.help, _Later):
                action.help = action.help + action.help.finish()
        return super().format_help()

    def add_argument(self, *args, **kwargs):
        # argparse makes a help formatter for each option only to check its
        # metavar, and a formatter asks shutil (which loads zlib, bz2, lzma)
        # for the terminal's width: a fixed width does for the check
        self._checking = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._checking = False

    def _get_formatter(self):
        if getattr(self, "_checking", False):
            return self.formatter_class(prog=self.prog, width=80)
        return super()._get_formatter()


def _generate_max_states() -> int:
    from .rotation.generate import DEFAULT_MAX_STATES

    return DEFAULT_MAX_STATES


class _Version(argparse.Action):
    """--version, which looks the installed version up only when given
    (importlib.metadata takes a while to import)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"rotation-playground {version()}")
        parser.exit()


#: The commands, in the order the top-level --help lists them.
COMMANDS = ("solve", "generate", "serve", "worker", "copy-links")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command`` (one of :data:`COMMANDS`),
    only that command's options are added, which is all that parsing its
    arguments needs (a solve starts sooner), else every command's.

    >>> build_parser("solve").parse_args(["solve", "x.txt", "--json"]).json
    True
    >>> sorted(build_parser()._subparsers._group_actions[0].choices)
    ['copy-links', 'generate', 'serve', 'solve', 'worker']
    >>> list(build_parser("serve")._subparsers._group_actions[0].choices)
    ['serve']
    """
    parser = _Parser(
        prog="rotation-playground",
        description=_kinds_description,
        epilog=_kinds_epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version)
    # prog given: else argparse formats the top-level usage to make it
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     prog=parser.prog)
    for name in COMMANDS if command is None else (command,):
        _ADD[name](commands)
    return parser


def _add_solve(commands) -> None:
    p_solve = commands.add_parser("solve", help="solve a puzzle file",
                                  description=_solve_description,
                                  epilog=_solve_epilog,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    p_solve.add_argument("file", metavar="FILE", help="puzzle in the text format, or - for standard input")
    kinds = names()
    p_solve.add_argument("--kind", choices=kinds, metavar="KIND",
                         help=f"the puzzle's kind: {', '.join(kinds)} "
                              "(default: recognised from the text)")
    p_solve.add_argument("--goal", default="any", metavar="GOAL",
                         help="rotation: any (default), stick:S (the stick with symbol S) or all")
    p_solve.add_argument("--steps", action="store_true",
                         help="rotation, sliding: print the board after each move as seen on screen")
    p_solve.add_argument("--json", action="store_true",
                         help="print one JSON object on standard output: the answer, with its "
                              "kind, or the error, with its line and column")
    p_solve.add_argument("--all", action="store_true",
                         help=f"triangle: list every solution (default: the first {TRIANGLE_FIRST})")
    p_solve.add_argument("--max-states", type=_positive, metavar="N",
                         help="rotation: stop after visiting N states, N >= 1 (default: no limit)")
    p_solve.add_argument("--max-nodes", type=_positive, metavar="N",
                         help="sliding: stop the shortest-path search after N nodes, N >= 1, "
                              "and give a fast solution not proven shortest; triangle: stop the "
                              "count after N nodes (default: no limit)")
    p_solve.add_argument("--max-seconds", type=_seconds, metavar="S",
                         help=f"stop after S seconds, at least {MIN_SECONDS} (default: no limit)")
    p_solve.add_argument("--engine", choices=("auto", "c", "numpy", "fast", "reference"),
                         default="auto",
                         help="rotation: auto: the fastest built (default); c: the compiled "
                              "search (exit 2 where it is not built); numpy (or fast): a whole "
                              "layer at a time; reference: the plain one-state-at-a-time search; "
                              "the JSON answer's engine names the one that ran")
    p_solve.add_argument("--threads", type=_threads, default="auto", metavar="N",
                         help="rotation, C engine: N threads share each large layer of the "
                              "search, same answer (default: auto, the cores this process may "
                              f"use, at most {THREADS_AUTO_MAX}; the server always uses 1)")
    p_solve.set_defaults(run=_solve)


def _add_generate(commands) -> None:
    kinds = names()
    p_gen = commands.add_parser(
        "generate", help="make a random puzzle",
        description="Build random puzzles and print one in the text format; its shortest "
                    "solution goes to standard error. With --tries, --min-moves or "
                    "--unsolvable, seeds S, S+1, ... are tried and the board with the longest "
                    "solution (or the first that meets the request) is kept; the seed printed "
                    "rebuilds it on its own.")
    p_gen.add_argument("--kind", choices=kinds, default="rotation", metavar="KIND",
                       help="rotation (default), sliding: a shuffled sliding-tile board, or "
                            "triangle: shuffled, turned pieces of a solved triangle")
    p_gen.add_argument("--size", required=True, metavar="N",
                       help=f"side length of the board ({MIN_SIZE} to {MAX_SIZE}); "
                            "sliding: WxH or N, 2 to 8 a side; triangle: 1 to 8 pieces a side")
    p_gen.add_argument("--figures", type=_count, metavar="K",
                       help="triangle: kinds of figure on the edges (required)")
    p_gen.add_argument("--unique", action="store_true",
                       help="triangle, side up to 5: only one solution up to turning the whole "
                            "triangle (needs 4 figure kinds for side 3, 8 for 4, 12 for 5)")
    p_gen.add_argument("--sticks", type=_positive, metavar="K",
                       help="number of sticks (rotation: required)")
    p_gen.add_argument("--moves", type=_count, metavar="N",
                       help="sliding, boards of up to 9 cells: exactly N moves from the goal")
    p_gen.add_argument("--gaps", type=_count, default=1, metavar="G",
                       help="openings in the frame (default 1)")
    p_gen.add_argument("--gap-width", type=_positive, default=1, metavar="N",
                       help="cells per opening (default 1)")
    p_gen.add_argument("--inner-walls", type=_count, default=0, metavar="W",
                       help="wall cells inside the frame (default 0)")
    p_gen.add_argument("--max-length", type=_positive, metavar="N",
                       help="longest stick (default: a third of the size, at least 2)")
    p_gen.add_argument("--seed", type=_count, metavar="S", help="first seed (default: random)")
    p_gen.add_argument("--min-moves", type=_count, metavar="M",
                       help="keep the first board that needs at least M moves")
    p_gen.add_argument("--unsolvable", action="store_true",
                       help="keep the first board that has no solution")
    p_gen.add_argument("--tries", type=_positive, metavar="T",
                       help="boards to try (default 1, or 1000 with --min-moves/--unsolvable; "
                            "triangle --unique: fresh puzzles to start from, default 3)")
    p_gen.add_argument("--max-states", type=_positive, metavar="N",
                       help=_Later("states each search may visit",
                                   lambda: f" (default {_generate_max_states():,})"))
    p_gen.set_defaults(run=_generate, parser=p_gen)


def _add_serve(commands) -> None:
    p_serve = commands.add_parser(
        "serve", help="run the web playground",
        description="Serve the web playground with waitress (settings: docs/serving.md) "
                    "until Ctrl+C. The address is taken before the server says where it "
                    "listens; a port in use or a host that cannot be had is one line on "
                    "standard error and exit status 2.")
    p_serve.add_argument("--host", type=_host, default="127.0.0.1", metavar="HOST",
                         help="address or name to listen on: 127.0.0.1 is this machine "
                              "only, 0.0.0.0 every IPv4 interface (default: 127.0.0.1)")
    p_serve.add_argument("--port", type=_whole(1, 65535), default=5000, metavar="PORT",
                         help="TCP port, 1 to 65535 (default: 5000)")
    p_serve.add_argument("--dev", action="store_true",
                         help="Flask's development server with reloader and debugger, "
                              "never for the public (default: waitress)")
    p_serve.add_argument("--redis-url", metavar="URL",
                         help="Redis for the rate limits and the solve jobs of every web "
                              "process, the jobs run by rotation-playground worker "
                              "(redis://host:6379/0; default: $REDIS_URL, else each process "
                              "counts alone and runs its own solves)")
    p_serve.add_argument("--database-url", metavar="URL",
                         help="PostgreSQL for the short links and cached answers of every web "
                              "process (postgresql://user@host:5432/name; default: $DATABASE_URL, "
                              "else SQLite in the instance folder)")
    p_serve.set_defaults(run=_serve)


def _add_worker(commands) -> None:
    p_worker = commands.add_parser(
        "worker", help="run solve jobs for web servers that share a Redis server",
        description="Take the big solves that web processes started with --redis-url queue "
                    "in Redis, and run them, on this machine or any other that reaches the "
                    "Redis server (docs/serving.md, \"More than one machine\"), until Ctrl+C "
                    "or SIGTERM (a solve under way then fails, saying so). One line a job on "
                    "standard error. No Redis, or the rq library not installed: a message and "
                    "exit status 2.")
    p_worker.add_argument("--redis-url", metavar="URL",
                          help="the web processes' Redis (redis://host:6379/0; default: $REDIS_URL)")
    p_worker.add_argument("--workers", type=_positive, default=1, metavar="N",
                          help="solves run at once, each in a process of its own (default: 1)")
    p_worker.set_defaults(run=_worker)


_ADD = {"solve": _add_solve, "generate": _add_generate, "serve": _add_serve,
        "worker": _add_worker, "copy-links": cli_copy_links.add_parser}


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


#: More digits than any count needs; int() refuses more than 4,300 anyway.
_MAX_DIGITS = 18


def _clip(text: str, keep: int = 20) -> str:
    return text if len(text) <= keep else text[:keep] + "..."


def _whole(minimum: int, maximum: int | None = None):
    """An argparse type: a whole number from ``minimum`` (to ``maximum``)."""

    def convert(text: str) -> int:
        body = text.strip()
        sign = -1 if body.startswith("-") else 1
        digits = body[1:] if body.startswith(("+", "-")) else body
        if not digits.isdigit() or not digits.isascii():
            raise argparse.ArgumentTypeError(f"{_clip(text)!r} is not a whole number")
        digits = digits.lstrip("0") or "0"
        if len(digits) > _MAX_DIGITS:  # int() would refuse past 4,300 digits
            span = f": {minimum} to {maximum}" if maximum is not None else ""
            raise argparse.ArgumentTypeError(f"{_clip(text)} ({len(digits):,} digits) is too big{span}")
        value = sign * int(digits)
        if maximum is not None and not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"{value} is out of range: {minimum} to {maximum}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}")
        return value

    return convert


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds, ``MIN_SECONDS`` or more (not nan or inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_clip(text)!r} is not a number of seconds") from None
    if math.isnan(value):  # nan would never stop the search: every comparison with it is false
        raise argparse.ArgumentTypeError(f"{_clip(text)!r} is not a number of seconds")
    if value < MIN_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{_clip(text)} is too short: at least {MIN_SECONDS} seconds "
            "(leave the option out for no limit)")
    if math.isinf(value):
        raise argparse.ArgumentTypeError(f"{_clip(text)} is too big: leave the option out for no limit")
    return value


_positive = _whole(1)
_count = _whole(0)


def _threads(text: str) -> int | str:
    """An argparse type: ``auto`` or a whole number of threads, 1 or more.

    >>> _threads("auto"), _threads("3")
    ('auto', 3)
    >>> _threads("lots")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'lots' is neither auto nor a whole number
    """
    if text == "auto":
        return "auto"
    try:
        int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_clip(text)!r} is neither auto nor a whole number") from None
    return _positive(text)


def auto_threads() -> int:
    """The threads ``--threads auto`` gives a search: the cores this process
    may run on, at most :data:`THREADS_AUTO_MAX` (one thread inserts every
    state in order, so more helpers than that wait).

    >>> 1 <= auto_threads() <= THREADS_AUTO_MAX
    True
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, THREADS_AUTO_MAX))


def _host(text: str) -> str:
    """An argparse type: a host name or address, not empty."""
    host = text.strip()
    if not host:
        raise argparse.ArgumentTypeError("is empty: give a name or an address, e.g. 127.0.0.1")
    return host


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def _fail(args, message: str, error: Exception | None = None, *, kind: str | None = None,
          file: str | None = None, hint: str = "") -> int:
    """Say what is wrong: ``error: [FILE: ]message`` on standard error and,
    with --json, the same as a JSON object on standard output (where the
    answer would be); the exit status for bad input."""
    print(f"error: {file + ': ' if file else ''}{message}{hint}", file=sys.stderr)
    if args.json:
        print(json_error(message, error, kind=kind, file=file))
    return EXIT_BAD_INPUT


def _solve(args) -> int:
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        name = "<stdin>" if args.file == "-" else args.file
        return _fail(args, f"cannot read it: {getattr(exc, 'strerror', None) or exc}",
                     kind=args.kind, file=name)
    name = "<stdin>" if args.file == "-" else args.file
    kind = args.kind
    if kind is None:
        from .guess import Unsupported, guess_kind

        try:
            kind = guess_kind(text)
        except Unsupported as exc:
            return _fail(args, str(exc), file=name)
    if kind == "triangle":
        return _solve_triangle(args, text, name, guessed=args.kind is None)
    if args.all:
        return _fail(args, f"--all does not apply to a {kind} puzzle", kind=kind)
    if kind != "rotation":
        return _solve_other(args, text, name, kind, guessed=args.kind is None)
    return _solve_rotation(args, text, name, guessed=args.kind is None)


#: Options that only a rotation puzzle takes, with their defaults.
_ROTATION_ONLY = {"goal": "any", "max_states": None, "engine": "auto", "threads": "auto"}
#: Options that only a sliding-tile puzzle takes.
_SLIDING_ONLY = {"max_nodes": None}
#: Options a triangle puzzle does not take.
_NOT_TRIANGLE = {**_ROTATION_ONLY, "steps": False}


def _misplaced(args, options: dict, kind: str) -> str | None:
    for option, default in options.items():
        if getattr(args, option) != default:
            return f"--{option.replace('_', '-')} does not apply to a {kind} puzzle"
    return None


def _parse_for_solve(args, kind, kind_name: str, text: str, name: str, guessed: bool, *not_taken: dict):
    """The puzzle ``text`` holds, read by ``kind``; None once the error is
    printed (an option in one of ``not_taken`` given, or bad text)."""
    wrong = next(filter(None, (_misplaced(args, options, kind_name) for options in not_taken)), None)
    if wrong:
        _fail(args, wrong, kind=kind_name)
        return None
    try:
        return kind.parse(text)
    except kind.error as exc:
        _fail(args, str(exc), exc, kind=kind_name, file=name,
              hint=_guess_hint(kind_name) if guessed else "")
        return None


def _print_interrupted(kind_name: str, empty: dict, counter: str, progress) -> None:
    """The JSON answer of a search stopped by Ctrl+C with nothing to show:
    ``empty`` holds the kind's answer fields with no result in them."""
    print(json_answer(kind_name, {"status": "limit", "limit": "interrupted", **empty,
                                  counter: progress.states, "seconds": round(progress.elapsed(), 6)}))


def _solve_other(args, text: str, name: str, kind_name: str, guessed: bool) -> int:
    """Solve a puzzle of a kind other than rotation, through its kind's interface."""
    from .kinds import get

    kind = get(kind_name)
    puzzle = _parse_for_solve(args, kind, kind_name, text, name, guessed, _ROTATION_ONLY, {"all": False})
    if puzzle is None:
        return EXIT_BAD_INPUT
    max_seconds = args.max_seconds
    if (kind_name == "sliding" and max_seconds is None and args.max_nodes is None
            and puzzle.width * puzzle.height > _setting("SLIDING_BIG_CELLS")):
        # no databases past 16 cells: a shortest answer can take hours, so the
        # search gets a while and then the fast method answers, labelled
        max_seconds = _setting("SLIDING_BIG_SECONDS")
    progress = Progress(sys.stderr, show=_is_terminal(sys.stderr), noun="node")
    try:
        answer = kind.solve(kind.text(puzzle), {}, max_seconds=max_seconds,
                            max_count=args.max_nodes, max_bytes=None, progress=progress)
    except KeyboardInterrupt:
        progress.close()
        figures = progress.figures()
        answer = None
        if kind_name == "sliding" and progress.phase == "search":
            try:
                answer = _sliding_interrupted(puzzle, progress)
            except KeyboardInterrupt:  # a second Ctrl+C while the fast solution is made
                answer = None
        if answer is None:
            print(f"stopped by Ctrl+C after {figures}", file=sys.stderr)
            if args.json:
                _print_interrupted(kind_name, {"moves": [], "length": None, "optimal": False},
                                   kind.counter, progress)
            return EXIT_LIMIT
        print(f"stopped by Ctrl+C after {figures}: a fast solution instead", file=sys.stderr)
    finally:
        progress.close()

    def details() -> None:
        if args.steps and answer.get("moves"):
            board = puzzle
            print()
            print(kind.text(board), end="")
            for number, move in enumerate(answer["moves"], 1):
                board = kind.parse(kind.move(board, {}, move)["board"])
                print(f"\n{number}. move {move}")
                print(kind.text(board), end="")
    return _print_answer(args, kind_name, answer, details)


def _print_answer(args, kind_name: str, answer: dict, details=None) -> int:
    """Print a kind's answer, as JSON (its kind first) or as the result
    lines every kind shares (:mod:`webapp.cli_output`) followed by what
    ``details()`` prints; the exit status it calls for."""
    if args.json:
        print(json_answer(kind_name, answer))
    else:
        print("\n".join(result_lines(kind_name, answer)))
        if details is not None:
            details()
    return EXIT_LIMIT if answer["status"] == "limit" else EXIT_OK


def _sliding_interrupted(puzzle, progress) -> dict:
    """What a sliding search stopped by Ctrl+C answers: as a time limit
    does, a fast solution with the bound the search had reached (proven)."""
    from .sliding import solver

    answer = solver.interrupted(puzzle.width, puzzle.height, puzzle.tiles, bound=progress.depth,
                                nodes=progress.states, seconds=progress.elapsed())
    return answer.to_dict()


def _solve_triangle(args, text: str, name: str, guessed: bool) -> int:
    """Count a triangle puzzle's solutions and list the first ones (all with --all)."""
    from .kinds import get

    kind = get("triangle")
    puzzle = _parse_for_solve(args, kind, "triangle", text, name, guessed, _NOT_TRIANGLE)
    if puzzle is None:
        return EXIT_BAD_INPUT
    progress = Progress(sys.stderr, show=_is_terminal(sys.stderr), noun="node", depth="slots filled")
    first = None if args.all else TRIANGLE_FIRST
    try:
        # Ctrl+C in the search answers "limit" with the counts so far
        answer = kind.solve(kind.text(puzzle), {"first": first, "interruptible": True},
                            max_seconds=args.max_seconds,
                            max_count=args.max_nodes, progress=progress)
    except KeyboardInterrupt:
        progress.close()
        print(f"stopped by Ctrl+C after {progress.figures()}", file=sys.stderr)
        if args.json:
            _print_interrupted("triangle", {"count": None, "distinct": None, "solutions": [],
                                            "optimal": False}, "nodes", progress)
        return EXIT_LIMIT
    finally:
        progress.close()

    def details() -> None:
        for number, solution in enumerate(answer["solutions"], 1):
            print(f"\nsolution {number}:")
            print(_triangle_rows(puzzle.n, solution))
        shown = len(answer["solutions"])
        if answer["status"] != "unsolvable" and shown < (answer["count"] or 0):
            more = "" if args.all or answer["status"] == "limit" else "; --all lists every one"
            print(f"\n({shown} of {answer['count_text']} placements listed{more})")
    return _print_answer(args, "triangle", answer, details)


def _triangle_rows(n: int, solution: list) -> str:
    """A solution as the big triangle's rows, one slot as ``piece:x,y,z``.

    >>> print(_triangle_rows(2, [{"piece": 3, "edges": [1, 2, 3]}] + 3 * [{"piece": 0, "edges": [0, 0, -1]}]))
      row 1:              3:1,2,3
      row 2:   0:0,0,-1  0:0,0,-1  0:0,0,-1
    """
    cells = [f"{slot['piece']}:{','.join(str(v) for v in slot['edges'])}" for slot in solution]
    width = max(len(c) for c in cells) + 2
    lines, at = [], 0
    for r in range(n):
        row = cells[at:at + 2 * r + 1]
        at += 2 * r + 1
        lines.append(f"  row {r + 1}: " + " " * ((n - 1 - r) * width) + "".join(c.rjust(width) for c in row))
    return "\n".join(line.rstrip() for line in lines)


def _guess_hint(kind: str) -> str:
    others = " or ".join(f"--kind {n}" for n in names() if n != kind)
    return f"\n(read as a {kind} puzzle; if it is another kind, pass {others})"


def _solve_rotation(args, text: str, name: str, guessed: bool = False) -> int:
    wrong = _misplaced(args, _SLIDING_ONLY, "rotation")
    if wrong:
        return _fail(args, wrong, kind="rotation")
    from .rotation.solver import EngineError, solve_best  # numpy: only if its engine runs

    progress = Progress(sys.stderr, show=_is_terminal(sys.stderr))
    threads = auto_threads() if args.threads == "auto" else args.threads
    try:
        board = parse(text)
        goal = Goal.parse(args.goal)
        goal.check(board)
        try:
            answer = solve_best(board, goal, max_states=args.max_states,
                                max_seconds=args.max_seconds, progress=progress,
                                engine="numpy" if args.engine == "fast" else args.engine,
                                threads=threads)
        except KeyboardInterrupt:
            progress.close()
            answer = Answer("limit", goal, board, states=progress.states, depth=progress.depth,
                            seconds=progress.elapsed(), limit="interrupted",
                            start=Position(board).settle())
            print(f"stopped by Ctrl+C after {progress.figures()}", file=sys.stderr)
            if args.json:
                print(json_answer("rotation", answer.to_dict()))
            return EXIT_LIMIT
        finally:
            progress.close()
    except BoardError as exc:
        return _fail(args, str(exc), exc, kind="rotation", file=name,
                     hint=_guess_hint("rotation") if guessed else "")
    except GoalError as exc:
        return _fail(args, str(exc), kind="rotation", file=name)
    except EngineError as exc:  # --engine c on a machine where it was not built
        return _fail(args, f"--engine {args.engine}: {exc}", kind="rotation")

    def details() -> None:
        if args.steps:
            for number, step in enumerate([answer.start, *answer.trajectory]):
                print()
                print(describe_step(number, step))
    return _print_answer(args, "rotation", answer.to_dict(), details)


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced or closed streams
        return False


class Progress:
    """How far a solve got, as the engine reports it (``progress(states,
    depth)``); with ``show``, a line on ``stream`` that follows it.

    The line is drawn by a thread, so it keeps time even while one big layer
    of the search gives no report, and only after ``DELAY`` seconds: a quick
    solve prints nothing extra.
    """

    DELAY = 1.0
    EVERY = 0.25
    _CLEAR = "\r\x1b[K"  # back to the line's start and erase it

    def __init__(self, stream, show: bool, noun: str = "position", depth: str | None = None) -> None:
        self.stream = stream
        self.noun = noun
        self.depth_words = depth  # what the depth counts, when not moves (a triangle's slots filled)
        self.states = 0
        self.depth = 0
        self.phase = "search"
        self.began = time.perf_counter()
        self._done = self._lock = None  # the drawing thread's: only when shown
        self._drawn = False
        self._thread = None
        try:  # a middle dot where the terminal can show one
            "\u00b7".encode(getattr(stream, "encoding", None) or "ascii")
            self._dot = " \u00b7 "
        except (LookupError, UnicodeEncodeError):
            self._dot = " | "
        if show:
            import threading  # here: a solve whose standard error is no terminal need not load it

            self._done = threading.Event()
            self._lock = threading.Lock()
            self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
            self._thread.start()

    def __call__(self, states: int, depth: int, phase: str = "search") -> None:
        self.states, self.depth, self.phase = states, depth, phase

    def elapsed(self) -> float:
        return time.perf_counter() - self.began

    def figures(self, rate: bool = False) -> str:
        """``1,234 positions, 38 moves deep, 3.2 s`` (with the rate per second)."""
        seconds = self.elapsed()
        if self.phase == "building":  # a sliding solve's pattern databases, made once
            return f"building pattern databases: {self.depth}%{self._dot if rate else ', '}{seconds:.1f} s"
        if self.depth_words:
            depth = f"{self.depth} {self.depth_words}"
        elif self.noun == "node":
            depth = f"bound {self.depth} move{'s' if self.depth != 1 else ''}"
        else:
            depth = f"{self.depth} move{'s' if self.depth != 1 else ''} deep"
        parts = [f"{self.states:,} {self.noun}{'s' if self.states != 1 else ''}", depth]
        if rate:
            parts.append(f"{self.states / seconds if seconds > 0 else 0:,.0f}/s")
        parts.append(f"{seconds:.1f} s")
        return (self._dot if rate else ", ").join(parts)

    def _run(self) -> None:
        if self._done.wait(self.DELAY):
            return
        while not self._done.is_set():
            self._write(self._CLEAR + "  " + self.figures(rate=True))
            self._drawn = True
            self._done.wait(self.EVERY)

    def _write(self, text: str) -> None:
        with self._lock:
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):  # the terminal went away: nothing to show
                self._done.set()

    def close(self) -> None:
        """Stop drawing and clear the line (safe to call twice)."""
        if self._thread is not None:
            self._done.set()
            self._thread.join()
            self._thread = None
            if self._drawn:
                self._write(self._CLEAR)


#: generate's options that only a rotation puzzle takes, with their defaults.
_ROTATION_GENERATE = {"sticks": None, "gaps": 1, "gap_width": 1, "inner_walls": 0, "max_length": None,
                      "min_moves": None, "unsolvable": False, "tries": None,
                      "max_states": None}


def _generate(args) -> int:
    import random

    from .rotation.generate import DEFAULT_MAX_STATES, Found, NoPuzzleFound, generate, search

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.kind == "triangle":
        return _generate_triangle(args, seed)
    for option in ("figures", "unique"):
        if getattr(args, option) not in (None, False):
            args.parser.error(f"--{option} is for a triangle puzzle (--kind triangle)")
    if args.kind == "sliding":
        return _generate_sliding(args, seed)
    if args.moves is not None:
        args.parser.error("--moves is for a sliding puzzle (--kind sliding); "
                          "for rotation use --min-moves")
    if args.sticks is None:
        args.parser.error("the following arguments are required: --sticks (for a rotation puzzle)")
    try:
        args.size = _whole(MIN_SIZE, MAX_SIZE)(args.size)
    except argparse.ArgumentTypeError as exc:
        args.parser.error(f"argument --size: {exc}")
    if args.max_states is None:
        args.max_states = DEFAULT_MAX_STATES
    options = dict(gaps=args.gaps, inner_walls=args.inner_walls, gap_width=args.gap_width,
                   max_length=args.max_length)
    try:
        if args.tries is None and args.min_moves is None and not args.unsolvable:
            board = generate(args.size, args.sticks, seed=seed, **options)
            answer = solve(board, max_states=args.max_states)
            found = Found(board, answer, seed, 1)
        else:
            found = search(args.size, args.sticks, seed=seed, tries=args.tries,
                           min_moves=args.min_moves, unsolvable=args.unsolvable,
                           max_states=args.max_states, **options)
    except NoPuzzleFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_LIMIT
    except BoardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(found.board.text())
    if found.tried == 1:
        tried = ""
    elif args.min_moves is not None or args.unsolvable:
        tried = f", try {found.tried}"
    else:
        tried = f", best of {found.tried} tries"
    states = found.answer.states
    print(f"seed {found.seed}{tried}: {found.answer.summary()} "
          f"({states:,} state{'s' if states != 1 else ''})", file=sys.stderr)
    return EXIT_OK


def _generate_sliding(args, seed: int) -> int:
    """A shuffled sliding-tile board (or one exactly --moves from the goal)."""
    import random

    from .sliding.generate import at_distance, shuffle
    from .sliding.position import SlidingError

    wrong = _misplaced(args, _ROTATION_GENERATE, "sliding")
    if wrong:
        args.parser.error(wrong)
    parts = args.size.lower().replace(" ", "").split("x")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(p.isdigit() and p.isascii() and len(p) < 4 for p in parts):
        args.parser.error(f"argument --size: {_clip(args.size)!r} is not WxH or N (e.g. 4x4, 3x5, 3)")
    width, height = (int(p) for p in parts)
    rng = random.Random(seed)
    try:
        if args.moves is not None:
            position = at_distance(width, height, args.moves, rng)
        else:
            position = shuffle(width, height, rng)
    except SlidingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(position.text())
    away = f", {args.moves} move{'s' if args.moves != 1 else ''} from the goal" \
        if args.moves is not None else ""
    print(f"seed {seed}: {width} x {height}{away}", file=sys.stderr)
    return EXIT_OK


def _generate_triangle(args, seed: int) -> int:
    """Shuffled, turned pieces of a solved triangle (with --unique: one picture only)."""
    import random

    from .triangle.generate import MAX_SIDE, NoUniquePuzzle, random_puzzle
    from .triangle.puzzle import TriangleError
    from .triangle.textformat import write

    wrong = _misplaced(args, {k: v for k, v in _ROTATION_GENERATE.items() if k != "tries"}, "triangle")
    if wrong or args.moves is not None:
        args.parser.error(wrong or "--moves does not apply to a triangle puzzle")
    if args.figures is None:
        args.parser.error("the following arguments are required: --figures (for a triangle puzzle)")
    try:
        size = _whole(1, MAX_SIDE)(args.size)
    except argparse.ArgumentTypeError as exc:
        args.parser.error(f"argument --size: {exc}")
    if args.tries is not None and not args.unique:
        args.parser.error("--tries is for --unique with a triangle puzzle")
    try:
        puzzle = random_puzzle(size, args.figures, random.Random(seed), unique=args.unique,
                               tries=args.tries)
    except NoUniquePuzzle as exc:  # the tries ran out: like a search's limit
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_LIMIT
    except TriangleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(write(puzzle))
    kinds_word = f"{args.figures} figure kind{'s' if args.figures != 1 else ''}"
    print(f"seed {seed}: {size} x {size}, {kinds_word}"
          f"{', one solution up to turning' if args.unique else ''}", file=sys.stderr)
    return EXIT_OK


def _serve(args) -> int:
    from . import create_app
    from .web.limits import MissingLibrary
    from .web.serving import CannotListen, serve
    from .web.store import BadUrl

    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url  # the app reads it, and --dev's reloaded child
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    try:
        return serve(create_app(), host=args.host, port=args.port, dev=args.dev)
    except (CannotListen, MissingLibrary, BadUrl) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _worker(args) -> int:
    from .worker import main as work

    return work(args.redis_url, args.workers)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
