"""The rotation puzzle's part of the command line (``COMMAND_LINE``).

Loaded at every command-line solve's start-up (to recognise the text), so
the studies (numpy) are loaded by ``study`` only.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..commandline import (
    EXIT_LIMIT,
    CommandLine,
    Option,
    OutOfTries,
    OverMemory,
    Usage,
    clip,
    count,
    moves_facts,
    plural,
    positive,
    size_words,
    sized,
)
from . import Answer, BoardError, Goal, GoalError, Position, Step, parse, solver
from . import solve as solve_board
from .board import MAX_SIZE, MIN_SIZE
from .generate import DEFAULT_MAX_STATES, Found, MemoryStopped, NoPuzzleFound, search
from .generate import generate as generate_board
from .physics import SIDES
from .solver import EngineError

#: The most threads ``--threads auto`` gives a rotation search.
THREADS_AUTO_MAX = 4


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
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is neither auto nor a whole number") from None
    return positive(text)


def _engine(text: str) -> str:
    """An argparse type: an engine's name; the retired numpy engine's names
    get a message of their own, as old command lines may still ask for them.

    >>> _engine("fast")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the numpy engine (fast) was retired: use auto, c or reference
    """
    if text in ("numpy", "fast"):
        raise argparse.ArgumentTypeError(f"the numpy engine ({text}) was retired: "
                                         "use auto, c or reference")
    return text


def auto_threads() -> int:
    """The threads ``--threads auto`` gives: the cores this process may run
    on, at most :data:`THREADS_AUTO_MAX` (one thread inserts every state in
    order, so more helpers than that wait).

    >>> 1 <= auto_threads() <= THREADS_AUTO_MAX
    True
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, THREADS_AUTO_MAX))


SOLVE_OPTIONS = [
    Option("--goal", place=10, default="any", metavar="GOAL",
           help="any (default), stick:S (the stick with symbol S) or all"),
    Option("--steps", place=20, action="store_true",
           help="print the board after each move as seen on screen"),
    Option("--max-states", place=50, type=positive, metavar="N",
           help="stop after visiting N states, N >= 1 (default: no limit)"),
    Option("--engine", place=80, type=_engine, choices=solver.ENGINES, default="auto",
           help="auto (default): the C search where it was built, else the reference; c: the "
                "C search (exit 2 where it is not built); reference: the plain Python search, "
                "the same answers, slower; the JSON answer's engine names the one that ran"),
    Option("--threads", place=90, scope="rotation, C engine", type=_threads, default="auto",
           metavar="N",
           help="N threads share each large layer of the search, same answer (default: auto, "
                f"the cores this process may use, at most {THREADS_AUTO_MAX}; the server always "
                "uses 1)"),
]


GENERATE_OPTIONS = [
    Option("--size", place=10, scope="", required=True, metavar="N",
           help=f"side length of the board ({MIN_SIZE} to {MAX_SIZE})"),
    Option("--sticks", place=40, scope="", type=positive, metavar="K",
           help="number of sticks (rotation: required)"),
    Option("--gaps", place=60, scope="", type=count, default=1, metavar="G",
           help="openings in the frame (default 1)"),
    Option("--gap-width", place=70, scope="", type=positive, default=1, metavar="N",
           help="cells per opening (default 1)"),
    Option("--inner-walls", place=80, scope="", type=count, default=0, metavar="W",
           help="wall cells inside the frame (default 0)"),
    Option("--max-length", place=90, scope="", type=positive, metavar="N",
           help="longest stick (default: a third of the size, at least 2)"),
    Option("--min-moves", place=120, scope="", type=count, metavar="M",
           help="keep the first board that needs at least M moves"),
    Option("--unsolvable", place=130, scope="", action="store_true",
           help="keep the first board that has no solution"),
    Option("--tries", place=140, scope="", type=positive, metavar="T",
           help="boards to try (default 1, or 1000 with --min-moves/--unsolvable)"),
    Option("--max-states", place=150, scope="", type=positive, metavar="N",
           help=f"states each search may visit (default {DEFAULT_MAX_STATES:,})"),
]


def facts(answer: dict) -> str:
    """The moves (a breadth-first search: always the fewest), or the reason
    there are none."""
    status, summary = answer.get("status"), answer.get("summary") or ""
    reason = summary.split(": ", 1)[-1]
    if status == "solved":
        if not answer.get("moves"):  # settled at once, or no sticks at all
            return f"0 moves, {reason}"
        return moves_facts(answer, "shortest")
    if status == "unsolvable":
        return reason
    return f"no solution within {plural(answer.get('depth') or 0, 'move')}"


