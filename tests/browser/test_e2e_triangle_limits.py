"""The triangle page when a solve is stopped by its limit (issue 18, item 7):
the solutions found so far are listed and playable, the page says plainly
that they are not all, never names an internal limit, and Keep searching
goes on from where the search stopped.

The server here has a tiny node limit for triangle solves, so the limit is
the subject, not the clock: a 6 x 6 puzzle with two figure kinds has tens of
billions of placements, and no solve of it ends but by the limit."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from apps import serving
from browsing import DESKTOP, SharedContexts, _watched_page
from e2e_helpers import button, open_triangle, placement, wait_filled
from webapp.triangle.generate import random_puzzle
from webapp.triangle.kind import KIND
from webapp.triangle.textformat import write

NODES = 4000
TEXT = write(random_puzzle(6, 2, random.Random(5)))


@pytest.fixture(scope="module")
def small_limit_server(tmp_path_factory):
    with serving(tmp_path_factory, TRIANGLE_MAX_NODES=NODES) as address:
        yield address


@pytest.fixture
def limited_page(request, browser, small_limit_server):
    contexts = SharedContexts(browser, small_limit_server)
    yield from _watched_page(request, contexts, DESKTOP)
    contexts.close()


def test_a_solve_cut_by_its_limit_shows_what_it_found_and_keeps_searching(limited_page):
    page = limited_page
    first = KIND.solve(TEXT, {"first": 100}, max_count=NODES)
    later = KIND.solve(TEXT, {"first": 100, "resume": first["resume"]}, max_count=NODES)
    assert first["status"] == later["status"] == "limit" and later["distinct"] > first["distinct"]
    open_triangle(page, TEXT)
    button(page, "Solve").click()
    answer = page.locator("#answer")
    expect(answer).to_contain_text("Not finished: the search stopped at its limit of steps", timeout=60_000)
    expect(answer).to_contain_text(f"{first['distinct']} distinct pictures")
    expect(answer).to_contain_text("Not all the solutions")
    index = page.locator("#solution-index")
    expect(index).to_have_text("Solution 1 of 100 found so far (not all: the search stopped at its limit of steps)")
    expect(button(page, "Previous")).to_be_disabled()
    expect(button(page, "Next")).to_be_enabled()
    keep = button(page, "Keep searching")
    expect(keep).to_be_visible()
    assert "max_" not in page.locator("main").inner_text()
    # the found solutions can be played and browsed
    button(page, "Step").click()
    wait_filled(page, 1)
    assert placement(page)[0] == first["solutions"][0][0]
    button(page, "Next").click()
    expect(index).to_contain_text("Solution 2 of 100 found so far")
    assert placement(page) == first["solutions"][1]
    # Keep searching goes on from there: the counts grow as the tokens say
    keep.click()
    expect(answer).to_contain_text(f"{later['distinct']} distinct pictures", timeout=60_000)
    expect(answer).to_contain_text("Keep searching goes on")
    expect(index).to_contain_text("Solution 2 of 100 found so far")
    assert placement(page) == later["solutions"][1]
    expect(keep).to_be_visible()
    assert "max_" not in page.locator("main").inner_text()
