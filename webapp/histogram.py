"""A histogram of distances (a rotation study's turns, the positions that
need each) as a small SVG bar chart: a plain function returning a string
(the gallery draws one for each study in ``puzzles/records.json``).

Bars grow with the logarithm of their counts: a family's easy positions
outnumber its hardest by thousands to one, and on a linear scale the
hardest would not show. The last bar, the proven hardest, is drawn in the
accent colour; every bar carries its figures as a tooltip (``<title>``).
Its words are :mod:`webapp.words`' (English unless drawn inside
``words.speaking``), its numbers ``number``'s (1,234 unless told).

>>> svg = chart({"1": 40, "2": 9, "3": 1}, unsolvable=5)
>>> svg.startswith('<svg') and svg.count('<rect') == 3
True
>>> 'aria-label="50 solvable positions: 40 need 1 turn, 9 need 2, 1 needs 3; 5 have no solution"' in svg
True
"""

from __future__ import annotations

import math
from typing import Callable

from .words import gettext, ngettext

BAR = "#5f7089"
HARDEST = "#c2571a"
#: The chart's size in user units (the page scales it to its column).
WIDTH, HEIGHT = 240, 72


def english_number(n: int) -> str:
    return f"{n:,}"


def chart(histogram: dict, unsolvable: int = 0, number: Callable[[int], str] = english_number) -> str:
    """The bar chart of ``histogram`` (turns, as text or int → positions),
    its counts written by ``number``."""
    counts = sorted((int(turns), int(n)) for turns, n in histogram.items() if int(n) > 0)
    if not counts:
        return ""
    most = max(n for _, n in counts)
    last = counts[-1][0]
    step = WIDTH / last
    bars = []
    for turns, n in counts:
        height = max(2.0, HEIGHT * math.log10(n + 1) / math.log10(most + 1))
        colour = HARDEST if turns == last else BAR
        title = gettext("%(turns)s: %(positions)s", turns=_turns(turns, number),
                        positions=ngettext("%(n)s position", "%(n)s positions", n, n=number(n)))
        bars.append(f'<rect x="{(turns - 1) * step:.2f}" y="{HEIGHT - height:.2f}" '
                    f'width="{max(step - 1, 1):.2f}" height="{height:.2f}" fill="{colour}">'
                    f'<title>{title}</title></rect>')
    return (f'<svg class="study-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{_words(counts, unsolvable, number)}">'
            + "".join(bars) + "</svg>")


def _turns(turns: int, number: Callable[[int], str]) -> str:
    return ngettext("%(n)s turn", "%(n)s turns", turns, n=number(turns))


def _words(counts, unsolvable: int, number: Callable[[int], str]) -> str:
    solvable = sum(n for _, n in counts)
    # the first count names its unit ("40 need 1 turn"), the others only their number
    parts = [ngettext("%(n)s needs %(turns)s", "%(n)s need %(turns)s", n, n=number(n),
                      turns=_turns(turns, number) if i == 0 else number(turns))
             for i, (turns, n) in enumerate(counts)]
    shown = ", ".join(parts) if len(parts) <= 6 else ", ".join(parts[:3] + ["…"] + parts[-2:])
    said = ngettext("%(n)s solvable position: %(counts)s", "%(n)s solvable positions: %(counts)s", solvable,
                    n=number(solvable), counts=shown)
    if unsolvable:
        said = ngettext("%(said)s; %(n)s has no solution", "%(said)s; %(n)s have no solution", unsolvable,
                        said=said, n=number(unsolvable))
    return said
