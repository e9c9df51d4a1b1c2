"""The German docs (issue 32, item 5): README.md's "Auf Deutsch" section
and the rules of each kind in German under docs/de/, linked from the
README and the docs' index, every link of theirs leading to a file of the
repository, and saying what the English rules say where it can be
checked: the rotation rules' boards are the English page's (and so the
library's), the sliding tiles' farthest positions the same figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.rotation import parse

ROOT = Path(__file__).resolve().parents[2]
GERMAN = {kind: ROOT / "docs" / "de" / f"{kind}.md" for kind in ("rotation", "sliding", "triangle")}
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def german_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Auf Deutsch\n(.*?)(?=^## )", readme, flags=re.S | re.M)
    assert found, "README.md has no \"## Auf Deutsch\" section"
    return found.group(1)


def test_the_readme_says_it_in_german_near_the_top():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## .*", readme, flags=re.M)
    assert headings[0] == "## Auf Deutsch", headings[:3]
    section = german_section()
    for command in ("make run", "make test"):
        assert re.search(rf"^{command} ", section, flags=re.M), command
    for kind in GERMAN:
        assert f"(docs/de/{kind}.md)" in section, kind


def test_the_docs_index_links_the_german_rules():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    for kind in GERMAN:
        assert f"(de/{kind}.md)" in index, kind


@pytest.mark.parametrize("path", [*GERMAN.values(), ROOT / "README.md", ROOT / "docs" / "README.md"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_the_docs_leads_to_a_file(path):
    text = path.read_text(encoding="utf-8")
    missing = [target for target in _LINK.findall(text)
               if "://" not in target and not (path.parent / target).exists()]
    assert missing == [], missing


@pytest.mark.parametrize("kind", GERMAN)
def test_each_german_page_points_at_its_english_reference(kind):
    assert f"]({kind}.md)" in GERMAN[kind].read_text(encoding="utf-8").replace("../", "")


def code_blocks(path: Path) -> list[str]:
    return re.findall(r"```\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def test_the_german_rotation_rules_show_the_english_boards():
    boards = [parse(block) for block in code_blocks(GERMAN["rotation"])]
    assert boards == [parse(block) for block in code_blocks(ROOT / "docs" / "rotation.md")]
    assert len(boards) == 2


def farthest(path: Path) -> list[tuple[str, ...]]:
    """The rows of a sliding page's table of the farthest positions: shape,
    positions, most moves, positions that far, the numbers without separators."""
    rows = re.findall(r"^\| (\d × \d(?:, \d × \d)?) \| ([\d.,]+) \| (\d+) \| (\d+) \|", path.read_text(encoding="utf-8"),
                      flags=re.M)
    return [tuple(re.sub(r"[.,]", "", cell) for cell in row) for row in rows]


def test_the_german_sliding_rules_give_the_same_farthest_positions():
    english = farthest(ROOT / "docs" / "sliding.md")
    assert len(english) == 7
    assert farthest(GERMAN["sliding"]) == english
