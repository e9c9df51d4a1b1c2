"""Answers kept in SQLite (or PostgreSQL: :mod:`.store`), keyed by the puzzle's kind, its canonical text and
the kind's options (rotation: the goal and the starting orientation), so a
repeated or shared puzzle is answered at once. Only complete answers are kept
(unsolvable, or solved and shortest): a limit, or a solution not proven
shortest, depends on the limits, not on the puzzle.
At most ``CACHE_MAX_ENTRIES`` are kept; the least recently used go first.
The cache only saves work: should its database not answer, a lookup is a
miss and an answer is not kept (the store says so in the log).

The key is a hash of the kind's name, the text and the options, the same
way for every kind. Rotation's answers kept by an earlier version were
keyed by the text and options alone: they are not read (never found), and
go as the least recently used once the cache is full (docs/serving.md).

>>> from webapp.kinds import get
>>> key(get("rotation"), "3\\n###\\n# #\\n###\\n", {"goal": "any", "orientation": 0}) == \\
...     hashlib.sha256('rotation\\x003\\n###\\n# #\\n###\\n\\x00{"goal": "any", "orientation": 0}'
...                    .encode()).hexdigest()
True
>>> key(get("sliding"), "1 2\\n3 0\\n", {}) == key(get("rotation"), "1 2\\n3 0\\n", {})
False
"""

from __future__ import annotations

import hashlib
import json

from flask import current_app

from ..answer import kept
from .store import StoreDown, current


def key(kind, text: str, options: dict, task: str = "solve") -> str:
    """The key of ``kind``'s answer of ``task`` (a solve, a hint, ...) for
    ``text`` (the puzzle's canonical text) with ``options``. A solve's key
    names the kind alone, as it always has: a cache kept from before stays
    found."""
    name = kind.name if task == "solve" else f"{kind.name}/{task}"
    return hashlib.sha256(f"{name}\0{text}\0{json.dumps(options, sort_keys=True)}".encode()).hexdigest()


def lookup(kind, text: str, options: dict, task: str = "solve") -> dict | None:
    try:
        found = current().answer(key(kind, text, options, task))
    except StoreDown:
        return None
    return None if found is None else json.loads(found)


def remember(kind, text: str, options: dict, answer: dict, task: str = "solve") -> None:
    if answer.get("status") not in ("solved", "unsolvable") or answer.get("optimal") is False \
            and answer.get("status") == "solved":
        return
    body = kept(answer)
    try:
        current().remember(key(kind, text, options, task), json.dumps(body),
                           current_app.config.get("CACHE_MAX_ENTRIES"))
    except StoreDown:
        pass
