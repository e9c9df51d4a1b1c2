"""The architecture holds: ``lint-imports`` checks the import-linter
contracts in pyproject.toml ([tool.importlinter]): the command line and the
web layer above the registry, the registry above the kinds, the kinds
independent of each other and of Flask, no import circle inside a package."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_the_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert f"Contracts: {len(_contracts())} kept, 0 broken." in done.stdout, done.stdout[-2000:]


def test_the_contracts_say_what_the_architecture_is():
    contracts = _contracts()
    layers = contracts["layers"]["layers"]
    order = [next(i for i, layer in enumerate(layers) if name in layer)
             for name in ("webapp.cli", "webapp.web", "webapp.kinds", "webapp.rotation")]
    assert order == sorted(order) and len(set(order)) == 4
    assert set(contracts["kinds-independent"]["modules"]) == {
        "webapp.rotation", "webapp.sliding", "webapp.triangle"}
    assert {"flask", "werkzeug", "webapp.web"} <= set(contracts["kinds-without-flask"]["forbidden_modules"])
    assert contracts["no-cycles"]["type"] == "acyclic_siblings"


def test_no_test_module_imports_another():
    """What tests share lives in tests/support/: a test module imported by
    another runs its module-level code twice and couples two files' fates
    (and the folders' import paths)."""
    import re

    tests = Path(__file__).resolve().parents[1]
    importing = re.compile(r"^\s*(from|import)\s+test_\w+", re.MULTILINE)
    found = [str(path.relative_to(tests)) for path in sorted(tests.rglob("*.py"))
             if importing.search(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_every_test_has_its_own_id():
    """pytest-xdist's --dist loadfile (make test) runs one test an id: two
    tests under one id would run once. The schemathesis cases came so."""
    tests = Path(__file__).resolve().parents[1]
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist",
                             "-p", "no:cacheprovider", str(tests / "web" / "test_openapi.py")],
                            capture_output=True, text=True, cwd=tests.parent, timeout=300)
    ids = [line for line in listed.stdout.splitlines() if "::" in line]
    assert len(ids) > 30, listed.stdout[-2000:]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)[:5]
