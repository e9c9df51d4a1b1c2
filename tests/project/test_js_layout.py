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


def _code(path: Path) -> str:
    """The module without its comments (a comment may name an example)."""
    return "\n".join(line.split("//")[0] for line in path.read_text(encoding="utf-8").splitlines())


# What a kind's module may not do to the shell it is given (the host): set
# anything on it, reach into its state, or patch its class.
TOUCHING_THE_SHELL = re.compile(
    r"\b(?:shell|host|pg)\s*\.\s*[A-Za-z_$][\w$.]*(?:\[[^\]]*\])?\s*(?:[-+*/|&]?=)(?!=)"
    r"|Object\.assign\(\s*(?:shell|host|pg)\b"
    r"|\b(?:shell|host|pg)\.state\b"
    r"|extends\s+Playground|\.prototype\b")


def test_no_kind_extends_or_patches_the_shell():
    for path in (JS / "kinds").rglob("*.js"):
        found = TOUCHING_THE_SHELL.findall(_code(path))
        assert not found, (path, found)


def test_the_touching_check_catches_what_it_forbids():
    for line in ("shell.state.timeline = null;", "host.view = v;", "pg.known[key] = 1;", "host.count += 1;",
                 "Object.assign(shell.state, {a: 1});", "const t = host.state.timeline;",
                 "class Mine extends Playground {}", "Playground.prototype.undo = f;"):
        assert TOUCHING_THE_SHELL.search(line), line
    for line in ("host.tryMove(move);", "if (host.busy === true) return;", "const t = host.timelineShown;"):
        assert not TOUCHING_THE_SHELL.search(line), line


def test_a_kind_imports_the_shell_only_to_start_it():
    """A kind's modules reach the shell through the host it is given, never
    by importing its modules: only page.js imports playground.js."""
    for path in (JS / "kinds").rglob("*.js"):
        shell = {t for t in _imports(path) if t.is_relative_to(JS / "shell")}
        expected = {JS / "shell" / "playground.js"} if path.name == "page.js" else set()
        assert shell == expected, (path, shell)


def test_no_shared_module_names_a_kind():
    """The shell and the common modules know no kind: not its name, nor the
    things its puzzle is made of."""
    nouns = re.compile(r"\b(?:sticks?|tiles?|pieces?|placements?|orientation)\b", re.I)
    for path in [*(JS / "shell").glob("*.js"), *(JS / "common").glob("*.js")]:
        text = path.read_text(encoding="utf-8").replace("rotation-playground", "")  # the app's own name
        for name in KINDS:
            assert name not in text, (path, name)
        assert not nouns.findall(_code(path)), (path, nouns.findall(_code(path)))


def test_no_kind_names_a_method_of_the_shell():
    """A kind's hooks are its own names, never one of the shell's methods
    (which a hook of the same name would seem to replace)."""
    methods = set()
    for path in (JS / "shell").glob("*.js"):
        methods |= set(re.findall(r"^  (?:async |get )?([A-Za-z_]\w*)\([^)]*\) \{$", path.read_text(encoding="utf-8"), re.M))
    assert {"undo", "render", "moveOnce", "celebrate", "publish"} <= methods
    for name in KINDS:
        text = (JS / "kinds" / name / "kind.js").read_text(encoding="utf-8")
        body = text[text.index(f"export const {name} = {{"):]
        body = body[:body.index("\n};")]
        keys = set(re.findall(r"^  (?:async )?([A-Za-z_]\w*)(?:\s*:|\()", body, re.M))
        assert "mount" in keys and "name" in keys, (name, keys)
        assert not keys & methods, (name, keys & methods)


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
