"""The pages' files in real Chromium: a first visit asks for every module of
a playground at once (the preload links), a second visit asks for none (the
versioned addresses are kept); and the shared browser contexts of these
tests keep nothing of one test for the next."""

from __future__ import annotations

import pytest

from browsing import DESKTOP
from e2e_helpers import wait_for_board
from webapp import kinds

RESOURCES = """() => performance.getEntriesByType('resource')
  .filter(r => r.name.includes('/assets/'))
  .map(r => ({name: new URL(r.name).pathname, by: r.initiatorType, bytes: r.transferSize,
              start: r.startTime, end: r.responseEnd}))"""


def _loaded(page, path: str) -> list[dict]:
    page.goto(path)
    page.wait_for_function("() => document.querySelector('#board')?.dataset.board")
    return page.evaluate(RESOURCES)


@pytest.mark.parametrize("kind", [k.name for k in kinds.KINDS])
def test_a_first_visit_preloads_every_module_and_a_second_asks_for_none(browser, live_server, kind):
    context = browser.new_context(base_url=live_server, **DESKTOP)  # its own: an empty cache
    try:
        page = context.new_page()
        path = kinds.get(kind).web.page_path
        first = [r for r in _loaded(page, path) if r["name"].endswith(".js")]
        assert len(first) > 10
        # the page's script, and the colour theme's that every page loads first
        scripts = {r["name"].rsplit("/js/", 1)[1] for r in first if r["by"] == "script"}
        assert scripts == {"common/theme.js", f"kinds/{kind}/page.js"}, first
        script = [r for r in first if r["by"] == "script" and r["name"].endswith("/page.js")]
        waited = [r["name"] for r in first if r["start"] > script[0]["end"]]
        assert waited == [], "every module is asked for before the page's script has come (preloads)"
        assert all(r["bytes"] > 0 for r in first), "the first visit fetched them"
        again = context.new_page()
        second = _loaded(again, path)
        assert {r["name"] for r in second} >= {r["name"] for r in first}
        assert [r["name"] for r in second if r["bytes"] > 0] == [], "the second visit asks for no file"
    finally:
        context.close()


def test_a_wiped_context_keeps_nothing_of_the_test_before(contexts, live_server):
    context = contexts.get(DESKTOP)
    page = context.new_page()
    page.goto("/sliding")
    page.evaluate("() => { localStorage.setItem('left', 'behind'); document.cookie = 'left=behind'; }")
    context.grant_permissions(["clipboard-read"], origin=live_server)
    context.new_page()
    contexts.wipe(context)
    assert context.pages == []

    fresh = context.new_page()
    fresh.goto("/sliding")
    wait_for_board(fresh, kinds.get("sliding").text(kinds.get("sliding").parse(kinds.get("sliding").example)))
    assert fresh.evaluate("() => localStorage.getItem('left')") is None
    assert "left=" not in fresh.evaluate("() => document.cookie")
    state = fresh.evaluate("async () => (await navigator.permissions.query({name: 'clipboard-read'})).state")
    assert state != "granted"
    contexts.wipe(context)
