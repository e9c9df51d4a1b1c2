"""Reading back the PDFs of webapp.printing: its pages and, in a sheet
written with ``compress=False``, the text it shows (each ``(...) Tj``)."""

from __future__ import annotations

import re


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def texts(pdf: bytes) -> list[str]:
    return [t.decode("latin-1") for t in re.findall(rb"\((.*?)\) ?Tj", pdf)]


def titles(pdf: bytes) -> list[str]:
    """The numbered titles ("3. Funnel"), puzzles' and solutions' alike."""
    return [t for t in texts(pdf) if re.match(r"\d+\. ", t)]
