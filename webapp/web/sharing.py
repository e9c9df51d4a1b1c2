"""What the Share box of a puzzle's page shows (templates/_playground.html,
static/js/shell/share.js): every address of the puzzle whole, built here
from the configured public address (``PUBLIC_URL``, see
:func:`.preview.absolute`) so that what is copied works from anywhere: the
page's link, the preview image, the animation of the shortest solution,
the embed's player and the ``<iframe>`` that shows it (the one ``/oembed``
gives), and the headline and sentence the system share sheet sends.
``POST /api/<kind>/share`` answers them with the share code."""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext

from ..kind_protocol import Kind
from . import embed, gallery, preview
from .language import kind_word
from .pages import page_endpoint


def addresses(kind, puzzle, code: str) -> dict:
    """The box's fields for ``puzzle`` of ``kind``, whose share code is
    ``code``. ``animation`` is None for a kind that draws none."""
    entry = gallery.find_board(puzzle, kind.name)
    src = preview.absolute(url_for("embed.kind_player", kind=kind.name, p=code))
    title = embed.player_title(kind)
    return {
        "link": preview.absolute(url_for(page_endpoint(kind), p=code)),
        "image": preview.absolute(url_for("preview.image", kind=kind.name, p=code)),
        "animation": preview.absolute(url_for("animation.animation_route", kind=kind.name, p=code))
        if draws_film(kind) else None,
        "embed": {"src": src, "width": embed.WIDTH, "height": embed.HEIGHT, "title": title,
                  "html": embed.iframe(src, embed.WIDTH, embed.HEIGHT, title)},
        "title": preview.headline(kind, puzzle, entry.moves if entry else None),
        "text": gettext("A puzzle to solve: %(goal)s", goal=kind_word(kind.goal)),
    }


def short_address(link_id: str) -> str:
    """The whole address of the short link ``/s/<link_id>``."""
    return preview.absolute(url_for("pages.short_link", link_id=link_id))


def draws_film(kind) -> bool:
    """Whether ``kind`` has an animation (its own ``film``, see
    :class:`webapp.kind_protocol.Kind`): the others' is a 404."""
    return type(kind).film is not Kind.film
