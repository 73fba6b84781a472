"""Every rule scenario, shared and our own, through the public API.

``tests/shared_scenarios`` is a copy of ``../shared/scenarios`` (so that a checkout
on its own runs them); when the shared folder is next to the checkout, its files
are run as well and the copy must match them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scenario_runner import load, run_scenario

HERE = Path(__file__).parent
UPSTREAM = HERE.parent.parent / "shared" / "scenarios"
SHARED = HERE / "shared_scenarios"
OWN = HERE / "scenarios"
FILES = sorted(SHARED.glob("*.json")) + sorted(OWN.glob("*.json"))
UPSTREAM_FILES = sorted(UPSTREAM.glob("*.json")) if UPSTREAM.is_dir() else []


def test_shared_scenarios_are_present() -> None:
    assert len(list(SHARED.glob("*.json"))) >= 27


@pytest.mark.skipif(not UPSTREAM_FILES, reason="../shared/scenarios is not next to this checkout")
def test_copy_matches_upstream() -> None:
    for path in UPSTREAM_FILES:
        copy = SHARED / path.name
        assert copy.exists(), f"{path.name} is new upstream: copy it into tests/shared_scenarios"
        assert copy.read_text() == path.read_text(), f"{path.name} differs from upstream"


@pytest.mark.parametrize("path", FILES + UPSTREAM_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path: Path) -> None:
    run_scenario(load(path))
