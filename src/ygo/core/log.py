"""An append-only log whose copy costs the same however long it is.

A duel's event log and its list of past choices only ever grow, and an AI
clones a duel thousands of times per move. :class:`Log` keeps full chunks of
``CHUNK`` entries (tuples: nothing in them can change) in a list that copies
share, and only the unfilled tail is copied: a clone costs O(CHUNK), not
O(length).

Each log owns the first ``_full`` chunks of the shared list. Filling a chunk
appends it to the shared list when this log is the one that reached its end;
a log that another copy has outgrown (the list is longer than what it owns)
first takes a list of its own, once, and appends there after. So appending
is amortised O(1) (issue 22: rebuilding a tuple of all the chunks at every
fill made a log of n entries cost O(n**2 / CHUNK) to build), and a copy never
sees what another copy appended.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import Generic, TypeVar, overload

T = TypeVar("T")

CHUNK = 64


class Log(Generic[T]):
    """A list-like, append-only sequence with a cheap :meth:`copy`."""

    __slots__ = ("_chunks", "_full", "_n", "_tail")

    def __init__(self, items: Iterable[T] = ()) -> None:
        seq = items if isinstance(items, list) else list(items)
        n = len(seq)
        full = n - n % CHUNK
        self._chunks: list[tuple[T, ...]] = [
            tuple(seq[i : i + CHUNK]) for i in range(0, full, CHUNK)
        ]
        self._full = len(self._chunks)
        self._tail: list[T] = seq[full:]
        self._n = n

    def append(self, item: T) -> None:
        tail = self._tail
        tail.append(item)
        self._n += 1
        if len(tail) >= CHUNK:
            chunk = tuple(tail)
            chunks = self._chunks
            k = self._full
            if len(chunks) == k:
                chunks.append(chunk)
            if len(chunks) <= k or chunks[k] is not chunk:
                # A copy sharing the list has outgrown this log: take a list of
                # its own (once; it appends there from now on).
                chunks = self._chunks = chunks[:k]
                chunks.append(chunk)
            self._full = k + 1
            self._tail = []

    def copy(self) -> Log[T]:
        new = Log.__new__(Log)
        new._chunks = self._chunks
        new._full = self._full
        new._tail = self._tail.copy()
        new._n = self._n
        return new

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[T]:
        return chain(chain.from_iterable(islice(self._chunks, self._full)), self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            if step != 1:
                return list(self)[index]
            if start >= stop:
                return []
            first = start // CHUNK  # read from the chunk holding ``start`` on
            base = first * CHUNK
            if first >= self._full:
                return self._tail[start - base : stop - base]
            last = -(-stop // CHUNK)  # and up to the chunk holding ``stop - 1``
            out = list(chain.from_iterable(self._chunks[first : min(last, self._full)]))
            if last > self._full:
                out += self._tail
            return out[start - base : stop - base]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("log index out of range")
        c, i = divmod(index, CHUNK)
        if c < self._full:
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
