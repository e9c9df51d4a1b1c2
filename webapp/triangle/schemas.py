"""JSON Schemas of the triangle puzzle's request fields and answers, for the
API's OpenAPI description; plain data (keys: :class:`webapp.kind_protocol.Kind`)."""

from __future__ import annotations

from .generate import MAX_FIGURES, MAX_SIDE, MAX_UNIQUE_SIDE
from .resume import MAX_TOKEN
from .trace import MAX_EVENTS

_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_EDGES = {"type": "array", "items": _INT, "minItems": 3, "maxItems": 3,
          "description": "the piece's three edges as placed: a turning of the piece"}
_PLACED = {"type": "object", "properties": {"piece": _COUNT, "edges": _EDGES},
           "required": ["piece", "edges"]}
#: A placement: one entry a slot, null when the slot is empty.
PLACEMENT = {"type": "array", "items": {"anyOf": [_PLACED, {"type": "null"}]}}
#: A piece's edges in a request: left out or null, the piece as written.
_GIVEN_EDGES = {"anyOf": [_EDGES, {"type": "null"}], "description": "left out or null: as written"}
#: A placement as a request sends it.
_PLACING = {"type": "array", "items": {"anyOf": [
    {"type": "object", "required": ["piece"], "properties": {"piece": _COUNT, "edges": _GIVEN_EDGES}},
    {"type": "null"}]}}
_STATUS = {"enum": ["solved", "unsolvable", "limit"]}
_LIMIT = {"enum": ["max_nodes", "max_seconds", "interrupted", None],
          "description": "what stopped the search, else null"}
_SOLUTIONS = {"type": "array", "items": {"type": "array", "items": _PLACED},
              "description": "placements, each a piece and its edges for every slot"}

#: The fields both kinds of solve answer have: what was found, and the search's work.
_SEARCHED = {"solutions": _SOLUTIONS, "nodes": _COUNT, "seconds": {"type": "number", "minimum": 0},
             "engine": {"type": "string"}, "optimal": {"type": "boolean"}, "summary": {"type": "string"}}


def schemas(first: int, max_first: int) -> dict:
    """The schemas, with the default and the most of ``first`` (solutions listed)."""
    return {**_SCHEMAS, "options": {**_SCHEMAS["options"], "first": {
        "type": "integer", "minimum": 1, "maximum": max_first, "default": first,
        "description": "how many solutions a solve lists"}}}


_SCHEMAS = {
    "options": {
        "first": {},  # see schemas()
        "placement": {"anyOf": [_PLACING, {"type": "null"}],
                      "description": "the slots filled so far (a move and a hint start from it)"},
        "events": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_EVENTS,
                   "description": "how many of the search's first moves a trace keeps"},
        "resume": {"type": ["string", "null"], "minLength": 1, "maxLength": MAX_TOKEN,
                   "description": "the token of an answer stopped by a limit (its resume): the "
                                  "solve goes on where that search stopped"},
    },
    "move": {"type": "object",
             "properties": {"slot": _COUNT, "piece": {"type": ["integer", "null"], "minimum": 0},
                            "edges": _GIVEN_EDGES},
             "required": ["slot"],
             "description": "a piece put in a slot (edges left out: as written), turned, "
                            "or taken out (piece null)"},
    "shuffle": {
        "size": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE, "default": 3,
                 "description": "the triangle's side: size x size pieces"},
        "figures": {"type": "integer", "minimum": 0, "maximum": MAX_FIGURES, "default": 4,
                    "description": "kinds of figure on the edges"},
        "unique": {"type": "boolean", "default": False,
                   "description": f"a puzzle with one picture only (sides up to {MAX_UNIQUE_SIDE})"},
    },
    "summary": {
        "properties": {"width": _INT, "height": _INT, "size": _INT, "pieces": _COUNT,
                       "figures": _COUNT},
        "required": ["width", "height", "size", "pieces", "figures"],
    },
    "answer": {
        "properties": {
            "status": _STATUS,
            "count": {**_COUNT, "description": "placements (found so far at a limit)"},
            "count_text": {"type": "string", "pattern": "^[0-9]+$",
                           "description": "count in decimal (beyond 2**53 too)"},
            "distinct": {**_COUNT, "description": "pictures up to turning the whole triangle"},
            "distinct_text": {"type": "string", "pattern": "^[0-9]+$"},
            "solutions": _SOLUTIONS,
            "complete": {"type": "boolean", "description": "the count is final"},
            "limit": _LIMIT,
            "resume": {"type": ["string", "null"],
                       "description": "stopped by a limit: a token to send as the resume option "
                                      "to go on from there; else null"},
            **_SEARCHED},
        "required": ["status", "count", "count_text", "distinct", "distinct_text", "complete",
                     "limit", *_SEARCHED]},
    "trace": {
        "properties": {
            "status": _STATUS,
            "limit": _LIMIT,
            "trace": {"type": "object",
                      "properties": {"events": {"type": "array", "items": {
                                         "type": "object", "required": ["act", "slot", "piece"],
                                         "properties": {"act": {"enum": ["place", "take"]},
                                                        "slot": _COUNT, "piece": _COUNT,
                                                        "turn": _COUNT, "edges": _EDGES}}},
                                     "made": _COUNT, "takebacks": _COUNT,
                                     "cut": {"type": "boolean"}, "steps": _COUNT},
                      "required": ["events", "made", "takebacks", "cut", "steps"]},
            **_SEARCHED},
        "required": ["status", "limit", "trace", *_SEARCHED]},
    "move_answer": {
        "properties": {
            "board": {"type": "string"},
            "placement": PLACEMENT,
            "moved": {**_COUNT, "description": "the slot changed"},
            "misfits": {"type": "array", "items": {"type": "array", "items": _INT, "minItems": 4,
                                                   "maxItems": 4},
                        "description": "inner edges that do not fit: [slot, side, slot, side]"},
            "filled": _COUNT,
            "solved": {"type": "boolean"},
        },
        "required": ["board", "placement", "moved", "misfits", "filled", "solved"],
    },
    "hint": {
        "properties": {
            "status": _STATUS,
            "move": {"anyOf": [{"type": "object", "required": ["slot", "piece", "edges"],
                                "properties": {"slot": _COUNT, "piece": _COUNT, "edges": _EDGES}},
                               {"type": "null"}],
                     "description": "one more piece for the first empty slot, or (with turn) a placed "
                                    "piece turned in its slot; null when none"},
            "turn": {"type": "boolean",
                     "description": "the move turns a piece in its slot: no solution keeps it turned as it is"},
            "message": {"type": "string", "description": "the words for the player when there is no move"},
            "within": {"type": "object", "description": "at the limit: the bound reached, tries or seconds",
                       "properties": {"tries": _COUNT, "seconds": {"type": "number", "minimum": 0}}},
            "nodes": _COUNT,
            "summary": {"type": "string"},
            "engine": {"type": "string"},
            "optimal": {"type": "boolean"},
            "seconds": {"type": "number", "minimum": 0},
        },
        "required": ["status", "move", "nodes", "summary"],
    },
}
