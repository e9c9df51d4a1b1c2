"""The token of a triangle search stopped by a limit (a
:class:`~webapp.triangle.search.Resume`), as one short string a client
hands back to go on ("Keep searching").

The token is the client's, so nothing in it is trusted: every number is
checked, every picture kept must be a solution, and the search refuses a
place it never was at. A made-up token can at worst give its own answer
wrong counts.

>>> from webapp.triangle.puzzle import Puzzle
>>> from webapp.triangle.solver import solve
>>> p = Puzzle(2, ((1, 2, 0), (-1, 0, 0), (-2, 0, 0), (0, 0, 0)))
>>> r = solve(p, first=10, max_nodes=3).resume
>>> decode(p, 10, encode(p, 10, r)) == r
True
>>> decode(p, 5, encode(p, 10, r))
Traceback (most recent call last):
...
webapp.errors.FieldMisfit: "resume" was made for listing 10 solutions, not 5: solve again
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib

from ..errors import FieldError, FieldMisfit, Message
from .geometry import inner_edges
from .puzzle import turnings
from .search import Resume, classes

__all__ = ["encode", "decode", "MAX_TOKEN"]

#: 2 since the next slot is the one with the fewest fitting pairs (was classes):
#: the tree changed, so a token of version 1 names places it no longer has.
VERSION = 2
#: The longest token taken (characters): 1000 pictures of 64 slots fit.
MAX_TOKEN = 200_000
#: The most a token may unpack to (bytes).
_MAX_UNPACKED = 1_000_000
#: Counts beyond this are not a search's.
_MAX_COUNT = 10 ** 200


def _fingerprint(puzzle) -> str:
    return hashlib.sha256(repr((puzzle.figures, puzzle.pieces)).encode()).hexdigest()[:16]


def encode(puzzle, first: int, resume: Resume) -> str:
    """The token of ``resume`` for ``puzzle`` solved listing ``first``."""
    kinds, _ = classes(puzzle.pieces)
    code = {t: 3 * c + r for c, kind in enumerate(kinds) for r, t in enumerate(turnings(kind))}
    pictures = b"".join(bytes(code[t] for t in picture) for picture in resume.best)
    data = {"v": VERSION, "puzzle": _fingerprint(puzzle), "first": first,
            "path": [resume.path[0], *[list(step) for step in resume.path[1:]]],
            "weights": [resume.unique_top, resume.tied_two, resume.tied_three, resume.fixed],
            "nodes": resume.nodes, "best": base64.b64encode(pictures).decode()}
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _whole(value, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= high


def decode(puzzle, first: int, token) -> Resume:
    """The :class:`Resume` in ``token``, checked against ``puzzle`` and
    ``first``; :class:`~webapp.errors.FieldMisfit` saying what is wrong otherwise
    (:class:`~webapp.errors.FieldError` for a token that is no string at all)."""
    bad = FieldMisfit(Message('"resume" is not a token this server gave for this puzzle: solve again'))
    if not isinstance(token, str) or not token:
        raise FieldError(Message('"resume" must be the token of an answer stopped by a limit'))
    if len(token) > MAX_TOKEN:
        raise bad
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        unpack = zlib.decompressobj()
        raw = unpack.decompress(packed, _MAX_UNPACKED)
        if unpack.unconsumed_tail:
            raise bad
        data = json.loads(raw)
    except (ValueError, binascii.Error, zlib.error, RecursionError):
        raise bad from None
    if not isinstance(data, dict) or data.get("v") != VERSION or data.get("puzzle") != _fingerprint(puzzle):
        raise bad
    if data.get("first") != first:
        raise FieldMisfit(Message('"resume" was made for listing %(value)s solutions, not %(first)s: solve again',
                                  value=repr(data.get("first")), first=first))
    size = len(puzzle.pieces)
    path, weights, nodes = data.get("path"), data.get("weights"), data.get("nodes")
    if (not isinstance(path, list) or not 2 <= len(path) <= size + 1 or not _whole(path[0], 3 * size)
            or not all(isinstance(step, list) and len(step) == 2 and _whole(step[0], size - 1)
                       and _whole(step[1], 3 * size) for step in path[1:])):
        raise bad
    if (not isinstance(weights, list) or len(weights) != 4 or not all(_whole(w, _MAX_COUNT) for w in weights)
            or not _whole(nodes, _MAX_COUNT)):
        raise bad
    try:
        pictures = base64.b64decode(data.get("best"), validate=True)
    except (TypeError, ValueError, binascii.Error):
        raise bad from None
    if len(pictures) % max(size, 1) or len(pictures) // max(size, 1) > first:
        raise bad
    best = tuple(_picture(puzzle, pictures[i:i + size], bad) for i in range(0, len(pictures), size))
    return Resume(tuple([path[0], *[tuple(step) for step in path[1:]]]), *weights, best, nodes)


def _picture(puzzle, codes: bytes, bad: FieldMisfit) -> tuple:
    """A kept picture: every triple a turning of one of the puzzle's
    classes, each class used as often as it has pieces, every inner edge
    fitting."""
    kinds, sizes = classes(puzzle.pieces)
    used = [0] * len(kinds)
    picture = []
    for value in codes:
        c, r = divmod(value, 3)
        if c >= len(kinds) or r >= len(turnings(kinds[c])):
            raise bad
        used[c] += 1
        picture.append(turnings(kinds[c])[r])
    if used != sizes:
        raise bad
    for (a, side_a), (b, side_b) in inner_edges(puzzle.n):
        if picture[a][side_a] + picture[b][side_b] != 0:
            raise bad
    return tuple(picture)
