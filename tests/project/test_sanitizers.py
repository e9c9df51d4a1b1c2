"""The C engines' differential tests (C against the Python reference) and
the argument checks, run once more on extensions built with AddressSanitizer
and UndefinedBehaviorSanitizer: a read past an array or an overflow that
happens not to crash in the normal build fails here.

The three extensions are built with the sanitizers into a copy of the
checkout (so that ``import webapp._rotation`` finds them there, not the
normal ones beside the checkout's package), and pytest runs the fast
differential tests in that copy, in a child process with the sanitizers'
runtime preloaded (Python itself is not built with it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FLAGS = "-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
#: The fast part of each engine's differential tests, and the bad arguments.
TESTS = ["tests/rotation/test_rotation_native.py", "tests/sliding/test_sliding_native.py",
         "tests/triangle/test_triangle_native.py", "tests/project/test_native_arguments.py"]


def runtime() -> str:
    """The AddressSanitizer runtime to preload, or "" where gcc has none."""
    try:
        found = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return found if os.path.isabs(found) and os.path.exists(found) else ""


def sanitized_checkout(tmp: Path) -> Path:
    """A copy of the checkout whose package holds the extensions built with
    the sanitizers."""
    copy = tmp / "checkout"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
        ".pytest_cache", "*.so", "instance", "test-artifacts", "results"))
    env = {**os.environ, "CFLAGS": FLAGS, "LDFLAGS": FLAGS, "ROTATION_PLAYGROUND_REQUIRE_NATIVE": "1"}
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace",
                            "--build-temp", str(tmp / "build")],
                           cwd=copy, env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    return copy


@pytest.mark.slow
def test_differential_tests_pass_under_address_and_undefined_sanitizers(tmp_path):
    preload = runtime()
    if not preload:
        if os.environ.get("ROTATION_PLAYGROUND_REQUIRE_NATIVE", "") not in ("", "0"):
            pytest.fail("gcc has no AddressSanitizer runtime (libasan): CI needs it")
        pytest.skip("gcc has no AddressSanitizer runtime (libasan)")
    copy = sanitized_checkout(tmp_path)
    logs = tmp_path / "reports"
    logs.mkdir()
    # Reports go to files (one a process, the argument tests' children too):
    # pytest's capture of a test's stderr dies with the process.
    env = {**os.environ, "LD_PRELOAD": preload,
           # Python's own allocations are never freed at exit: not the engines' leaks
           "ASAN_OPTIONS": f"detect_leaks=0:abort_on_error=1:log_path={logs}/asan",
           "UBSAN_OPTIONS": f"print_stacktrace=1:halt_on_error=1:log_path={logs}/ubsan",
           "ROTATION_PLAYGROUND_REQUIRE_NATIVE": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    where = subprocess.run([sys.executable, "-c", "import webapp._rotation as m; print(m.__file__)"],
                           cwd=copy, env=env, capture_output=True, text=True)
    assert where.stdout.startswith(str(copy)), where.stdout + where.stderr
    # The harness's own test kills its child with SIGSEGV: under the
    # sanitizer that is a deadly signal it reports (with the sender's pid as
    # the address) and turns into SIGABRT; it tests the harness, not an engine
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:xdist",
                          "-p", "no:cacheprovider", "-p", "no:faulthandler", "-m", "not slow", *TESTS,
                          "--deselect", f"{TESTS[-1]}::test_a_crash_is_reported_with_its_signal"],
                         cwd=copy, env=env, capture_output=True, text=True)
    output = run.stdout + run.stderr
    reports = "".join(path.read_text(errors="replace") for path in sorted(logs.iterdir()))
    assert not reports, reports[:6000]
    assert run.returncode == 0, output[-6000:]
    assert " passed" in output.splitlines()[-1], output[-2000:]

