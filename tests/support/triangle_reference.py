"""A plain exhaustive search and an independent checker for the triangle
puzzle, written from the spec's words alone (not from webapp.triangle), for
the tests to compare the solver with."""

from __future__ import annotations

import math

#: The four examples of the spec, piece 0 first (figure kinds: 3, 3, 4, 10).
EXAMPLES = [
    ((-1, -2, 1), (2, -1, -1), (-2, 2, -1), (-1, 3, 1), (2, -3, 3), (-2, -1, 3), (2, 2, -1),
     (2, -1, -3), (-2, 1, -3)),
    ((1, -1, 2), (2, -3, -1), (-1, -1, 3), (-2, 1, -1), (3, -1, -3), (-1, 3, 3), (-2, -3, 1),
     (-2, 3, -1), (2, 3, -2)),
    ((-2, -1, -3), (1, -2, -4), (-4, 1, 2), (-1, 1, -3), (1, 2, 3), (-4, -3, -2), (1, -2, -3),
     (-1, 3, 4), (4, -2, -3)),
    ((10, 4, 10), (8, -7, 9), (-5, 10, 10), (10, 7, -2), (5, -2, 6), (3, -4, 2), (-8, 10, -6),
     (10, 10, -9), (-3, 2, 10)),
]


def rows(n):
    """(r, k) in numbering order."""
    return [(r, k) for r in range(n) for k in range(2 * r + 1)]


def edges(n):
    """The inner edges as ((slot, side), (slot, side)) straight from the spec:
    up(r,k).right meets down(r,k+1).left; down(r,k).right meets up(r,k+1).left;
    down(r,k).top meets up(r-1,k-1).bottom. Sides: up (left, right, bottom),
    down (top, right, left)."""
    number = {rk: i for i, rk in enumerate(rows(n))}
    out = []
    for (r, k), i in number.items():
        if k % 2 == 0:
            if (r, k + 1) in number:
                out.append(((i, 1), (number[r, k + 1], 2)))
        else:
            out.append(((i, 1), (number[r, k + 1], 0)))
            out.append(((i, 0), (number[r - 1, k - 1], 2)))
    return out


def spins(piece):
    x, y, z = piece
    out = []
    for t in ((x, y, z), (y, z, x), (z, x, y)):
        if t not in out:
            out.append(t)
    return out


def fault(pieces, placement):
    """None if the placement solves the puzzle, else a word on what is wrong."""
    n = int(round(len(pieces) ** 0.5))
    if len(placement) != len(pieces):
        return "length"
    indices = [p for p, _ in placement]
    if sorted(indices) != list(range(len(pieces))):
        return "pieces not each used once"
    for p, t in placement:
        if tuple(t) not in spins(pieces[p]):
            return f"{t} is not a turning of piece {p}"
    for (a, sa), (b, sb) in edges(n):
        if placement[a][1][sa] + placement[b][1][sb] != 0:
            return f"edge {a}.{sa} {b}.{sb}"
    return None


def all_placements(pieces, cap=None):
    """Every placement in the spec's order (slots in order, pieces by index,
    turnings in order), by trying everything and checking each edge as soon
    as both its slots are filled. None when there are more than ``cap``."""
    n = int(round(len(pieces) ** 0.5))
    size = len(pieces)
    checks = {s: [] for s in range(size)}
    for (a, sa), (b, sb) in edges(n):
        later, earlier = (a, b) if a > b else (b, a)
        side_later, side_earlier = (sa, sb) if a > b else (sb, sa)
        checks[later].append((side_later, earlier, side_earlier))
    out, used, chosen = [], [False] * size, []

    def go(s):
        if cap is not None and len(out) > cap:
            return
        if s == size:
            out.append(tuple(chosen))
            return
        for p in range(size):
            if used[p]:
                continue
            for t in spins(pieces[p]):
                if all(t[i] + chosen[e][1][j] == 0 for i, e, j in checks[s]):
                    used[p] = True
                    chosen.append((p, t))
                    go(s + 1)
                    chosen.pop()
                    used[p] = False

    go(0)
    if cap is not None and len(out) > cap:
        return None
    return out


def turned(n, picture):
    """The picture (a triple per slot) turned by 120 degrees, from distances to
    the three sides of the big triangle: a turn carries the distance to the
    left side to the right side, right to bottom, bottom to left, and every
    slot's side i to side i + 1."""
    number = {rk: i for i, rk in enumerate(rows(n))}
    out = [None] * len(picture)
    for (r, k), i in number.items():
        j = k // 2
        up = k % 2 == 0
        from_bottom = n - 1 - r
        from_right = (r - j) if up else (r - 1 - j)
        new_bottom, new_left = from_right, from_bottom
        r2 = n - 1 - new_bottom
        k2 = 2 * new_left + (0 if up else 1)
        x, y, z = picture[i]
        out[number[r2, k2]] = (z, x, y)
    return tuple(out)


def distinct(n, pictures):
    """Pictures up to turning the whole triangle."""
    seen, orbits = set(), 0
    for p in pictures:
        if p in seen:
            continue
        orbits += 1
        q = p
        for _ in range(3):
            seen.add(q)
            q = turned(n, q)
    return orbits


def filled_board(n, figures, rng, zeros=False, inner=None):
    """Pieces cut from a filled board: a random figure (1..figures, or 0 when
    ``zeros`` allows) on every inner edge, halves of random sign, random
    numbers on the outside; then shuffled and turned. Solvable by design.
    ``inner``: the inner edges in another order than :func:`edges` (the
    benchmark passes the engine's, which its seeded puzzles were made with)."""
    size = n * n
    picture = [[None] * 3 for _ in range(size)]
    low = 0 if zeros else 1
    for (a, sa), (b, sb) in (edges(n) if inner is None else inner):
        v = rng.randint(low, figures) * rng.choice((1, -1)) if figures else 0
        picture[a][sa], picture[b][sb] = v, -v
    for slot in picture:
        for i in range(3):
            if slot[i] is None:
                slot[i] = rng.randint(-figures, figures)
    pieces = [rng.choice(spins(tuple(p))) for p in picture]
    rng.shuffle(pieces)
    return tuple(pieces)


