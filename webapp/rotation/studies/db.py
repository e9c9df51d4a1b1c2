"""Where studies are kept: a SQLite database, one row a study, written as
each ends so that a family stopped half-way goes on; and its summary as
JSON.

>>> from webapp.rotation.board import Board
>>> from webapp.rotation.studies.study import parse_sticks, study
>>> db = StudyDB(":memory:")
>>> board = Board.empty_frame(5)
>>> db.has(board.text(), "1,1,3h")
False
>>> db.add(study(board, parse_sticks("3h,1,1")), gap="4,2")
>>> db.has(board.text(), "1,1,3h")
True
>>> s = summary(db)
>>> s["sizes"]["5x5"]["hardest_turns"], s["sizes"]["5x5"]["sticks"], s["positions"]
(2, '1,1,3h', 54)
"""

from __future__ import annotations

import json
import sqlite3

from .study import Result

__all__ = ["StudyDB", "summary", "write_summary", "size_of"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS studies (
    frame TEXT NOT NULL,          -- the frame in the text format, no sticks
    size TEXT NOT NULL,           -- '6x6': width x height
    gap TEXT NOT NULL,            -- 'row,col' of the one gap, or '' for another frame
    sticks TEXT NOT NULL,         -- the multiset, as parse_sticks reads it
    status TEXT NOT NULL,         -- 'done', or 'too-big' (stopped at max_positions)
    positions INTEGER NOT NULL,   -- positions in the graph (found so far, when too big)
    unsolvable INTEGER,
    hardest_turns INTEGER,        -- NULL when no position is solvable
    hardest_count INTEGER,
    histogram TEXT,               -- JSON: {turns: positions}
    hardest TEXT,                 -- JSON: a few of the hardest positions, as puzzle text
    seconds REAL NOT NULL,
    bytes_per_position REAL,
    max_positions INTEGER,        -- the bound the study ran with (NULL: none)
    PRIMARY KEY (frame, sticks)
)
"""


def size_of(frame_text: str) -> str:
    """``'WxH'`` from a board's text.

    >>> size_of("5\\n#####\\n")
    '5x5'
    """
    words = frame_text.split("\n", 1)[0].split()
    return f"{words[0]}x{words[-1]}".replace(" ", "")


class StudyDB:
    """The studies of one database file (``":memory:"`` for none)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        # a commit a study: without waiting for the disk at each one (a family of
        # small studies spent most of its time there); a crash loses at most the
        # last studies, which the next run does again
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute(_SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def has(self, frame_text: str, sticks: str, max_positions: int | None = None) -> bool:
        """Is this study kept: done, or found too big with a bound at least
        ``max_positions`` (so that running it again could not finish it)?"""
        row = self.db.execute("SELECT status, max_positions FROM studies WHERE frame = ? AND "
                              "sticks = ?", (frame_text, sticks)).fetchone()
        if row is None:
            return False
        status, bound = row
        return status == "done" or (max_positions is not None and bound is not None
                                    and bound >= max_positions)

    def add(self, result: Result, gap: str = "", max_positions: int | None = None) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO studies VALUES (?, ?, ?, ?, 'done', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (result.frame, size_of(result.frame), gap, result.sticks, result.positions,
             result.unsolvable, result.hardest_turns, result.hardest_count,
             json.dumps(result.histogram), json.dumps(result.hardest), result.seconds,
             result.bytes_per_position, max_positions))
        self.db.commit()

    def add_too_big(self, frame_text: str, sticks: str, seen: int, seconds: float, gap: str = "",
                    max_positions: int | None = None) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO studies (frame, size, gap, sticks, status, positions, "
            "seconds, max_positions) VALUES (?, ?, ?, ?, 'too-big', ?, ?, ?)",
            (frame_text, size_of(frame_text), gap, sticks, seen, seconds,
             max_positions))
        self.db.commit()

    def rows(self) -> list[dict]:
        cursor = self.db.execute("SELECT * FROM studies ORDER BY size, gap, sticks")
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor]


def summary(db: StudyDB) -> dict:
    """The database in brief: per frame size the hardest puzzle and the
    totals; the studies left unfinished."""
    sizes: dict[str, dict] = {}
    too_big = []
    for row in db.rows():
        size = sizes.setdefault(row["size"], {
            "studies": 0, "positions": 0, "unsolvable": 0, "seconds": 0.0, "histogram": {},
            "hardest_turns": None, "sticks": None, "gap": None, "board": None,
            "hardest_studies": 0, "unfinished": 0})
        size["studies"] += 1
        size["seconds"] = round(size["seconds"] + row["seconds"], 3)
        if row["status"] != "done":
            size["unfinished"] += 1
            too_big.append({k: row[k] for k in ("size", "gap", "sticks", "positions",
                                                "max_positions")})
            continue
        size["positions"] += row["positions"]
        size["unsolvable"] += row["unsolvable"]
        for turns, count in json.loads(row["histogram"]).items():
            size["histogram"][turns] = size["histogram"].get(turns, 0) + count
        turns = row["hardest_turns"]
        if turns is not None and (size["hardest_turns"] is None or turns > size["hardest_turns"]):
            size.update(hardest_turns=turns, sticks=row["sticks"], gap=row["gap"],
                        board=json.loads(row["hardest"])[0], hardest_studies=0)
        if turns is not None and turns == size["hardest_turns"]:
            size["hardest_studies"] += 1
    for size in sizes.values():
        size["histogram"] = dict(sorted(size["histogram"].items(), key=lambda kv: int(kv[0])))
    return {"studies": sum(s["studies"] for s in sizes.values()),
            "positions": sum(s["positions"] for s in sizes.values()),
            "sizes": sizes, "unfinished": too_big}


def write_summary(db: StudyDB, path: str) -> dict:
    """:func:`summary` written to ``path`` as JSON; returns it."""
    found = summary(db)
    with open(path, "w", encoding="utf-8") as out:
        json.dump(found, out, indent=2)
        out.write("\n")
    return found
