"""The rules live in this repository (issue 8, "Rules, decided"): docs/rotation.md
states them, its examples are what the engine answers, and the README, the
code and the tests point there rather than outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.rotation import native, parse, solve

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rotation.md"
# spelled in pieces so that this file does not match itself; only the files
# under benchmarks/ may name the yardsticks outside the repository
OUTSIDE = "../" + "shared"
SPEC = "shared/" + "spec"


def code_blocks(text: str) -> list[str]:
    return re.findall(r"```\n(.*?)```", text, flags=re.S)


def test_the_rules_page_exists_and_covers_the_decided_cases():
    text = RULES.read_text(encoding="utf-8")
    for heading in ("## The board", "## The text format", "## Gravity and settling", "## Moves",
                    "## Goals and answers", "## Decided cases", "## Examples"):
        assert heading in text
    for fact in ("3 to 64", "`W H`", "0 moves", "no-gap", "no-sticks", "### Errors name a line and a column"):
        assert fact in text, fact


@pytest.mark.parametrize("engine", [solve, pytest.param(native.native_solve, marks=pytest.mark.skipif(
    not native.available(), reason="webapp._rotation is not built"))], ids=["reference", "c"])
def test_the_examples_of_the_rules_page_give_the_answers_it_states(engine):
    boards = [parse(block) for block in code_blocks(RULES.read_text(encoding="utf-8"))]
    assert len(boards) == 2
    solved, unsolvable = (engine(b) for b in boards)
    assert solved.moves == "LL"
    assert unsolvable.status == "unsolvable" and unsolvable.states == 8
    library = [parse((ROOT / "puzzles" / name).read_text()) for name in
               ("spec-example.txt", "spec-unsolvable.txt")]
    assert boards == library  # "Both boards are in the library"


def test_the_docs_index_and_the_readme_point_at_the_docs():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    for target in ("(rotation.md)", "(serving.md)", "/how-to-play"):
        assert target in index
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# Rotation Playground\n\n```sh\nmake run ")
    assert readme.splitlines()[4].startswith("make test ")
    for target in ("(docs/README.md)", "(docs/rotation.md)", "(docs/serving.md)"):
        assert target in readme


def test_nothing_but_the_benchmark_points_outside_the_repository():
    places = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "webapp").rglob("*.py"),
              *(ROOT / "tests").rglob("*.py"), *(ROOT / "templates").rglob("*.html"),
              *(ROOT / "static").rglob("*.js"), *(ROOT / "puzzles").glob("*.json")]
    offenders = []
    for path in places:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if SPEC in line or OUTSIDE in line:
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
