"""The checks of the open-table options of :class:`~teenpatti_rules.rules.Rules`
(S1–S9, V22), apart from the record itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["check_open_table"]


def check_open_table(rules: Rules) -> None:
    """Refuse the combinations of the open-table options that S3, S7 and V22 refuse.

    :param rules: the :class:`~teenpatti_rules.rules.Rules` being built.
    :raises ValueError: a ``max_buy_in`` below the boot (S3), ``rebuy`` with a
        ``boot_schedule`` (S7, V18), ``forced_blinds`` with ``max_blind_bets=0`` (V22).
    """
    if rules.max_buy_in is not None and rules.max_buy_in < rules.boot:
        raise ValueError(
            f"Rules.max_buy_in ({rules.max_buy_in}) must be at least the boot ({rules.boot}) (S3)"
        )
    if rules.rebuy and rules.boot_schedule is not None:
        raise ValueError("Rules.rebuy cannot be combined with Rules.boot_schedule (S7, V18)")
    if rules.forced_blinds is not None and rules.max_blind_bets == 0:
        raise ValueError(
            f"Rules.forced_blinds={rules.forced_blinds!r} needs at least one blind bet: "
            "Rules.max_blind_bets must not be 0 (V22, V5)"
        )
