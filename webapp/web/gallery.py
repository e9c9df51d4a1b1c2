"""The puzzle library: ``puzzles/*.txt`` and the catalogue that names them."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache

from flask import current_app

from ..rotation import Board, parse


@dataclass(frozen=True)
class Entry:
    name: str          # the file name without .txt: the puzzle's address
    title: str
    board: Board
    moves: int | None  # optimal move count; None when unsolvable
    states: int | None


def entries() -> tuple[Entry, ...]:
    return _load(current_app.config["PUZZLES_DIR"])


def find(name: str) -> Entry | None:
    for entry in entries():
        if entry.name == name:
            return entry
    return None


def find_board(board: Board) -> Entry | None:
    """The library's entry for ``board``, so that a shared link to a gallery
    puzzle keeps its title and optimal move count; None for other boards."""
    return _by_text(current_app.config["PUZZLES_DIR"]).get(board.text())


@lru_cache(maxsize=4)
def _by_text(folder: str) -> dict[str, Entry]:
    index: dict[str, Entry] = {}
    for entry in _load(folder):
        index.setdefault(entry.board.text(), entry)  # the first listed wins a tie
    return index


@lru_cache(maxsize=4)
def _load(folder: str) -> tuple[Entry, ...]:
    path = os.path.join(folder, "catalogue.json")
    try:
        with open(path, encoding="utf-8") as f:
            catalogue = json.load(f)
    except FileNotFoundError:
        catalogue = [{"file": n} for n in sorted(os.listdir(folder)) if n.endswith(".txt")]
    result = []
    for item in catalogue:
        file = item["file"]
        with open(os.path.join(folder, file), encoding="utf-8", newline="") as f:
            board = parse(f.read())
        name = file.removesuffix(".txt")
        result.append(Entry(name, item.get("title", name), board, item.get("moves"), item.get("states")))
    return tuple(result)
