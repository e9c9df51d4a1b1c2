"""The errors the playground tells its users about, one small vocabulary
shared by every kind, the web API, the command line and the workers. Each
says whose the fault is, so that a front end answers it for what it is:

- :class:`PuzzleTextError`: a puzzle, or a puzzle's text (or share code),
  that breaks its kind's rules, with the line and column where it does
  (each kind subclasses it: ``BoardError``, ``SlidingError``, ``TriangleError``);
- :class:`FieldError`: a field of a request, an option or an argument the
  kind does not take (a goal naming no stick, a size out of range, a
  resume token of another search, sizes no puzzle can be made of);
- :class:`IllegalMove`: a move the rules do not allow from this position;
- :class:`Misfit`, mixed into any of the three: a request's fields, each
  of a type and in a range it may have, that do not fit the puzzle they
  come with or each other (a goal naming a stick the board lacks, a slot
  it has not, a tile not next to the hole, more sticks than the frame
  holds), which no schema of the fields alone can refuse;
- :class:`NotAvailable`: the machine cannot answer just now (a worker
  died or ran out of memory, the tries of a generator ran out in their
  time): nobody's mistake, worth trying again.

The first three are ``ValueError``s (:data:`BAD_INPUT`: the web API's 400,
or 409 for a misfit, a request its OpenAPI description allows), the last a
``RuntimeError`` (503 with ``Retry-After``). Any other exception
is a bug: the web app answers it with a logged 500 and a request id.

A sentence a person may read is written as a :class:`Message` (or a
:func:`Plural`): a ``str`` that is the English sentence, exactly as an
f-string would have made it, and that keeps its template and values, so
that the web layer can say it again in the request's language
(:mod:`webapp.web.refusals`, with gettext) while the kinds know no web
framework; pybabel finds the templates by these two names (babel.cfg).

It imports nothing from the project, so any kind's lowest module may use it.

>>> try:
...     raise PuzzleTextError("'x' is not a number", line=2, column=5)
... except ValueError as error:
...     print(error, (error.line, error.column))
line 2, column 5: 'x' is not a number (2, 5)
>>> reason = Message("%(what)s is not a number", what="'x'")
>>> error = PuzzleTextError(reason, line=2)
>>> str(error), error.reason.template, error.reason.values
("line 2: 'x' is not a number", '%(what)s is not a number', {'what': "'x'"})
>>> isinstance(FieldError('"size" must be 3 to 64'), BAD_INPUT), isinstance(NotAvailable("busy"), BAD_INPUT)
(True, False)
"""

from __future__ import annotations

import json

__all__ = ["BAD_INPUT", "FieldError", "FieldMisfit", "IllegalMove", "Message", "Misfit", "NotAvailable", "pack", "unpack", "whole",
           "Plural", "PuzzleTextError"]


class Message(str):
    """An English sentence that keeps its ``template`` (gettext's
    ``%(name)s`` placeholders) and its ``values``, to be said again in
    another language. A value may be a Message too (said again in turn).

    >>> said = Message("stick %(symbol)s has length %(length)s", symbol="a", length=0)
    >>> said, said.template, said.values
    ('stick a has length 0', 'stick %(symbol)s has length %(length)s', {'symbol': 'a', 'length': 0})
    >>> Message("100% sure") == "100% sure"  # without values, the template is the sentence
    True
    """

    template: str
    values: dict
    plural: str | None = None
    count: int | None = None

    def __new__(cls, template: str, **values) -> Message:
        said = super().__new__(cls, template % values if values else template)
        said.template, said.values = template, values
        return said


def Plural(singular: str, plural: str, count: int, **values) -> Message:  # noqa: N802 - a marker, as Message
    """A :class:`Message` whose words follow ``count`` (``%(n)s`` in them).

    >>> Plural("%(n)s number", "%(n)s numbers", 1), Plural("%(n)s number", "%(n)s numbers", 3)
    ('1 number', '3 numbers')
    """
    said = Message(singular if count == 1 else plural, n=count, **values)
    said.template, said.plural, said.count = singular, plural, count
    return said


