"""The puzzle library: the files under ``puzzles/`` and the catalogue that
names them (``puzzles/catalogue.json``). An entry's ``kind`` says which
puzzle kind it is (when it does not say, the front page's kind:
:func:`webapp.kinds.home`); files of other kinds live
in their own folder (``puzzles/sliding/...``), named in the catalogue by
their path. A folder ``puzzles/<kind>/`` may also hold its own
``catalogue.json``, whose entries are of that kind and whose files are in
that folder."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache

from flask import current_app
from flask_babel import format_decimal, get_translations, gettext, ngettext, npgettext

from .. import kinds, words
from ..histogram import chart
from . import language


@dataclass(frozen=True)
class Entry:
    name: str          # the file's path without .txt, "/" as "-": the puzzle's address
    title: str
    board: object      # the puzzle, as its kind's parse gives it
    moves: int | None  # optimal move count; None when unsolvable
    states: int | None
    kind: str          # the puzzle kind's name
    notes: str | None = None
    facts: tuple[str, ...] = ()  # what its card says, in the kind's words
    difficulty: tuple = ()  # sorts the entries of one kind, easiest first: see _difficulty
    #: the title and notes in the other languages: (language, title, notes), from the entry's "de"...
    translated: tuple[tuple[str, str, str | None], ...] = ()


def entries() -> tuple[Entry, ...]:
    return _load(current_app.config["PUZZLES_DIR"])


def summary(entry: Entry) -> dict:
    """The kind's summary of ``entry``'s puzzle (size, sticks...): worked
    out once per library, not per request (the puzzles API lists them all,
    and a rotation summary looks at every cell of the frame)."""
    return dict(_summaries(current_app.config["PUZZLES_DIR"])[entry.name])


@lru_cache(maxsize=4)
def _summaries(folder: str) -> dict[str, dict]:
    return {e.name: kinds.get(e.kind).summary(e.board) for e in _load(folder)}


def find(name: str) -> Entry | None:
    for entry in entries():
        if entry.name == name:
            return entry
    return None


def next_entry(entry: Entry) -> Entry | None:
    """The gallery's next puzzle of ``entry``'s kind, in the catalogue's
    order, the first again after the last; None when it is the only one."""
    same = [e for e in entries() if e.kind == entry.kind]
    if len(same) < 2:
        return None
    return same[(same.index(entry) + 1) % len(same)]


def by_difficulty(shown) -> list[Entry]:
    """``shown`` easiest first: each kind's entries by their ``difficulty``,
    the kinds interleaved by rank (a kind's easiest third before any kind's
    middle third), so that one kind's long list does not push the others to
    the end."""
    order = {name: i for i, name in enumerate(kinds.names())}
    ranked = []
    for name in order:
        same = sorted((e for e in shown if e.kind == name), key=lambda e: e.difficulty)
        ranked += [((i + 0.5) / len(same), order[name], e) for i, e in enumerate(same)]
    return [e for *_, e in sorted(ranked, key=lambda r: r[:2])]


def _difficulty(item: dict) -> tuple:
    """How hard a catalogue entry is, from what the catalogue says of it:
    the optimal move count (a puzzle with no solution after every one that
    has), then the positions searched; a triangle puzzle's pieces, then the
    fewer pictures that solve it the harder."""
    if "count" in item or "pieces" in item:
        return (item.get("pieces") or 0, -(item.get("distinct") or 0))
    moves = item.get("moves")
    return (moves is None, moves or 0, item.get("states") or 0)


def find_board(board, kind: str | None = None) -> Entry | None:
    """The library's entry for ``board`` of ``kind`` (by default the
    catalogue's own kind), so that a shared link to a gallery puzzle keeps
    its title and optimal move count; None for other puzzles."""
    kind = kind or kinds.home().name
    return _by_text(current_app.config["PUZZLES_DIR"]).get((kind, kinds.get(kind).text(board)))


@lru_cache(maxsize=4)
def _by_text(folder: str) -> dict[tuple[str, str], Entry]:
    index: dict[tuple[str, str], Entry] = {}
    for entry in _load(folder):
        key = (entry.kind, kinds.get(entry.kind).text(entry.board))
        index.setdefault(key, entry)  # the first listed wins a tie
    return index


def _catalogue(folder: str) -> list[dict]:
    path = os.path.join(folder, "catalogue.json")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return [{"file": n} for n in sorted(os.listdir(folder)) if n.endswith(".txt")]


@lru_cache(maxsize=4)
def _load(folder: str) -> tuple[Entry, ...]:
    items = [(item, "") for item in _catalogue(folder)]
    known, plain = kinds.names(), kinds.home().name
    for name in known:  # a kind's own folder with its own catalogue
        sub = os.path.join(folder, name, "catalogue.json")
        if name != plain and os.path.isfile(sub):
            items += [({"kind": name, **item}, name + "/") for item in _catalogue(os.path.dirname(sub))]
    result = []
    for item, prefix in items:
        kind = item.get("kind", plain)
        if kind not in known:  # a kind this checkout does not have
            continue
        file = prefix + item["file"]
        with open(os.path.join(folder, file), encoding="utf-8", newline="") as f:
            board = kinds.get(kind).parse(f.read())
        name = file.removesuffix(".txt").replace("/", "-")
        facts = tuple(card_facts(kinds.get(kind), board, item))
        result.append(Entry(name, item.get("title", name), board, item.get("moves"), item.get("states"),
                            kind, item.get("notes"), facts, _difficulty(item), _translated(item)))
    return tuple(result)


def _translated(item: dict) -> tuple[tuple[str, str, str | None], ...]:
    """A catalogue entry's title and notes in the other languages: each
    under its language's code, beside the English (``"de": {"title": ...,
    "notes": ...}``), so that a puzzle and its words are added in one place
    (docs/translating.md)."""
    return tuple((lang, item[lang]["title"], item[lang].get("notes"))
                 for lang in language.LANGUAGES if lang != language.DEFAULT and lang in item)


def title_of(entry: Entry) -> str:
    """``entry``'s title in the page's language (English when the catalogue
    has none in it)."""
    return next((title for lang, title, _ in entry.translated if lang == language.current()), entry.title)


def card_facts(kind, puzzle, item: dict) -> list[str]:
    """A card's facts: the kind's own (its web face's ``card_facts``), else
    the size and the shortest solution's length (``moves`` in the
    catalogue; none: no solution)."""
    if kind.web.card_facts is not None:
        return kind.web.card_facts(puzzle, item)
    summary = kind.summary(puzzle)
    moves = item.get("moves")
    return [f"{summary['width']} × {summary['height']}",
            "no solution" if moves is None else f"{moves} move{'s' if moves != 1 else ''}"]


#: A card's fact as the kinds write it ("2 sticks", "29,148 placements"):
#: a count and its noun. The kinds know no gettext, so the gallery says
#: their facts again in the page's language (:func:`fact_words`).
_COUNTED = re.compile(r"(\d[\d,]*) (\w+)")


def fact_words(fact: str, kind: str) -> str:
    """A card's ``fact`` in the page's language; a fact of a shape not
    known here is shown as the kind wrote it (a size, "5 × 5", needs none).

    >>> fact_words("no solution", "rotation"), fact_words("5 × 5", "rotation"), fact_words("3 widgets", "sliding")
    ('no solution', '5 × 5', '3 widgets')
    """
    if fact == "no solution":
        return gettext("no solution")
    counted = _COUNTED.fullmatch(fact)
    if counted is None:
        return fact
    n, noun = int(counted.group(1).replace(",", "")), counted.group(2).removesuffix("s")
    count = format_decimal(n)  # 1,234 or 1.234: ngettext would give %(num)s unformatted
    if noun == "move" and kinds.get(kind).web.move_words[0] == "turn":
        # the card says "moves", but the kind's move is a turn: a Drehung, not a Zug
        return npgettext("turn", "%(count)s move", "%(count)s moves", n, count=count)
    words = {
        "move": lambda: ngettext("%(count)s move", "%(count)s moves", n, count=count),
        "stick": lambda: ngettext("%(count)s stick", "%(count)s sticks", n, count=count),
        "piece": lambda: ngettext("%(count)s piece", "%(count)s pieces", n, count=count),
        "picture": lambda: ngettext("%(count)s picture", "%(count)s pictures", n, count=count),
        "placement": lambda: ngettext("%(count)s placement", "%(count)s placements", n, count=count),
    }
    return words[noun]() if noun in words else fact


def _chart(record: dict) -> str:
    with words.speaking(get_translations()):
        return chart(record["histogram"], record.get("unsolvable", 0), number=format_decimal)


def studies() -> list[dict]:
    """The exhaustive studies behind the proven records (``records.json``
    beside the catalogue), each with its histogram drawn; none when the
    library has no records."""
    return list(_studies(current_app.config["PUZZLES_DIR"], language.current()))


@lru_cache(maxsize=8)
def _studies(folder: str, lang: str) -> tuple[dict, ...]:
    """Drawn once a language (their charts' words and numbers)."""
    try:
        with open(os.path.join(folder, "records.json"), encoding="utf-8") as f:
            records = json.load(f)
    except FileNotFoundError:
        return ()
    shown = []
    for record in records:
        if not record.get("proven") or not record.get("histogram"):
            continue
        entry = find_board(kinds.home().parse(record["board"]))
        shown.append({"frame": record["frame"].replace("x", " × "), "turns": record["turns"],
                      "max_sticks": record.get("max_sticks"), "longest": record.get("longest"),
                      "positions": record.get("positions"),
                      "studies": record.get("studies"), "unsolvable": record.get("unsolvable", 0),
                      "chart": _chart(record),
                      "hardest": entry.name if entry else None})
    return tuple(shown)
