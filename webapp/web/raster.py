"""SVG to pixels with Pillow, for the subset the kinds' ``svg()`` emit
(``webapp/<kind>/svg.py``): ``rect`` (with ``rx``), ``path`` (M L H V Z and
their relative forms), ``polygon``, ``circle``, ``text`` (centred), ``g`` with
``transform`` (translate, rotate, scale) and ``clip-path`` to a ``clipPath``
of polygons; ``title`` is not drawn. Solid fills and strokes only. Cairo is
not installed where the server runs, and these pictures need no more than
this; anything outside the subset is skipped, not guessed at.

Pillow draws without anti-aliasing, so the picture is drawn at ``SUPERSAMPLE``
times its size and scaled down: the edges come out smooth as a browser's.

>>> image = render('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1">'
...                '<rect width="1" height="1" fill="#ff0000"/></svg>', 20, 10)
>>> image.getpixel((4, 5)), image.getpixel((15, 5))
((255, 0, 0, 255), (0, 0, 0, 0))
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

from PIL import Image, ImageColor, ImageDraw, ImageFont

SUPERSAMPLE = 3
_NS = "{http://www.w3.org/2000/svg}"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH = re.compile(r"[MmLlHhVvZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(translate|rotate|scale)\s*\(([^)]*)\)")
_FONTS = {False: ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
          True: ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")}

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as SVG's matrix()
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def render(svg: str, width: int, height: int) -> Image.Image:
    """``svg`` drawn into an RGBA image ``width`` × ``height`` (its viewBox,
    else its width and height, stretched to fill it: callers keep the aspect)."""
    root = ET.fromstring(svg)
    box = [float(v) for v in _NUMBER.findall(root.get("viewBox", ""))]
    if len(box) != 4:
        box = [0.0, 0.0, _length(root.get("width"), width), _length(root.get("height"), height)]
    big = (width * SUPERSAMPLE, height * SUPERSAMPLE)
    sx, sy = big[0] / box[2], big[1] / box[3]
    image = Image.new("RGBA", big, (0, 0, 0, 0))
    clips = {c.get("id"): c for c in root.iter(_NS + "clipPath")}
    _Painter(image, clips).children(root, (sx, 0.0, 0.0, sy, -box[0] * sx, -box[1] * sy))
    return image.resize((width, height), Image.LANCZOS)


def picture_size(svg: str) -> tuple[float, float]:
    """``svg``'s width and height (its viewBox's, else its attributes')."""
    root = ET.fromstring(svg)
    box = [float(v) for v in _NUMBER.findall(root.get("viewBox", ""))]
    if len(box) == 4:
        return box[2], box[3]
    return _length(root.get("width"), 100), _length(root.get("height"), 100)


