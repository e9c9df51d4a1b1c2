"""axe-core in the browser tests: ``assert_accessible(page, context=...)``
runs the vendored axe (tests/support/vendor/axe.min.js, see tests/support/vendor/README.md)
on the page as it is now and fails on every serious or critical violation.

axe is handed to the page through Playwright's evaluate (the DevTools
protocol), not as a <script> tag: the page's Content-Security-Policy
(script-src 'self') stays on, so a test that checks accessibility still
fails on any policy violation of the app itself."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
FAILING = ("serious", "critical")

_RUN = """async () => {
  const result = await window.axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary || '',
                               html: n.html.slice(0, 160)})),
  }));
}"""


def inject(page) -> None:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # an expression, evaluated by the protocol rather than by the page's eval
        page.evaluate(AXE.read_text() + "\n;undefined")


def violations(page) -> list[dict]:
    inject(page)
    return page.evaluate(_RUN)


def report(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({v['url']})")
        for n in v["nodes"][:6]:
            lines.append(f"    {n['target']}: {n['html']}")
            lines.extend(f"        {line}" for line in n["summary"].splitlines()[:4])
    return "\n".join(lines)


def assert_accessible(page, context: str = "") -> list[dict]:
    """Fails on serious or critical axe violations; returns the minor ones."""
    found = violations(page)
    bad = [v for v in found if v["impact"] in FAILING]
    assert not bad, f"axe-core, {context or page.url}:\n{report(bad)}"
    return found
