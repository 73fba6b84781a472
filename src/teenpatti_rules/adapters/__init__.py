"""Environments for reinforcement-learning frameworks, each behind its own extra.

- :mod:`teenpatti_rules.adapters.pettingzoo` — a PettingZoo AEC environment
  (``pip install -e '.[pettingzoo]'``), also as
  named ``teenpatti_v0`` in its metadata (PettingZoo's naming);
- :mod:`teenpatti_rules.adapters.gymnasium` — one learning seat against automatic
  players (``[gymnasium]``), registered in Gymnasium as ``teenpatti/TeenPatti-v0``;
- :mod:`teenpatti_rules.adapters.openspiel` — the OpenSpiel game
  ``python_teen_patti`` (``[openspiel]``).

``pip install -e '.[rl]'`` installs all three frameworks. This package imports no
framework: each module imports its own when it is imported, and raises an
``ImportError`` naming the extra to install when it is missing.

Every adapter plays a fixed roster of seats: an open table (``open_table``) or
``rebuy`` is refused, and none produces the open-table actions ``Join``, ``Leave``,
``SitOut``, ``SitIn``, ``Timeout`` or ``AddChips`` (S1–S9).
Every adapter only maps the core's :func:`~teenpatti_rules.engine.apply`,
:func:`~teenpatti_rules.engine.legal_actions` and :func:`~teenpatti_rules.views.view`
through :mod:`teenpatti_rules.encoding`; none re-implements a rule.

>>> sorted(ENV_IDS)
['teenpatti/teenpatti-v0', 'teenpatti/teenpatti_no_limit-v0', 'teenpatti/teenpatti_range-v0']
"""

from __future__ import annotations

from typing import Any

__all__ = ["ENV_IDS", "make", "missing"]

ENV_IDS: dict[str, dict[str, Any]] = {
    "teenpatti/teenpatti-v0": {},
    "teenpatti/teenpatti_range-v0": {"bet_sizing": "range"},
    "teenpatti/teenpatti_no_limit-v0": {"bet_sizing": "no_limit"},
}
"""The PettingZoo environment ids :func:`make` knows, with the keyword arguments each
adds: ``teenpatti-v0`` is the default table (``bet_sizing="double"``, 10 action ids),
``teenpatti_range-v0`` a V3 table with amount bins, ``teenpatti_no_limit-v0`` a V3
no-limit table (24 ids: the no-limit bins of :mod:`teenpatti_rules.encoding`)."""


def make(env_id: str, **kwargs: Any) -> Any:
    """The PettingZoo environment registered under ``env_id`` (wrapped as :func:`~.pettingzoo.env`).

    :param env_id: one of :data:`ENV_IDS`, e.g. ``"teenpatti/teenpatti-v0"``.
    :param kwargs: passed to :func:`teenpatti_rules.adapters.pettingzoo.env`.
    :returns: a PettingZoo ``AECEnv``.
    :raises ValueError: for an unknown id.
    :raises ImportError: if PettingZoo is not installed.
    """
    if env_id not in ENV_IDS:
        known = ", ".join(sorted(ENV_IDS))
        raise ValueError(f"env_id must be one of {known}, not {env_id!r}")
    from .pettingzoo import env

    return env(**{**ENV_IDS[env_id], **kwargs})


def missing(module: str, what: str, packages: str, extra: str) -> ImportError:
    """The error an adapter module raises when its framework is not installed.

    :param module: the adapter module's name (``"gymnasium"``).
    :param what: the frameworks it needs, in words (``"PettingZoo and Gymnasium"``).
    :param packages: what ``pip install`` takes (``"pettingzoo gymnasium"``).
    :param extra: the project's extra that installs them (``"pettingzoo"``).
    :returns: the :class:`ImportError` naming them, to raise.
    """
    return ImportError(
        f"teenpatti_rules.adapters.{module} needs {what}: pip install {packages} "
        f"(from a clone: pip install -e '.[{extra}]', or '.[rl]' for every adapter)"
    )
