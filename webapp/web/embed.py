"""Puzzles to show on other sites: ``/embed/<kind>?p=<code>`` and
``/embed/s/<id>``, a kind's playground in a compact layout (the board, its
moves, the playback and Solve, a link back to the full page) that any site
may frame; and ``/oembed?url=<a puzzle page>``, the oEmbed answer that turns
a link to a puzzle page into that player. Every other page still refuses
to be framed (:mod:`webapp.web.security`)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from flask import Blueprint, g, jsonify, make_response, render_template, request, url_for
from flask_babel import gettext

from .. import kinds
from ..errors import Message, PuzzleTextError
from . import gallery, links, pages
from .language import kind_word
from .preview import absolute
from .refusals import refusal, say
from .security import frameable

bp = Blueprint("embed", __name__)

#: The player's size when the consumer sets no bound: the board and its
#: controls above, the Solve panel under them.
WIDTH, HEIGHT = 480, 720
#: The smallest frame the player can be used in.
MIN_WIDTH, MIN_HEIGHT = 200, 200
PROVIDER = "Rotation Playground"


@bp.app_context_processor
def _embedded():
    """``embed_of``: on a player's page, the full page it links back to
    (templates/_playground.html then extends the slim _embed_base.html)."""
    return {"embed_of": g.embed_of if "embed_of" in g else None}


def _player(kind, puzzle, full_page: str):
    """``kind``'s playground of ``puzzle`` in the embed's layout
    (templates/_embed_base.html), to be tried;
    a gallery puzzle keeps its title and optimal move count."""
    g.embed_of = full_page
    entry = gallery.find_board(puzzle, kind.name)
    if entry is not None:
        page = pages._gallery_entry(entry)  # noqa: SLF001 - the same page, another frame
    else:
        page = pages._kind_page(kind, puzzle, mode="try")  # noqa: SLF001
    return frameable(make_response(page))


def _refused(status: int, title: str, message: str):
    """An error inside the frame: shown where the player would be, in its
    slim layout, the site's front page a click away."""
    g.embed_of = url_for("pages.index")
    return frameable(make_response(render_template("error.html", title=title, message=message), status))


@bp.get("/embed/<kind>")
def kind_player(kind: str):
    """The player of ``?p=<code>``, a puzzle of ``kind``."""
    try:
        found = kinds.get(kind)
    except KeyError:
        return _refused(404, gettext("No such kind of puzzle"),
                        gettext("There is no puzzle kind %(kind)r here: the kinds are %(kinds)s.", kind=kind,
                                kinds=", ".join(kinds.names())))
    code = request.args.get("p")
    if not code:
        return _refused(400, gettext("This link does not open a puzzle"),
                        gettext("An embedded puzzle needs its code: /embed/<kind>?p=<code>."))
    try:
        puzzle = found.decode(code)
    except PuzzleTextError as exc:
        return _refused(400, gettext("This link does not open a puzzle"), say(exc))
    return _player(found, puzzle, url_for(pages.page_endpoint(found), p=code))


@bp.get("/embed/s/<link_id>")
def short_link_player(link_id: str):
    """The player of the puzzle behind a short link."""
    found = links.load(link_id)
    if found is None:
        return _refused(404, gettext("No puzzle under this link"),
                        gettext("Nothing is stored as %(id)r. The link may be mistyped.", id=link_id))
    name, puzzle = found
    return _player(kinds.get(name), puzzle, url_for("pages.short_link", link_id=link_id))


class NotAPuzzlePage(ValueError):
    """A URL that is not one of this site's puzzle pages."""


def _kind_of_code(code: str, path_kind):
    """The kind whose code ``code`` is: ``path_kind``'s, or (on the front
    page, which sends other kinds' codes to their pages) any kind's."""
    candidates = [path_kind] + ([k for k in kinds.KINDS if k is not path_kind]
                                if path_kind is kinds.home() else [])
    for kind in candidates:
        try:
            kind.decode(code)
        except PuzzleTextError:
            continue
        return kind
    raise NotAPuzzlePage(Message("The code %(code)s in the URL is not a puzzle's.", code=repr(code)))


