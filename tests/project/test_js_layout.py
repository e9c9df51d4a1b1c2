"""The browser code's shape (issue 20): one kind contract, kept by reading
the sources. Each kind is one object the shell calls, started the same way
on its page; no kind extends or patches the shell; the shell names no kind;
no module grows past 500 lines. The browser tests prove the behaviour; this
keeps the layout from drifting back."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
KINDS = ("rotation", "sliding", "triangle")


def test_no_module_over_500_lines():
    long = {str(p.relative_to(JS)): n for p in JS.rglob("*.js")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}


def test_each_page_starts_its_kind_the_same_way():
    for name in KINDS:
        template = (ROOT / "templates" / f"{name}.html").read_text(encoding="utf-8")
        assert f"{{% block script %}}js/kinds/{name}/page.js{{% endblock %}}" in template
        page = (JS / "kinds" / name / "page.js").read_text(encoding="utf-8")
        assert 'import { startPlayground } from "../../shell/playground.js";' in page
        assert f"startPlayground({name});" in page
        kind = (JS / "kinds" / name / "kind.js").read_text(encoding="utf-8")
        assert re.search(rf"^export const {name} = \{{$", kind, re.M)


def test_no_kind_extends_or_patches_the_shell():
    for path in (JS / "kinds").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert "extends Playground" not in text, path
        assert not re.search(r"\.prototype\b", text), path
        assert not re.search(r"\b(shell|pg)\.[A-Za-z]+\s*=(?!=)", text), path


def test_the_shell_names_no_kind():
    for path in (JS / "shell").glob("*.js"):
        code = "\n".join(line.split("//")[0] for line in path.read_text(encoding="utf-8").splitlines())
        code = code.replace("rotation-playground:", "")  # the app's storage prefix, not the kind
        for name in KINDS:
            assert name not in code, (path, name)


def _imports(path: Path) -> set[Path]:
    """The modules ``path`` imports (static or dynamic), resolved."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(r"""(?:from|import)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""", text)
    return {(path.parent / spec).resolve() for spec in found}


def test_the_js_layers_of_docs_layout():
    """common imports nothing above it; the shell no kind; a kind no other kind."""
    kinds = JS / "kinds"
    for path in JS.rglob("*.js"):
        area = path.relative_to(JS).parts
        for target in _imports(path):
            assert target.exists(), (path, target)
            where = target.relative_to(JS).parts
            if area[0] == "common":
                assert where[0] == "common", (path, target)
            elif area[0] == "shell":
                assert where[0] in ("common", "shell"), (path, target)
            elif area[0] == "kinds" and where[0] == "kinds":
                assert target.is_relative_to(kinds / area[1]), (path, target)


def test_pages_call_each_kind_by_its_own_address():
    """Every API address in the JS names its kind (``/api/<kind>/...``) or
    is a job's own (``/api/jobs/<id>``): the server has no other."""
    import re

    called = re.compile(r"""["'`](/api/[^"'`]*)""")
    kinds_or_jobs = re.compile(r"/api/(rotation|sliding|triangle|\$\{[^}]+\})/|/api/jobs/")
    found = {}
    for path in sorted(JS.rglob("*.js")):
        if "vendor" in path.parts:
            continue
        for address in called.findall(path.read_text(encoding="utf-8")):
            if not kinds_or_jobs.match(address):
                found.setdefault(str(path.relative_to(JS)), []).append(address)
    assert not found, found
