"""A testing kit for code that embeds the rules: hypothesis strategies, a stateful
machine to drive your own table, and checks of the rules' invariants.

This is a layer on top of the library (it imports the engine, the views and the
saved histories; nothing in the library imports it). It needs hypothesis
(``pip install hypothesis``; from a clone, ``pip install '.[testing]'``). The checks
(:mod:`teenpatti_rules.testing.checks`) work without it.

- :mod:`~teenpatti_rules.testing.strategies`: cards, hands, rules, variants,
  sessions, states, actions, legal and illegal actions of a state;
- :class:`~teenpatti_rules.testing.machine.TableMachine`: subclass it to drive a
  server, a bot or any wrapper against the rules;
- :mod:`~teenpatti_rules.testing.checks`: ``assert_no_leak`` (R43),
  ``assert_chips_conserved`` (R42), ``assert_replay_equal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .checks import assert_chips_conserved, assert_no_leak, assert_replay_equal, hidden_cards

if TYPE_CHECKING:
    from .machine import TableMachine
    from .strategies import (
        FIELD_CASES,
        RANKING_VARIANTS,
        actions,
        cards,
        hands,
        illegal_actions_in,
        legal_actions_in,
        play_session,
        random_action,
        rules,
        sessions,
        states,
        variants,
    )

__all__ = [
    "FIELD_CASES",
    "RANKING_VARIANTS",
    "TableMachine",
    "actions",
    "assert_chips_conserved",
    "assert_no_leak",
    "assert_replay_equal",
    "cards",
    "hands",
    "hidden_cards",
    "illegal_actions_in",
    "legal_actions_in",
    "play_session",
    "random_action",
    "rules",
    "sessions",
    "states",
    "variants",
]

_LAZY = {name: "strategies" for name in __all__} | {"TableMachine": "machine"}


def __getattr__(name: str) -> Any:
    """Import the strategies and the machine on first use, saying which extra they need.

    :raises ImportError: naming the ``testing`` extra if hypothesis is not installed.
    :raises AttributeError: for a name this package does not have.
    """
    module = _LAZY.get(name)
    if module is None or name in globals():
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise ImportError(
            f"teenpatti_rules.testing.{name} needs hypothesis: "
            "pip install hypothesis (from a clone: pip install '.[testing]')"
        ) from None
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{module}"), name)
