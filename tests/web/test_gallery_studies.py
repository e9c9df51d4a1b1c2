"""The gallery's studies (issue 22): each proven record of
puzzles/records.json shown with its histogram of turns as a bar chart, the
hardest bar marked, and a link to play the proven hardest puzzle."""

from __future__ import annotations

import json
import re
import shutil

from paths import ROOT

from webapp.histogram import BAR, HARDEST, chart
from webapp.rotation import parse

RECORDS = json.loads((ROOT / "puzzles" / "records.json").read_text())
PROVEN = [r for r in RECORDS if r["proven"]]


def studies_of(html: str) -> list[str]:
    return re.findall(r'<li class="study".*?</li>', html, flags=re.S)


def test_every_proven_record_has_its_study_on_the_gallery(client):
    html = client.get("/puzzles").get_data(as_text=True)
    shown = studies_of(html)
    assert len(shown) == len(PROVEN) >= 2
    for record, study in zip(PROVEN, shown):
        assert f'data-turns="{record["turns"]}"' in study
        assert f'at most {record["turns"]} turns' in study
        bars = re.findall(r'<rect [^>]*fill="(#[0-9a-f]+)"><title>(\d+) turns?: ([\d,]+) position', study)
        wanted = {int(t): n for t, n in record["histogram"].items() if n}
        assert {int(t): int(n.replace(",", "")) for _, t, n in bars} == wanted
        assert [fill for fill, t, _ in bars if int(t) == record["turns"]] == [HARDEST]
        assert all(fill == BAR for fill, t, _ in bars if int(t) != record["turns"])
        assert f'{record["unsolvable"]:,} have no solution' in study


def test_the_play_link_opens_the_proven_hardest_puzzle(client):
    html = client.get("/puzzles").get_data(as_text=True)
    for record, study in zip(PROVEN, studies_of(html)):
        name = re.search(r'data-puzzle="([^"]+)"', study).group(1)
        page = client.get(f"/puzzles/{name}")
        assert page.status_code == 200
        board = parse(record["board"]).text()
        assert (ROOT / "puzzles" / f"{name}.txt").read_text() == board


def test_the_studies_are_rotations_only_and_need_records(client, make_app, tmp_path):
    assert "study-chart" not in client.get("/puzzles?kind=sliding").get_data(as_text=True)
    assert "study-chart" in client.get("/puzzles?kind=rotation").get_data(as_text=True)
    library = tmp_path / "library"
    shutil.copytree(ROOT / "puzzles", library)
    (library / "records.json").unlink()
    other = make_app(PUZZLES_DIR=str(library)).test_client()
    page = other.get("/puzzles")
    assert page.status_code == 200 and "study-chart" not in page.get_data(as_text=True)


def test_bars_grow_with_their_counts_and_the_words_say_them():
    svg = chart({"3": 5, "1": 500, "2": 50, "4": 0}, unsolvable=7)
    heights = [float(h) for h in re.findall(r'height="([\d.]+)" fill', svg)]
    assert len(heights) == 3 and heights[0] > heights[1] > heights[2] > 0
    assert 'aria-label="555 solvable positions: 500 need 1 turn, 50 need 2, 5 need 3; 7 have no solution"' in svg
    assert chart({}) == "" and chart({"1": 0}) == ""
    one = chart({"9": 1})
    assert one.count("<rect") == 1 and f'fill="{HARDEST}"' in one


def test_the_studies_speak_the_galleries_language(client):
    """A German gallery's charts name their bars and say their counts in
    German, numbers as German writes them (3.716); an English one as ever."""
    study = studies_of(client.get("/puzzles?lang=de").get_data(as_text=True))[0]
    record = PROVEN[0]
    label = re.search(r'<svg class="study-chart"[^>]*aria-label="([^"]+)"', study).group(1)
    total = sum(record["histogram"].values())
    assert label.startswith(f"{total:,} lösbare Stellungen: ".replace(",", ".")), label
    assert re.search(r"\d+ brauchen 1 Drehung, ", label), label
    assert label.endswith(f'; {record["unsolvable"]:,} sind unlösbar'.replace(",", ".")), label
    assert re.search(r"<title>1 Drehung: [\d.]+ Stellungen?</title>", study), study[:400]
    assert "have no solution" not in study and " need " not in study
    assert "multiset" not in study  # the family's words: test_language_gallery.py
    english = studies_of(client.get("/puzzles?lang=en").get_data(as_text=True))[0]
    assert f'{record["unsolvable"]:,} have no solution' in english
