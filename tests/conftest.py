"""Test configuration: hypothesis profiles and the import path of the scenario runner."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from session_corpus import RandomSession

sys.path.insert(0, str(Path(__file__).parent))

# The one place that sizes the property tests (no test overrides max_examples or
# stateful_step_count): "ci" (the default): a fixed size and derandomized, so that CI is
# reproducible and fast; "dev": the same size, random, for the inner loop; "deep": forty
# times more examples and longer stateful runs, random, for a night run
# (HYPOTHESIS_PROFILE=deep; "thorough" is its old name).
settings.register_profile(
    "ci",
    max_examples=25,
    stateful_step_count=50,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "dev", max_examples=25, stateful_step_count=50, deadline=None, print_blob=True
)
for _deep in ("deep", "thorough"):
    settings.register_profile(
        _deep, max_examples=1000, stateful_step_count=100, deadline=None, print_blob=True
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


BATCH_GROUP = "batch_kernel"
_BATCH_FOLDERS = ("tests/batch/", "src/teenpatti_rules/batch/")


SOAK = "soak"
"""The marker of a soak test: one that replays many random sessions, whole tables or
every hand against the reducer, a brute force or a saved copy (the differential, brute-force
and round-trip properties). Coverage's tracer doubles the CPU of such a test while it
reaches no branch that a focused test does not: a soak test runs untraced (in the
test's call; its fixtures stay traced: :func:`pytest_runtest_call`) and keeps every
one of its checks. Measured when the marker was introduced: the suite with
``--cov-context=test`` reached 21,403 branches (arcs) in ``src/``, and none of them only
in a soak test's call. Mark a test ``soak`` only if it is one of these replays and
the branches it reaches are reached elsewhere (``./dev soak-coverage`` lists the
branches that only soak tests reach: it must print none).

Code that runs once a process (a table built on first use and cached) is reached by
whichever test asks first, soak or not: a focused test builds it afresh
(e.g. ``wild_table.__wrapped__``), so that its branches do not depend on the order.

A parametrized test whose cases reach different branches names the cases that stay
traced, its representatives: ``@pytest.mark.soak(traced=("open",))`` runs the case
``[open]`` traced and every other case untraced (:func:`untraced`)."""


def untraced(item: pytest.Item) -> bool:
    """Whether the call of ``item`` runs untraced: a :data:`SOAK` test, but not one of
    the cases its marker's ``traced`` names (by the case's id, the text in brackets of
    its node id), and not under ``TEENPATTI_TRACE_SOAK=1``."""
    return not _TRACE_SOAK and soak_case(item)


def soak_case(item: pytest.Item) -> bool:
    """Whether ``item`` is a :data:`SOAK` test's case that is not one of its traced
    representatives (whatever ``TEENPATTI_TRACE_SOAK`` says)."""
    marker = item.get_closest_marker(SOAK)
    if marker is None:
        return False
    callspec = getattr(item, "callspec", None)
    return callspec is None or callspec.id not in marker.kwargs.get("traced", ())


_TRACE_SOAK = os.environ.get("TEENPATTI_TRACE_SOAK") == "1"
"""Trace the soak tests too (``tools/soak_coverage.py`` sets it)."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """Run the call of a :data:`SOAK` test with coverage stopped, then start it again.

    Every running measurement is stopped, newest first (``coverage.Coverage.current``),
    and started again oldest first. pytest-cov's own ``no_cover`` marker does not stop
    the tracer under pytest-xdist (pytest-cov 7.1): a worker holds two nested
    measurements, and stopping the newer one resumes the older."""
    if not untraced(item):
        return (yield)
    stopped = []
    try:
        import coverage
    except ImportError:  # pragma: no cover - coverage comes with the dev extras
        return (yield)
    while (current := coverage.Coverage.current()) is not None:
        current.stop()
        stopped.append(current)
    try:
        return (yield)
    finally:
        for measurement in reversed(stopped):
            measurement.start()


_NUMPY_ONLY = (
    "tests/batch/test_batch_sessions.py::test_the_last_hands_",
    "tests/batch/test_batch_differential.py::test_thousands_of_hands",
)
"""Long batch tests that play only ``backend="numpy"``: left out of the group, so that
the other worker can take them (the group is otherwise the longer share)."""


def _in_batch_group(nodeid: str) -> bool:
    """Whether the test ``nodeid`` (relative to the root) plays the compiled kernel:
    the tests of ``tests/batch/`` (but :data:`_NUMPY_ONLY`) and the doctests of
    ``src/teenpatti_rules/batch/`` (``BatchEnv``'s ``"auto"`` picks the kernel)."""
    return nodeid.startswith(_BATCH_FOLDERS) and not nodeid.startswith(_NUMPY_ONLY)


_WARM_KERNEL = Path(__file__).parent.parent / "tools" / "warm_kernel.py"
"""A child process's script that compiles the batch kernel's entry points into numba's
on-disk cache (the step, the fold, the random policy on a contiguous and a packed
mask). ``./dev check`` runs it before pytest, beside mypy and pyright: here it then
only loads the cache."""

_kernel_warmed: list[bool] = []


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before the first test of the batch group in this process, compile the kernel in
    a child process without coverage (:data:`_WARM_KERNEL`): the tests then load it
    from numba's on-disk cache. A cold compile under coverage's tracer takes about
    twice the CPU (64 s against 35 s here); whatever the child does not compile (or a
    failed child) compiles in the test as before."""
    if _kernel_warmed or not _in_batch_group(str(item.nodeid)):
        return
    _kernel_warmed.append(True)
    if importlib.util.find_spec("numba") is None:
        return
    quiet = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("COV_CORE_", "COVERAGE_PROCESS_START"))
    }
    root = Path(__file__).parent.parent
    with contextlib.suppress(subprocess.TimeoutExpired):  # the tests compile what is missing
        subprocess.run(
            [sys.executable, str(_WARM_KERNEL)], env=quiet, cwd=root, check=False, timeout=900
        )


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the batch group formed by path.

    pytest-xdist (3.8) forms a group by appending ``@group`` to a marked test's
    ``item._nodeid``; pytest 9 reads a test's node id from another attribute, so the
    group is silently not formed and every worker compiles the kernel. This scheduler
    is xdist's own ``LoadGroupScheduling`` whose scope of a test under
    :data:`_BATCH_FOLDERS` is :data:`BATCH_GROUP` (every other test is its own scope,
    as before). Other ``--dist`` modes keep xdist's schedulers."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling  # type: ignore[import-untyped]

    class BatchGroupScheduling(LoadGroupScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            if _in_batch_group(nodeid):
                return BATCH_GROUP
            return str(super()._split_scope(nodeid))

    return BatchGroupScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Ray tests are opt-in (``ray.init`` takes 10–20 s): they run with
    ``TEENPATTI_RAY=1`` in the environment or when ``-m`` names the marker
    (``pytest -m ray``); otherwise they are deselected.

    The batch engine's tests (``tests/batch/``) are marked with one pytest-xdist group;
    under ``--dist loadgroup`` (``./dev check``) :func:`pytest_xdist_make_scheduler`
    sends them to one worker, so the compiled kernel's cold compile (numba, half a
    minute of CPU) happens in one process, not in each.
    """
    for item in items:
        if _in_batch_group(str(item.nodeid)):
            item.add_marker(pytest.mark.xdist_group(BATCH_GROUP))
    listing = os.environ.get("TEENPATTI_LIST_SOAK")  # tools/soak_coverage.py
    if listing:
        Path(listing).write_text("".join(f"{i.nodeid}\n" for i in items if soak_case(i)))
    expression = str(config.getoption("markexpr", "") or "")
    if os.environ.get("TEENPATTI_RAY") == "1" or "ray" in expression.replace("not ray", ""):
        return
    kept = [item for item in items if item.get_closest_marker("ray") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture(scope="session")
def random_sessions() -> tuple[RandomSession, ...]:
    """The shared corpus of random sessions (``tests/session_corpus.py``), sized by the
    hypothesis profile: the per-state properties run over it."""
    from session_corpus import random_sessions as corpus

    return corpus()
