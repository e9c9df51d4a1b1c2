"""The HTML pages: a playground per puzzle kind (at its ``page_path``:
rotation's at ``/``, the others' at ``/<kind>``), short links, the gallery
of every kind, how to play. Written once for every kind: a kind's page is
its ``template``, given the same values whatever the kind."""

from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import format_date, gettext, pgettext

from .. import kinds, levels
from ..errors import PuzzleTextError
from . import gallery, howto, language, links, preview
from .refusals import say
from .security import error_answer

bp = Blueprint("pages", __name__)


@bp.app_context_processor
def _site():
    """What base.html needs on every page: the kinds for the header."""
    return {"site_kinds": [(kind, page_endpoint(kind)) for kind in kinds.KINDS]}


def page_endpoint(kind) -> str:
    """The endpoint of ``kind``'s playground: the front page's for the kind
    at ``/``, else ``pages.kind_<name>``."""
    return "pages.index" if kind.web.page_path == "/" else f"pages.kind_{kind.name}"


def _kind_page(kind, puzzle, *, title: str | None = None, optimal: int | None = None,
               mode: str | None = None, entry: gallery.Entry | None = None):
    """The kind's playground (its ``template``), with its ``initial`` JSON:
    kind, board, code, title, optimal, mode, size, autoplay, page (the
    kind's plain page, which opens the work kept in the browser). The same values
    go to the template one by one too (board_text, share_code, puzzle_title,
    autoplay, optimal, mode), as rotation's page reads them. A gallery
    ``entry`` adds its name (the page keeps this browser's best solve of it)
    and the gallery's next puzzle."""
    summary = kind.summary(puzzle)
    mode = mode or kind.web.edit_mode
    autoplay = request.args.get("play") in ("1", "true", "yes")
    text, code = kind.text(puzzle), kind.encode(puzzle)
    initial = {"kind": kind.name, "board": text, "code": code,
               "title": title, "optimal": optimal, "mode": mode,
               "size": {"width": summary.get("width"), "height": summary.get("height")},
               "autoplay": autoplay, "gallery": entry.name if entry else None,
               "page": url_for(page_endpoint(kind))}
    after = gallery.next_entry(entry) if entry else None
    day = levels.today().isoformat()
    next_puzzle = (url_for("pages.gallery_puzzle", name=after.name), gallery.title_of(after)) if after else None
    return render_template(kind.web.template, initial=initial, goal=kind.goal, kind=kind, next_puzzle=next_puzzle,
                           how_to_play=url_for("pages.how_to_play") if kind is kinds.home() else
                           url_for("pages.how_to_play_kind", kind=kind.name),
                           board_text=text, share_code=code, puzzle_title=title,
                           autoplay=autoplay, optimal=optimal, mode=mode,
                           daily_date=day, daily_date_said=said_date(day), daily_url=url_for(page_endpoint(kind), daily=day),
                           preview=preview.tags(kind, puzzle, title=title, optimal=optimal, entry=entry))


def _open(kind, puzzle):
    """A puzzle that came by link. A gallery puzzle keeps its title and
    optimal move count and opens to be tried, as from the gallery itself;
    anything else opens untitled, in the editor."""
    entry = gallery.find_board(puzzle, kind.name)
    if entry is not None:
        return _gallery_entry(entry)
    return _kind_page(kind, puzzle)


def _gallery_entry(entry: gallery.Entry):
    return _kind_page(kinds.get(entry.kind), entry.board, title=gallery.title_of(entry),
                      optimal=entry.moves, mode="try", entry=entry)


def _bad_link(exc: ValueError):
    return render_template("error.html", title=gettext("This link does not open a puzzle"),
                           message=say(exc)), 400


def _plain(kind):
    """The page without a puzzle in its address: ``?daily=YYYY-MM-DD`` opens
    that day's puzzle (:mod:`webapp.levels`), to be tried; else the example."""
    wanted = request.args.get("daily")
    if wanted is None:
        return _kind_page(kind, kind.parse(kind.example), title=gettext("Example from the rules"))
    try:
        entry = levels.daily(kind.name, levels.parse_date(wanted))
    except levels.LevelError as exc:
        return _bad_link(exc)
    except levels.NoLevels as exc:
        return render_template("error.html", title=gettext("No puzzle of the day here"),
                               message=say(exc)), 404
    return _kind_page(kind, kind.parse(entry["board"]), mode="try", optimal=entry.get("length"),
                      title=daily_title(entry))


def said_date(iso: str) -> str:
    """A day as the page's language writes it: English keeps the ISO date
    it has always shown (2026-11-28); German says 28.11.2026."""
    if language.current() == language.DEFAULT:
        return iso
    return format_date(levels.parse_date(iso), "medium")


def daily_title(entry: dict) -> str:
    """The day's puzzle's title: its date and its level, in the page's words."""
    levels_said = {"easy": pgettext("level", "easy"), "medium": pgettext("level", "medium"),
                   "hard": pgettext("level", "hard"), "expert": pgettext("level", "expert")}
    return gettext("Puzzle of the day, %(date)s (%(level)s)", date=said_date(entry["date"]),
                   level=levels_said.get(entry["level"], entry["level"]))


