"""Play as the shell owns it for every kind (issue 30): Solve from the
player's position, an addition to the undo chain with the start's answer
a click away (item 4), and the words of a move that come with its picture,
never a move behind (item 5)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import button, data, fast, open_sliding, try_it, wait_for_step

START = "0 1 3\n4 2 5\n7 8 6\n"


def shortest(page, kind: str, body: dict) -> int:
    answer = page.request.post(f"/api/{kind}/solve", data=body).json()
    assert answer["status"] == "solved" and answer["optimal"], answer
    return answer["length"]


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_solve_after_your_moves_solves_from_there_and_undo_walks_back(request, viewport):
    page = request.getfixturevalue("page" if viewport == "desktop" else "phone")
    open_sliding(page, START)  # waits until the typed position is the one shown
    fast(page)
    page.locator("#board").focus()
    page.keyboard.press("ArrowLeft")  # tile 1 into the hole
    wait_for_step(page, 1)
    page.keyboard.press("ArrowUp")  # tile 2 up into it
    wait_for_step(page, 2)
    here = data(page, "board")
    rest = shortest(page, "sliding", {"board": here})
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("From move 2: Solved in")
    expect(page.locator("#move-counter")).to_have_text(f"Move 2 of {2 + rest}")
    assert data(page, "board") == here  # the board stays where the player is
    expect(page.locator("#moves-label")).to_have_text(f"Your moves, then the shortest from there ({2 + rest})")
    # the solution goes on after your moves: Undo walks back through them
    button(page, "Undo").click()
    wait_for_step(page, 1)
    button(page, "Play").click()
    wait_for_step(page, 2 + rest)
    assert data(page, "board") == "1 2 3\n4 5 6\n7 8 0\n"
    # the start's own answer is one click away
    button(page, "From the start").click()
    start = shortest(page, "sliding", {"board": START})
    expect(page.locator("#answer")).to_contain_text(f"Solved in {start} move")
    expect(page.locator("#move-counter")).to_have_text(f"Move 0 of {start}")
    expect(button(page, "From the start")).to_be_hidden()


def test_rotation_solves_from_the_turned_frame(page):
    page.goto("/")
    fast(page)
    try_it(page)
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 1)
    orientation = int(data(page, "orientation"))
    rest = shortest(page, "rotation", {"board": data(page, "board"), "orientation": orientation})
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("From move 1: Solved in")
    expect(page.locator("#move-counter")).to_have_text("Moves: 1")
    expect(page.locator("#moves-list li")).to_have_count(1 + rest)
    button(page, "Play").click()
    wait_for_step(page, 1 + rest)
    expect(page.locator("#board-message")).to_contain_text("out")
    button(page, "From the start").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves: L L")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_words_of_a_move_come_with_its_picture(request, viewport):
    """While a solution plays, the line under the board names the move the
    board is making, not the one before it."""
    page = request.getfixturevalue("page" if viewport == "desktop" else "phone")
    page.goto("/")
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).to_have_count(2)
    page.evaluate("""() => {
      window.__said = [];
      const board = document.querySelector('#board');
      new MutationObserver(() => {
        if (board.dataset.animating) window.__said.push(document.querySelector('#board-message').textContent);
      }).observe(board, {attributes: true, attributeFilter: ['data-animating']});
    }""")
    button(page, "Play").click()
    wait_for_step(page, 2)
    said = page.evaluate("window.__said")
    moves = [int(m.group(1)) for text in said if (m := re.match(r"Move (\d) of 2", text))]
    assert moves and moves[0] == 1 and moves[-1] == 2, said


def test_a_kinds_own_words_name_its_solution(page):
    """The move list's heading is the kind's where it has one: a triangle's
    solution is not a "shortest" (every solution places each piece once)."""
    page.goto("/triangle")
    button(page, "Solve").click()
    expect(page.locator("#moves-label")).to_have_text("The solution, piece by piece (9)")
