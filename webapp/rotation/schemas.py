"""JSON Schemas of the rotation puzzle's request fields and answers, for the
API's OpenAPI description; plain data (keys: :class:`webapp.kind_protocol.Kind`)."""

from __future__ import annotations

from .board import MAX_SIZE, MIN_SIZE, SYMBOLS

_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_SYMBOL = {"type": "string", "minLength": 1, "maxLength": 1, "description": "a stick's symbol"}
_CELL = {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2,
         "description": "[row, column] in the frame's own coordinates"}
_TURN = {"enum": ["L", "R"], "description": "a quarter turn of the frame: L anticlockwise, R clockwise"}

#: One step of play: a turn (or null: settling alone) and where the sticks are after it.
STEP = {
    "type": "object",
    "properties": {
        "move": {"enum": ["L", "R", None], "description": "the turn, or null for settling alone"},
        "orientation": {"type": "integer", "minimum": 0, "maximum": 3,
                        "description": "quarter turns clockwise from the start, after the step"},
        "sticks": {"type": "object", "additionalProperties": _CELL,
                   "description": "every stick left: its symbol and its top-left cell"},
        "moved": {"type": "object", "additionalProperties": _COUNT,
                  "description": "how far each stick that moved fell"},
        "released": {"type": "array", "items": _SYMBOL, "description": "the sticks that fell out"},
    },
    "required": ["move", "orientation", "sticks", "moved", "released"],
}

_SIDE = {"type": "integer", "minimum": MIN_SIZE, "maximum": MAX_SIZE}

SCHEMAS = {
    "options": {
        # blank is the default, and JSON's blanks around it are let be, as the server reads it
        "goal": {"type": "string", "pattern": "^[ \\t\\n\\r]*(any|all|stick:[^ \\t\\n\\r])?[ \\t\\n\\r]*$",
                 "default": "any",
                 "description": "any stick out, all of them, or stick:S (S a stick's symbol)"},
        "orientation": {"type": "integer", "minimum": 0, "maximum": 3, "default": 0,
                        "description": "the side gravity points at: quarter turns clockwise"},
    },
    "move": {"enum": ["L", "R", None], "description": "L or R, or null to settle the board alone"},
    "step": _TURN,
    "shuffle": {
        "size": {**_SIDE, "default": 7, "description": "the side of a square frame"},
        "width": {**_SIDE, "description": "the frame's width (default: size)"},
        "height": {**_SIDE, "description": "the frame's height (default: width)"},
        "sticks": {"type": "integer", "minimum": 1, "maximum": len(SYMBOLS), "default": 2},
    },
    "summary": {
        "properties": {
            "width": _INT, "height": _INT,
            "sticks": {**_COUNT, "description": "how many sticks"},
            "gaps": {"type": "array", "items": _CELL, "description": "the border cells that are open"},
        },
        "required": ["width", "height", "sticks", "gaps"],
    },
    "answer": {
        "properties": {
            "status": {"enum": ["solved", "unsolvable", "limit"]},
            "goal": {"type": "string"},
            "moves": {"type": "string", "pattern": "^[LR]*$",
                      "description": "the shortest solution: L and R turns"},
            "length": {"type": ["integer", "null"], "minimum": 0,
                       "description": "the number of moves; null unless solved"},
            "states": _COUNT,
            "depth": _COUNT,
            "seconds": {"type": "number", "minimum": 0},
            "limit": {"enum": ["states", "time", "memory", "interrupted", None],
                      "description": "what stopped the search (status limit), else null"},
            "summary": {"type": "string"},
            "reason": {"type": ["string", "null"], "description": "why it was decided without a search"},
            "width": _INT, "height": _INT,
            "sticks": {"type": "array", "items": {
                "type": "object", "required": ["symbol", "length", "vertical"],
                "properties": {"symbol": _SYMBOL, "length": _COUNT, "vertical": {"type": "boolean"}}}},
            "start": {"anyOf": [STEP, {"type": "null"}], "description": "the board settled before any move"},
            "trajectory": {"type": "array", "items": STEP, "description": "every move's step"},
            "engine": {"enum": ["c", "reference", "numpy"],
                       "description": "the search that computed it; numpy: an answer cached "
                                      "before that engine was retired"},
            "optimal": {"type": "boolean", "description": "a rotation answer is shortest when solved"},
        },
        "required": ["status", "goal", "moves", "length", "states", "depth", "seconds", "limit",
                     "summary", "width", "height", "sticks", "trajectory", "engine", "optimal"],
    },
    "move_answer": {
        "properties": {**STEP["properties"], "board": {"type": "string"},
                       "solved": {"type": "boolean", "description": "this step reached the goal"}},
        "required": [*STEP["required"], "board", "solved"],
    },
}
