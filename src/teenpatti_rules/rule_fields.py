"""The field checks of :class:`~teenpatti_rules.rules.Rules`: one validator or
converter per kind of field (chips and counts, a choice among values, a registry
name, the rank letters of V8, the boot schedule of V18), read by the field
definitions of :mod:`teenpatti_rules.rules`.

Every check raises :class:`ValueError` (or
:class:`~teenpatti_rules.errors.WrongTypeError`, also a :class:`TypeError`) naming the
field as ``Rules.<field>`` and the value refused.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from .limits import MAX_BOOT_SCHEDULE, MAX_CHIPS, WrongTypeError, short

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "TEXT_FIELDS",
    "bet_sizing",
    "boolean",
    "exact_ints",
    "int_at_least",
    "one_of",
    "pairs",
    "plain_str",
    "rank_letters",
    "registered",
    "schedule",
    "suit_order",
    "to_int",
    "wild_ranks",
]


def int_at_least(low: int, *, optional: bool = False) -> Any:
    """A validator: an exact int from ``low`` to MAX_CHIPS (or None when ``optional``)."""

    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        name = f"Rules.{attribute.name}"
        if value is None and optional:
            return
        if type(value) is not int:  # int subclasses were converted by exact_ints
            kind = "an int or None" if optional else "an int"
            raise WrongTypeError(f"{name} must be {kind}, not {short(value)}")
        if value < low:
            raise ValueError(f"{name} must be at least {low}, not {short(value)}")
        if value > MAX_CHIPS:
            raise ValueError(f"{name} must be at most {MAX_CHIPS}, not {short(value)}")

    return check


def suit_order(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    """V7: None or the four suit letters, highest first."""
    if value is None:
        return
    if not isinstance(value, str) or sorted(value) != ["c", "d", "h", "s"]:
        raise ValueError(
            "Rules.suit_order must be None or the four suit letters, highest first "
            f"(e.g. 'shdc'), not {short(value)}"
        )


def plain_str(value: Any) -> Any:
    """A ``str`` subclass as a plain ``str`` (its own ``__eq__`` / ``__hash__`` /
    ``__str__`` are dropped: a record stores plain values, issue 20 D21); anything
    else as it is, for the validators to refuse.
    """
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    return value


def rank_letters(value: Any) -> Any:
    """``wild_ranks`` as a plain ``str`` in upper case: rank letters are read
    case-insensitively and kept upper-case, so equal tables are equal records (V8).
    """
    value = plain_str(value)
    return value.upper() if isinstance(value, str) else value


def wild_ranks(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    """V8: None or distinct rank letters (a letter given twice is refused: RULES.md,
    Variants, a combination that could never take effect).
    """
    if value is None:
        return
    letters = "23456789TJQKA"
    if not isinstance(value, str) or not value or any(ch not in letters for ch in value):
        raise ValueError(
            "Rules.wild_ranks must be None or distinct rank letters of "
            f"'{letters}' (e.g. 'AK47'), not {short(value)} (V8)"
        )
    if len(set(value)) != len(value):
        twice = next(ch for i, ch in enumerate(value) if ch in value[:i])
        raise ValueError(
            f"Rules.wild_ranks gives the rank letter {twice!r} twice ({short(value)}): a "
            "letter given twice could never take effect (RULES.md Variants, V8)"
        )


def boolean(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator: True or False, not a truthy value."""
    if not isinstance(value, bool):
        raise ValueError(f"Rules.{attribute.name} must be True or False, not {short(value)}")


def registered(registry: Mapping[str, object], what: str) -> Any:
    """A validator: a name of ``registry`` (a ``what``: hand order, bet sizing ...)."""

    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or value not in registry:
            options = ", ".join(repr(name) for name in registry)
            raise ValueError(
                f"Rules.{attribute.name} must be one of {options} (a {what}), not {short(value)}"
            )

    return check


def bet_sizing(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    """V3: a name of :data:`~teenpatti_rules.sizing.BET_SIZINGS`."""
    from .sizing import BET_SIZINGS  # imported when first needed: it imports this module

    registered(BET_SIZINGS, "bet sizing")(instance, attribute, value)


def one_of(*choices: object) -> Any:
    """A validator: one of ``choices``, of the same type (``True`` is not ``1``)."""

    def check(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
        if not any(type(value) is type(c) and value == c for c in choices):
            options = ", ".join(repr(c) for c in choices)
            raise ValueError(f"Rules.{attribute.name} must be one of {options}, not {short(value)}")

    return check


def to_int(value: object) -> object:
    """An int subclass (``IntEnum``) or numpy integer as a plain int; anything else as
    it is, for the validators to refuse (a bool, float, Fraction, Decimal ...).
    """
    if type(value) is int or isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return value
    return operator.index(value)  # type: ignore[arg-type]


TEXT_FIELDS = ("str", "SequenceOrder", "BetSizing")


def exact_ints(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """Give every int field the converter :func:`to_int` (chips and counts are exact
    ints) and every text field without a converter :func:`plain_str`.
    """
    result = []
    for field in fields:
        kind = str(field.type)
        if kind.startswith("int"):
            field = field.evolve(converter=to_int)
        elif kind.startswith(TEXT_FIELDS) and field.converter is None:
            field = field.evolve(converter=plain_str)
        result.append(field)
    return result


def pairs(value: Any) -> Any:
    """A list of ``[first_hand, boot]`` pairs (e.g. from JSON) as a tuple of tuples, each
    number an exact int (:func:`to_int`). A list longer than
    :data:`~teenpatti_rules.limits.MAX_BOOT_SCHEDULE`, or an entry that is not a pair, is
    kept as it is for :func:`schedule` to refuse (without reading it).
    """
    if isinstance(value, list | tuple) and len(value) <= MAX_BOOT_SCHEDULE:
        return tuple(
            tuple(to_int(x) for x in pair)
            if isinstance(pair, list | tuple) and len(pair) == 2
            else pair
            for pair in value
        )
    return value


def schedule(instance: Rules, attribute: attrs.Attribute[Any], value: object) -> None:
    """V18: None, or at most :data:`~teenpatti_rules.limits.MAX_BOOT_SCHEDULE` (first
    hand, boot) pairs of exact ints up to :data:`~teenpatti_rules.limits.MAX_CHIPS`, in
    increasing hand order from hand 1.
    """
    if value is None:
        return
    name = "Rules.boot_schedule"
    if not isinstance(value, tuple | list) or not value:
        raise ValueError(f"{name} must be None or a non-empty tuple of (first hand, boot) pairs")
    if len(value) > MAX_BOOT_SCHEDULE:
        raise ValueError(
            f"{name} holds at most {MAX_BOOT_SCHEDULE} (first hand, boot) pairs, not {len(value)}"
        )
    if not isinstance(value, tuple):
        raise ValueError(f"{name} must be None or a non-empty tuple of (first hand, boot) pairs")
    last = 0
    for index, pair in enumerate(value):
        if not isinstance(pair, tuple) or len(pair) != 2 or any(type(x) is not int for x in pair):
            raise ValueError(
                f"{name}: each entry is a pair of ints (first hand, boot), not {short(pair)}"
            )
        first, boot = pair
        for what, number in (("first hand", first), ("boot", boot)):
            if number > MAX_CHIPS:
                raise ValueError(
                    f"{name}[{index}]: a {what} is at most {MAX_CHIPS}, not {short(number)}"
                )
        if first <= last:
            raise ValueError(
                f"{name}: first hands must increase from 1, not {short(first)} after {last}"
            )
        if boot < 1:
            raise ValueError(f"{name}: a boot is at least 1, not {short(boot)} (hand {first})")
        last = first