def _length(value: str | None, default: float) -> float:
    found = _NUMBER.match(value or "")
    return float(found.group()) if found else float(default)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` applied inside it (SVG's nesting: the outer first)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def _parse_transform(text: str | None) -> Matrix:
    m = IDENTITY
    for name, args in _TRANSFORM.findall(text or ""):
        v = [float(x) for x in _NUMBER.findall(args)]
        if name == "translate":
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        else:
            cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            step = (cos, sin, -sin, cos, 0.0, 0.0)
        m = _times(m, step)
    return m


def _apply(m: Matrix, points):
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]


def _scale(m: Matrix) -> float:
    """How much ``m`` stretches a length (the mean of its axes)."""
    return (math.hypot(m[0], m[1]) + math.hypot(m[2], m[3])) / 2


def _colour(value: str | None):
    if not value or value == "none":
        return None
    try:
        return ImageColor.getrgb(value)
    except ValueError:
        return None


def _rounded(x: float, y: float, w: float, h: float, r: float) -> list[tuple[float, float]]:
    """A rectangle's outline, its corners arcs of radius ``r``."""
    r = min(r, w / 2, h / 2)
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0),
                          (x + r, y + h - r, 90), (x + r, y + r, 180)):
        points += [(cx + r * math.cos(math.radians(start + i * 15)), cy + r * math.sin(math.radians(start + i * 15)))
                   for i in range(7)]
    return points


def _subpaths(d: str) -> list[list[tuple[float, float]]]:
    """A path's subpaths as lists of points (straight segments only)."""
    out: list[list[tuple[float, float]]] = []
    tokens = _PATH.findall(d or "")
    x = y = 0.0
    current: list[tuple[float, float]] = []
    command, i = "M", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if current:
                    out.append(current)
                    x, y = current[0]
                current = []
                continue
        if i >= len(tokens):
            break
        relative = command.islower()
        if command in "MmLl":
            dx, dy = float(tokens[i]), float(tokens[i + 1])
            i += 2
            x, y = (x + dx, y + dy) if relative else (dx, dy)
            if command in "Mm":
                if current:
                    out.append(current)
                current = []
                command = "l" if relative else "L"  # coordinates after a move are lines
        elif command in "Hh":
            x = x + float(tokens[i]) if relative else float(tokens[i])
            i += 1
        elif command in "Vv":
            y = y + float(tokens[i]) if relative else float(tokens[i])
            i += 1
        else:  # a command outside the subset: the rest of the path is skipped
            break
        current.append((x, y))
    if current:
        out.append(current)
    return out


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.ImageFont:
    """DejaVu Sans (bold) at ``size`` pixels, else Pillow's own font."""
    for name in _FONTS[bold]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


class _Painter:
    """Draws elements onto ``image``, whose pixel (0, 0) is the drawing's
    ``origin`` (a clip's layer is only as big as its clip)."""

    def __init__(self, image: Image.Image, clips: dict, origin=(0.0, 0.0)) -> None:
        self.image, self.clips, self.origin = image, clips, origin
        self.draw = ImageDraw.Draw(image)

    def children(self, element, m: Matrix) -> None:
        for child in element:
            self.element(child, m)

    def _local(self, points):
        ox, oy = self.origin
        return [(x - ox, y - oy) for x, y in points]

    def element(self, el, m: Matrix) -> None:
        tag = el.tag.removeprefix(_NS)
        if tag in ("title", "clipPath", "defs", "desc"):
            return
        m = _times(m, _parse_transform(el.get("transform")))
        if tag == "g":
            clip = re.fullmatch(r"url\(#(.+)\)", el.get("clip-path", ""))
            if clip and clip.group(1) in self.clips:
                self._clipped(el, m, self.clips[clip.group(1)])
            else:
                self.children(el, m)
        elif tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            self._shape(el, [_apply(m, _rounded(x, y, w, h, float(el.get("rx", el.get("ry", 0)))))], m)
        elif tag == "path":
            self._shape(el, [_apply(m, s) for s in _subpaths(el.get("d", ""))], m)
        elif tag == "polygon":
            v = [float(n) for n in _NUMBER.findall(el.get("points", ""))]
            self._shape(el, [_apply(m, list(zip(v[0::2], v[1::2])))], m)
        elif tag == "circle":
            self._circle(el, m)
        elif tag == "text":
            self._text(el, m)

    def _shape(self, el, outlines, m: Matrix) -> None:
        fill, stroke = _colour(el.get("fill", "#000")), _colour(el.get("stroke"))
        width = round(float(el.get("stroke-width", 1)) * _scale(m)) if stroke else 0
        for points in outlines:
            points = self._local(points)
            if len(points) < 2:
                continue
            if fill:
                self.draw.polygon(points, fill=fill)
            if stroke and width > 0:
                self.draw.line(points + [points[0]], fill=stroke, width=width, joint="curve")

    def _circle(self, el, m: Matrix) -> None:
        (cx, cy), = self._local(_apply(m, [(float(el.get("cx", 0)), float(el.get("cy", 0)))]))
        r = float(el.get("r", 0)) * _scale(m)
        fill, stroke = _colour(el.get("fill", "#000")), _colour(el.get("stroke"))
        width = round(float(el.get("stroke-width", 1)) * _scale(m)) if stroke else 0
        if fill:
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        if stroke and width > 0:  # centred on the circle, as SVG strokes are
            out = r + width / 2
            self.draw.ellipse((cx - out, cy - out, cx + out, cy + out), outline=stroke, width=width)

    def _text(self, el, m: Matrix) -> None:
        fill = _colour(el.get("fill", "#000"))
        size = round(float(el.get("font-size", 16)) * _scale(m))
        if not fill or size < 1 or not (el.text or "").strip():
            return
        (x, y), = self._local(_apply(m, [(float(el.get("x", 0)), float(el.get("y", 0)))]))
        across = {"middle": "m", "end": "r"}.get(el.get("text-anchor", ""), "l")
        down = "m" if el.get("dominant-baseline") in ("central", "middle") else "s"
        bold = el.get("font-weight", "normal") in ("bold", "bolder") or el.get("font-weight", "").isdigit() \
            and int(el.get("font-weight")) >= 600
        self.draw.text((x, y), el.text.strip(), fill=fill, font=font(size, bold), anchor=across + down)

    def _clipped(self, el, m: Matrix, clip) -> None:
        """``el``'s children drawn on a layer of the clip's size, then laid
        on through the clip's shape (its polygons, in the clipped ``g``'s
        space, as SVG's default userSpaceOnUse says)."""
        shapes = []
        for part in clip:
            if part.tag.removeprefix(_NS) == "polygon":
                v = [float(n) for n in _NUMBER.findall(part.get("points", ""))]
                shapes.append(self._local(_apply(m, list(zip(v[0::2], v[1::2])))))
        points = [p for s in shapes for p in s]
        if not points:
            return
        left, top = math.floor(min(p[0] for p in points)), math.floor(min(p[1] for p in points))
        size = (math.ceil(max(p[0] for p in points)) - left + 1, math.ceil(max(p[1] for p in points)) - top + 1)
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        ox, oy = self.origin
        _Painter(layer, self.clips, (ox + left, oy + top)).children(el, m)
        mask = Image.new("L", size, 0)
        draw = ImageDraw.Draw(mask)
        for s in shapes:
            draw.polygon([(x - left, y - top) for x, y in s], fill=255)
        alpha = layer.getchannel("A")
        layer.putalpha(Image.composite(alpha, Image.new("L", size, 0), mask))
        self.image.alpha_composite(layer, (max(left, 0), max(top, 0)), (max(-left, 0), max(-top, 0)))

