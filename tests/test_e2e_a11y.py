"""Accessibility in real Chromium: axe-core on every page and state
(tests/a11y.py), "reduce motion" honoured by the board's animation, focus
rings that are seen and never clipped, and the canvas's highlight and
keyboard cursor drawn so that they stand out from anything under them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from test_e2e import button, open_import, page_expecting_400, wait_for_board, wait_for_step, watch_errors
from test_e2e_pages import PHONE, contrast
from test_e2e_playground import heavy_with_gap, import_text
from webapp.rotation import EXAMPLE, parse

pytestmark = pytest.mark.browser


def try_it(page) -> None:
    page.get_by_role("tab", name="Try it").click()
    expect(page.get_by_role("tab", name="Try it")).to_have_attribute("aria-selected", "true")


# ------------------------------------------------------------ 7: axe-core
def test_axe_playground_states(page_expecting_400):
    page = page_expecting_400
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())
    assert_accessible(page, "playground, Draw")

    try_it(page)
    button(page, "Turn left").click()
    wait_for_step(page, 1)
    assert_accessible(page, "playground, Try it after a turn")

    button(page, "Solve").click()
    expect(page.locator("#moves-list li").first).to_be_visible(timeout=30_000)
    button(page, "Step").click()
    wait_for_step(page, 1)
    assert_accessible(page, "playground, after Solve with the move list")

    page.get_by_role("tab", name="Draw").click()
    open_import(page).fill("5\n#####\n#0 0#\n#   #\n#   #\n## ##\n")
    button(page, "Import text").click()
    expect(page.locator("#import-message")).to_contain_text("split")
    assert_accessible(page, "playground, import section open with an error")

    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value("")
    assert_accessible(page, "playground, share link shown")


def test_axe_during_a_job(page):
    page.goto("/")
    import_text(page, heavy_with_gap())
    page.locator("#goal").select_option("all")
    button(page, "Solve").click()
    expect(page.locator("#progress")).to_be_visible(timeout=15_000)
    assert_accessible(page, "playground, a job in progress")
    button(page, "Cancel").click()
    expect(page.locator("#progress")).to_be_hidden(timeout=15_000)


@pytest.mark.parametrize("path", ["/puzzles", "/how-to-play"])
def test_axe_pages(page, path):
    page.goto(path)
    assert_accessible(page, path)


def test_axe_error_page(browser, live_server):
    context = browser.new_context(base_url=live_server)
    page = context.new_page()
    errors = watch_errors(page)
    response = page.goto("/no-such-page")
    assert response.status == 404
    assert_accessible(page, "404 page")
    context.close()
    # the 404 itself is the only thing the console may report
    assert all("404" in e for e in errors), errors


def test_axe_phone_playground(browser, live_server):
    context = browser.new_context(base_url=live_server, **PHONE)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())
    assert_accessible(page, "playground on a phone")
    context.close()
    assert not errors, errors
