"""Shared fixtures: the Flask app and client, a live server, a real Chromium."""

from __future__ import annotations

import os
import socket
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from webapp import create_app

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "puzzles"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


# The suite sends thousands of requests from one address (127.0.0.1): the
# rate limits and job bounds are off or wide here, and tests/test_server_*.py
# switch them on where they are the subject.
GENEROUS = {"RATELIMIT_ENABLED": False, "JOB_MAX_PER_CLIENT": 50, "JOB_QUEUE_MAX": 200}
# The live server's rotation solves have no states limit: a browser test that
# watches a big solve's progress, then cancels it, must not see it end first
# (the default 5M states take a fast machine 2-3 s). Such tests cancel their
# job; one left behind is reclaimed when nobody polls it.
LIVE = {**GENEROUS, "SOLVE_MAX_STATES": 10**12}


def _run_folder(tmp_path_factory) -> Path:
    """This run's temporary folder: under pytest-xdist, the one that holds
    every worker's own folder (so the workers share what is in it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session", autouse=True)
def solver_cache(tmp_path_factory):
    """The sliding solver's tables and pattern databases go to this run's
    directory, never the user's cache, for the whole run (the doctests that
    run after the tests included; live servers hand it to their workers).
    Every xdist worker of the run uses the same directory, so that a
    database one of them built is loaded by the others (files are written
    whole, then renamed: a reader never sees half of one)."""
    folder = _run_folder(tmp_path_factory) / "cache"
    saved = os.environ.get("ROTATION_PLAYGROUND_CACHE")
    os.environ["ROTATION_PLAYGROUND_CACHE"] = str(folder)
    yield folder
    if saved is None:
        os.environ.pop("ROTATION_PLAYGROUND_CACHE", None)
    else:
        os.environ["ROTATION_PLAYGROUND_CACHE"] = saved


@pytest.fixture(scope="session")
def sliding_databases(solver_cache):
    """The 4 x 4 pattern databases (11.5 MB, some seconds of the C engine)
    in the run's cache: the first worker that needs them builds them, the
    others wait for it and load them, rather than each building its own."""
    import fcntl

    from webapp.sliding import pdb

    solver_cache.mkdir(parents=True, exist_ok=True)
    with open(solver_cache / "sliding-pdb-4x4.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return pdb.load(4, 4)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture
def make_app(tmp_path):
    """Make the app for this test: testing mode, its instance folder in the
    test's own directory (``INSTANCE_DIR`` overrides it), then ``overrides``
    (no GENEROUS limits unless the test passes them)."""
    def make(**overrides):
        return create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path), **overrides})
    return make


@pytest.fixture
def app(make_app):
    return make_app(**GENEROUS)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def cleanup():
    """Cancel every job of the clients a test made, whatever happens: the
    test passes each client it makes to the function this yields."""
    clients = []
    yield clients.append
    for client in clients:
        client.application.extensions["playground_jobs"].close()


@pytest.fixture
def puzzle(tmp_path):
    """Write a puzzle's text to a file of this test's directory: its path,
    for the command-line tests that read puzzles from files."""
    def write(text: str, name: str = "puzzle.txt") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def add_kind(monkeypatch, kind):
    """The registry with ``kind`` (a made-up kind of a test module, which a
    worker imports by the module's name) added for this test only: the kind,
    its defaults filled in."""
    from webapp import kinds

    kind = kinds.with_defaults(kind)
    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS, kind))
    monkeypatch.setattr(kinds, "_BY_NAME", {**kinds._BY_NAME, kind.name: kind})
    return kind


@contextmanager
def serving(tmp_path_factory, **config):
    """The app (the tests' GENEROUS settings, then ``config``) served by
    waitress on a free loopback port, for the browser: its address."""
    from waitress.server import create_server

    app = create_app({"TESTING": True, **GENEROUS,
                      "INSTANCE_DIR": str(tmp_path_factory.mktemp("instance")), **config})
    server = create_server(app, host="127.0.0.1", port=_free_port(), threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app served on a free loopback port, for the browser."""
    with serving(tmp_path_factory, **LIVE) as address:
        yield address


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run 'make test' (it installs it as root) "
                    "or 'sudo apt-get install chromium'")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"],
        )
        yield browser
        browser.close()


# Records Content-Security-Policy violations in the page and reports each as a
# console error, which fails the test (the server sends the policy).
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const what = `${e.violatedDirective} ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`;
  window.__cspViolations.push(what);
  console.error(`Content-Security-Policy violation: ${what}`);
});
"""


DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


#: What a failed browser test's report shows of the page as it ended.
PAGE_STATE = """() => {
  const text = (id) => document.getElementById(id)?.textContent ?? null;
  const b = document.getElementById("board");
  return {address: location.href, board: b ? {...b.dataset} : null, message: text("board-message"),
          answer: text("answer"), progress: text("progress-text")};
}"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.failed_call = report.failed
    return report


def _tell_what_the_page_showed(page) -> None:
    """After a failed test, the page's board, message and answer, printed
    into the test's report: a flaky failure says what the user saw."""
    test = getattr(page, "test_item", None)
    if test is None or not getattr(test, "failed_call", False) or page.is_closed():
        return
    try:
        print("the page as the test failed:", page.evaluate(PAGE_STATE))
    except Exception as exc:  # noqa: BLE001 - a report, never a second failure
        print("the page as the test failed could not be read:", exc)


def _watched_page(request, browser, live_server, options: dict, allow_400: bool = False):
    """A page in a fresh context; the test fails if the browser console shows
    an error, a Content-Security-Policy violation included. With ``allow_400``
    Chromium's own log line for an API answer of 400 (which the page handles)
    is not an error, and the addresses so answered are kept in
    ``page.bad_requests``."""
    context = browser.new_context(base_url=live_server, **options)
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    errors: list[str] = []
    page.bad_requests = []
    page.test_item = request.node
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error"
            and not (allow_400 and "status of 400" in msg.text) else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: page.bad_requests.append(r.url) if r.status == 400 else None)
    yield page
    _tell_what_the_page_showed(page)
    context.close()
    assert not errors, f"browser console errors: {errors}"


@pytest.fixture
def page(request, browser, live_server):
    """A fresh desktop page (1280 x 900) that fails the test on a console error."""
    yield from _watched_page(request, browser, live_server, DESKTOP)


@pytest.fixture
def page_expecting_400(request, browser, live_server):
    """Like ``page``, for tests that send bad input on purpose: the API's 400
    answers are not console errors, and ``page.bad_requests`` lists them."""
    yield from _watched_page(request, browser, live_server, DESKTOP, allow_400=True)


@pytest.fixture
def phone(request, browser, live_server):
    """A fresh page on a phone-sized touch screen (390 x 844), likewise."""
    yield from _watched_page(request, browser, live_server, PHONE)


@pytest.fixture
def calm_page(request, browser, live_server):
    """A desktop page whose system asks for reduced motion."""
    yield from _watched_page(request, browser, live_server, {**DESKTOP, "reduced_motion": "reduce"})


def pytest_report_header(config):
    """Say which rotation engine the tests ran (the C one when it was built)."""
    from webapp.rotation.solver import pick_engine

    return f"rotation engine: {pick_engine('auto')}"
