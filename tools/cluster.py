"""A whole cluster on one machine, for trying it and for load tests: a Redis
server, a PostgreSQL server (its data kept under the instance folder), two
web processes and two job workers, each a separate process as on separate
machines (docs/serving.md, "More than one machine").

A developer's tool of the checkout, not in the package: its parts run the
installed ``rotation-playground`` (``serve``, ``worker``).

    python tools/cluster.py                       # make cluster: ports 5001 and 5002
    python tools/cluster.py --web-ports 6001,6002 --workers 3

Ctrl+C, or a kill (SIGTERM), stops every part. A web process or a worker
that ends on its own is started again, after a pause that doubles with each
quick end (1 s, 2 s, ... 30 s at most): the others go on serving meanwhile.
The parts' output goes to log files in the cluster's folder
(``<instance>/cluster/logs``).

Redis and PostgreSQL each have a password, made on the first start and kept
in the cluster's folder for this user alone (``redis/password``,
``postgres/password``); the web processes and workers are given URLs that
carry them, and what is printed leaves them out. Redis keeps its data there
too (an append-only file): jobs survive its restart.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

# run as a script, this folder is on the path; the tests add it (pytest's pythonpath)
from devservers import PostgresServer, RedisServer, ServerMissing, without_password


def _program() -> list[str]:
    """How to run ``rotation-playground`` with this interpreter."""
    return [sys.executable, "-m", "webapp.cli"]


def _last_line(path: Path) -> str:
    try:
        lines = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    return f": {lines[-1]}" if lines else ""


def _wait_for_port(port: int, process: subprocess.Popen, log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"the web process for port {port} ended "
                                   f"(exit {process.returncode}){_last_line(log)}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing answered on port {port} within {seconds:g} s")
            time.sleep(0.1)


def default_folder() -> Path:
    instance = os.environ.get("ROTATION_PLAYGROUND_INSTANCE") \
        or Path(__file__).resolve().parents[1] / "instance"
    return Path(instance) / "cluster"


class Cluster:
    """Redis, PostgreSQL, web processes on ``web_ports`` and ``workers``
    job workers, started by :meth:`start` and stopped by :meth:`stop` (or
    ``with``). ``config``: settings for the web processes' ``config.py``;
    ``keep_data``: false, PostgreSQL's data is deleted by :meth:`stop`.
    """

    def __init__(self, folder: Path, web_ports=(5001, 5002), workers: int = 2,
                 config: dict | None = None, keep_data: bool = True) -> None:
        self.folder = Path(folder)
        self.web_ports = list(web_ports)
        self.worker_count = workers
        self.config = dict(config or {})
        self.keep_data = keep_data
        self.redis: RedisServer | None = None
        self.postgres: PostgresServer | None = None
        self.web: list[subprocess.Popen] = []
        self.workers: list[subprocess.Popen] = []
        self._logs: list = []
        # each part that ended on its own: when it is due to start again, and its pause
        self._due: dict[tuple[str, int], float] = {}
        self._pause: dict[tuple[str, int], float] = {}
        self._began: dict[tuple[str, int], float] = {}

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.web_ports]

    def _environment(self) -> dict:
        instance = self.folder / "instance"
        instance.mkdir(parents=True, exist_ok=True)
        (instance / "config.py").write_text("".join(f"{k} = {v!r}\n" for k, v in self.config.items()))
        return dict(os.environ, ROTATION_PLAYGROUND_INSTANCE=str(instance),
                    REDIS_URL=self.redis.url, DATABASE_URL=self.postgres.url)

    def _spawn(self, name: str, arguments: list[str]) -> subprocess.Popen:
        logs = self.folder / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        log = open(logs / f"{name}.log", "ab")
        self._logs.append(log)
        # a session of its own: Ctrl+C in the terminal reaches this runner
        # only, which then stops each part in turn
        return subprocess.Popen(_program() + arguments, env=self._environment(), stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)

    def start(self) -> "Cluster":
        """Start every part; should one fail, stop the others, then raise."""
        try:
            return self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> "Cluster":
        self.redis = RedisServer(self.folder / "redis")
        self.redis.start()
        self.postgres = PostgresServer(self.folder / "postgres")
        self.postgres.start()
        for n in range(self.worker_count):
            self.start_worker(n)
        for n in range(len(self.web_ports)):
            self.web.append(self._start_part("web", n))
        for port, process in zip(self.web_ports, self.web):
            _wait_for_port(port, process, self.folder / "logs" / f"web-{port}.log")
        return self

    def start_worker(self, n: int | None = None) -> subprocess.Popen:
        n = len(self.workers) if n is None else n
        worker = self._start_part("worker", n)
        self.workers.append(worker)
        return worker

    def _name(self, group: str, n: int) -> str:
        return f"web-{self.web_ports[n]}" if group == "web" else f"worker-{n + 1}"

    def _start_part(self, group: str, n: int) -> subprocess.Popen:
        arguments = (["serve", "--host", "127.0.0.1", "--port", str(self.web_ports[n])]
                     if group == "web" else ["worker"])
        self._began[group, n] = time.monotonic()
        return self._spawn(self._name(group, n), arguments)

    def revive(self, say=print) -> None:
        """Start again each web process or worker that has ended, once its
        pause is over: 1 s, doubled after each end within a minute of its
        start (30 s at most), so that a part that cannot start does not spin."""
        now = time.monotonic()
        for group, processes in (("web", self.web), ("worker", self.workers)):
            for n, process in enumerate(processes):
                key, name = (group, n), self._name(group, n)
                if process.poll() is None:
                    continue
                if key not in self._due:
                    quick = now - self._began.get(key, now) < 60
                    pause = min(30.0, self._pause.get(key, 0.5) * 2) if quick else 1.0
                    self._pause[key], self._due[key] = pause, now + pause
                    say(f"{name} ended (exit {process.returncode}): starting it again in {pause:g} s "
                        f"(its log: {self.folder / 'logs' / (name + '.log')})", file=sys.stderr, flush=True)
                elif now >= self._due[key]:
                    del self._due[key]
                    processes[n] = self._start_part(group, n)
                    say(f"{name} started again", file=sys.stderr, flush=True)

    def kill_worker(self, n: int = 0) -> None:
        """``kill -9`` worker ``n`` and everything it started (its work horse
        mid-job): as when its machine is switched off."""
        _kill(self.workers[n])

    def kill_web(self, n: int = 0) -> None:
        """``kill -9`` web process ``n``, as a crash (:meth:`revive` starts it again)."""
        _kill(self.web[n])

    def kill_redis(self) -> None:
        """``kill -9`` Redis, as a crash; ``self.redis.start()`` starts it
        again with the same settings, and its append-only file gives it back
        its data."""
        self.redis.process.kill()
        self.redis.process.wait()

    def stop(self) -> None:
        for process in self.web + self.workers:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for process in self.web + self.workers:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        if self.redis is not None:
            self.redis.stop()
        if self.postgres is not None:
            self.postgres.stop() if self.keep_data else self.postgres.remove()
        for log in self._logs:
            log.close()
        self._logs.clear()

    def __enter__(self) -> "Cluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def _kill(process: subprocess.Popen) -> None:
    """``kill -9`` a part and everything it started (its session)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def _ports(text: str) -> list[int]:
    try:
        ports = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of ports: {text!r} (e.g. 5001,5002)") from None
    if not ports or any(not 0 < port < 65536 for port in ports):
        raise argparse.ArgumentTypeError(f"ports are 1 to 65535: {text!r}")
    return ports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make cluster", description=__doc__.split("\n\n")[0])
    parser.add_argument("--web-ports", type=_ports, default=[5001, 5002], metavar="PORTS",
                        help="the web processes' ports, comma-separated (default: 5001,5002)")
    parser.add_argument("--workers", type=int, default=2, help="job workers (default: 2)")
    parser.add_argument("--folder", type=Path, default=None,
                        help="where the servers keep their data and the logs "
                             "(default: the instance folder's cluster/)")
    args = parser.parse_args(argv)
    folder = args.folder or default_folder()
    # The web processes and workers run in sessions of their own (_spawn),
    # so a kill or a timeout's SIGTERM reaches this runner alone: it stops
    # every part, as Ctrl+C does, rather than leave them running.
    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _run(Cluster(folder, args.web_ports, args.workers), folder)
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _run(cluster: Cluster, folder: Path) -> int:
    try:
        cluster.start()
    except ServerMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as exc:
        print(f"error: {exc} (the logs: {folder / 'logs'})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # start() has stopped what it had started
        print("\nstopped while starting", file=sys.stderr)
        return 0
    # from here on a Ctrl+C or a kill stops every part: the words that say
    # so are inside the try (a kill that came just after them escaped it,
    # and the parts were left running: a CI run, under load)
    try:
        print("The cluster is running:")
        for url in cluster.urls:
            print(f"  web     {url}")
        print(f"  workers {len(cluster.workers)}")
        print(f"  Redis   {without_password(cluster.redis.url)} "
              f"(password in {cluster.redis.folder / 'password'})")
        print(f"  PostgreSQL {without_password(cluster.postgres.url)} "
              f"(password in {cluster.postgres.folder / 'password'}; data: {cluster.postgres.folder})")
        print(f"  logs    {folder / 'logs'}")
        print("Ctrl+C stops them all.", flush=True)
        while True:  # only Ctrl+C or a kill ends this: a part that ends is started again
            cluster.revive()
            time.sleep(0.25)
    except KeyboardInterrupt:
        print("\nstopping...", file=sys.stderr)
        return 0
    finally:
        # a second Ctrl+C or kill would cut the stop short and leave parts running
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        cluster.stop()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
