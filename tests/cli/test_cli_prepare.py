"""``rotation-playground prepare``: what a kind's first solve would build
(the sliding 4 x 4 pattern databases), built ahead and said where it is
kept; and a solve that did build them says so, on a terminal."""

from __future__ import annotations

import re

import pytest

from webapp.cli import main
from webapp.sliding import commandline as sliding_line
from webapp.sliding import pdb

# 12 cells: no table, small pattern databases (built in well under a second)
THREE_BY_FOUR = "1 2 3 4\n5 6 7 8\n9 10 0 11\n"


def test_prepare_builds_the_databases_once_and_says_where(solver_cache, capsys, monkeypatch):
    # the 5 x 5 groups made small (the real ones take 20 s to build): the same path
    monkeypatch.setattr(pdb, "FIVE", ((22, 23, 24),))
    assert main(["prepare"]) == 0
    out = capsys.readouterr().out
    where = re.escape(str(solver_cache))
    assert re.fullmatch(rf"sliding: pattern databases for 4 x 4 \(11\.5 MB\) kept in {where}, "
                        rf"built (already|in [\d.]+ s)\n"
                        rf"sliding: pattern databases for 5 x 5 \(0\.0 MB\) kept in {where}, "
                        rf"built (already|in [\d.]+ s)\n", out), out
    assert all(pdb.cached(4, 4, p) for p in pdb.partition(4, 4))
    assert pdb.cached(5, 5, (22, 23, 24))
    assert main(["prepare", "--kind", "sliding"]) == 0
    assert capsys.readouterr().out.count(", built already\n") == 2


def test_prepare_names_the_kinds_with_nothing_to_build_only_when_asked(capsys):
    assert main(["prepare", "--kind", "rotation"]) == 0
    assert capsys.readouterr().out == "rotation: nothing to build\n"
    assert main(["prepare", "--kind", "nope"]) == 2
    err = capsys.readouterr().err
    assert "no kind 'nope'" in err and "sliding" in err


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    return tmp_path


def test_a_solve_that_built_the_databases_says_where_they_are_kept(empty_cache, monkeypatch, capsys):
    monkeypatch.setattr(sliding_line, "_on_terminal", lambda: True)
    path = empty_cache / "board.txt"
    path.write_text(THREE_BY_FOUR)
    assert main(["solve", str(path)]) == 0
    err = capsys.readouterr().err
    assert re.search(rf"pattern databases for 4 x 3 \([\d.]+ MB\) kept in {re.escape(str(empty_cache))}: "
                     "built once, the next solves start at once", err), err
    assert main(["solve", str(path)]) == 0  # found built: not a word
    assert "pattern databases" not in capsys.readouterr().err


def test_off_a_terminal_the_solve_says_nothing_of_them(empty_cache, monkeypatch, capsys):
    monkeypatch.setattr(sliding_line, "_on_terminal", lambda: False)
    path = empty_cache / "board.txt"
    path.write_text(THREE_BY_FOUR)
    assert main(["solve", str(path), "--json"]) == 0
    assert capsys.readouterr().err == ""
