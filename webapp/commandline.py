"""What a kind's command-line part (``webapp/<kind>/commandline.py``) is made
of: the part itself (:class:`CommandLine`, which that module declares as
``COMMAND_LINE``), its options, the argparse types they use, and the two
exceptions its ``generate`` may raise. The command line (:mod:`webapp.cli`)
sits above the kinds and this module below both, so a kind never imports the
command line.

>>> Option("--goal", place=10, help="any or all").dest
'goal'
>>> positive("3"), count("0")
(3, 0)
>>> whole(2, 20)("21")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 21 is out of range: 2 to 20
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any


class Option:
    """One option of ``solve`` or ``generate`` as a kind declares it.

    ``help`` is in the kind's words; the help shows it after ``scope:``
    (``None``: the kind's name; ``""``: no prefix). When several kinds
    declare the same flag, argparse gets one option (the first kind's
    ``kwargs``) whose help joins theirs. ``place`` orders the options in
    the help (the command's own ones have places too). ``announce``: given for a puzzle of another kind, the option says whose
    it is (``--figures is for a triangle puzzle (--kind triangle)``)
    rather than that it does not apply (as it does too when the kind it is
    given for has a ``foreign_hints`` entry for it, which ends the message).
    """

    def __init__(self, *flags: str, place: float = 100, scope: str | None = None, help: str = "",
                 announce: bool = False, **kwargs) -> None:
        self.flags = flags
        self.place = place
        self.scope = scope
        self.help = help
        self.announce = announce
        self.kwargs = kwargs
        self.dest = kwargs.get("dest") or flags[0].lstrip("-").replace("-", "_")

    @property
    def default(self):
        if self.kwargs.get("action") == "store_true":
            return self.kwargs.get("default", False)
        return self.kwargs.get("default")


def any_facts(answer: dict) -> str:
    """A kind without words of its own for what was found: its answer's
    summary, without its status.

    >>> any_facts({"summary": "solved: 3 steps up"})
    '3 steps up'
    """
    return (answer.get("summary") or "").split(": ", 1)[-1]


@dataclass(frozen=True)
class CommandLine:
    """A kind's part of the command line, declared once in its
    ``commandline.py`` (``COMMAND_LINE``) and given by the kind's
    ``command_line()``; each field left out has the default that serves a
    kind with nothing of its own to say.

    - ``words``, ``solve_words``, ``generate_words``: the kind in the help
      texts (None: its title; for ``generate_words``: nothing more).
    - ``help_notes``: a note by key (``details``: what ``--steps`` shows),
      or a function giving them, called only when the help is shown.
    - ``solve_options``, ``generate_options``: its :class:`Option` lists.
    - ``foreign_hints``: what an option of another kind given for this
      kind's puzzle adds to the message, by the option's ``dest``.
    - ``recognise(text)``: 0 to 1, as ``detect``, which it defaults to (the
      first kind sure of a text wins).
    - ``facts(answer)``: what was found, in words, for the headline
      (default: :func:`any_facts`).
    - ``solve(run)``: the exit status (None: ``run.default()``, the kind's
      ``solve`` under --max-seconds and ``--max-<counter>``).
    - ``generate(args, seed)``: the puzzle's text and a line about it; may
      raise :class:`Usage` or :class:`OutOfTries` (None: the kind cannot be
      generated).
    - ``prepare(progress, large)``: build now what the kind's first solve
      would build and keep (``large``: what is big and optional too),
      reporting to ``progress`` as a solve does; words for
      ``rotation-playground prepare``, a line for each thing kept (None:
      nothing to build).
    - ``study_command()``: a module with ``OPTIONS`` (:class:`Option` list)
      and ``run(args, say)`` (the exit status), for ``rotation-playground
      study`` (None: the kind has no studies).

    The command line reads the part :meth:`of` a kind gives, its own
    defaults filled in (``kind``: the kind it serves).

    >>> class Toy:
    ...     name, title = "toy", "Toy"
    ...     def detect(self, text): return 0.5
    >>> part = CommandLine().of(Toy())
    >>> part.name, part.words, part.recognise("x"), part.notes()
    ('toy', 'Toy', 0.5, {})
    """

    words: str | None = None
    solve_words: str | None = None
    generate_words: str | None = None
    help_notes: dict | Callable[[], dict] = field(default_factory=dict)
    solve_options: Sequence[Option] = ()
    generate_options: Sequence[Option] = ()
    foreign_hints: dict = field(default_factory=dict)
    recognise: Callable[[str], float] | None = None
    facts: Callable[[dict], str] = any_facts
    solve: Callable[[Any], int] | None = None
    generate: Callable[[Any, int], tuple[str, str]] | None = None
    prepare: Callable[..., str] | None = None
    study_command: Callable[[], Any] | None = None
    kind: Any = None

    @property
    def name(self) -> str:
        return self.kind.name

    def of(self, kind) -> CommandLine:
        """This part serving ``kind``: the defaults that are the kind's
        (``words``, ``solve_words``, ``recognise``) taken from it."""
        return replace(self, kind=kind, words=self.words or kind.title,
                       solve_words=self.solve_words or kind.title,
                       recognise=self.recognise or kind.detect)

    def notes(self) -> dict:
        notes = self.help_notes
        return notes() if callable(notes) else notes


#: The exit statuses the commands share: an answer; bad input (a usage error
#: too); a limit or Ctrl+C that stopped the work before an answer.
EXIT_OK, EXIT_BAD_INPUT, EXIT_LIMIT = 0, 2, 3


class Usage(Exception):
    """A ``generate`` given options that do not fit together: a usage
    error (the command's usage line, exit status 2)."""


class OutOfTries(Exception):
    """A ``generate`` that ran out of tries before it found the puzzle
    asked for: like a search's limit (exit status 3)."""


class OverMemory(OutOfTries):
    """A ``generate`` whose search passed ``--max-memory``: said as that
    limit (``limit: the memory limit ...``), exit status 3."""


#: More digits than any count needs; int() refuses more than 4,300 anyway.
_MAX_DIGITS = 18


def clip(text: str, keep: int = 20) -> str:
    """``text``, cut to ``keep`` characters for a message."""
    return text if len(text) <= keep else text[:keep] + "..."


def whole(minimum: int, maximum: int | None = None):
    """An argparse type: a whole number from ``minimum`` (to ``maximum``)."""

    def convert(text: str) -> int:
        body = text.strip()
        sign = -1 if body.startswith("-") else 1
        digits = body[1:] if body.startswith(("+", "-")) else body
        if not digits.isdigit() or not digits.isascii():
            raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a whole number")
        digits = digits.lstrip("0") or "0"
        if len(digits) > _MAX_DIGITS:  # int() would refuse past 4,300 digits
            span = f": {minimum} to {maximum}" if maximum is not None else ""
            raise argparse.ArgumentTypeError(f"{clip(text)} ({len(digits):,} digits) is too big{span}")
        value = sign * int(digits)
        if maximum is not None and not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"{value} is out of range: {minimum} to {maximum}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}")
        return value

    return convert


positive = whole(1)
count = whole(0)


def sized(text: str, minimum: int, maximum: int) -> int:
    """``--size`` read as a whole number from ``minimum`` to ``maximum``,
    a :class:`Usage` error naming the option otherwise."""
    try:
        return whole(minimum, maximum)(text)
    except argparse.ArgumentTypeError as exc:
        raise Usage(f"argument --size: {exc}") from None


#: A limit as each kind's answer names it, and in the command line's words.
_LIMITS = {"states": "the state limit", "max_states": "the state limit",
           "nodes": "the node limit", "max_nodes": "the node limit", "max_count": "the node limit",
           "time": "the time limit", "seconds": "the time limit", "max_seconds": "the time limit",
           "memory": "the memory limit", "max_bytes": "the memory limit", "interrupted": "Ctrl+C"}

def plural(n, word: str) -> str:
    """``1 move``, ``1,234 moves``; a count given as text is kept as it is.

    >>> plural(1, "move"), plural(1234, "state"), plural("2432902008176640000", "placement")
    ('1 move', '1,234 states', '2432902008176640000 placements')
    """
    shown = f"{n:,}" if isinstance(n, int) else str(n)
    return f"{shown} {word}{'' if str(n) == '1' else 's'}"


def size_words(n: int) -> str:
    """A size for people.

    >>> size_words(1000), size_words(2**20), size_words(3 * 2**29), size_words(800 * 2**20)
    ('1,000 bytes', '1 MiB', '1.5 GiB', '800 MiB')
    """
    for unit, scale in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            value = n / scale
            return f"{value:.0f} {unit}" if value >= 100 else f"{value:.3g} {unit}"
    return plural(n, "byte")


def limit_words(answer: dict) -> str:
    """What ended a search, in words: ``the time limit``, ``Ctrl+C``.

    >>> limit_words({"limit": "max_nodes"}), limit_words({"limit": "interrupted"})
    ('the node limit', 'Ctrl+C')
    """
    return _LIMITS.get(answer.get("limit") or "", "a limit")


def moves_facts(answer: dict, shortest: str) -> str:
    """``12 moves, shortest``: an answer's length and what it is."""
    n = answer.get("length")
    if n is None:
        n = len(answer.get("moves") or ())
    return f"{plural(n, 'move')}, {shortest}"
