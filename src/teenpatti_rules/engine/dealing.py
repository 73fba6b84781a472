"""The seeded shuffle and the first dealer, where the engine kept them before they moved
below it (:mod:`teenpatti_rules.dealing`, so that
:func:`~teenpatti_rules.state.new_session` can choose the first dealer without the
engine): the same functions, importable from here too.
"""

from __future__ import annotations

from ..dealing import *  # noqa: F403
from ..dealing import __all__ as __all__
