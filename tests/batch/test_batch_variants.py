"""The batch engine plays a table or refuses it with a ValueError naming a changed
Rules field (issue 13): every field of Rules, every preset."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from batch_helpers import random_actions

import teenpatti_rules as tp
from strategies import FIELD_CASES
from teenpatti_rules.batch import SUPPORTED_FIELDS, BatchEnv
from teenpatti_rules.presets import PRESETS

CASES = list(FIELD_CASES) + [dict(preset.fields) for preset in PRESETS.values()]


@pytest.mark.soak
@pytest.mark.parametrize("case", CASES, ids=[str(sorted(case))[:40] for case in CASES])
def test_batch_plays_or_refuses_naming_the_field(case: dict[str, Any]) -> None:
    rules = tp.Rules(**case)
    unsupported = [name for name in case if name not in SUPPORTED_FIELDS]
    if case.get("hand_size", 3) != 3 and case.get("wild") in ("lowest", "highest"):
        unsupported.append("wild")  # V8 with V12: the wild rank is the whole hand's
    if unsupported:
        with pytest.raises(ValueError, match=r"Rules\.(" + "|".join(unsupported) + ")="):
            BatchEnv(rules, players=3)
        return
    env = BatchEnv(rules, players=3, stacks=12)
    rng = np.random.default_rng(1)
    state = env.init(seed=2, n=4)
    for _ in range(500):
        if state.terminated.all():
            break
        state = env.step(state, random_actions(rng, state.legal_action_mask))
    assert state.terminated.all()


@pytest.mark.parametrize(
    "fields", [{}, {"ranking": "muflis"}, {"wild_ranks": "AK47"}, {"hand_size": 4}], ids=str
)
def test_the_strength_table_is_evaluate_in_every_order(fields: dict[str, Any]) -> None:
    """The numpy engine's lookup (``strength_table``) holds, for three distinct cards in
    any order, the strength ``evaluate`` gives the hand (R13-R17, V9, V12's three-card
    hands, the AK47 wild ranks); -1 where a card repeats."""
    from itertools import permutations

    from teenpatti_rules.batch.backend import strength_table

    rules = tp.Rules(**fields)
    three = tp.Rules(**{**fields, "hand_size": 3})
    table = strength_table(rules)
    assert table.shape == (52, 52, 52) and not table.flags.writeable
    rng = np.random.default_rng(7)
    for _ in range(60):
        cards = [int(c) for c in rng.choice(52, size=3, replace=False)]
        hand = [tp.Card.from_index(c) for c in cards]
        want = tp.evaluate(hand, three).strength
        assert {int(table[a, b, c]) for a, b, c in permutations(cards)} == {want}
    repeats = np.arange(52)
    assert (table[repeats, repeats, :] == -1).all() and (table[:, repeats, repeats] == -1).all()
    assert (table[repeats, :, repeats] == -1).all()
