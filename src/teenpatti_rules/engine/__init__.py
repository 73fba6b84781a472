"""The engine: the rules of play over immutable states.

- :mod:`.reducer`: :func:`apply` and :func:`legal_actions`, one handler per action;
- :mod:`.questions`: the shared rule questions (whose turn, minimum bet, why not …);
- :mod:`.triggers`: the end-of-turn checks (R39, R37, R40);
- :mod:`.ending`: showdown, payout, leaving, the button, the session's end;
- :mod:`.pots`: side pots and splits (R18, R41);
- :mod:`.invariants`: is a state one the engine could reach?

Below it, in the values layer: the bet sizings (:mod:`teenpatti_rules.sizing`, R24, V3)
and the seeded shuffle and first dealer (:mod:`teenpatti_rules.dealing`, R5, R10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import dealing, sizing  # noqa: F401  # the old homes, still attributes of the engine

if TYPE_CHECKING:
    from .reducer import apply, is_legal, legal_actions

__all__ = ["apply", "is_legal", "legal_actions"]


def __getattr__(name: str) -> Any:
    """``apply``, ``is_legal`` and ``legal_actions``, imported from :mod:`.reducer` when
    first asked for: the action records live in the engine's modules and the registry
    (:mod:`teenpatti_rules.actions`) that the reducer reads imports them, so importing
    any engine module must not import the reducer first.
    """
    if name in __all__:
        from . import reducer

        value = getattr(reducer, name)
        globals()[name] = value  # asked once
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names, the lazy ones included (for ``dir()`` and autodoc)."""
    return sorted({*globals(), *__all__})
