"""The HTML pages: the playground, short links, the gallery."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request, url_for

from ..rotation import EXAMPLE, Board, BoardError, parse, sharecode
from ..rotation.svg import board_svg
from . import gallery, howto, links

bp = Blueprint("pages", __name__)


def _playground(board: Board, *, title: str | None = None, autoplay: bool = False,
                optimal: int | None = None, mode: str = "draw"):
    return render_template(
        "playground.html",
        board_text=board.text(),
        share_code=sharecode.encode(board),
        puzzle_title=title,
        autoplay=autoplay,
        optimal=optimal,
        mode=mode,
    )


def _shared(board: Board):
    """A board that came by link. A gallery puzzle keeps its title and
    optimal move count and opens to be tried, as from the gallery itself;
    anything else opens in the editor, untitled."""
    entry = gallery.find_board(board)
    if entry is None:
        return _playground(board, autoplay=_wants_play())
    return _gallery_entry(entry)


def _gallery_entry(entry: gallery.Entry):
    return _playground(entry.board, title=entry.title, autoplay=_wants_play(),
                       optimal=entry.moves, mode="try")


def _wants_play() -> bool:
    return request.args.get("play") in ("1", "true", "yes")


@bp.get("/")
def index():
    code = request.args.get("p")
    if code is None:
        return _playground(parse(EXAMPLE), title="Example from the rules")
    try:
        board = sharecode.decode(code)
    except BoardError as exc:  # ShareCodeError, or a bad board behind a valid check
        return render_template("error.html", title="This link does not open a puzzle",
                               message=str(exc)), 400
    return _shared(board)


@bp.get("/s/<link_id>")
def short_link(link_id: str):
    board = links.load(link_id)
    if board is None:
        return render_template("error.html", title="No puzzle under this link",
                               message=f"Nothing is stored as {link_id!r}. "
                                       "The link may be mistyped."), 404
    return _shared(board)


@bp.get("/how-to-play")
def how_to_play():
    entry = gallery.find_board(parse(EXAMPLE))
    example_url = url_for("pages.gallery_puzzle", name=entry.name) if entry else url_for("pages.index")
    return render_template("how_to_play.html", pictures=howto.pictures(), example_url=example_url)


@bp.get("/puzzles")
def gallery_page():
    return render_template("gallery.html", entries=gallery.entries())


@bp.get("/puzzles/<name>")
def gallery_puzzle(name: str):
    entry = gallery.find(name)
    if entry is None:
        abort(404)
    return _gallery_entry(entry)


@bp.get("/puzzles/<name>.svg")
def gallery_thumbnail(name: str):
    entry = gallery.find(name)
    if entry is None:
        abort(404)
    cell = max(4, 240 // max(entry.board.width, entry.board.height))
    svg = board_svg(entry.board, cell=cell)
    return Response(svg, mimetype="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})


@bp.app_errorhandler(404)
def not_found(_exc):
    if request.path.startswith("/api/"):
        return {"error": f"no such address: {request.path}"}, 404
    return render_template("error.html", title="Page not found",
                           message="There is nothing at this address."), 404


@bp.app_errorhandler(405)
def wrong_method(_exc):
    if request.path.startswith("/api/"):
        return {"error": f"{request.method} is not allowed here"}, 405
    return render_template("error.html", title="Not allowed",
                           message=f"{request.method} is not allowed here."), 405


@bp.app_errorhandler(413)
def too_large(_exc):
    return {"error": "the request is too large (256 KiB at most)"}, 413


@bp.app_errorhandler(400)
def bad_request(_exc):
    if request.path.startswith("/api/"):
        return {"error": "the request could not be read"}, 400
    return render_template("error.html", title="Bad request",
                           message="The request could not be read."), 400
