"""The compiled kernel's on-disk cache is keyed on every kernel source file
(:mod:`teenpatti_rules.batch.kernel_jit`): an edit of a file whose functions are only
inlined (``kernel_parts.py``, ``kernel_sizing.py``) recompiles, which numba's own
stamp (the defining file only) does not see.

Checked end to end on a two-file toy compiled in fresh processes (a few seconds, not
the kernel's minute): content hashes, no clocks, no bytecode files (so an edit within
the same second counts too).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="numba is not installed (the fast extra)"
)

ENTRY = """\
from pathlib import Path

from teenpatti_rules.batch.kernel_jit import keyed_jit

from .parts import piece

HERE = Path(__file__).parent


@keyed_jit([HERE / "entry.py", HERE / "parts.py"])
def value():
    return piece()
"""

PARTS = """\
import numba


@numba.njit(inline="always")
def piece():
    return {value}
"""

RUN = (
    "import toy.entry as e\n"
    "v = e.value()\n"
    "s = e.value.stats\n"
    "print(v, sum(s.cache_hits.values()), sum(s.cache_misses.values()))\n"
)


def _run(root: Path) -> tuple[int, int, int]:
    """``(value, cache hits, cache misses)`` of the toy in a fresh process."""
    env = {
        **os.environ,
        "PYTHONPATH": str(root),
        "PYTHONDONTWRITEBYTECODE": "1",  # no .pyc: the edited source is always read
        "NUMBA_CACHE_DIR": str(root / "numba-cache"),
    }
    out = subprocess.run(
        [sys.executable, "-c", RUN], env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    value, hits, misses = (int(word) for word in out)
    return value, hits, misses


def test_an_edit_of_an_inlined_file_recompiles(tmp_path: Path) -> None:
    toy = tmp_path / "toy"
    toy.mkdir()
    (toy / "__init__.py").write_text("")
    (toy / "entry.py").write_text(ENTRY)
    (toy / "parts.py").write_text(PARTS.format(value=1))
    assert _run(tmp_path) == (1, 0, 1)  # compiled and saved
    assert _run(tmp_path) == (1, 1, 0)  # loaded from the disk cache
    (toy / "parts.py").write_text(PARTS.format(value=2))  # same size, same second
    assert _run(tmp_path) == (2, 0, 1)  # the edit is seen: compiled again
    assert _run(tmp_path) == (2, 1, 0)  # and cached again


def test_the_key_follows_every_sources_content(tmp_path: Path) -> None:
    from teenpatti_rules.batch.kernel_jit import sources_key

    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1\n")
    b.write_text("y = 1\n")
    key = sources_key([a, b])
    assert len(key) == 64 and sources_key([a, b]) == key
    b.write_text("y = 2\n")
    assert sources_key([a, b]) != key
    b.write_text("y = 1\n")
    assert sources_key([a, b]) == key  # content, not time
    b.unlink()
    assert sources_key([a, b]) != key


def test_the_kernel_is_keyed_on_every_kernel_module() -> None:
    """Every ``kernel*.py`` of the batch package is in ``KERNEL_SOURCES`` (a new piece
    file must be added there), and the kernel's compiled entry points use the keyed
    cache (importing the kernel compiles nothing)."""
    from teenpatti_rules.batch import kernel
    from teenpatti_rules.batch.kernel_jit import KERNEL_SOURCES, SourcesCache

    here = Path(kernel.__file__).parent
    assert sorted(path.name for path in here.glob("kernel*.py")) == sorted(KERNEL_SOURCES)
    for entry in (kernel.step_packed, kernel.step_tables, kernel.random_legal_actions):
        assert isinstance(getattr(entry, "_cache", None), SourcesCache)


def test_no_cached_entry_point_calls_another() -> None:
    """A cached entry point (``@_jit``) never calls another one: numba cannot save a
    compiled function that links a callee it loaded from the disk cache, which happens
    when two processes compile the cold kernel at once (one finds the callee the other
    just saved). ``step_packed`` calls ``step_tables`` compiled without the cache."""
    import ast

    from teenpatti_rules.batch import kernel

    tree = ast.parse(Path(kernel.__file__).read_text(encoding="utf-8"))
    cached = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "_jit" for d in node.decorator_list)
    }
    assert {"step_packed", "step_tables", "random_legal_actions"} <= cached
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in cached:
            called = {
                call.func.id
                for call in ast.walk(node)
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            }
            assert not called & cached, f"{node.name} calls the cached {called & cached}"
