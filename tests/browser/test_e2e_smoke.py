"""The page loads in a real browser and solves its example (the server's
side of the smoke test: tests/web/test_web_smoke.py)."""

import pytest


@pytest.mark.browser
def test_page_solves_in_browser(page):
    page.goto("/")
    page.get_by_role("button", name="Solve").click()
    page.get_by_text("Solved in 2 moves: L L").wait_for()
