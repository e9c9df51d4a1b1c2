"""The interface every puzzle kind offers (:class:`Kind`); the registry
(:mod:`webapp.kinds`) gives it as ``kinds.Kind`` too.

>>> from webapp.kinds import get
>>> isinstance(get("rotation"), Kind)
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Kind(Protocol):
    """What every puzzle kind offers. A puzzle is whatever the kind's
    ``parse`` gives (its own object); the web app only passes it back.

    Required (each kind sets them):

    - ``name``: the kind's address part (``/api/<name>/...``) and key in
      stored links, cached answers and jobs.
    - ``title``, ``goal``: for people (header, gallery, page's goal line).
    - ``counter``: what a search counts (``states``, ``nodes``): the field
      of answers and job snapshots, and ``max_<counter>`` its bound.
    - ``depth_field``: the snapshot's second figure (``depth``, ``bound``).
    - ``error``: the kind's subclass of :class:`webapp.errors.PuzzleTextError`
      (a ValueError with ``line``, ``column`` and ``reason``), which it
      raises for a puzzle or a text it cannot take. For the rest of a
      request the kind raises the shared vocabulary's other types
      (:mod:`webapp.errors`): ``FieldError`` for an option or a field it
      does not take, ``IllegalMove`` for a move the rules forbid,
      ``NotAvailable`` when it cannot answer just now. Any other exception
      is taken for a bug (the web app's logged 500).
    - ``example``: a puzzle's text (the page shown first, API messages).
    - ``parse(text)``, ``text(puzzle)``: the text format both ways.
    - ``encode(puzzle)``, ``decode(code)``: the share code both ways.
    - ``options(data)``: the kind's options from a request body.
    - ``quick(puzzle, options)``: the answer when it is cheap, else None.
    - ``solve(puzzle, options, *, max_seconds, max_count, max_bytes, progress)``:
      the answer within the limits (``max_count`` bounds the kind's counter;
      ``progress(count, depth[, phase])`` now and then). ``quick`` and
      ``solve`` answer dicts of one shape (:mod:`webapp.answer`). Inside
      one process a puzzle is passed as the object ``parse`` made; only a
      worker process gets its text, and parses it (:mod:`webapp.web.jobs`).
    - ``move(puzzle, options, move)``, ``hint(puzzle, options)`` (None:
      the first move of a solve), ``shuffle(data, rng)``.
    - ``svg(puzzle)``, ``detect(text)`` (0 to 1), ``summary(puzzle)``.

    Optional (see :func:`webapp.kinds.with_defaults` for the value a kind gets without):

    - ``page_path``: the address of its playground (``/<name>``).
    - ``template``: the playground's template (``<name>.html``).
    - ``edit_mode``: the page's mode for a puzzle opened to be edited.
    - ``how_to_play_template``: its guide (``how_to_play_<name>.html``).
    - ``default_limits``: the values of its limits' config keys
      (``<NAME>_MAX_<COUNTER>``, ``<NAME>_MAX_SECONDS``, ...: the kind's
      name in capitals) when the operator sets none,
      by their short names (``count``, ``seconds``, ``bytes``, and for a
      kind that solves small puzzles in the request, ``inline`` and
      ``quick``: see :func:`webapp.web.solving.config_keys`); none: no
      limit but the ones a worker always has.
    - ``option_fields``: the request fields ``options`` reads (others
      are refused with a 400 naming them); ``shuffle_fields`` likewise.
    - ``request_example``: a request body shown in API messages.
    - ``job_note(puzzle, options, limits)``: a sentence for the page about
      a worker's solve (e.g. a time limit it runs under), or None.
    - ``how_to_play_pictures()``: the guide's pictures by section, each
      ``(puzzle text, label, caption)``.
    - ``how_to_play_figures()``: those pictures drawn, by section, each
      ``(svg, caption)`` (by default each puzzle drawn by ``svg``, its
      label on it); a kind whose guide needs more than ``svg`` draws them.
    - ``time_limit(puzzle, config)``: the seconds a worker's solve of this
      puzzle gets when the kind picks them per puzzle (``config``: the web
      app's settings), else None: ``<prefix>_MAX_SECONDS`` holds.
    - ``api_schemas()``: JSON Schemas for the API's OpenAPI description
      (:mod:`webapp.web.openapi`; none: fields and answers of any shape):
      ``options``, ``shuffle`` (a schema for each of ``option_fields``,
      ``shuffle_fields``), ``move`` (the ``move`` field /move reads),
      ``step`` (one of an answer's ``moves``), ``summary``, ``answer`` (a
      solve's), ``move_answer``, ``hint`` (a hint's answer; none: the first
      move of a solve). ``summary``, ``answer``, ``move_answer`` and
      ``hint`` are an object's ``properties`` and ``required``, or any schema.
    - ``hint_options(options)``: when ``hint`` gives None, the options of
      the solve (cached, inline or in a worker, as any solve) whose answer
      gives the hint (by default the same options).
    - ``hint_of(answer)``: the hint from that solve's answer (by default its
      first move: :func:`webapp.kinds.first_move_hint`).
    - ``card_facts(puzzle, item)``: a gallery card's facts, short strings
      shown one to a line (``item``: the puzzle's catalogue entry; by
      default the size and the shortest solution's ``moves``).

    The command line (optional, defaults in :mod:`webapp.cli.parts`):

    - ``command_line()``: the kind's command-line part, an object (by
      default the module ``webapp/<name>/commandline.py``, or none) that may
      have: ``solve_options``, ``generate_options`` (lists of
      :class:`webapp.commandline.Option`); ``recognise(text)`` (0 to 1, as
      ``detect``, which it defaults to; the first kind sure of a text wins);
      ``solve(run)`` (the exit status; default ``run.default()``: the
      kind's ``solve`` under --max-seconds and ``--max-<counter>``);
      ``facts(answer)`` (what was found, in words, for the headline;
      default: the answer's summary); ``generate(args, seed)`` (the
      puzzle's text and a line about it; may raise
      :class:`webapp.commandline.Usage` or ``OutOfTries``; default: none);
      ``prepare(progress)`` (build now what the kind's first solve would
      build and keep, reporting to ``progress`` as a solve does; words for
      ``rotation-playground prepare``, a line for each thing kept; default: none);
      ``study_command()`` (a module with ``OPTIONS``, a list of
      :class:`webapp.commandline.Option`, and ``run(args, say)``, the exit
      status, for ``rotation-playground study``; default: none);
      ``words``, ``solve_words``, ``generate_words``, ``help_notes`` and
      ``foreign_hints`` for the help texts and messages.
    """

    name: str
    title: str
    goal: str
    counter: str
    depth_field: str
    error: type
    example: str
    page_path: str
    template: str
    edit_mode: str
    how_to_play_template: str
    default_limits: dict
    option_fields: tuple
    shuffle_fields: tuple
    request_example: str

    def parse(self, text: str) -> Any: ...
    def text(self, puzzle) -> str: ...
    def encode(self, puzzle) -> str: ...
    def decode(self, code: str) -> Any: ...
    def options(self, data: dict) -> dict: ...
    def quick(self, puzzle, options: dict, *, max_count=None) -> dict | None: ...
    def solve(self, puzzle, options: dict, *, max_seconds=None, max_count=None,
              max_bytes=None, progress=None) -> dict: ...
    def move(self, puzzle, options: dict, move) -> dict: ...
    def hint(self, puzzle, options: dict) -> dict | None: ...
    def shuffle(self, data: dict, rng: random.Random) -> Any: ...
    def svg(self, puzzle) -> str: ...
    def detect(self, text: str) -> float: ...
    def summary(self, puzzle) -> dict: ...
    def job_note(self, puzzle, options: dict, limits: dict) -> str | None: ...
    def how_to_play_pictures(self) -> dict: ...
    def how_to_play_figures(self) -> dict: ...
    def time_limit(self, puzzle, config) -> float | None: ...
    def api_schemas(self) -> dict: ...
    def hint_options(self, options: dict) -> dict: ...
    def hint_of(self, answer: dict) -> dict: ...
    def card_facts(self, puzzle, item: dict) -> list[str]: ...
    def command_line(self) -> Any: ...
