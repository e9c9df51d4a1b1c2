"""What the tests of several areas share: the Flask app and its test client
(``make_app(**overrides)``, ``app``, ``client``), the run's solver cache and
its 4 x 4 pattern databases (built once a run), a puzzle written to a file,
the jobs a test's clients leave cancelled, and the report header.

Each folder below holds one area's tests and its own ``conftest.py`` (the
browser's fixtures are in ``browser/conftest.py``); the helpers the areas
share are modules of ``support/``, on pytest's ``pythonpath``, imported by
their names (``from web_helpers import ...``)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from apps import GENEROUS
from extensions import EXTENSIONS
from webapp import create_app


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


def pytest_configure(config):
    """With ROTATION_PLAYGROUND_REQUIRE_NATIVE set (CI sets it) every C
    extension must import, or the run stops before its first test: a missing
    one would turn the C engines' tests into skips and leave the run green."""
    if os.environ.get("ROTATION_PLAYGROUND_REQUIRE_NATIVE", "") in ("", "0"):
        return
    missing = []
    for name in EXTENSIONS:
        try:
            importlib.import_module(name)
        except ImportError as error:
            missing.append(f"{name} ({error})")
    if missing:
        raise pytest.UsageError("ROTATION_PLAYGROUND_REQUIRE_NATIVE is set and these C extensions "
                                f"do not import: {', '.join(missing)}; rebuild them with "
                                "`.venv/bin/pip install -e .`")


def pytest_ignore_collect(collection_path, config):
    """Leave the conftest.py files out of --doctest-modules (they hold no
    doctest): with one a folder, all named ``conftest``, the doctest
    collector would import one folder's under another's name and fail with
    "import file mismatch". Pytest still loads each as its folder's conftest."""
    if collection_path.name == "conftest.py":
        return True
    return None


def pytest_collection_modifyitems(items):
    """Every test its own id. Schemathesis's cases (one an API operation)
    come with their function's id under this pytest; pytest-xdist's
    --dist loadfile keeps one test an id, so 38 of the 39 operations never
    ran in CI. Such an item gets its own name in its id, as pytest gives
    a parametrized test."""
    seen: dict[str, int] = {}
    for item in items:
        seen[item.nodeid] = seen.get(item.nodeid, 0) + 1
    for item in items:
        if seen[item.nodeid] > 1 and item.name != item.nodeid.rsplit("::", 1)[-1]:
            own = f"{item.parent.nodeid}::{item.name}"
            if hasattr(item, "_id"):  # pytest 9 keeps a structured id
                from _pytest.nodeid import coerce_node_id

                item._id = coerce_node_id(own)
            else:
                item._nodeid = own


def pytest_report_header(config):
    """Say which rotation engine the tests ran (the C one when it was built)."""
    from webapp.rotation.solver import pick_engine

    return f"rotation engine: {pick_engine('auto')}"
