"""The shape of a solve's answer, the same for every kind, beside the kinds'
interface (:mod:`webapp.kind_protocol`).

A kind's ``solve`` (and ``quick``) gives a dict with at least ``status``
(``solved``, ``unsolvable`` or ``limit``), ``optimal`` (the solution is
proven shortest), ``engine``, and the kind's counter (``states``,
``nodes``); most give ``moves`` and ``length`` too. The web app then adds
the fields that say how the answer was delivered (:data:`DELIVERY_FIELDS`,
:func:`delivered`): those are not part of the answer, so the cache keeps
an answer without them (:func:`kept`).

It imports nothing from the project: the web app's cache, its job pools
and the worker all read it.

>>> answer = delivered({"status": "solved", "moves": "LL"}, "3\\n###\\n# #\\n###\\n", 0.5, "inline")
>>> kept(answer)
{'status': 'solved', 'moves': 'LL'}
"""

from __future__ import annotations

__all__ = ["DELIVERY_FIELDS", "delivered", "kept"]

#: The fields of an answer that say how it was delivered, not what it is.
DELIVERY_FIELDS = ("time", "source", "cached", "board")


def delivered(answer: dict, board: str, seconds: float, source: str) -> dict:
    """An answer with the fields every path gives: the same keys whether it
    came from the cache, was found inline or by a worker (``source``:
    ``cache``, ``inline``, ``worker``). ``cached`` is true for an answer
    from the cache (its ``engine`` is the one that computed it then), false
    for one computed now: always there, so a client need not tell a
    missing field from false. ``board``: the puzzle's canonical text.

    >>> delivered({"moves": "LL", "engine": "c"}, "...", 0.00012, "cache")
    {'moves': 'LL', 'engine': 'c', 'time': 0.0001, 'source': 'cache', 'cached': True, 'board': '...'}
    """
    answer = kept(answer)
    answer["time"] = round(float(seconds), 4)
    answer["source"] = source
    answer["cached"] = source == "cache"
    answer["board"] = board
    return answer


def kept(answer: dict) -> dict:
    """``answer`` without the fields of its delivery: what the cache keeps
    (a copy)."""
    return {k: v for k, v in answer.items() if k not in DELIVERY_FIELDS}
