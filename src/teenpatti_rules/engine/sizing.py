"""The bet sizings, where the engine kept them before they moved to the values layer
(:mod:`teenpatti_rules.sizing`, so that :class:`~teenpatti_rules.rules.Rules` can name
them without the engine): the same objects, importable from here too.
"""

from __future__ import annotations

from ..sizing import *  # noqa: F403
from ..sizing import __all__ as __all__
