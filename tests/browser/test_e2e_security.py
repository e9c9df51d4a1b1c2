"""The strict Content-Security-Policy in a real browser (issue 8, item 19):
the page runs under it, and a violation is caught, which is what the page
fixtures rely on (the headers themselves: tests/web/test_server_security.py)."""

from __future__ import annotations

import pytest

from browsing import CSP_RECORDER

# spelled out rather than read from webapp: a changed policy fails here too
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")


@pytest.mark.browser
def test_page_runs_under_the_policy(page):
    """The browser tests run with the policy on, and record any violation."""
    response = page.goto("/")
    assert response.headers["content-security-policy"] == CSP
    page.get_by_role("button", name="Solve").click()
    page.get_by_text("Solved in 2 moves").wait_for()
    assert page.evaluate("window.__cspViolations") == []


@pytest.mark.browser
def test_a_violation_is_caught(browser, live_server):
    """What the ``page`` fixture relies on: the policy is enforced and a
    violation is recorded (here on purpose, so not with that fixture)."""
    context = browser.new_context(base_url=live_server)
    try:
        page = context.new_page()
        page.add_init_script(CSP_RECORDER)
        page.goto("/")
        page.evaluate("""() => { const s = document.createElement('style');
            s.textContent = 'body { color: rgb(255, 0, 0) }'; document.head.appendChild(s); }""")
        page.wait_for_function("window.__cspViolations.length > 0")
        assert "style-src" in page.evaluate("window.__cspViolations[0]")
        assert page.evaluate("getComputedStyle(document.body).color") != "rgb(255, 0, 0)"
    finally:
        context.close()
