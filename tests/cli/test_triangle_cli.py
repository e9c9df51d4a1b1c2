"""The command line with the triangle kind (issue 11, item 4):
``solve FILE --kind triangle --json [--all]`` and its plain text, the kind
recognised without ``--kind``, exit statuses, and ``generate --kind
triangle``. Every solution printed is checked on its own."""

from __future__ import annotations

import io

import pytest
from cli_helpers import solve_json
from triangle_reference import FIGURES, brute, check, text_of
from triangle_reference import NUMBERED as EXAMPLES

from webapp.cli import main
from webapp.cli.solve import guess
from webapp.triangle import native, solver
from webapp.triangle.textformat import parse


@pytest.mark.parametrize("number", sorted(EXAMPLES))
def test_json_gives_status_counts_and_checked_solutions(puzzle, capsys, number):
    pieces = EXAMPLES[number]
    code, body = solve_json(capsys, puzzle(text_of(FIGURES[number], pieces)), "--kind", "triangle")
    count, distinct, listed = brute(pieces)
    assert code == 0 and body["status"] == "solved"
    assert (body["count"], body["distinct"]) == (count, distinct)
    assert body["solutions"] == listed[:10]
    for solution in body["solutions"]:
        check(pieces, solution)
        assert all(set(slot) == {"piece", "edges"} for slot in solution)
    assert {"seconds", "engine", "nodes"} <= body.keys()


def test_all_lists_every_solution(puzzle, capsys):
    pieces = EXAMPLES[0]
    code, body = solve_json(capsys, puzzle(text_of(3, pieces)), "--kind", "triangle", "--all")
    assert code == 0 and len(body["solutions"]) == body["count"] == 84 > 10
    assert body["solutions"] == brute(pieces)[2]


def test_the_kind_is_recognised_without_kind(puzzle, capsys):
    text = text_of(10, EXAMPLES[3])
    assert guess(text).name == "triangle"
    code, body = solve_json(capsys, puzzle(text))
    assert code == 0 and body["status"] == "solved" and body["distinct"] == 1


def test_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(text_of(10, EXAMPLES[3])))
    code, body = solve_json(capsys, "-", "--kind", "triangle")
    assert code == 0 and body["count"] == 3


def test_an_unsolvable_set_exits_0_with_status_unsolvable(puzzle, capsys):
    code, body = solve_json(capsys, puzzle(text_of(1, ((1, 1, 1),) * 4)))
    assert code == 0 and body["status"] == "unsolvable" and body["count"] == 0
    assert body["solutions"] == []


def test_a_limit_exits_3_with_the_counts_so_far(puzzle, capsys):
    pieces = ((1, -1, 0), (0, 1, -1), (-1, 0, 1), (0, 0, 0)) * 9  # 36 pieces: many placements
    code, body = solve_json(capsys, puzzle(text_of(1, pieces)), "--max-nodes", "50")
    assert code == 3 and body["status"] == "limit"
    assert isinstance(body["count"], int) and body["nodes"] >= 1


