"""Sheets to print: puzzles several a page, drawn as vectors, with pages
of solutions at the end. The command line (``rotation-playground print``)
and the web (``/print.pdf``, ``/puzzles/print.pdf``) both write them here.

No kind is named: a puzzle is drawn by its kind's ``svg`` (what the
gallery draws), its solution found by the kind's ``quick`` or ``solve``
and shown by the kind's ``printed_solution`` (words, and a picture when
the kind has one). fpdf2 draws the SVG as vector paths.

Its words, and the kinds', are :mod:`webapp.words`: English, unless the
caller prints inside ``words.speaking(catalogue)`` (the web does, in its
reader's language; the command line stays English).
"""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

from fpdf import FPDF

from . import kinds, levels
from .words import gettext, ngettext

SVG_NS = "http://www.w3.org/2000/svg"

#: The most puzzles one sheet holds: a sheet is solved puzzle by puzzle.
MAX_PUZZLES = 24

#: A4, in millimetres, and the grid of puzzles on a page (2 across, 3 down).
PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 12.0
COLUMNS, ROWS = 2, 3
HEADER = 12.0   # the sheet's title line on every page
CAPTION = 11.0  # a puzzle's title and facts under its picture
SOLUTION_SCALE, SOLUTION_HEIGHT = 0.25, 50.0  # a solution's picture: mm a pixel, mm at most


@dataclass
class Item:
    """One puzzle of a sheet: its kind, the puzzle (as the kind's
    ``parse`` gives it) and its title."""
    kind: Any
    puzzle: Any
    title: str


class TooMany(ValueError):
    """More puzzles than a sheet holds."""


def check_count(count: int) -> None:
    if count > MAX_PUZZLES:
        raise TooMany(f"a sheet holds at most {MAX_PUZZLES} puzzles, not {count}: "
                      "print fewer at a time")
    if count < 1:
        raise TooMany("a sheet needs at least one puzzle")


def from_code(code: str, kind=None) -> Item:
    """The puzzle of a share code: of ``kind`` (ValueError in its words
    when it does not read it), or of whichever kind reads it.

    >>> from_code("1-3x3-0G2uw").kind.name
    'sliding'
    >>> from_code("nonsense")
    Traceback (most recent call last):
    ...
    ValueError: not a share code of any kind (rotation, sliding, triangle)
    """
    if kind is not None:
        return Item(kind, kind.decode(code), kind_title(kind))
    for each in kinds.KINDS:
        try:
            return Item(each, each.decode(code), kind_title(each))
        except ValueError:
            continue
    raise ValueError(f"not a share code of any kind ({', '.join(kinds.names())})")


def kind_title(kind) -> str:
    """``kind``'s title in the reader's language: the kinds' titles are
    messages of the catalogue (marked in :mod:`webapp.web.language`)."""
    return gettext(kind.title)


#: A level's puzzle's title ("Rotation, medium 1"), a whole message a level:
#: German says the level as the New puzzle panel's buttons do.
LEVEL_TITLES = {
    "easy": lambda kind, n: gettext("%(kind)s, easy %(n)s", kind=kind, n=n),
    "medium": lambda kind, n: gettext("%(kind)s, medium %(n)s", kind=kind, n=n),
    "hard": lambda kind, n: gettext("%(kind)s, hard %(n)s", kind=kind, n=n),
    "expert": lambda kind, n: gettext("%(kind)s, expert %(n)s", kind=kind, n=n),
}


def from_text(text: str, title: str, kind=None) -> Item:
    """The puzzle of a text (a file's): of ``kind``, or of the kind it
    looks most like (ValueError, with its line, when it does not parse)."""
    kind = kind or kinds.most_like(kinds.KINDS, lambda each: each.detect(text))
    return Item(kind, kind.parse(text), title)


def from_level(kind, level: str, count: int, rng: random.Random) -> list[Item]:
    """``count`` puzzles of ``level`` from the kind's pool, no two alike
    (:mod:`webapp.levels`: LevelError or NoLevels when it has none)."""
    check_count(count)
    pool = levels.pool(kind.name)["levels"][levels.check_level(level)]
    chosen = rng.sample(pool, min(count, len(pool)))
    return [Item(kind, kind.parse(entry["board"]), LEVEL_TITLES[level](kind_title(kind), index + 1))
            for index, entry in enumerate(chosen)]


