"""Private servers for development and tests: a Redis server (and, with
PostgreSQL, a database server) of one's own, on a free loopback port, in a
folder of one's own, stopped after. The tests start them (no mock stands in
for a server) and so does ``make cluster`` (tools/cluster.py,
docs/serving.md). A developer's tool, not part of the package.

They are started from the system's binaries (Debian: ``redis-server``,
``postgresql``); a missing one raises :class:`ServerMissing`, which says
what to install.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

REDIS_INSTALL = "sudo apt-get install redis-server"
POSTGRES_INSTALL = "sudo apt-get install postgresql"
#: Who runs PostgreSQL when the caller is root (it refuses to run as root).
POSTGRES_USER = "nobody"


class ServerMissing(RuntimeError):
    """The server's program is not installed here."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def end(process: subprocess.Popen | None, signum: int = signal.SIGTERM, seconds: float = 10) -> None:
    """Ask ``process`` to end with ``signum``; kill it if it has not within
    ``seconds``."""
    if process is not None and process.poll() is None:
        process.send_signal(signum)
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


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
        end(self.process)
        self.process = None


@contextmanager
def redis_server(folder: Path):
    server = RedisServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def postgres_binaries() -> Path:
    """The folder of PostgreSQL's programs (initdb, postgres, createdb): on
    PATH (through its links), else Debian's /usr/lib/postgresql/<version>/bin,
    the newest."""
    found = shutil.which("initdb")
    if found:
        folder = Path(found).resolve().parent
        if all((folder / name).exists() for name in ("postgres", "createdb")):
            return folder
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if versions:
        return Path(versions[-1]).parent
    raise ServerMissing(f"PostgreSQL is not installed: {POSTGRES_INSTALL}")


def _reachable(folder: Path) -> bool:
    """Whether anyone may pass through the folders above ``folder``."""
    return all(parent.stat().st_mode & stat.S_IXOTH for parent in folder.resolve().parents)


class PostgresServer:
    """One PostgreSQL server: its data in ``folder``/data (made by initdb
    on the first start), listening on 127.0.0.1:``port`` and on a unix
    socket in ``folder``, anyone local trusted. ``url`` names its database
    ``postgres``; :meth:`create_database` makes others. ``stop()`` and
    ``start()`` again on the same port keep its data; ``remove()`` deletes it.

    Run as root it runs as ``nobody``, who then owns its files. Where
    ``nobody`` cannot reach ``folder`` (pytest's temporary folders are
    root's alone, and other pytest runs would undo a change to them) its
    files are in a folder of their own in the system's temporary folder,
    which ``folder``/data links to."""

    def __init__(self, folder: Path, port: int | None = None, template: Path | None = None) -> None:
        self.binaries = postgres_binaries()
        self.folder = Path(folder)
        self.port = port or free_port()
        self.template = template  # a data folder initdb made, copied instead of running it again
        self.url = self.database_url("postgres")
        self.process: subprocess.Popen | None = None
        self.home = self.folder
        self._log = None

    def database_url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def _place(self) -> dict:
        """Where the files go, and the Popen arguments that run the
        programs as :data:`POSTGRES_USER` when this is root."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() != 0:
            return {}
        link = self.folder / "data"
        if link.is_symlink():
            self.home = link.resolve().parent
        elif not _reachable(self.folder):
            self.home = Path(tempfile.mkdtemp(prefix="playground-postgres-"))
            link.symlink_to(self.home / "data")
        user = pwd.getpwnam(POSTGRES_USER)
        for path in (self.home, *self.home.rglob("*")):
            os.lchown(path, user.pw_uid, user.pw_gid)
        return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": [],
                "env": {**os.environ, "HOME": str(self.home)}}

    def start(self) -> None:
        self.initialise()
        as_user = self._place()
        data = self.home / "data"
        # a unix socket's path has at most 107 bytes; TCP is what clients use
        sockets = str(self.home) if len(str(self.home)) < 80 else ""
        log = self.home / "postgres.log"
        self._log = open(log, "ab")  # noqa: SIM115 - the server's, closed by stop()
        self.process = subprocess.Popen(
            [str(self.binaries / "postgres"), "-D", str(data), "-p", str(self.port),
             "-h", "127.0.0.1", "-k", sockets, "-c", "logging_collector=off"],
            stdout=subprocess.DEVNULL, stderr=self._log, cwd=self.home, **as_user)
        deadline = time.monotonic() + 30
        while not self._ready(data):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"PostgreSQL did not start on port {self.port}: see {log}")
            time.sleep(0.05)

    def initialise(self) -> Path:
        """The data folder, made by initdb (or copied from ``template``)
        unless it is there: its path."""
        as_user = self._place()
        data = self.home / "data"
        if (data / "PG_VERSION").exists():
            return data
        if self.template is not None and (Path(self.template) / "PG_VERSION").exists():
            # cp, as the server's user: twice as fast as shutil here, and owned right
            subprocess.run(["cp", "-a", str(self.template), str(data)], check=True, **as_user)
            (data / "postmaster.pid").unlink(missing_ok=True)
            return data
        made = subprocess.run([str(self.binaries / "initdb"), "-D", str(data), "-U", "postgres",
                               "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              cwd=self.home, **as_user)
        if made.returncode:
            raise RuntimeError(f"initdb failed in {data}: {made.stderr.strip()}")
        return data

    def _ready(self, data: Path) -> bool:
        """What pg_ctl waits for: the server's pid file says it is ready."""
        try:
            lines = (data / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return len(lines) >= 8 and lines[7].strip() == "ready" and lines[0] == str(self.process.pid)

    def create_database(self, name: str) -> str:
        """A new empty database ``name``; its URL."""
        subprocess.run([str(self.binaries / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                        "-U", "postgres", name], check=True, capture_output=True)
        return self.database_url(name)

    def stop(self) -> None:
        """A fast shutdown: clients are disconnected, the data written out."""
        end(self.process, signal.SIGINT, 30)
        self.process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def remove(self) -> None:
        """Stop, and delete the data: an immediate shutdown, since nothing
        written need be kept (a fast one writes a checkpoint: about 1.5 s)."""
        end(self.process, signal.SIGQUIT, 30)
        self.stop()
        if self.home != self.folder:
            shutil.rmtree(self.home, ignore_errors=True)
        shutil.rmtree(self.folder, ignore_errors=True)
