"""Private servers for development and tests: a Redis server (and, with
PostgreSQL, a database server) of one's own, on a free loopback port, in a
folder of one's own, stopped after. The tests start them (no mock stands in
for a server) and so does ``make cluster`` (docs/serving.md).

They are started from the system's binaries (Debian: ``redis-server``,
``postgresql``); a missing one raises :class:`ServerMissing`, which says
what to install.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

REDIS_INSTALL = "sudo apt-get install redis-server"


class ServerMissing(RuntimeError):
    """The server's program is not installed here."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def redis_binary() -> str:
    binary = shutil.which("redis-server")
    if binary is None:
        raise ServerMissing(f"redis-server is not installed: {REDIS_INSTALL}")
    return binary


class RedisServer:
    """One redis-server process: ``url``, ``stop()`` and ``start()`` again on
    the same port (its data is not kept: nothing kept there needs to be)."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.binary = redis_binary()
        self.folder = Path(folder)
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", "--appendonly", "no", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not _redis_answers(self.port):
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
