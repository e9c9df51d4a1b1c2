"""``/api/<kind>/animation.gif?p=<code>[&moves=...][&size=...]``: a puzzle's
shortest solution (or a link's moves) as an animated GIF, for every kind
that draws one (its ``film``: :mod:`webapp.film`).

The shortest solution is one the request may have: cached, or cheap
enough to find on the spot (:func:`webapp.web.solving.quick`); a puzzle
that needs a worker is a 409 that says to solve it on its page first (the
solve then fills the cache, and the animation follows). A link's moves
that the kind cannot read, or this puzzle not play, are a 409 too, as
fields that do not fit their puzzle are in the API (:class:`webapp.errors.Misfit`). Bounded by
``ANIMATION_MAX_MOVES`` and ``ANIMATION_MAX_BYTES`` (413), the size by
:data:`SIZES` (400), and drawn at most ``ANIMATION_RATE_LIMIT`` times a
client (429 with Retry-After); the GIFs drawn are kept in an LRU in the
process, by kind, share code, moves and size.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Blueprint, Response, current_app, jsonify, request

from .. import film, kinds
from ..errors import BAD_INPUT, FieldError
from . import limits, solving

bp = Blueprint("animation", __name__, url_prefix="/api")

DEFAULTS = {
    "ANIMATION_RATE_LIMIT": "30 per minute",  # GIFs drawn (not those from the cache), per client
    "ANIMATION_MAX_MOVES": 200,
    "ANIMATION_MAX_BYTES": 4_000_000,
    "ANIMATION_CACHE_ENTRIES": 64,
}
#: The picture's width in pixels: from, to, by default.
SIZES = (120, 480, 240)
#: A link's moves, in characters (the page's links keep fewer).
MAX_LINK_CHARS = 4000
FIELDS = ("p", "moves", "size")
CACHE_CONTROL = "public, max-age=86400"


class _Drawn:
    """The GIFs drawn lately, least recently used out first."""

    def __init__(self) -> None:
        self.entries: OrderedDict[tuple, bytes] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> bytes | None:
        with self.lock:
            if key in self.entries:
                self.entries.move_to_end(key)
            return self.entries.get(key)

    def put(self, key: tuple, data: bytes, room: int) -> None:
        with self.lock:
            self.entries[key] = data
            while len(self.entries) > room:
                self.entries.popitem(last=False)


def _refuse(status: int, message: str):
    return jsonify(error=message), status


def _size() -> int:
    low, high, default = SIZES
    text = request.args.get("size")
    if text is None:
        return default
    if not (text.isdigit() and low <= int(text) <= high):
        raise FieldError(f'"size" must be a width in pixels from {low} to {high}, not "{text[:20]}"')
    return int(text)


@bp.get("/<kind>/animation.gif")
def animation_route(kind: str):
    try:
        kind = kinds.get(kind)
    except KeyError as exc:
        return _refuse(404, exc.args[0])
    if unknown := sorted(set(request.args) - set(FIELDS)):
        return _refuse(400, f'"{unknown[0][:40]}" is not a field of this address: it reads '
                            f'{", ".join(FIELDS)}')
    code, link = request.args.get("p"), request.args.get("moves")
    if not code:
        return _refuse(400, '"p" must be the puzzle\'s share code (as its page\'s link carries it)')
    if link is not None and len(link) > MAX_LINK_CHARS:
        return _refuse(400, f'"moves" is too long: at most {MAX_LINK_CHARS} characters')
    try:
        size = _size()
        puzzle = kind.decode(code)
        key = (kind.name, kind.encode(puzzle), link, size)
        data = current_app.extensions["playground_animations"].get(key)
        if data is None:
            drawn = _draw(kind, puzzle, link, size)
            if not isinstance(drawn, bytes):
                return drawn
            data = drawn
            current_app.extensions["playground_animations"].put(key, data,
                                                               current_app.config["ANIMATION_CACHE_ENTRIES"])
    except BAD_INPUT as exc:
        return _refuse(400, str(exc))
    return Response(data, mimetype="image/gif", headers={"Cache-Control": CACHE_CONTROL})


def _draw(kind, puzzle, link: str | None, size: int):
    """The GIF, or the refusal that says why there is none."""
    config = current_app.config
    answer = None
    if link is None:
        answer = solving.quick(kind, puzzle, kind.options({}), kind.text(puzzle), "solve")
        if answer is None:
            return _refuse(409, "The shortest solution of this puzzle takes longer to find than one "
                                "request may: solve it on its page first, then ask again.")
        if answer.get("status") != "solved":
            return _refuse(409, f"This puzzle has no solution to animate: {answer.get('summary') or answer['status']}.")
    try:
        moves = kind.film_moves(answer, link)
        if moves is None:
            return _refuse(409, f"{kind.title} links carry no moves to animate.")
        bound = config["ANIMATION_MAX_MOVES"]
        if len(moves) > bound:
            return _refuse(413, f"An animation shows at most {bound} moves; this one would take {len(moves)}.")
        limits.take("ANIMATION_RATE_LIMIT", "animations")
        frames = kind.film(puzzle, moves, size)
    except BAD_INPUT as exc:
        if link is None:
            raise
        # which moves a kind's links write, and which this puzzle allows, is the
        # kind's to say: no schema of the address can, so (as a misfit) not a 400
        return _refuse(409, f'"moves" cannot be played on this puzzle: {exc}')
    if frames is None:
        return _refuse(404, f"{kind.title} puzzles have no animation.")
    data = film.encode(film.captioned(frames))
    if len(data) > config["ANIMATION_MAX_BYTES"]:
        return _refuse(413, f"This animation would take {len(data)} bytes, more than the "
                            f"{config['ANIMATION_MAX_BYTES']} allowed: ask for a smaller size.")
    return data


def init_app(app) -> None:
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    app.extensions["playground_animations"] = _Drawn()
    app.register_blueprint(bp)
