"""The web app's face of a kind (:class:`WebFace`): its page, its limits,
the fields and schemas of its API, its guide's pictures and its gallery
card. A kind declares it as its ``web`` (a kind that declares none gets
the defaults), the way it declares its command line's part
(:mod:`webapp.commandline`); the engine's contract
(:class:`~webapp.kind_protocol.Kind`) stays free of both.

>>> face = WebFace("sliding")
>>> face.page_path, face.template, face.how_to_play_template
('/sliding', 'sliding.html', 'how_to_play_sliding.html')
>>> WebFace("rotation", page_path="/").page_path
'/'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class WebFace:
    """What the web app needs of a kind besides its engine (``name``: the
    kind's). Each field left out has the default that serves a kind
    without a special case:

    - ``page_path``: the address of its playground (``/<name>``);
      ``template``: the playground's template (``<name>.html``);
      ``how_to_play_template``: its guide (``how_to_play_<name>.html``);
      ``edit_mode``: the page's mode for a puzzle opened to be edited.
    - ``default_limits``: the values of its limits' config keys
      (``<NAME>_MAX_<COUNTER>``, ``<NAME>_MAX_SECONDS``, ...) when the
      operator sets none, by their short names (``count``, ``seconds``,
      ``bytes``, and for a kind that solves small puzzles in the request,
      ``inline`` and ``quick``: see :func:`webapp.web.solving.config_keys`).
    - ``time_limit(puzzle, config)``: the seconds a worker's search of this
      puzzle gets when the kind picks them per puzzle, else None (then
      ``<NAME>_MAX_SECONDS`` holds); ``job_note(puzzle, options, limits)``:
      a sentence for the page about a worker's search, or None.
    - ``option_fields``: the request fields the kind's ``options`` reads
      (others are refused with a 400 naming them); ``shuffle_fields``
      likewise (None: not declared, so not checked); ``request_example``:
      a request body shown in API messages (None: the kind's ``example``
      as its ``board``).
    - ``schemas``: JSON Schemas for the API's OpenAPI description
      (:mod:`webapp.web.openapi`; none: fields and answers of any shape):
      ``options``, ``shuffle`` (a schema for each of ``option_fields``,
      ``shuffle_fields``), ``move`` (the field /move reads), ``step`` (one
      of an answer's ``moves``), ``summary``, ``answer`` (a solve's),
      ``move_answer``, ``hint`` and one for each other task of the kind
      (``trace``). ``summary``, ``answer``, ``move_answer``, ``hint`` and a
      task's are an object's ``properties`` and ``required``, or any schema.
    - ``figures()``: the guide's pictures, by section, each ``(svg,
      caption)`` (none by default; :func:`webapp.kind_protocol.drawn` draws
      puzzles with the kind's ``svg``).
    - ``card_facts(puzzle, item)``: a gallery card's facts, short strings
      shown one to a line (``item``: the puzzle's catalogue entry; None:
      the size and the shortest solution's ``moves``).
    - ``move_words``: what one move is called, one and many (a link's
      preview says "shortest solution 12 turns").
    """

    name: str
    page_path: str = ""
    template: str = ""
    how_to_play_template: str = ""
    edit_mode: str = "edit"
    default_limits: dict = field(default_factory=dict)
    time_limit: Callable[[Any, Any], float | None] | None = None
    job_note: Callable[[Any, dict, dict], str | None] | None = None
    option_fields: tuple | None = None
    shuffle_fields: tuple | None = None
    request_example: str | None = None
    schemas: dict = field(default_factory=dict)
    figures: Callable[[], dict] | None = None
    card_facts: Callable[[Any, dict], list[str]] | None = None
    move_words: tuple[str, str] = ("move", "moves")

    def __post_init__(self) -> None:
        for name, default in (("page_path", f"/{self.name}"), ("template", f"{self.name}.html"),
                              ("how_to_play_template", f"how_to_play_{self.name}.html")):
            if not getattr(self, name):
                object.__setattr__(self, name, default)
