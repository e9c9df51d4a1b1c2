"""Reading back the animated GIFs of webapp.film: the frames held as long
as a position is (the start, then one a move), as the page's moves are."""

from __future__ import annotations

import io

from PIL import Image

from webapp import film


def held_frames(data: bytes) -> list[Image.Image]:
    """The GIF's held frames (its positions), in order, as RGB pictures."""
    out = []
    with Image.open(io.BytesIO(data)) as gif:
        for index in range(gif.n_frames):
            gif.seek(index)
            if gif.info["duration"] >= film.KEY_MS:
                out.append(gif.convert("RGB"))
    return out
