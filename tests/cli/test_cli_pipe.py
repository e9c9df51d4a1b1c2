"""A reader that stops early, as ``| head -c 300`` does, ends the command
quietly (issue 9, item 10): no BrokenPipeError traceback, exit status 141,
what a shell reports for ``seq 1 1000000 | head -1`` under ``pipefail``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".venv" / "bin" / "rotation-playground"
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "webapp.cli"]
EXAMPLE = ROOT / "puzzles" / "spec-example.txt"
#: --steps on it prints about 72 kB: more than a pipe holds (64 kB on Linux), so the
#: command is still writing when the reader goes away
LONG = ROOT / "puzzles" / "marathon.txt"


def test_json_to_a_reader_that_has_gone_ends_quietly():
    # the reader closes before the command writes a byte: the puzzle comes on standard
    # input only afterwards, so the order does not depend on timing
    proc = subprocess.Popen([*COMMAND, "solve", "-", "--json"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    try:
        _, err = proc.communicate(EXAMPLE.read_bytes(), timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=20)
    assert err.decode() == ""
    assert proc.returncode == 141


def test_steps_through_head_c_300_end_quietly():
    done = subprocess.run(
        ["bash", "-c", 'set -o pipefail; "$@" | head -c 300; s=${PIPESTATUS[0]}; echo; echo "status $s"',
         "pipeline", *COMMAND, "solve", str(LONG), "--steps"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stderr == ""
    shown, _, status = done.stdout.rpartition("\n")[0].rpartition("\n")
    assert status == "status 141"
    whole = subprocess.run([*COMMAND, "solve", str(LONG), "--steps"], cwd=ROOT,
                           capture_output=True, text=True, timeout=120).stdout
    assert shown == whole[:300]


def test_the_whole_answer_still_reaches_a_reader_that_reads_it():
    done = subprocess.run([*COMMAND, "solve", str(LONG), "--steps"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert len(done.stdout) > 64 * 1024  # the pipeline test above needs this much


@pytest.mark.parametrize("unbuffered", [False, True])
@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["--version"],
                                  ["solve", str(EXAMPLE), "--steps"],
                                  ["generate", "--size", "9", "--sticks", "3", "--seed", "1"]])
def test_any_output_to_a_pipe_nobody_reads_ends_quietly(args, unbuffered):
    # a pipe whose reading end is closed before the command starts: every write fails
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([*COMMAND, *args], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    if args[0] == "generate":  # its seed line goes to standard error, if it gets that far
        assert done.stderr == "" or (done.stderr.startswith("seed 1: ")
                                     and len(done.stderr.splitlines()) == 1), done.stderr
    else:
        assert done.stderr == ""
    if unbuffered and ("--help" in args or "--version" in args):
        # argparse itself ignores a failed write of its text when nothing is buffered
        assert done.returncode in (0, 141)
    else:
        assert done.returncode == 141
