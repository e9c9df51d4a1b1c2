"""Link previews: what a chat, a forum or a social network shows of a link
to a puzzle page. Every playground page (templates/_preview.html, from
base.html) carries Open Graph and Twitter card tags made by :func:`tags`,
whose picture is this module's PNG: the puzzle as the gallery draws it
(the kind's ``svg()``, rasterised by :mod:`.raster`) on a 1200 × 630 card
with the site's name and what is known of the puzzle. Written once for
every kind: the kind's ``summary()`` gives the size, its web face the word
for a move.

The addresses are absolute, as the scrapers want them: from ``PUBLIC_URL``
when the operator sets it (behind a proxy: docs/serving.md), else from the
request's own host.
"""

from __future__ import annotations

import io
import threading
from functools import lru_cache

from flask import Blueprint, Response, current_app, request, url_for
from flask_babel import force_locale, format_decimal, gettext, ngettext
from PIL import Image, ImageDraw

from .. import kinds
from ..errors import PuzzleTextError
from . import gallery, limits, links
from .language import current, kind_in_sentence, kind_word, without_lang
from .raster import font, picture_size, render
from .refusals import refusal, say

bp = Blueprint("preview", __name__)

#: The card's size: what Open Graph and Twitter's large card ask for.
WIDTH, HEIGHT = 1200, 630
#: The site's colours (static/style.css: --page, --navy, --ink, --muted, --accent).
PAGE, NAVY, INK, MUTED, ACCENT = "#f1f2f6", "#2d3a55", "#1d2330", "#5b6478", "#e07a2f"
_MARGIN = 40
SITE = "Rotation Playground"


def _defaults(state) -> None:
    state.app.config.setdefault("PUBLIC_URL", None)
    # a picture not yet cached costs 0.1 to 0.3 s: bounded per client
    state.app.config.setdefault("PREVIEW_RATE_LIMIT", "60 per minute")
    state.app.extensions["playground_previews"] = _Recent(256)


bp.record_once(_defaults)


@bp.app_context_processor
def _public_address():
    """``public_address(path)`` for templates: see :func:`absolute`."""
    return {"public_address": absolute}


def headline(kind, puzzle, optimal: int | None = None) -> str:
    """The kind, the size and, when known, the shortest solution, in the
    request's language: "Rotation puzzle, 7 × 7: shortest solution 12
    turns", "Schiebepuzzle, 3 × 3: kürzeste Lösung 20 Züge" (the picture's
    words, :func:`_words`, are cut at its ", " and ": "). ``optimal`` is
    what the page knows; else the kind's summary may know it."""
    summary = kind.summary(puzzle)
    words = gettext("%(kind)s puzzle, %(width)s × %(height)s", kind=kind_word(kind.title),
                    width=summary["width"], height=summary["height"])
    if optimal is None:
        optimal = summary.get("optimal")
    if isinstance(optimal, int) and not isinstance(optimal, bool):
        words = gettext("%(puzzle)s: %(shortest)s", puzzle=words, shortest=_shortest(kind, optimal))
    return words


def _shortest(kind, optimal: int) -> str:
    """"shortest solution 12 turns", in the kind's word for a move (a kind
    whose word is neither a turn nor a move says it in English)."""
    one, many = kind.web.move_words
    count = format_decimal(optimal)
    if (one, many) == ("turn", "turns"):
        return ngettext("shortest solution %(count)s turn", "shortest solution %(count)s turns", optimal, count=count)
    if (one, many) == ("move", "moves"):
        return ngettext("shortest solution %(count)s move", "shortest solution %(count)s moves", optimal, count=count)
    return f"shortest solution {optimal} {one if optimal == 1 else many}"


def tags(kind, puzzle, *, title: str | None = None, optimal: int | None = None,
         entry: gallery.Entry | None = None) -> dict:
    """The values of a page's preview tags (templates/_preview.html): its
    ``title``, ``description``, ``image`` and its ``alt``, ``url``; the
    page's ``title`` (a gallery puzzle's, the day's) and the gallery
    ``entry``'s facts go into the description."""
    entry = entry or gallery.find_board(puzzle, kind.name)  # the rules' example is in the gallery too
    if optimal is None and entry is not None:
        optimal = entry.moves
    head = headline(kind, puzzle, optimal)
    said = ", ".join(gallery.fact_words(fact, entry.kind) for fact in entry.facts) if entry else ""
    lead = f"{title} ({said})." if title and said else f"{title}." if title else f"{said}." if said else ""
    description = f"{lead} {kind_word(kind.goal)}".strip()
    image = url_for("preview.image", kind=kind.name, p=kind.encode(puzzle))
    return {"title": head, "description": description, "image": absolute(image),
            "alt": gettext("%(headline)s: the puzzle as drawn by %(site)s", headline=head, site=SITE),
            "url": absolute(without_lang(request.full_path).rstrip("?"), rooted=False),
            "width": WIDTH, "height": HEIGHT}


def absolute(path: str, rooted: bool = True) -> str:
    """``path`` as a whole address: after ``PUBLIC_URL`` (which holds any
    prefix the site is served under) or this request's host and root.
    ``rooted``: ``path`` carries the script root already, as ``url_for``'s do."""
    if rooted and request.script_root and path.startswith(request.script_root):
        path = path[len(request.script_root):]
    base = current_app.config.get("PUBLIC_URL") or request.host_url.rstrip("/") + request.script_root
    return base.rstrip("/") + path


