"""``rotation-playground print`` and the sheet it writes (webapp/printing.py,
issue 31, item 4): the PDF is read back, its pages and titles counted; each
kind's solution shows on the solutions' pages; mistakes get status 2."""

from __future__ import annotations

import re

from pdf_reading import pages, texts, titles

from webapp import printing
from webapp.cli import main
from webapp.kinds import get

SLIDING = "1-3x3-0G2uw"  # the sliding example: 8 moves


def _example(name: str) -> printing.Item:
    kind = get(name)
    return printing.Item(kind, kind.parse(kind.example), f"{kind.title} example")


def test_the_command_writes_the_sheet_and_says_where(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["print", "--kind", "sliding", "--level", "easy", "--count", "7", "--seed", "3",
                 "-o", str(out)]) == 0
    said = capsys.readouterr().out
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    # seven puzzles: two pages of six at most, then the solutions (a page: each is a line)
    assert pages(pdf) == 3
    assert f"wrote {out}: 7 puzzles with their solutions, 3 pages" in said


def test_files_and_codes_of_every_kind_make_one_sheet(tmp_path, capsys):
    out = tmp_path / "mixed.pdf"
    rotation = get("rotation")
    code = rotation.encode(rotation.parse(rotation.example))
    assert main(["print", code, SLIDING, "puzzles/funnel.txt", "puzzles/triangle/rules-example-0.txt",
                 "-o", str(out)]) == 0
    assert "4 puzzles" in capsys.readouterr().out
    assert pages(out.read_bytes()) == 2


def test_a_sheet_holds_its_puzzles_titles_facts_and_solutions():
    items = [_example(name) for name in ("rotation", "sliding", "triangle")] * 3  # 9: two pages
    pdf = printing.sheet(items, title="Class 7b", compress=False)
    shown = texts(pdf)
    numbered = titles(pdf)
    # each puzzle's title on its page, then again over its solution, in order
    expected = [f"{i + 1}. {item.title}" for i, item in enumerate(items)]
    assert numbered == expected + expected
    assert shown.count("Class 7b") == 2 and shown.count("Solutions") == pages(pdf) - 2
    assert "7 \xd7 7 \xb7 shortest 2 turns" in shown and "3 \xd7 3 \xb7 shortest 8 moves" in shown
    assert shown.count("2 turns: L L") == 3 and shown.count("8 moves: 4 8 7 4 5 2 3 6") == 3
    assert shown.count("The finished triangle:") == 3


def test_the_kinds_solutions_are_drawn_where_they_have_a_picture():
    rotation, sliding, triangle = (_example(n) for n in ("rotation", "sliding", "triangle"))
    words, arrows = rotation.kind.printed_solution(rotation.puzzle, {"status": "solved", "moves": "LRL"})
    assert words == "3 turns: L R L" and arrows.count('class="turn"') == 3
    # a right turn is the left one mirrored
    assert re.findall(r"scale\((-?\d+) ", arrows) == ["-30", "30", "-30"]
    assert sliding.kind.printed_solution(sliding.puzzle, {"status": "solved", "moves": [4, 8]}) \
        == ("2 moves: 4 8", None)
    answer = triangle.kind.solve(triangle.puzzle, {})
    words, picture = triangle.kind.printed_solution(triangle.puzzle, answer)
    # the finished picture: every slot holds a piece (its clip path), none left in a tray
    assert picture.count("<clipPath") == len(answer["solutions"][0])
    assert triangle.kind.printed_solution(triangle.puzzle, {"status": "unsolvable"})[1] is None


def test_clip_paths_reach_fpdf_as_it_reads_them():
    item = _example("triangle")
    answer = item.kind.solve(item.puzzle, {})
    _, picture = item.kind.printed_solution(item.puzzle, answer)
    moved = printing.for_fpdf(picture)
    # every clip in <defs> under a plain id, each piece's figures clipped one by one
    assert moved.count("<clipPath") == picture.count("<clipPath")
    assert re.findall(r'<clipPath id="([^"]+)"', moved) == [f"clip{i}" for i in range(9)]
    assert 'g clip-path' not in moved and moved.count('clip-path="url(#clip') > 9
    assert "<title>" not in moved


def test_a_puzzle_not_solved_in_time_still_prints():
    item = _example("sliding")
    limited = {"status": "limit", "nodes": 5}
    assert printing.facts(item, limited) == "3 \xd7 3"
    assert item.kind.printed_solution(item.puzzle, limited)[0] == "No solution found within the limit."


def test_mistakes_exit_2_with_a_sentence(tmp_path, capsys):
    out = str(tmp_path / "x.pdf")
    cases = [
        (["print", "-o", out], "nothing to print"),
        (["print", "nonsense", "-o", out], "'nonsense' is neither a file nor a share code"),
        (["print", "--kind", "sliding", "AY2d", "-o", out], "not a sliding position code"),
        (["print", *[SLIDING] * (printing.MAX_PUZZLES + 1), "-o", out],
         f"a sheet holds at most {printing.MAX_PUZZLES} puzzles"),
        (["print", "--level", "easy", SLIDING, "-o", out], "not both"),
        (["print", SLIDING, "-o", str(tmp_path / "no" / "such" / "x.pdf")], "No such file"),
    ]
    for argv, words in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("rotation-playground print: ") and words in err, (argv, err)
    assert not (tmp_path / "x.pdf").exists()


def test_a_file_that_does_not_parse_names_itself(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2 3\n4 5 6\n7 8 8\n")
    assert main(["print", str(bad), "-o", str(tmp_path / "x.pdf")]) == 2
    assert f"{bad}: " in capsys.readouterr().err


def _fill(colour: str) -> bytes:
    """How fpdf2 writes the fill ``colour`` (#rrggbb) in a sheet's page."""
    rgb = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return (" ".join(f"{c:.4f}".rstrip("0").rstrip(".") for c in rgb) + " rg").encode()


def test_a_triangle_puzzle_prints_as_loose_pieces_to_cut_out():
    from webapp.triangle.svg import SLOT_COLOUR

    item = _example("triangle")
    tray = item.kind.printed_puzzle(item.puzzle)
    assert tray.count('class="piece"') == 9 and 'class="slot"' not in tray and 'class="outline"' not in tray
    # the sheet draws it so: no slot of the big triangle anywhere (its solution fills every one)
    pdf = printing.sheet([item], compress=False)
    assert _fill(SLOT_COLOUR) not in pdf
