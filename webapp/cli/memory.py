"""``--max-memory SIZE``, the bound ``solve``, ``generate`` and ``study``
put on the memory their searches hold (the kinds' own estimates of their
states, tables and graphs: the interpreter's own tens of MB are not
counted). By default it is three quarters of the memory the machine has
free when the command starts (``MemAvailable`` in ``/proc/meminfo``), so
that a search too big for the machine ends with exit status 3 and its
figures rather than at the hands of the kernel's out-of-memory killer;
where that cannot be read, there is no bound.
"""

from __future__ import annotations

import argparse
import re

from ..commandline import Option, clip
from ..commandline import size_words as words

MEMINFO = "/proc/meminfo"

#: The part of the memory available that a command takes by default: the
#: rest is for the interpreter and for the machine's other processes.
SHARE = (3, 4)

_UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
_SIZE = re.compile(r"(\d{1,18}(?:\.\d{0,9})?|\.\d{1,9})\s*([kmgt]?)(?:i?b)?", re.IGNORECASE)
#: Past this, a bound is a slip of the keyboard (1 PiB).
_MOST = 2**50


def size(text: str) -> int | None:
    """An argparse type: bytes (``4096``), or a number with K, M, G or T
    (powers of 1024: ``800M``, ``1.5G``); ``none`` for no bound (None)."""
    body = text.strip()
    if body.lower() == "none":
        return None
    found = _SIZE.fullmatch(body)
    if found is None:
        if body.isdigit() and body.isascii():
            raise argparse.ArgumentTypeError(f"{clip(text)} is too big: none for no bound")
        raise argparse.ArgumentTypeError(
            f"{clip(text)!r} is not a size: bytes, or a number with K, M, G or T (800M, 2G), "
            "or none")
    number, unit = found.group(1), found.group(2).lower()
    if unit == "" and "." in number:
        raise argparse.ArgumentTypeError(f"{clip(text)} is not a whole number of bytes")
    whole, _, part = number.partition(".")
    scale = _UNITS[unit]
    value = int(whole or "0") * scale + int(part or "0") * scale // 10 ** len(part)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{clip(text)} is too small: at least 1 byte, "
                                         "or none for no bound")
    if value > _MOST:
        raise argparse.ArgumentTypeError(f"{clip(text)} is too big: none for no bound")
    return value


def default_bound(meminfo: str) -> int | None:
    """The default bound from the text of ``/proc/meminfo``: :data:`SHARE`
    of ``MemAvailable``; None when the text does not give it."""
    for line in meminfo.splitlines():
        name, _, rest = line.partition(":")
        if name.strip() != "MemAvailable":
            continue
        figures = rest.split()
        if len(figures) == 2 and figures[0].isdigit() and figures[1] == "kB":
            return int(figures[0]) * 1024 * SHARE[0] // SHARE[1]
        return None
    return None


def machine_bound(path: str = MEMINFO) -> int | None:
    """The default bound on this machine, now (None where it cannot be read)."""
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return default_bound(f.read())
    except OSError:
        return None


def option(place: float, what: str = "the search") -> Option:
    """The ``--max-memory`` option, its default read from the machine now."""
    bound = machine_bound()
    here = "cannot be read here: no bound" if bound is None else f"here {words(bound)}"
    return Option(
        "--max-memory", place=place, scope="", type=size, default=bound, metavar="SIZE",
        help=f"bound the memory {what} holds (as the kind estimates it) to SIZE: bytes, or a "
             "number with K, M, G or T (powers of 1024: 800M, 2G), or none for no bound; past "
             "it, exit status 3 (default: three quarters of the memory free when the command "
             f"starts, {here})")


def note(bound: int | None) -> str:
    """What the command line says under an answer stopped by the memory bound."""
    shown = "none" if bound is None else words(bound)
    return f"the memory limit: {shown} (--max-memory: a larger SIZE, or none for no bound)"
