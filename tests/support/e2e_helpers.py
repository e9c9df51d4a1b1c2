"""The browser tests' shared helpers: finding and reading the board, waiting
on the page, the pointer and the keyboard, and opening each kind's page with
a given puzzle. Test modules import these from here, never from each other."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from webapp.rotation import Board, Position, parse

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PUZZLES = ROOT / "puzzles"

# rotation
THREE_MOVES = "9\n#########\n        #\n#       #\n#       #\n# 33    #\n#  2    #\n#  2  1 #\n#  2 000#\n#########\n"
# sliding
TWO_AWAY = "1 2 3\n4 5 6\n0 7 8\n"  # ← twice: 7, then 8, slide left into the hole
EIGHT = "1 5 2\n7 0 3\n8 4 6\n"  # the spec's first example: 8 moves
# triangle: the first of the rules' examples would do as well; this one has
# one picture and three placements, so Next shows two more.
SMALL = "2\n4\n1 0 0\n0 0 0\n0 0 -1\n0 0 0\n"


# ------------------------------------------------------ any kind's page
def shot(page, name: str, full_page: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def board(page):
    return page.locator("#board")


def opened(page, path: str) -> None:
    """Go to a kind's page at ``path`` and wait until its board is shown."""
    page.goto(path)
    expect(board(page)).to_have_attribute("data-step", "0")


def data(page, key: str) -> str:
    return board(page).get_attribute(f"data-{key}")