def _refuse(message: str, status: int = 400, code: str = "field"):
    return refusal(status, code, message)


@bp.get("/preview/<kind>.png")
def image(kind: str):
    """The preview card of the puzzle ``?p=<code>`` of ``kind``: a PNG,
    1200 × 630."""
    try:
        found = kinds.get(kind)
    except KeyError:
        return _refuse(gettext("There is no puzzle kind %(kind)r here: the kinds are %(kinds)s.", kind=kind,
                               kinds=", ".join(kinds.names())), 404, "not_found")
    code = request.args.get("p")
    if not code:
        return _refuse(gettext("Give the puzzle's share code in the address: ?p=<code>."))
    return _card(found, code)


@bp.get("/preview/s/<link_id>.png")
def short_link_image(link_id: str):
    """The preview card of the puzzle stored under a short link."""
    stored = links.load(link_id)
    if stored is None:
        return _refuse(gettext("Nothing is stored as %(id)r: the link may be mistyped.", id=link_id), 404,
                       "not_found")
    name, puzzle = stored
    kind = kinds.get(name)
    return _card(kind, kind.encode(puzzle))


def _card(kind, code: str):
    # the card's words are in the request's language, chosen as a page's is: a scraper that
    # reads a page in German gets its picture in German, with no lang= in the shared address
    lang = current()
    key, cached = (kind.name, code, current_app.config["PUZZLES_DIR"], lang), current_app.extensions["playground_previews"]
    png = cached.get(key)
    if png is None:
        try:
            puzzle = kind.decode(code)
        except PuzzleTextError as exc:
            return _refuse(gettext("This code does not hold a %(kind)s puzzle: %(why)s", kind=kind_in_sentence(kind.title),
                                   why=say(exc)), 400, "puzzle_text")
        limits.take("PREVIEW_RATE_LIMIT", "previews")
        entry = gallery.find_board(puzzle, kind.name)
        with force_locale(lang):
            png = draw(kind, puzzle, entry.moves if entry else None)
        cached.put(key, png)
    return Response(png, mimetype="image/png", headers={"Cache-Control": "public, max-age=86400",
                                                        "Vary": "Accept-Language, Cookie"})


class _Recent:
    """The last ``size`` cards drawn, by (kind, code, library): a link
    shared in a busy chat is fetched by every client that shows it. Shared
    by the server's threads, hence the lock."""

    def __init__(self, size: int) -> None:
        self.size, self.items, self.lock = size, {}, threading.Lock()

    def get(self, key) -> bytes | None:
        with self.lock:
            value = self.items.pop(key, None)
            if value is not None:
                self.items[key] = value  # now the most recent
            return value

    def put(self, key, value: bytes) -> None:
        with self.lock:
            self.items[key] = value
            while len(self.items) > self.size:
                del self.items[next(iter(self.items))]


def draw(kind, puzzle, optimal: int | None = None) -> bytes:
    """The card as PNG bytes: the puzzle on the left, as large as fits
    inside the margin, and on the right the site's name, the headline."""
    card = _background().copy()
    svg = kind.svg(puzzle)
    left, top, w, h = picture_box(svg)
    card.alpha_composite(render(svg, w, h), (left, top))
    _words(card, headline(kind, puzzle, optimal), left=HEIGHT + 20)
    out = io.BytesIO()
    card.convert("RGB").save(out, "PNG", optimize=False)
    return out.getvalue()


def picture_box(svg: str) -> tuple[int, int, int, int]:
    """Where :func:`draw` puts the picture of ``svg`` on the card: left,
    top, width, height (tests compare that part with a browser's drawing)."""
    box = HEIGHT - 2 * _MARGIN
    width, height = picture_size(svg)
    scale = box / max(width, height)
    w, h = max(1, round(width * scale)), max(1, round(height * scale))
    return _MARGIN + (box - w) // 2, _MARGIN + (box - h) // 2, w, h


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    card = Image.new("RGBA", (WIDTH, HEIGHT), PAGE)
    ImageDraw.Draw(card).rectangle((0, HEIGHT - 12, WIDTH, HEIGHT), fill=ACCENT)
    return card


def _words(card, head: str, left: int) -> None:
    """The site's name, then the headline cut into lines that fit."""
    pen = ImageDraw.Draw(card)
    pen.text((left, _MARGIN + 10), SITE, fill=NAVY, font=font(40, True))
    pen.line((left, _MARGIN + 70, WIDTH - _MARGIN, _MARGIN + 70), fill=ACCENT, width=4)
    kind_words, _, rest = head.partition(": ")
    title, _, size_words = kind_words.partition(", ")
    y = _MARGIN + 100
    for text, size, colour in ((title, 44, INK), (size_words, 44, INK), (rest, 36, MUTED)):
        lines = _wrap(text, font(size, size == 44), WIDTH - _MARGIN - left) if " × " not in text else [text]
        for line in lines:
            pen.text((left, y), line, fill=colour, font=font(size, size == 44))
            y += round(size * 1.3)
        y += 6


def _wrap(text: str, face, room: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        tried = f"{line} {word}".strip()
        if line and face.getlength(tried) > room:
            lines.append(line)
            line = word
        else:
            line = tried
    return lines + ([line] if line else [])
