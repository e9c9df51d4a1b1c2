"""The cache folder's files: big ones mapped, a checked digest trusted
through its stamp only while the file is the one that was checked."""

import os

import pytest

from webapp.sliding import cachedir


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    return tmp_path


def big(fill: int = 7) -> bytes:
    return bytes((i * fill) % 251 for i in range(cachedir.MAP_FROM + 1000))


def settle(name: str) -> None:
    """Make the stamp of ``name`` look written well after the file changed
    (the file's time of change cannot be put back: utime sets it to now)."""
    stamp = cachedir.path(name + cachedir.STAMP)
    later = os.stat(stamp).st_mtime_ns + 10 ** 10
    os.utime(stamp, ns=(later, later))


def no_hashing(monkeypatch):
    def refuse(*args):
        raise AssertionError("the digest was computed")
    monkeypatch.setattr(cachedir, "_digest", refuse)


def test_small_files_come_back_as_bytes_stamped_too(cache, monkeypatch):
    assert cachedir.store("small.bin", b"xyz" * 10)
    assert cachedir.load("small.bin", 30) == b"xyz" * 10
    assert type(cachedir.load("small.bin", 30)) is bytes
    settle("small.bin")
    no_hashing(monkeypatch)  # nor even hashlib imported, for a solve that starts at once
    assert cachedir.load("small.bin", 30) == b"xyz" * 10


def test_big_files_come_back_mapped_equal_to_what_was_stored(cache):
    data = big()
    assert cachedir.store("big.bin", data)
    got = cachedir.load("big.bin", len(data))
    assert isinstance(got, memoryview) and got.readonly
    assert got == data and got[12345] == data[12345] and len(got) == len(data)
    assert cachedir.load("big.bin", len(data) - 1) is None  # the wrong size: not trusted


def test_a_stamped_file_is_loaded_without_hashing(cache, monkeypatch):
    data = big()
    cachedir.store("big.bin", data)
    # the time of change is now: a stamp written now is not yet settled
    assert cachedir.load("big.bin", len(data)) == data
    settle("big.bin")
    no_hashing(monkeypatch)
    assert cachedir.load("big.bin", len(data)) == data


def test_a_stamp_written_in_the_files_own_tick_is_not_trusted(cache, monkeypatch):
    data = big()
    cachedir.store("big.bin", data)
    assert cachedir.load("big.bin", len(data)) == data  # stamped, but too soon
    no_hashing(monkeypatch)
    with pytest.raises(AssertionError, match="digest was computed"):
        cachedir.load("big.bin", len(data))


@pytest.mark.parametrize("how", ["rewritten", "rewritten, times put back", "replaced"])
def test_a_damaged_file_is_caught_even_with_a_stamp(cache, how):
    data = big()
    cachedir.store("big.bin", data)
    target = cachedir.path("big.bin")
    before = os.stat(target)
    raw = bytearray(target.read_bytes())
    raw[-7] ^= 1
    cachedir.load("big.bin", len(data))
    settle("big.bin")  # a stamp that would be trusted for the old file
    if how == "replaced":
        other = target.with_name("other.bin")
        other.write_bytes(bytes(raw))
        os.replace(other, target)
    else:
        with open(target, "r+b") as f:  # the same inode, the same size
            f.write(bytes(raw))
        if how == "rewritten, times put back":
            os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert cachedir.load("big.bin", len(data)) is None


def test_a_truncated_or_foreign_big_file_is_refused(cache):
    data = big()
    cachedir.store("big.bin", data)
    raw = cachedir.path("big.bin").read_bytes()
    cachedir.path("big.bin").write_bytes(raw[:-1])
    assert cachedir.load("big.bin", len(data)) is None
    cachedir.path("big.bin").write_bytes(b"NOTOURS!" + raw[8:])
    assert cachedir.load("big.bin", len(data)) is None


def test_an_unwritable_stamp_only_costs_the_digest_again(cache, monkeypatch):
    data = big()
    cachedir.store("big.bin", data)
    cachedir.path("big.bin" + cachedir.STAMP).mkdir()  # a stamp that cannot be written
    assert cachedir.load("big.bin", len(data)) == data
    assert cachedir.load("big.bin", len(data)) == data
