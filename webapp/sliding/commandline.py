"""The sliding-tile puzzle's part of the command line (``COMMAND_LINE``):
a big board, or a search stopped by Ctrl+C, gets a fast answer."""

from __future__ import annotations

import random
import sys
import time

from ..commandline import (
    CommandLine,
    Option,
    Usage,
    clip,
    count,
    limit_words,
    moves_facts,
    plural,
    positive,
)
from . import bigtable, cachedir, kind, pdb, solver, table
from .generate import at_distance, shuffle

#: How long a board of more than 16 cells is searched for a shortest solution
#: when no limit is given (the kind's: the web app's default too); a test may
#: replace them here.
SLIDING_BIG_CELLS = kind.BIG_CELLS
SLIDING_BIG_SECONDS = kind.BIG_SECONDS


def help_notes() -> dict:
    """The help's notes, made when it is shown (a test may have shortened
    ``SLIDING_BIG_SECONDS``)."""
    return {
        "details": "--steps",
        "limits": "Except for a sliding-tile board of more than 16 cells: without\n"
                  "--max-seconds or --max-nodes its shortest-path search stops after\n"
                  f"{SLIDING_BIG_SECONDS:g} s and a fast solution follows, shortened "
                  "by weighted searches as far\nas the time allows, marked \"optimal\": false "
                  "unless proven, with the proven\n\"lower_bound\" (a first 5 x 5 solve builds "
                  "its pattern databases, once).\nA sliding search stopped by a limit or by Ctrl+C\n"
                  "answers the same way (\"limit\": \"interrupted\" for Ctrl+C; a second Ctrl+C\n"
                  "aborts); exit 3 only when there is no solution at all.",
        "solved": "sliding: perhaps not proven shortest, see above",
        "unsolvable": "sliding: the wrong parity",
        "limit": "sliding: see above",
    }


SOLVE_OPTIONS = [
    Option("--steps", place=20, action="store_true",
           help="print the board after each move as seen on screen"),
    Option("--max-nodes", place=60, type=positive, metavar="N",
           help="stop the shortest-path search after N nodes, N >= 1, and give a fast "
                "solution not proven shortest"),
]

GENERATE_OPTIONS = [
    Option("--size", place=10, required=True, metavar="N", help="WxH or N, 2 to 8 a side"),
    Option("--moves", place=50, scope="sliding, boards of up to 9 cells",
           type=count, metavar="N", help="exactly N moves from the goal"),
]


def facts(answer: dict) -> str:
    status = answer.get("status")
    if status == "unsolvable":
        return "the tiles are in an unsolvable order, an odd permutation"
    bound = answer.get("lower_bound")
    at_least = f"at least {plural(bound, 'move')} needed" if bound else "no bound proven"
    if status == "limit":
        return f"no solution found, {at_least}"
    if not answer.get("moves"):
        return "0 moves, the tiles are in place already"
    if answer.get("optimal"):
        return moves_facts(answer, "shortest")
    stopped = f", {limit_words(answer)} ended the search for a shortest one" if answer.get("limit") else ""
    return moves_facts(answer, f"not proven shortest: {at_least}{stopped}")


def _interrupted(puzzle, progress) -> dict | None:
    """What a search stopped by Ctrl+C answers: as a time limit does, a
    fast solution with the bound the search had reached (proven); None
    while the pattern databases were still being built."""
    if progress.phase != "search":
        return None
    answer = solver.interrupted(puzzle.width, puzzle.height, puzzle.tiles, bound=progress.depth,
                                nodes=progress.states, seconds=progress.elapsed())
    return answer.to_dict()


def _missing_databases(width: int, height: int) -> list:
    """The pattern databases a solve of the shape would build first (10 to
    16 cells and 5 x 5; none for the boards with a table, or beyond)."""
    if table.fits(width, height) or not pdb.has_databases(width, height) or bigtable.at_hand(width, height):
        return []
    return [p for p in pdb.groups(width, height) if not pdb.cached(width, height, p)]


def _kept_where(width: int, height: int) -> str:
    return (f"pattern databases for {width} x {height} ({pdb.nbytes(width, height) / 1e6:.1f} MB) "
            f"kept in {cachedir.directory()}")


def _on_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed
        return False


#: The boards whose pattern databases ``prepare`` builds: 4 x 4 (11.5 MB, 8 to
#: 30 s), which a solve would build on first use, and 5 x 5 (26 MB, ~20 s),
#: which only a command-line solve builds (a web solve never waits for them).
PREPARED_SIDES = (4, 5)


#: The 12-cell boards whose exact tables ``prepare --large`` builds (each serves
#: its transposed twin too): 59.9 MB and about a minute of the C engine each.
LARGE_SHAPES = ((4, 3), (6, 2))