# The helpers below (``inner_edges``, ``check``, ``brute``) read the rules
# independently of the engine, for the triangle tests.
NUMBERED = dict(enumerate(EXAMPLES))  # the four examples of the rules, by number

FIGURES = {0: 3, 1: 3, 2: 4, 3: 10}


def text_of(figures: int, pieces) -> str:
    return f"{figures}\n{len(pieces)}\n" + "".join(" ".join(map(str, p)) + "\n" for p in pieces)


def slots(n: int) -> list[tuple[int, int]]:
    return [(r, k) for r in range(n) for k in range(2 * r + 1)]


def inner_edges(n: int) -> list[tuple[int, int, int, int]]:
    """(slot, side, slot, side) of every inner edge, from the rules' three lines:
    up.right~down.left, down.right~up.left, down.top~(the up slot above).bottom."""
    index = {rk: i for i, rk in enumerate(slots(n))}
    out = []
    for (r, k), i in index.items():
        if k % 2 == 0 and (r, k + 1) in index:        # up (r,k).right ~ down (r,k+1).left
            out.append((i, 1, index[(r, k + 1)], 2))
        if k % 2 == 1:
            out.append((i, 1, index[(r, k + 1)], 0))  # down (r,k).right ~ up (r,k+1).left
            out.append((i, 0, index[(r - 1, k - 1)], 2))  # down (r,k).top ~ up (r-1,k-1).bottom
    return out


def check(pieces, solution) -> None:
    """Every piece once, each a turning of itself, every inner edge fits
    (``solution``: the answer's JSON form)."""
    n = math.isqrt(len(pieces))
    assert len(solution) == len(pieces)
    assert sorted(s["piece"] for s in solution) == list(range(len(pieces)))
    for s in solution:
        assert tuple(s["edges"]) in spins(pieces[s["piece"]]), s
    for a, side_a, b, side_b in inner_edges(n):
        assert solution[a]["edges"][side_a] + solution[b]["edges"][side_b] == 0, (a, side_a, b, side_b)


def _turn_map(n: int) -> dict[tuple[int, int], tuple[int, int]]:
    """(slot, side) -> (slot, side) of the big triangle turned by 120 degrees,
    found by turning the edges' midpoints (plain coordinates, y up)."""
    h = math.sqrt(3) / 2

    def corners(r, k):
        left, top, bottom = (n - r - 1) / 2, (n - r) * h, (n - r - 1) * h
        j = k // 2
        if k % 2 == 0:  # up: left edge, right edge, bottom edge as corner pairs
            a, b, c = (left + j, bottom), (left + j + 0.5, top), (left + j + 1, bottom)
        else:  # down: top, right, left
            a, b, c = (left + j + 0.5, top), (left + j + 1.5, top), (left + j + 1, bottom)
        return a, b, c

    mids, centres = {}, {}
    for i, (r, k) in enumerate(slots(n)):
        a, b, c = corners(r, k)
        centres[i] = ((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)
        for side, (p, q) in enumerate(((a, b), (b, c), (c, a))):
            mids[(i, side)] = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    cx, cy = n / 2, n * h / 3
    cos, sin = math.cos(2 * math.pi / 3), math.sin(2 * math.pi / 3)

    def turned(x, y):
        return cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos

    def nearest(point, places):
        return min(places, key=lambda m: (places[m][0] - point[0]) ** 2 + (places[m][1] - point[1]) ** 2)

    out = {}
    for (slot, side), (x, y) in mids.items():
        # the slot by its centre (two slots share an inner edge's midpoint), then the side
        to = nearest(turned(*centres[slot]), centres)
        out[(slot, side)] = nearest(turned(x, y), {key: mids[key] for key in mids if key[0] == to})
    return out


def canonical(n: int, picture) -> tuple:
    turn = _turn_map(n)
    best, current = None, tuple(tuple(p) for p in picture)
    for _ in range(3):
        best = current if best is None or current < best else best
        nxt = [[0, 0, 0] for _ in current]
        for (slot, side), (to_slot, to_side) in turn.items():
            nxt[to_slot][to_side] = current[slot][side]
        current = tuple(tuple(p) for p in nxt)
    return best


def brute(pieces) -> tuple[int, int, list]:
    """(placements, distinct pictures, placements in the listed order), by
    plain backtracking over slots in order, pieces by index, turnings in order."""
    n = math.isqrt(len(pieces))
    edges = inner_edges(n)
    needs = [[] for _ in pieces]
    for a, side_a, b, side_b in edges:  # the later slot checks: (earlier's side, earlier, its side)
        needs[max(a, b)].append((side_a, a, side_b) if b > a else (side_b, b, side_a))
    found, placed, used = [], [None] * len(pieces), [False] * len(pieces)

    def go(slot):
        if slot == len(pieces):
            found.append([{"piece": p, "edges": list(e)} for p, e in placed])
            return
        for p, piece in enumerate(pieces):
            if used[p]:
                continue
            for t in spins(piece):
                if all(placed[o][1][os] + t[s] == 0 for os, o, s in needs[slot]):
                    used[p], placed[slot] = True, (p, t)
                    go(slot + 1)
                    used[p], placed[slot] = False, None

    go(0)
    pictures = {canonical(n, [s["edges"] for s in sol]) for sol in found}
    return len(found), len(pictures), found
