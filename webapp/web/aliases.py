"""The addresses from before there were kinds, when rotation was the only
puzzle, in one table: each old address and the route of the kind it stands
for. They answer exactly as they did then (the same fields, the same share
links and short links), so pages, bookmarks and scripts of that time keep
working; every other address names its kind (``/api/<kind>/...``,
``/how-to-play/<kind>``). Outside the registry, this is the one module of
the web layer that names a kind.

>>> API["/api/solve"], OLD_API_ROUTES[:2]
('solve', ('solve', 'jobs'))
>>> kind().name, is_old_kind(kind())
('rotation', True)

The kind the registry marks ``legacy`` (its cache keys, short-link ids and
settings are those of then) is the one whose addresses these are:

>>> kinds.legacy().name == KIND
True
"""

from __future__ import annotations

from .. import kinds

#: The kind the old addresses belong to.
KIND = "rotation"

#: Old API address -> the kind's route that answers it (``/api/<KIND>/<route>``),
#: with that route's methods, fields and answers.
API = {
    "/api/solve": "solve",
    "/api/jobs": "jobs",
    "/api/parse": "parse",
    "/api/move": "move",
    "/api/hint": "hint",
    "/api/share": "share",
    "/api/links": "links",
}
OLD_API_ROUTES = tuple(API.values())

#: ``/api/puzzles``: the kind's puzzles with the fields this address had then
#: (its own view: ``/api/<KIND>/puzzles`` answers with every kind's fields).
PUZZLES = "/api/puzzles"

#: The kind's guide at its old address; ``/how-to-play/<KIND>`` redirects here.
HOW_TO_PLAY = "/how-to-play"


def kind():
    """The kind of the old addresses, or None when it is not registered (a
    test's own set of kinds): then no old address answers."""
    return kinds.get(KIND) if KIND in kinds.names() else None


def is_old_kind(kind) -> bool:
    """Whether ``kind`` is the one the old addresses belong to."""
    return kind is not None and kind.name == KIND


def default_kind():
    """The kind of a puzzle that names none (a catalogue entry, a caller of
    then): the old addresses' kind, else the first."""
    return kind() or kinds.KINDS[0]
