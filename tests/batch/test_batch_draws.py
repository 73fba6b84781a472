"""V20 draws in the batch engine (both backends), worked out by hand from RULES.md V20,
R19, R22, R37, V15 and the encoding's DRAW ids (``DRAW_0 DRAW_1 DRAW_2 DRAW_01 DRAW_02
DRAW_12`` after the ten fixed ids with ``max_draws=2``; ``DRAW_012`` too from
``max_draws=3``; position ``p`` is the ``p``-th of the drawer's cards in ascending card
index). The replacements are read off each table's deck (``BatchState.deck``, the deck
the reducer is handed): the hands take its first ``3·P`` cards, each drawn card the
next one. Every test runs on the numpy engine and, when numba is installed, on the
compiled kernel.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import numpy as np
import pytest
from batch_helpers import NUMBA, each_backend  # noqa: F401  (each_backend: a fixture, used by name)

import teenpatti_rules as tp
from teenpatti_rules.batch import ActionId, BatchEnv, BatchState
from teenpatti_rules.ranking import evaluate

PACK, LOOK, CHAAL = int(ActionId.PACK), int(ActionId.LOOK), int(ActionId.CHAAL)
DRAW_0, DRAW_1, DRAW_2, DRAW_01, DRAW_02, DRAW_12, DRAW_012 = range(10, 17)
TABLES = 6
BACKEND = "numpy"
"""The backend of the test running (set by the ``each_backend`` fixture)."""

pytestmark = pytest.mark.usefixtures("each_backend")  # every test on both backends


def _env(rules: tp.Rules, players: int = 3, stacks: object = 20) -> BatchEnv:
    return BatchEnv(rules, players, stacks=stacks, dealer=0, backend=BACKEND)  # type: ignore[arg-type]


def _all(action: int) -> np.ndarray:
    return np.full(TABLES, action)


def _draw_ids(state: BatchState) -> list[list[int]]:
    """Per table, the legal ids from 10 on (the DRAW ids)."""
    return [np.flatnonzero(row[10:]).tolist() for row in state.legal_action_mask]


def _draw_one(
    env: BatchEnv, s: BatchState, action: int, chosen: Callable[[list[int]], int], at: int
) -> BatchState:
    """Seat 1 draws one card on every table (V20): the card ``chosen`` picks from its
    hand (``min`` for DRAW_0, ``max`` for DRAW_2: positions in ascending card index) is
    replaced in place by the deck's card at index ``at``. Returns the state after."""
    after = env.step(s, _all(action))
    for i in range(TABLES):
        own = s.cards[i, 1].tolist()
        want = [int(after.deck[i, at]) if card == chosen(own) else card for card in own]
        assert after.cards[i, 1].tolist() == want
    return after


def test_a_draw_replaces_the_chosen_cards_in_place_and_pays_per_card() -> None:
    """Seat 1 (first to act, R19) looks (R22), then DRAW_02 discards its lowest and
    highest cards by index: their places in its cards get the deck's cards 9 and 10
    (3 seats × 3 cards dealt), the first new card the first discarded place; it pays
    2 chips a card into the pot, the stake stays and the turn passes to seat 2 (V20)."""
    env = _env(tp.Rules(draw_price=2, max_draws=2))
    assert env.num_actions == 16 and env.backend == BACKEND
    s = env.init(seed=3, n=TABLES)
    assert _draw_ids(s) == [[]] * TABLES  # blind: no draw (V20: a seen player)
    s = env.step(s, _all(LOOK))
    assert _draw_ids(s) == [[0, 1, 2, 3, 4, 5]] * TABLES  # stack 19: two cards cost 4
    before = s
    s = env.step(s, _all(DRAW_02))
    for i in range(TABLES):
        own = [int(c) for c in before.cards[i, 1]]
        low, high = min(own), max(own)
        deck = s.deck[i].tolist()
        fresh = iter(deck[9:11])
        want = [next(fresh) if card in (low, high) else card for card in own]
        assert s.cards[i, 1].tolist() == want
        assert s.cards[i, 0].tolist() == before.cards[i, 0].tolist()
        assert s.strength[i, 1] == evaluate(tuple(tp.Card.from_index(c) for c in want)).strength
    assert s.pot.tolist() == [3 + 4] * TABLES
    assert s.stack[:, 1].tolist() == [19 - 4] * TABLES
    assert s.contributed[:, 1].tolist() == [5] * TABLES
    assert s.stake.tolist() == [1] * TABLES
    assert s.current_player.tolist() == [2] * TABLES
    assert s.drawn is not None and s.drawn[:, 1].tolist() == [2] * TABLES
    assert s.turns[:, 1].tolist() == [1] * TABLES  # a draw is a turn (V15)
    assert s.stake_bets[:, 1].tolist() == [0] * TABLES  # not a bet (V14)
    assert s.row_history(0) == [LOOK, DRAW_02]
    s = env.step(s, _all(CHAAL))  # seat 2, blind
    s = env.step(s, _all(CHAAL))  # seat 0, blind
    assert s.current_player.tolist() == [1] * TABLES
    assert _draw_ids(s) == [[]] * TABLES  # its two cards drawn (max_draws=2)
    for i in range(TABLES):
        assert env.to_state(s, i).seats[1].cards == tuple(
            tp.Card.from_index(int(c)) for c in s.cards[i, 1]
        )