class PuzzleTextError(ValueError):
    """A puzzle, or a puzzle's text, that breaks its kind's rules.

    ``reason`` says what is wrong; ``line`` and ``column`` (counted from 1)
    say where in the text, when it came from one: an error about a whole
    line has a line and no column, one about the whole puzzle neither. The
    message is the reason after its place.

    Each kind subclasses it (``BoardError`` and ``ParseError`` for rotation,
    ``SlidingError``, ``TriangleError``): catch this type to catch any kind's.

    >>> error = PuzzleTextError("'x' is not a number", line=2, column=5)
    >>> error
    PuzzleTextError("'x' is not a number", line=2, column=5)
    >>> str(error)
    "line 2, column 5: 'x' is not a number"
    >>> str(PuzzleTextError("a tile is missing", line=3))
    'line 3: a tile is missing'
    >>> PuzzleTextError("no sticks")
    PuzzleTextError('no sticks')
    >>> isinstance(error, ValueError), error.reason
    (True, "'x' is not a number")
    """

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(self.place() + reason)

    def place(self) -> str:
        """Where the error is, as its message begins: ``"line 2, column 5: "``,
        ``"line 3: "`` or nothing (a :class:`Message`)."""
        if self.line is None:
            return ""
        if self.column is None:
            return Message("line %(line)s: ", line=self.line)
        return Message("line %(line)s, column %(column)s: ", line=self.line, column=self.column)

    def __repr__(self) -> str:
        where = "".join(f", {name}={value!r}" for name, value in
                        (("line", self.line), ("column", self.column)) if value is not None)
        return f"{type(self).__name__}({self.reason!r}{where})"


class FieldError(ValueError):
    """A field of a request (an option, an argument) the kind does not take:
    the message names the field and what it may be."""


class IllegalMove(ValueError):
    """A move the rules do not allow from this position (or one that is
    not a move at all): the message says which moves there are."""


class Misfit(ValueError):
    """Mixed in first (``class BlockedMove(Misfit, IllegalMove)``): fields
    each well formed that do not fit the puzzle or each other."""


class FieldMisfit(Misfit, FieldError):
    """Fields each in their range that no puzzle of this request fits
    (a distance this size has not, a unique puzzle of this size)."""


class NotAvailable(RuntimeError):
    """No answer just now, through no fault of the request: try again in
    ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float = 10) -> None:
        super().__init__(message)
        self.retry_after = retry_after


#: The user's mistakes: what a front end answers as bad input (the web
#: API's 400, the command line's exit status 2), never as its own failure.
BAD_INPUT = (PuzzleTextError, FieldError, IllegalMove)


def whole(number: float) -> float:
    """``number`` as a sentence's value: a whole float as an int, so that
    it reads "10 s", not "10.0 s" (the web says either as its language does).

    >>> whole(10.0), whole(0.5)
    (10, 0.5)
    """
    return int(number) if number == int(number) else number


#: A sentence of several Messages said one after another (a puzzle text
#: error's place and reason): no catalogue has it, so it stays as it is.
_JOINED = "%(first)s%(then)s"


def pack(said) -> str:
    """``said`` (a :class:`Message`, an error, a plain str) as text that
    crosses processes and stores (a worker's refusal, a job's end) and
    comes back as a Message by :func:`unpack`, to be said in the language
    of whoever reads it then.

    >>> error = PuzzleTextError(Message("%(what)s is not a number", what="'x'"), line=2)
    >>> again = unpack(pack(error))
    >>> again, again.values["then"].template
    ("line 2: 'x' is not a number", '%(what)s is not a number')
    >>> again = unpack(pack(Plural("%(n)s try", "%(n)s tries", 3)))
    >>> again, again.plural, again.count
    ('3 tries', '%(n)s tries', 3)
    >>> unpack(pack(ValueError("plain words"))), unpack("not packed")
    ('plain words', 'not packed')
    """
    return json.dumps(_packed(said), ensure_ascii=False, default=str)


def _packed(said) -> dict:
    if isinstance(said, PuzzleTextError):
        return {"template": _JOINED, "values": {"first": _packed(said.place()), "then": _packed(said.reason)}}
    if isinstance(said, BaseException):
        first = said.args[0] if len(said.args) == 1 else None
        return _packed(first) if isinstance(first, Message) else {"text": str(said)}
    if not isinstance(said, Message):
        return {"text": str(said)}
    values = {name: _packed(value) if isinstance(value, (Message, BaseException)) else value
              for name, value in said.values.items()}
    packed = {"template": said.template, "values": values}
    if said.plural is not None:
        packed.update(plural=said.plural, count=said.count)
    return packed


def unpack(text: str) -> str:
    """The :class:`Message` :func:`pack` made ``text`` of (a plain str for
    plain words, or for text it did not make)."""
    try:
        packed = json.loads(text)
    except ValueError:
        return text
    return _unpacked(packed) if isinstance(packed, dict) else text


def _unpacked(packed: dict) -> str:
    if "template" not in packed:
        return str(packed.get("text", ""))
    values = {name: _unpacked(value) if isinstance(value, dict) else value
              for name, value in packed.get("values", {}).items()}
    if "plural" in packed:
        values.pop("n", None)
        return Plural(packed["template"], packed["plural"], packed["count"], **values)
    return Message(packed["template"], **values)
