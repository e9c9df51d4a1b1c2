"""Progress and Ctrl+C on the command line (issue 8, item 22).

The command runs in a fresh interpreter with its standard error on a
pseudo-terminal, as in a real terminal, on benchmarks/giant-gap.txt: a
search of many millions of positions, stopped by a time limit or by SIGINT.
"""

from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from webapp.cli.progress import Progress

pty = pytest.importorskip("pty")

ROOT = Path(__file__).resolve().parents[2]
GIANT_GAP = str(ROOT / "benchmarks" / "giant-gap.txt")
PROGRESS = re.compile(r"\r\x1b\[K  ([\d,]+) positions · (\d+) moves? deep · ([\d,]+)/s · (\d+\.\d) s")


def run_on_terminal(*args: str, interrupt_after_progress: bool = False, timeout: float = 30,
                    progress: re.Pattern = PROGRESS):
    """Run the command with stderr on a pseudo-terminal: (exit code, stdout,
    terminal text); SIGINT once, when a ``progress`` line shows, if asked."""
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "webapp.cli", *args], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the other end closed: the process ended
                    chunk = b""
                if not chunk:
                    break
                seen += chunk
                if interrupt_after_progress and progress.search(seen.decode("utf-8", "replace")):
                    proc.send_signal(signal.SIGINT)
                    interrupt_after_progress = False
            elif proc.poll() is not None:
                break
        out, _ = proc.communicate(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return proc.returncode, out.decode(), seen.decode("utf-8", "replace")


def test_a_long_solve_shows_progress_on_the_terminal():
    code, out, shown = run_on_terminal("solve", GIANT_GAP, "--max-seconds", "2.5", "--json")
    assert code == 3
    answer = json.loads(out)  # the progress never mixes into the answer
    assert answer["status"] == "limit" and answer["limit"] == "time"
    lines = PROGRESS.findall(shown)
    assert len(lines) >= 2, shown  # updated in place, several times
    states = [int(s.replace(",", "")) for s, _, _, _ in lines]
    seconds = [float(t) for _, _, _, t in lines]
    assert states == sorted(states) and states[-1] > 0
    assert seconds == sorted(seconds) and seconds[0] >= 1.0  # none in the first second
    assert states[-1] <= answer["states"]
    assert shown.endswith("\r\x1b[K")  # the line is cleared at the end
    assert "\n" not in shown


def test_ctrl_c_stops_the_search_and_says_how_far_it_got():
    began = time.monotonic()
    code, out, shown = run_on_terminal("solve", GIANT_GAP, "--max-seconds", "60",
                                       interrupt_after_progress=True)
    assert time.monotonic() - began < 20  # stopped long before its own limit
    assert code == 3
    assert out == ""
    assert "Traceback" not in shown
    stopped = re.search(r"\r\x1b\[Kstopped by Ctrl\+C after ([\d,]+) positions, (\d+) moves? deep, "
                        r"(\d+\.\d) s\r?\n$", shown)
    assert stopped, shown
    last = PROGRESS.findall(shown)[-1]
    assert int(stopped[1].replace(",", "")) >= int(last[0].replace(",", "")) > 0
    assert float(stopped[3]) >= 1.0


def test_ctrl_c_with_json_still_prints_one_answer():
    code, out, shown = run_on_terminal("solve", GIANT_GAP, "--max-seconds", "60", "--json",
                                       interrupt_after_progress=True)
    assert code == 3 and "stopped by Ctrl+C after" in shown
    answer = json.loads(out)
    assert (answer["status"], answer["limit"]) == ("limit", "interrupted")
    assert answer["states"] > 0 and answer["moves"] == "" and answer["length"] is None
    assert answer["summary"].startswith("interrupted: no solution within")


def test_a_quick_solve_on_the_terminal_prints_no_progress():
    code, out, shown = run_on_terminal("solve", str(ROOT / "puzzles" / "spec-example.txt"))
    assert (code, shown) == (0, "") and out.endswith("\nmoves: L L\n")


def test_no_progress_without_a_terminal():
    done = subprocess.run([sys.executable, "-m", "webapp.cli", "solve", GIANT_GAP,
                           "--max-seconds", "1.5"], cwd=ROOT, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 3
    assert done.stderr == ""
    assert done.stdout.startswith("limit: the time limit ended the search")


def test_progress_figures_and_the_plain_separator():
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    progress = Progress(stream, show=False)
    progress(1_234_567, 1)
    assert re.fullmatch(r"1,234,567 positions \| 1 move deep \| [\d,]+/s \| \d+\.\d s",
                        progress.figures(rate=True))
    assert re.fullmatch(r"1,234,567 positions, 1 move deep, \d+\.\d s", progress.figures())
    progress.close()
    stream.flush()
    assert stream.buffer.getvalue() == b""  # not shown: nothing written


# ---------------------------------------------------------------- sliding: Ctrl+C answers

SLIDING_PROGRESS = re.compile(r"\r\x1b\[K  ([\d,]+) nodes · bound (\d+) moves? · [\d,]+/s · \d+\.\d s")


def shuffled_six_by_six(path: Path) -> tuple[int, ...]:
    """A 6 x 6 board far from its goal: no databases, and a shortest-path
    search that runs for hours (its own default limit is 10 s)."""
    import random

    from webapp.sliding.position import solvable

    tiles = list(range(36))
    random.Random(2026).shuffle(tiles)
    if not solvable(6, tiles):  # the other parity: swap two tiles
        a, b = [i for i, t in enumerate(tiles) if t][:2]
        tiles[a], tiles[b] = tiles[b], tiles[a]
    path.write_text("".join(" ".join(map(str, tiles[r * 6:r * 6 + 6])) + "\n" for r in range(6)))
    return tuple(tiles)


#: A sliding progress line of a search under way: on a busy machine the first
#: line may come before the search has reported a bound (bound 0).
SEARCHING = re.compile(r"\r\x1b\[K  ([\d,]+) nodes · bound ([1-9]\d*) moves? · [\d,]+/s · \d+\.\d s")


def interrupt_sliding_on_terminal(*args: str, timeout: float = 30):
    """The command with stderr on a pseudo-terminal, SIGINT once its sliding
    progress line shows a bound: (exit code, stdout, terminal text)."""
    code, out, shown = run_on_terminal(*args, interrupt_after_progress=True, timeout=timeout,
                                       progress=SEARCHING)
    assert SLIDING_PROGRESS.search(shown), shown  # it was interrupted in the search
    return code, out, shown


def replays_to_goal(tiles, moves, width: int) -> bool:
    board = list(tiles)
    for t in moves:
        hole, cell = board.index(0), board.index(t)
        if abs(hole // width - cell // width) + abs(hole % width - cell % width) != 1:
            return False
        board[hole], board[cell] = t, 0
    return board == list(range(1, len(board))) + [0]


def test_ctrl_c_in_a_sliding_search_answers_as_a_time_limit_does(tmp_path):
    path = tmp_path / "six.txt"
    tiles = shuffled_six_by_six(path)
    began = time.monotonic()
    code, out, shown = interrupt_sliding_on_terminal("solve", str(path), "--kind", "sliding",
                                                     "--max-seconds", "60", "--json")
    assert time.monotonic() - began < 20  # long before its own limit
    assert code == 0, shown
    assert "Traceback" not in shown
    stopped = re.search(r"stopped by Ctrl\+C after ([\d,]+) nodes, bound (\d+) moves?, \d+\.\d s: "
                        r"a fast solution instead\r?\n", shown)
    assert stopped, shown
    answer = json.loads(out)
    assert (answer["status"], answer["optimal"], answer["limit"], answer["method"]) == \
        ("solved", False, "interrupted", "construct")
    assert answer["lower_bound"] >= int(stopped[2]) > 0  # the bound searched: proven
    assert answer["length"] == len(answer["moves"]) > answer["lower_bound"]
    assert answer["nodes"] == int(stopped[1].replace(",", "")) > 0
    assert replays_to_goal(tiles, answer["moves"], 6)


def test_ctrl_c_in_a_sliding_search_prints_the_fast_solution(tmp_path):
    path = tmp_path / "six.txt"
    tiles = shuffled_six_by_six(path)
    code, out, shown = interrupt_sliding_on_terminal("solve", str(path), "--kind", "sliding",
                                                     "--max-seconds", "60")
    assert code == 0 and "a fast solution instead" in shown
    summary, moves = out.splitlines()
    assert re.fullmatch(r"solved: [\d,]+ moves, not proven shortest: at least \d+ moves needed, "
                        r"Ctrl\+C ended the search for a shortest one \([\d,]+ nodes\)", summary)
    assert replays_to_goal(tiles, [int(m) for m in moves.removeprefix("moves: ").split()], 6)