def solve(run) -> int:
    args = run.args
    progress = run.progress(noun="position")
    threads = auto_threads() if args.threads == "auto" else args.threads
    try:
        board = parse(run.text)
        goal = Goal.parse(args.goal)
        goal.check(board)
        try:
            answer = solver.solve_best(board, goal, max_states=args.max_states,
                                       max_seconds=args.max_seconds,
                                       max_bytes=getattr(args, "max_memory", None), progress=progress,
                                       engine=args.engine, threads=threads)
        except KeyboardInterrupt:
            progress.close()
            answer = Answer("limit", goal, board, states=progress.states, depth=progress.depth,
                            seconds=progress.elapsed(), limit="interrupted",
                            start=Position(board).settle())

            print(f"stopped by Ctrl+C after {progress.figures()}", file=sys.stderr)
            run.answer(answer.to_dict(), json_only=True)
            return EXIT_LIMIT
        finally:
            progress.close()
    except BoardError as exc:
        return run.fail(str(exc), exc, file=True, hint=True)
    except GoalError as exc:
        return run.fail(str(exc), file=True)
    except EngineError as exc:  # --engine c on a machine where it was not built
        return run.fail(f"--engine {args.engine}: {exc}")

    def details() -> None:
        if args.steps:
            for number, step in enumerate([answer.start, *answer.trajectory]):
                print()
                print(describe_step(number, step))
    return run.answer(answer.to_dict(), details)


def describe_step(number: int, step: Step) -> str:
    """A heading for one step of a solution, then the picture of the board
    as it stands on screen (gravity down)."""
    parts = []
    if step.moved:
        moved = ", ".join(f"{s} by {d}" for s, d in step.moved.items() if s not in step.released)
        if moved:
            parts.append(f"moved: {moved}")
    if step.released:
        parts.append(f"fell out: {', '.join(step.released)}")
    what = "; ".join(parts) or "nothing moves"
    if step.move is None:
        title = f"start, gravity towards the frame's {SIDES[step.position.orientation]} side ({what})"
    else:
        title = f"after move {number}, {step.move} ({what})"
    return "\n".join([title + ":", *step.position.screen().rows()])


def study_command():
    """The part of ``rotation-playground study``, loaded only for that command."""
    # here: the studies' numpy (0.1 s), not for every solve
    from .studies import command

    return command


def generate(args, seed: int) -> tuple[str, str]:
    if args.sticks is None:
        raise Usage("the following arguments are required: --sticks (for a rotation puzzle)")
    size = sized(args.size, MIN_SIZE, MAX_SIZE)
    max_states = DEFAULT_MAX_STATES if args.max_states is None else args.max_states
    options = dict(gaps=args.gaps, inner_walls=args.inner_walls, gap_width=args.gap_width,
                   max_length=args.max_length)
    max_bytes = getattr(args, "max_memory", None)
    try:
        if args.tries is None and args.min_moves is None and not args.unsolvable:
            board = generate_board(size, args.sticks, seed=seed, **options)
            found = Found(board, solve_board(board, max_states=max_states, max_bytes=max_bytes),
                          seed, 1)
            if found.answer.limit == "memory":
                raise MemoryStopped(seed, found.answer)
        else:
            found = search(size, args.sticks, seed=seed, tries=args.tries,
                           min_moves=args.min_moves, unsolvable=args.unsolvable,
                           max_states=max_states, max_bytes=max_bytes, **options)
    except NoPuzzleFound as exc:
        raise OutOfTries(str(exc)) from None
    except MemoryStopped as exc:
        raise OverMemory(f"the memory limit ({size_words(max_bytes or 0)}) stopped the search "
                         f"of seed {exc.seed} after {plural(exc.answer.states, 'state')}, "
                         f"{plural(exc.answer.depth, 'move')} deep") from None
    if found.tried == 1:
        tried = ""
    elif args.min_moves is not None or args.unsolvable:
        tried = f", try {found.tried}"
    else:
        tried = f", best of {found.tried} tries"
    states = found.answer.states
    return found.board.text(), (f"seed {found.seed}{tried}: {found.answer.summary()} "
                                f"({states:,} state{'s' if states != 1 else ''})")


COMMAND_LINE = CommandLine(
    words="gravity rotation puzzles: turn the frame, the sticks fall",
    solve_words="the fewest turns (L, R) that let a stick of a rotation puzzle fall out",
    help_notes={"details": "--steps"},
    solve_options=SOLVE_OPTIONS, generate_options=GENERATE_OPTIONS,
    # what generate --moves (sliding's) says for a rotation puzzle besides
    # whose it is: this kind's near twin
    foreign_hints={"moves": "; for rotation use --min-moves"},
    facts=facts, solve=solve, generate=generate, study_command=study_command,
)
