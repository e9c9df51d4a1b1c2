"""JSON Schemas of the sliding-tile puzzle's request fields and answers, for
the API's OpenAPI description (:mod:`webapp.web.openapi` puts them together
with what every kind shares). Plain data: no Flask, no solver.

``KIND.api_schemas()`` gives :data:`SCHEMAS`; its keys are described in
:class:`webapp.kind_protocol.Kind`.
"""

from __future__ import annotations

from .position import DIRECTIONS, MAX_SIDE, MIN_SIDE

_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_SIDE = {"type": "integer", "minimum": MIN_SIDE, "maximum": MAX_SIDE}
#: JSON's blanks, which the server lets be around a size or a tile's number.
_BLANK = "[ \\t\\n\\r]*"
#: A side written in a size ("4x3"): one digit from MIN_SIDE to MAX_SIDE (zeros before it read as nothing).
_DIGIT = f"0*[{MIN_SIDE}-{MAX_SIDE}]"
_TILE = {"type": "integer", "minimum": 1, "description": "a tile's number"}
_DIRECTION = {"enum": sorted(DIRECTIONS), "description": "the way the tile slides into the hole"}
_STATUS = {"enum": ["solved", "unsolvable", "limit"]}
_METHOD = {"enum": ["parity", "table", "pdb", "book", "manhattan", "construct"],
           "description": "how it was found: parity (unsolvable), an exact distance table, "
                          "pattern databases, a proven shortest solution the library keeps, "
                          "Manhattan distance, or constructed (not proven shortest)"}
_DISTANCES = {"type": "object", "additionalProperties": _COUNT,
              "description": "boards with a distance table: each tile that can move, "
                             "and the exact distance to the goal after moving it"}
_LENGTH = {"type": ["integer", "null"], "minimum": 0, "description": "moves; null unless solved"}
_LOWER_BOUND = {"type": ["integer", "null"], "minimum": 0,
                "description": "proven: every solution is at least this long"}

SCHEMAS = {
    "options": {},
    "move": {"anyOf": [_TILE, _DIRECTION,
                       {"type": "string", "pattern": f"^{_BLANK}[0-9]+{_BLANK}$", "description": "a tile's number"}],
             "description": "the tile that slides (its number), or the way it slides "
                            "(left: the tile right of the hole, as the arrow keys)"},
    "step": _TILE,
    "shuffle": {
        "size": {"anyOf": [_SIDE, {"type": "string", "pattern": f"^{_BLANK}{_DIGIT}{_BLANK}[xX\u00d7]{_BLANK}{_DIGIT}{_BLANK}$"},
                           {"type": "null"}],
                 "default": "4x4", "description": "the board's size: \"4x3\" (width x height) or one side (null: 4x4)"},
        "width": _SIDE,
        "height": {**_SIDE, "description": "default: width"},
        "distance": {"type": ["integer", "null"], "minimum": 0,
                     "description": "exactly this many moves from the goal (boards of up to 9 cells)"},
    },
    "summary": {
        "properties": {
            "width": _INT, "height": _INT,
            "size": {"type": "string", "pattern": "^[0-9]+x[0-9]+$"},
            "tiles": _COUNT,
            "solvable": {"type": "boolean"},
            "optimal": {"type": ["integer", "null"], "minimum": 0,
                        "description": "boards of up to 9 cells: the fewest moves to the goal "
                                       "(null: unsolvable)"},
        },
        "required": ["width", "height", "size", "tiles", "solvable"],
    },
    "answer": {
        "properties": {
            "kind": {"const": "sliding"},
            "status": _STATUS,
            "moves": {"type": "array", "items": _TILE, "description": "the tiles that slide, in order"},
            "length": _LENGTH,
            "optimal": {"type": "boolean", "description": "proven shortest"},
            "lower_bound": _LOWER_BOUND,
            "nodes": _COUNT,
            "seconds": {"type": "number", "minimum": 0},
            "engine": {"type": "string"},
            "method": _METHOD,
            "limit": {"enum": ["seconds", "nodes", "memory", "interrupted", None]},
            "width": _INT, "height": _INT,
            "summary": {"type": "string"},
            "distances": _DISTANCES,
        },
        "required": ["kind", "status", "moves", "length", "optimal", "lower_bound", "nodes",
                     "seconds", "engine", "method", "limit", "width", "height", "summary"],
    },
    "move_answer": {
        "properties": {"board": {"type": "string"}, "moved": _TILE, "direction": _DIRECTION,
                       "solved": {"type": "boolean"}},
        "required": ["board", "moved", "direction", "solved"],
    },
    # its own hint when it is cheap, else the first move of a solve: the
    # fields both have are required
    "hint": {
        "properties": {
            "status": _STATUS,
            "move": {"anyOf": [_TILE, {"type": "null"}],
                     "description": "the tile to move; null at the goal or when unsolvable"},
            "length": _LENGTH,
            "nodes": _COUNT,
            "optimal": {"type": "boolean"},
            "summary": {"type": ["string", "null"]},
            "kind": {"const": "sliding"},
            "tile": {"anyOf": [_TILE, {"type": "null"}]},
            "lower_bound": _LOWER_BOUND,
            "engine": {"type": "string"},
            "method": _METHOD,
            "seconds": {"type": "number", "minimum": 0},
            "distances": _DISTANCES,
        },
        "required": ["status", "move", "length", "nodes", "optimal", "summary"],
    },
}
