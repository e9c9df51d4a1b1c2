"""Value classes without :mod:`dataclasses`: equality, hashing, ordering,
an eval-able ``repr`` and frozen fields, as ``@dataclass`` gives them.

Importing dataclasses loads inspect (with ast, dis and tokenize), and each
``@dataclass`` builds its methods with ``exec``: together a third of a
command-line solve's start-up. The kinds' values (rotation's board,
positions and answers; the triangle's puzzle, answer and resume point) are
made from these classes instead, and behave as they did as dataclasses
(tests/rotation/test_board.py: the same ``FrozenInstanceError``).

A class names its fields in ``FIELDS``, in its ``__init__``'s order: they
are the ones compared, hashed and shown (an attribute not named there, such
as a cache, is none of these). ``__init__`` is the class's own; a frozen
one sets its fields with ``object.__setattr__``.

>>> class Point(Frozen):
...     FIELDS = ("x", "y")
...     def __init__(self, x, y=0):
...         object.__setattr__(self, "x", x)
...         object.__setattr__(self, "y", y)
>>> Point(1, 2), Point(1) == Point(1, 0), Point(1) != Point(2), len({Point(1), Point(1, 0)})
(Point(x=1, y=2), True, True, 1)
>>> Point(1).x = 3
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations


class Value:
    """A mutable value: equal to another of its class with equal fields,
    unhashable (as a dataclass with ``eq`` and not ``frozen``)."""

    FIELDS: tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.FIELDS])
        return f"{self.__class__.__qualname__}({shown})"


class Frozen(Value):
    """A value whose fields cannot change once made: hashable."""

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value) -> None:
        _refuse(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        _refuse(f"cannot delete field {name!r}")


class Ordered(Frozen):
    """A frozen value ordered as the tuple of its fields (``order=True``).

    >>> class Pair(Ordered):
    ...     FIELDS = ("a", "b")
    ...     def __init__(self, a, b):
    ...         object.__setattr__(self, "a", a)
    ...         object.__setattr__(self, "b", b)
    >>> sorted([Pair(2, 0), Pair(1, 5), Pair(1, 2)])
    [Pair(a=1, b=2), Pair(a=1, b=5), Pair(a=2, b=0)]
    >>> Pair(1, 2) <= Pair(1, 2) < Pair(1, 3), Pair(2, 0) >= Pair(1, 9) > Pair(1, 8)
    (True, True)
    >>> Pair(1, 2) < (1, 3)
    Traceback (most recent call last):
    ...
    TypeError: '<' not supported between instances of 'Pair' and 'tuple'
    """

    def __lt__(self, other):
        if other.__class__ is self.__class__:
            return self._values() < other._values()
        return NotImplemented

    def __le__(self, other):
        if other.__class__ is self.__class__:
            return self._values() <= other._values()
        return NotImplemented

    def __gt__(self, other):
        if other.__class__ is self.__class__:
            return self._values() > other._values()
        return NotImplemented

    def __ge__(self, other):
        if other.__class__ is self.__class__:
            return self._values() >= other._values()
        return NotImplemented


def _refuse(message: str):
    # the dataclasses' own error, so that code catching it still does; imported
    # only here, when something tries to change a frozen value
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(message)
