"""Animated GIFs of a puzzle's moves, shared by every kind: the fixed
palette, the caption with the move count, and the encoding (Pillow). Each
kind draws its own pictures (``webapp/<kind>/animation.py``) and gives
them here as :class:`Frame`s.

A fixed palette ("P" images) keeps the encoding fast: no colour is ever
quantised, and Pillow's ``optimize`` stores only the part of each frame
that changed. A *key* frame shows a position (the start, then after each
move) and is held; the tween frames between two keys are short.

>>> palette = Palette(("#ffffff", "#000000"))
>>> picture = palette.canvas(90, 10)
>>> frames = [Frame(picture, key=True), Frame(picture, key=True)]
>>> data = encode(captioned(frames))
>>> data[:6], Image.open(io.BytesIO(data)).n_frames
(b'GIF89a', 2)
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

#: How long a key frame is held, and a tween frame shown (milliseconds);
#: the last key frame is held longer, so that the finish can be seen.
KEY_MS, TWEEN_MS, LAST_MS = 700, 60, 2000
#: The caption's strip under the picture (pixels).
CAPTION = 22
BACKGROUND, INK = "#ffffff", "#1d2433"


@dataclass
class Frame:
    """One picture of a film; ``key``: a position (start or after a move)."""

    image: Image.Image
    key: bool = False


class Palette:
    """A fixed palette: colours by name (``#rrggbb``) to indexes, the
    caption's two first."""

    def __init__(self, colours) -> None:
        self.colours = list(dict.fromkeys((BACKGROUND, INK, *colours)))
        if len(self.colours) > 256:
            raise ValueError("a GIF palette holds 256 colours")
        self.flat = [int(c[i:i + 2], 16) for c in self.colours for i in (1, 3, 5)]

    def __getitem__(self, colour: str) -> int:
        return self.colours.index(colour)

    def canvas(self, width: int, height: int, colour: str = BACKGROUND) -> Image.Image:
        image = Image.new("P", (width, height), self[colour])
        image.putpalette(self.flat)
        return image


@lru_cache(maxsize=32)
def font(size: int = 13):
    """Pillow's own font at ``size`` pixels: nothing to install or ship."""
    return ImageFont.load_default(size=size)


def captioned(frames: list[Frame]) -> list[Frame]:
    """Each frame with "Move k of n" under it (k: the key frames passed,
    the start being move 0), on the frames' own palette."""
    total = sum(1 for f in frames if f.key) - 1
    out, shown, words_font = [], -1, font()
    for frame in frames:
        shown += frame.key
        width, height = frame.image.size
        image = Image.new("P", (width, height + CAPTION), 0)  # 0, 1: every Palette's BACKGROUND, INK
        image.putpalette(frame.image.getpalette())
        image.paste(frame.image, (0, 0))
        words = f"Move {shown + (not frame.key)} of {total}"
        ImageDraw.Draw(image).text((6, height + 4), words, fill=1, font=words_font)
        out.append(Frame(image, frame.key))
    return out


def encode(frames: list[Frame]) -> bytes:
    """The GIF of ``frames``, looping, keys held and tweens short."""
    durations = [KEY_MS if f.key else TWEEN_MS for f in frames]
    durations[-1] = LAST_MS
    out = io.BytesIO()
    first, *rest = (f.image for f in frames)
    first.save(out, "GIF", save_all=True, append_images=rest, duration=durations, loop=0,
               optimize=True, disposal=1)
    return out.getvalue()


def gif(kind, puzzle, moves, size: int) -> bytes | None:
    """The GIF of ``moves`` played from ``puzzle`` by ``kind``, ``size``
    pixels wide, captioned; None for a kind that draws none."""
    frames = kind.film(puzzle, moves, size)
    return None if frames is None else encode(captioned(frames))


def job(kind, puzzle, options: dict, *, max_bytes=None, progress=None, **_limits) -> dict:
    """An animation drawn by a solver's worker (``webapp.web.jobs``: a job
    whose task is ``animation``), from ``options``: ``moves`` (as the kind's
    ``film_moves`` gives them, through JSON) and ``size``. Its answer: the
    GIF (``gif``, base64) and its ``bytes``; over ``max_bytes``, a limit
    without it; status ``none`` for a kind that draws none."""
    data = gif(kind, puzzle, options["moves"], options["size"])
    if data is None:
        return {"status": "none", kind.counter: 0, kind.depth_field: 0}
    answer = {"status": "drawn", "bytes": len(data), kind.counter: 1, kind.depth_field: 0}
    if max_bytes is not None and len(data) > max_bytes:
        return {**answer, "status": "limit", "limit": "bytes"}
    return {**answer, "gif": base64.b64encode(data).decode("ascii")}


def tween(a: float, b: float, steps: int):
    """The ``steps`` values strictly between ``a`` and ``b``, evenly spaced."""
    return [a + (b - a) * (i + 1) / (steps + 1) for i in range(steps)]
