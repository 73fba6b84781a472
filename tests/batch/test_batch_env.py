"""The batch environment's contract: shapes and dtypes, purity, determinism, errors,
autoreset, and ``to_state`` rows that views, narration and JSON accept; side-pot
payouts worked out by hand from RULES.md (R18, R35, R41)."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest
from batch_helpers import (
    assert_row_equals,
    random_actions,
    reducer_action,
    reducer_start,
    state_arrays,
)

import teenpatti_rules as tp
from teenpatti_rules.batch import (
    PHASE_BETTING,
    PHASE_OVER,
    ActionId,
    BatchEnv,
    BatchState,
)
from teenpatti_rules.batch.showdown import payout
from teenpatti_rules.batch.strength import hand_strengths


def _arrays(state: BatchState) -> dict[str, np.ndarray]:
    return state_arrays(state)


def test_shapes_and_dtypes_of_a_new_batch() -> None:
    env = BatchEnv(tp.Rules(), players=5)
    s = env.init(seed=1, n=7)
    assert s.tables == 7 and s.players == 5
    assert s.legal_action_mask.shape == (7, 10) and s.legal_action_mask.dtype == bool
    assert s.stack.shape == (7, 5) and s.stack.dtype == np.int32
    assert s.cards.shape == (7, 5, 3) and s.deck.shape == (7, 52)
    assert s.current_player.shape == (7,) and s.terminated.dtype == bool
    # R9, R11: everyone posts the boot of 1 from 100 chips; the stake opens at the boot.
    assert (s.stack == 99).all() and (s.pot == 5).all() and (s.stake == 1).all()
    # R19: the first player is the dealer's left.
    assert ((s.dealer + 1) % 5 == s.current_player).all()
    # A blind first player may pack, look, chaal 1 or raise to 2 (R22-R24), nothing else.
    assert s.legal_action_mask.tolist() == [[True] * 4 + [False] * 6] * 7
    assert (s.phase == PHASE_BETTING).all() and not s.terminated.any()
    # R10: every card is dealt once per table.
    for row in range(7):
        dealt = s.cards[row].ravel().tolist()
        assert len(set(dealt)) == 15 and set(dealt) <= set(range(52))


def test_step_never_changes_its_input() -> None:
    env = BatchEnv(tp.Rules(pot_limit=30), players=4, stacks=12, autoreset=True)
    rng = np.random.default_rng(5)
    state = env.init(seed=3, n=32)
    for _ in range(60):
        before = _arrays(state)
        actions = random_actions(rng, state.legal_action_mask)
        kept = actions.copy()
        after = env.step(state, actions)
        for name, array in before.items():
            assert np.array_equal(getattr(state, name), array), name
        assert np.array_equal(actions, kept)
        with pytest.raises(ValueError):
            state.pot[0] = 1  # the arrays are read-only
        state = after


def test_the_same_seed_gives_the_same_arrays() -> None:
    env = BatchEnv(tp.Rules(), players=6, stacks=30, autoreset=True)

    def play(seed: int, n: int) -> list[dict[str, np.ndarray]]:
        rng = np.random.default_rng(11)
        state = env.init(seed=seed, n=n)
        trace = [_arrays(state)]
        for _ in range(40):
            state = env.step(state, random_actions(rng, state.legal_action_mask))
            trace.append(_arrays(state))
        return trace

    first, second = play(9, 16), play(9, 16)
    for a, b in zip(first, second, strict=True):
        for name in a:
            assert np.array_equal(a[name], b[name]), name
    other = env.init(seed=10, n=16)
    assert not np.array_equal(other.deck, env.init(seed=9, n=16).deck)
    # A table's deal does not depend on how many tables there are.
    assert np.array_equal(env.init(seed=9, n=3).deck, env.init(seed=9, n=16).deck[:3])


def test_decks_are_permutations_and_dealers_vary() -> None:
    s = BatchEnv(tp.Rules(), players=7).init(seed=4, n=500)
    assert (np.sort(s.deck, axis=1) == np.arange(52)).all()
    assert set(s.dealer.tolist()) == set(range(7))


def test_look_keeps_the_turn_and_chaal_passes_it() -> None:
    env = BatchEnv(tp.Rules(), players=3, dealer=0, stacks=50)
    s = env.init(seed=1, n=2)
    s = env.step(s, [ActionId.LOOK, ActionId.CHAAL])
    assert s.current_player.tolist() == [1, 2]  # R22: looking is not a turn
    assert s.seen[0].tolist() == [False, True, False]
    # Seen, seat 1 now bets twice the stake (R24): chaal 2 or raise to 4.
    s = env.step(s, [ActionId.RAISE, ActionId.CHAAL])
    assert s.pot.tolist() == [3 + 4, 3 + 1 + 1]
    assert s.stake.tolist() == [2, 1]  # a seen raise of 4 sets the stake to 2
    assert s.blind_bets[1].tolist() == [0, 1, 1]


def test_everyone_but_one_packs() -> None:
    env = BatchEnv(tp.Rules(), players=3, dealer=2, stacks=[10, 20, 30])
    s = env.init(seed=2, n=1)
    s = env.step(s, [ActionId.CHAAL])  # seat 0 bets 1
    s = env.step(s, [ActionId.PACK])  # seat 1
    s = env.step(s, [ActionId.PACK])  # seat 2
    # R39: seat 0 takes the pot of 3 boots + 1 without a showdown.
    assert s.terminated.tolist() == [True] and s.phase.tolist() == [PHASE_OVER]
    assert s.winnings.tolist() == [[4, 0, 0]]
    assert s.rewards.tolist() == [[2, -1, -1]]
    assert s.stack.tolist() == [[12, 19, 29]] and s.pot.tolist() == [0]
    assert s.current_player.tolist() == [-1] and s.legal_action_mask.all()
    # Without autoreset a finished table ignores its action and reports no reward.
    t = env.step(s, [ActionId.CHAAL])
    assert t.stack.tolist() == s.stack.tolist() and not t.rewards.any()


def test_autoreset_deals_the_next_hand_with_the_same_stacks() -> None:
    env = BatchEnv(tp.Rules(), players=3, stacks=[10, 20, 30], autoreset=True)
    s = env.init(seed=2, n=1)
    first_deck = s.deck.copy()
    while not s.terminated[0]:
        s = env.step(s, [ActionId.PACK])
    assert s.rewards.sum() == 0 and s.rewards.any()
    s = env.step(s, [ActionId.PACK])  # the action is ignored: the next hand is dealt
    assert not s.terminated[0] and s.hand_index.tolist() == [1]
    assert s.stack.tolist() == [[9, 19, 29]] and s.pot.tolist() == [3]
    assert not np.array_equal(first_deck, s.deck)
    assert not s.rewards.any() and s.history_length.tolist() == [0]


def test_boots_alone_reaching_the_pot_limit_go_to_a_showdown() -> None:
    # R12: with a pot limit of 4 the boots of 4 players end the betting at once.
    env = BatchEnv(tp.Rules(pot_limit=4), players=4, stacks=10)
    s = env.init(seed=8, n=50)
    assert s.terminated.all() and (s.ending == 3).all()
    assert (s.rewards.sum(axis=1) == 0).all() and (s.winnings.sum(axis=1) == 4).all()
    # The best hand at each table takes the pot, ties split (R18, R40).
    best = s.strength.max(axis=1, keepdims=True)
    assert ((s.winnings > 0) == (s.strength == best)).all()
    # Stacks equal to the boot: everyone is all-in at once (R9, R12).
    t = BatchEnv(tp.Rules(), players=3, stacks=1).init(seed=1, n=5)
    assert t.terminated.all() and (t.winnings.sum(axis=1) == 3).all()


def test_illegal_and_malformed_actions_are_refused() -> None:
    env = BatchEnv(tp.Rules(), players=3)
    s = env.init(seed=1, n=3)
    with pytest.raises(ValueError, match="not legal at table 1"):
        env.step(s, [ActionId.CHAAL, ActionId.SHOW, ActionId.CHAAL])
    with pytest.raises(ValueError, match="actions must be 3 integers"):
        env.step(s, [0, 1])
    with pytest.raises(ValueError, match="actions must be 3 integers"):
        env.step(s, np.zeros(3))
    with pytest.raises(ValueError, match=r"ids 0\.\.9"):
        env.step(s, [0, 1, 10])
    with pytest.raises(TypeError, match="BatchState"):
        env.step("state", [0, 0, 0])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"max_sit_out": 2}, "max_sit_out"),
        ({"open_table": True}, "open_table"),
    ],
)
def test_unsupported_rules_are_refused_naming_the_field(
    options: dict[str, object], field: str
) -> None:
    with pytest.raises(ValueError, match=f"Rules.{field}="):
        BatchEnv(tp.Rules(**options), players=4)  # type: ignore[arg-type]


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="players must be 3 to 7"):
        BatchEnv(tp.Rules(), players=2)
    with pytest.raises(TypeError, match="players must be an int"):
        BatchEnv(tp.Rules(), players=4.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a Rules"):
        BatchEnv("default", players=4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least the boot"):
        BatchEnv(tp.Rules(boot=2), players=3, stacks=[5, 1, 5])
    with pytest.raises(ValueError, match="shape"):
        BatchEnv(tp.Rules(), players=3, stacks=[5, 5])
    with pytest.raises(ValueError, match="dealer must be"):
        BatchEnv(tp.Rules(), players=3, dealer=3)
    env = BatchEnv(tp.Rules(), players=3)
    with pytest.raises(ValueError, match="n must be 1 to 262144 tables"):
        env.init(seed=1, n=0)
    with pytest.raises(TypeError, match="seed must be an int"):
        env.init(seed="1", n=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shape"):
        env.init(seed=1, n=2, stacks=np.full((3, 3), 10))
    with pytest.raises(IndexError):
        env.to_state(env.init(seed=1, n=2), 2)


def test_a_row_as_a_reducer_state_works_with_views_narration_and_json() -> None:
    env = BatchEnv(tp.Rules(), players=4, stacks=15)
    rng = np.random.default_rng(3)
    s = env.init(seed=5, n=4)
    while not s.terminated.all():
        s = env.step(s, random_actions(rng, s.legal_action_mask))
    narration = importlib.import_module("teenpatti_rules.text.narrate")
    for row in range(4):
        state = env.to_state(s, row)
        assert state.phase is tp.Phase.SESSION_OVER and state.result is not None
        assert [seat.stack for seat in state.seats] == s.stack[row].tolist()
        assert tp.state_from_json(tp.state_to_json(state)) == state
        spectators = tp.view(state, None)
        assert spectators.seed is None
        assert narration.describe_hand(state)
        deck = [tp.Card.from_index(int(c)) for c in s.deck[row]]
        first_hand = state.seats[(int(s.dealer[row]) + 1) % 4].cards
        assert list(first_hand) == [deck[0], deck[4], deck[8]]  # R10


def test_payout_worked_by_hand() -> None:
    # RULES R41 with contributions [9, 3, 6, 5, 13]: seats 1 and 2 all-in, 0 and 3
    # packed. Slices: up to 3 (5 x 3 = 15, seats 1, 2, 4), 3..6 (3+3+2+3 = 11, seats
    # 2, 4), above 6 (3 + 7 = 10, seat 4).
    contributed = np.array([[9, 3, 6, 5, 13]]).T
    in_hand = np.array([[False, True, True, False, True]]).T
    all_in = np.array([[False, True, True, False, False]]).T
    dealer, nobody = np.array([0]), np.array([-1])
    # Seat 1 best, then seat 2, then seat 4: 15, 11 and 10.
    strength = np.array([[0, 700, 600, 0, 500]]).T
    won = payout(contributed, in_hand, all_in, strength, dealer, nobody)
    assert won[:, 0].tolist() == [0, 15, 11, 0, 10]
    # Seat 4 best: it takes all 36.
    strength = np.array([[0, 500, 600, 0, 700]]).T
    won = payout(contributed, in_hand, all_in, strength, dealer, nobody)
    assert won[:, 0].tolist() == [0, 0, 0, 0, 36]
    # Seats 1, 2 and 4 tie: 15 split 5 each; 11 split 6/5 to seats 2 and 4, the odd
    # chip to the first from the dealer's left (dealer 3: seat 4 first, R18); 10 to 4.
    strength = np.array([[0, 600, 600, 0, 600]]).T
    won = payout(contributed, in_hand, all_in, strength, np.array([3]), nobody)
    assert won[:, 0].tolist() == [0, 5, 5 + 5, 0, 5 + 6 + 10]


def test_payout_show_tie_goes_to_the_player_who_did_not_ask() -> None:
    # R35: two players left, equal hands, seat 0 asked for the show.
    contributed = np.array([[5, 4, 3]]).T
    in_hand = np.array([[True, True, False]]).T
    all_in = np.zeros((3, 1), dtype=bool)
    strength = np.array([[300, 300, 0]]).T
    won = payout(contributed, in_hand, all_in, strength, np.array([2]), np.array([0]))
    assert won[:, 0].tolist() == [0, 12, 0]
    # An ordinary showdown splits: 12 = 6 + 6 (R18, R40).
    won = payout(contributed, in_hand, all_in, strength, np.array([2]), np.array([-1]))
    assert won[:, 0].tolist() == [6, 6, 0]


@pytest.mark.parametrize(
    "options",
    [{}, {"sequence_order": "classic"}, {"suit_order": "shdc"}, {"suit_order": "dchs"}],
)
def test_hand_strengths_are_the_reducers_showdown_keys(options: dict[str, str]) -> None:
    # R13-R17, V1, V7: what the batch compares equals ranking.showdown_key.
    rules = tp.Rules(**options)  # type: ignore[arg-type]
    rng = np.random.default_rng(7)
    cards = np.argsort(rng.random((300, 52)), axis=1)[:, :12].reshape(300, 4, 3)
    keys = hand_strengths(cards, rules)
    assert keys.shape == (4, 300)
    for row in range(300):
        for seat in range(4):
            hand = [tp.Card.from_index(int(c)) for c in cards[row, seat]]
            assert keys[seat, row] == tp.showdown_key(hand, rules)


def test_more_than_eight_seats() -> None:
    # V6: ten seats take the general seat questions instead of the lookup tables.
    rules = tp.Rules(min_players=3, max_players=10)
    env = BatchEnv(rules, players=10, stacks=6, dealer=9)
    rng = np.random.default_rng(1)
    s = env.init(seed=1, n=16)
    assert (s.current_player == 0).all()  # R19: the dealer's left
    states = [reducer_start(rules, s, i) for i in range(16)]
    for _ in range(200):
        if s.terminated.all():
            break
        actions = random_actions(rng, s.legal_action_mask)
        before = s
        s = env.step(s, actions)
        for i in range(16):
            if not before.terminated[i]:
                states[i] = tp.apply(states[i], reducer_action(states[i], int(actions[i])))
                assert_row_equals(s, i, states[i])
    assert s.terminated.all()


def test_huge_stacks_are_refused_not_wrapped() -> None:
    """D5: 3 × 2**62 wrapped the int64 sum to a negative total (stacks of -1 were
    played); uint64 stacks above 2**63 wrapped too. Both are refused, naming the bound."""
    with pytest.raises(ValueError, match="total less than"):
        BatchEnv(tp.Rules(), players=3, stacks=[2**62] * 3)
    huge = np.full((2, 3), 2**63 + 5, dtype=np.uint64)
    env = BatchEnv(tp.Rules(), players=3)
    with pytest.raises(ValueError, match="total less than"):
        env.init(seed=1, n=2, stacks=huge)
    with pytest.raises(ValueError, match="total less than"):
        env.init(seed=1, n=1, stacks=np.array([[2**62, 2**62, 2**62]], dtype=np.int64))


def test_the_table_count_is_bounded_before_allocating() -> None:
    """D9: ``init(1, 10**9)`` tried to allocate 7.45 GiB; n above the documented
    maximum is refused at once."""
    from teenpatti_rules.batch import MAX_BATCH_TABLES

    env = BatchEnv(tp.Rules(), players=3)
    with pytest.raises(ValueError, match=f"n must be 1 to {MAX_BATCH_TABLES}"):
        env.init(seed=1, n=10**9)
    with pytest.raises(ValueError, match="n must be 1 to"):
        env.init(seed=1, n=MAX_BATCH_TABLES + 1)


def test_another_environments_state_is_refused_clearly() -> None:
    """D24: a state of a 5-seat environment stepped by a 3-seat one raised numpy's
    broadcast error; now a ValueError naming the mismatched field."""
    five = BatchEnv(tp.Rules(), players=5).init(seed=1, n=4)
    three = BatchEnv(tp.Rules(), players=3)
    with pytest.raises(ValueError, match="not a state of this environment: seat_stack"):
        three.step(five, np.zeros(4, dtype=np.int64))
    with pytest.raises(ValueError, match="not a state of this environment"):
        three.to_state(five, 0)
    broken = five.replace(pot=np.zeros(3, dtype=np.int32))
    with pytest.raises(ValueError, match="not a state of this environment"):
        BatchEnv(tp.Rules(), players=5).step(broken, np.zeros(3, dtype=np.int64))


def test_to_state_takes_a_numpy_table_number_and_refuses_a_bool() -> None:
    """A row number from ``np.flatnonzero`` reads the same table as the int; a bool, a
    float or a number outside ``0..n-1`` is refused by name."""
    env = BatchEnv(tp.Rules(), 3, backend="numpy")
    batch = env.init(seed=2, n=3)
    assert env.to_state(batch, np.int64(2)) == env.to_state(batch, 2)
    cases: list[tuple[Any, type[Exception]]] = [
        (True, TypeError),
        (np.bool_(False), TypeError),
        (2.0, TypeError),
        (np.int32(3), IndexError),
        (-1, IndexError),
    ]
    for bad, error in cases:
        with pytest.raises(error, match="index must be"):
            env.to_state(batch, bad)
