"""Each kind's command-line part (``kind.command_line()``), made when first
asked for and kept, and the options of several parts merged for argparse."""

from __future__ import annotations

from ..commandline import CommandLine, Option
from ..kinds import get, names

_PARTS: dict = {}


def part(kind) -> CommandLine:
    """``kind``'s part (kept: one load a process). A kind the registry gives
    anew (a test's) gets its part anew too."""
    found = _PARTS.get(kind.name)
    if found is None or found.kind is not kind:
        own = kind.command_line()
        if own is None:
            own = CommandLine()
        elif not isinstance(own, CommandLine):
            raise TypeError(f"the {kind.name} kind's command_line() gives {type(own).__name__}, "
                            "not a CommandLine or None")
        found = _PARTS[kind.name] = own.of(kind)
    return found


def named(name: str) -> CommandLine:
    return part(get(name))


def every() -> list[CommandLine]:
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


def merged(own, parts, which: str) -> list[Merged]:
    """The command's ``own`` options and those of ``parts`` (``which``:
    ``solve_options`` or ``generate_options``), one per flag, by place."""
    by_flag: dict = {}
    for name, options in [("own", own), *((each.name, getattr(each, which)) for each in parts)]:
        for option in options:
            found = by_flag.get(option.flags[0])
            if found is None:
                found = by_flag[option.flags[0]] = Merged(option)
            found.owners.append(name)
            found.helps.append((name if option.scope is None else option.scope, option.help))
    return sorted(by_flag.values(), key=lambda m: m.place)
