"""Every rule scenario, shared and our own, through the public API."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenario_runner import load, run_scenario

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "scenarios"
OWN = HERE / "scenarios"
FILES = sorted(SHARED.glob("*.json")) + sorted(OWN.glob("*.json"))


def test_shared_scenarios_are_present() -> None:
    assert len(list(SHARED.glob("*.json"))) >= 27


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path: Path) -> None:
    run_scenario(load(path))
