"""The pictures of the "How to play" pages, as the templates show them: each
kind's ``how_to_play_figures`` (drawn by the kind, most often its puzzles
drawn by its own ``svg``: :func:`webapp.kind_protocol.drawn`), in the
request's language.

The kinds draw in English (they know no web framework); a picture's name
(``aria-label``) and the words drawn in it (``<text>``) that are marked in
``KIND_WORDS`` (:mod:`webapp.web.language`) are said again here in the
page's language, the rest (a stick's letter) kept as drawn.

>>> said('<svg role="img" aria-label="The example"><text x="1">0</text></svg>', str.upper)
'<svg role="img" aria-label="THE EXAMPLE"><text x="1">0</text></svg>'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html import unescape

from markupsafe import Markup, escape

from .language import current, kind_word


@dataclass(frozen=True)
class Picture:
    svg: Markup
    caption: str


_NAME = re.compile(r'(aria-label=")([^"]*)(")')
_WORDS = re.compile(r"(<text\b[^>]*>)([^<]+)(</text>)")


def said(svg: str, words) -> str:
    """``svg`` with its names and drawn words passed through ``words``
    (a stick's letter too: ``words`` keeps what it does not know)."""
    def again(found: re.Match) -> str:
        return f"{found[1]}{escape(words(unescape(found[2])))}{found[3]}"
    return _WORDS.sub(again, _NAME.sub(again, svg))


def kind_pictures(kind) -> dict[str, list[Picture]]:
    """The pictures of a kind's How to play page, by section, in the
    request's language."""
    return _pictures(kind, current())


@lru_cache(maxsize=16)
def _pictures(kind, lang: str) -> dict[str, list[Picture]]:
    """Drawn once a language (they never change while the app runs);
    ``lang`` is the cache's key: the words are the request's."""
    return {section: [Picture(Markup(said(svg, kind_word)), caption) for svg, caption in shown]
            for section, shown in _drawn(kind).items()}


@lru_cache(maxsize=8)
def _drawn(kind) -> dict[str, list[tuple[str, str]]]:
    return kind.web.figures() if kind.web.figures else {}
