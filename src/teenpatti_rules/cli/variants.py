"""``teenpatti variants``: list the named tables that ``--variant`` takes."""

from __future__ import annotations

import argparse

from ..presets import PRESETS

__all__ = ["add_options", "run"]

HELP = "list the named tables of --variant"
"""The line of ``teenpatti --help`` for ``variants``."""

DESCRIPTION = (
    "List the named tables (presets of Rules fields) that simulate and "
    "play take with --variant NAME; --rule FIELD=VALUE changes any single field."
)
"""What ``teenpatti variants --help`` says first."""


def _value(value: object) -> str:
    return "none" if value is None else str(value)


def run(args: argparse.Namespace) -> int:
    """``teenpatti variants``: each preset's name, what it changes and its source;
    with ``--fields``, also the :class:`~teenpatti_rules.rules.Rules` fields it sets.

    :param args: the parsed options of ``variants``.
    :returns: the exit code, 0.
    """
    width = max(len(name) for name in PRESETS)
    for preset in PRESETS.values():
        print(f"{preset.name:<{width}}  {preset.summary}; source: {preset.source}")
        if args.fields and preset.fields:
            sets = ", ".join(f"{key}={_value(value)}" for key, value in preset.fields.items())
            print(f"{'':<{width}}  {sets}")
    print(
        "\nSources: V1-V22 are rule ids of the rules pages; [000]-[004] are the documents "
        "listed on the docs page rules/sources."
    )
    return 0


def add_options(variants: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti variants`` to its parser."""
    variants.add_argument(
        "--fields", action="store_true", help="also print the Rules fields each table sets"
    )
