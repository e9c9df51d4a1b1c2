"""Each kind's command-line part (``kind.command_line()``), with what a
part leaves out given here, and the options of several parts merged into
one list for argparse.

A part is made when first asked for (:func:`named`, :func:`every`) and kept.
"""

from __future__ import annotations

from ..commandline import Option
from ..kinds import get, names


class Part:
    """A kind's command-line part, every hook present: the kind's own, or
    the default (documented in :mod:`webapp.kind_protocol`)."""

    def __init__(self, kind) -> None:
        own = kind.command_line()
        self.kind = kind
        self.name = kind.name
        self.solve_options = tuple(getattr(own, "solve_options", ()))
        self.generate_options = tuple(getattr(own, "generate_options", ()))
        self.words = getattr(own, "words", None) or kind.title
        self.solve_words = getattr(own, "solve_words", None) or kind.title
        self.generate_words = getattr(own, "generate_words", None)
        self.help_notes = getattr(own, "help_notes", None) or {}
        self.recognise = getattr(own, "recognise", None) or kind.detect
        self.facts = getattr(own, "facts", None) or _any_facts
        self.solve = getattr(own, "solve", None)
        self.generate = getattr(own, "generate", None)
        self.foreign_hints = getattr(own, "foreign_hints", None) or {}
        self.prepare = getattr(own, "prepare", None)
        self.study_command = getattr(own, "study_command", None)

    def notes(self) -> dict:
        notes = self.help_notes
        return notes() if callable(notes) else notes


def _any_facts(answer: dict) -> str:
    """A kind without its own words: its summary, without its status."""
    return (answer.get("summary") or "").split(": ", 1)[-1]


_PARTS: dict = {}


def part(kind) -> Part:
    """``kind``'s part (kept: one load a process). A kind the registry
    gives anew (a test's) gets its part anew too."""
    found = _PARTS.get(kind.name)
    if found is None or found.kind is not kind:
        found = _PARTS[kind.name] = Part(kind)
    return found


def named(name: str) -> Part:
    return part(get(name))


def every() -> list[Part]:
    return [named(name) for name in names()]


class Merged:
    """One option for argparse, from one or more kinds' :class:`Option`:
    ``owners`` are the kinds that take it."""

    def __init__(self, option: Option) -> None:
        self.option = option
        self.owners: list[str] = []
        self.helps: list[tuple[str, str]] = []  # (scope, help) per kind, as declared

    @property
    def place(self) -> float:
        return self.option.place

    def help(self) -> str:
        groups: list[list] = []  # [scopes, help]: kinds that say the same, together
        for scope, text in self.helps:
            same = next((g for g in groups if g[1] == text), None)
            if same is None:
                groups.append([[scope], text])
            elif scope:
                same[0].append(scope)
        return "; ".join(f"{', '.join(filter(None, scopes))}: {text}" if any(scopes) else text
                         for scopes, text in groups)


def merged(parts, which: str) -> list[Merged]:
    """The options (``which``: ``solve_options`` or ``generate_options``)
    of ``parts``, one per flag, in the order of their places."""
    by_flag: dict = {}
    for each in parts:
        for option in getattr(each, which):
            found = by_flag.get(option.flags[0])
            if found is None:
                found = by_flag[option.flags[0]] = Merged(option)
            found.owners.append(each.name)
            found.helps.append((each.name if option.scope is None else option.scope, option.help))
    return sorted(by_flag.values(), key=lambda m: m.place)
