"""Answers kept in SQLite, keyed by the board's canonical text, the goal and
the starting orientation, so a repeated or shared puzzle is answered at once.
Only complete answers (solved or unsolvable) are kept: a limit depends on the
limits, not on the puzzle."""

from __future__ import annotations

import hashlib
import json

from .db import get_db


def key(board_text: str, goal: str, orientation: int = 0) -> str:
    return hashlib.sha256(f"{board_text}\0{goal}\0{orientation}".encode()).hexdigest()


def lookup(board_text: str, goal: str, orientation: int = 0) -> dict | None:
    row = get_db().execute("SELECT answer FROM solutions WHERE key = ?",
                           (key(board_text, goal, orientation),)).fetchone()
    return json.loads(row["answer"]) if row else None


def remember(board_text: str, goal: str, orientation: int, answer: dict) -> None:
    if answer.get("status") not in ("solved", "unsolvable"):
        return
    db = get_db()
    with db:
        db.execute("INSERT OR REPLACE INTO solutions (key, answer) VALUES (?, ?)",
                   (key(board_text, goal, orientation), json.dumps(answer)))
