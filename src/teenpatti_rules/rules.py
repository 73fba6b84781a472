"""Table configuration: :class:`Rules`, frozen and validated when built.

The defaults are the library's default table (R1–R44, the rules pages of the docs). Every variant
(V1–V7) is a further field whose default keeps the default table.

>>> Rules().boot, Rules().starting_boots, Rules().max_blind_bets
(1, 100, 4)
>>> Rules(boot=0)
Traceback (most recent call last):
...
ValueError: Rules.boot must be at least 1, not 0
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import attrs

from .hands import ORDERS
from .hands.standard import SequenceOrder
from .limits import MAX_CHIPS, WrongTypeError, check_table_chips, short

__all__ = ["MAX_SEATS", "BetSizing", "Rules", "SequenceOrder"]

MAX_SEATS = 17
"""The most players one 52-card deck can deal three cards each (V6)."""


BetSizing = str
"""A name of :data:`teenpatti_rules.engine.sizing.BET_SIZINGS`: ``"double"`` (R24),
``"range"`` (V3)."""


def _int_at_least(low: int, *, optional: bool = False) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        name = f"Rules.{attribute.name}"
        if value is None and optional:
            return
        if type(value) is not int:  # int subclasses were converted by _exact_ints
            kind = "an int or None" if optional else "an int"
            raise WrongTypeError(f"{name} must be {kind}, not {short(value)}")
        if value < low:
            raise ValueError(f"{name} must be at least {low}, not {value}")
        if value > MAX_CHIPS:
            raise ValueError(f"{name} must be at most {MAX_CHIPS}, not {short(value)}")

    return check


def _suit_order(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if not isinstance(value, str) or sorted(value) != ["c", "d", "h", "s"]:
        raise ValueError(
            "Rules.suit_order must be None or the four suit letters, highest first "
            f"(e.g. 'shdc'), not {short(value)}"
        )


def _registered(registry: Mapping[str, object], what: str) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or value not in registry:
            options = ", ".join(repr(name) for name in registry)
            raise ValueError(
                f"Rules.{attribute.name} must be one of {options} (a {what}), not {short(value)}"
            )

    return check


def _bet_sizing(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    from .engine.sizing import BET_SIZINGS  # the engine layer; imported when first needed

    _registered(BET_SIZINGS, "bet sizing")(instance, attribute, value)


def _one_of(*choices: object) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        if not any(type(value) is type(c) and value == c for c in choices):
            options = ", ".join(repr(c) for c in choices)
            raise ValueError(f"Rules.{attribute.name} must be one of {options}, not {short(value)}")

    return check


def _to_int(value: object) -> object:
    """An int subclass (``IntEnum``) or numpy integer as a plain int; anything else as
    it is, for the validators to refuse (a bool, float, Fraction, Decimal ...).
    """
    if type(value) is int or isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return value
    return operator.index(value)  # type: ignore[arg-type]


def _exact_ints(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """Give every int field the converter :func:`_to_int` (chips and counts are exact ints)."""
    return [
        field.evolve(converter=_to_int) if str(field.type).startswith("int") else field
        for field in fields
    ]


@attrs.frozen(kw_only=True, cache_hash=True, field_transformer=_exact_ints)
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
    :param bet_sizing: the name of a bet sizing of
        :data:`teenpatti_rules.engine.sizing.BET_SIZINGS`: ``"double"`` (R24, default:
        the minimum or twice it) or ``"range"`` (V3: any whole amount from the minimum
        to ``raise_cap`` times it, seen amounts even).
    :param raise_cap: the largest bet under ``bet_sizing="range"``, in minimum bets
        (V3); at least 2 (default).
    :param stake_limit: the stake never rises above this many chips; a raise that
        would pass it is not legal (V4). None (default) for no limit. At least
        ``boot``.
    :param suit_order: None (R13, default: suits never break ties), or the four
        suit letters from highest to lowest, e.g. ``"shdc"`` (V7): hands equal by
        R13–R16 are then ordered by the suit of their top card, the first card in
        the hand's name (for a pair, the higher-suited card of the pair; for
        A-2-3, the ace). Two hands from one deck never share that card, so at a
        table no two hands tie.
    :param ranking: the hand order, by its name in
        :data:`teenpatti_rules.hands.ORDERS`: ``"standard"`` (R13–R16, default).
    :raises ValueError: naming the field and the bad value, for any value outside
        these ranges (every chip count at most
        :data:`~teenpatti_rules.limits.MAX_CHIPS`; under ``bet_sizing="range"`` a
        table of ``min_players`` starting stacks at most
        :data:`~teenpatti_rules.limits.MAX_RANGE_TABLE_CHIPS` chips), or an unknown
        choice; as :class:`~teenpatti_rules.limits.WrongTypeError` (also a
        :class:`TypeError`) for a bool, float, Fraction, Decimal or str where an
        int belongs. An int subclass (``IntEnum``) or numpy integer is converted to
        a plain ``int``.
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
    bet_sizing: BetSizing = attrs.field(default="double", validator=_bet_sizing)
    raise_cap: int = attrs.field(default=2, validator=_int_at_least(2))
    stake_limit: int | None = attrs.field(default=None, validator=_int_at_least(1, optional=True))
    suit_order: str | None = attrs.field(default=None, validator=_suit_order)
    ranking: str = attrs.field(default="standard", validator=_registered(ORDERS, "hand order"))

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
        if self.boot * self.starting_boots > MAX_CHIPS:
            raise ValueError(
                f"Rules.boot * Rules.starting_boots must be at most {MAX_CHIPS} chips, "
                f"not {self.boot * self.starting_boots}"
            )
        check_table_chips(self, self.starting_stack * self.min_players)
        if self.stake_limit is not None and self.stake_limit < self.boot:
            raise ValueError(
                f"Rules.stake_limit ({self.stake_limit}) must be at least the boot ({self.boot})"
            )

    @property
    def starting_stack(self) -> int:
        """Chips each player starts a session with: ``boot * starting_boots`` (R4)."""
        return self.boot * self.starting_boots
