"""The command line's parser: its commands, their options and help texts.

The help texts that name kinds are made from the registry when the help
is shown, so that a solve loads only the part of the kind it solves.
"""

from __future__ import annotations

import argparse
import math

from .. import __version__
from ..commandline import Option, clip, positive, whole
from ..kinds import names
from . import copy_links, link_store, memory, prepare, printsheet, study
from .generate import generate
from .output import json_error
from .parts import every, merged, named
from .serve import serve, worker
from .solve import solve

#: The shortest --max-seconds. 1e-9 is positive, but a limit under a millisecond stops
#: every search at once: a slip of the keyboard, refused like 0.
MIN_SECONDS = 0.001

#: What a shell reports for a tool that SIGPIPE ended (128 + 13), as ``seq 1 1000000 | head -1``
#: does under ``set -o pipefail``: the reader stopped reading, which is no error of ours.
EXIT_BROKEN_PIPE = 141

#: The commands, in the order the top-level --help lists them.
COMMANDS = ("solve", "generate", "serve", "worker", "copy-links", "link-store", "prepare", "study",
            "print")


def _kinds_description() -> str:
    """The top-level --help's description, from the registry."""
    parts = every()
    listed = "\n".join(f"  {p.name:<10}{p.words}" for p in parts)
    return f"Draw, solve and share puzzles of {len(parts)} kinds:\n{listed}"


def _kinds_epilog() -> str:
    """The top-level --help's epilog, from the registry."""
    kinds = names()
    return ("choosing the kind:\n"
            "  solve FILE         recognises the kind from the text; --kind KIND names it\n"
            f"                     (as in: solve --kind {kinds[-1]} FILE)\n"
            f"  generate --kind K  makes a puzzle of kind K ({kinds[0]} by default)\n"
            "  serve              the web playground has a page for every kind\n\n"
            "COMMAND --help tells more about each command.")


def _solve_description() -> str:
    """solve's --help description: what it finds, for every kind of the registry."""
    parts = every()
    found = "\n".join(f"  {p.name:<10}{p.solve_words}" for p in parts)
    return (f"Solve a puzzle of any of the {len(parts)} kinds:\n{found}\n"
            "The kind is recognised from the text unless --kind names it.")


def _notes(key: str) -> list[str]:
    """The kinds' notes for the solve help's ``key`` paragraph, each once."""
    found: list[str] = []
    for part in every():
        note = part.notes().get(key)
        if note and note not in found:
            found.append(note)
    return found


def _solve_epilog() -> str:
    counters = list(dict.fromkeys(p.kind.counter for p in every()))
    limits = [m.option.flags[0] for m in merged(_solve_options(), every(), "solve_options")
              if m.option.flags[0].startswith("--max-")]
    solved, unsolvable, stopped = (_notes(key) for key in ("solved", "unsolvable", "limit"))
    return SOLVE_EPILOG.format(
        counters=" or ".join(counters), details=", or ".join(_notes("details") or ["--steps"]),
        limits="".join(" " + note for note in _notes("limits")),
        solved=f" ({'; '.join(solved)})" if solved else "",
        unsolvable="".join("; " + note for note in unsolvable),
        stopped=f" ({'; '.join(stopped)})" if stopped else "",
        limit_flags=", ".join(limits), broken_pipe=EXIT_BROKEN_PIPE)


