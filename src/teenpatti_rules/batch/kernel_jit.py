"""The numba decorators of the compiled kernel, its on-disk cache keyed on every kernel
source file (numba, imported only with :mod:`teenpatti_rules.batch.kernel`).

numba caches a compiled function in ``__pycache__`` beside the file that defines it,
stamped with that file only (its modification time and size in older numba, its
content's hash in newer): the kernel's pieces are inlined from other files
(:mod:`~teenpatti_rules.batch.kernel_parts`,
:mod:`~teenpatti_rules.batch.kernel_flush`, :mod:`~teenpatti_rules.batch.kernel_hash`,
:mod:`~teenpatti_rules.batch.kernel_sizing`,
:mod:`~teenpatti_rules.batch.kernel_draws`), so an edit of one of those alone would
leave the cached kernel stale. :func:`keyed_jit` stamps each cached function with the
SHA-256 of every file of :data:`KERNEL_SOURCES` as well (:func:`sources_key`,
read once at import): any edit of any of them, whatever the clocks, recompiles the
kernel on its next call, and the cache is used again afterwards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core.caching import FunctionCache

__all__ = ["KERNEL_SOURCES", "SourcesCache", "keyed_jit", "sources_key"]

#: A type variable: the function :func:`keyed_jit` decorates (its type is kept).
F = TypeVar("F", bound=Callable[..., Any])

KERNEL_SOURCES = (
    "kernel.py",
    "kernel_parts.py",
    "kernel_flush.py",
    "kernel_hash.py",
    "kernel_sizing.py",
    "kernel_draws.py",
    "kernel_history.py",
    "kernel_jit.py",
)
"""The files (in this package) whose code the compiled kernel holds: the kernel's
cache key covers them all."""


def sources_key(paths: Sequence[Path]) -> str:
    """The SHA-256 (hex) of the names and bytes of ``paths``, in order; a file that
    cannot be read counts as the word ``missing`` (then nothing is cached stale: the
    key changes when it reappears).

    :param paths: the source files.
    :returns: 64 hex digits.
    """
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0")
        try:
            content = path.read_bytes()
        except OSError:
            content = b"missing"
        digest.update(hashlib.sha256(content).digest())
    return digest.hexdigest()


class SourcesCache(FunctionCache):
    """numba's on-disk cache of one function, with ``key`` added to the stamp of its
    index (an index of another key is stale: dropped and rewritten) and to the key of
    each compiled entry.

    :param py_func: the Python function compiled.
    :param key: the sources' key (:func:`sources_key`).
    """

    def __init__(self, py_func: Callable[..., Any], key: str) -> None:
        self._sources_key = key
        super().__init__(py_func)  # type: ignore[no-untyped-call]  # (numba's)
        cache_file = getattr(self, "_cache_file", None)
        if cache_file is not None and hasattr(cache_file, "_source_stamp"):
            cache_file._source_stamp = (cache_file._source_stamp, key)

    def _index_key(self, sig: Any, codegen: Any) -> Any:
        """Numba's key of a compiled entry, and the sources' key."""
        numba_key = super()._index_key(sig, codegen)  # type: ignore[no-untyped-call]
        return (*numba_key, self._sources_key)


def keyed_jit(sources: Sequence[Path], **options: Any) -> Callable[[F], F]:
    """``numba.njit(cache=True, **options)`` whose cache is stamped with the key of
    ``sources`` (:class:`SourcesCache`): an edit of any of them recompiles.

    :param sources: the files whose code the decorated functions hold (their own file
        and the files of the functions they inline).
    :param options: numba's ``njit`` options (``cache`` is set).
    :returns: the decorator.
    """
    key = sources_key(sources)

    def decorate(function: F) -> F:
        dispatcher: Any = numba.njit(cache=True, **options)(function)
        dispatcher._cache = SourcesCache(dispatcher.py_func, key)
        return cast(F, dispatcher)

    return decorate


_HERE = Path(__file__).parent

jit = keyed_jit([_HERE / name for name in KERNEL_SOURCES], nogil=True, error_model="numpy")
"""The decorator of the kernel's entry points (compiled, cached under the sources' key)."""

plain = numba.njit(nogil=True, error_model="numpy")
"""The decorator of a compiled function that a cached entry point calls: compiled in
the calling process, never loaded from the disk cache (numba cannot save a function
that links a callee it loaded from the cache). The kernel's big pieces that run once a
hand at most (the deal, the payout, the open flush) use it too: called, not inlined,
which keeps the cold compile short; the call's cost is spread over the hand's steps."""

inline = numba.njit(nogil=True, error_model="numpy", inline="always")
"""The decorator of the kernel's pieces: inlined into the entry points (a call between
compiled functions counts references to every array it passes, which costs more
than the pieces' work), never compiled nor cached alone."""
