"""Private servers for development and tests: a Redis server (and, with
PostgreSQL, a database server) of one's own, on a free loopback port, in a
folder of one's own, stopped after. The tests start them (no mock stands in
for a server) and so does ``make cluster`` (tools/cluster.py,
docs/serving.md). A developer's tool, not part of the package.

Each is locked (issue 29): a password made on its first start
(:func:`password`) and kept in its folder for this user alone, which its
``url`` carries; nothing on the machine gets in without it.

They are started from the system's binaries (Debian: ``redis-server``,
``postgresql``); a missing one raises :class:`ServerMissing`, which says
what to install.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

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


def private_folder(folder: Path) -> Path:
    """``folder``, made if need be, for its owner alone."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    return folder


def password(folder: Path, new: str | None = None) -> str:
    """The password kept in ``folder``/password (mode 0600): made (``new``,
    else a random one) when there is none, the same on every start after,
    so that the clients' URLs go on working."""
    path = private_folder(folder) / "password"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    made = new or secrets.token_urlsafe(32)  # letters, digits, - and _: as is in a URL
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
        file.write(made + "\n")
    return made


def without_password(url: str) -> str:
    """``url`` as it may be shown: its password left out.

    >>> without_password("redis://:secret@127.0.0.1:6379/0")
    'redis://127.0.0.1:6379/0'
    >>> without_password("postgresql://postgres:secret@127.0.0.1:5432/postgres")
    'postgresql://postgres@127.0.0.1:5432/postgres'
    """
    scheme, rest = url.split("://", 1)
    login, _, place = rest.rpartition("@")
    user = login.partition(":")[0]
    return f"{scheme}://{user}{'@' if user else ''}{place}"


def _redis_answers(port: int, secret: str) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(f"AUTH {secret}\r\nPING\r\n".encode())
            said = b""
            while b"\r\n" not in said.partition(b"\r\n")[2]:  # both answers
                got = sock.recv(64)
                if not got:
                    return False
                said += got
            return said.endswith(b"+PONG\r\n")
    except OSError:
        return False