SOLVE_EPILOG = """\
output: one style for every kind. First "STATUS: WHAT (WORK)": solved,
unsolvable or limit (then which limit ended the search), what was found and
the {counters} searched (no seconds: a search that ends on its own
prints the same lines every run); then "moves: ..." when there are moves;
then {details}. With --json, one object on
standard output: the answer with its "kind", or an error,
{{"error": ..., "line": ..., "column": ..., "kind": ..., "file": ...}} (null
where it does not apply), whose words also go to standard error.

limits: the memory the search holds is bounded by default (--max-memory:
three quarters of the memory free when the command starts); no other limit
unless given: the search runs until it has an answer, the memory bound or
Ctrl+C stops it.{limits}

exit status:
  0    an answer: solved{solved}, or
       unsolvable (every reachable position tried{unsolvable})
  2    a bad file, goal or option (the message names the line and column)
  3    a limit ({limit_flags}) or Ctrl+C stopped
       the search without any solution{stopped}
  {broken_pipe}  the reader of standard output stopped early (as with | head -c 300):
       the rest of the answer is dropped, quietly"""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose description and epilog may be functions,
    called only when the help is shown (they read every kind's notes).

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
        return super().format_help()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command`` only that command's
    options are added, all that parsing its arguments needs.

    >>> build_parser("solve").parse_args(["solve", "x.txt", "--json"]).json
    True
    >>> sorted(build_parser()._subparsers._group_actions[0].choices)
    ['copy-links', 'generate', 'link-store', 'prepare', 'print', 'serve', 'solve', 'study', 'worker']
    >>> list(build_parser("serve")._subparsers._group_actions[0].choices)
    ['serve']
    """
    parser = _Parser(
        prog="rotation-playground",
        description=_kinds_description,
        epilog=_kinds_epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # the package's one version (pyproject.toml reads it from webapp.__version__)
    parser.add_argument("--version", action="version", version=f"rotation-playground {__version__}")
    # prog given: else argparse formats the top-level usage to make it
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     prog=parser.prog)
    for name in COMMANDS if command is None else (command,):
        _ADD[name](commands)
    return parser


#: solve's own options, placed among the kinds' (an Option's ``place``).
SOLVE_OPTIONS = (
    Option("--json", place=30, scope="", action="store_true",
           help="print one JSON object on standard output: the answer, with its "
                "kind, or the error, with its line and column"),
    Option("--max-seconds", place=70, scope="", type=lambda text: _seconds(text), metavar="S",
           help=f"stop after S seconds, at least {MIN_SECONDS} (default: no limit)"),
)

def _solve_options() -> tuple:
    """solve's own options, --max-memory's default read from the machine now."""
    return (*SOLVE_OPTIONS, memory.option(75))


#: generate's own options.
GENERATE_OPTIONS = (
    Option("--seed", place=110, scope="", type=whole(0), metavar="S", help="first seed (default: random)"),
)


def _add_options(parser, options) -> None:
    for each in options:
        option = each.option
        if option.flags[0] in parser._option_string_actions:
            continue
        action = parser.add_argument(*option.flags, help=each.help(), **option.kwargs)
        action.place = option.place
    # the usage lists them by place, after those without (help, FILE, --kind)
    parser._actions.sort(key=lambda action: getattr(action, "place", -1))
    parser.set_defaults(options=options)


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
    _add_options(p_solve, merged(_solve_options(), every(), "solve_options"))
    p_solve.set_defaults(run=solve)


def _generate_kind_help(kinds) -> str:
    said = [name + (" (default)" if i == 0 else "")
            + (f": {named(name).generate_words}" if named(name).generate_words else "")
            for i, name in enumerate(kinds)]
    return ", ".join(said[:-1]) + (", or " if len(said) > 1 else "") + said[-1]


def _add_generate(commands) -> None:
    kinds = names()
    p_gen = commands.add_parser(
        "generate", help="make a random puzzle",
        description="Build random puzzles and print one in the text format; its shortest "
                    "solution goes to standard error. With --tries, --min-moves or "
                    "--unsolvable, seeds S, S+1, ... are tried and the board with the longest "
                    "solution (or the first that meets the request) is kept; the seed printed "
                    "rebuilds it on its own.")
    p_gen.add_argument("--kind", choices=kinds, default=kinds[0], metavar="KIND",
                       help=_generate_kind_help(kinds))
    _add_options(p_gen, merged((*GENERATE_OPTIONS, memory.option(160, "each search")), every(),
                               "generate_options"))
    p_gen.set_defaults(run=generate, parser=p_gen)


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
    p_serve.add_argument("--port", type=whole(1, 65535), default=5000, metavar="PORT",
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
    p_serve.set_defaults(run=serve)


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
    p_worker.add_argument("--workers", type=positive, default=1, metavar="N",
                          help="solves run at once, each in a process of its own (default: 1)")
    p_worker.set_defaults(run=worker)


_ADD = {"solve": _add_solve, "generate": _add_generate, "serve": _add_serve,
        "worker": _add_worker, "copy-links": copy_links.add_parser,
        "link-store": link_store.add_parser, "prepare": prepare.add_parser,
        "study": study.add_parser, "print": printsheet.add_parser}


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds, ``MIN_SECONDS`` or more (not nan or inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a number of seconds") from None
    if math.isnan(value):  # nan would never stop the search: every comparison with it is false
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a number of seconds")
    if value < MIN_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{clip(text)} is too short: at least {MIN_SECONDS} seconds "
            "(leave the option out for no limit)")
    if math.isinf(value):
        raise argparse.ArgumentTypeError(f"{clip(text)} is too big: leave the option out for no limit")
    return value


def _host(text: str) -> str:
    """An argparse type: a host name or address, not empty."""
    host = text.strip()
    if not host:
        raise argparse.ArgumentTypeError("is empty: give a name or an address, e.g. 127.0.0.1")
    return host
