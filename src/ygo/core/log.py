"""An append-only log whose copy costs the same however long it is.

A duel's event log and its list of past choices only ever grow, and an AI
clones a duel thousands of times per move. :class:`Log` keeps full chunks of
``CHUNK`` entries in a tuple of tuples that clones share (nothing in it can
change), and only the unfilled tail is copied: a clone costs O(CHUNK), not
O(length).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar, overload

T = TypeVar("T")

CHUNK = 64


class Log(Generic[T]):
    """A list-like, append-only sequence with a cheap :meth:`copy`."""

    __slots__ = ("_chunks", "_n", "_tail")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._chunks: tuple[tuple[T, ...], ...] = ()
        self._tail: list[T] = []
        self._n = 0
        for item in items:
            self.append(item)

    def append(self, item: T) -> None:
        tail = self._tail
        tail.append(item)
        self._n += 1
        if len(tail) >= CHUNK:
            self._chunks = (*self._chunks, tuple(tail))
            self._tail = []

    def copy(self) -> Log[T]:
        new = Log.__new__(Log)
        new._chunks = self._chunks
        new._tail = self._tail.copy()
        new._n = self._n
        return new

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[T]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            if step == 1 and start >= self._n - len(self._tail):
                base = self._n - len(self._tail)
                return self._tail[start - base : stop - base]
            return list(self)[index]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("log index out of range")
        c, i = divmod(index, CHUNK)
        if c < len(self._chunks):
            return self._chunks[c][i]
        return self._tail[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._n == other._n and list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
