"""``rotation-playground solve FILE``: recognise the kind (unless --kind
names it), refuse the options it does not take, hand the rest to its part."""

from __future__ import annotations

import sys

from ..commandline import EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK
from ..kinds import most_like, names
from .memory import note
from .output import json_answer, json_error, lines
from .parts import named
from .progress import Progress, is_terminal


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def guess(text: str):
    """The part of the kind ``text`` looks most like (each part's
    ``recognise`` scores it; a tie goes to the first kind). Kinds are asked
    in order and no further once one is sure, so a text of the first kind
    loads no other part."""
    return most_like((named(name) for name in names()), lambda part: part.recognise(text))


class Run:
    """One solve, as a kind's part sees it: options, text, file name, and the
    ways to answer."""

    def __init__(self, args, part, text: str, name: str, guessed: bool) -> None:
        self.args, self.part, self.kind = args, part, part.kind
        self.text, self.name, self.guessed = text, name, guessed

    def fail(self, message: str, error: Exception | None = None, *, file: bool = False,
             hint: bool = False) -> int:
        """Say what is wrong (``hint``: the kind was guessed, another may be
        meant); the exit status for bad input."""
        return fail(self.args, message, error, kind=self.kind.name, file=self.name if file else None,
                    hint=_guess_hint(self.kind.name) if hint and self.guessed else "")

    def parse(self):
        """The puzzle, read by the kind; None once its error is printed."""
        try:
            return self.kind.parse(self.text)
        except self.kind.error as exc:
            self.fail(str(exc), exc, file=True, hint=True)
            return None

    def progress(self, noun: str = "node", depth: str | None = None) -> Progress:
        """The progress line a search reports to (drawn on a terminal only)."""
        return Progress(sys.stderr, show=is_terminal(sys.stderr), noun=noun, depth=depth)

    def stopped(self, progress: Progress, empty: dict) -> int:
        """A search stopped by Ctrl+C with nothing to show (``empty``: the kind's
        answer fields with no result in them); the exit status of a limit."""
        print(f"stopped by Ctrl+C after {progress.figures()}", file=sys.stderr)
        if self.args.json:
            self.answer({"status": "limit", "limit": "interrupted", **empty,
                         self.kind.counter: progress.states, "seconds": round(progress.elapsed(), 6)},
                        json_only=True)
        return EXIT_LIMIT

    def answer(self, answer: dict, details=None, json_only: bool = False) -> int:
        """Print the answer, as JSON or as the shared result lines followed by
        ``details()``; the exit status it calls for."""
        if self.args.json:
            print(json_answer(self.kind.name, answer))
        elif not json_only:
            print("\n".join(lines(answer, self.kind.counter, self.part.facts)))
            if details is not None:
                details()
        if answer.get("limit") == "memory":
            print(note(getattr(self.args, "max_memory", None)), file=sys.stderr)
        return EXIT_LIMIT if answer["status"] == "limit" else EXIT_OK

    def default(self, puzzle=None, *, max_seconds=None, interrupted=None, empty=None) -> int:
        """The solve every kind offers, under the limits given, the moves shown
        board by board with --steps. ``interrupted(puzzle, progress)``: an
        answer for a search stopped by Ctrl+C (None: there is none)."""
        if puzzle is None:
            puzzle = self.parse()
            if puzzle is None:
                return EXIT_BAD_INPUT
        args, kind = self.args, self.kind
        if max_seconds is None:
            max_seconds = args.max_seconds
        progress = self.progress()
        try:
            answer = kind.solve(puzzle, {}, max_seconds=max_seconds,
                                max_count=getattr(args, f"max_{kind.counter}", None),
                                max_bytes=getattr(args, "max_memory", None),
                                progress=progress)
        except KeyboardInterrupt:
            progress.close()
            figures = progress.figures()
            answer = None
            if interrupted is not None:
                try:
                    answer = interrupted(puzzle, progress)
                except KeyboardInterrupt:  # a second Ctrl+C while that answer is made
                    answer = None
            if answer is None:
                return self.stopped(progress, empty or {"moves": [], "length": None, "optimal": False})
            print(f"stopped by Ctrl+C after {figures}: a fast solution instead", file=sys.stderr)
        finally:
            progress.close()

        def details() -> None:
            if getattr(args, "steps", False) and answer.get("moves"):
                board = puzzle
                print()
                print(kind.text(board), end="")
                for number, move in enumerate(answer["moves"], 1):
                    board = kind.parse(kind.move(board, {}, move)["board"])
                    print(f"\n{number}. move {move}")
                    print(kind.text(board), end="")
        return self.answer(answer, details)


def fail(args, message: str, error: Exception | None = None, *, kind: str | None = None,
         file: str | None = None, hint: str = "") -> int:
    """Say what is wrong, on standard error and, with --json, as a JSON
    object on standard output (where the answer would be); the exit status
    for bad input."""
    print(f"error: {file + ': ' if file else ''}{message}{hint}", file=sys.stderr)
    if args.json:
        print(json_error(message, error, kind=kind, file=file))
    return EXIT_BAD_INPUT


def _guess_hint(kind: str) -> str:
    others = " or ".join(f"--kind {n}" for n in names() if n != kind)
    return f"\n(read as a {kind} puzzle; if it is another kind, pass {others})"


def foreign(options, args, part, given_to: str) -> str | None:
    """The message for the first of ``options`` given although ``part``'s
    kind does not take it, or None."""
    for each in options:
        option = each.option
        if part.name in each.owners or each.owners == ["own"]:
            continue
        if getattr(args, option.dest, option.default) == option.default:
            continue
        flag = option.flags[0]
        hint = part.foreign_hints.get(option.dest)
        if (option.announce or hint) and len(each.owners) == 1:
            owner = each.owners[0]
            return f"{flag} is for a {owner} puzzle (--kind {owner}){hint or ''}"
        return f"{flag} does not apply to a {given_to} puzzle"
    return None


def fill_defaults(args, options) -> None:
    """The defaults of ``options`` the parser did not set (a kind whose
    options were not loaded for the parse)."""
    for option in options:
        if not hasattr(args, option.dest):
            setattr(args, option.dest, option.default)


def solve(args) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        return fail(args, f"cannot read it: {getattr(exc, 'strerror', None) or exc}",
                    kind=args.kind, file=name)
    part = named(args.kind) if args.kind is not None else guess(text)
    wrong = foreign(args.options, args, part, part.name)
    if wrong:
        return fail(args, wrong, kind=part.name)
    fill_defaults(args, part.solve_options)
    run = Run(args, part, text, name, guessed=args.kind is None)
    return part.solve(run) if part.solve is not None else run.default()
