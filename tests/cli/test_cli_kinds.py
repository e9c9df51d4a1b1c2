"""The command line with several kinds: ``solve`` recognises a sliding-tile
board from its text, ``--kind`` chooses, and every kind prints one JSON
object with the fields the issue names."""

from __future__ import annotations

import io

import pytest
from cli_helpers import solve_json

from webapp.cli import main
from webapp.cli.solve import guess
from webapp.kinds import names
from webapp.rotation import EXAMPLE
from webapp.triangle.commandline import looks_like_triangle

EIGHT = "1 5 2\n7 0 3\n8 4 6\n"            # 8 moves (the rules' first example)
TWENTY_SEVEN = "3 7 8 5 4 6 2 0 1\n"       # 27 moves, written on one line
UNSOLVABLE = "2 1 3\n4 5 6\n7 8 0\n"       # one swap: odd permutation
TRIANGLE = "3\n4\n1 2 3\n-1 2 3\n1 -2 3\n1 2 -3\n"


def _replay(text: str, moves: list[int]) -> list[int]:
    """Slide the tiles by hand (independent of the engine): the final board."""
    rows = [[int(t) for t in line.replace(",", " ").split()] for line in text.splitlines() if line.strip()]
    if len(rows) == 1:
        side = int(len(rows[0]) ** 0.5)
        rows = [rows[0][i * side:(i + 1) * side] for i in range(side)]
    width = len(rows[0])
    cells = [t for row in rows for t in row]
    for tile in moves:
        hole, at = cells.index(0), cells.index(tile)
        assert abs(hole - at) == width or (abs(hole - at) == 1 and hole // width == at // width), tile
        cells[hole], cells[at] = tile, 0
    return cells


def test_the_registry_names_rotation_first_then_sliding():
    assert names()[:2] == ("rotation", "sliding")


@pytest.mark.parametrize("text, kind", [
    (EIGHT, "sliding"), (TWENTY_SEVEN, "sliding"), ("1,2\n3,0\n", "sliding"),
    (EXAMPLE, "rotation"), ("5\n#####\n#0  #\n#   #\n#    \n#####\n", "rotation"),
])
def test_the_kind_is_recognised_from_the_text(text, kind):
    assert guess(text).name == kind


def test_a_triangle_text_is_recognised_and_solved(puzzle, capsys):
    assert looks_like_triangle(TRIANGLE) and guess(TRIANGLE).name == "triangle"
    code, body = solve_json(capsys, puzzle(TRIANGLE))
    assert code == 0 and body["status"] in ("solved", "unsolvable")


@pytest.mark.parametrize("text, length", [(EIGHT, 8), (TWENTY_SEVEN, 27)])
def test_sliding_answers_as_json_without_kind(puzzle, capsys, text, length):
    code, body = solve_json(capsys, puzzle(text))
    assert code == 0
    assert body["status"] == "solved" and body["length"] == length == len(body["moves"])
    assert body["optimal"] is True and isinstance(body["nodes"], int)
    assert _replay(text, body["moves"]) == [1, 2, 3, 4, 5, 6, 7, 8, 0]


def test_kind_sliding_reads_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(EIGHT))
    code, body = solve_json(capsys, "-", "--kind", "sliding")
    assert code == 0 and body["length"] == 8


def test_an_unsolvable_board_is_answered_without_a_search(puzzle, capsys):
    code, body = solve_json(capsys, puzzle(UNSOLVABLE), "--kind", "sliding")
    assert code == 0
    assert body["status"] == "unsolvable" and body["moves"] == [] and body["nodes"] == 0


def test_human_output_gives_the_summary_and_the_moves(puzzle, capsys):
    assert main(["solve", puzzle(EIGHT), "--steps"]) == 0
    out = capsys.readouterr().out
    assert "8 moves" in out
    moves_line = next(line for line in out.splitlines() if line.startswith("moves:"))
    assert len(moves_line.split()) == 9
    assert out.rstrip().endswith("7 8 0")  # --steps ends on the goal


