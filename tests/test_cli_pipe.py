"""A reader that stops early, as ``| head -c 300`` does, ends the command
quietly (issue 9, item 10): no BrokenPipeError traceback, exit status 141,
what a shell reports for ``seq 1 1000000 | head -1`` under ``pipefail``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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
