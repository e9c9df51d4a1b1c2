"""Where the sliding solver keeps what it builds once (docs/sliding.md,
"Pattern databases", says where and how files are checked). Files are
written whole (a temporary name, then renamed) so that a reader never sees
half a file.

>>> import os, tempfile
>>> saved = os.environ.get("ROTATION_PLAYGROUND_CACHE")
>>> os.environ["ROTATION_PLAYGROUND_CACHE"] = tempfile.mkdtemp()
>>> store("example.bin", b"abc")
True
>>> load("example.bin", 3)
b'abc'
>>> load("example.bin", 4) is None     # the wrong size: not trusted
True
>>> looks_whole("example.bin", 3), looks_whole("example.bin", 4), looks_whole("none.bin", 3)
(True, False, False)
>>> if saved is None: del os.environ["ROTATION_PLAYGROUND_CACHE"]
... else: os.environ["ROTATION_PLAYGROUND_CACHE"] = saved
"""

from __future__ import annotations

import hashlib
import mmap
import os
import tempfile
from pathlib import Path

__all__ = ["directory", "path", "store", "load", "looks_whole", "MAGIC"]

#: First bytes of every file written; the number changes when the layout does.
MAGIC = b"RPSLIDE2"
_DIGEST = 32
#: Files this big or bigger are mapped into memory rather than read.
MAP_FROM = 1 << 20
#: What a checked file's stamp is named: the file's name and this.
STAMP = ".checked"
#: A stamp is trusted for a file changed this long (seconds) before it.
_SETTLED = 2
#: Each header this version reads, and the digest its files carry: SHA-256
#: now (with the CPU's SHA instructions, 2.5 times blake2b's speed: 8 ms for
#: the 4 x 4 databases' 11.5 MB, a tenth of a whole solve), blake2b before.
_DIGESTS = {
    b"RPSLIDE2": lambda hashlib, data: hashlib.sha256(data).digest(),
    b"RPSLIDE1": lambda hashlib, data: hashlib.blake2b(data, digest_size=_DIGEST).digest(),
}


def directory() -> Path:
    """The cache directory (not created here)."""
    env = os.environ.get("ROTATION_PLAYGROUND_CACHE")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "rotation-playground"


def path(name: str) -> Path:
    """The full path of the cache file ``name``."""
    return directory() / name


def _digest(data, magic: bytes = MAGIC) -> bytes:
    return _DIGESTS[magic](hashlib, data)


def store(name: str, data: bytes) -> bool:
    """Write ``data`` under ``name``; False (and nothing raised) when the
    directory cannot be written: the cache is an optimisation, not a need."""
    target = path(name)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)

        fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(MAGIC)
                out.write(_digest(data))
                out.write(data)
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError:
        return False
    return True


def load(name: str, size: int):
    """The contents stored under ``name`` if present, of ``size`` bytes and
    matching their digest; else None.

    Files of :data:`MAP_FROM` bytes or more come back as a read-only
    memoryview of the mapped file. Hashing a big file on every load would
    cost more than a short solve (11.5 MB, 8 ms), so a checked file is
    *stamped* with its identity, trusted only for a file changed at least
    :data:`_SETTLED` seconds before the check (as git does with its index).
    """
    head = len(MAGIC) + _DIGEST
    try:
        f = open(path(name), "rb")
    except OSError:
        return None
    with f:
        try:
            info = os.fstat(f.fileno())
            top = f.read(head)
            magic = top[:len(MAGIC)]
            if len(top) != head or magic not in _DIGESTS or info.st_size != head + size:
                return None
            if size < MAP_FROM:
                data = f.read(size + 1)
                if len(data) != size:
                    return None
            else:
                data = memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))[head:]
        except (OSError, ValueError):
            return None
    if not _stamped(name, info, top) and not _check(name, info, top, data):
        return None
    return data


def _identity(info, top: bytes) -> str:
    return f"{info.st_ino} {info.st_size} {info.st_mtime_ns} {info.st_ctime_ns} {top.hex()}"


def _stamped(name: str, info, top: bytes) -> bool:
    try:
        stamp = path(name + STAMP)
        settled = os.stat(stamp).st_mtime_ns - max(info.st_mtime_ns, info.st_ctime_ns)
        return settled >= _SETTLED * 1e9 and stamp.read_text() == _identity(info, top)
    except (OSError, ValueError):
        return False


def _check(name: str, info, top: bytes, data) -> bool:
    """Does ``data`` match the digest in ``top``? If so, stamp the file."""
    if _digest(data, top[:len(MAGIC)]) != top[len(MAGIC):]:
        return False
    try:
        path(name + STAMP).write_text(_identity(info, top))
    except OSError:
        pass  # no stamp: the next load checks the digest again
    return True


def looks_whole(name: str, size: int) -> bool:
    """Is there a file under ``name`` of the right length with our header?
    A quick look: no digest (that reads it all)."""
    try:
        with open(path(name), "rb") as f:
            top = f.read(len(MAGIC))
            length = os.fstat(f.fileno()).st_size
    except OSError:
        return False
    return top in _DIGESTS and length == len(MAGIC) + _DIGEST + size
