"""Real ``rotation-playground worker`` processes for the tests of jobs on
Redis: started as a person would start them, stopped after, with every
process they forked; their log (one line a job) kept in a file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from paths import SUPPORT
from web_helpers import alive, descendants


class Workers:
    """``rotation-playground worker --workers N`` on Redis at ``url``."""

    def __init__(self, url: str, folder: Path, count: int = 1) -> None:
        self.url, self.count = url, count
        self.log_path = Path(folder) / f"worker-{time.monotonic_ns()}.log"
        self.process: subprocess.Popen | None = None
        self.family: set[int] = set()

    def start(self) -> "Workers":
        # the made-up kinds of the tests are imported by their module's name
        path = os.pathsep.join(p for p in (str(SUPPORT), os.environ.get("PYTHONPATH")) if p)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "webapp.cli", "worker", "--redis-url", self.url,
                 "--workers", str(self.count)],
                stdout=log, stderr=log, env={**os.environ, "PYTHONPATH": path})
        deadline = time.monotonic() + 30
        while "taking solve jobs" not in self.log():
            assert self.process.poll() is None, self.log()
            assert time.monotonic() < deadline, self.log()
            time.sleep(0.05)
        return self

    @property
    def pid(self) -> int:
        return self.process.pid

    def processes(self) -> list[int]:
        """The worker command and every process it has forked now."""
        found = sorted(descendants(self.pid))
        self.family.update(found)
        return [self.pid, *found]

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def said(self, job_id: str) -> str | None:
        """The log's line about ``job_id``, if any."""
        return next((line for line in self.log().splitlines() if f"job {job_id}" in line), None)

    def stop(self, sig=signal.SIGTERM) -> int:
        """Stop it as a person would (SIGTERM, Ctrl+C's SIGINT): its exit status."""
        self.processes()
        self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=30)
        finally:
            self.kill()

    def kill(self) -> None:
        """Whatever is left of it, killed: nothing outlives a test."""
        if self.process is not None and self.process.poll() is None:
            self.processes()
            self.process.kill()
            self.process.wait()
        for pid in self.family:
            if alive(pid) and self._ours(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass

    def _ours(self, pid: int) -> bool:
        """Still one of its processes (forks keep the command line), not
        another that took a pid it left."""
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                return self.url.encode() in f.read()
        except OSError:
            return False


@contextmanager
def workers(url: str, folder: Path, count: int = 1):
    running = Workers(url, folder, count)
    try:
        yield running.start()
    finally:
        running.kill()
