"""Reading and writing the files a user names, safely.

A path typed by a user may name anything: a FIFO (reading it blocks until a
writer comes, maybe forever), a device such as ``/dev/zero`` (endless bytes,
and ``st_size`` 0 so a size check passes), a directory, or a huge file.
:func:`read_capped` refuses everything that is not a regular file before
reading, opens without blocking, and never reads more than ``limit + 1``
bytes. :func:`check_writable` tells before a long run (a duel) whether an
output path can be written, so that the run's result is not lost at the end.

Every problem is the caller's :class:`~ygo.errors.YgoError` subclass with a
one-line message naming the path.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ygo.errors import YgoError

_CHUNK = 1 << 16


def _name(path: str | Path, what: str, error: type[YgoError]) -> str:
    """The path as text; an empty path (``Path('')`` is ``.``) is refused by name."""
    name = os.fspath(path)
    if not name.strip():
        raise error(f"empty path: no {what} given")
    return name


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: str | Path, what: str, error: type[YgoError] = YgoError) -> os.stat_result:
    """``path``'s status when it is a regular file, else ``error`` naming the problem."""
    name = _name(path, what, error)
    try:
        st = os.stat(name)
    except FileNotFoundError:
        raise error(f"{name}: no such {what}") from None
    except OSError as exc:
        raise error(f"{name}: cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise error(f"{name}: is a directory, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{name}: is {_kind(st.st_mode)}, not a {what} (only regular files are read)")
    return st


def read_capped(
    path: str | Path, limit: int, what: str, *, error: type[YgoError] = YgoError
) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Refuses (with ``error``) an empty path, a missing file, a directory, a FIFO,
    a device or socket, an unreadable file, and a file over ``limit`` bytes; never
    blocks on a FIFO and never reads more than ``limit + 1`` bytes.
    """
    st = check_regular(path, what, error)
    name = os.fspath(path)
    if st.st_size > limit:
        raise error(f"{name}: too large for a {what} (over {limit:,} bytes)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise error(f"{name}: cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the check above
            raise error(f"{name}: not a regular file, not a {what}")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise error(f"{name}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if total > limit:
        raise error(f"{name}: too large for a {what} (over {limit:,} bytes)")
    return b"".join(chunks)


def check_writable(path: str | Path, what: str, error: type[YgoError] = YgoError) -> None:
    """Refuse (with ``error``) an output path that cannot be written, before any work.

    The path must not be empty or a directory; an existing file must be
    writable; a new file's directory must exist and be writable. Nothing is
    created.
    """
    name = _name(path, what, error)
    p = Path(name)
    if p.is_dir():
        raise error(f"{name}: is a directory; cannot write the {what} there")
    if p.exists():
        if not os.access(p, os.W_OK):
            raise error(f"{name}: cannot write the {what} (permission denied)")
        return
    parent = p.parent
    if not parent.is_dir():
        raise error(f"{name}: cannot write the {what}: no such directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise error(f"{name}: cannot write the {what}: directory {str(parent)!r} is not writable")


MAX_NUMBER_DIGITS = 20
"""Digits :func:`small_number` reads; every number a user types is far shorter."""


def small_number(text: str, max_digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """The value of ASCII digits (leading zeros allowed), or ``None`` when ``text`` is
    not digits or has more than ``max_digits`` significant digits (never Python's
    4,300-digit ``ValueError``)."""
    if not text.isascii() or not text.isdigit() or len(text.lstrip("0")) > max_digits:
        return None
    return int(text)


__all__ = ["MAX_NUMBER_DIGITS", "check_regular", "check_writable", "read_capped", "small_number"]
