"""The web and server tests' shared helpers: a test client with wide limits,
heavy boards and jobs, a real server process and requests to it, the API's
error and page shapes. Test modules import these from here, never from
each other."""

from __future__ import annotations

import functools
import http.client
import itertools
import json
import os
import re
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path


from devservers import end
from waiting_kind import no_wait
from webapp import create_app, kinds
from webapp.rotation import EXAMPLE, parse, solve
from webapp.rotation.generate import generate
from webapp.rotation.solver import solve_best

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=None)
def kind_addresses(rule: str) -> list[tuple[str | None, str]]:
    """A URL rule with each kind's name put in for its ``<kind>`` (every
    kind's, or those of ``<any(a, b):kind>``): ``(kind, address)`` pairs;
    ``[(None, rule)]`` for a rule without a kind.

    >>> kind_addresses("/api/<any(triangle):kind>/trace")
    [('triangle', '/api/triangle/trace')]
    """
    from webapp import kinds

    found = re.search(r"<(?:any\(([^)]*)\):)?kind>", rule)
    if found is None:
        return [(None, rule)]
    names = [n.strip() for n in found.group(1).split(",")] if found.group(1) else kinds.names()
    return [(name, rule.replace(found.group(0), name)) for name in names]


def heavy_board(seed: int = 0, size: int = 40, sticks: int = 24) -> str:
    """A random ``size`` x ``size`` board with one gap and ``sticks`` short
    sticks: for the goal "all", far more states than a solve may spend
    inline (the few that are not are drawn again), and more than any limit
    a test sets (heavy_board(0) and (1): over 12 million states).

    A test that needs a job to be still under way must also lift the
    states limit (the default 5M states take a fast machine 2-3 s), or use
    the waiting kind (tests/support/waiting_kind.py), which never ends by itself."""
    for attempt in range(seed * 1000, seed * 1000 + 1000):
        board = generate(size, sticks, seed=attempt, max_length=3)
        if solve_best(board, "all", max_states=6_000).status == "limit":
            return board.text()
    raise AssertionError("no heavy board among 1000 seeds")


def wait_until(predicate, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


@contextmanager
def running_server(tmp_path, **config):
    """``python -m webapp.cli serve`` on a free loopback port, with ``config``
    in its instance folder; yields (url, process) and stops it after."""
    instance = tmp_path / "instance"
    instance.mkdir(parents=True, exist_ok=True)
    (instance / "config.py").write_text("".join(f"{k} = {v!r}\n" for k, v in config.items()))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, ROTATION_PLAYGROUND_INSTANCE=str(instance), PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "webapp.cli", "serve", "--port", str(port)],
                               env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        if not wait_until(lambda: _listening(port) or process.poll() is not None, seconds=20) \
                or process.poll() is not None:
            raise RuntimeError(f"the server did not start: {process.stderr.read().decode()[-2000:]}")
        yield f"127.0.0.1:{port}", process
    finally:
        end(process)
        process.stderr.close()


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def call(address: str, method: str, path: str, body: dict | None = None, headers=None,
         timeout: float = 30.0):
    """(status, JSON or text, seconds, response headers) of one request on a new connection."""
    host, port = address.split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    began = time.perf_counter()
    try:
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload,
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        seconds = time.perf_counter() - began
        if response.getheader("Content-Type", "").startswith("application/json"):
            data = json.loads(data)
        return response.status, data, seconds, dict(response.getheaders())
    finally:
        conn.close()


def cancel_all(address: str, job_ids) -> None:
    for job_id in job_ids:
        call(address, "POST", f"/api/jobs/{job_id}/cancel", {})


HEAVY = heavy_board(0)          # goal "all": more states than any limit the tests reach


HEAVY_GOAL = "all"


def make_client(tmp_path, **config):
    # no states limit: a heavy solve ends only by the limit a test sets (the
    # default 5M states took a fast machine 3 s: a job ended as a test watched it)
    settings = {"TESTING": True, "INSTANCE_DIR": str(tmp_path), "ROTATION_INLINE_STATES": 1000,
                "ROTATION_MAX_STATES": 10**12, "RATELIMIT_ENABLED": False,
                "JOB_MAX_PER_CLIENT": 20, "JOB_QUEUE_MAX": 20}
    settings.update(config)
    return create_app(settings).test_client()


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (exists and is no zombie), from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return False


