"""``rotation-playground study``: a family's studies kept in SQLite as each
ends, a second run going on from there, the summary JSON, one study,
studies too big to finish, and mistakes refused with status 2."""

from __future__ import annotations

import json
import sqlite3

from webapp.cli import main


def _rows(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT size, gap, sticks, status, positions, hardest_turns "
                          "FROM studies ORDER BY gap, sticks").fetchall()


def test_a_family_is_kept_resumed_and_summed_up(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    assert main(["study", "--size", "5", "--max-sticks", "2", "--longest", "2",
                 "--db", str(db)]) == 0
    captured = capsys.readouterr()
    rows = _rows(db)
    # 2 gaps x (3 kinds + 6 pairs)
    assert len(rows) == 18 and all(r[3] == "done" for r in rows)
    assert {r[1] for r in rows} == {"0,1", "0,2"}
    assert "[18/18] 5x5 gap 0,2 2v,2v:" in captured.err
    summary = json.loads((tmp_path / "s.json").read_text())
    five = summary["sizes"]["5x5"]
    assert five["studies"] == 18 and five["positions"] == sum(r[4] for r in rows)
    assert five["hardest_turns"] == max(r[5] or 0 for r in rows)
    assert sum(five["histogram"].values()) + five["unsolvable"] == five["positions"]
    assert f"5x5: hardest {five['hardest_turns']} turns" in captured.out
    # run again with one more stick: the 18 are kept, only the new ones run
    assert main(["study", "--size", "5", "--max-sticks", "3", "--longest", "2",
                 "--db", str(db)]) == 0
    err = capsys.readouterr().err
    assert err.count("kept from before") == 18
    assert len(_rows(db)) == 18 + 2 * 10


def _all_rows(path):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT frame, size, gap, sticks, status, positions, unsolvable, "
                          "hardest_turns, hardest_count, histogram, hardest, max_positions "
                          "FROM studies ORDER BY rowid").fetchall()


def test_jobs_run_a_family_in_processes_with_the_same_rows_lines_and_summary(tmp_path, capsys):
    """--jobs 2: the same rows in the same order, the same lines, the same
    summary as one study after another, a study too big included."""
    runs = {}
    for jobs in ("1", "2"):
        db = tmp_path / f"j{jobs}.sqlite"
        assert main(["study", "--size", "6", "--max-sticks", "3", "--longest", "3",
                     "--max-positions", "400", "--db", str(db), "--jobs", jobs]) == 0
        err = capsys.readouterr().err
        summary = json.loads((tmp_path / f"j{jobs}.json").read_text())
        for figures in summary["sizes"].values():
            figures.pop("seconds")
        lines = [line.split(" (")[0] for line in err.splitlines()]  # without the seconds
        runs[jobs] = (_all_rows(db), lines, summary)
    rows, lines, summary = runs["1"]
    assert any(row[4] == "too-big" for row in rows) and len(rows) > 100
    assert runs["2"] == runs["1"]


def test_one_study_and_its_summary_elsewhere(tmp_path, capsys):
    db, out = tmp_path / "one.sqlite", tmp_path / "out.json"
    assert main(["study", "--size", "5", "--gap", "0,2", "--sticks", "1,1,2h,2h", "--db", str(db),
                 "--summary", str(out), "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert _rows(db) == [("5x5", "0,2", "1,1,2h,2h", "done", 144, 10)]
    board = json.loads(out.read_text())["sizes"]["5x5"]["board"]
    assert board.startswith("5\n") and board.count("2") == 2


def test_a_frame_file_with_inner_walls(tmp_path, capsys):
    frame = tmp_path / "frame.txt"
    frame.write_text("6\n######\n#    #\n#  # #\n#    #\n#    #\n## ###\n")
    db = tmp_path / "f.sqlite"
    assert main(["study", "--frame", str(frame), "--sticks", "1,2v", "--db", str(db)]) == 0
    (row,) = _rows(db)
    assert row[:4] == ("6x6", "", "1,2v", "done")


def test_a_study_too_big_is_recorded_and_not_run_again_with_the_same_bound(tmp_path, capsys):
    db = tmp_path / "big.sqlite"
    args = ["study", "--size", "6", "--gap", "0,2", "--sticks", "1,1,2h", "--db", str(db),
            "--max-positions", "10"]
    assert main(args) == 0
    assert "too big, more than 10 positions" in capsys.readouterr().err
    assert _rows(db)[0][3:5] == ("too-big", 11)
    summary = json.loads((tmp_path / "big.json").read_text())
    assert summary["unfinished"] == [{"size": "6x6", "gap": "0,2", "sticks": "1,1,2h",
                                      "positions": 11, "max_positions": 10}]
    assert main(args) == 0
    assert "kept from before" in capsys.readouterr().err
    assert main(args[:-1] + ["0"]) == 0  # no bound: now it finishes
    assert _rows(db)[0][3] == "done"


def test_mistakes_exit_with_2(tmp_path, capsys):
    db = str(tmp_path / "x.sqlite")
    for args in (["--sticks", "2x"], ["--size", "2"], ["--size", "5y"], ["--gap", "a"], ["--gap", "2,2"], ["--gap", "0,9"],
                 ["--frame", str(tmp_path / "missing.txt")]):
        assert main(["study", "--db", db, *args]) == 2, args
        assert capsys.readouterr().err.startswith("error: ")
    with_sticks = tmp_path / "sticks.txt"
    with_sticks.write_text("5\n#####\n#0  #\n#   #\n#   #\n## ##\n")
    assert main(["study", "--db", db, "--frame", str(with_sticks), "--sticks", "1"]) == 2


def test_a_climb_prints_its_board_and_proven_turns_and_the_seed_rebuilds_it(tmp_path, capsys):
    from webapp.rotation.board import Board
    from webapp.rotation.search import solve

    args = ["study", "--climb", "40", "--size", "6", "--climb-sticks", "2", "--inner-walls", "3",
            "--seed", "4", "--db", str(tmp_path / "unused.sqlite")]
    assert main(args) == 0
    first = capsys.readouterr()
    text, _, line = first.out.rpartition("seed 4: ")
    turns = int(line.split()[0])
    answer = solve(Board.from_text(text))
    assert answer.status == "solved" and len(answer.moves) == turns
    assert "turns" in first.err or turns == 0  # each improvement said on standard error
    assert main(args) == 0
    assert capsys.readouterr().out == first.out
    assert main(["study", "--climb", "5", "--size", "6x7"]) == 2
    capsys.readouterr()
    assert main(["study", "--climb", "5", "--size", "10", "--climb-sticks", "5",
                 "--inner-walls", "16", "--seed", "2"]) == 3
    assert "has a solution: take another seed" in capsys.readouterr().err
