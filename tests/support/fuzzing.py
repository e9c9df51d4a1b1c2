"""Seeded fuzz inputs for the server and the command line (issue 18, "Done
means": the fuzzing that found items 4 to 6, kept as tests).

Every generator takes a ``random.Random``: a test seeds it, so a failure
names its seed and case number and comes back the same every run. The
inputs start from real puzzles and requests of each kind and break them a
little (a character, a line, a number of thousands of digits, a field of
the wrong type) or a lot (bytes that are no JSON, nesting past the parser's
depth), which is what finds the paths a parser forgot.

>>> import random
>>> rng = random.Random(1)
>>> isinstance(mutate_text(rng, "1 2\\n3 0\\n"), str) and isinstance(json_value(rng), object)
True
"""

from __future__ import annotations

import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Characters a mutation puts in: the formats' own, separators, and the
#: Unicode look-alikes a parser's ``isdigit`` or ``split`` may let through
#: (superscript and Arabic-Indic digits, a no-break space, a fraction).
ALPHABET = ("0123456789#  \n\n-+.,;:x_"
            "\t\r\x00\x0b\x0c\u00a0\u2003\u00b2\u0663\uff11\u00bd\u00e9\ufeff\u200b\U0001f600")

#: Number-like words a mutation puts in: huge, signed, not quite whole.
NUMBERS = ("0", "-0", "+0", "-1", "+5", "64", "65", "99", "1e5", "nan", "inf", "0x10", "1_000",
           "9" * 19, "9" * 400, "9" * 4301, "１", "²", "٣", "3.0", "-" * 3, "")


def _seed_texts() -> dict[str, list[str]]:
    """Small puzzles of every kind as written (the examples and a few
    library puzzles): cheap to solve, so a fuzzed one that still parses
    costs little."""
    from webapp import kinds

    texts = {name: [kinds.get(name).example] for name in kinds.names()}
    small = {"rotation": ["spec-example.txt", "spec-unsolvable.txt", "first-tilt.txt", "funnel.txt"],
             "sliding": ["sliding/rules-eight.txt", "sliding/farthest-four-by-two.txt"],
             "triangle": ["triangle/rules-example-0.txt", "triangle/generated-3x3-unique.txt"]}
    for name, files in small.items():
        for file in files:
            path = ROOT / "puzzles" / file
            if name in texts and path.exists():
                texts[name].append(path.read_text(encoding="utf-8"))
    texts.get("sliding", []).extend(["1 2\n3 0\n", "3 7 8 5 4 6 2 0 1\n", "1,2,3\n4,5,6\n7,8,0\n"])
    return texts


SEED_TEXTS = _seed_texts()


def mutate_text(rng: random.Random, text: str) -> str:
    """``text`` with one to four small changes."""
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        op = rng.randrange(9)
        at = rng.randint(0, len(text))
        if op == 0:    # a character replaced
            text = text[:at] + rng.choice(ALPHABET) + text[at + 1:]
        elif op == 1:  # a character put in
            text = text[:at] + rng.choice(ALPHABET) + text[at:]
        elif op == 2:  # a stretch cut out
            text = text[:at] + text[at + rng.randint(1, 8):]
        elif op == 3:  # a number put in
            text = text[:at] + rng.choice(NUMBERS) + text[at:]
        elif op == 4:  # a number replaced by another
            text = _replace_a_number(rng, text)
        elif op == 5:  # a line doubled or dropped
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines[i:i + 1] = [lines[i]] * rng.choice((0, 2))
            text = "\n".join(lines)
        elif op == 6:  # cut short
            text = text[:at]
        elif op == 7:  # a long line
            text = text[:at] + rng.choice("#0 1-") * rng.choice((70, 500, 5000)) + text[at:]
        else:          # line ends of another system
            text = text.replace("\n", rng.choice(("\r\n", "\r", "\n\n", " \n")))
    return text


def _replace_a_number(rng: random.Random, text: str) -> str:
    starts = [i for i, c in enumerate(text) if c.isdigit() and (i == 0 or not text[i - 1].isdigit())]
    if not starts:
        return text
    at = rng.choice(starts)
    end = at
    while end < len(text) and text[end].isdigit():
        end += 1
    return text[:at] + rng.choice(NUMBERS) + text[end:]


