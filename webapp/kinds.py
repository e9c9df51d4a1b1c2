"""The registry of puzzle kinds: every kind is one back end behind one small
interface (:class:`~webapp.kind_protocol.Kind`, also ``kinds.Kind``; as
``KIND`` in ``webapp/<kind>/kind.py``), and the web app, the command line
and the gallery reach a kind only through here.

A new kind plugs in with its ``kind.py`` and its name in :data:`NAMES` (and
its page's template and script): the generic code never asks a kind's name,
only the attributes of ``Kind``. The optional ones get their defaults from
:func:`with_defaults`, the one place that knows them.

A kind's module is imported when the kind is first asked for (:func:`get`),
every kind's when :data:`KINDS` is.

>>> from webapp import kinds
>>> [kind.name for kind in kinds.KINDS]
['rotation', 'sliding', 'triangle']
>>> get("rotation").counter
'states'
>>> get("sliding").page_path, get("sliding").template
('/sliding', 'sliding.html')
>>> get("chess")
Traceback (most recent call last):
...
KeyError: "no puzzle kind 'chess' (kinds: rotation, sliding, triangle)"
"""

from __future__ import annotations

import importlib
import json

from html import escape

from .kind_protocol import Kind

#: The kinds in the order people see them (headers, galleries, detection ties).
NAMES = ("rotation", "sliding", "triangle")


def with_defaults(kind) -> Kind:
    """``kind`` with every optional attribute of :class:`Kind` it does not
    set given its default (set on the object itself, so ``kind.x`` works
    everywhere without ``getattr``); returns ``kind``.

    >>> class Toy:
    ...     name = "toy"
    >>> toy = with_defaults(Toy())
    >>> toy.page_path, toy.template, toy.edit_mode
    ('/toy', 'toy.html', 'edit')
    >>> toy.job_note(None, {}, {}) is None
    True
    """
    name = kind.name
    defaults = {
        "page_path": f"/{name}",
        "template": f"{name}.html",
        "edit_mode": "edit",
        "how_to_play_template": f"how_to_play_{name}.html",
        "option_fields": None,   # None: not declared, so not checked
        "shuffle_fields": None,
        "job_note": lambda puzzle, options, limits: None,
        "how_to_play_pictures": lambda: {},
        "how_to_play_figures": lambda: _drawn_pictures(kind),
        "time_limit": lambda puzzle, config: None,
        "card_facts": lambda puzzle, item: _card_facts(kind, puzzle, item),
        "api_schemas": lambda: {},  # the API's description then says only what every kind shares
        "hint_options": lambda options: options,
        "hint_of": lambda answer: first_move_hint(kind, answer),
        "default_limits": {},
        "command_line": lambda: _command_line(name),
    }
    for attribute, value in defaults.items():
        if not hasattr(kind, attribute):
            setattr(kind, attribute, value)
    if not hasattr(kind, "request_example"):
        kind.request_example = '{"board": ' + json.dumps(getattr(kind, "example", "")) + "}"
    return kind


def first_move_hint(kind, answer: dict) -> dict:
    """A hint by default: the first move of a solve's ``answer`` (None when
    it has none), its length, count, whether it is shortest, its summary.

    >>> from webapp.kinds import get
    >>> first_move_hint(get("rotation"), {"status": "solved", "moves": "LR", "length": 2,
    ...                                    "states": 9, "optimal": True})["move"]
    'L'
    """
    moves = answer.get("moves") or None
    move = moves[:1] if isinstance(moves, str) else (moves[0] if moves else None)
    return {"status": answer["status"], "move": move, "length": answer.get("length"),
            kind.counter: answer.get(kind.counter), "optimal": answer.get("optimal"),
            "summary": answer.get("summary")}


