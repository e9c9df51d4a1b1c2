"""Printed sheets (issue 31, item 4): seconds and bytes of the gallery's PDFs.

    .venv/bin/python benchmarks/sheets.py            # the median of 3 runs each
    .venv/bin/python benchmarks/sheets.py --runs 1

1. the rotation gallery: its first puzzles, as many as a sheet holds
   (``/puzzles/print.pdf?kind=rotation`` prints the first
   ``PRINT_MAX_PUZZLES``, 12 by default);
2. one puzzle of each kind (the first of its gallery) with its page of
   solutions;
3. the whole gallery, every kind, in sheets of as many as one holds.

Each sheet is made by :func:`webapp.printing.sheet`, the code of the web's
``/print.pdf`` and ``/puzzles/print.pdf`` and of ``rotation-playground
print``: each puzzle's solve (the kind's quick answer, else a solve of at
most the web's ``PRINT_SOLVE_SECONDS``), its vector drawing, the solutions'
pages, fpdf2's compressed output. The solves are in the time (a sheet
cannot be printed without them); ``solves`` is their share, timed alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from webapp import create_app, kinds, printing  # noqa: E402
from webapp.web import gallery  # noqa: E402
from webapp.web.sheets import DEFAULTS  # noqa: E402

SOLVE_SECONDS = DEFAULTS["PRINT_SOLVE_SECONDS"]


def _gallery() -> list[printing.Item]:
    """The gallery's puzzles as the web's sheets take them (webapp/web/sheets.py)."""
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"TESTING": True, "INSTANCE_DIR": instance})
        with app.app_context():
            entries = gallery.entries()
        app.extensions["playground_jobs"].close()
    return [printing.Item(kinds.get(e.kind), e.board, e.title) for e in entries]


def _sheets(items: list[printing.Item]) -> list[list[printing.Item]]:
    size = printing.MAX_PUZZLES
    return [items[i:i + size] for i in range(0, len(items), size)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    items = _gallery()
    rotation = [item for item in items if item.kind.name == "rotation"]
    cases = [("rotation gallery, one sheet", "Rotation puzzles", _sheets(rotation)[:1])]
    for kind in kinds.KINDS:
        first = next((item for item in items if item.kind is kind), None)
        if first is not None:
            cases.append((f"{kind.name}: one puzzle", first.title, [[first]]))
    cases.append(("the whole gallery", "Puzzles", _sheets(items)))
    print(f"{'sheet':<30}{'puzzles':>8}{'pages':>7}{'seconds':>10}{'solves':>9}{'bytes':>11}")
    for name, title, sheets in cases:
        times, solves, pdfs = [], [], []
        for _ in range(max(1, args.runs)):
            began = time.perf_counter()
            pdfs = [printing.sheet(part, title=title, max_seconds=SOLVE_SECONDS) for part in sheets]
            times.append(time.perf_counter() - began)
            # the same solves alone: what of the time is the solver's, not the printing's
            began = time.perf_counter()
            for part in sheets:
                printing.answers(part, max_seconds=SOLVE_SECONDS)
            solves.append(time.perf_counter() - began)
        count = sum(len(part) for part in sheets)
        pages = sum(printing.pages(pdf) for pdf in pdfs)
        print(f"{name:<30}{count:>8}{pages:>7}{statistics.median(times):>10.3f}"
              f"{statistics.median(solves):>9.3f}{sum(len(pdf) for pdf in pdfs):>11}")
    print(f"median of {max(1, args.runs)} runs; solves of at most {SOLVE_SECONDS:g} s a puzzle included; "
          f"{printing.MAX_PUZZLES} puzzles a sheet at most")
    return 0


if __name__ == "__main__":
    sys.exit(main())