def test_plain_text_is_readable(puzzle, capsys):
    assert main(["solve", puzzle(text_of(10, EXAMPLES[3]))]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("solved: 3 placements, 1 distinct picture")
    assert "solution 1:" in out and "solution 3:" in out
    first = brute(EXAMPLES[3])[2][0]
    row3 = next(line for line in lines if line.strip().startswith("row 3:"))
    assert len(row3.split()) == 2 + 5
    top = first[0]
    assert f"{top['piece']}:{','.join(map(str, top['edges']))}" in next(
        line for line in lines if line.strip().startswith("row 1:"))


def test_plain_text_says_when_only_some_are_listed(puzzle, capsys):
    assert main(["solve", puzzle(text_of(0, ((0, 0, 0),) * 4))]) == 0
    out = capsys.readouterr().out
    assert "(10 of 24 placements listed; --all lists every one)" in out


def test_a_bad_file_names_line_and_column(puzzle, capsys):
    assert main(["solve", puzzle("3\n4\n1 2 3\n1 2 x\n1 2 3\n1 2 3\n"), "--kind", "triangle"]) == 2
    err = capsys.readouterr().err
    assert "line 4" in err and "column" in err


def test_a_malformed_triangle_without_kind_gets_the_triangle_message(puzzle, capsys):
    assert main(["solve", puzzle("3\n4\n1 2 3\n1 2 3\n1 2 3\n")]) == 2
    err = capsys.readouterr().err
    assert "line" in err and "--kind rotation or --kind sliding" in err


@pytest.mark.parametrize("argv, words", [
    (["--goal", "all"], "--goal does not apply to a triangle puzzle"),
    (["--steps"], "--steps does not apply to a triangle puzzle"),
    (["--engine", "reference"], "--engine does not apply"),
])
def test_options_of_other_kinds_are_refused(puzzle, capsys, argv, words):
    assert main(["solve", puzzle(text_of(10, EXAMPLES[3])), *argv]) == 2
    assert words in capsys.readouterr().err


def test_all_is_refused_for_other_kinds(puzzle, capsys):
    assert main(["solve", puzzle("1 5 2\n7 0 3\n8 4 6\n"), "--all"]) == 2
    assert "--all does not apply to a sliding puzzle" in capsys.readouterr().err


# ------------------------------------------------------------------ generate
def test_generate_unique_prints_a_puzzle_with_one_picture(capsys):
    assert main(["generate", "--kind", "triangle", "--size", "4", "--figures", "8",
                 "--unique", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    p = parse(out)
    assert p.n == 4 and p.figures == 8
    answer = solver.solve(p)
    assert answer.complete and answer.distinct == 1
    assert err.startswith("seed 3: 4 x 4, 8 figure kinds, one solution up to turning")


def test_generate_without_unique_is_solvable_and_seeded(capsys):
    argv = ["generate", "--kind", "triangle", "--size", "6", "--figures", "2", "--seed", "8"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    p = parse(first)
    assert p.n == 6 and solver.solve(p, first=1, stop_after=1).count >= 1


def test_generate_unique_not_made_exits_3_with_a_message(capsys, monkeypatch):
    from webapp.triangle import generate

    monkeypatch.setattr(generate, "UNIQUE_NODES", 20)
    assert main(["generate", "--kind", "triangle", "--size", "4", "--figures", "8",
                 "--unique", "--tries", "1", "--seed", "3"]) == 3
    assert "no puzzle of side 4 with 8 figure kinds was made unique within 20 search nodes (1 try)" \
        in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["--size", "7", "--figures", "5", "--unique"], "up to side 6"),
    # the command (item 10): too few figure kinds for a unique 4 x 4, said at once
    (["--size", "4", "--figures", "5", "--unique"], "side 4 needs at least 8 figure kinds, not 5"),
])
def test_generate_refuses_what_it_cannot_make(capsys, argv, words):
    assert main(["generate", "--kind", "triangle", *argv]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["--kind", "triangle", "--size", "4"], "--figures (for a triangle puzzle)"),
    (["--kind", "triangle", "--size", "9", "--figures", "2"], "out of range: 1 to 8"),
    (["--kind", "triangle", "--size", "3", "--figures", "2", "--sticks", "2"], "--sticks does not apply"),
    (["--kind", "triangle", "--size", "3", "--figures", "2", "--tries", "5"], "--tries is for --unique"),
    (["--kind", "sliding", "--size", "3", "--figures", "2"], "--figures is for a triangle puzzle"),
    (["--size", "5", "--sticks", "1", "--unique"], "--unique is for a triangle puzzle"),
])
def test_generate_options_of_the_other_kinds_are_usage_errors(capsys, argv, words):
    with pytest.raises(SystemExit) as info:
        main(["generate", *argv])
    assert info.value.code == 2 and words in capsys.readouterr().err


