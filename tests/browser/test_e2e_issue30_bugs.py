"""The bugs a new player met on the pages (issue 30), each as the player
saw it in Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


def test_a_mangled_link_is_called_damaged_not_a_newer_version(page_expecting_400):
    page = page_expecting_400
    page.goto("/?p=garbage!!")
    expect(page.locator("main")).to_contain_text("This link does not open a puzzle")
    expect(page.locator("main")).to_contain_text("damaged")
    expect(page.locator("main")).not_to_contain_text("version")


@pytest.mark.parametrize("kind", ["sliding", "triangle"])
def test_a_kinds_how_to_page_marks_how_to_play_in_the_top_bar(page, kind):
    page.goto(f"/how-to-play/{kind}")
    expect(page.locator(".topbar a[aria-current=page]")).to_have_text("How to play")
