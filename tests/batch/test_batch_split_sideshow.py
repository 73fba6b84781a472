"""V17 ``sideshow_split=True`` in the batch engine (both backends), worked out by hand
from RULES.md V17, R21, R24, R30, R31, R37, R38 and R41.

Three seats, dealer 0, boot 1: seat 1 acts first (R19). Seats 1 and 2 look and call
2 chips (R24: seen minimum = twice the stake 1); seat 0 looks and asks its previous
player, seat 2 (R21), with a chaal of 2 (SIDESHOW) or 4 (SIDESHOW_RAISE), paying half
of it now; the asked player pays the other half on accepting, the asker on a refusal.
"""

from __future__ import annotations

import numpy as np
import pytest
from batch_helpers import NUMBA, each_backend  # noqa: F401  (each_backend: a fixture, used by name)

import teenpatti_rules as tp
from teenpatti_rules.batch import ActionId, BatchEnv, BatchState

LOOK, CHAAL = int(ActionId.LOOK), int(ActionId.CHAAL)
SIDESHOW, SIDESHOW_RAISE = int(ActionId.SIDESHOW), int(ActionId.SIDESHOW_RAISE)
ACCEPT, REFUSE = int(ActionId.ACCEPT), int(ActionId.REFUSE)
TABLES = 6
BACKEND = "numpy"
"""The backend of the test running (set by the ``each_backend`` fixture)."""

pytestmark = pytest.mark.usefixtures("each_backend")  # every test on both backends


def _all(action: int) -> np.ndarray:
    return np.full(TABLES, action)


def _asked(rules: tp.Rules, ask: int, stacks: object = 20) -> tuple[BatchEnv, BatchState]:
    """The state after seats 1 and 2 look and call and seat 0 looks and asks."""
    env = BatchEnv(rules, 3, stacks=stacks, dealer=0, backend=BACKEND)  # type: ignore[arg-type]
    s = env.init(seed=12, n=TABLES)
    for action in (LOOK, CHAAL, LOOK, CHAAL, LOOK, ask):
        s = env.step(s, _all(action))
    return env, s


def test_the_asker_pays_half_and_the_stake_is_set_by_the_whole_chaal() -> None:
    """SIDESHOW_RAISE names 4 chips: seat 0 pays 2 (19 → 17), the pot 3 + 2 + 2 + 2 =
    9, the stake becomes 4 / 2 = 2 as for a seen chaal of 4 (V17, R24); seat 2 is asked."""
    _, s = _asked(tp.Rules(sideshow_split=True), SIDESHOW_RAISE)
    assert s.stack[:, 0].tolist() == [17] * TABLES
    assert s.pot.tolist() == [9] * TABLES
    assert s.stake.tolist() == [2] * TABLES
    assert s.current_player.tolist() == [2] * TABLES and s.asker.tolist() == [0] * TABLES
    assert s.legal_action_mask[:, [ACCEPT, REFUSE]].all()


def test_accepting_pays_the_other_half_and_the_lower_hand_packs() -> None:
    """ACCEPT: seat 2 pays 1 (17 → 16), the pot 8 + 1 = 9; the lower hand of seats 0
    and 2 packs, seat 0 (the asker) on a tie (R31); seat 1 is next (the asker's left)."""
    env, s = _asked(tp.Rules(sideshow_split=True), SIDESHOW)
    assert s.pot.tolist() == [8] * TABLES and s.stack[:, 0].tolist() == [18] * TABLES
    t = env.step(s, _all(ACCEPT))
    assert t.stack[:, 2].tolist() == [16] * TABLES
    assert t.contributed[:, 2].tolist() == [4] * TABLES  # boot, call, half (R41)
    assert t.pot.tolist() == [9] * TABLES
    for i in range(TABLES):
        asker_wins = int(s.strength[i, 0]) > int(s.strength[i, 2])
        assert t.in_hand[i].tolist() == [asker_wins, True, not asker_wins]
    assert t.current_player.tolist() == [1] * TABLES


def test_refusing_makes_the_asker_pay_the_other_half() -> None:
    """REFUSE: seat 0 pays its other 1 (18 → 17), the pot 9; both stay in (R31)."""
    env, s = _asked(tp.Rules(sideshow_split=True), SIDESHOW)
    t = env.step(s, _all(REFUSE))
    assert t.stack[:, 0].tolist() == [17] * TABLES
    assert t.stack[:, 2].tolist() == [17] * TABLES
    assert t.pot.tolist() == [9] * TABLES
    assert t.in_hand.all() and t.current_player.tolist() == [1] * TABLES


def test_accepting_needs_a_stack_above_the_half() -> None:
    """Seat 2 starts with 4 chips: after its boot and call it holds 1, not above the
    half (1) of a chaal of 2: it may only refuse (V17)."""
    _, s = _asked(tp.Rules(sideshow_split=True), SIDESHOW, stacks=[20, 20, 4])
    assert s.current_player.tolist() == [2] * TABLES
    assert not s.legal_action_mask[:, ACCEPT].any()
    assert s.legal_action_mask[:, REFUSE].all()


@pytest.mark.parametrize("answer", [ACCEPT, REFUSE])
def test_a_half_that_reaches_the_pot_limit_ends_in_a_showdown(answer: int) -> None:
    """``pot_limit=9``: the second half brings the pot from 8 to 9. Accepted: the
    sideshow is cancelled, no comparison, every hand still in is shown (R38 by V17);
    refused: R37 ends the betting. Either way an ordinary showdown (ending 3) of the
    three hands, ties split."""
    env, s = _asked(tp.Rules(sideshow_split=True, pot_limit=9), SIDESHOW)
    t = env.step(s, _all(answer))
    assert t.terminated.all() and t.ending.tolist() == [3] * TABLES
    for i in range(TABLES):
        best = max(int(t.strength[i, p]) for p in range(3))
        winners = {p for p in range(3) if int(t.strength[i, p]) == best}
        assert {p for p in range(3) if t.winnings[i, p] > 0} == winners
        assert int(t.winnings[i].sum()) == 9


def test_auto_picks_the_kernel_for_split_sideshows() -> None:
    """The compiled kernel plays V17's split sideshows: ``backend="auto"`` picks it
    when numba is installed."""
    rules = tp.Rules(sideshow_split=True)
    assert BatchEnv(rules, players=4).backend == ("numba" if NUMBA else "numpy")
