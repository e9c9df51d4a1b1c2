"""Shared fixtures: the Flask app and client, a live server, a real Chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from apps import GENEROUS, LIVE, serving
from browsing import DESKTOP, PHONE, _watched_page
from webapp import create_app

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.failed_call = report.failed
    return report


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
