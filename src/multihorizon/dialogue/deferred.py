"""A turn-log column whose restored values are made a run at a time, when first read.

A load (issue 18 item 4) hands the turn log each stored segment's columns as arrays and one
text; building a Python object per turn for all of them (a text, a timestamp, a tuple of
entities, a tuple of references) cost a fifth of a long session's load, and most of those
turns are never read again (rules read the latest few turns, Tier C the few it retrieves).
A ``DeferredColumn`` is a list whose restored entries are runs: a run (one segment, 1,024
turns) is built, by the function the load gave for it, the first time one of its entries is
read, and is then a plain stretch of the list.

Every Python-level read (indexing, slicing, iteration, comparison, ``in``, ``len``) sees
every value. C code that reads a list's items directly (``str.join``, ``json.dumps``) must
be given ``list(column)``. Appending (``append``, ``extend``, ``+=``) adds values as
usual; anything that moves entries builds every run first.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, SupportsIndex, TypeVar, overload

import numpy as np
import numpy.typing as npt

from ..errors import InputError

__all__ = ["DeferredColumn"]

T = TypeVar("T")


class _Unbuilt:
    """The placeholder of an entry whose run is not built yet (never seen by a reader)."""

    __slots__ = ()


_UNBUILT: Any = _Unbuilt()


class DeferredColumn(list[T]):
    """A list whose entries may be deferred runs, each built when one of its entries is
    first read (``defer``), beside values given as they are (``extend_given``)."""

    __slots__ = ("_given", "_runs", "_starts")

    def __init__(self, values: Iterable[T] = ()) -> None:
        super().__init__(values)
        self._starts: list[int] = []  # where each unbuilt run starts, ascending
        # start -> (stop, build, each entry's length or None)
        self._runs: dict[int, tuple[int, Callable[[], Sequence[T]], npt.NDArray[Any] | None]] = {}
        self._given: list[tuple[int, int]] = [(0, len(self))] if len(self) else []

    def extend_given(self, values: Sequence[T]) -> None:
        """Values as they are (a load's turn records: ``given`` lists them for checks)."""
        start = len(self)
        list.extend(self, values)
        if len(self) > start:
            self._given.append((start, len(self)))

    def defer(
        self, count: int, build: Callable[[], Sequence[T]], lengths: npt.NDArray[Any] | None = None
    ) -> None:
        """``count`` entries that ``build()`` makes (exactly ``count`` values, of the
        column's type: the maker guarantees it) when one is first read; ``lengths``, when
        given, is each entry's ``len`` (``lengths`` answers without building)."""
        if count <= 0:
            return
        start = len(self)
        list.extend(self, itertools.repeat(_UNBUILT, count))
        self._starts.append(start)
        self._runs[start] = (start + count, build, lengths)

    def take(self, other: DeferredColumn[T]) -> None:
        """Append ``other``'s entries, its unbuilt runs left unbuilt."""
        offset = len(self)
        list.extend(self, list.__getitem__(other, slice(None)))
        for start in other._starts:
            stop, build, lengths = other._runs[start]
            self._starts.append(start + offset)
            self._runs[start + offset] = (stop + offset, build, lengths)
        self._given += [(start + offset, stop + offset) for start, stop in other._given]

    def given(self) -> Iterator[T]:
        """The values given as they are (not by a deferred run), for a caller's checks."""
        return itertools.chain.from_iterable(
            list.__getitem__(self, slice(start, stop)) for start, stop in self._given
        )

    def map_given(self, function: Callable[[T], T]) -> None:
        """Replace each given value ``v`` by ``function(v)`` (runs are the maker's)."""
        for start, stop in self._given:
            values = list.__getitem__(self, slice(start, stop))
            list.__setitem__(self, slice(start, stop), list(map(function, values)))

    def lengths(self) -> npt.NDArray[np.float64]:
        """Each entry's ``len``, without building the runs that came with their lengths."""
        found = np.empty(len(self), np.float64)
        runs = {start: self._runs[start] for start in self._starts}
        position = 0
        for start in [*self._starts, len(self)]:
            if position < start:  # built or given values
                values: list[Any] = list.__getitem__(self, slice(position, start))
                found[position:start] = np.fromiter(map(len, values), np.float64, len(values))
            if start in runs:
                stop, _, sizes = runs[start]
                if sizes is None:
                    self._build(start)
                    values = list.__getitem__(self, slice(start, stop))
                    sizes = np.fromiter(map(len, values), np.float64, len(values))
                found[start:stop] = sizes
                position = stop
        return found

    def run_at(self, index: int) -> tuple[int, Callable[[], Sequence[T]]] | None:
        """The unbuilt run that starts at entry ``index``: (where it stops, its maker);
        None when no unbuilt run starts there."""
        run = self._runs.get(index)
        return None if run is None else run[:2]

    @property
    def pending(self) -> int:
        """How many runs are still unbuilt."""
        return len(self._starts)

    def _build(self, index: int) -> None:
        """Build the run that holds entry ``index`` (0 <= index < len)."""
        position = bisect.bisect_right(self._starts, index) - 1
        start = self._starts[position]
        stop, build, _ = self._runs[start]
        values = build()
        if len(values) != stop - start:
            raise InputError(f"a deferred run of {stop - start} turns built {len(values)}")
        list.__setitem__(self, slice(start, stop), values)
        del self._starts[position], self._runs[start]

    def _build_range(self, low: int, high: int) -> None:
        """Build every run that holds an entry in ``[low, high)``."""
        for start in [s for s in self._starts if s < high and self._runs[s][0] > low]:
            self._build(start)

    def build_all(self) -> None:
        """Build every run (what a caller does before handing the list to C code)."""
        while self._starts:
            self._build(self._starts[0])

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        if self._starts:  # else a plain list's read, after one attribute test
            if isinstance(index, slice):
                low, high, step = index.indices(len(self))
                self._build_range(*((low, high) if step > 0 else (high + 1, low + 1)))
            elif list.__getitem__(self, index) is _UNBUILT:
                self._build(range(len(self))[index])
        return list.__getitem__(self, index)

    def __setitem__(self, index: Any, value: Any) -> None:
        self.build_all()  # a value set must not be overwritten by its run's build
        list.__setitem__(self, index, value)

    def __iter__(self) -> Iterator[T]:
        self.build_all()
        return list.__iter__(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        return (list, (list(self),))  # a copy or a pickle is a plain list


def _built_first(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def call(self: DeferredColumn[Any], *args: Any, **kwargs: Any) -> Any:
        self.build_all()
        for arg in args:
            if isinstance(arg, DeferredColumn):
                arg.build_all()
        return method(self, *args, **kwargs)

    call.__name__ = name
    return call


# What reads or moves every entry builds every run first (``list``'s own would see the
# placeholders).
for _name in ("__contains__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
              "__reversed__", "__add__", "__mul__", "__rmul__", "__repr__", "__delitem__",
              "__imul__", "count", "index", "copy", "insert", "pop", "remove", "sort",
              "reverse", "clear"):  # fmt: skip
    setattr(DeferredColumn, _name, _built_first(_name))
