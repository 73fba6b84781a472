"""The docs name the current rule ids: a page that names a variant range older than
RULES.md's (``V1–V7`` when RULES.md goes to V22) fails here.

The highest V and S ids come from the shared RULES.md when it is beside the
repository (``../shared/RULES.md``), else from the copy in ``tests/data/rule_ids.json``
(which must then agree with RULES.md whenever both are present).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COPY = ROOT / "tests" / "data" / "rule_ids.json"
CANDIDATES = (ROOT.parent / "shared" / "RULES.md", ROOT.parents[1] / "shared" / "RULES.md")
RANGE = re.compile(r"\b([VS])(\d+)\s*[–-]\s*\1(\d+)\b")

LAST_RANKING_OR_BETTING_V = 12
"""Ranges ending here or before are the ranking and betting variants (V1–V12, V8–V12),
a part of the whole that a page may name on purpose."""


def rules_md() -> Path | None:
    return next((path for path in CANDIDATES if path.is_file()), None)


def highest() -> dict[str, int]:
    """The highest V and S rule ids."""
    path = rules_md()
    if path is None:
        return dict(json.loads(COPY.read_text(encoding="utf-8")))
    text = path.read_text(encoding="utf-8")
    return {kind: max(int(n) for n in re.findall(rf"\b{kind}(\d+)\.", text)) for kind in "VS"}


def stale(kind: str, first: int, last: int, top: dict[str, int]) -> bool:
    """Whether the range ``kind first–last`` is older than RULES.md's ids."""
    if kind == "S":
        return first == 1 and last < top["S"]
    if last > LAST_RANKING_OR_BETTING_V:
        return last < top["V"]  # reaches into the table variants: must reach the latest
    return first == 1 and last < LAST_RANKING_OR_BETTING_V  # V1–V7: the first release's


def pages() -> list[Path]:
    return sorted((ROOT / "docs").rglob("*.rst"))


def test_the_copy_of_the_ids_agrees_with_rules_md() -> None:
    if rules_md() is None:
        pytest.skip("RULES.md is not beside the repository")
    assert json.loads(COPY.read_text(encoding="utf-8")) == highest()


def test_no_page_names_an_older_variant_range() -> None:
    top = highest()
    old = [
        f"{page.relative_to(ROOT)}:{number}: {match[0]}"
        for page in pages()
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for match in RANGE.finditer(line)
        if stale(match[1], int(match[2]), int(match[3]), top)
    ]
    assert not old, f"ranges older than RULES.md (V1–V{top['V']}, S1–S{top['S']}): {old}"


def test_the_check_finds_the_first_releases_range() -> None:
    top = {"V": 22, "S": 9}
    assert stale("V", 1, 7, top) and stale("V", 13, 21, top) and stale("S", 1, 6, top)
    assert not stale("V", 1, 12, top) and not stale("V", 8, 12, top)
    assert not stale("V", 13, 22, top) and not stale("V", 1, 22, top)