def _quoted(text: str) -> str:
    """``text`` as one word of a Redis configuration file."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def redis_binary() -> str:
    binary = shutil.which("redis-server")
    if binary is None:
        raise ServerMissing(f"redis-server is not installed: {REDIS_INSTALL}")
    return binary


class RedisServer:
    """One redis-server process: ``url`` (its password in it), ``stop()``
    and ``start()`` again. Its data is kept in ``folder`` (an append-only
    file): jobs queued or under way survive a restart, as a new server on
    the same folder finds them. Its settings are in ``folder``/redis.conf
    (``redis-server`` that file starts it again by hand), not on its
    command line, which every local user may read."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.binary = redis_binary()
        self.folder = Path(folder)
        self.port = port or free_port()
        self.password = password(self.folder)
        self.url = f"redis://:{quote(self.password, safe='')}@127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def _settings(self) -> Path:
        path = private_folder(self.folder) / "redis.conf"
        path.touch(mode=0o600)
        path.write_text("".join(f"{name} {value}\n" for name, value in (
            ("port", self.port), ("bind", "127.0.0.1"), ("protected-mode", "yes"),
            # every write on the disk before Redis answers it: a kill -9 under a
            # slow disk (everysec's fsync late) lost a queue's entry and left its
            # job "queued" for good
            ("dir", _quoted(str(self.folder.resolve()))), ("appendonly", "yes"), ("appendfsync", "always"),
            ("save", '""'), ("requirepass", _quoted(self.password)))))
        return path

    def start(self) -> None:
        self.process = subprocess.Popen([self.binary, str(self._settings())],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not _redis_answers(self.port, self.password):
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


def _method(line: str) -> str | None:
    """The method of a rule of pg_hba.conf (its last word but options,
    which have an ``=``), or None for a comment or an empty line."""
    words = [word for word in line.split("#", 1)[0].split() if "=" not in word]
    return words[-1] if words else None


def _scram(line: str) -> str:
    """A rule of pg_hba.conf that trusts asks for the password instead."""
    if _method(line) != "trust":
        return line
    rule, mark, comment = line.partition("#")
    head, _, tail = rule.rpartition("trust")
    return head + "scram-sha-256" + tail + mark + comment


def _methods(data: Path) -> set[str]:
    """The methods of the rules of ``data``/pg_hba.conf."""
    return {_method(line) for line in (data / "pg_hba.conf").read_text().splitlines()} - {None}


def _reachable(folder: Path) -> bool:
    """Whether anyone may pass through the folders above ``folder``."""
    return all(parent.stat().st_mode & stat.S_IXOTH for parent in folder.resolve().parents)


class PostgresServer:
    """One PostgreSQL server: its data in ``folder``/data (made by initdb
    on the first start), listening on 127.0.0.1:``port`` and on a unix
    socket in its folder, for its own user alone. Every connection gives
    the superuser ``postgres``'s password (scram-sha-256; no rule trusts
    anyone), kept in ``folder``/password; ``url`` carries it and names the
    database ``postgres``; :meth:`create_database` makes others. ``stop()``
    and ``start()`` again keep its data; ``remove()`` deletes it.

    Run as root it runs as ``nobody``, who then owns its files (but the
    password's). Where ``nobody`` cannot reach ``folder`` (pytest's
    temporary folders are root's alone, and other pytest runs would undo a
    change to them) its files are in a folder of their own in the system's
    temporary folder, which ``folder``/data links to.

    ``template``: a server whose initdb is copied instead of running it
    again (its password with it)."""

    def __init__(self, folder: Path, port: int | None = None,
                 template: PostgresServer | None = None) -> None:
        self.binaries = postgres_binaries()
        self.folder = Path(folder)
        self.port = port or free_port()
        self.template = template
        self.password = password(self.folder, template.password if template else None)
        self.url = self.database_url("postgres")
        self.process: subprocess.Popen | None = None
        self.home = self.folder
        self._log = None

    def database_url(self, name: str) -> str:
        return f"postgresql://postgres:{quote(self.password, safe='')}@127.0.0.1:{self.port}/{name}"

    def _place(self) -> dict:
        """Where the files go, and the Popen arguments that run the
        programs as :data:`POSTGRES_USER` when this is root."""
        private_folder(self.folder)
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
            if path != self.folder / "password":
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
             "-h", "127.0.0.1", "-k", sockets, "-c", "unix_socket_permissions=0700",
             "-c", "logging_collector=off"],
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
        private_folder(self.home)  # its socket is there: no one else may reach it
        data = self.home / "data"
        if (data / "PG_VERSION").exists():
            if "trust" in _methods(data):
                self._lock(data, as_user)
            return data
        if self.template is not None and (self.template.home / "data" / "PG_VERSION").exists():
            # cp, as the server's user: twice as fast as shutil here, and owned right
            subprocess.run(["cp", "-a", str(self.template.home / "data"), str(data)], check=True,
                           **as_user)
            (data / "postmaster.pid").unlink(missing_ok=True)
            return data
        # the password in a file of the server's user alone, for initdb to read
        secret = self.home / "initdb-password"
        with os.fdopen(os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
            file.write(self.password + "\n")
        if as_user:
            os.chown(secret, as_user["user"], as_user["group"])
        try:
            made = subprocess.run([str(self.binaries / "initdb"), "-D", str(data), "-U", "postgres",
                                   "--auth=scram-sha-256", f"--pwfile={secret}", "--encoding=UTF8",
                                   "--no-locale", "--no-sync"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                  cwd=self.home, **as_user)
        finally:
            secret.unlink()
        if made.returncode:
            raise RuntimeError(f"initdb failed in {data}: {made.stderr.strip()}")
        return data

    def _lock(self, data: Path, as_user: dict) -> None:
        """Data made before the servers had passwords (an earlier ``make
        cluster``): its superuser is given the password and no rule trusts
        anyone any more; its links are kept. The server is stopped: its
        single-user mode reads the command from stdin, off the command line."""
        command = f"ALTER ROLE postgres PASSWORD '{self.password}';\n"
        done = subprocess.run([str(self.binaries / "postgres"), "--single", "-D", str(data),
                               "-c", "password_encryption=scram-sha-256", "postgres"],
                              input=command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, cwd=self.home, **as_user)
        if done.returncode:
            raise RuntimeError(f"PostgreSQL's data in {data} could not be given a password: "
                               f"{done.stderr.strip()}")
        rules = data / "pg_hba.conf"
        rules.write_text("".join(map(_scram, rules.read_text().splitlines(keepends=True))))

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
                        "-U", "postgres", name], check=True, capture_output=True,
                       env={**os.environ, "PGPASSWORD": self.password})
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
