"""A short link refused because the server's link store is full (issue 29,
finding 5): the page says so in the server's sentence and puts the long
link, the puzzle in the address, in the field to copy instead."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from apps import serving
from e2e_helpers import button, open_fresh


@pytest.fixture(scope="module")
def full_server(tmp_path_factory):
    with serving(tmp_path_factory, LINK_STORE_MAX_BYTES=1) as address:
        yield address


def test_a_full_link_store_gives_the_long_link_instead(browser, full_server):
    context, page, errors = open_fresh(browser, f"{full_server}/")
    try:
        board = page.locator("#board")
        expect(board).to_have_attribute("data-board", re.compile("#"))
        button(page, "Make short link").click()
        expect(page.locator("#share-message")).to_have_text(
            "the link store is full: copy the long link instead")
        expect(page.locator("#share-url")).to_have_value(re.compile(rf"^{full_server}/\?p=A"))
        long_link = page.locator("#share-url").input_value()
        drawn = board.get_attribute("data-board")
    finally:
        context.close()
    # Chromium's own line for the refusal, which the page handles: nothing else
    assert errors == ["Failed to load resource: the server responded with a status of 507 (INSUFFICIENT STORAGE)"]
    context, fresh, errors = open_fresh(browser, long_link)
    try:
        expect(fresh.locator("#board")).to_have_attribute("data-board", drawn)
    finally:
        context.close()
    assert not errors
