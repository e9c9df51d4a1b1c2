"""The contract every puzzle kind fills (:class:`Kind`): one base class,
its defaults in one place. The registry (:mod:`webapp.kinds`) gives it as
``kinds.Kind`` too.

>>> from webapp.kinds import get
>>> isinstance(get("rotation"), Kind)
True
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from html import escape
from typing import Any, Callable

from .webface import WebFace
from .words import gettext, ngettext


class Kind(ABC):
    """What every puzzle kind offers: a kind is a subclass that sets the
    attributes and methods every kind fills, and overrides any default it
    needs to. A puzzle is whatever the kind's ``parse`` gives (its own
    object); the web app only passes it back.

    Every kind fills (a subclass missing one of the methods cannot be made):

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
    - ``solve(puzzle, options, *, max_seconds, max_count, max_bytes, progress)``:
      the answer within the limits (``max_count`` bounds the kind's counter;
      ``progress(count, depth[, phase])`` now and then). ``quick`` and
      ``solve`` answer dicts of one shape (:mod:`webapp.answer`). Inside
      one process a puzzle is passed as the object ``parse`` made; only a
      worker process gets its text, and parses it (:mod:`webapp.web.jobs`).
    - ``hint(puzzle, options, *, max_seconds, max_count, max_bytes,
      progress)``: the next move towards the goal, found within the limits
      as a solve is (by default the first move of ``solve``:
      :func:`first_move_hint`); a hint without a move has a ``message``
      for the player.
    - ``tasks``: the names of the kind's searches, each a method called as
      ``solve`` is (``solve`` and ``hint`` for every kind; a kind adds its
      own, as triangle's ``trace``). Each is a route of the API
      (``/api/<name>/<task>``), a job a worker runs, and an entry of the
      cache.
    - ``quick(puzzle, options, *, task, max_count)``: the answer of a task
      when it is cheap (found in the request), else None.
    - ``move(puzzle, options, move)``, ``shuffle(data, rng)``.
    - ``svg(puzzle)``, ``detect(text)`` (0 to 1), ``summary(puzzle)``.

    A printed sheet (:mod:`webapp.printing`): ``printed_puzzle(puzzle)``,
    its picture (by default the ``svg``), and ``printed_solution(puzzle,
    answer)``, words and an SVG picture or None; by default the answer's
    moves in order, no picture.

    The solution as a film (optional: ``/api/<name>/animation.gif``):
    ``film_moves(answer, link)``, the moves of a solve's answer or of a
    link's ``moves=`` (None by default for a link's), and
    ``film(puzzle, moves, size)``, their frames (:mod:`webapp.film`; None
    by default: the kind draws none).

    The web app's face of the kind: ``web``, a
    :class:`webapp.webface.WebFace` (its page, limits, request fields,
    schemas, guide's pictures, gallery card); a kind declares its own as
    ``web = WebFace(name, ...)``, else it gets the defaults.

    The command line's face of the kind:

    - ``command_line()``: the kind's :class:`webapp.commandline.CommandLine`
      (its options, words, solve, generate, ...; by default the one
      ``webapp/<name>/commandline.py`` declares as ``COMMAND_LINE``), or
      None: a kind with no command-line part of its own, served by that
      class's defaults.
    """

    name: str
    title: str
    goal: str
    counter: str
    depth_field: str
    error: type
    example: str

    # ------------------------------------------------- every kind fills
    @abstractmethod
    def parse(self, text: str) -> Any: ...

    @abstractmethod
    def text(self, puzzle) -> str: ...

    @abstractmethod
    def encode(self, puzzle) -> str: ...

    @abstractmethod
    def decode(self, code: str) -> Any: ...

    @abstractmethod
    def options(self, data: dict) -> dict: ...

    @abstractmethod
    def quick(self, puzzle, options: dict, *, task: str = "solve", max_count=None) -> dict | None: ...

    @abstractmethod
    def solve(self, puzzle, options: dict, *, max_seconds=None, max_count=None,
              max_bytes=None, progress=None) -> dict: ...

    @abstractmethod
    def move(self, puzzle, options: dict, move) -> dict: ...

    @abstractmethod
    def shuffle(self, data: dict, rng: random.Random) -> Any: ...

    @abstractmethod
    def svg(self, puzzle) -> str: ...

    @abstractmethod
    def detect(self, text: str) -> float: ...

    @abstractmethod
    def summary(self, puzzle) -> dict: ...

    # ----------------------------------------------------- searches
    tasks: tuple = ("solve", "hint")

    def hint(self, puzzle, options: dict, *, max_seconds=None, max_count=None,
             max_bytes=None, progress=None) -> dict:
        """The first move of a solve within the limits."""
        return first_move_hint(self, self.solve(puzzle, options, max_seconds=max_seconds,
                                                max_count=max_count, max_bytes=max_bytes,
                                                progress=progress))

    # ------------------------------------------------------- printing
    def printed_puzzle(self, puzzle) -> str:
        """A printed sheet's picture of ``puzzle`` (:mod:`webapp.printing`):
        an SVG, by default the kind's :meth:`svg`."""
        return self.svg(puzzle)

    def printed_solution(self, puzzle, answer: dict) -> tuple[str, str | None]:
        """A printed sheet's solution of ``puzzle`` from its ``answer``
        (:mod:`webapp.printing`): words, and an SVG picture or None. By
        default the moves in order, as the answer lists them.

        >>> from webapp.kinds import get
        >>> get("sliding").printed_solution(None, {"status": "solved", "moves": [4, 8], "length": 2})
        ('2 moves: 4 8', None)
        """
        return solution_words(answer), None

    # ------------------------------------------ the solution as a film
    def film_moves(self, answer: dict | None, link: str | None):
        """The moves a film plays: a link's (``link``, its ``moves=``, as
        the page writes them) or else those of a solve's ``answer``. By
        default the answer's ``moves``, and None for a link's: those are
        the kind's to read."""
        return None if link is not None else (answer or {}).get("moves") or []

    def film(self, puzzle, moves, size: int) -> list | None:
        """The frames (:class:`webapp.film.Frame`) of ``moves`` played from
        ``puzzle``, ``size`` pixels wide: the animation the web app encodes
        (``/api/<name>/animation.gif``); None by default: the kind draws none."""
        return None

    # ------------------------------------------------ the web app's face
    @property
    def web(self) -> WebFace:
        return WebFace(self.name)

    # ------------------------------------------ the command line's face
    def command_line(self):
        """The ``COMMAND_LINE`` of ``webapp.<name>.commandline`` when there
        is one, loaded here by name when the command line first asks (the
        web app never does, and that module imports the kind's), else None."""
        module = f"webapp.{self.name}.commandline"
        try:
            return importlib.import_module(module).COMMAND_LINE
        except ModuleNotFoundError as exc:
            if exc.name not in (module, f"webapp.{self.name}"):
                raise
            return None


#: A hint's words for the player when it has no move, by the answer's status.
NO_MOVE = {"limit": "No hint: the search stopped at its limit before it found a solution.",
           "unsolvable": "No hint: the goal cannot be reached from here.",
           "solved": "The goal is reached already."}


def first_move_hint(kind: Kind, answer: dict) -> dict:
    """A hint by default: the first move of a solve's ``answer`` (None when
    it has none, and then a ``message`` that says why), its length, count,
    whether it is shortest, its summary.

    >>> from webapp.kinds import get
    >>> first_move_hint(get("rotation"), {"status": "solved", "moves": "LR", "length": 2,
    ...                                    "states": 9, "optimal": True})["move"]
    'L'
    """
    moves = answer.get("moves") or None
    move = moves[:1] if isinstance(moves, str) else (moves[0] if moves else None)
    hint = {"status": answer["status"], "move": move, "length": answer.get("length"),
            kind.counter: answer.get(kind.counter), "optimal": answer.get("optimal"),
            "summary": answer.get("summary")}
    if move is None:
        hint["message"] = NO_MOVE.get(answer["status"], NO_MOVE["limit"])
    return hint


def solution_words(answer: dict, counted: Callable[[int, str], str] | None = None) -> str:
    """An answer's moves for a person to read, or why it has none, in the
    reader's language (:mod:`webapp.words`). ``counted(n, moves)`` says
    the count and the moves in the kind's own word (a rotation's moves are
    turns); by default "2 moves: 4 8".

    >>> solution_words({"status": "solved", "moves": [4, 8], "length": 2})
    '2 moves: 4 8'
    >>> solution_words({"status": "limit"})
    'No solution found within the limit.'
    """
    moves = answer.get("moves")
    if answer.get("status") == "solved" and moves is not None:
        if not moves:
            return gettext("Solved as it stands: no moves.")
        return (counted or _moves)(len(moves), " ".join(str(m) for m in moves))
    if answer.get("status") == "unsolvable":
        return gettext("No solution: the goal cannot be reached.")
    return gettext("No solution found within the limit.")


def _moves(n: int, moves: str) -> str:
    return ngettext("%(n)s move: %(moves)s", "%(n)s moves: %(moves)s", n, moves=moves)


def drawn(kind: Kind, pictures: dict[str, list[tuple[str, str, str]]],
          draw: Callable[[Any], str] | None = None) -> dict[str, list[tuple[str, str]]]:
    """A guide's pictures, by section, each ``(puzzle text, label,
    caption)``, as ``how_to_play_figures`` gives them: each puzzle drawn by
    ``draw`` (the kind's ``svg``, its gallery picture, unless the guide
    wants another), its label on the picture for screen readers.

    >>> from webapp.kinds import get
    >>> sliding = get("sliding")
    >>> [(svg[:32], caption) for svg, caption in drawn(sliding, {"a": [(sliding.example, "One", "A tile")]})["a"]]
    [('<svg role="img" aria-label="One"', 'A tile')]
    """
    figures = {}
    for section, shown in pictures.items():
        figures[section] = []
        for text, label, caption in shown:
            svg = (draw or kind.svg)(kind.parse(text))
            if "<svg" in svg and "aria-label" not in svg.split(">", 1)[0]:
                svg = svg.replace("<svg", f'<svg role="img" aria-label="{escape(label)}"', 1)
            figures[section].append((svg, caption))
    return figures