#: Sliding boards a fuzzed solve may have: those of up to 9 cells (exact
#: tables) or more than 16 (a bounded search, then a fast solution); 10 to
#: 16 cells would build pattern databases for many seconds in a worker.
SLIDING_SHAPES = ((2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4), (6, 3), (5, 4), (8, 8))


def fresh_puzzle(rng: random.Random, kind) -> str:
    """A random puzzle of ``kind`` as written, built by the kind itself:
    valid, but of any size and shape the kind allows (a cheap one)."""
    if kind.name == "rotation":
        width, height = rng.randint(4, 9), rng.randint(4, 9)
        data = {"width": width, "height": height, "sticks": rng.randint(1, min(4, width + height - 7))}
    elif kind.name == "sliding":
        width, height = rng.choice(SLIDING_SHAPES)
        data = {"width": width, "height": height}
    elif kind.name == "triangle":
        data = {"size": rng.randint(1, 4), "figures": rng.randint(0, 6)}
    else:
        return kind.example
    text = kind.text(kind.shuffle(data, rng))
    if kind.name == "sliding" and rng.random() < 0.3:  # two tiles swapped: the other parity
        text = text.replace(" 1 ", " @ ", 1).replace(" 2 ", " 1 ", 1).replace(" @ ", " 2 ", 1)
    return text


def puzzle_text(rng: random.Random, kind) -> str:
    """A puzzle text of ``kind``: now and then as written or freshly made,
    mostly fuzzed, sometimes another kind's (the wrong kind is bad input too)."""
    pick = rng.random()
    if pick < 0.2:
        text = fresh_puzzle(rng, kind)
    elif pick < 0.9:
        text = rng.choice(SEED_TEXTS[kind.name])
    else:
        text = rng.choice(rng.choice(list(SEED_TEXTS.values())))
    return text if rng.random() < 0.2 else mutate_text(rng, text)


def json_value(rng: random.Random, depth: int = 0):
    """Any JSON value, often an odd one."""
    pick = rng.randrange(14 if depth < 3 else 10)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice((True, False))
    if pick == 2:
        return rng.randint(-3, 70)
    if pick == 3:
        return rng.choice((-(2 ** 63), 2 ** 63, 10 ** 30, -1, 0, 2 ** 31))
    if pick == 4:
        return rng.choice((0.5, -0.0, 3.0, 1e308, float("nan"), float("inf"), float("-inf")))
    if pick == 5:
        return rng.choice(("", "L", "R", "any", "all", "stick:0", "stick:", "x" * 1000, "\u0000"))
    if pick == 6:
        return rng.choice(NUMBERS)
    if pick == 7:
        return {"slot": json_value(rng, 3), "piece": json_value(rng, 3), "edges": json_value(rng, 3)}
    if pick == 8:
        return [rng.randint(-2, 9) for _ in range(rng.randint(0, 4))]
    if pick == 9:
        return rng.choice(("ab", "\ud800", "é", "1 2 3"))
    if pick in (10, 11):
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(("a", "board", "slot", "piece", "edges", "")): json_value(rng, depth + 1)
            for _ in range(rng.randint(0, 3))}


def request_fields(kind, route: str) -> list[str]:
    """The fields ``route`` of ``kind`` reads."""
    if route == "shuffle":
        return ["seed", *(kind.web.shuffle_fields or ())]
    return ["move", *(kind.web.option_fields or ())]


#: Fields no route reads: refused, naming the ones it does.
STRANGERS = ("gaol", "max_states", "kind", "Board", "")


def request_body(rng: random.Random, kind, route: str = "solve") -> dict:
    """A JSON object for ``route`` of ``kind``: usually a (fuzzed) board and
    some of the fields the route reads, with values right or wrong, now and
    then one it does not read."""
    body = {}
    if route != "shuffle" and rng.random() < 0.95:
        body["board"] = puzzle_text(rng, kind) if rng.random() < 0.9 else json_value(rng)
    fields = request_fields(kind, route)
    for name in rng.sample(fields, rng.randint(0, len(fields))):
        body[name] = _field_value(rng, kind, name, body.get("board"))
    if rng.random() < 0.05:
        body[rng.choice(STRANGERS)] = json_value(rng)
    if body.get("unique") is True:
        # a unique picture is searched for in the request (seconds on a big
        # side or few figures): kept small, so the fuzzing stays quick
        body["size"] = rng.choice((1, 2))
    return body


