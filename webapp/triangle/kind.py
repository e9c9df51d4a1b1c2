"""The triangle puzzle behind the kinds interface (see :mod:`webapp.kinds`):
the web app and the command line reach the puzzle, its text, share codes,
pictures, random puzzles and the solver only through ``KIND``.

>>> p = KIND.parse(KIND.example)
>>> KIND.text(p) == KIND.example and KIND.decode(KIND.encode(p)) == p
True
>>> answer = KIND.solve(KIND.example, {})
>>> answer["status"], answer["count"], answer["distinct"]
('solved', 3, 1)
>>> KIND.detect(KIND.example), KIND.detect("1 2 3\\n4 5 6\\n7 8 0")
(1.0, 0.0)
"""

from __future__ import annotations

import random
import re
import time

from ..errors import FieldError, FieldMisfit, Message
from ..kind_protocol import Kind, drawn
from ..webface import WebFace
from ..words import gettext
from . import play, resume, sharecode, solver, trace
from .generate import MAX_FIGURES, MAX_SIDE, MAX_UNIQUE_SIDE, random_puzzle
from .puzzle import Puzzle, TriangleError
from .schemas import schemas
from .svg import svg, thumbnail
from .textformat import parse, write

__all__ = ["KIND", "TriangleKind", "EXAMPLE", "QUICK_SECONDS"]

#: A solve that finishes within this time is answered on the spot.
QUICK_SECONDS = 0.2
#: How many solutions an answer lists when the request does not say, and at most.
FIRST = 10
MAX_FIRST = 1000
#: A hint searched for in the request: nodes before a worker takes it over
#: (a few milliseconds; the counting search finds most hints in far fewer).
HINT_NODES = 20_000
#: A random puzzle's side and figure kinds when the request does not say.
SHUFFLE_SIDE = 3
SHUFFLE_FIGURES = 4
#: A unique random puzzle is made in the request: bounded by search nodes
#: (generate.UNIQUE_NODES, a few tenths of a second) and by this much time
#: whatever the machine's load.
SHUFFLE_SECONDS = 0.5

#: The last of the rules' examples (docs/triangle.md): one picture, three placements.
EXAMPLE = "10\n9\n10 4 10\n8 -7 9\n-5 10 10\n10 7 -2\n5 -2 6\n3 -4 2\n-8 10 -6\n10 10 -9\n-3 2 10\n"

#: A limit's name in an answer, in words for people (a page shows the summary).
_LIMIT_WORDS = {"max_seconds": "the time limit", "max_nodes": "the limit of steps"}

_INTEGER_LINE = re.compile(r"[ \t]*[-+]?[0-9]+(?:[ \t]+[-+]?[0-9]+)*[ \t]*")


def summarise(answer: dict) -> str:
    """One line for people: the status and the counts.

    >>> summarise({"status": "solved", "count": 6, "distinct": 2, "nodes": 40, "seconds": 0.0012})
    'solved: 6 placements, 2 distinct pictures up to turning (40 nodes, 0.0012 s)'
    >>> summarise({"status": "unsolvable", "count": 0, "distinct": 0, "nodes": 7, "seconds": 0.0})
    'unsolvable: no placement fits (7 nodes, 0 s)'
    >>> summarise({"status": "solved", "count_text": "29148", "distinct": 2429, "nodes": 1, "seconds": 0.1})
    'solved: 29,148 placements, 2,429 distinct pictures up to turning (1 nodes, 0.1 s)'
    """
    count, distinct = answer.get("count_text") or answer.get("count"), answer.get("distinct")
    work = f"({answer.get('nodes', 0):,} nodes, {answer.get('seconds', 0):.2g} s)"
    if answer["status"] == "unsolvable":
        return f"unsolvable: no placement fits {work}"
    found = (f"{int(count):,} placement{'s' if str(count) != '1' else ''}, "
             f"{distinct:,} distinct picture{'s' if distinct != 1 else ''} up to turning")
    if answer["status"] == "limit":
        return f"limit ({answer.get('limit') or 'stopped'}): so far {found} {work}"
    return f"solved: {found} {work}"


def _figures() -> dict[str, list[tuple[str, str]]]:
    """The guide's picture: the pieces of the rules' example in their tray
    (the kind's ``svg`` is the gallery's thumbnail, the pieces laid in the
    big triangle, which the guide would read as placed).

    >>> [len(p) for p in KIND.web.figures().values()]
    [1]
    """
    return drawn(KIND, {"pieces": [(EXAMPLE, gettext("The nine pieces of the example from the rules"),
                                    "The example's nine pieces: each edge shows half of a "
                                    "figure, or nothing (0).")]}, draw=svg)


