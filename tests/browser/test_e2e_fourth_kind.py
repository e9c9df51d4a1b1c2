"""The proof that the browser's shell is written once for every kind (issue
30): a fourth kind, made up here, with a page of its own and one object of
the contract (tests/support/counter_page/page.js, the counter of
tests/support/counter_kind.py: a whole number, one move "down", the goal
0), is played end to end by the shell with no edit anywhere: drawn, moved
by its button and its key, Undo and Redo, Hint, Solve and Play, the solved
moment, the work kept over a reload and a link with its moves."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader
from playwright.sync_api import expect

from apps import add_kind, serving_app
from browsing import DESKTOP, SharedContexts, _watched_page
from counter_kind import CounterKind
from e2e_helpers import button
from web_helpers import write_catalogue
from webapp.web.assets import version_of
from webapp.webface import WebFace

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "tests" / "support" / "counter_page"


class PageCounter(CounterKind):
    """The counter with a page of its own (the server's third-kind test
    borrows sliding's)."""

    web = WebFace("counter", template="counter.html")


KIND = PageCounter()  # a job imports its kind by the module's name


@pytest.fixture
def counter_site(monkeypatch, tmp_path, tmp_path_factory):
    """The app with the counter in its registry, its page's template, and
    the shell's files beside its kind's module, served on a free port."""
    add_kind(monkeypatch, KIND)
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    (static / "js" / "kinds" / "counter").mkdir()
    shutil.copy(PAGE / "page.js", static / "js" / "kinds" / "counter" / "page.js")
    puzzles = tmp_path / "puzzles"
    write_catalogue(puzzles)
    (puzzles / "counter").mkdir()
    (puzzles / "counter" / "catalogue.json").write_text("[]", encoding="utf-8")
    with serving_app(tmp_path_factory, PUZZLES_DIR=str(puzzles)) as (address, app):
        app.static_folder = str(static)
        app.config["ASSET_VERSION"] = version_of(static)
        app.jinja_env.loader = ChoiceLoader([FileSystemLoader(str(PAGE)), app.jinja_env.loader])
        yield address


@pytest.fixture
def page(request, browser, counter_site):
    contexts = SharedContexts(browser, counter_site)
    yield from _watched_page(request, contexts, DESKTOP)
    contexts.close()


def board(page):
    return page.locator("#board")


def test_the_shell_plays_a_kind_it_has_never_seen(page):
    page.goto("/counter?p=c4")
    expect(board(page)).to_have_text("4")
    expect(board(page)).to_have_attribute("data-board", "4\n")
    page.locator("#down").click()
    expect(board(page)).to_have_text("3")
    expect(page.locator("#board-message")).to_have_text("Down from 4. Moves: 1.")
    board(page).focus()
    page.keyboard.press("ArrowDown")
    expect(board(page)).to_have_text("2")
    expect(page.locator("#move-counter")).to_contain_text("Moves: 2")
    button(page, "Undo").click()
    expect(board(page)).to_have_text("3")
    button(page, "Redo").click()
    expect(board(page)).to_have_text("2")
    button(page, "Hint").click()
    expect(page.locator("#board-message")).to_have_text("Hint: go down.")
    expect(board(page)).to_have_text("2 ↓")
    page.locator("#down").click()
    page.locator("#down").click()
    expect(board(page)).to_have_text("0")
    # the solved moment is the shell's: its panel, against the shortest
    expect(page.locator("#solved-panel")).to_be_visible()
    expect(page.locator("#solved-text")).to_have_text("Solved in 4 moves: the shortest possible. ★")


def test_solve_play_keep_and_share_a_made_up_kind(page):
    page.goto("/counter?p=c3")
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_have_text("Counted down in 3 steps.")
    expect(page.locator("#moves-list li")).to_have_count(3)
    page.locator("#speed").select_option("4")
    button(page, "Play").click()
    expect(board(page)).to_have_text("0")
    expect(page.locator("#move-counter")).to_have_text("Move 3 of 3")
    button(page, "Restart").click()
    expect(board(page)).to_have_text("3")
    # your own moves are kept over a reload, and a link carries them
    page.locator("#down").click()
    expect(board(page)).to_have_text("2")
    page.reload()
    expect(board(page)).to_have_text("2")
    page.locator("#share-moves").check()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"[?&]moves=1\b"))
    link = page.locator("#share-url").input_value()
    page.evaluate("localStorage.clear()")
    page.goto(link)
    expect(board(page)).to_have_text("2")
    expect(page.locator("#board-message")).to_have_text("Played the link's 1 move. Moves: 1.")
