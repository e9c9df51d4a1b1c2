"""Answers kept in SQLite, keyed by the board's canonical text, the goal and
the starting orientation, so a repeated or shared puzzle is answered at once.
Only complete answers (solved or unsolvable) are kept: a limit depends on the
limits, not on the puzzle. At most ``CACHE_MAX_ENTRIES`` are kept; the least
recently used go first."""

from __future__ import annotations

import hashlib
import json
import time

from flask import current_app

from .db import get_db
from .jobs import DELIVERY_FIELDS


def key(board_text: str, goal: str, orientation: int = 0) -> str:
    return hashlib.sha256(f"{board_text}\0{goal}\0{orientation}".encode()).hexdigest()


def lookup(board_text: str, goal: str, orientation: int = 0) -> dict | None:
    db = get_db()
    k = key(board_text, goal, orientation)
    row = db.execute("SELECT answer FROM solutions WHERE key = ?", (k,)).fetchone()
    if row is None:
        return None
    with db:
        db.execute("UPDATE solutions SET last_used = ? WHERE key = ?", (time.time(), k))
    return json.loads(row["answer"])


def remember(board_text: str, goal: str, orientation: int, answer: dict) -> None:
    if answer.get("status") not in ("solved", "unsolvable"):
        return
    body = {k: v for k, v in answer.items() if k not in DELIVERY_FIELDS}
    bound = current_app.config.get("CACHE_MAX_ENTRIES")
    db = get_db()
    with db:
        db.execute("INSERT OR REPLACE INTO solutions (key, answer, last_used) VALUES (?, ?, ?)",
                   (key(board_text, goal, orientation), json.dumps(body), time.time()))
        if bound:
            db.execute("DELETE FROM solutions WHERE key IN (SELECT key FROM solutions "
                       "ORDER BY last_used DESC, rowid DESC LIMIT -1 OFFSET ?)", (int(bound),))