def answers(items: list[Item], *, max_seconds: float | None) -> list[dict]:
    """Each puzzle's answer: the kind's quick one when it has it, else a
    solve within ``max_seconds``."""
    found = []
    for item in items:
        options = item.kind.options({})
        answer = item.kind.quick(item.puzzle, options)
        if answer is None:
            answer = item.kind.solve(item.puzzle, options, max_seconds=max_seconds)
        found.append(answer)
    return found


def facts(item: Item, answer: dict) -> str:
    """What is known of a puzzle, for its caption: its size and, once
    solved, its shortest solution (or the best found).

    >>> from webapp.kinds import get
    >>> k = get("sliding")
    >>> facts(Item(k, k.parse(k.example), "x"), {"status": "solved", "length": 8, "optimal": True})
    '3 × 3 · shortest 8 moves'
    """
    summary = item.kind.summary(item.puzzle)
    words = [f"{summary['width']} × {summary['height']}"] if "width" in summary else []
    length = answer.get("length")
    if answer.get("status") == "solved" and length is not None:
        words.append(_length(item.kind, length, bool(answer.get("optimal"))))
    elif answer.get("status") == "unsolvable":
        words.append(gettext("no solution"))
    return " · ".join(words)


def _length(kind, n: int, shortest: bool) -> str:
    """"shortest 6 turns", "solved in 9 moves": in the kind's word for a
    move, a whole message each (German: a turn is a Drehung, a move a Zug);
    a kind with another word says it in English."""
    one, many = kind.web.move_words
    if (one, many) == ("turn", "turns"):
        return (ngettext("shortest %(n)s turn", "shortest %(n)s turns", n) if shortest
                else ngettext("solved in %(n)s turn", "solved in %(n)s turns", n))
    if (one, many) == ("move", "moves"):
        return (ngettext("shortest %(n)s move", "shortest %(n)s moves", n) if shortest
                else ngettext("solved in %(n)s move", "solved in %(n)s moves", n))
    return f"{'shortest' if shortest else 'solved in'} {n} {one if n == 1 else many}"


def sheet(items: list[Item], *, title: str = "Puzzles", max_seconds: float | None = None,
          compress: bool = True) -> bytes:
    """The PDF: the puzzles ``COLUMNS`` × ``ROWS`` a page, each with its
    title and facts, then the solutions in the same order."""
    check_count(len(items))
    found = answers(items, max_seconds=max_seconds)
    pdf = FPDF(format="A4", unit="mm")
    pdf.set_compression(compress)
    pdf.set_title(title)
    pdf.set_auto_page_break(False)
    for start in range(0, len(items), COLUMNS * ROWS):
        pdf.add_page()
        _header(pdf, title, len(items))
        for place, index in enumerate(range(start, min(start + COLUMNS * ROWS, len(items)))):
            item = items[index]
            x, y, w, h = _cell(place)
            _picture(pdf, item.kind.printed_puzzle(item.puzzle), x, y, w, h - CAPTION)
            _caption(pdf, f"{index + 1}. {item.title}", facts(item, found[index]), x, y + h - CAPTION, w)
    _solutions(pdf, items, found)
    out = io.BytesIO()
    pdf.output(out)
    return out.getvalue()


def pages(pdf: bytes) -> int:
    """How many pages a sheet has (its page objects).

    >>> pages(sheet([from_code("1-3x3-0G2uw")]))
    2
    """
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def _cell(place: int) -> tuple[float, float, float, float]:
    width = (PAGE_W - 2 * MARGIN) / COLUMNS
    height = (PAGE_H - 2 * MARGIN - HEADER) / ROWS
    column, row = place % COLUMNS, place // COLUMNS
    return MARGIN + column * width + 3, MARGIN + HEADER + row * height + 3, width - 6, height - 6


def _header(pdf: FPDF, title: str, count: int) -> None:
    pdf.set_font("Helvetica", "B", 13)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(PAGE_W - 2 * MARGIN, 7, _latin(title))
    pdf.set_font("Helvetica", "", 8)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(PAGE_W - 2 * MARGIN, 7, _latin(ngettext("page %(page)s · %(n)s puzzle", "page %(page)s · %(n)s puzzles",
                                                     count, page=pdf.page_no())), align="R")


def _caption(pdf: FPDF, title: str, known: str, x: float, y: float, w: float) -> None:
    pdf.set_xy(x, y + 1)
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(w, 5, _latin(title), align="C")
    pdf.set_xy(x, y + 6)
    pdf.set_font("Helvetica", "", 8)
    pdf.cell(w, 4, _latin(known), align="C")


def _picture(pdf: FPDF, svg: str, x: float, y: float, w: float, h: float) -> None:
    """``svg`` drawn as vectors, as large as fits the box, centred."""
    pdf.image(io.BytesIO(for_fpdf(svg).encode()), x=x, y=y, w=w, h=h, keep_aspect_ratio=True)


