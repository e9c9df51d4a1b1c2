"""Frozen values without :mod:`dataclasses`: equality, hashing, an eval-able
``repr`` and fields that cannot change, as ``@dataclass(frozen=True)`` gives.

Importing dataclasses loads inspect (with ast, dis and tokenize), and each
``@dataclass`` builds its methods with ``exec``: about 15 ms of a
command-line solve's start-up, which issue 21 wants under 0.3 s whole. The
puzzle, the answer and the place to resume from are made from this class.

A class names its fields in ``FIELDS``, in its ``__init__``'s order: they
are the ones compared, hashed and shown. ``__init__`` is the class's own and
sets its fields with ``object.__setattr__``.

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

__all__ = ["Frozen"]


class Frozen:
    """A value equal to another of its class with equal fields, hashable,
    whose fields cannot change once made."""

    FIELDS: tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.FIELDS])
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value) -> None:
        _refuse(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        _refuse(f"cannot delete field {name!r}")


def _refuse(message: str):
    # the dataclasses' own error, so that code catching it still does; imported
    # only here, when something tries to change a frozen value
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(message)