@pytest.mark.parametrize("seed", range(3))
def test_the_readmes_unique_command_makes_one_every_time(capsys, seed):
    assert main(["generate", "--kind", "triangle", "--size", "4", "--figures", "8",
                 "--unique", "--seed", str(seed)]) == 0
    answer = solver.solve(parse(capsys.readouterr().out))
    assert answer.complete and answer.distinct == 1


# ------------------------------------------------------------------ Ctrl+C
_RUN_CLI = ("import sys\n"
            "from webapp.cli import main\n"
            "print('ready', file=sys.stderr, flush=True)\n"
            "sys.exit(main(sys.argv[1:]))\n")


def test_ctrl_c_answers_limit_with_the_counts_so_far(tmp_path):
    import json
    import random
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from webapp.triangle.generate import random_puzzle
    from webapp.triangle.textformat import write

    # 64 pieces of one figure kind: pictures come at once, the search never ends
    path = tmp_path / "big.txt"
    path.write_text(write(random_puzzle(8, 1, random.Random(1))))
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, "-c", _RUN_CLI, "solve", str(path), "--kind", "triangle", "--json", "--all"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a shell's background job may have SIGINT ignored: the child must not inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert process.stderr.readline().strip() == "ready"  # Python's own Ctrl+C handler is in
        time.sleep(1.5)
        assert process.poll() is None, "the search ended by itself"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 3, err
    body = json.loads(out)
    assert body["status"] == "limit" and body["limit"] == "interrupted"
    assert body["complete"] is False and body["solutions"] == []
    # the counts so far: pictures were found, each standing for its placements
    assert isinstance(body["count"], int) and isinstance(body["distinct"], int)
    assert body["distinct"] >= 1 and body["count"] >= body["distinct"]
    assert body["count_text"] == str(body["count"]) and body["nodes"] > 0
    assert "Traceback" not in err