def for_fpdf(svg: str) -> str:
    """``svg`` as fpdf2 reads it the way a browser draws it: fpdf2 (2.8)
    takes a ``<clipPath>`` only from ``<defs>`` and clips shapes, not
    groups, and reads an id of letters, digits and ``_`` only: so each clip
    path moves into ``<defs>`` under a plain id, and a group's clip goes to
    the shapes inside; ``<title>`` (for screen readers) is dropped.

    >>> for_fpdf('<svg xmlns="http://www.w3.org/2000/svg"><title>t</title><clipPath id="c-1">'
    ...          '<rect width="1" height="1"/></clipPath><g clip-path="url(#c-1)"><circle r="2"/></g></svg>')
    '<svg xmlns="http://www.w3.org/2000/svg"><defs><clipPath id="clip0"><rect width="1" height="1" /></clipPath></defs><g><circle r="2" clip-path="url(#clip0)" /></g></svg>'
    """
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    defs, renamed = None, {}
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag.rsplit("}", 1)[-1]
            if tag == "title":
                parent.remove(child)
            elif tag == "clipPath" and parent.tag.rsplit("}", 1)[-1] != "defs":
                if defs is None:
                    defs = ET.Element(f"{{{SVG_NS}}}defs")
                    root.insert(0, defs)
                parent.remove(child)
                defs.append(child)
            if tag == "clipPath":
                renamed[f"url(#{child.get('id')})"] = f"url(#clip{len(renamed)})"
                child.set("id", f"clip{len(renamed) - 1}")
    for shape in root.iter():
        if shape.get("clip-path") in renamed and not shape.tag.endswith("}g"):
            shape.set("clip-path", renamed[shape.get("clip-path")])
    for group in root.iter(f"{{{SVG_NS}}}g"):
        clip = renamed.get(group.attrib.pop("clip-path", ""))
        if clip:
            for inner in group.iter():
                if inner is not group and inner.tag.rsplit("}", 1)[-1] != "g":
                    inner.attrib.setdefault("clip-path", clip)
    return ET.tostring(root, encoding="unicode")


def _solutions(pdf: FPDF, items: list[Item], found: list[dict]) -> None:
    """The solutions, in the puzzles' order: each puzzle's words and,
    where its kind draws one, its picture under them, at most
    ``SOLUTION_SCALE`` millimetres a pixel (a two-turn solution stays
    small) and ``SOLUTION_HEIGHT`` high."""
    width = PAGE_W - 2 * MARGIN
    y = PAGE_H  # a new page first
    for index, (item, answer) in enumerate(zip(items, found)):
        words, picture = item.kind.printed_solution(item.puzzle, answer)
        drawn_w = drawn_h = 0.0
        if picture:
            px_w, px_h = _size(picture)
            scale = min(SOLUTION_SCALE, SOLUTION_HEIGHT / px_h, width / px_w)
            drawn_w, drawn_h = px_w * scale, px_h * scale
        lines = len(pdf.multi_cell(width, 4.5, _latin(words or ""), dry_run=True, output="LINES")) \
            if words else 0
        needed = 7 + 4.5 * lines + drawn_h + 6
        if y + needed > PAGE_H - MARGIN:
            pdf.add_page()
            _header(pdf, gettext("Solutions"), len(items))
            y = MARGIN + HEADER
        pdf.set_xy(MARGIN, y)
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(width, 5, _latin(f"{index + 1}. {item.title}"))
        pdf.set_xy(MARGIN, y + 6)
        pdf.set_font("Helvetica", "", 9)
        if words:
            pdf.multi_cell(width, 4.5, _latin(words))
        if picture:
            _picture(pdf, picture, MARGIN, y + 7 + 4.5 * lines, drawn_w, drawn_h)
        y += needed


def _size(svg: str) -> tuple[float, float]:
    """An SVG's size in pixels: its width and height, else its viewBox's."""
    root = ET.fromstring(svg)
    try:
        return float(root.get("width")), float(root.get("height"))
    except (TypeError, ValueError):
        box = [float(v) for v in root.get("viewBox", "0 0 100 100").replace(",", " ").split()]
        return box[2], box[3]


def _latin(text: str) -> str:
    """``text`` in the core fonts' Latin-1: a sign they lack becomes a
    plain one (the PDF needs no font file this way)."""
    return text.replace("→", "->").encode("latin-1", "replace").decode("latin-1")