def test_the_price_must_leave_a_chip() -> None:
    """Seat 1 holds 3 chips after its boot: one card at 2 chips leaves a chip, two
    cards (4 chips) do not fit (V20)."""
    env = _env(tp.Rules(draw_price=2), stacks=[20, 4, 20])
    s = env.step(env.init(seed=5, n=TABLES), _all(LOOK))
    assert _draw_ids(s) == [[0, 1, 2]] * TABLES
    s = env.step(s, _all(DRAW_1))
    assert s.stack[:, 1].tolist() == [1] * TABLES
    assert not s.all_in[:, 1].any()


def test_draws_stop_when_the_deck_runs_out() -> None:
    """17 seats are dealt 51 cards: one card is left, so only the one-card ids are
    legal, the drawer gets the deck's last card, and then nobody may draw (V20)."""
    rules = tp.Rules(draw_price=1, max_draws=3, max_players=17)
    env = _env(rules, players=17)
    assert env.num_actions == 17
    s = env.step(env.init(seed=8, n=TABLES), _all(LOOK))
    assert _draw_ids(s) == [[0, 1, 2]] * TABLES
    s = _draw_one(env, s, DRAW_2, max, 51)  # its highest card, for the deck's last
    s = env.step(s, _all(LOOK))  # seat 2 looks
    assert _draw_ids(s) == [[]] * TABLES


def test_more_than_three_draws_draw_again_among_drawn_cards() -> None:
    """With ``max_draws=4`` a seat may discard all three cards (DRAW_012) and later one
    more, any of its cards (V20)."""
    env = _env(tp.Rules(draw_price=1, max_draws=4))
    assert env.num_actions == 17
    s = env.step(env.init(seed=9, n=TABLES), _all(LOOK))
    assert _draw_ids(s) == [list(range(7))] * TABLES
    s = env.step(s, _all(DRAW_012))
    assert s.cards[:, 1].tolist() == s.deck[:, 9:12].tolist()
    s = env.step(env.step(s, _all(CHAAL)), _all(CHAAL))  # seats 2 and 0, blind
    assert _draw_ids(s) == [[0, 1, 2]] * TABLES  # one card left to draw
    s = _draw_one(env, s, DRAW_0, min, 12)  # its lowest, for the card after 9 dealt + 3 drawn
    assert s.drawn is not None and s.drawn[:, 1].tolist() == [4] * TABLES


def _winners(s: BatchState, i: int, seats: list[int]) -> set[int]:
    best = max(int(s.strength[i, p]) for p in seats)
    return {p for p in seats if int(s.strength[i, p]) == best}


