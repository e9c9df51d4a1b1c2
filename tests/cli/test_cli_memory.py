"""--max-memory: solve, generate and study bound the memory their searches
hold, by default three quarters of what the machine has free when the
command starts; at the bound they end with exit status 3 and the figures
they reached, as at any other limit (issue 29, finding 8)."""

from __future__ import annotations

import argparse
import json

import pytest

from webapp.cli import main
from webapp.cli import memory
from webapp.rotation import native

#: A board whose goal ``all`` is out of reach: 2,602 states to prove it
#: (16 bytes a state in C, 364 in the reference).
BUSY = "9\n" + "\n".join([
    "#########", "#       #", "#      ##", "#   1   #", "#  00   #",
    "#  # 222#", "#    #   ", "#3     ##", "#########",
]) + "\n"

MEMINFO = """\
MemTotal:       16318540 kB
MemFree:         1019948 kB
MemAvailable:    8000000 kB
Buffers:          123456 kB
"""

ENGINES = ["reference"] + (["c"] if native.available() else [])


@pytest.mark.parametrize("text, expected", [
    ("800M", 800 * 2**20), ("2G", 2 * 2**30), ("2g", 2 * 2**30), ("1.5G", 3 * 2**29),
    ("4096", 4096), ("64K", 65536), ("512KiB", 512 * 1024), ("3MB", 3 * 2**20), ("1T", 2**40),
    (" 10M ", 10 * 2**20), ("none", None), ("None", None),
])
def test_a_size_is_bytes_or_a_number_with_a_unit_or_none(text, expected):
    assert memory.size(text) == expected


@pytest.mark.parametrize("text, words", [
    ("", "is not a size"), ("lots", "is not a size"), ("12Q", "is not a size"),
    ("1.5", "a whole number of bytes"), ("0", "at least 1 byte"), ("0M", "at least 1 byte"),
    ("-5M", "is not a size"), ("nan", "is not a size"), ("9" * 40, "too big"),
    ("99999999T", "too big"),
])
def test_a_size_that_is_not_one_is_refused_in_words(text, words):
    with pytest.raises(argparse.ArgumentTypeError, match=words):
        memory.size(text)


def test_the_default_is_three_quarters_of_the_memory_available():
    assert memory.default_bound(MEMINFO) == 8000000 * 1024 * 3 // 4


@pytest.mark.parametrize("text", ["", "MemTotal: 100 kB\n", "MemAvailable: lots kB\n",
                                  "MemAvailable: 100 MB\n", "garbage"])
def test_no_default_where_the_memory_available_cannot_be_read(text):
    assert memory.default_bound(text) is None


def test_the_default_is_read_from_the_machine(tmp_path):
    path = tmp_path / "meminfo"
    path.write_text(MEMINFO)
    assert memory.machine_bound(str(path)) == 8000000 * 1024 * 3 // 4
    assert memory.machine_bound(str(tmp_path / "missing")) is None


def test_sizes_in_words():
    assert [memory.words(n) for n in (1, 1000, 2**20, 3 * 2**29, 800 * 2**20, 1000 * 2**20,
                                      6_000_000_000)] == [
        "1 byte", "1,000 bytes", "1 MiB", "1.5 GiB", "800 MiB", "1000 MiB", "5.59 GiB"]


