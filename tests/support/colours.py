"""WCAG's contrast ratio, for the tests that check colours: of CSS hex
colours ("#1a2b3c") or of (r, g, b) pixels read from a canvas.

>>> round(contrast("#000000", (255, 255, 255)), 1)
21.0
"""

from __future__ import annotations


def luminance(colour) -> float:
    if isinstance(colour, str):
        colour = colour.lstrip("#")
        colour = [int(colour[i:i + 2], 16) for i in (0, 2, 4)]

    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