def embed_path(url: str) -> tuple[str, str]:
    """The player's path for ``url``, a puzzle page of this site (a kind's
    page with ``?p=``, a short link, a gallery puzzle, or a player already),
    and the puzzle's title."""
    parts = urlsplit(url)
    path = _site_path(parts)
    code = (parse_qs(parts.query).get("p") or [None])[0]
    by_path = {kind.web.page_path: kind for kind in kinds.KINDS}
    if path.startswith("/embed/s/"):
        path = path.removeprefix("/embed")
    elif path.removeprefix("/embed/") in kinds.names():
        path = kinds.get(path.removeprefix("/embed/")).web.page_path
    if path in by_path and code:
        kind = _kind_of_code(code, by_path[path])
        # the rest of the link (play=1, the moves played) means the same to the player
        return f"{url_for('embed.kind_player', kind=kind.name)}?{parts.query}", player_title(kind)
    stored = links.load(path[3:]) if path.startswith("/s/") else None
    if stored is not None:
        return url_for("embed.short_link_player", link_id=path[3:]), player_title(kinds.get(stored[0]))
    if path.startswith("/puzzles/"):
        entry = gallery.find(path.removeprefix("/puzzles/"))
        if entry is not None:
            kind = kinds.get(entry.kind)
            return url_for("embed.kind_player", kind=kind.name, p=kind.encode(entry.board)), gallery.title_of(entry)
    raise NotAPuzzlePage(Message("%(url)s is not a puzzle page of this site: a puzzle's page (with ?p=<code>), "
                                 "a short link (/s/<id>) or a gallery puzzle (/puzzles/<name>) is.", url=url))


def _site_path(parts) -> str:
    """The path on this site of the URL split into ``parts``: under its
    public address (``PUBLIC_URL``, behind a proxy) or the request's own."""
    here = f"{parts.scheme}://{parts.netloc}{parts.path or '/'}"
    bases = (absolute("/", rooted=False), request.host_url.rstrip("/") + request.script_root + "/")
    if parts.scheme in ("http", "https"):
        for base in bases:
            if here.startswith(base) or here + "/" == base:
                return "/" + here[len(base):]
    raise NotAPuzzlePage(Message("Only this site's puzzle pages can be embedded (%(base)s...).", base=bases[0]))


def player_title(kind) -> str:
    """The name of a kind's player, as /oembed and the Share box give it,
    in the request's language."""
    return gettext("%(kind)s puzzle on %(site)s", kind=kind_word(kind.title), site=PROVIDER)


def _bound(name: str, default: int, least: int) -> int:
    """The query's ``name`` (maxwidth, maxheight) as a bound on ``default``."""
    text = request.args.get(name)
    if text in (None, ""):
        return default
    if not text.isdigit() or int(text) < least:
        raise ValueError(Message("%(name)s must be a whole number of pixels, %(least)s or more.", name=name,
                                 least=least))
    return min(default, int(text))


@bp.get("/oembed")
def oembed():
    """The oEmbed answer (https://oembed.com) for ``?url=<a puzzle page>``:
    a ``rich`` player in an iframe, sized within ``maxwidth`` and ``maxheight``."""
    wanted = request.args.get("format") or "json"
    if wanted == "xml":  # a format of the spec this site does not serve
        return refusal(501, "not_implemented", gettext("Only format=json is served."))
    if wanted != "json":
        return refusal(400, "field", gettext("format is json (or left out)."))
    url = request.args.get("url")
    if not url:
        return refusal(400, "field", gettext("url is missing: /oembed?url=<a puzzle page of this site>."))
    try:
        width = _bound("maxwidth", WIDTH, MIN_WIDTH)
        height = _bound("maxheight", HEIGHT, MIN_HEIGHT)
    except ValueError as exc:
        return refusal(400, "field", exc)
    try:
        path, title = embed_path(url)
    except NotAPuzzlePage as exc:
        return refusal(404, "not_found", exc)
    answer = jsonify(version="1.0", type="rich", html=iframe(absolute(path), width, height, title), width=width,
                     height=height, title=title, provider_name=PROVIDER, provider_url=absolute("/", rooted=False))
    answer.vary.update(("Accept-Language", "Cookie"))  # its title is in the asker's language
    return answer


def iframe(src: str, width: int, height: int, title: str) -> str:
    """The embed code of the player at ``src``: /oembed's ``html``, and the
    Share box's (:mod:`.sharing`)."""
    return (f'<iframe src="{_attr(src)}" width="{width}" height="{height}" title="{_attr(title)}" '
            'loading="lazy" frameborder="0"></iframe>')


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