def _field_value(rng: random.Random, kind, name: str, board):
    """A value for field ``name``: often a plausible one, else any."""
    if rng.random() < 0.25:
        return json_value(rng)
    plausible = {
        "goal": lambda: rng.choice(("any", "all", "stick:0", "stick:1", "stick:z", "stick:00")),
        "orientation": lambda: rng.choice((0, 1, 2, 3, 4, -1, 1.0)),
        "move": lambda: _move(rng, kind),
        "seed": lambda: rng.choice((0, 1, 2 ** 80, -5)),
        "size": lambda: rng.randint(-1, 9), "width": lambda: rng.randint(1, 9),
        "height": lambda: rng.randint(1, 9), "sticks": lambda: rng.randint(0, 5),
        "distance": lambda: rng.randint(-1, 40), "figures": lambda: rng.randint(-1, 25),
        "unique": lambda: rng.choice((True, False)), "first": lambda: rng.choice((None, 0, 1, 5, -1)),
        "events": lambda: rng.choice((1, 10, 5000, 5001, 0)),
        "placement": lambda: _placement(rng),
    }
    make = plausible.get(name)
    return make() if make else json_value(rng)


def _move(rng: random.Random, kind):
    if kind.name == "rotation":
        return rng.choice(("L", "R", None, "l", "LR", ""))
    if kind.name == "sliding":
        return rng.randint(-1, 10)
    move = {"slot": rng.randint(-1, 10), "piece": rng.choice((None, rng.randint(-1, 10)))}
    if rng.random() < 0.5:  # left out: the piece as written
        move["edges"] = [rng.randint(-3, 3) for _ in range(rng.choice((3, 3, 2)))]
    return move


def _placement(rng: random.Random):
    size = rng.choice((1, 4, 9, 9, 16))
    return [None if rng.random() < 0.5 else
            {"piece": rng.randint(-1, size), "edges": [rng.randint(-3, 12) for _ in range(3)]}
            for _ in range(size)]


#: Content types a body may come with.
CONTENT_TYPES = ("application/json", "application/json", "application/json; charset=latin-1",
                 "text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                 "application/octet-stream", None)


def raw_body(rng: random.Random, kind, route: str = "solve") -> tuple[bytes, str | None]:
    """The bytes of a body and their content type: JSON (sometimes with
    NaN, deep nesting or cut short), or bytes that are no JSON at all."""
    pick = rng.randrange(10)
    if pick < 6:
        data = json.dumps(request_body(rng, kind, route)).encode("utf-8", "surrogatepass")
        if pick == 5:  # cut short, or a byte changed
            at = rng.randrange(len(data) + 1)
            data = data[:at] if rng.random() < 0.5 else data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
    elif pick == 6:
        depth = rng.choice((10, 900, 1000, 5000, 20000))
        opener, closer = rng.choice((("[", "]"), ('{"a":', "}"), ('{"board":[', "]}")))
        middle = "1" if opener.startswith("{") and opener.endswith(":") else ""
        data = (opener * depth + middle + closer * depth).encode()
    elif pick == 7:
        data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
    elif pick == 8:
        data = rng.choice((b"", b"null", b"[]", b"1", b'"x"', b"{}", b"NaN", b"1" * 5000,
                           b'{"board": "' + b"9" * 5000 + b'"}', b"\xef\xbb\xbf{}"))
    else:
        value = json.dumps(json_value(rng), allow_nan=True).encode("utf-8", "surrogatepass")
        data = value if rng.random() < 0.5 else b'{"board": ' + value + b"}"
    return data, rng.choice(CONTENT_TYPES)


def share_code(rng: random.Random, codes: list[str]) -> str:
    """A share code as found in ``?p=``: a real one broken a little, or junk."""
    if codes and rng.random() < 0.8:
        code = rng.choice(codes)
        for _ in range(rng.randint(0, 3)):
            at = rng.randint(0, len(code))
            op = rng.randrange(3)
            if op == 0:
                code = code[:at] + rng.choice("AZaz09-_.~=%+/ \u00e9") + code[at + 1:]
            elif op == 1:
                code = code[:at]
            else:
                code = code[:at] + code[at:at + 5] * rng.randint(2, 200) + code[at + 5:]
        return code
    return rng.choice(("", "x", "%00", "%ff%fe", "A" * 5000, "r1.", "s1.", "t1.", "..", "-_-_",
                       "\u00e9\u00e9", "0" * 100))
