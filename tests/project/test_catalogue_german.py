"""The gallery's words in German (issue 32): every entry of every puzzle
catalogue (puzzles/catalogue.json and each kind's folder's) carries its
title and notes in German beside the English, under "de"
(docs/translating.md says why there and not in the .po), and a
translation keeps the English title's numbers, so that a changed move
count cannot leave the German saying the old one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "puzzles").glob("**/catalogue.json"))
_NUMBER = re.compile(r"\d(?:[\d.,]*\d)?")


def numbers(text: str) -> set[str]:
    """The numbers of ``text``, written without separators: 11,849 and 11.849 alike."""
    return {re.sub(r"[.,]", "", n) for n in _NUMBER.findall(text)}


def entries():
    for path in CATALOGUES:
        for item in json.loads(path.read_text(encoding="utf-8")):
            yield pytest.param(item, id=f"{path.parent.name}/{item['file']}")


def test_there_are_catalogues():
    assert len(CATALOGUES) >= 3, CATALOGUES


@pytest.mark.parametrize("item", list(entries()))
def test_every_entry_has_its_german_title_and_notes(item):
    german = item.get("de")
    assert isinstance(german, dict), "no German: add \"de\": {\"title\": ..., \"notes\": ...}"
    assert set(german) <= {"title", "notes"}, german
    assert german.get("title", "").strip(), "no German title"
    if item.get("notes"):
        assert german.get("notes", "").strip(), "no German notes"
    assert numbers(item["title"]) <= numbers(german["title"]), (item["title"], german["title"])
    # and says no number of its own the English does not
    assert numbers(german["title"]) <= numbers(item["title"] + " " + item.get("notes", "")), german["title"]


def test_the_numbers_check_reads_both_ways_of_writing_them():
    assert numbers("11,849 positions in 1.4 s") == numbers("11.849 Stellungen in 1,4 s") == {"11849", "14"}
    assert numbers("Korf #55: 41 moves") == {"55", "41"}
