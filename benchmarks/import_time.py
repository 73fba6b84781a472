"""Import time of the package root, before and after (issue 19).

Run from the repository: ``./dev python benchmarks/import_time.py [--before CHECKOUT]
[--runs 20]``.

Runs fresh interpreters ``--runs`` times each, alternating between ``CHECKOUT/.venv``
(before; default ``/work/main``, the 0.1.0 release, whose package root imported every
module) and this checkout's interpreter (after; the root imports a module on the first
use of one of its names). Each run reports its own import time in CPU seconds, so the
other programs of a shared machine count little. Two statements are timed:
``import teenpatti_rules`` and what a game loop imports
(``from teenpatti_rules import Deal, apply, legal_actions, new_session``). Prints the
median of each and the after/before ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

STATEMENTS = (
    "import teenpatti_rules",
    "from teenpatti_rules import Deal, apply, legal_actions, new_session",
)

_PROBE = """
import time
started = time.process_time()
{statement}
print(time.process_time() - started)
"""


def _one(python: str, statement: str) -> float:
    """CPU seconds that ``statement`` takes in a fresh interpreter ``python``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # read the caches that exist, write none
    out = subprocess.run(
        [python, "-c", _PROBE.format(statement=statement)],
        check=True,
        capture_output=True,
        text=True,
        cwd="/",
        env=env,
    )
    return float(out.stdout.strip())


def main() -> None:
    """Alternate the runs and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="/work/main", help="checkout with a .venv")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    pythons = {
        "before": str(Path(args.before) / ".venv" / "bin" / "python"),
        "after": sys.executable,
    }
    for statement in STATEMENTS:
        for python in pythons.values():
            _one(python, statement)  # warm the file cache and the bytecode caches
        times: dict[str, list[float]] = {tree: [] for tree in pythons}
        for _ in range(args.runs):
            for tree, python in pythons.items():
                times[tree].append(_one(python, statement))
        before = statistics.median(times["before"])
        after = statistics.median(times["after"])
        print(f"{statement}")
        print(
            f"  before {before * 1000:7.1f} ms   after {after * 1000:7.1f} ms   "
            f"after/before {after / before:.2f}x   (medians of {args.runs} runs, CPU time)"
        )


if __name__ == "__main__":
    main()
