"""List the branches of ``src/`` that only soak tests reach (``./dev soak-coverage``).

A test marked ``soak`` runs untraced under coverage (``tests/conftest.py``, ``SOAK``):
that is safe only while every branch it reaches is reached by some other test. This
script runs the whole suite once with every test traced (``TEENPATTI_TRACE_SOAK=1``)
and coverage's per-test contexts (``--cov-context=test``), then prints each branch
(arc ``from -> to`` of a file of ``src/``) reached only in the calls of soak tests.
It prints none and exits 0 when the soak marker loses nothing; otherwise it exits 1.
Extra arguments go to pytest (e.g. ``-k batch``). About twice the time of the suite.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def soak_tests(python: str) -> set[str]:
    """The node ids of the soak tests' untraced cases (``tests/conftest.py``,
    ``soak_case``): collected once with ``TEENPATTI_LIST_SOAK`` naming a file.
    """
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "soak"
        subprocess.run(
            [python, "-m", "pytest", "-q", "--collect-only", "--no-cov"],
            cwd=ROOT,
            env=dict(os.environ, TEENPATTI_LIST_SOAK=str(listing), TEENPATTI_RAY="1"),
            capture_output=True,
            check=True,
        )
        return set(listing.read_text().split())


def only_soak_arcs(database: Path, soak: set[str]) -> dict[str, list[tuple[int, int]]]:
    """The arcs (by file) whose every context is the call (``|run``) of a soak test."""
    with sqlite3.connect(database) as db:
        files = dict(db.execute("select id, path from file"))
        contexts = dict(db.execute("select id, context from context"))
        reached: dict[tuple[int, int, int], bool] = {}
        for file_id, context_id, start, end in db.execute(
            "select file_id, context_id, fromno, tono from arc"
        ):
            name = contexts[context_id]
            in_soak = name.endswith("|run") and name[: -len("|run")] in soak
            key = (file_id, start, end)
            reached[key] = reached.get(key, True) and in_soak
    found: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for (file_id, start, end), only in sorted(reached.items()):
        if only:
            found[files[file_id]].append((start, end))
    return found


def main(arguments: list[str]) -> int:
    """Run the suite traced with contexts, print the arcs only soak tests reach."""
    python = sys.executable
    soak = soak_tests(python)
    print(f"{len(soak)} untraced cases of soak tests")
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "coverage"
        env = dict(os.environ, TEENPATTI_TRACE_SOAK="1", COVERAGE_FILE=str(database))
        pytest = [python, "-m", "pytest", "-q", "-n", "auto", "--dist", "loadgroup", "--cov"]
        traced = ["--cov-context=test", "--cov-report=", "--cov-fail-under=0"]
        subprocess.run(
            [*pytest, *traced, *arguments],
            cwd=ROOT,
            env=env,
            check=True,
        )
        found = only_soak_arcs(database, soak)
    for path, arcs in found.items():
        shown = ", ".join(f"{start}->{end}" for start, end in arcs)
        print(f"{Path(path).relative_to(ROOT) if ROOT in Path(path).parents else path}: {shown}")
    count = sum(len(arcs) for arcs in found.values())
    print(f"{count} branches reached only by soak tests")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
