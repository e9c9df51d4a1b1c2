"""The compiled engine, ``webapp._sliding`` (C, from ``csrc/``), or None.

Every function of it has a pure-Python twin with the same answers, so the
choice only changes the speed. ``ROTATION_PLAYGROUND_NO_NATIVE=1`` or
``engine="python"`` forces Python (tests run both).

>>> engine_name() in ("native", "python")
True
>>> module("python") is None
True
>>> "python" in engines()
True
"""

from __future__ import annotations

import os

__all__ = ["EngineError", "module", "engine_name", "engines", "available"]

try:  # optional: a failed compile leaves the pure-Python engine
    from webapp import _sliding as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

class EngineError(ValueError):
    """An engine that does not exist, or the native one when it is not built."""


def available() -> bool:
    """Is the C module built and importable?"""
    return _native is not None


def _forced_python() -> bool:
    return os.environ.get("ROTATION_PLAYGROUND_NO_NATIVE", "") not in ("", "0")


def module(engine: str = "auto"):
    """The C module to use for ``engine`` (``native`` insists on it), or None
    for pure Python."""
    if engine == "python":
        return None
    if engine == "native":
        if _native is None:
            raise EngineError("the native engine (webapp._sliding) is not built; "
                              "reinstall with a C compiler, or use engine='python'")
        return _native
    if engine != "auto":
        raise EngineError(f"unknown engine {engine!r}: use auto, native or python")
    return None if _forced_python() else _native


def engine_name(engine: str = "auto") -> str:
    """``native`` or ``python``: what ``engine`` resolves to."""
    return "native" if module(engine) is not None else "python"


def engines() -> list[str]:
    """The engines that can run here (for tests): python, and native if built."""
    return ["python"] + (["native"] if _native is not None else [])
