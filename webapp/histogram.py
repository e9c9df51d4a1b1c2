"""A histogram of distances (a rotation study's turns, the positions that
need each) as a small SVG bar chart: a plain function returning a string
(the gallery draws one for each study in ``puzzles/records.json``).

Bars grow with the logarithm of their counts: a family's easy positions
outnumber its hardest by thousands to one, and on a linear scale the
hardest would not show. The last bar, the proven hardest, is drawn in the
accent colour; every bar carries its figures as a tooltip (``<title>``).

>>> svg = chart({"1": 40, "2": 9, "3": 1}, unsolvable=5)
>>> svg.startswith('<svg') and svg.count('<rect') == 3
True
>>> 'aria-label="50 solvable positions: 40 need 1 turn, 9 need 2, 1 needs 3; 5 have no solution"' in svg
True
"""

from __future__ import annotations

import math

BAR = "#5f7089"
HARDEST = "#c2571a"
#: The chart's size in user units (the page scales it to its column).
WIDTH, HEIGHT = 240, 72


def chart(histogram: dict, unsolvable: int = 0) -> str:
    """The bar chart of ``histogram`` (turns, as text or int → positions)."""
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
        word = "turn" if turns == 1 else "turns"
        bars.append(f'<rect x="{(turns - 1) * step:.2f}" y="{HEIGHT - height:.2f}" '
                    f'width="{max(step - 1, 1):.2f}" height="{height:.2f}" fill="{colour}">'
                    f'<title>{turns} {word}: {n:,} position{"" if n == 1 else "s"}</title></rect>')
    return (f'<svg class="study-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{_words(counts, unsolvable)}">'
            + "".join(bars) + "</svg>")


def _words(counts, unsolvable: int) -> str:
    solvable = sum(n for _, n in counts)
    parts = []
    for i, (turns, n) in enumerate(counts):
        verb = "needs" if n == 1 else "need"
        unit = (" turn" if turns == 1 else " turns") if i == 0 else ""
        parts.append(f"{n:,} {verb} {turns}{unit}")
    shown = ", ".join(parts) if len(parts) <= 6 else ", ".join(parts[:3] + ["…"] + parts[-2:])
    tail = f"; {unsolvable:,} have no solution" if unsolvable else ""
    return f"{solvable:,} solvable positions: {shown}{tail}"
