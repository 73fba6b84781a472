"""Counting work instead of timing it: tests that an input is refused "at once" or read
"in linear time" count what the code does, so that they pass or fail the same on any
machine and under any load.

- :func:`python_lines` counts the Python lines executed by a call (C-level work, such
  as ``str.split`` or ``json.loads``, counts as one line): a refusal "before any
  work" executes as many lines for a huge input as for a small one.
- :class:`CountingSequence` counts the items read from it.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any, TypeVar, overload

T = TypeVar("T")


def python_lines(call: Callable[[], object], *expected: type[BaseException]) -> int:
    """How many Python lines ``call()`` executes (in any function it calls), with the
    exceptions ``expected`` caught (any other propagates). The garbage collector is
    paused meanwhile: a collection that happens to start inside ``call`` would count
    the lines of whatever finalizers it runs."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    collecting = gc.isenabled()
    gc.disable()
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        call()
    except expected:
        pass
    finally:
        sys.settrace(previous)
        if collecting:
            gc.enable()
    return count


class CountingSequence(Sequence[T]):
    """A sequence that counts how many of its items were read (``reads``)."""

    def __init__(self, items: Sequence[T]) -> None:
        self._items = items
        self.reads = 0

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            part = self._items[index]
            self.reads += len(part)
            return part
        self.reads += 1
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        for item in self._items:
            self.reads += 1
            yield item