def prepare(progress, large: bool = False) -> str:
    """Build the pattern databases of :data:`PREPARED_SIDES` (and with
    ``large`` the exact tables of :data:`LARGE_SHAPES`); what was done, in
    words, a line a board."""
    lines = [prepare_side(side, progress) for side in PREPARED_SIDES]
    if large:
        lines += [prepare_table(width, height, progress) for width, height in LARGE_SHAPES]
    return "\n".join(lines)


def prepare_table(width: int, height: int, progress) -> str:
    """Build the exact table of a 12-cell board (and its twin), in words."""
    began = time.perf_counter()
    what = (f"exact distance table for {width} x {height} and {height} x {width} "
            f"({bigtable.nbytes(width, height) / 1e6:.1f} MB) kept in {cachedir.directory()}")
    if bigtable.at_hand(width, height) and bigtable.get(width, height) is not None:
        return f"{what}, built already"
    try:
        bigtable.get(width, height, build_it=True, progress=progress)
    except bigtable.TableError:
        return f"exact distance table for {width} x {height} not built: it needs the C engine"
    return f"{what}, built in {time.perf_counter() - began:.1f} s"


def prepare_side(side: int, progress) -> str:
    """Build the pattern databases of the side x side board, in words."""
    began = time.perf_counter()
    missing = _missing_databases(side, side)
    if not missing:
        return f"{_kept_where(side, side)}, built already"
    if pdb.load(side, side, progress=progress) is None:
        return f"pattern databases for {side} x {side} not built: no engine here can build them"
    return f"{_kept_where(side, side)}, built in {time.perf_counter() - began:.1f} s"


def solve(run) -> int:
    puzzle = run.parse()
    if puzzle is None:
        return 2
    missing = _missing_databases(puzzle.width, puzzle.height)
    try:
        return _solve(run, puzzle)
    finally:
        if missing and not _missing_databases(puzzle.width, puzzle.height) and _on_terminal():
            print(f"{_kept_where(puzzle.width, puzzle.height)}: built once, "
                  "the next solves start at once", file=sys.stderr)


def _solve(run, puzzle) -> int:
    args = run.args
    max_seconds = args.max_seconds
    if (max_seconds is None and args.max_nodes is None
            and puzzle.width * puzzle.height > SLIDING_BIG_CELLS):
        # past 16 cells a shortest answer can take hours: the search gets a
        # while, improving its answer, and the best found is given, labelled
        max_seconds = SLIDING_BIG_SECONDS
    if _build_first(run, puzzle, max_seconds) is False:
        return run.stopped(run.progress(), {"moves": [], "length": None, "optimal": False})
    return run.default(puzzle, max_seconds=max_seconds, interrupted=_interrupted)


def _build_first(run, puzzle, max_seconds) -> bool | None:
    """A 5 x 5 board's pattern databases, built before its search when missing
    and the solve has the time to use them (the solver's BUILD_SECONDS): the
    command line builds them once, the web never. False when Ctrl+C stopped it."""
    max_bytes = getattr(run.args, "max_memory", None)
    if ((puzzle.width, puzzle.height) != (5, 5) or not _missing_databases(5, 5)
            or (max_seconds is not None and max_seconds < solver.BUILD_SECONDS)
            or (max_bytes is not None and pdb.memory_needed(5, 5) > max_bytes - solver.SEARCH_BYTES)):
        return None  # the solve goes without them (--max-memory: as the solver does)
    progress = run.progress()
    try:
        pdb.load(5, 5, progress=progress)
    except KeyboardInterrupt:
        return False
    finally:
        progress.close()
    return True


def generate(args, seed: int) -> tuple[str, str]:
    """A shuffled board (or one exactly --moves from the goal)."""
    parts = args.size.lower().replace(" ", "").split("x")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(p.isdigit() and p.isascii() and len(p) < 4 for p in parts):
        raise Usage(f"argument --size: {clip(args.size)!r} is not WxH or N (e.g. 4x4, 3x5, 3)")
    width, height = (int(p) for p in parts)
    rng = random.Random(seed)
    if args.moves is not None:
        position = at_distance(width, height, args.moves, rng)
    else:
        position = shuffle(width, height, rng)
    away = f", {args.moves} move{'s' if args.moves != 1 else ''} from the goal" \
        if args.moves is not None else ""
    return position.text(), f"seed {seed}: {width} x {height}{away}"


COMMAND_LINE = CommandLine(
    words="sliding-tile puzzles such as the 15-puzzle, 2 x 2 to 8 x 8",
    solve_words="the fewest tiles to slide that put a sliding-tile puzzle in order",
    generate_words="a shuffled sliding-tile board",
    help_notes=help_notes, solve_options=SOLVE_OPTIONS, generate_options=GENERATE_OPTIONS,
    facts=facts, solve=solve, generate=generate, prepare=prepare,
)
