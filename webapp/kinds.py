"""The registry of puzzle kinds: every kind is one back end behind one small
interface (:class:`~webapp.kind_protocol.Kind`, also ``kinds.Kind``; as
``KIND`` in ``webapp/<kind>/kind.py``), and the web app, the command line
and the gallery reach a kind only through here.

A new kind plugs in with its ``kind.py`` (a subclass of ``Kind``, whose
defaults it inherits) and its name in :data:`NAMES` (and its page's template
and script): the generic code never asks a kind's name, only the members of
``Kind``. The registry only registers.

A kind's module is imported when the kind is first asked for (:func:`get`),
every kind's when :data:`KINDS` is.

>>> from webapp import kinds
>>> [kind.name for kind in kinds.KINDS]
['rotation', 'sliding', 'triangle']
>>> get("rotation").counter
'states'
>>> get("sliding").web.page_path, get("sliding").web.template
('/sliding', 'sliding.html')
>>> get("chess")
Traceback (most recent call last):
...
KeyError: "no puzzle kind 'chess' (kinds: rotation, sliding, triangle)"
"""

from __future__ import annotations

import importlib

from .errors import Message
from .kind_protocol import Kind

#: The kinds in the order people see them (headers, galleries, detection ties).
NAMES = ("rotation", "sliding", "triangle")


_LOADED: dict[str, Kind] = {}


def _load(name: str):
    """The kind called ``name`` (one of :data:`NAMES`), its module imported
    on first use: a command line that solves one kind of puzzle loads only
    that kind (with its dependencies) and starts faster."""
    kind = _LOADED.get(name)
    if kind is None:
        kind = importlib.import_module(f"webapp.{name}.kind").KIND
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
    raise KeyError(Message("no puzzle kind %(name)s (kinds: %(kinds)s)", name=repr(name),
                           kinds=", ".join(names()))) from None


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
    return next((kind for kind in kinds if kind.web.page_path == "/"), kinds[0])


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
