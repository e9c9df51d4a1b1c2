"""The triangle puzzle's part of the command line (``COMMAND_LINE``). Its
text is never read as a sliding-tile board, which would only confuse.

>>> looks_like_triangle("3\\n4\\n1 2 3\\n-1 2 3\\n1 -2 3\\n1 2 -3\\n")
True
"""

from __future__ import annotations

import random
import re
from math import isqrt

from ..commandline import CommandLine, Option, OutOfTries, Usage, count, plural, positive, sized
from ..errors import FieldError
from . import native
from .generate import MAX_SIDE, NoUniquePuzzle, random_puzzle
from .kind import FIRST, KIND
from .levels import BANDS, MAX_NODES, TooHard, level_of, nodes
from .textformat import MAX_DIGITS, write

_INTEGERS = re.compile(r"^[ \t]*[-+]?\d+(?:[ \t]+[-+]?\d+)*[ \t]*$")



def looks_like_triangle(text: str) -> bool:
    """A count line, a square piece count, then lines of three numbers (a
    typo among them still counts, so that its message names the place in the
    triangle's words).

    >>> looks_like_triangle("3\\n1\\n1 -2 3\\n")
    True
    >>> looks_like_triangle("3\\n1\\n1 -2 x\\n")
    True
    >>> looks_like_triangle("1 2 3\\n4 5 6\\n7 8 0\\n")
    False
    >>> looks_like_triangle("1\\n-4\\n1 2 3\\n"), looks_like_triangle("1\\n" + "9" * 5000 + "\\n1 2 3\\n")
    (False, False)
    """
    lines = [line for line in text.lstrip("\ufeff").splitlines() if line.strip()]
    if len(lines) < 3 or not all(_INTEGERS.match(line) for line in lines[:2]):
        return False
    head = [line.split() for line in lines[:2]]
    if len(head[0]) != 1 or len(head[1]) != 1:
        return False
    digits = head[1][0].lstrip("+")
    if digits.startswith("-") or len(digits) > MAX_DIGITS:
        # no count of pieces (nor a number int() takes past 4,300 digits): the
        # kinds' detect picks the kind whose message names the place
        return False
    count = int(digits)
    return count > 0 and isqrt(count) ** 2 == count and all(len(line.split()) == 3 for line in lines[2:])


def recognise(text: str) -> float:
    """1 for a text shaped like this kind's, typos and all; else the kind's
    ``detect``."""
    if looks_like_triangle(text):
        return 1.0

    return KIND.detect(text)


SOLVE_OPTIONS = [
    Option("--all", place=40, action="store_true",
           help=f"list every solution (default: the first {FIRST})"),
    Option("--max-nodes", place=60, type=positive, metavar="N",
           help="stop the count after N nodes (default: no limit)"),
    Option("--resume", place=70, metavar="TOKEN",
           help="go on with a count a limit stopped: the token its answer gave (its "
                "'resume', also in --json), or @FILE holding it; the same board, without --all"),
]

#: The longest token printed with the text answer (a longer one: --json gives it).
SHOWN_TOKEN = 2000

GENERATE_OPTIONS = [
    Option("--size", place=10, required=True, metavar="N", help="1 to 8 pieces a side"),
    Option("--figures", place=20, announce=True, type=count, metavar="K",
           help="kinds of figure on the edges (required)"),
    Option("--unique", place=30, scope="triangle, side up to 6", announce=True, action="store_true",
           help="only one solution up to turning the whole triangle (needs 4 figure kinds for "
                "side 3, 8 for 4, 12 for 5, 16 for 6); the line about it rates it by the nodes "
                "a plain backtracking search needs"),
    Option("--tries", place=140, scope="triangle --unique", type=positive, metavar="T",
           help="fresh puzzles to start from (default 3)"),
]


def facts(answer: dict) -> str:
    if answer.get("status") == "unsolvable":
        return "no placement fits"
    found_count = answer.get("count_text") or answer.get("count")
    found = (f"{plural(found_count if found_count is not None else 0, 'placement')}, "
             f"{plural(answer.get('distinct') or 0, 'distinct picture')} up to turning")
    return f"so far {found}" if answer.get("status") == "limit" else found


