"""Named tables: presets of :class:`~teenpatti_rules.rules.Rules` fields, found by name.

A preset is the set of variant fields (V1–V21 of the rules pages) of a table that people name
("ak47", "muflis", "no-limit", ...), with the source it comes from. A new preset is
one entry of :data:`PRESETS`.

>>> find_variant("classic").sequence_order
'classic'
>>> find_variant("classic", boot=2).boot
2
>>> find_variant("nope")
Traceback (most recent call last):
...
ValueError: unknown variant 'nope'; the variants are: default, ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from .rules import Rules

__all__ = [
    "PRESETS",
    "TOURNAMENT_SCHEDULE",
    "Preset",
    "find_variant",
    "read_rule_field",
    "rules_with",
]


def _read_only(fields: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(fields))


@attrs.frozen
class Preset:
    """A named table.

    :param name: its name, lower case, as ``--variant`` takes it (e.g. ``"ak47"``).
    :param summary: one line saying what the table changes, with its rule ids.
    :param source: where the table is played or described: a source [000]–[004] of
        the docs' rules/sources page, and the rule ids of the rules pages.
    :param fields: the :class:`.Rules` fields the preset sets (any field of API.md);
        the others keep their defaults (R1–R44). Read-only.
    """

    name: str
    summary: str
    source: str
    fields: Mapping[str, Any] = attrs.field(converter=_read_only)

    def rules(self, **overrides: Any) -> Rules:
        """The :class:`.Rules` of this preset, with ``overrides`` applied over its fields.

        :param overrides: further :class:`.Rules` fields (e.g. ``boot=2``).
        :returns: the validated rules.
        :raises ValueError: if a field is unknown or the rules refuse a value.
        """
        return rules_with(Rules(), {**self.fields, **overrides})


TOURNAMENT_SCHEDULE: tuple[tuple[int, int], ...] = (
    (1, 1),
    (11, 2),
    (21, 4),
    (31, 8),
    (41, 16),
    (51, 32),
)
"""The ``tournament`` preset's boot schedule (V18): (first hand, boot) pairs; the boot
doubles every 10 hands, from 1 to 32."""


def _presets(*presets: Preset) -> Mapping[str, Preset]:
    return MappingProxyType({preset.name: preset for preset in presets})


PRESETS: Mapping[str, Preset] = _presets(
    Preset("default", "the default table, R1–R44", "the rules pages, R1–R44 [001]", {}),
    Preset(
        "classic",
        "A-2-3 is the highest sequence, then A-K-Q (V1)",
        "V1",
        {"sequence_order": "classic"},
    ),
    Preset(
        "ak47",
        "every ace, king, four and seven is wild (V8, W1-W4)",
        "common in Teen Patti apps and home games; V8 (wild_ranks)",
        {"wild_ranks": "AK47"},
    ),
    Preset(
        "joker",
        "a card turned up after the deal; every other card of its rank is wild (V8, W5)",
        "[003] joker-based variations; V8 (wild='joker')",
        {"wild": "joker"},
    ),
    Preset(
        "hukam",
        "a card turned up after the deal; every other card of its suit is wild (V8, W5)",
        "common in Teen Patti apps; V8 (wild='hukam')",
        {"wild": "hukam"},
    ),
    Preset(
        "muflis",
        "lowball: the order of R13-R16 reversed, 5-3-2 the best hand (V9)",
        "common in Teen Patti apps and home games; V9",
        {"ranking": "muflis"},
    ),
    Preset(
        "999",
        "each hand a three-digit number (ace 1, ten to king 0); the highest wins (V10)",
        "common in Teen Patti apps; V10",
        {"ranking": "999"},
    ),
    Preset(
        "lowest-joker",
        "the lowest rank of each hand is wild (V8)",
        "common in Teen Patti apps; V8 (wild='lowest')",
        {"wild": "lowest"},
    ),
    Preset(
        "highest-joker",
        "the highest rank of each hand is wild (V8)",
        "common in Teen Patti apps; V8 (wild='highest')",
        {"wild": "highest"},
    ),
    Preset(
        "two-jokers",
        "two printed jokers X1, X2 in the deck, both wild (V8)",
        "[004] the version with 2 joker cards as wild cards; V8 (jokers)",
        {"jokers": 2},
    ),
    Preset(
        "best-of-four",
        "four cards each; the hand is the best three (V12)",
        "[000, 002] variations of 5 or more cards; V12",
        {"hand_size": 4},
    ),
    Preset(
        "best-of-five",
        "five cards each; the hand is the best three (V12)",
        "[000, 002] variations of 5 or more cards; V12",
        {"hand_size": 5},
    ),
    Preset(
        "two-card",
        "two cards each and one imagined card, the best possible (V12)",
        "'Imagine One' of home games; V12 (hand_size 2)",
        {"hand_size": 2},
    ),
    Preset(
        "235",
        "2-3-5 is the highest sequence, above A-K-Q and A-2-3 (V11)",
        "[004] Deuce-to-Five High; V11",
        {"high_235": True},
    ),
    Preset(
        "no-limit",
        "any whole bet from the minimum up to the whole stack; seen bets even, except "
        "a whole-stack bet (V3)",
        "[002], V3",
        {"bet_sizing": "no_limit"},
    ),
    Preset(
        "tournament",
        "a fixed stack of 100 boots and a boot that doubles every 10 hands, 1 to 32; "
        "a player leaves only with 0 chips, a short stack posts all and is all-in (V18)",
        "[002], V18",
        {"boot_schedule": TOURNAMENT_SCHEDULE},
    ),
    Preset(
        "home",
        "the dealer posts 2 boots, stake limit 5 (10 seen), 3 blind bets, a table show "
        "after 3 rounds at one stake, suits S > D > C > H break ties (V13, V4, V5, V14, V7)",
        "[003], V4, V5, V7, V13, V14",
        {
            "dealer_boots": 2,
            "stake_limit": 5,
            "max_blind_bets": 3,
            "table_show_after": 3,
            "suit_order": "sdch",
        },
    ),
    Preset(
        "draw",
        "a seen player may pay 1 chip a card to swap up to 2 cards a hand (V20)",
        "[002], V20",
        {"draw_price": 1, "max_draws": 2},
    ),
    Preset(
        "open",
        "an open table: players join and leave between hands, a hand needs 3 playing, "
        "chips may be added up to the starting stack, a player back from sitting out "
        "posts one missed boot, two timeouts in a row sit a player out (S1-S9)",
        "[001], [004], S2, S5, S6, S7",
        {"open_table": True, "rebuy": True, "missed_boots": "one", "timeouts_to_sit_out": 2},
    ),
    Preset(
        "forced-blinds",
        "after the boots the first player left of the dealer bets one stake blind and "
        "the next twice the stake; the player after them acts first (V22)",
        "[004], V22",
        {"forced_blinds": "small_big"},
    ),
)
"""Every named table, by name (the order ``teenpatti variants`` lists them in)."""

_MAX_NAME = 64


def find_variant(name: str, **overrides: Any) -> Rules:
    """The :class:`.Rules` of the named table (python-chess's ``find_variant``).

    :param name: a name of :data:`PRESETS`, any case, surrounding blanks ignored.
    :param overrides: further :class:`.Rules` fields over the preset's.
    :returns: the validated rules.
    :raises TypeError: if ``name`` is not a ``str``.
    :raises ValueError: for an unknown name (listing the known ones), an unknown
        field or a value the rules refuse.
    """
    if not isinstance(name, str):
        raise TypeError(f"find_variant: name must be a str, not {type(name).__name__}")
    key = name.strip().lower()
    preset = PRESETS.get(key) if len(key) <= _MAX_NAME else None
    if preset is None:
        shown = name if len(name) <= _MAX_NAME else name[:_MAX_NAME] + "..."
        raise ValueError(f"unknown variant {shown!r}; the variants are: {', '.join(PRESETS)}")
    return preset.rules(**overrides)


def rules_with(rules: Rules, fields: Mapping[str, Any]) -> Rules:
    """``rules`` with ``fields`` changed, validated again.

    :param rules: the rules to start from.
    :param fields: :class:`.Rules` field names → new values.
    :returns: the new rules.
    :raises ValueError: for a name that is not a field of :class:`.Rules` (naming it and
        the fields), or a value the rules refuse.
    """
    known = {field.name for field in attrs.fields(Rules)}
    unknown = [name for name in fields if name not in known]
    if unknown:
        raise ValueError(
            f"unknown Rules field {unknown[0]!r}; the fields are: {', '.join(sorted(known))}"
        )
    return attrs.evolve(rules, **fields)


def read_rule_field(text: str) -> tuple[str, object]:
    """One ``FIELD=VALUE`` text of a :class:`~teenpatti_rules.rules.Rules` field, as
    ``teenpatti --rule`` and the OpenSpiel game's ``rules`` parameter take it (any field,
    none wired by hand).

    VALUE is read as JSON when it is JSON (``3``, ``true``, ``null``, ``[[1, 1], [5, 2]]``;
    lists become tuples), else as the text itself (``open_flush``); ``none`` is None. A
    number given to a text field stays text (``ranking=999``, ``wild_ranks=47``). The
    field's ``-`` read as ``_`` (``pot-limit``). The caller bounds the text's length.

    :param text: e.g. ``"table_show_after=3"``.
    :returns: ``(field, value)``; :class:`~teenpatti_rules.rules.Rules` checks the value.
    :raises ValueError: without ``=`` or a field name, or for an unknown field (naming
        the fields).

    >>> read_rule_field("pot-limit = none"), read_rule_field("raise_cap=[1, [2, 3]]")
    (('pot_limit', None), ('raise_cap', (1, (2, 3))))
    """
    field, equals, value = text.partition("=")
    field = field.strip().replace("-", "_")
    if not equals or not field:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(f"each item is field=value (e.g. table_show_after=3), not {shown!r}")
    known = attrs.fields_dict(Rules)
    if field not in known:
        shown = field if len(field) <= 40 else field[:37] + "..."
        raise ValueError(f"unknown field {shown!r}; the fields are: {', '.join(known)}")
    value = value.strip()
    if value.lower() == "none":
        return field, None
    try:
        parsed = json.loads(value)
    except ValueError:
        return field, value
    kind = str(known[field].type)
    if isinstance(parsed, int | float) and "int" not in kind and "bool" not in kind:
        return field, value  # a text field that looks like a number: ranking=999
    return field, _tuples(parsed)


def _tuples(value: object) -> object:
    """JSON lists as tuples, nested too (the fields of :class:`Rules` hold tuples)."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value