def _card_facts(puzzle: Puzzle, item: dict) -> list[str]:
    """A gallery card: side, pieces, and the catalogue's counts
    (``count`` placements, ``distinct`` pictures; 0: no solution).

    >>> KIND.web.card_facts(KIND.parse(KIND.example), {"count": 3, "distinct": 1})
    ['3 × 3', '9 pieces', '1 picture', '3 placements']

    Each fact is kept on one line, so the counts are two facts: together
    ("2,429 pictures (29,148 placements)") they were wider than a
    phone's card.
    """
    facts = [f"{puzzle.n} × {puzzle.n}", f"{len(puzzle.pieces)} piece{'s' if len(puzzle.pieces) != 1 else ''}"]
    count, distinct = item.get("count"), item.get("distinct")
    if count == 0:
        facts.append("no solution")
    elif count is not None and distinct is not None:
        facts.append(f"{distinct:,} picture{'s' if distinct != 1 else ''}")
        facts.append(f"{count:,} placement{'s' if count != 1 else ''}")
    return facts


class TriangleKind(Kind):
    """The triangle puzzle: n x n pieces with half figures on their edges."""

    name = "triangle"
    title = "Triangle"
    goal = ("Fill the big triangle with every piece so that each inner edge joins "
            "the two halves of one figure.")
    counter = "nodes"
    #: The job snapshot's second figure: how many slots are filled.
    depth_field = "depth"
    error = TriangleError
    example = EXAMPLE
    tasks = ("solve", "hint", "trace")
    web = WebFace(
        "triangle",
        # nodes one solve may search (then the counts so far) and its seconds
        default_limits={"count": 2_000_000_000, "seconds": 60.0},
        option_fields=("first", "placement", "events", "resume"),
        shuffle_fields=("size", "figures", "unique"),
        schemas=schemas(FIRST, MAX_FIRST), figures=_figures, card_facts=_card_facts)
    # ------------------------------------------------------------ the text
    def parse(self, text: str) -> Puzzle:
        return parse(text)

    def text(self, puzzle: Puzzle) -> str:
        return write(puzzle)

    def encode(self, puzzle: Puzzle) -> str:
        return sharecode.encode(puzzle)

    def decode(self, code: str) -> Puzzle:
        return sharecode.decode(code)

    # ------------------------------------------------------------- solving
    def options(self, data: dict) -> dict:
        """``first``: how many solutions to list (1 to 1000, default 10);
        ``placement``: the slots filled so far (for a move or a hint: a
        list over the slots of null or ``{"piece": i, "edges": [x, y, z]}``,
        checked against the puzzle when it is used); ``events``: how many of
        the search's first moves a trace keeps (see :meth:`trace`); ``resume``: the token of an answer
        stopped by a limit (its ``resume``), to go on where it stopped
        (checked against the puzzle when it is used).

        >>> KIND.options({"first": 3, "other": 1})
        {'first': 3, 'placement': None}
        >>> KIND.options({"events": 500})["events"]
        500
        >>> KIND.options({"first": 0})
        Traceback (most recent call last):
        ...
        webapp.errors.FieldError: "first" must be 1 to 1000 (solutions to list), not 0
        """
        first = data.get("first", FIRST)
        if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= MAX_FIRST:
            raise FieldError(Message('"first" must be 1 to %(max_first)s (solutions to list), not %(first)s',
                                     max_first=MAX_FIRST, first=repr(first)))
        placement = data.get("placement")
        if placement is not None and not isinstance(placement, list):
            raise FieldError(Message('"placement" must be a list over the slots'))
        if placement is not None:  # every route, as the OpenAPI description says, not only those that read it
            play.check_shape(placement)
        options = {"first": first, "placement": placement}
        events = data.get("events")
        if events is not None:
            if isinstance(events, bool) or not isinstance(events, int) or not 1 <= events <= trace.MAX_EVENTS:
                raise FieldError(Message('"events" must be 1 to %(max_events)s (search steps to keep), not %(events)s',
                                         max_events=trace.MAX_EVENTS, events=repr(events)))
            options["events"] = events
        token = data.get("resume")
        if token is not None:
            if not isinstance(token, str) or not 0 < len(token) <= resume.MAX_TOKEN:
                raise FieldError(Message('"resume" must be the token of an answer stopped by a limit'))
            options["resume"] = token
        return options

    def quick(self, puzzle: Puzzle, options: dict, *, task: str = "solve",
              max_count: int | None = None) -> dict | None:
        """The answer of ``task`` when its search finishes within
        ``QUICK_SECONDS`` and ``max_count`` nodes (a worker's own bound:
        what the spot answers, a worker would; a hint: ``HINT_NODES``),
        else None (a worker searches, with progress)."""
        if task in ("hint", "trace"):
            nodes = HINT_NODES if task == "hint" else max_count
            body = getattr(self, task)(puzzle, options, max_seconds=QUICK_SECONDS, max_count=nodes)
            return None if body["status"] == "limit" else body
        first = options.get("first", FIRST)
        answer = solver.solve(puzzle, first=first, max_seconds=QUICK_SECONDS, max_nodes=max_count,
                              resume=self._resume(puzzle, first, options))
        if answer.status == "limit":
            return None
        return self._body(answer, puzzle, first)

    def solve(self, puzzle: Puzzle | str, options: dict, *, max_seconds: float | None = None,
              max_count: int | None = None, max_bytes: int | None = None, progress=None) -> dict:
        """Solve ``puzzle`` (or its text, read first) within the limits
        (``max_count``: nodes); ``options["first"]`` solutions listed (None:
        every one); ``progress(nodes, depth)``. ``options["interruptible"]``
        (the command line's, never a request's): Ctrl+C answers ``limit``
        with the counts so far."""
        puzzle = parse(puzzle) if isinstance(puzzle, str) else puzzle
        first = options.get("first", FIRST)
        answer = solver.solve(puzzle, first=first, max_nodes=max_count,
                              max_seconds=max_seconds, progress=progress,
                              interruptible=bool(options.get("interruptible")),
                              resume=self._resume(puzzle, first, options))
        return self._body(answer, puzzle, first)

    @staticmethod
    def _resume(puzzle: Puzzle, first, options: dict):
        token = options.get("resume")
        if token is None:
            return None
        if first is None:
            raise FieldError(Message('"resume" goes on with a listing of the first solutions, not of all'))
        return resume.decode(puzzle, first, token)

    def trace(self, puzzle: Puzzle | str, options: dict, *, max_seconds: float | None = None,
              max_count: int | None = None, max_bytes: int | None = None, progress=None) -> dict:
        """The search's moves to its first solution (the page's "Show
        search"), the first ``options["events"]`` of them kept (by default
        :data:`~webapp.triangle.trace.MAX_EVENTS`): ``trace`` holds ``events`` (each ``{"act": "place", "slot",
        "piece", "turn", "edges"}`` or ``{"act": "take", "slot", "piece"}``),
        ``made`` (all the moves), ``takebacks`` (among those kept) and
        ``cut`` (more moves than kept); ``solutions`` the placement the moves
        end on (the search's first solution, not always the first listed).

        >>> body = KIND.trace(KIND.example, {"events": 100})
        >>> body["status"], body["trace"]["steps"], body["trace"]["cut"], len(body["solutions"])
        ('solved', 9, False, 1)
        """
        puzzle = parse(puzzle) if isinstance(puzzle, str) else puzzle
        t = trace.trace(puzzle, cap=options.get("events", trace.MAX_EVENTS), max_nodes=max_count,
                        max_seconds=max_seconds, progress=progress)
        info = t.to_json()
        body = {"status": t.status, "limit": t.limit, "trace": info,
                "solutions": [] if t.solution is None else [play.to_json(t.solution)],
                "nodes": t.nodes, "seconds": round(t.seconds, 6), "engine": "python",
                "optimal": t.status != "limit"}
        if t.status == "solved" and t.cut:
            said = (f"traced: {info['made']:,} moves to the first solution; "
                    f"{info['takebacks']:,} take-backs in the first {info['steps']:,}, kept to show")
        elif t.status == "solved":
            said = (f"traced: {info['made']:,} moves to the first solution, "
                    f"{info['takebacks']:,} take-backs")
        elif t.status == "unsolvable":
            said = "traced: the search ended with no solution"
        else:
            said = f"traced until {_LIMIT_WORDS.get(t.limit, 'its limit')}, no solution yet"
        body["summary"] = f"{said} ({t.nodes:,} nodes, {t.seconds:.2g} s)"
        return body

    @staticmethod
    def _body(answer, puzzle: Puzzle, first) -> dict:
        """The answer as JSON; one stopped by a limit has ``resume``, the
        token that goes on from there (null when it cannot)."""
        body = answer.to_json()  # the solver listed as many as "first" asked
        body.setdefault("count_text", str(body["count"]))
        body["resume"] = None if answer.resume is None else resume.encode(puzzle, first, answer.resume)
        body["summary"] = summarise(body)
        return body

    # --------------------------------------------------------------- play
    def move(self, puzzle: Puzzle, options: dict, move) -> dict:
        """One piece put in a slot, turned, or taken out (``move``: see
        :func:`webapp.triangle.play.place`) on ``options["placement"]``:
        the placement after it, the inner edges that do not fit, how many
        slots are filled, and ``solved`` when every slot is and all fit.

        >>> p = KIND.parse(KIND.example)
        >>> after = KIND.move(p, {}, {"slot": 0, "piece": 0, "edges": [10, 10, 4]})
        >>> after["filled"], after["misfits"], after["solved"], after["placement"][0]
        (1, [], False, {'piece': 0, 'edges': [10, 10, 4]})
        """
        placement = play.from_json(puzzle, options.get("placement"))
        after, slot = play.place(puzzle, placement, move)
        wrong = play.misfits(puzzle, after)
        filled = sum(1 for item in after if item is not None)
        return {"board": write(puzzle), "placement": play.to_json(after), "moved": slot,
                "misfits": wrong, "filled": filled,
                "solved": filled == len(after) and not wrong}

    def hint(self, puzzle: Puzzle | str, options: dict, *, max_seconds: float | None = None,
             max_count: int | None = None, max_bytes: int | None = None, progress=None) -> dict:
        """One more piece of a solution that keeps every piece placed so far
        (``options["placement"]``): ``move`` is ``{"slot", "piece", "edges"}``
        for the first empty slot, or None with ``status`` ``solved`` (every
        slot is filled), ``unsolvable`` (nothing placed can be completed:
        take pieces out) or ``limit`` (the bounds ran out first), and then
        ``message``, the words for the player (at the limit also ``within``,
        the bound it reached: ``{"tries": n}`` or ``{"seconds": s}``). A request tries
        ``HINT_NODES`` (:meth:`quick`), a worker the kind's limits.

        >>> KIND.hint(KIND.example, {})["move"]
        {'slot': 0, 'piece': 0, 'edges': [10, 10, 4]}
        >>> print(KIND.hint(KIND.example, {}, max_count=1)["message"])
        ... # doctest: +NORMALIZE_WHITESPACE
        No hint: no way to complete the pieces placed was found within 1 try.
        Take a piece or two out and ask again, or press Solve.
        """
        puzzle = parse(puzzle) if isinstance(puzzle, str) else puzzle
        placement = play.from_json(puzzle, options.get("placement"))
        began = time.perf_counter()
        status, solution, nodes = play.complete(puzzle, placement, max_nodes=max_count,
                                                max_seconds=max_seconds, progress=progress)
        seconds = time.perf_counter() - began
        move = None
        if solution is not None:
            slot = next((s for s, item in enumerate(placement) if item is None), None)
            if slot is not None:
                move = {"slot": slot, "piece": solution[slot][0], "edges": list(solution[slot][1])}
        turn = False
        if status == "unsolvable" and any(item is not None for item in placement):
            left = None if max_count is None else max(max_count - nodes, 0)
            move, turned, spent = play.turn_to_fit(puzzle, placement, max_nodes=left,
                                                   max_seconds=max_seconds, progress=progress)
            nodes += spent
            turn = move is not None
            status = turned if turn or turned == "limit" else status
            seconds = time.perf_counter() - began
        body = {"status": status, "move": move, "nodes": nodes, "seconds": round(seconds, 6),
                "engine": "python", "optimal": status == "solved", "turn": turn}
        if move is not None:
            verb = "turn" if turn else "put"
            body["summary"] = f"{verb} piece {move['piece']} in slot {move['slot']}"
            return body
        if status == "solved":
            body["message"] = "Every piece is in place already."
        elif status == "unsolvable":
            body["message"] = ("The pieces placed cannot all stay: no solution keeps them where "
                               "they are. Take some out.")
        else:
            by_tries = max_count is not None and nodes >= max_count
            spent = f"{max_count:,} tr{'ies' if max_count != 1 else 'y'}" if by_tries else f"{max_seconds:g} s"
            # the bound itself too, for a page that says it in its reader's words
            body["within"] = {"tries": max_count} if by_tries else {"seconds": max_seconds}
            body["message"] = (f"No hint: no way to complete the pieces placed was found within "
                               f"{spent}. Take a piece or two out and ask again, or press Solve.")
        body["summary"] = body["message"]
        return body

    def shuffle(self, data: dict, rng: random.Random) -> Puzzle:
        """A random puzzle: ``size`` (the side, 1 to 8, default 3),
        ``figures`` (figure kinds, default 4), ``unique`` (one picture only,
        side up to 6, with enough figure kinds: see
        :data:`~webapp.triangle.generate.MIN_UNIQUE_FIGURES`).

        >>> import random
        >>> KIND.shuffle({"size": 4, "figures": 2}, random.Random(1)).n
        4
        >>> KIND.shuffle({"size": 9}, random.Random(1))
        Traceback (most recent call last):
        ...
        webapp.errors.FieldError: "size" must be 1 to 8, not 9
        """
        n = _whole(data, "size", SHUFFLE_SIDE, 1, MAX_SIDE)
        figures = _whole(data, "figures", SHUFFLE_FIGURES, 0, MAX_FIGURES)
        unique = data.get("unique", False)
        if not isinstance(unique, bool):
            raise FieldError(Message('"unique" must be true or false'))
        if unique and n > MAX_UNIQUE_SIDE:
            raise FieldMisfit(Message("a unique puzzle is offered up to size %(max_unique_side)s, not %(n)s",
                                      max_unique_side=MAX_UNIQUE_SIDE, n=n))
        return random_puzzle(n, figures, rng, unique=unique, max_seconds=SHUFFLE_SECONDS)

    # --------------------------------------------------------- describing
    def film_moves(self, answer: dict | None, link: str | None) -> list[dict]:
        """A link's moves (``slot.piece.e0.e1.e2``, ``slot.x``), else the
        solve's first solution, slot by slot."""
        from .animation import link_moves, solution_moves  # Pillow: loaded when first asked for
        return link_moves(link) if link is not None else solution_moves(answer or {})

    def film(self, puzzle: Puzzle, moves: list[dict], size: int) -> list:
        """Each move: the piece drops into its slot."""
        from .animation import frames
        return frames(puzzle, moves, size)

    def svg(self, puzzle: Puzzle) -> str:
        return thumbnail(puzzle)

    def printed_puzzle(self, puzzle: Puzzle) -> str:
        """The loose pieces apart, each pointing up, to be cut out and laid:
        not the gallery's thumbnail, whose pieces sit in the slots."""
        return svg(puzzle)

    def printed_solution(self, puzzle: Puzzle, answer: dict) -> tuple[str, str | None]:
        """The finished picture: the first solution's pieces in their slots."""
        found = answer.get("solutions") or []
        if not found:
            return (gettext("No solution: the pieces cannot fill the triangle.") if answer.get("status") == "unsolvable"
                    else gettext("No solution found within the limit.")), None
        placement = [(slot["piece"], tuple(slot["edges"])) for slot in found[0]]
        return gettext("The finished triangle:"), svg(puzzle, placement)

    def detect(self, text: str) -> float:
        """1 for a text that parses; 0.95 for one shaped like this kind's (a
        count line, then a count, then lines of whole numbers) that does
        not, so that it gets this kind's message; else 0.

        >>> KIND.detect("3\\n4\\n1 2 3\\n1 2\\n"), KIND.detect("7\\n###\\n# #")
        (0.95, 0.0)
        """
        try:
            parse(text)
            return 1.0
        except TriangleError:
            pass
        lines = [line for line in text.lstrip("\ufeff").replace("\r", "").split("\n") if line.strip()]
        if len(lines) < 3 or not all(_INTEGER_LINE.fullmatch(line) for line in lines):
            return 0.0
        if len(lines[0].split()) != 1 or len(lines[1].split()) != 1:
            return 0.0
        return 0.95 if any(len(line.split()) == 3 for line in lines[2:]) else 0.0

    def summary(self, puzzle: Puzzle) -> dict:
        """For galleries and the API: the side (also as width and height,
        which pages of every kind read), the pieces and the figure kinds.

        >>> KIND.summary(KIND.parse(KIND.example))
        {'width': 3, 'height': 3, 'size': 3, 'pieces': 9, 'figures': 10}
        """
        return {"width": puzzle.n, "height": puzzle.n, "size": puzzle.n,
                "pieces": len(puzzle.pieces), "figures": puzzle.figures}


def _whole(data: dict, key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise FieldError(Message('"%(key)s" must be %(low)s to %(high)s, not %(value)s',
                                 key=key, low=low, high=high, value=repr(value)))
    return value


KIND = TriangleKind()