def solve(run) -> int:
    """Count the solutions and list the first ones (all with --all)."""
    args, kind = run.args, run.kind
    puzzle = run.parse()
    if puzzle is None:
        return 2
    first = None if args.all else FIRST
    options = {"first": first, "interruptible": True}
    if args.resume is not None:
        token = _token(run, args.resume)
        if token is None:
            return 2
        options["resume"] = token
    progress = run.progress(noun="node", depth="slots filled")
    try:
        try:  # Ctrl+C in the search answers "limit" with the counts so far
            answer = kind.solve(puzzle, options, max_seconds=args.max_seconds,
                                max_count=args.max_nodes, progress=progress)
        finally:
            progress.close()  # before any message
    except (kind.error, FieldError) as exc:  # a token not made for this board (or this listing)
        return run.fail(f"--resume: {exc}", exc)
    except KeyboardInterrupt:
        return run.stopped(progress, {"count": None, "distinct": None, "solutions": [],
                                      "optimal": False})

    def details() -> None:
        for number, solution in enumerate(answer["solutions"], 1):
            print(f"\nsolution {number}:")
            print(rows(puzzle.n, solution))
        shown = len(answer["solutions"])
        if answer["status"] != "unsolvable" and shown < (answer["count"] or 0):
            more = "" if args.all or answer["status"] == "limit" else "; --all lists every one"
            print(f"\n({shown} of {answer['count_text']} placements listed{more})")
        token = answer.get("resume")
        if token and len(token) <= SHOWN_TOKEN:
            print(f"\nto go on where this stopped: --resume {token}")
        elif token:
            print("\nto go on where this stopped: --resume with the token --json gives (its 'resume')")
    return run.answer(answer, details)


def _token(run, given: str) -> str | None:
    """The token --resume names: itself, or the contents of @FILE (None once
    the error is printed)."""
    if run.args.all:
        run.fail("--resume goes on with a listing of the first solutions, not with --all")
        return None
    if not given.startswith("@"):
        return given.strip()
    try:
        with open(given[1:], encoding="utf-8") as f:
            return f.read().strip()
    except (OSError, UnicodeDecodeError) as exc:
        run.fail(f"--resume: cannot read {given[1:]!r}: {exc.strerror or exc}", exc)
        return None


def rows(n: int, solution: list) -> str:
    """A solution as the big triangle's rows, one slot as ``piece:x,y,z``.

    >>> print(rows(2, [{"piece": 3, "edges": [1, 2, 3]}] + 3 * [{"piece": 0, "edges": [0, 0, -1]}]))
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




def generate(args, seed: int) -> tuple[str, str]:
    """Shuffled, turned pieces of a solved triangle (with --unique: one picture only)."""
    if args.figures is None:
        raise Usage("the following arguments are required: --figures (for a triangle puzzle)")
    size = sized(args.size, 1, MAX_SIDE)
    if args.tries is not None and not args.unique:
        raise Usage("--tries is for --unique with a triangle puzzle")
    try:
        puzzle = random_puzzle(size, args.figures, random.Random(seed), unique=args.unique,
                               tries=args.tries)
    except NoUniquePuzzle as exc:  # the tries ran out: like a search's limit
        raise OutOfTries(str(exc)) from None
    kinds_word = f"{args.figures} figure kind{'s' if args.figures != 1 else ''}"
    return write(puzzle), (f"seed {seed}: {size} x {size}, {kinds_word}"
                           f"{', one solution up to turning; ' + _rating(puzzle) if args.unique else ''}")


#: Where ``generate --unique`` stops rating: a 6 x 6 one needs tens of
#: millions of plain nodes, a few seconds in C (1,000,000 without it, as the levels).
RATING_MAX_NODES = 1_000_000_000


def _rating(puzzle) -> str:
    """How hard a unique puzzle is: the nodes of the levels' search to place
    every piece, and the level they make (docs/triangle.md, "Random puzzles")."""
    bound = RATING_MAX_NODES if native.engine_name() == "c" else MAX_NODES
    own = next((level for level, (side, _, _) in BANDS.items() if side == puzzle.n), None)
    try:
        work = nodes(puzzle, max_nodes=bound)
    except TooHard:
        beyond = f" (harder than {own})" if own else ""
        return f"a plain backtracking search needs over {bound:,} nodes{beyond}"
    level = level_of({"side": puzzle.n, "nodes": work})
    if level is None and own is None:
        level = f"no level is {puzzle.n} x {puzzle.n}"
    elif level is None:
        level = f"{'harder' if work >= BANDS[own][2] else 'easier'} than {own}"
    return f"a plain backtracking search needs {work:,} nodes ({level})"


COMMAND_LINE = CommandLine(
    words="edge-matching puzzles: triangular pieces fill a big triangle",
    solve_words="every placement of a triangle puzzle's pieces, counted, the first ones listed",
    generate_words="shuffled, turned pieces of a solved triangle",
    help_notes={"details": "a triangle's solutions"},
    solve_options=SOLVE_OPTIONS, generate_options=GENERATE_OPTIONS,
    recognise=recognise, facts=facts, solve=solve, generate=generate,
)
