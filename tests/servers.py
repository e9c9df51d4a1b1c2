"""Real servers for the tests of several web processes sharing their state:
a Redis server of the test's own, on a free loopback port, in a temporary
folder, stopped after. No mock stands in for it.

Where redis-server is missing the tests that need it are skipped with what
to install; run as root (as CI does) they fail instead, since ``make test``
installs it then (.ci/ensure-servers).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

INSTALL = "sudo apt-get install redis-server"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def redis_binary() -> str:
    binary = shutil.which("redis-server")
    if binary is None:
        message = f"redis-server is not installed: {INSTALL} (make test does, as root)"
        if os.geteuid() == 0:
            pytest.fail(message)
        pytest.skip(message)
    return binary


class RedisServer:
    """One redis-server process: ``url``, ``stop()`` and ``start()`` again on
    the same port (its data is not kept: the tests need none)."""

    def __init__(self, folder: Path) -> None:
        self.binary = redis_binary()
        self.folder = folder
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", "--appendonly", "no", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not _answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@contextmanager
def redis_server(folder: Path):
    server = RedisServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis(tmp_path):
    """A Redis server of this test's own (stop it, start it again)."""
    with redis_server(tmp_path / "redis") as server:
        yield server
