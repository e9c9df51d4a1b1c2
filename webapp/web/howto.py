"""The pictures of the "How to play" pages, as the templates show them: each
kind's ``how_to_play_figures`` (drawn by the kind, most often its puzzles
drawn by its own ``svg``: :func:`webapp.kind_protocol.drawn`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup


@dataclass(frozen=True)
class Picture:
    svg: Markup
    caption: str


@lru_cache(maxsize=8)
def kind_pictures(kind) -> dict[str, list[Picture]]:
    """The pictures of a kind's How to play page, by section (drawn once:
    they never change while the app runs)."""
    return {section: [Picture(Markup(svg), caption) for svg, caption in shown]
            for section, shown in (kind.web.figures() if kind.web.figures else {}).items()}
