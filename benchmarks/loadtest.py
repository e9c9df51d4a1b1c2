"""Load test: N concurrent clients for T seconds against a live server.

    python benchmarks/loadtest.py --clients 50 --seconds 60

Starts the playground (waitress) on a free loopback port with a fresh
instance folder, unless --url names a running one. The clients fetch pages
and solve small puzzles (fresh random ones, so the cache does not answer
them all), pausing --think seconds on average between requests, as people
do; meanwhile one giant solve runs in a worker process. Prints the
requests, the errors and the p50/p95 latencies of each kind. Only loopback.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from webapp.rotation.board import Board, Stick  # noqa: E402

GIANT = ROOT / "benchmarks" / "giant.txt"


def small_puzzle(rng: random.Random) -> str:
    """A random 7 x 7 puzzle with two or three sticks: a few hundred states at most."""
    while True:
        board = Board.empty_frame(7, gap=rng.randrange(1, 6))
        sticks, taken = [], set()
        for symbol in "012"[: rng.randint(2, 3)]:
            length = rng.randint(1, 3)
            vertical = rng.random() < 0.5
            r = rng.randrange(1, 6 - (length - 1 if vertical else 0))
            c = rng.randrange(1, 6 - (0 if vertical else length - 1))
            stick = Stick(symbol, r, c, length, vertical)
            if taken.isdisjoint(stick.cells()):
                taken.update(stick.cells())
                sticks.append(stick)
        return board.with_sticks(sticks).text()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


class Client(threading.Thread):
    def __init__(self, host: str, port: int, until: float, seed: int, results: dict, lock,
                 think: float) -> None:
        super().__init__(daemon=True)
        self.think = think
        self.host, self.port, self.until = host, port, until
        self.rng = random.Random(seed)
        self.results, self.lock = results, lock

    def request(self, conn, method: str, path: str, body: dict | None = None):
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, data

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        while time.monotonic() < self.until:
            kind = self.rng.choice(["page", "page", "gallery", "solve", "solve", "solve"])
            began = time.perf_counter()
            ok = False
            try:
                if kind == "page":
                    status, _ = self.request(conn, "GET", "/")
                elif kind == "gallery":
                    status, _ = self.request(conn, "GET", "/puzzles")
                else:
                    status, data = self.request(conn, "POST", "/api/solve",
                                                {"board": small_puzzle(self.rng), "goal": "any"})
                    ok = status == 200 and json.loads(data)["status"] in ("solved", "unsolvable")
                ok = ok or (kind != "solve" and status == 200)
            except (OSError, http.client.HTTPException, ValueError):
                conn.close()
                conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            elapsed = time.perf_counter() - began
            with self.lock:
                self.results.setdefault(kind, []).append(elapsed)
                if not ok:
                    self.results.setdefault("errors", []).append(kind)
            if self.think:
                # a person looks at the answer before the next click
                time.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        conn.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server() -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = dict(os.environ, ROTATION_PLAYGROUND_INSTANCE=tempfile.mkdtemp(prefix="loadtest-"))
    exe = Path(sys.executable).with_name("rotation-playground")
    server = subprocess.Popen([str(exe), "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server, url
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean pause of a client between requests, in seconds (0: none)")
    parser.add_argument("--url", help="a running server (loopback only); default: start one")
    parser.add_argument("--giant", default=str(GIANT), help="the puzzle of the giant solve")
    args = parser.parse_args()

    server = None
    url = args.url
    if url is None:
        server, url = start_server()
    parts = urlparse(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load test only targets this machine (loopback)")
    host, port = parts.hostname, parts.port or 80

    try:
        giant = Path(args.giant).read_text()
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("POST", "/api/jobs", body=json.dumps({"board": giant}),
                     headers={"Content-Type": "application/json"})
        job = json.loads(conn.getresponse().read())
        print(f"giant solve: job {job.get('id')} ({job.get('status')})")

        results: dict = {}
        lock = threading.Lock()
        until = time.monotonic() + args.seconds
        clients = [Client(host, port, until, seed, results, lock, args.think) for seed in range(args.clients)]
        began = time.monotonic()
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        wall = time.monotonic() - began

        if job.get("id"):
            conn.request("GET", f"/api/jobs/{job['id']}")
            status = json.loads(conn.getresponse().read())
            print(f"giant solve after the test: {status['status']}, {status.get('states', 0):,} states, "
                  f"depth {status.get('depth')}, {status['seconds']:.1f} s")
            conn.request("POST", f"/api/jobs/{job['id']}/cancel", body=b"{}",
                         headers={"Content-Type": "application/json"})
            conn.getresponse().read()
        conn.close()
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)

    errors = results.pop("errors", [])
    total = sum(len(v) for v in results.values())
    print(f"{args.clients} clients (pause {args.think:g} s) for {wall:.1f} s: {total:,} requests "
          f"({total / wall:,.0f}/s), {len(errors)} errors")
    print(f"{'kind':<10}{'requests':>10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for kind in sorted(results):
        ms = [1000 * x for x in results[kind]]
        print(f"{kind:<10}{len(ms):>10,}{statistics.median(ms):>10.1f}"
              f"{percentile(ms, 95):>10.1f}{max(ms):>10.1f}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