def test_a_draw_counts_for_the_turn_limit() -> None:
    """V15 with ``max_turns=1``: seat 1 looks and draws (its turn), seats 2 and 0
    call: every bettor took one turn, an ordinary showdown (ending 5) of the hands as
    they are after the draw, ties split."""
    env = _env(tp.Rules(draw_price=1, max_turns=1))
    s = env.step(env.init(seed=4, n=TABLES), _all(LOOK))
    s = env.step(s, _all(DRAW_01))
    assert not s.terminated.any()
    s = env.step(env.step(s, _all(CHAAL)), _all(CHAAL))
    assert s.terminated.all() and s.ending.tolist() == [5] * TABLES
    for i in range(TABLES):
        strengths = [
            evaluate(tuple(tp.Card.from_index(int(c)) for c in s.cards[i, p])).strength
            for p in range(3)
        ]
        assert s.strength[i].tolist() == strengths
        won = {p for p in range(3) if s.winnings[i, p] > 0}
        assert won == _winners(s, i, [0, 1, 2])
        assert int(s.winnings[i].sum()) == 3 + 2 + 1 + 1  # boots, the draw, two calls


def test_a_draw_that_brings_the_pot_to_the_limit_ends_in_a_showdown() -> None:
    """R37 applies to a draw's payment (V20): boots 3, a one-card draw at 3 chips makes
    the pot 6 = ``pot_limit``: every hand still in is shown (ending 3)."""
    env = _env(tp.Rules(draw_price=3, pot_limit=6))
    s = env.step(env.step(env.init(seed=6, n=TABLES), _all(LOOK)), _all(DRAW_1))
    assert s.terminated.all() and s.ending.tolist() == [3] * TABLES
    for i in range(TABLES):
        won = {p for p in range(3) if s.winnings[i, p] > 0}
        assert won == _winners(s, i, [0, 1, 2])
        assert int(s.winnings[i].sum()) == 6


def test_autoreset_deals_a_fresh_hand_with_nothing_drawn() -> None:
    """After a hand with draws, the next hand (autoreset) starts with no cards drawn
    and its own deck (V20, R10)."""
    rules = tp.Rules(draw_price=1)
    env = BatchEnv(rules, 3, stacks=20, dealer=0, autoreset=True, backend=BACKEND)
    s = env.step(env.step(env.init(seed=2, n=TABLES), _all(LOOK)), _all(DRAW_0))
    s = env.step(s, _all(PACK))
    s = env.step(s, _all(PACK))
    assert s.terminated.all()
    s = env.step(s, _all(PACK))
    assert s.drawn is not None and not s.drawn.any() and (s.hand_index == 1).all()
    for i in range(TABLES):  # R10: seat (0 + 1 + j) % 3 gets deck[j], deck[j + 3], deck[j + 6]
        for p in range(3):
            j = (p - 1) % 3
            assert s.cards[i, p].tolist() == [int(s.deck[i, j + 3 * k]) for k in range(3)]


def test_auto_picks_the_kernel_for_draws() -> None:
    """The compiled kernel plays V20: ``backend="auto"`` picks it when numba is
    installed (numpy otherwise), and so does the vector env, whose alphabet ends with
    the 6 DRAW ids of ``max_draws=2`` (16 ids)."""
    rules = tp.Rules(draw_price=1)
    expected = "numba" if NUMBA else "numpy"
    assert BatchEnv(rules, players=4).backend == expected
    assert BatchEnv(rules, players=4, backend=BACKEND).num_actions == 16
    if importlib.util.find_spec("gymnasium") is not None:
        import gymnasium

        from teenpatti_rules.batch.vector import BatchVectorEnv

        envs = BatchVectorEnv(rules, players=3, num_envs=2)
        assert envs.batch.backend == expected
        assert envs.single_action_space == gymnasium.spaces.Discrete(16)


def test_a_state_without_its_draw_counts_is_refused() -> None:
    """A draw table's state carries ``seat_drawn``; one without it (another table's,
    or tampered with) is refused naming the field."""
    env = _env(tp.Rules(draw_price=1))
    s = env.init(seed=1, n=2)
    broken = s.replace(seat_drawn=None)
    with pytest.raises(ValueError, match="seat_drawn"):
        env.step(broken, np.full(2, LOOK))
