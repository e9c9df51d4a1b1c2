"""``rotation-playground print``: a PDF of puzzles to print, several a
page, with their solutions at the end (written by :mod:`webapp.printing`,
as the web's ``/print.pdf`` is)."""

from __future__ import annotations

import os
import random
import sys

from ..commandline import EXIT_BAD_INPUT, EXIT_OK, positive
from ..kinds import get, names
from ..levels import LEVELS


def add_parser(commands) -> None:
    p = commands.add_parser(
        "print", help="write a PDF of puzzles to print, with their solutions",
        description="Write a PDF sheet: the puzzles six a page (A4, drawn as vectors), each "
                    "with its size and shortest solution, then pages of solutions. The puzzles "
                    "are the files or share codes given, or --count puzzles of a --level. "
                    "Exit status 2, with one line on standard error, for a puzzle, level or "
                    "option that cannot be used.")
    p.add_argument("puzzles", nargs="*", metavar="PUZZLE",
                   help="a puzzle file (text format) or a share code, as many as a sheet holds")
    p.add_argument("--kind", choices=names(), metavar="KIND",
                   help=f"the puzzles' kind: {', '.join(names())} (default: recognised; "
                        f"with --level, {names()[0]})")
    p.add_argument("--level", choices=LEVELS, metavar="LEVEL",
                   help=f"puzzles of the kind's level pool: {', '.join(LEVELS)}")
    p.add_argument("--count", type=positive, default=6, metavar="N",
                   help="how many puzzles of --level (default: 6, a page)")
    p.add_argument("--seed", type=int, metavar="S", help="which puzzles of --level (default: random)")
    p.add_argument("--title", default="Puzzles", help="the sheet's title (default: %(default)s)")
    p.add_argument("--max-seconds", type=float, default=30.0, metavar="S",
                   help="time for each puzzle's solve (default: %(default)s)")
    p.add_argument("-o", "--output", required=True, metavar="PDF", help="the file to write")
    p.set_defaults(run=run)


def run(args) -> int:
    from .. import printing  # here: fpdf2 is loaded by this command only

    kind = get(args.kind) if args.kind else None
    try:
        if args.level:
            if args.puzzles:
                return _fail("give puzzles or --level, not both")
            items = printing.from_level(kind or get(names()[0]), args.level, args.count,
                                        random.Random(args.seed))
        elif args.puzzles:
            printing.check_count(len(args.puzzles))
            items = [_item(printing, given, kind) for given in args.puzzles]
        else:
            return _fail("nothing to print: give puzzle files or share codes, or --level LEVEL")
        pdf = printing.sheet(items, title=args.title, max_seconds=args.max_seconds)
        with open(args.output, "wb") as f:
            f.write(pdf)
    except (ValueError, LookupError, OSError) as exc:
        return _fail(str(exc))
    print(f"wrote {args.output}: {len(items)} puzzles with their solutions, "
          f"{printing.pages(pdf)} pages")
    return EXIT_OK


def _item(printing, given: str, kind):
    """A file's puzzle when ``given`` names a file, else a share code's."""
    if os.path.isfile(given):
        with open(given, encoding="utf-8") as f:
            text = f.read()
        try:
            return printing.from_text(text, os.path.splitext(os.path.basename(given))[0], kind)
        except ValueError as exc:
            raise ValueError(f"{given}: {exc}") from None
    try:
        return printing.from_code(given, kind)
    except ValueError as exc:
        raise ValueError(f"{given!r} is neither a file nor a share code: {exc}") from None


def _fail(message: str) -> int:
    print(f"rotation-playground print: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
