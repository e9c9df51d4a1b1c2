"""The server stays live under abuse (issue 8, items 14-16): a real waitress
server on a loopback port; pages and small solves answer within a second
while big solves, idle connections or a job flood are under way."""

from __future__ import annotations

import random
import time


def heavy_board(seed: int = 0, size: int = 40, sticks: int = 24) -> str:
    """A ``size`` x ``size`` frame with a one-cell gap and ``sticks`` random
    short sticks: for the goal "all", hundreds of thousands of states."""
    rng = random.Random(seed)
    grid = [["#"] * size] + [["#"] + [" "] * (size - 2) + ["#"] for _ in range(size - 2)] + [["#"] * size]
    grid[-1][size // 2] = " "
    symbols = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    placed = 0
    while placed < sticks:
        length, vertical = rng.randint(1, 3), rng.random() < 0.5
        r = rng.randrange(1, size - 1 - (length if vertical else 0))
        c = rng.randrange(1, size - 1 - (0 if vertical else length))
        cells = [(r + k, c) if vertical else (r, c + k) for k in range(length)]
        if all(grid[y][x] == " " for y, x in cells):
            for y, x in cells:
                grid[y][x] = symbols[placed]
            placed += 1
    return f"{size}\n" + "\n".join("".join(row) for row in grid) + "\n"


def wait_until(predicate, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False
