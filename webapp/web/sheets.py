"""Printed sheets on the web: ``/print.pdf`` (share codes, or a level's
puzzles) and ``/puzzles/print.pdf`` (the gallery's filter), written by
:mod:`webapp.printing` as the command line's ``print`` is.

A sheet solves each of its puzzles, so it is bounded like a solve: at most
``PRINT_MAX_PUZZLES`` puzzles, ``PRINT_SOLVE_SECONDS`` each, in one of the
seats for searches in the request, ``PRINT_RATE_LIMIT`` sheets a client.

A sheet is in its reader's language, chosen as a page's is
(:mod:`.language`): it is written inside ``words.speaking`` with the
request's catalogue, and answers ``Vary: Accept-Language, Cookie``.
"""

from __future__ import annotations

import random

from flask import Blueprint, Response, current_app, request
from flask_babel import get_translations, gettext

from .. import kinds, levels, printing, words
from . import gallery
from .language import kind_word
from .limits import Busy, take
from .refusals import say
from .security import error_answer

bp = Blueprint("sheets", __name__)

DEFAULTS = {
    "PRINT_MAX_PUZZLES": 12,       # puzzles a sheet from the web, at most
    "PRINT_SOLVE_SECONDS": 1.0,    # each puzzle's solve for its solution
    "PRINT_RATE_LIMIT": "10 per minute",
    "PRINT_COMPRESS": True,        # False: the pages' text readable in the file (the tests read it)
}


@bp.record
def _defaults(state) -> None:
    for key, value in DEFAULTS.items():
        state.app.config.setdefault(key, value)


class BadSheet(ValueError):
    """A request for a sheet that cannot be made: its sentence is the 400's."""


@bp.get("/print.pdf")
def chosen_sheet():
    """``?p=<code>`` (as many as a sheet holds; ``kind=`` names their kind,
    else each code's own), or ``?kind=<k>&level=<l>&count=<n>[&seed=<s>]``."""
    return _answer(_chosen)


@bp.get("/puzzles/print.pdf")
def gallery_sheet():
    """The gallery's puzzles as its page filters them (``kind``, ``sort``),
    the first ``count`` (default: as many as a sheet holds)."""
    return _answer(_gallery)


def _answer(choose):
    try:
        with words.speaking(get_translations()):  # the sheet's words and the kinds', as the page's
            return _printed(choose)
    except (BadSheet, ValueError, levels.NoLevels) as exc:
        return error_answer(400, gettext("Cannot print this"), _sentence(exc), code="field")


def _printed(choose):
    items, title = choose()
    if not items:
        raise BadSheet(gettext("There is no puzzle to print: give one or more share codes as p=..."))
    _check_count(len(items))
    take("PRINT_RATE_LIMIT", "printed sheets")
    with current_app.extensions["playground_inline"].seat() as seated:
        if not seated:
            raise Busy(gettext("The server is busy solving other puzzles: please try again in a moment."),
                       current_app.config["BUSY_RETRY_AFTER"])
        pdf = printing.sheet(items, title=title,
                             max_seconds=current_app.config["PRINT_SOLVE_SECONDS"],
                             compress=current_app.config["PRINT_COMPRESS"])
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="puzzles.pdf"',
                             "Vary": "Accept-Language, Cookie"})


def _chosen():
    kind = _kind(request.args.get("kind"))
    codes = request.args.getlist("p")
    level = request.args.get("level")
    if level is not None:
        if codes:
            raise BadSheet(gettext("Give share codes (p=...) or a level, not both."))
        kind = kind or kinds.home()
        count = _count(default=printing.COLUMNS * printing.ROWS)
        seed = request.args.get("seed", type=int)
        items = printing.from_level(kind, level, count, random.Random(seed))
        return items, LEVEL_SHEETS[level](kind_word(kind.title))
    _check_count(len(codes))
    items = []
    for code in codes:
        try:
            items.append(printing.from_code(code, kind))
        except ValueError as exc:
            raise BadSheet(gettext("The share code %(code)s cannot be read: %(reason)s.", code=repr(code[:40]),
                                   reason=say(exc))) from None
    return items, kind_word(items[0].kind.title) if len(items) == 1 else gettext("Puzzles")


#: A level's sheet's title ("Rotation: medium puzzles"), a whole message a level.
LEVEL_SHEETS = {
    "easy": lambda kind: gettext("%(kind)s: easy puzzles", kind=kind),
    "medium": lambda kind: gettext("%(kind)s: medium puzzles", kind=kind),
    "hard": lambda kind: gettext("%(kind)s: hard puzzles", kind=kind),
    "expert": lambda kind: gettext("%(kind)s: expert puzzles", kind=kind),
}


def _gallery():
    kind = _kind(request.args.get("kind"))
    shown = [e for e in gallery.entries() if kind is None or e.kind == kind.name]
    if request.args.get("sort") == "difficulty":
        shown = gallery.by_difficulty(shown)
    count = _count(default=min(len(shown), current_app.config["PRINT_MAX_PUZZLES"]))
    items = [printing.Item(kinds.get(e.kind), e.board, gallery.title_of(e)) for e in shown[:count]]
    return items, gettext("%(kind)s puzzles", kind=kind_word(kind.title)) if kind else gettext("Puzzles")


def _kind(name):
    if name is None or name == "":
        return None
    if name not in kinds.names():
        raise BadSheet(gettext("There is no puzzle kind %(kind)r here: the kinds are %(kinds)s.",
                               kind=name[:40], kinds=", ".join(kinds.names())))
    return kinds.get(name)


def _count(default: int) -> int:
    given = request.args.get("count")
    if given is None:
        return default
    if not given.isdigit() or int(given) < 1:
        raise BadSheet(gettext("The count must be a whole number from 1 to %(most)s.",
                               most=current_app.config["PRINT_MAX_PUZZLES"]))
    _check_count(int(given))
    return int(given)


def _check_count(count: int) -> None:
    most = min(current_app.config["PRINT_MAX_PUZZLES"], printing.MAX_PUZZLES)
    if count > most:
        raise BadSheet(gettext("A sheet holds at most %(most)s puzzles, not %(count)s: print fewer at a time.",
                               most=most, count=count))


def _sentence(exc: Exception) -> str:
    text = say(exc)
    text = text[0].upper() + text[1:] if text else gettext("This sheet cannot be made.")
    return text if text.endswith(".") else text + "."
