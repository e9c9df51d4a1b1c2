"""The vocabulary every kind shares, and the shape of the code around it:
one puzzle-text error type, every member of the kind contract documented,
a puzzle parsed once in a request's solve, no import circle inside
``webapp``."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from webapp import create_app, kinds
from webapp.kind_protocol import Kind
from webapp.errors import PuzzleTextError

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", kinds.NAMES)
def test_every_kind_raises_the_one_error_type_with_its_place(name):
    kind = kinds.get(name)
    assert issubclass(kind.error, PuzzleTextError) and issubclass(kind.error, ValueError)
    with pytest.raises(PuzzleTextError) as raised:
        kind.parse(kind.example + "\n#?x\n")
    error = raised.value
    assert isinstance(error, kind.error)
    assert error.line is not None and str(error) == error.place() + error.reason
    assert str(error).startswith(f"line {error.line}")


def test_the_kinds_own_names_still_catch_their_errors():
    from webapp.rotation import ParseError, parse

    with pytest.raises(ParseError) as raised:
        parse("4\n####\n#0 0\n#  #\n## #\n")
    assert (raised.value.line, raised.value.column) == (3, 4)
    assert repr(raised.value).startswith("ParseError('stick 0 is split")
    assert repr(raised.value).endswith(", line=3, column=4)")


def test_the_error_crosses_into_another_process_whole():
    from webapp.sliding.position import SlidingError

    error = pickle.loads(pickle.dumps(SlidingError("'x' is not a number", line=2, column=5)))
    assert (type(error), str(error), error.reason, error.line, error.column) == \
        (SlidingError, "line 2, column 5: 'x' is not a number", "'x' is not a number", 2, 5)


def test_every_member_of_the_contract_is_documented_and_each_kind_fills_it():
    members = set(Kind.__annotations__) | {name for name in vars(Kind) if not name.startswith("_")}
    assert {"parse", "solve", "hint", "tasks", "web", "command_line"} <= members
    assert not [name for name in members if f"``{name}" not in Kind.__doc__]
    for kind in kinds.KINDS:
        assert isinstance(kind, Kind)
        assert not [name for name in Kind.__annotations__ if not hasattr(kind, name)], kind.name


def test_a_kind_that_misses_a_method_every_kind_fills_cannot_be_made():
    class Bare(Kind):
        name = "bare"

    with pytest.raises(TypeError, match="abstract"):
        Bare()


@pytest.mark.parametrize("name, options", [("rotation", {"goal": "any"}), ("sliding", {}),
                                           ("triangle", {})])
def test_a_solve_in_the_request_reads_the_puzzle_once(name, options, tmp_path, monkeypatch):
    """The route parses the puzzle; the kind then solves the object it made,
    not its text written out and read again."""
    module = __import__(f"webapp.{name}.kind", fromlist=["parse"])
    read = []

    def counted(text):
        read.append(text)
        return parse(text)

    parse = module.parse
    monkeypatch.setattr(module, "parse", counted)
    kind = kinds.get(name)
    app = create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path), "RATELIMIT_ENABLED": False})
    try:
        response = app.test_client().post(f"/api/{name}/solve", json={"board": kind.example, **options})
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["source"] == "inline"
    finally:
        app.extensions["playground_jobs"].close()
    assert read == [kind.example]


def _imports(root: Path) -> dict[str, set[str]]:
    """Each module of ``webapp`` and the modules of ``webapp`` it imports,
    anywhere in it (a function's import is an edge too; one for annotations
    only, under ``if TYPE_CHECKING:``, is not)."""
    modules = {}
    for path in (root / "webapp").rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if package else parts)] = (path, package)
    graph = {}
    for name, (path, package) in modules.items():
        here = name if package else name.rpartition(".")[0]
        edges = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # `if TYPE_CHECKING:` imports are annotations only: never imported when the code runs
        annotations_only = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If)
                            and getattr(node.test, "id", None) == "TYPE_CHECKING"
                            for inner in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in annotations_only:
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here.split(".")[:len(here.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def test_no_import_circle_inside_webapp():
    graph = _imports(ROOT)
    assert "webapp.rotation.board" in graph and "webapp.web.api" in graph
    done, path = set(), []

    def visit(module):
        if module in path:
            return path[path.index(module):] + [module]
        if module in done:
            return None
        path.append(module)
        for target in sorted(graph[module]):
            circle = visit(target)
            if circle:
                return circle
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        circle = visit(module)
        assert circle is None, " -> ".join(circle)