@bp.get("/")
def index():
    """The front page's kind's playground; ``?p=<code>`` opens a shared
    puzzle, and another kind's code goes to that kind's page."""
    kind = kinds.home()
    code = request.args.get("p")
    if code is None:
        return _plain(kind)
    try:
        puzzle = kind.decode(code)
    except PuzzleTextError as exc:  # a bad code, or a bad puzzle behind a valid check
        other = _other_kind_of(code, kind)
        if other is not None:  # another kind's code pasted after "/?p=": its own page
            return redirect(url_for(page_endpoint(other), **request.args.to_dict()))
        return _bad_link(exc)
    return _open(kind, puzzle)


def _other_kind_of(code: str, home):
    """The kind other than ``home`` whose share code ``code`` is, or None."""
    for kind in kinds.KINDS:
        if kind is not home:
            try:
                kind.decode(code)
            except PuzzleTextError:
                continue
            return kind
    return None


def _kind_view(name: str):
    def view():
        kind = kinds.get(name)
        code = request.args.get("p")
        if code is None:
            return _plain(kind)
        try:
            puzzle = kind.decode(code)
        except PuzzleTextError as exc:
            return _bad_link(exc)
        return _open(kind, puzzle)
    view.__name__ = f"kind_{name}"
    view.__doc__ = (f"The {name} playground; ``?p=<code>`` opens a shared puzzle, "
                    "``?daily=YYYY-MM-DD`` that day's puzzle.")
    return view


@bp.record
def _kind_pages(state) -> None:
    """Each kind's playground at its ``page_path``, added when the app is
    made (not when this module is imported), so the kinds registered then
    are the ones served."""
    for kind in kinds.KINDS:
        if kind.web.page_path != "/":
            state.add_url_rule(kind.web.page_path, endpoint=f"kind_{kind.name}",
                               view_func=_kind_view(kind.name), methods=["GET"])


@bp.get("/s/<link_id>")
def short_link(link_id: str):
    found = links.load(link_id)
    if found is None:
        return render_template("error.html", title=gettext("No puzzle under this link"),
                               message=gettext("Nothing is stored as %(id)r. The link may be mistyped.",
                                               id=link_id)), 404
    name, puzzle = found
    return _open(kinds.get(name), puzzle)


def _guide(kind):
    """``kind``'s guide: its pictures, its playground's address, and the
    gallery's page of its example (else the playground)."""
    entry = gallery.find_board(kind.parse(kind.example), kind.name)
    page_url = url_for(page_endpoint(kind))
    example_url = url_for("pages.gallery_puzzle", name=entry.name) if entry else page_url
    return render_template(kind.web.how_to_play_template, kind=kind, pictures=howto.kind_pictures(kind),
                           page_url=page_url, example_url=example_url)


@bp.get("/how-to-play")
def how_to_play():
    """The guide of the front page's kind, as ``/`` is its playground (the
    top bar's "How to play"); each kind's is at ``/how-to-play/<kind>``."""
    return _guide(kinds.home())


@bp.get("/how-to-play/<kind>")
def how_to_play_kind(kind: str):
    """How to play a kind; the front page's kind's guide is ``/how-to-play``."""
    try:
        found = kinds.get(kind)
    except KeyError:
        abort(404)
    if found is kinds.home():
        return redirect(url_for("pages.how_to_play"))
    return _guide(found)


@bp.get("/puzzles")
def gallery_page():
    """Every kind's puzzles; ``?kind=<name>`` shows one kind's,
    ``?sort=difficulty`` the easiest first."""
    chosen = request.args.get("kind") or None
    if chosen is not None and chosen not in kinds.names():
        return render_template("error.html", title=gettext("No such kind of puzzle"),
                               message=gettext("There is no puzzle kind %(kind)r here: the kinds are %(kinds)s.",
                                               kind=chosen, kinds=", ".join(kinds.names()))), 404
    everything = gallery.entries()
    shown = [e for e in everything if chosen is None or e.kind == chosen]
    sort = "difficulty" if request.args.get("sort") == "difficulty" else None
    if sort:
        shown = gallery.by_difficulty(shown)
    counts = {kind.name: sum(1 for e in everything if e.kind == kind.name) for kind in kinds.KINDS}
    studies = gallery.studies() if chosen in (None, kinds.home().name) else []
    return render_template("gallery.html", entries=shown, chosen=chosen, counts=counts, sort=sort,
                           total=len(everything), summaries=[gallery.summary(e) for e in shown],
                           kinds_by_name={kind.name: kind for kind in kinds.KINDS}, studies=studies,
                           fact_words=gallery.fact_words, title_of=gallery.title_of)


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
    svg = kinds.get(entry.kind).svg(entry.board)
    return Response(svg, mimetype="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})


@bp.app_errorhandler(404)
def not_found(_exc):
    return error_answer(404, gettext("Page not found"), gettext("There is nothing at this address."),
                        code="not_found", api=gettext("no such address: %(path)s", path=request.path))


@bp.app_errorhandler(405)
def wrong_method(exc):
    allowed = ", ".join(sorted(exc.valid_methods or ()))
    return error_answer(405, gettext("Not allowed"), gettext("%(method)s is not allowed here.", method=request.method),
                        {"Allow": allowed}, code="not_allowed",
                        api=gettext("%(method)s is not allowed here", method=request.method))


@bp.app_errorhandler(413)
def too_large(_exc):
    return {"error": gettext("the request is too large (256 KiB at most)"), "code": "too_large"}, 413


@bp.app_errorhandler(400)
def bad_request(_exc):
    return error_answer(400, gettext("Bad request"), gettext("The request could not be read."),
                        code="body", api=gettext("the request could not be read"))