def test_a_bad_sliding_board_names_line_and_column(puzzle, capsys):
    assert main(["solve", puzzle("1 2 3\n4 x 6\n7 8 0\n"), "--kind", "sliding"]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "column 3" in err


def test_a_text_of_no_kind_gets_the_nearest_kinds_message_and_a_hint(puzzle, capsys):
    assert main(["solve", puzzle("1 2 3\n4 5\n")]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "--kind rotation" in err


def test_a_rotation_option_on_a_sliding_board_is_refused(puzzle, capsys):
    assert main(["solve", puzzle(EIGHT), "--goal", "all"]) == 2
    assert "--goal does not apply" in capsys.readouterr().err


def test_max_nodes_gives_a_labelled_answer_not_claimed_shortest(puzzle, capsys, sliding_databases):
    # a long way from the goal: next to a hardest 15-puzzle, off the solution the library keeps
    hard = "15 12 9 13\n0 11 10 14\n3 7 2 5\n4 8 6 1\n"
    code, body = solve_json(capsys, puzzle(hard), "--max-nodes", "1000")
    assert body["status"] in ("solved", "limit")
    if body["status"] == "solved":
        assert code == 0 and body["optimal"] is False
        assert body["length"] >= body["lower_bound"] >= 1
        assert _replay(hard, body["moves"]) == list(range(1, 16)) + [0]
    else:
        assert code == 3


def test_rotation_still_answers_as_before(puzzle, capsys):
    code, body = solve_json(capsys, puzzle(EXAMPLE))
    assert code == 0 and body["moves"] == "LL" and body["states"] >= 1


def test_a_big_sliding_board_without_limits_gets_a_bounded_search_then_a_fast_answer(
        puzzle, capsys, monkeypatch):
    import random

    from webapp.sliding import commandline as cli
    from webapp.sliding.generate import shuffle

    monkeypatch.setattr(cli, "SLIDING_BIG_SECONDS", 0.3)  # the default bound, shortened for the test
    text = shuffle(5, 5, random.Random(7)).text()
    code, body = solve_json(capsys, puzzle(text))
    assert code == 0 and body["status"] == "solved" and body["optimal"] is False
    assert body["limit"] == "seconds" and body["length"] >= body["lower_bound"]
    assert _replay(text, body["moves"]) == list(range(1, 25)) + [0]


HARD = "0 12 9 13\n15 11 10 14\n3 7 2 5\n4 8 6 1\n"


def _interrupt_at(solver, monkeypatch, phase):
    def interrupted(*args, progress=None, **kwargs):
        progress(1234, 40, phase)
        raise KeyboardInterrupt

    monkeypatch.setattr(solver, "solve", interrupted)


def test_stopped_by_ctrl_c_a_sliding_search_answers_as_a_time_limit(puzzle, capsys, monkeypatch):
    from webapp.sliding import solver

    _interrupt_at(solver, monkeypatch, "search")
    main(["solve", puzzle(HARD)])
    assert "stopped by Ctrl+C after 1,234 nodes, bound 40 moves" in capsys.readouterr().err
    code, body = solve_json(capsys, puzzle(HARD))
    assert code == 0 and body["status"] == "solved" and body["limit"] == "interrupted"
    assert body["optimal"] is False and body["method"] == "construct"
    assert body["nodes"] == 1234 and body["lower_bound"] >= 40
    assert _replay(HARD, body["moves"]) == list(range(1, 16)) + [0]


def test_stopped_by_ctrl_c_while_building_or_constructing_says_how_far_it_got(
        puzzle, capsys, monkeypatch):
    from webapp.sliding import solver

    _interrupt_at(solver, monkeypatch, "building")  # no search yet: nothing to answer with
    code, body = solve_json(capsys, puzzle(HARD))
    assert code == 3 and body["status"] == "limit" and body["limit"] == "interrupted"
    assert body["nodes"] == 1234

    def second_ctrl_c(*args):
        raise KeyboardInterrupt

    _interrupt_at(solver, monkeypatch, "search")
    monkeypatch.setattr(solver, "_construct", second_ctrl_c)
    code, body = solve_json(capsys, puzzle(HARD))
    assert code == 3 and (body["status"], body["moves"]) == ("limit", [])


def test_generate_sliding_prints_a_solvable_board_of_the_size(capsys):
    from webapp.sliding import parse

    assert main(["generate", "--kind", "sliding", "--size", "3x5", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    position = parse(out)
    assert (position.width, position.height) == (3, 5) and position.solvable()
    assert not position.is_goal() and err.startswith("seed 4: 3 x 5")


def test_generate_sliding_moves_from_the_goal_is_exact(puzzle, capsys):
    assert main(["generate", "--kind", "sliding", "--size", "3", "--moves", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    code, body = solve_json(capsys, puzzle(out))
    assert body["length"] == 20 and body["optimal"] is True


@pytest.mark.parametrize("argv, words", [
    (["--kind", "sliding", "--size", "9x2"], "out of range"),
    (["--kind", "sliding", "--size", "4x4", "--moves", "3"], "up to 9 cells"),
    (["--kind", "sliding", "--size", "3", "--moves", "40"], "0 to 31"),
])
def test_generate_sliding_refuses_what_it_cannot_make(capsys, argv, words):
    assert main(["generate", *argv]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["--kind", "sliding", "--size", "3", "--sticks", "2"], "--sticks does not apply"),
    (["--kind", "sliding", "--size", "3 by 3"], "is not WxH or N"),
    (["--size", "5"], "--sticks (for a rotation puzzle)"),
    (["--size", "5", "--sticks", "1", "--moves", "3"], "for rotation use --min-moves"),
])
def test_generate_options_of_the_other_kind_are_usage_errors(capsys, argv, words):
    with pytest.raises(SystemExit) as info:
        main(["generate", *argv])
    assert info.value.code == 2 and words in capsys.readouterr().err


def test_top_level_help_names_every_kind_and_how_to_choose(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "gravity rotation puzzles" in out and "sliding-tile puzzles" in out
    for name in names():
        assert f"\n  {name} " in out  # one line a kind
    assert "--kind KIND" in out and "generate --kind" in out


@pytest.mark.parametrize("text", [
    "1\n-4\n1 2 3\n",                       # a negative count: its root was complex (TypeError)
    "1\n" + "9" * 400 + "\n1 2 3\n",        # too big for a float (OverflowError)
    "1\n" + "9" * 5000 + "\n1 2 3\n",       # past int()'s 4,300 digits (ValueError)
    "1\n+0\n1 2 3\n", "1\n-0\n1 2 3\n",
    "1\n" + "0" * 5000 + "4\n1 2 3\n",  # a square count, but int() counts the zeros (the fuzzing's)
])
def test_a_triangle_count_that_is_no_count_is_bad_input_with_its_place(puzzle, capsys, text):
    """Issue 18, item 5: the kind guess crashed on these (exit 1, a
    traceback); without --kind the message is --kind triangle's, line and
    column included, and a hint to pass --kind."""
    path = puzzle(text)
    assert main(["solve", path, "--kind", "triangle"]) == 2
    named = capsys.readouterr().err
    assert "line 2, column 1" in named
    assert main(["solve", path]) == 2
    guessed = capsys.readouterr().err
    assert guessed.startswith(named.rstrip("\n")) and "--kind rotation" in guessed
    assert not looks_like_triangle(text)  # not a square count: the kinds' detect decides
