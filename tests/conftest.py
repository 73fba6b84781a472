"""Test configuration: hypothesis profiles and the import path of the scenario runner."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Ray tests are opt-in (``ray.init`` takes 10–20 s): they run with
    ``TEENPATTI_RAY=1`` in the environment or when ``-m`` names the marker
    (``pytest -m ray``); otherwise they are deselected.

    The batch engine's tests (``tests/batch/``) share one pytest-xdist group: under
    ``--dist loadgroup`` (``./dev check``) they run in one worker, so the compiled
    kernel's cold compile (numba, a minute of CPU) happens in one process, not in each.
    """
    batch = Path(__file__).parent / "batch"
    for item in items:
        if batch in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.xdist_group("batch_kernel"))
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
