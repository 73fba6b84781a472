"""Table configuration: :class:`Rules`, frozen and validated when built.

The defaults are the library's default table (RULES.md R1–R44). Every variant
(V1–V7) is a further field whose default keeps the default table.

>>> Rules().boot, Rules().starting_boots, Rules().max_blind_bets
(1, 100, 4)
>>> Rules(boot=0)
Traceback (most recent call last):
...
ValueError: Rules.boot must be at least 1, not 0
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

__all__ = ["MAX_SEATS", "BetSizing", "Rules", "SequenceOrder"]

MAX_SEATS = 17
"""The most players one 52-card deck can deal three cards each (V6)."""

SequenceOrder = Literal["standard", "classic"]
"""``"standard"``: A-K-Q highest, then A-2-3 (R14). ``"classic"``: A-2-3 highest (V1)."""

BetSizing = Literal["double", "range"]
"""``"double"``: minimum or twice the minimum (R24). ``"range"``: any whole amount between (V3)."""


def _int_at_least(low: int, *, optional: bool = False) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        name = f"Rules.{attribute.name}"
        if value is None and optional:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            kind = "an int or None" if optional else "an int"
            raise ValueError(f"{name} must be {kind}, not {value!r}")
        if value < low:
            raise ValueError(f"{name} must be at least {low}, not {value}")

    return check


def _suit_order(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if not isinstance(value, str) or sorted(value) != ["c", "d", "h", "s"]:
        raise ValueError(
            "Rules.suit_order must be None or the four suit letters, highest first "
            f"(e.g. 'shdc'), not {value!r}"
        )


def _one_of(*choices: object) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in choices or isinstance(value, bool):
            options = ", ".join(repr(c) for c in choices)
            raise ValueError(f"Rules.{attribute.name} must be one of {options}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Rules:
    """The configuration of a table. All amounts are whole chips.

    :param boot: chips every player posts when a hand is dealt; also the opening
        stake (R9, R11). At least 1.
    :param starting_boots: each player starts with ``boot * starting_boots`` chips
        (R4). At least 1.
    :param min_players: fewest players that may start a session (R3; V6). At
        least 2.
    :param max_players: most players that may start a session (R3; V6). At least
        ``min_players``, at most 17 (:data:`MAX_SEATS`).
    :param max_blind_bets: most blind bets a player may make in a hand (R23), or
        None for no limit (V5). At least 0.
    :param pot_limit: when a bet brings the pot to this many chips, betting stops
        and the hand goes to a showdown (R12, R37, R38); None (default) for no limit.
        At least 1.
    :param hand_limit: the session ends after this many hands (R2, R7, R8); None
        (default) to play until one player remains. At least 1.
    :param sequence_order: ``"standard"`` (R14, default) or ``"classic"`` (V1:
        A-2-3 is the highest sequence, then A-K-Q, K-Q-J, …).
    :param show_cost_multiplier: a show costs this many minimum bets: 1 (R34,
        default) or 2 (V2).
    :param bet_sizing: ``"double"`` (R24, default: the minimum or twice it) or
        ``"range"`` (V3: any whole amount from the minimum to twice it, seen
        amounts even).
    :param stake_limit: the stake never rises above this many chips; a raise that
        would pass it is not legal (V4). None (default) for no limit. At least
        ``boot``.
    :param suit_order: None (R13, default: suits never break ties), or the four
        suit letters from highest to lowest, e.g. ``"shdc"`` (V7): hands equal by
        R13–R16 are then ordered by the suit of their top card, the first card in
        the hand's name (for a pair, the higher-suited card of the pair; for
        A-2-3, the ace). Two hands from one deck never share that card, so at a
        table no two hands tie.
    :raises ValueError: naming the field and the bad value, for any value outside
        these ranges, a bool or non-int where an int belongs, or an unknown choice.
    """

    boot: int = attrs.field(default=1, validator=_int_at_least(1))
    starting_boots: int = attrs.field(default=100, validator=_int_at_least(1))
    min_players: int = attrs.field(default=3, validator=_int_at_least(2))
    max_players: int = attrs.field(default=7, validator=_int_at_least(2))
    max_blind_bets: int | None = attrs.field(default=4, validator=_int_at_least(0, optional=True))
    pot_limit: int | None = attrs.field(default=None, validator=_int_at_least(1, optional=True))
    hand_limit: int | None = attrs.field(default=None, validator=_int_at_least(1, optional=True))
    sequence_order: SequenceOrder = attrs.field(
        default="standard", validator=_one_of("standard", "classic")
    )
    show_cost_multiplier: int = attrs.field(default=1, validator=_one_of(1, 2))
    bet_sizing: BetSizing = attrs.field(default="double", validator=_one_of("double", "range"))
    stake_limit: int | None = attrs.field(default=None, validator=_int_at_least(1, optional=True))
    suit_order: str | None = attrs.field(default=None, validator=_suit_order)

    def __attrs_post_init__(self) -> None:
        if self.max_players > MAX_SEATS:
            raise ValueError(
                f"Rules.max_players must be at most {MAX_SEATS} (three cards each from "
                f"one deck of 52), not {self.max_players}"
            )
        if self.max_players < self.min_players:
            raise ValueError(
                f"Rules.max_players ({self.max_players}) must be at least "
                f"Rules.min_players ({self.min_players})"
            )
        if self.stake_limit is not None and self.stake_limit < self.boot:
            raise ValueError(
                f"Rules.stake_limit ({self.stake_limit}) must be at least the boot ({self.boot})"
            )

    @property
    def starting_stack(self) -> int:
        """Chips each player starts a session with: ``boot * starting_boots`` (R4)."""
        return self.boot * self.starting_boots
