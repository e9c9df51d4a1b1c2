"""The rotation kind's part of ``rotation-playground study``
(:mod:`webapp.cli.study`): its options, and the run of the studies, a
climb over boards (``--climb``) or over frames (``--climb-frames``).

>>> _size("6"), _size("7x5")
((6, 6), (7, 5))
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ...commandline import EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK, Option, plural, size_words, whole
from ..board import Board, BoardError
from ..solver import solve_best
from . import frameclimb
from .climb import climb
from .db import StudyDB, write_summary
from .family import frame, multisets, one_gap_frames, stick_kinds
from .frameclimb import describe, frame_climb
from .study import StudyError, StudyTooBig, parse_sticks, sticks_text, study

#: Positions one study may reach before it is recorded as too big.
DEFAULT_MAX_POSITIONS = 2_000_000
#: --climb-positions: the frame climb's own default.
FRAME_CLIMB_POSITIONS = frameclimb.DEFAULT_MAX_POSITIONS
#: Bytes a position of a study costs at its peak, plus 2 a stick: the C
#: build's keys, hash slots and turns as they double, then the backward
#: search's edge lists (int64 sources, their sort order, the starts).
BYTES_PER_POSITION = 160

OPTIONS = [
    Option("--size", place=10, default="5", metavar="N|WxH",
           help="the frame's size: every one-gap frame of it, each gap once up to symmetry "
                "(default: 5)"),
    Option("--gap", place=20, metavar="ROW,COL",
           help="only the frame with this one gap (0-based row and column on the outer ring)"),
    Option("--frame", place=30, metavar="FILE",
           help="a rotation board file with no sticks: its walls and gaps are the frame "
                "(instead of --size and --gap)"),
    Option("--sticks", place=40, metavar="LIST",
           help="one multiset, e.g. 2h,2v,1 (length, then h or v; a 1 has no direction)"),
    Option("--max-sticks", place=50, type=whole(1), default=3, metavar="K",
           help="a family: every multiset of 1 to K sticks that leaves a cell free (default: 3)"),
    Option("--longest", place=60, type=whole(1), metavar="L",
           help="a family's longest stick (default: the interior's shorter side)"),
    Option("--climb", place=80, type=whole(1), metavar="STEPS",
           help="instead of studies: climb STEPS steps towards a hard puzzle of --size with "
                "--climb-sticks sticks, each candidate solved in full "
                "(webapp/rotation/studies/climb.py); prints the best board and its proven turns"),
    Option("--climb-sticks", place=81, type=whole(1), default=3, metavar="K",
           help="--climb, --climb-frames: sticks on the (first) board (default: 3)"),
    Option("--inner-walls", place=82, type=whole(0), default=8, metavar="W",
           help="--climb, --climb-frames: inner walls of the first board (default: 8)"),
    Option("--restart", place=84, type=whole(0), default=0, metavar="N",
           help="--climb, --climb-frames: back to the best board after N steps without a "
                "better one (--climb-frames: changed in three ways) (default: 0, never)"),
    Option("--climb-frames", place=85, type=whole(1), metavar="STEPS",
           help="instead of studies: climb STEPS steps over frames (inner walls, the gap) and "
                "multisets of sticks, each candidate scored by a full study of its positions "
                "(webapp/rotation/studies/frameclimb.py), starting from --climb-sticks sticks and "
                "--inner-walls walls on a --size frame; prints the hardest position met, its "
                "proven turns and the command that rebuilds it"),
    Option("--climb-positions", place=86, type=whole(1), default=FRAME_CLIMB_POSITIONS,
           metavar="N",
           help="--climb-frames: a candidate whose study passes N positions is dropped "
                f"(default: {FRAME_CLIMB_POSITIONS})"),
    Option("--seed", place=83, type=whole(0), default=1, metavar="S",
           help="--climb, --climb-frames: the seed; the same seed and options give the same "
                "board (default: 1)"),
    Option("--jobs", place=75, type=whole(1), default=1, metavar="N",
           help="a family: run N studies at once, each in its own process; the database "
                "and the lines printed keep the family's order (default: 1)"),
    Option("--max-positions", place=70, type=whole(0), default=DEFAULT_MAX_POSITIONS, metavar="N",
           help="a study that passes N positions is recorded as too big, 0 for no bound "
                f"(default: {DEFAULT_MAX_POSITIONS})"),
]


def _square(text: str, option: str) -> int:
    """The side of a square ``--size`` (a climb's); ValueError naming ``option`` else."""
    width, height = _size(text)
    if width != height:
        raise ValueError(f"{option} takes a square --size")
    return width


def _size(text: str) -> tuple[int, int]:
    words = text.lower().split("x")
    if len(words) not in (1, 2) or not all(w.strip().isdigit() for w in words):
        raise ValueError(f"a size is N or WxH, not {text!r}")
    width, height = int(words[0]), int(words[-1])
    if not (3 <= width <= 64 and 3 <= height <= 64):
        raise ValueError(f"each side is 3 to 64, not {text!r}")
    return width, height


def _plan(args):
    """``(gap words, frame, sticks)`` for every study asked for."""
    if args.frame is not None:
        with open(args.frame, encoding="utf-8") as f:
            board = Board.from_text(f.read())
        if board.sticks:
            raise StudyError("the --frame file holds sticks: give them with --sticks")
        frames = [("", board)]
    else:
        width, height = _size(args.size)
        if args.gap is not None:
            try:
                row, col = (int(w) for w in args.gap.split(","))
            except ValueError:
                raise StudyError(f"--gap is ROW,COL, not {args.gap!r}") from None
            if not (row in (0, height - 1) or col in (0, width - 1)) or not (
                    0 <= row < height and 0 <= col < width):
                raise StudyError(f"--gap {args.gap} is not a cell of the frame's outer ring")
            frames = [(f"{row},{col}", frame(width, height, [(row, col)]))]
        else:
            frames = [(f"{r},{c}", board) for (r, c), board in one_gap_frames(width, height)]
    plans = []
    for gap, board in frames:
        inner = sum(1 for r in range(1, board.height - 1) for c in range(1, board.width - 1)
                    if (r, c) not in board.walls)
        if args.sticks is not None:
            sets = [parse_sticks(args.sticks)]
        else:
            longest = args.longest or min(board.width, board.height) - 2
            sets = multisets(stick_kinds(longest), args.max_sticks, inner)
        plans += [(gap, board, sticks) for sticks in sets]
    return plans


class _TooBig:
    """A study stopped at its bound: the positions seen and the seconds spent."""

    def __init__(self, seen: int, seconds: float) -> None:
        self.seen, self.seconds = seen, seconds


def _one_study(board, sticks, bound):
    """One study's :class:`~.study.Result`, or a :class:`_TooBig`, or the
    error that refused it (returned, not raised: it may come from another
    process, and the caller reports it in the family's order)."""
    began = time.perf_counter()
    try:
        return study(board, sticks, max_positions=bound)
    except StudyTooBig as exc:
        return _TooBig(exc.seen, time.perf_counter() - began)
    except (StudyError, BoardError) as exc:
        return exc


def _memory_bound(bound, max_bytes, sticks: int):
    """The positions a study of ``sticks`` sticks may reach: ``bound``,
    lowered to what ``max_bytes`` holds; and whether the memory is the
    lower one."""
    if max_bytes is None:
        return bound, False
    fits = max(1, max_bytes // (BYTES_PER_POSITION + 2 * sticks))
    return (fits, True) if bound is None or fits < bound else (bound, False)


def _studies(work, jobs: int):
    """The outcome of each ``(board, sticks)`` of ``work``, in its order, as
    each is ready: one after another, or in ``jobs`` processes (a study holds
    the GIL in numpy and Python for part of its time, so threads would not
    run two at once)."""
    if jobs == 1 or len(work) < 2:
        for board, sticks, bound in work:
            yield _one_study(board, sticks, bound)
        return

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        try:
            yield from pool.map(_one_study, *zip(*work), chunksize=4)
        finally:  # stopped early (an error, ^C): the rest need not run
            pool.shutdown(wait=True, cancel_futures=True)


def run(args, say) -> int:
    """Every study ``args`` asks for, kept in ``args.db`` (or the climb asked
    for); ``say(text)`` takes a line a study. Returns the exit status."""
    try:
        if args.climb is not None:
            return _climb(args, say)
        if args.climb_frames is not None:
            return _climb_frames(args, say)
        plans = _plan(args)
    except BrokenPipeError:  # a climb's reader stopped early: not bad input
        raise
    except (OSError, ValueError) as exc:  # BoardError and StudyError too
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    db = StudyDB(args.db)
    bound = args.max_positions or None
    max_bytes = getattr(args, "max_memory", None)
    if max_bytes is not None:  # the studies run at once share it
        max_bytes //= args.jobs
    try:
        todo = []
        for number, (gap, board, sticks) in enumerate(plans, 1):
            words = sticks_text(sticks)
            where = f"[{number}/{len(plans)}] {board.width}x{board.height} gap {gap or '-'} {words}"
            if db.has(board.text(), words, bound):
                say(f"{where}: kept from before")
            else:
                todo.append((where, gap, board, sticks, words))
        limits = [_memory_bound(bound, max_bytes, len(sticks)) for _, _, _, sticks, _ in todo]
        outcomes = _studies([(board, sticks, limit) for (_, _, board, sticks, _), (limit, _)
                             in zip(todo, limits)], args.jobs)
        for (where, gap, board, sticks, words), (limit, by_memory), result in zip(
                todo, limits, outcomes):
            if isinstance(result, _TooBig) and by_memory:
                print(f"limit: the memory limit ({size_words(args.max_memory)}) ended the study "
                      f"{where}: more than {plural(limit, 'position')} ({result.seconds:.2f} s); "
                      "the studies before it are kept (--max-memory: a larger SIZE, or none "
                      "for no bound)", file=sys.stderr)
                return EXIT_LIMIT
            if isinstance(result, _TooBig):
                db.add_too_big(board.text(), words, result.seen, result.seconds, gap, bound)
                say(f"{where}: too big, more than {bound} positions")
                continue
            if isinstance(result, (StudyError, BoardError)):
                print(f"error: {result}", file=sys.stderr)
                return EXIT_BAD_INPUT
            db.add(result, gap, bound)
            hardest = "none solvable" if result.hardest_turns is None else \
                f"hardest {result.hardest_turns} turns"
            say(f"{where}: {result.positions} positions, {hardest}, "
                f"{result.unsolvable} unsolvable ({result.seconds:.2f} s)")
        path = args.summary or (args.db.rsplit(".", 1)[0] if "." in args.db else args.db) + ".json"
        found = write_summary(db, path)
    finally:
        db.close()
    for size, figures in sorted(found["sizes"].items()):
        turns = figures["hardest_turns"]
        print(f"{size}: hardest {turns} turns ({figures['sticks']}, gap {figures['gap'] or '-'}), "
              f"{plural(figures['positions'], 'position')} in {figures['studies']:,} "
              f"stud{'y' if figures['studies'] == 1 else 'ies'}"
              + (f", {figures['unfinished']} too big" if figures["unfinished"] else ""))
        if figures["board"]:
            sys.stdout.write(figures["board"])
    print(f"summary: {path}")
    return EXIT_OK


def _climb(args, say) -> int:
    found = climb(_square(args.size, "--climb"), args.climb_sticks, seed=args.seed,
                  steps=args.climb, inner_walls=args.inner_walls, restart=args.restart,
                  progress=lambda step, turns: say(f"step {step}: {turns} turns"))
    if found.turns is None:
        print(f"error: no board met in {found.steps} steps from seed {args.seed} has a "
              "solution: take another seed", file=sys.stderr)
        return EXIT_LIMIT
    sys.stdout.write(found.board.text())
    print(f"seed {args.seed}: {found.turns} turns, proven by a full search (best found at step "
          f"{found.improved_at} of {found.steps})")
    return EXIT_OK


def _frame_climb_command(args) -> str:
    """The command line that rebuilds the climb ``args`` ask for."""
    words = ["rotation-playground study", f"--climb-frames {args.climb_frames}",
             f"--size {args.size}", f"--climb-sticks {args.climb_sticks}",
             f"--inner-walls {args.inner_walls}"]
    if args.restart:
        words.append(f"--restart {args.restart}")
    if args.climb_positions != FRAME_CLIMB_POSITIONS:
        words.append(f"--climb-positions {args.climb_positions}")
    return " ".join(words + [f"--seed {args.seed}"])


def _climb_frames(args, say) -> int:
    def progress(step, best):
        say(f"step {step}: {best.turns} turns, {plural(best.positions, 'position')} "
            f"({describe(best)})")

    side = _square(args.size, "--climb-frames")
    # refused before it starts: dropping the candidates the memory cannot hold
    # would make the climb's path depend on the machine (as many sticks as cells)
    max_bytes = getattr(args, "max_memory", None)
    positions, by_memory = _memory_bound(args.climb_positions, max_bytes, (side - 2) ** 2)
    if by_memory:
        print(f"limit: the memory limit ({size_words(max_bytes)}) holds a study of "
              f"{plural(positions, 'position')}, fewer than --climb-positions "
              f"{args.climb_positions:,}: lower that, or give --max-memory a larger SIZE "
              "(or none for no bound)", file=sys.stderr)
        return EXIT_LIMIT
    found = frame_climb(side, args.climb_sticks, seed=args.seed,
                        steps=args.climb_frames, inner_walls=args.inner_walls,
                        restart=args.restart, max_positions=args.climb_positions,
                        progress=progress, tick=lambda step, best: say(
                            f"step {step}: best {best.turns} turns; {best.studies:,} studies "
                            f"of {plural(best.studied_positions, 'position')}, {best.seconds:.0f} s"))
    if found.turns is None:
        print(f"error: no frame met in {found.steps} steps from seed {args.seed} has a "
              "solvable position within --climb-positions: take another seed", file=sys.stderr)
        return EXIT_LIMIT
    answer = solve_best(found.board)
    if answer.status != "solved" or len(answer.moves) != found.turns:  # pragma: no cover
        print(f"error: the study says {found.turns} turns, the solver {answer.summary()}",
              file=sys.stderr)
        return EXIT_LIMIT
    sys.stdout.write(found.board.text())
    print(f"seed {args.seed}: {found.turns} turns, the most of the "
          f"{plural(found.positions, 'position')} of its frame and sticks ({describe(found)}), "
          f"proven by a full study; the solver agrees (best found at step {found.improved_at} "
          f"of {found.steps}; {found.studies:,} stud{'y' if found.studies == 1 else 'ies'} of "
          f"{plural(found.studied_positions, 'position')}, {found.dropped} dropped, "
          f"{found.seconds:.0f} s)")
    print(f"rebuilt by: {_frame_climb_command(args)}")
    return EXIT_OK