def test_a_limit_in_plain_text_does_not_send_you_to_all(puzzle, capsys):
    pieces = ((1, -1, 0), (0, 1, -1), (-1, 0, 1), (0, 0, 0)) * 9
    assert main(["solve", puzzle(text_of(1, pieces)), "--max-nodes", "50"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("limit: the node limit ended the search; so far") and "--all" not in out


@pytest.mark.parametrize("bad, where", [
    ("2\n4\n1 2 3\n1 2 x\n3 3 3\n1 1 1\n", "line 4, column 5"),
    ("2\n4\n1 2 3\n1 2 3\n3 3.5 3\n1 1 1\n", "line 5, column 3"),
])
def test_a_triangle_text_with_a_typo_gets_the_triangles_message(puzzle, capsys, bad, where):
    """Without --kind, a text shaped like a triangle puzzle (a count, a square
    piece count, lines of three) with one bad number is read as a triangle
    puzzle: the message names the place in the triangle's words, not the
    sliding puzzle's."""
    assert guess(bad).name == "triangle"
    assert main(["solve", puzzle(bad)]) == 2
    err = capsys.readouterr().err
    assert where in err and "read as a triangle puzzle" in err and "hole" not in err


def _stopped(puzzle, capsys, nodes: int = 4000):
    """A puzzle with many solutions (261 pictures, 16,506 nodes to count),
    its file, and its count stopped after ``nodes``."""
    pieces = ((1, -1, 0), (0, 1, -1), (-1, 0, 1), (0, 0, 0)) * 9
    path = puzzle(text_of(1, pieces))
    code, body = solve_json(capsys, path, "--max-nodes", str(nodes))
    assert code == 3 and body["status"] == "limit" and body["resume"]
    return path, body


def test_resume_goes_on_where_a_limit_stopped_and_ends_as_one_search(puzzle, capsys):
    path, stopped = _stopped(puzzle, capsys)
    code, whole = solve_json(capsys, path)
    assert code == 0 and whole["status"] == "solved"
    code, body = solve_json(capsys, path, "--resume", stopped["resume"], "--max-nodes", "10000000")
    assert code == 0 and body["status"] == "solved"
    assert (body["count"], body["distinct"]) == (whole["count"], whole["distinct"])
    assert body["solutions"] == whole["solutions"]
    assert body["nodes"] > stopped["nodes"]  # counted on from where it was, not again from 0


def test_resume_in_steps_and_from_a_file(puzzle, capsys, tmp_path):
    path, stopped = _stopped(puzzle, capsys, nodes=3000)
    code, whole = solve_json(capsys, path)
    token, steps = stopped["resume"], 1
    while True:
        (tmp_path / "token").write_text(token + "\n")
        code, body = solve_json(capsys, path, "--resume", f"@{tmp_path / 'token'}", "--max-nodes", "3000")
        steps += 1
        if code == 0:
            break
        assert code == 3 and body["resume"] != token
        token = body["resume"]
    assert steps > 2 and body["count"] == whole["count"] and body["solutions"] == whole["solutions"]


def test_plain_text_at_a_limit_says_how_to_go_on(puzzle, capsys):
    path, stopped = _stopped(puzzle, capsys)
    assert main(["solve", path, "--max-nodes", "4000"]) == 3
    out = capsys.readouterr().out
    assert f"to go on where this stopped: --resume {stopped['resume']}" in out


@pytest.mark.parametrize("given, words", [
    ("garbage", "--resume: \"resume\" is not a token"),
    ("@/nonexistent/token", "--resume: cannot read '/nonexistent/token'"),
])
def test_a_bad_resume_is_a_clear_error_not_a_new_search(puzzle, capsys, given, words):
    path, _ = _stopped(puzzle, capsys)
    assert main(["solve", path, "--resume", given]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_resume_of_another_board_or_with_all_is_refused(puzzle, capsys):
    path, stopped = _stopped(puzzle, capsys)
    other = puzzle(text_of(10, EXAMPLES[3]))
    assert main(["solve", other, "--resume", stopped["resume"]]) == 2
    assert "not a token" in capsys.readouterr().err
    assert main(["solve", path, "--resume", stopped["resume"], "--all"]) == 2
    assert "not with --all" in capsys.readouterr().err


NEEDS_C = pytest.mark.skipif(not native.available(), reason="the C engine rates past a million")


@pytest.mark.parametrize("size, figures, seed, work, level", [
    (4, 8, 3, 400_253, "harder than medium"),  # a 4 x 4 past medium's nodes: no level
    pytest.param(6, 16, 0, 7_411_913, "harder than expert", marks=NEEDS_C),
    pytest.param(6, 16, 3, 20_332_716, "harder than expert", marks=NEEDS_C)])
def test_generate_unique_up_to_side_6_rates_the_puzzle(capsys, size, figures, seed, work, level):
    """A 6 x 6 is rated by its exact plain nodes (the C count; it passed
    the Python search's bound of a million, so every 6 x 6 once read "over
    1,000,000")."""
    from webapp.triangle import levels

    assert main(["generate", "--kind", "triangle", "--size", str(size), "--figures", str(figures),
                 "--unique", "--seed", str(seed)]) == 0
    out, err = capsys.readouterr()
    p = parse(out)
    assert p.n == size and p.figures == figures
    answer = solver.solve(p)
    assert answer.complete and answer.distinct == 1
    assert err.startswith(f"seed {seed}: {size} x {size}, {figures} figure kinds, one solution up to turning; ")
    assert levels.nodes(p, max_nodes=10 ** 9) == work
    assert f"a plain backtracking search needs {work:,} nodes ({level})" in err


def test_generate_unique_says_when_the_rating_passes_its_bound(capsys, monkeypatch):
    from webapp.triangle import commandline

    monkeypatch.setattr(commandline, "RATING_MAX_NODES", 1000)
    assert main(["generate", "--kind", "triangle", "--size", "6", "--figures", "16", "--unique",
                 "--seed", "0"]) == 0
    assert "a plain backtracking search needs over 1,000 nodes (harder than expert)" in \
        capsys.readouterr().err
