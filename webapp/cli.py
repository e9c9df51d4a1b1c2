"""The command line: ``rotation-playground solve FILE`` and ``rotation-playground serve``."""

from __future__ import annotations

import argparse
import json
import sys

from .rotation import BoardError, GoalError, parse, solve
from .rotation.render import describe_step

EXIT_OK = 0
EXIT_LIMIT = 3
EXIT_BAD_INPUT = 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rotation-playground",
        description="Draw, solve and share gravity rotation puzzles.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p_solve = commands.add_parser("solve", help="solve a puzzle file",
                                  description="Find a shortest sequence of turns (L, R).")
    p_solve.add_argument("file", metavar="FILE", help="puzzle in the text format, or - for standard input")
    p_solve.add_argument("--goal", default="any", metavar="GOAL",
                         help="any (default), stick:S (the stick with symbol S) or all")
    p_solve.add_argument("--steps", action="store_true",
                         help="print the board after each move as seen on screen")
    p_solve.add_argument("--json", action="store_true", help="print one JSON object")
    p_solve.add_argument("--max-states", type=_positive, metavar="N",
                         help="stop after visiting N states")
    p_solve.add_argument("--max-seconds", type=float, metavar="S",
                         help="stop after S seconds")
    p_solve.set_defaults(run=_solve)

    p_serve = commands.add_parser("serve", help="run the web playground")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=5000)
    p_serve.add_argument("--dev", action="store_true", help="Flask's development server with reloader")
    p_serve.set_defaults(run=_serve)

    args = parser.parse_args(argv)
    return args.run(args)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def _solve(args) -> int:
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {args.file}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    name = "<stdin>" if args.file == "-" else args.file
    try:
        board = parse(text)
        answer = solve(board, args.goal, max_states=args.max_states, max_seconds=args.max_seconds)
    except (BoardError, GoalError) as exc:
        print(f"error: {name}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT

    if args.json:
        print(json.dumps(answer.to_dict()))
    else:
        print(answer.summary())
        if args.steps:
            steps = [answer.start, *answer.trajectory]
            for number, step in enumerate(steps):
                print()
                print(describe_step(number, step))
    return EXIT_LIMIT if answer.status == "limit" else EXIT_OK


def _serve(args) -> int:
    from . import create_app
    from .web.serving import serve

    return serve(create_app(), host=args.host, port=args.port, dev=args.dev)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