def message(page):
    return page.locator("#board-message")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def wait_for_board(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function("t => document.querySelector('#board').dataset.board === t", arg=text,
                           timeout=timeout)


def count_frames(page) -> None:
    """Keep the time of every frame the browser offers from now on
    (``window.__ticks``): a busy machine offers fewer, and a test of an
    animation counts against them, not against a fixed number."""
    page.evaluate("""() => {
      window.__ticks = [];
      const tick = () => { window.__ticks.push(performance.now()); requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    }""")


def wait_for_step(page, n: int, timeout: float = 15_000) -> None:
    page.wait_for_function("n => document.querySelector('#board').dataset.step === String(n)",
                           arg=n, timeout=timeout)


def wait_still(page) -> None:
    page.wait_for_function("() => !document.querySelector('#board').dataset.animating")


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def open_fresh(browser, url: str, **options):
    """A page in a new browser context (no shared storage) at ``url``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(url)
    return context, page, errors


def touch_drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger on the screen from ``start`` to ``end`` (points, not cells)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind, point=None):
        points = [] if point is None else [{"x": point[0], "y": point[1]}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start)
    for k in range(1, 7):
        touch("touchMove", (start[0] + (end[0] - start[0]) * k / 6, start[1] + (end[1] - start[1]) * k / 6))
    touch("touchEnd")
    cdp.detach()


def focused(page) -> str:
    return page.evaluate("() => document.activeElement ? (document.activeElement.id || "
                         "document.activeElement.tagName) : ''")


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement === document.querySelector(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; focus is on {focused(page)}")


def press(page, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


# ------------------------------------------------------------- rotation
def cell_centre(page, r: int, c: int) -> tuple[float, float]:
    """The screen point at the centre of cell (r, c) of the unturned board."""
    canvas = page.locator("#board")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    board = parse(data(page, "board"))
    size = box["width"]
    s = size / (max(board.width, board.height) + 2)
    left = box["x"] + (size - board.width * s) / 2
    top = box["y"] + (box["height"] - board.height * s) / 2
    return left + (c + 0.5) * s, top + (r + 0.5) * s


def click_cell(page, r: int, c: int) -> None:
    page.mouse.click(*cell_centre(page, r, c))


def drag(page, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A mouse drag from cell ``start`` to cell ``end`` of the rotation board."""
    x0, y0 = cell_centre(page, *start)
    x1, y1 = cell_centre(page, *end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def tool(page, name: str) -> None:
    page.get_by_role("radio", name=name, exact=True).check()


def new_frame(page, size: int) -> None:
    page.locator("#size").fill(str(size))
    button(page, "New frame").click()
    wait_for_board(page, Board.empty_frame(size).text())


def fast(page) -> None:
    page.locator("#speed").select_option("4")


def moves_shown(page) -> str:
    return "".join(page.locator("#moves-list li").all_text_contents())


def engine_end(text: str, moves: str, orientation: int = 0) -> tuple[str, int]:
    """The board text and orientation after settling and playing ``moves``."""
    position = Position(parse(text), orientation).settle().position
    for step in position.play(moves):
        position = step.position
    return position.board.text(), position.orientation


def try_it(page) -> None:
    """Try it mode with the board focused: there the arrows turn the board (in
    Draw mode they move the drawing cursor)."""
    page.get_by_role("tab", name="Try it").click()
    page.locator("#board").focus()


def open_import(page):
    if page.locator("#draw-panel").is_hidden():  # in Try it (a solution is watched there)
        page.get_by_role("tab", name="Draw").click()
    details = page.locator("#import-export")
    if details.get_attribute("open") is None:
        page.get_by_text("Import and export", exact=True).click()
    return page.locator("#import-text")


def import_text(page, text: str) -> None:
    open_import(page).fill(text)
    button(page, "Import text").click()
    wait_for_board(page, text)


def puzzle(name: str) -> str:
    return parse((PUZZLES / name).read_text(encoding="utf-8-sig")).text()


def heavy_with_gap() -> str:
    """A board whose search for "all" goes on until a limit or Cancel ends
    it (the live server sets no states limit): benchmarks/giant.txt with a
    gap opened in its bottom wall."""
    rows = (ROOT / "benchmarks" / "giant.txt").read_text(encoding="utf-8").splitlines()
    rows[-1] = rows[-1][:7] + " " + rows[-1][8:]
    return parse("\n".join(rows) + "\n").text()


def start_big_job(page, pressed: str) -> tuple[str, str]:
    """A board that keeps a worker busy imported on rotation's page, goal
    "all", and ``pressed`` (Solve, Hint) clicked: its text and the job's id
    (a hint is the kind's /hint route's, as on every kind's page)."""
    page.goto("/")
    text = heavy_with_gap()
    import_text(page, text)
    page.locator("#goal").select_option("all")
    route = "/api/rotation/hint" if pressed == "Hint" else "/api/rotation/solve"
    with page.expect_response(lambda r: r.url.endswith(route) and r.request.method == "POST") as started:
        button(page, pressed).click()
    assert started.value.status == 202, started.value.text()
    body = started.value.json()
    return text, body.get("id") or body["job"]


# -------------------------------------------------------------- sliding
def goal(width: int, height: int) -> str:
    n = width * height
    tiles = [(i + 1) % n for i in range(n)]
    return "".join(" ".join(map(str, tiles[r * width:(r + 1) * width])) + "\n" for r in range(height))


def rows(text: str) -> list[list[int]]:
    return [[int(x) for x in line.split()] for line in text.strip().split("\n")]


def use_position(page, text: str) -> None:
    """Type a position into the Set up panel and press Use this position (it
    does not wait: a bad text is never shown; ``open_sliding`` waits for a good one)."""
    details = page.locator("#position-io")
    if details.get_attribute("open") is None:
        page.get_by_text("Type or paste a position", exact=True).click()
    page.locator("#position-text").fill(text)
    button(page, "Use this position").click()


def two_slides_on_eight(page) -> str:
    """On EIGHT, shown: tile 4 up into the hole, then tile 6 left, by the
    keyboard; the moves as a link writes them."""
    page.locator("#board").focus()
    page.keyboard.press("ArrowUp")
    wait_for_board(page, "1 5 2\n7 4 3\n8 0 6\n")
    page.keyboard.press("ArrowLeft")
    wait_for_board(page, "1 5 2\n7 4 3\n8 6 0\n")
    return "4-6"


def open_sliding(page, text: str | None = None) -> None:
    page.goto("/sliding")
    expect(board(page)).to_have_attribute("data-puzzle-kind", "sliding")
    if text is not None:
        use_position(page, text)
        # the page opens on the spec's first example: a board equal to ``text``
        # may be the one it opened on, so wait for the typed one to be taken
        # (a Play pressed before would be stopped by it, as a new start should)
        expect(page.locator("#puzzle-title")).to_have_text("Your position")
        canonical = "".join(" ".join(line.split()) + "\n" for line in text.strip().split("\n"))
        wait_for_board(page, canonical)


def tile_centre(page, tile: int) -> tuple[float, float]:
    box = page.locator(f'#board .tile[data-tile="{tile}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# ------------------------------------------------------------- triangle
def placement(page) -> list:
    return json.loads(board(page).get_attribute("data-placement"))


def wait_filled(page, n: int, timeout: float = 20_000) -> None:
    page.wait_for_function("n => document.querySelector('#board').dataset.filled === String(n)",
                           arg=n, timeout=timeout)


def as_json(placement_) -> list:
    return [None if e is None else {"piece": e[0], "edges": list(e[1])} for e in placement_]


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tray_piece(piece: int) -> str:
    return f'#board .piece.in-tray[data-piece="{piece}"]'


def slot(s: int) -> str:
    return f'#board .slot[data-slot="{s}"]'


def placed(s: int) -> str:
    return f'#board .piece.placed[data-slot="{s}"]'


def drag_piece(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A mouse drag between two screen points, in five steps (a triangle piece)."""
    page.mouse.move(*start)
    page.mouse.down()
    for i in range(1, 6):
        page.mouse.move(start[0] + (end[0] - start[0]) * i / 5, start[1] + (end[1] - start[1]) * i / 5)
    page.mouse.up()


def use_puzzle(page, text: str) -> None:
    details = page.locator("#puzzle-io")
    if details.get_attribute("open") is None:
        page.get_by_text("Import or export the text", exact=True).click()
    page.locator("#puzzle-text").fill(text)
    button(page, "Use this puzzle").click()


def open_triangle(page, text: str | None = None) -> None:
    page.goto("/triangle")
    expect(board(page)).to_have_attribute("data-puzzle-kind", "triangle")
    if text is not None:
        use_puzzle(page, text)
        expect(board(page)).to_have_attribute("data-board", text)
