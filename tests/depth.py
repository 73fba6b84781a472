"""How deep the slow tests go, from the hypothesis profile (``HYPOTHESIS_PROFILE``).

``ci`` (the default) and ``dev`` are sized for a CI run of a few minutes on two cores;
``deep`` (old name ``thorough``) goes ten times deeper. Tests that loop by hand (not through hypothesis)
take their sizes from :func:`scaled` too.
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
DEPTH = 10 if PROFILE in ("deep", "thorough") else 1


def scaled(size: int) -> int:
    """``size`` under the ci profile, ten times it under ``deep``."""
    return size * DEPTH