def _drawn_pictures(kind) -> dict[str, list[tuple[str, str]]]:
    """The guide's pictures by default: each puzzle of ``how_to_play_pictures``
    drawn by the kind's ``svg``, its label on the picture for screen readers."""
    drawn = {}
    for section, shown in kind.how_to_play_pictures().items():
        drawn[section] = []
        for text, label, caption in shown:
            svg = kind.svg(kind.parse(text))
            if "<svg" in svg and "aria-label" not in svg.split(">", 1)[0]:
                svg = svg.replace("<svg", f'<svg role="img" aria-label="{escape(label)}"', 1)
            drawn[section].append((svg, caption))
    return drawn


def _card_facts(kind, puzzle, item: dict) -> list[str]:
    """A gallery card's facts by default: the size and the shortest
    solution's length (``moves`` in the catalogue; none: no solution)."""
    summary = kind.summary(puzzle)
    moves = item.get("moves")
    return [f"{summary['width']} × {summary['height']}",
            "no solution" if moves is None else f"{moves} move{'s' if moves != 1 else ''}"]


def _command_line(name: str):
    """A kind's command-line part by default: ``webapp.<name>.commandline``
    when there is one, else nothing of its own (the command line's defaults)."""
    module = f"webapp.{name}.commandline"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name not in (module, f"webapp.{name}"):
            raise
        return None


_LOADED: dict[str, Kind] = {}


def _load(name: str):
    """The kind called ``name`` (one of :data:`NAMES`), its module imported
    on first use: a command line that solves one kind of puzzle loads only
    that kind (with its dependencies) and starts faster."""
    kind = _LOADED.get(name)
    if kind is None:
        kind = with_defaults(importlib.import_module(f"webapp.{name}.kind").KIND)
        if kind.name != name:  # names() answers without loading: they must agree
            raise RuntimeError(f"webapp.{name}.kind.KIND is called {kind.name!r}, not {name!r}")
        _LOADED[name] = kind
    return kind


def __getattr__(attribute: str):
    """``KINDS`` (every kind, in order) and ``_BY_NAME``, made when first
    asked for (PEP 562): only then is every kind's module imported. Tests
    may replace both (a third kind for a while)."""
    if attribute == "KINDS":
        value = tuple(_load(name) for name in NAMES)
    elif attribute == "_BY_NAME":
        value = {name: _load(name) for name in NAMES}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
    globals()[attribute] = value
    return value


def _all() -> tuple:
    kinds = globals().get("KINDS")
    return kinds if kinds is not None else __getattr__("KINDS")


def get(name: str):
    """The kind called ``name``; KeyError naming the kinds there are.

    Until every kind is wanted, only ``name``'s module is imported
    (tests/rotation/test_rotation_engines.py checks it).
    """
    by_name = globals().get("_BY_NAME")
    try:
        if by_name is not None:
            return by_name[name]
        if name in NAMES:
            return _load(name)
    except (KeyError, TypeError):
        pass
    raise KeyError(f"no puzzle kind {name!r} (kinds: {', '.join(names())})") from None


def names() -> tuple[str, ...]:
    kinds = globals().get("KINDS")
    return NAMES if kinds is None else tuple(kind.name for kind in kinds)


def home():
    """The kind whose playground is the site's front page (``/``): the
    one whose ``page_path`` is ``/``, else the first.

    >>> home().name
    'rotation'
    """
    kinds = _all()
    return next((kind for kind in kinds if kind.page_path == "/"), kinds[0])


def most_like(candidates, score):
    """The candidate ``score`` rates highest (0 to 1): a tie goes to the
    first, and once one scores 1 no later one is asked (``candidates`` may
    be lazy, so that the rest are not even loaded). None for none.

    >>> most_like(["a", "bb", "ccc", "dddd"], lambda s: len(s) / 3)
    'ccc'
    """
    found, top = None, -1.0
    for candidate in candidates:
        rated = float(score(candidate))
        if rated > top:
            found, top = candidate, rated
        if top >= 1.0:
            break
    return found