def heavy_job(client, board=HEAVY) -> str:
    with no_wait(client):
        response = client.post("/api/rotation/solve", json={"board": board, "goal": HEAVY_GOAL})
    assert response.status_code == 202, response.get_json()
    return response.get_json()["id"]


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(") ", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


UNSOLVABLE = "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"


THREE_MOVES = "9\n#########\n        #\n#       #\n#       #\n# 33    #\n#  2    #\n#  2  1 #\n#  2 000#\n#########\n"


WIDE = "7 4\n#######\n#0  a #\n#0  a #\n### ###\n"


class _Attrs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.scripts: dict[str, str] = {}
        self._script: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        self._script = attrs.get("id") if tag == "script" else None

    def handle_data(self, data):
        if self._script:
            self.scripts[self._script] = self.scripts.get(self._script, "") + data

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None


def page_parts(html: bytes) -> _Attrs:
    parser = _Attrs()
    parser.feed(html.decode("utf-8"))
    return parser


def initial(html: bytes) -> dict:
    return json.loads(page_parts(html).scripts["initial"])


def assert_friendly_page(response, status: int, *fragments: str) -> None:
    assert response.status_code == status
    assert response.mimetype == "text/html"
    text = response.get_data(as_text=True)
    assert "Traceback" not in text
    assert 'href="/"' in text, "an error page leads back to the playground"
    for fragment in fragments:
        assert fragment in text


def assert_api_error(response, status: int = 400, fragment: str | None = None) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert isinstance(body.get("error"), str) and body["error"]
    if fragment is not None:
        assert fragment in body["error"]
    return body


def write_catalogue(folder: Path) -> list[dict]:
    folder.mkdir(parents=True, exist_ok=True)
    items = [
        {"file": "example.txt", "title": "The rules' example", "moves": 2, "states": 15, "text": EXAMPLE},
        {"file": "stuck.txt", "title": "Stuck <for ever>", "moves": None, "states": 8, "text": UNSOLVABLE},
        {"file": "wide.txt", "title": "Wide & flat", "moves": solve(parse(WIDE)).length, "text": WIDE},
        {"file": "crlf.txt", "title": "Windows file", "moves": 3,
         "text": "\ufeff" + THREE_MOVES.replace("\n", "\r\n")},
    ]
    for item in items:
        (folder / item["file"]).write_text(item["text"], encoding="utf-8", newline="")
    catalogue = [{k: v for k, v in item.items() if k != "text"} for item in items]
    (folder / "catalogue.json").write_text(json.dumps(catalogue), encoding="utf-8")
    return items


def board(n: int) -> str:
    """A small solvable puzzle, different for each ``n`` < 25."""
    row, col = divmod(n, 5)
    cells = [[" "] * 5 for _ in range(5)]
    cells[row][col] = "0"
    inner = "\n".join("#" + "".join(r) + "#" for r in cells)
    return f"7\n#######\n{inner}\n### ###\n"


def source(client, n: int) -> str:
    return client.post("/api/rotation/solve", json={"board": board(n)}).get_json()["source"]


def web_process(tmp_path, name: str, **config):
    settings = {"TESTING": True, "INSTANCE_DIR": str(tmp_path / name), "RATELIMIT_ENABLED": False,
                **config}
    return create_app(settings).test_client()


def sliding(n: int) -> str:
    """The ``n``-th arrangement of the eight-puzzle, as text."""
    tiles = next(itertools.islice(itertools.permutations(range(9)), n, None))
    return "\n".join(" ".join(str(t) for t in tiles[row:row + 3]) for row in (0, 3, 6)) + "\n"


def example_code(name: str) -> str:
    """The share code of the ``name`` kind's example puzzle."""
    kind = kinds.get(name)
    return kind.encode(kind.parse(kind.example))
