"""Difficulty levels and the puzzle of the day, for every kind.

Each kind says what its levels mean in ``webapp/<kind>/levels.py``: the
figures a puzzle is measured by (``measure``), the band of each level
(``BANDS``, ``level_of``) and random candidates to sort (``candidates``).
Sorting them is slow (every candidate is solved), so it is done once, by

    python -m webapp.levels [KIND ...] [--per-level N] [--seed S]

which writes ``puzzles/levels/<kind>.json`` (the pools stored were built
so, with the defaults: a few minutes, most of it the triangle's): per
level, puzzles with their figures, each proven when the pool was built
(tests/levels/ proves them again); the same arguments build the same pool. A request then only picks from the pool: at once, whatever
the level.

The puzzle of the day is picked the same way from the day's level (by
weekday: easy on Mondays, harder towards Sunday), by a hash of the kind and
the date, so everyone gets the same puzzle on a date.

>>> daily_level(datetime.date(2026, 11, 23)), daily_level(datetime.date(2026, 11, 29))
('easy', 'expert')
>>> daily("sliding", datetime.date(2026, 11, 26)) == daily("sliding", datetime.date(2026, 11, 26))
True
"""

from __future__ import annotations

import argparse
import datetime
import functools
import hashlib
import importlib
import json
import random
import re
import sys
import time

from . import kinds
from .errors import Message
from .resources import folder

#: The levels, easiest first.
LEVELS = ("easy", "medium", "hard", "expert")

#: The day's level by weekday (Monday first): the week gets harder.
WEEK = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")

#: Puzzles a pool keeps per level unless told otherwise, by kind: as many
#: as the kind's candidates give within minutes (a triangle's expert ones
#: take a second each to measure).
PER_LEVEL = {"rotation": 80, "sliding": 60, "triangle": 40}


class LevelError(ValueError):
    """A level or a date the request cannot have (the API's 400)."""


class NoLevels(LookupError):
    """The kind has no pool of puzzles by level (the API's 404)."""


def rules(name: str):
    """The kind's levels module (``webapp/<name>/levels.py``)."""
    return importlib.import_module(f"webapp.{kinds.get(name).name}.levels")


def pool_path(name: str):
    return folder("puzzles") / "levels" / f"{name}.json"


@functools.lru_cache(maxsize=None)
def pool(name: str) -> dict:
    """The kind's pool as stored: ``{"levels": {level: [entry, ...]}, ...}``,
    each entry ``{"board": text, <figures>...}``; :class:`NoLevels` when
    the kind has none."""
    try:
        with pool_path(name).open(encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise NoLevels(Message("the %(kind)s puzzles have no levels (no puzzles/levels/%(kind)s.json: "
                               "python -m webapp.levels %(kind)s builds it)", kind=name)) from None


def check_level(level) -> str:
    if not isinstance(level, str) or level not in LEVELS:
        raise LevelError(Message('"level" must be one of %(levels)s, not %(level)s',
                                 levels=", ".join(LEVELS), level=json.dumps(level)))
    return level


def pick(name: str, level: str, rng: random.Random, instead_of: str | None = None) -> dict:
    """A puzzle of ``level`` from the kind's pool, chosen by ``rng``: its
    entry with ``level`` added. Never the puzzle ``instead_of`` (the text
    of the one on the player's board), so that asking for another puzzle
    of a level always changes the board (a pool holds many of each level).

    >>> shown = pick("sliding", "easy", random.Random(1))["board"]
    >>> all(pick("sliding", "easy", random.Random(seed), shown)["board"] != shown for seed in range(50))
    True
    """
    entries = pool(name)["levels"][check_level(level)]
    others = [entry for entry in entries if entry["board"] != instead_of]
    return {**rng.choice(others or entries), "level": level}


def daily_level(day: datetime.date) -> str:
    return WEEK[day.weekday()]


def daily(name: str, day: datetime.date) -> dict:
    """The puzzle of the day ``day`` for the kind: the same on every call."""
    level = daily_level(day)
    entries = pool(name)["levels"][level]
    digest = hashlib.sha256(f"{name}:{day.isoformat()}".encode()).digest()
    return {**entries[int.from_bytes(digest[:8], "big") % len(entries)], "level": level,
            "date": day.isoformat()}


_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_date(text) -> datetime.date:
    """A date written ``YYYY-MM-DD``; :class:`LevelError` for anything else."""
    if isinstance(text, str) and _DAY.fullmatch(text):
        try:
            return datetime.date.fromisoformat(text)
        except ValueError:
            pass
    raise LevelError(Message('"date" must be a day written YYYY-MM-DD, such as 2026-11-26, not %(text)s',
                             text=json.dumps(text)[:40]))


def today() -> datetime.date:
    """Today in UTC: one date for everyone, wherever they are."""
    return datetime.datetime.now(datetime.timezone.utc).date()


# ------------------------------------------------------------ the building
def build(name: str, per_level: int | None = None, seed: int = 1, max_seconds: float = 900.0,
          say=print) -> dict:
    """Sort the kind's candidates into levels until each level has
    ``per_level`` distinct puzzles (by default the kind's :data:`PER_LEVEL`)
    or ``max_seconds`` pass: the pool. The same arguments build the same pool."""
    kind, own = kinds.get(name), rules(name)
    per_level = PER_LEVEL.get(name, 40) if per_level is None else per_level
    found: dict[str, dict[str, dict]] = {level: {} for level in LEVELS}
    began, tried = time.monotonic(), 0
    for puzzle in own.candidates(random.Random(seed)):
        if all(len(found[level]) >= per_level for level in LEVELS):
            break
        if time.monotonic() - began > max_seconds:
            say(f"{name}: stopped after {max_seconds:g} s")
            break
        tried += 1
        try:
            measured = own.measure(puzzle)
        except Exception as exc:  # too hard to measure (a limit): not a candidate
            if isinstance(exc, (KeyboardInterrupt, MemoryError)):
                raise
            continue
        level = own.level_of(measured)
        text = kind.text(puzzle)
        if level is None or len(found[level]) >= per_level or text in found[level]:
            continue
        found[level][text] = {"board": text, **measured}
    counts = ", ".join(f"{level} {len(found[level])}" for level in LEVELS)
    say(f"{name}: {tried} candidates, kept {counts}")
    return {"kind": name, "meaning": own.MEANING, "bands": own.BANDS, "seed": seed,
            "per_level": per_level,
            "levels": {level: sorted(found[level].values(), key=_order) for level in LEVELS}}


def _order(entry: dict):
    return tuple(value for key, value in sorted(entry.items()) if key != "board"), entry["board"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m webapp.levels",
                                     description="Build the pools of puzzles by level.")
    parser.add_argument("kinds", nargs="*", default=list(kinds.NAMES))
    parser.add_argument("--per-level", type=int, default=None,
                        help="puzzles per level (default: rotation 80, sliding 60, triangle 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=900.0)
    args = parser.parse_args(argv)
    for name in args.kinds:
        built = build(name, args.per_level, args.seed, args.max_seconds)
        path = pool_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(built, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
