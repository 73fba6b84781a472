"""The project's hypothesis strategies: the public testing kit
(:mod:`teenpatti_rules.testing.strategies`), re-exported under the names the tests use."""

from __future__ import annotations

from teenpatti_rules.testing.strategies import (
    FIELD_CASES,
    RANKING_VARIANTS,
    TABLE_ACTIONS,
    WAITING_CASES,
    actions,
    open_table_action,
    open_tables,
    play_session,
    random_action,
    table_action,
    variants,
)
from teenpatti_rules.testing.strategies import sessions as tables

__all__ = [
    "FIELD_CASES",
    "RANKING_VARIANTS",
    "TABLE_ACTIONS",
    "WAITING_CASES",
    "actions",
    "open_table_action",
    "open_tables",
    "play_session",
    "random_action",
    "table_action",
    "tables",
    "variants",
]