@pytest.mark.parametrize("command", [["solve", "x.txt"], ["generate"], ["study"]])
def test_help_says_the_default_and_its_figure(command, capsys, monkeypatch):
    monkeypatch.setattr(memory, "machine_bound", lambda path=memory.MEMINFO: 3 * 2**30)
    with pytest.raises(SystemExit):
        main([command[0], "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--max-memory SIZE" in out
    assert "three quarters of the memory free when the command starts, here 3 GiB" in out


def test_help_says_no_bound_where_the_machine_does_not_tell(capsys, monkeypatch):
    monkeypatch.setattr(memory, "machine_bound", lambda path=memory.MEMINFO: None)
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "cannot be read here: no bound" in out


def test_the_default_reaches_the_search(tmp_path, capsys, monkeypatch):
    """With no --max-memory, the machine's figure bounds the search."""
    monkeypatch.setattr(memory, "machine_bound", lambda path=memory.MEMINFO: 2048)
    path = tmp_path / "busy.txt"
    path.write_text(BUSY)
    assert main(["solve", str(path), "--goal", "all", "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["limit"] == "memory"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_solve_past_its_memory_ends_with_exit_3_and_its_figures(engine, tmp_path, capsys):
    path = tmp_path / "busy.txt"
    path.write_text(BUSY)
    base = ["solve", str(path), "--goal", "all", "--engine", engine]
    assert main([*base, "--max-memory", "none"]) == 0
    assert capsys.readouterr().out.startswith("unsolvable: all 2,602 reachable positions")
    assert main([*base, "--max-memory", "8K"]) == 3
    out, err = capsys.readouterr()
    assert out.startswith("limit: the memory limit ended the search; no solution within ")
    assert "states)" in out
    assert "the memory limit: 8 KiB (--max-memory: a larger SIZE, or none for no bound)" in err
    assert main([*base, "--max-memory", "8K", "--json"]) == 3
    answer = json.loads(capsys.readouterr().out)
    assert answer["status"] == "limit" and answer["limit"] == "memory"
    assert 0 < answer["states"] <= 8 * 1024 // 16 and answer["depth"] > 0


def test_a_sliding_solve_takes_the_bound_too(tmp_path, capsys):
    path = tmp_path / "fifteen.txt"
    path.write_text("1 2 3\n4 5 6\n7 0 8\n")
    assert main(["solve", str(path), "--max-memory", "1K", "--json"]) == 3
    answer = json.loads(capsys.readouterr().out)
    assert answer["kind"] == "sliding" and answer["limit"] == "memory"
    assert main(["solve", str(path), "--max-memory", "none"]) == 0


def test_generate_past_its_memory_ends_with_exit_3(capsys):
    base = ["generate", "--size", "9", "--sticks", "3", "--seed", "4"]
    assert main(base) == 0
    capsys.readouterr()
    assert main([*base, "--max-memory", "1K"]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("limit: the memory limit (1 KiB) stopped the search of seed 4 after ")
    # with tries, the first board past the bound ends it (which board is kept must not
    # depend on the memory): seed 5's falls out at the first turn, with no search
    assert main(["generate", "--size", "9", "--sticks", "3", "--seed", "5", "--tries", "3",
                 "--max-memory", "1K"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("limit: the memory limit (1 KiB) stopped the search of seed 6 after ")
    assert main([*base, "--max-memory", "none", "--tries", "3"]) == 0


def test_a_study_past_its_memory_ends_with_exit_3_and_keeps_those_before(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    base = ["study", "--size", "6", "--gap", "0,1", "--max-sticks", "3", "--longest", "3",
            "--db", str(db)]
    # 16 KiB: 98 positions of 3 sticks, 100 of 2, 101 of 1
    assert main([*base, "--max-memory", "16K"]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    stopped = err.splitlines()[-1]
    assert stopped.startswith("limit: the memory limit (16 KiB) ended the study [")
    assert " 6x6 gap 0,1 " in stopped and ": more than " in stopped
    assert "the studies before it are kept" in stopped
    assert main([*base, "--max-memory", "none"]) == 0
    err = capsys.readouterr().err
    assert "kept from before" in err


def test_a_frame_climb_its_memory_cannot_hold_is_refused_before_it_starts(tmp_path, capsys):
    base = ["study", "--climb-frames", "1", "--size", "6", "--climb-positions", "1000",
            "--db", str(tmp_path / "c.sqlite")]
    assert main([*base, "--max-memory", "64K"]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("limit: the memory limit (64 KiB) holds a study of 341 positions, "
                          "fewer than --climb-positions 1,000")


def test_a_5x5_solve_does_not_build_databases_its_memory_cannot_hold(tmp_path, capsys,
                                                                     monkeypatch):
    """The 26 MB of a 5 x 5 board's pattern databases are not built past the
    bound (the solve goes on without them, as the solver does)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(cache))
    path = tmp_path / "five.txt"
    path.write_text("1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 0 23 24\n")
    assert main(["solve", str(path), "--max-nodes", "100000", "--max-memory", "2M"]) == 0
    assert capsys.readouterr().out.startswith("solved: 2 moves, shortest")
    assert not cache.exists() or not any(cache.rglob("*5x5*"))
