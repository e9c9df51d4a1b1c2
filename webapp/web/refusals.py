"""The JSON refusals, every one the same shape: ``error``, a sentence for a
person in the request's language (:mod:`.language`), and ``code``, one word
per kind of refusal that never changes with the language or the wording, for
programs to read (listed in docs/api.md and as an enum in the OpenAPI
description's ``Error``).

The kinds write their sentences as :class:`webapp.errors.Message` (they know
no web framework): :func:`say` says one again with gettext, its values too
(a value may be a Message itself); whole numbers as the language writes
them (German 1.234; English as the kind wrote it, to the byte).
A plain ``str`` stays as it is: it was written in the request's language
already, or is nobody's sentence to translate (a name, a worker's message).
"""

from __future__ import annotations

from flask import jsonify
from flask_babel import format_decimal, gettext, ngettext

from ..errors import IllegalMove, Message, Misfit, PuzzleTextError
from .language import DEFAULT, current

#: Every ``code`` an answer may carry, with what it means (docs/api.md says the same).
CODES = {
    "body": "the body is not a JSON object, or the request could not be read",
    "unknown_field": "a field the route does not read (see unknown and accepted)",
    "field": "a field, an option or a query's value the route does not take",
    "puzzle_text": "the puzzle's text or share code breaks its kind's rules (see line and column)",
    "illegal_move": "a move the rules do not allow from this position",
    "misfit": "fields each well formed that do not fit the puzzle or each other",
    "no_solution": "no solution to show: the puzzle has none, or none was found within the bounds",
    "not_found": "no such address, kind, job, level pool or stored link",
    "not_allowed": "the method is not allowed at this address",
    "gone": "a job someone deleted",
    "too_large": "the request, or what it asks for, is over the server's bound",
    "rate_limited": "too many requests, links or sheets from this address: wait Retry-After seconds",
    "busy": "the server's solvers are busy: wait Retry-After seconds",
    "preparing": "the answer is being prepared: ask again after Retry-After seconds",
    "unavailable": "the solver or a server this needs could not answer: try again",
    "store_full": "the link store is full: copy the long link instead",
    "not_implemented": "a format this server does not serve",
    "internal": "a bug on the server's side: the answer gives a request id",
}


def code_of(exc: Exception) -> str:
    """The ``code`` of a kind's error (:data:`webapp.errors.BAD_INPUT`)."""
    if isinstance(exc, Misfit):
        return "misfit"
    if isinstance(exc, PuzzleTextError):
        return "puzzle_text"
    return "illegal_move" if isinstance(exc, IllegalMove) else "field"


def say(said) -> str:
    """``said`` (an exception, a :class:`~webapp.errors.Message` or a plain
    str) in the request's language: a kind's puzzle text error with its
    place first ("Zeile 3, Spalte 5: ...")."""
    if isinstance(said, PuzzleTextError):
        return say(said.place()) + say(said.reason)
    if isinstance(said, BaseException):
        first = said.args[0] if len(said.args) == 1 else None
        return say(first) if isinstance(first, Message) else str(said)
    if not isinstance(said, Message):
        return said
    values = {name: _value(value) for name, value in said.values.items()}
    if said.plural is not None:
        return ngettext(said.template, said.plural, said.count, **values)
    return gettext(said.template, **values)


def _value(value):
    if isinstance(value, (Message, BaseException)):
        return say(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and current() != DEFAULT:
        return format_decimal(value)  # English as the kinds wrote it: 12345, not 12,345; German 0,5
    return value


def refusal(status: int, code: str, error, headers: dict | None = None, **extra):
    """The JSON answer of a refusal: ``error`` said in the request's language."""
    assert code in CODES, code
    return jsonify(error=say(error), code=code, **extra), status, headers or {}
