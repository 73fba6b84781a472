"""Teen Patti at thousands of tables at once, on arrays.

Needs numpy: ``pip install numpy`` (from a clone, ``pip install '.[numpy]'``); with
numba (``pip install '.[fast]'``) the steps run in a compiled kernel
(``BatchEnv(..., backend="auto")``, the default, picks it when numba is installed).

A pgx-shaped functional API: :class:`BatchEnv` deals one hand per table
(:meth:`BatchEnv.init`), steps every table with one action id each
(:meth:`BatchEnv.step`, returning a new :class:`BatchState`), and turns any table
back into a reducer :class:`~teenpatti_rules.state.State` (:meth:`BatchEnv.to_state`).
The rules are R1–R44 of the default table for one hand with given stacks, with the
variants listed in :mod:`teenpatti_rules.batch.config`; every table's result equals the
reducer's on either backend (the differential tests check it step by step).

Action ids (``A = 10`` by default) are those of :mod:`teenpatti_rules.encoding`
(:class:`~teenpatti_rules.encoding.ActionId`, re-exported here): PACK 0, LOOK 1,
CHAAL 2, RAISE 3, SIDESHOW 4, SIDESHOW_RAISE 5, SHOW 6, ALL_IN 7, ACCEPT 8, REFUSE 9;
under V3's ``"range"`` and ``"no_limit"`` sizings the encoding's
amount ids follow (``BatchEnv.num_actions``: 16 or 24;
:mod:`~teenpatti_rules.batch.sizing`), and on a V20 draw table (numpy backend) the
encoding's DRAW ids come last (:mod:`~teenpatti_rules.batch.draws`).

Modules: :mod:`~teenpatti_rules.batch.env` (the environment),
:mod:`~teenpatti_rules.batch.state` (the arrays, their dtypes and shapes),
:mod:`~teenpatti_rules.batch.deal` (seeds, decks, boots),
:mod:`~teenpatti_rules.batch.mask` (legal actions),
:mod:`~teenpatti_rules.batch.step` (the transition),
:mod:`~teenpatti_rules.batch.sizing` (V3's bet amounts),
:mod:`~teenpatti_rules.batch.draws` (V20's draws),
:mod:`~teenpatti_rules.batch.showdown` (side pots, splits and open flushes),
:mod:`~teenpatti_rules.batch.strength` (hand strengths, wild cards and indicators),
:mod:`~teenpatti_rules.batch.seats` (turn order),
:mod:`~teenpatti_rules.batch.convert` (a table as a reducer state),
:mod:`~teenpatti_rules.batch.config` (which rules are played),
:mod:`~teenpatti_rules.batch.history` (the action histories),
:mod:`~teenpatti_rules.batch.backend` and :mod:`~teenpatti_rules.batch.kernel` (the
compiled kernel), :mod:`~teenpatti_rules.batch.vector` (a Gymnasium vector env).
"""

from __future__ import annotations

import importlib.util

if importlib.util.find_spec("numpy") is None:  # pragma: no cover - a venv without numpy
    raise ImportError("teenpatti_rules.batch needs numpy: pip install numpy")

from ..encoding import ActionId
from .config import SUPPORTED_FIELDS
from .env import MAX_BATCH_TABLES, BatchEnv
from .state import (
    ENDING_NONE,
    ENDING_PACKED,
    ENDING_SHOW,
    ENDING_SHOWDOWN,
    PHASE_BETTING,
    PHASE_OVER,
    PHASE_SIDESHOW,
    BatchState,
)

__all__ = [
    "ENDING_NONE",
    "ENDING_PACKED",
    "ENDING_SHOW",
    "ENDING_SHOWDOWN",
    "MAX_BATCH_TABLES",
    "PHASE_BETTING",
    "PHASE_OVER",
    "PHASE_SIDESHOW",
    "SUPPORTED_FIELDS",
    "ActionId",
    "BatchEnv",
    "BatchState",
]
