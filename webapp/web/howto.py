"""The pictures of the "How to play" pages, as the templates show them: each
kind's ``how_to_play_figures`` (drawn by the kind, most often its puzzles
drawn by its own ``svg``: :func:`webapp.kind_protocol.drawn`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from flask_babel import get_translations
from markupsafe import Markup

from .. import words
from .language import current


@dataclass(frozen=True)
class Picture:
    svg: Markup
    caption: str


def kind_pictures(kind) -> dict[str, list[Picture]]:
    """The pictures of a kind's How to play page, by section, their words
    (names, titles: :mod:`webapp.words`) in the request's language."""
    return _drawn(kind, current())


@lru_cache(maxsize=16)
def _drawn(kind, lang: str) -> dict[str, list[Picture]]:
    """Drawn once a language: they never change while the app runs."""
    with words.speaking(get_translations()):
        return {section: [Picture(Markup(svg), caption) for svg, caption in shown]
                for section, shown in (kind.web.figures() if kind.web.figures else {}).items()}
