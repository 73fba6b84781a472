"""Sessions at the batch tables (``BatchEnv(..., sessions=True)``) against the reducer.

Each row is driven in parallel with a reducer session (``new_session`` + ``apply``),
with random legal ids, over many hands and several sessions: the hand-ending action,
then ``Deal`` by the reducer's own button (R5, V21) with the row's deck, and a new
``new_session`` once the reducer's session is over (R2, R8). After every step the row
equals the reducer field by field (stacks, in_session, dealer, hand number, pot, stake,
actor, the seats, placings and winners, V19) and ``to_state`` equals (``==``) the
reducer's whole state: its turn number (S9) and, while the next hand is played, the last
hand's ``result`` too. Both backends play in lockstep: the kernel's state equals the
numpy engine's, field by field, after every step (the reducer is played once for both).
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest
from batch_helpers import (
    assert_same_state,
    first_draw_id,
    random_actions,
    reducer_action,
    reducer_ids,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.codes import ENDING_PACKED, ENDING_SHOW
from teenpatti_rules.batch.session import SessionBatchState
from teenpatti_rules.batch.session_replay import reducer_deck

NUMBA = importlib.util.find_spec("numba") is not None
BACKENDS = [
    "numpy",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(not NUMBA, reason="numba is not installed (the fast extra)"),
    ),
]

TABLES = 6


@st.composite
def session_tables(draw: st.DrawFn) -> dict[str, Any]:
    """Random session tables: small stacks (sessions end within a few hands), V13
    dealer boots, V18 schedules, V21 winner's button, R2 hand limits, and a few
    other options whose deck use the session's deal must keep (V8 indicators, V16
    open flushes, V20 draws), V22 forced blinds and V3 sizings."""
    players = draw(st.integers(3, 7))
    boot = draw(st.integers(1, 3))
    options: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "dealer_boots": st.integers(2, 3),  # V13
                "button": st.just("winner"),  # V21
                "boot_schedule": st.just(((1, boot), (2, boot + 1), (4, 3 * boot))),  # V18
                "hand_limit": st.integers(1, 6),  # R2
                "wild": st.sampled_from(["joker", "hukam"]),  # V8 W5
                "ties": st.just("open_flush"),  # V16
                "draw_price": st.integers(1, 2),  # V20
                "forced_blinds": st.sampled_from(["dealer", "small_big"]),  # V22
                "bet_sizing": st.sampled_from(["range", "no_limit"]),  # V3
                "pot_limit": st.integers(boot * players, 60),  # R37
                "max_turns": st.integers(1, 4),  # V15
            },
        )
    )
    try:
        rules = tp.Rules(boot=boot, **options)
    except ValueError:
        rules = tp.Rules(boot=boot)
    return {
        "rules": rules,
        "players": players,
        "seed": draw(st.integers(0, 2**40)),
        "big": draw(st.sampled_from([2, 4, 10])),
        "dealer": draw(st.none() | st.integers(0, players - 1)),
        "pack_weight": draw(st.sampled_from([0.05, 0.3, 1.0])),
    }


def _deal(state: tp.State, batch: SessionBatchState, i: int) -> tp.State:
    """The reducer deals the row's hand: its own button's seat deals (R5, R6) the
    row's deck."""
    return tp.apply(state, tp.Deal(state.dealer, reducer_deck(batch, i, state.rules)))


def _new_session(rules: tp.Rules, batch: SessionBatchState, i: int, stacks: list[int]) -> tp.State:
    """A reducer session for row ``i``: its seed is the table's key, its first dealer
    the row's (drawn or fixed, R5), its stacks ``stacks`` (R4)."""
    session = tp.new_session(
        [f"P{p}" for p in range(batch.players)],
        rules,
        seed=int(batch.table_key[i]),
        dealer=int(batch.dealer[i]),
        stacks=stacks,
    )
    return _deal(session, batch, i)


def assert_row(batch: SessionBatchState, i: int, state: tp.State, ended_now: bool) -> None:
    """Row ``i`` equals the reducer's session ``state``, field by field."""
    where = f"table {i}"
    between = state.phase in (tp.Phase.AWAITING_DEAL, tp.Phase.SESSION_OVER)
    assert bool(batch.terminated[i]) == between, where
    assert bool(batch.session_over[i]) == (state.phase is tp.Phase.SESSION_OVER), where
    assert int(batch.hand_number[i]) == state.hand_number, where
    assert batch.in_session[i].tolist() == [s.in_session for s in state.seats], where
    assert int(batch.pot[i]) == state.pot, where
    assert int(batch.stake[i]) == state.stake, where
    assert batch.placings(i) == state.placings, where
    assert batch.session_winners(i) == state.session_winners, where
    if between:
        assert state.result is not None
        assert int(batch.dealer[i]) == state.result.dealer, where
        assert int(batch.current_player[i]) == -1, where
        won = {p: int(c) for p, c in enumerate(batch.winnings[i]) if c}
        assert won == dict(state.result.winnings), where
        start = batch.start_stack[i]
        net = [state.seats[p].stack - int(start[p]) for p in range(batch.players)]
        assert batch.rewards[i].tolist() == (net if ended_now else [0] * batch.players), where
    else:
        assert int(batch.dealer[i]) == state.dealer, where
        assert state.actor is not None and int(batch.current_player[i]) == state.actor, where
        width = batch.legal_action_mask.shape[1]
        ids = reducer_ids(state)
        assert batch.legal_action_mask[i].tolist() == [a in ids for a in range(width)], where
    for p, seat in enumerate(state.seats):
        got = (
            int(batch.stack[i, p]),
            bool(batch.in_hand[i, p]),
            bool(batch.seen[i, p]),
            bool(batch.all_in[i, p]),
            int(batch.contributed[i, p]),
        )
        want = (seat.stack, seat.in_hand, seat.seen, seat.all_in, seat.contributed)
        assert got == want, f"{where} seat {p}: {got} != {want}"
        if seat.cards and not between:
            assert tuple(int(c) for c in batch.cards[i, p]) == tuple(
                card.index for card in seat.cards
            ), where


LOCKSTEP = ("numpy", "numba") if NUMBA else ("numpy",)
"""The backends :func:`run` plays side by side: numpy, and the compiled kernel when
numba is installed."""


def run(
    table: dict[str, Any], steps: int, tables: int = TABLES, backends: tuple[str, ...] = LOCKSTEP
) -> tuple[int, int]:
    """Play ``steps`` steps at ``tables`` rows against reducer sessions on each of
    ``backends`` in lockstep (the same ids every step); returns how many hands and
    sessions ended.

    The first backend's rows are checked against the reducer sessions field by field
    and by ``to_state``; every other backend's state equals the first's, array by array
    (:func:`batch_helpers.assert_same_state`), after every step, and its ``to_state``
    equals the reducer's where a hand ends: each backend's rows equal the reducer's,
    which is played once for all of them (the reducer is the slow side)."""
    rules, players = table["rules"], table["players"]
    rng = np.random.default_rng(table["seed"])
    first = rng.integers(rules.leaving_stack, rules.boot * table["big"] + 1, (tables, players))
    envs = [
        BatchEnv(
            rules,
            players,
            stacks=rules.boot * table["big"],
            autoreset=True,
            sessions=True,
            dealer=table["dealer"],
            backend=backend,
        )
        for backend in backends
    ]
    assert [env.backend for env in envs] == list(backends)
    env = envs[0]
    later = [int(chips) for chips in env.stacks]
    batches = [each.init(seed=table["seed"], n=tables, stacks=first) for each in envs]
    batch = batches[0]
    assert isinstance(batch, SessionBatchState)
    for other, name in zip(batches[1:], backends[1:], strict=True):
        assert isinstance(other, SessionBatchState)
        assert_same_state(other, batch, f"{name} at the deal")
    states = [_new_session(rules, batch, i, [int(c) for c in first[i]]) for i in range(tables)]
    hands = sessions = 0
    for i in range(tables):
        assert_row(batch, i, states[i], ended_now=True)
        for each, b in zip(envs, batches, strict=True):
            assert each.to_state(b, i) == states[i], f"table {i} ({each.backend})"
    for step in range(steps):
        actions = random_actions(rng, batch.legal_action_mask, table["pack_weight"])
        before = batch
        batches = [each.step(b, actions) for each, b in zip(envs, batches, strict=True)]
        batch = batches[0]
        assert isinstance(batch, SessionBatchState)
        for other, name in zip(batches[1:], backends[1:], strict=True):
            assert isinstance(other, SessionBatchState)
            assert_same_state(other, batch, f"{name} after step {step}")
        for i in range(tables):
            if not before.terminated[i]:
                states[i] = tp.apply(states[i], reducer_action(states[i], int(actions[i])))
            elif states[i].phase is tp.Phase.SESSION_OVER:  # the next step: a new session
                sessions += 1
                assert int(batch.hand_number[i]) == 1
                states[i] = _new_session(rules, batch, i, later)
            else:  # the session's next hand, dealt by the reducer's button (R5, V21)
                states[i] = _deal(states[i], batch, i)
            assert_row(batch, i, states[i], ended_now=True)
            hands += bool(batch.terminated[i])
            assert env.to_state(batch, i) == states[i], f"table {i}"
            if batch.terminated[i] and not before.terminated[i]:
                for each, b in zip(envs[1:], batches[1:], strict=True):
                    assert each.to_state(b, i) == states[i], f"table {i} ({each.backend})"
    return hands, sessions


@pytest.mark.soak
@given(table=session_tables())
def test_every_row_plays_the_reducers_session(table: dict[str, Any]) -> None:
    """Steps per example: the profile's ``stateful_step_count``, each checking every
    row against its reducer session (R2, R4-R9, V13, V18, V19, V21), on both backends
    in lockstep (the compiled kernel plays the betting, the session code the deals)."""
    run(table, steps=settings().stateful_step_count)


@pytest.mark.soak(traced=("options1", "options4"))
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"button": "winner", "dealer_boots": 2},  # V21, V13
        {"boot_schedule": ((1, 1), (2, 2), (3, 4))},  # V18: out only at 0 chips
        {"hand_limit": 3},  # R2, R8: the biggest stacks win at the limit
        {"wild": "joker", "ties": "open_flush"},  # V8 W5, V16: the rest of the deck
        {"draw_price": 1, "max_blind_bets": 0},  # V20: draws from the rest of the deck
    ],
)
def test_sessions_end_and_restart_as_the_reducers(options: dict[str, Any]) -> None:
    """Short stacks at five seats: many players leave, several sessions end and new
    ones start (R7, R8, V19), each row equal to its reducer session after every step."""
    table = {
        "rules": tp.Rules(**options),
        "players": 5,
        "seed": 3,
        "big": 3,
        "dealer": None,
        "pack_weight": 0.3,
    }
    hands, sessions = run(table, steps=2 * settings().stateful_step_count)
    assert hands > sessions > 0


def test_all_in_boots_end_the_session_at_the_deal() -> None:
    """Stacks of one boot: every seat posts it and is all-in (R9), the hand goes to a
    showdown at the deal (R12); the losers, with 0 chips, leave (R7) and the winner is
    the last player: the session is over (R8). V19: the winner first, then the two
    leavers of hand 1, who started it with equal stacks, sharing second place."""
    env = BatchEnv(tp.Rules(), 3, stacks=1, autoreset=True, sessions=True, backend="numpy")
    batch = env.init(seed=5, n=16)
    assert isinstance(batch, SessionBatchState)
    for i in range(16):
        assert batch.terminated[i] and int(batch.hand_number[i]) == 1
        won = batch.winnings[i].tolist()
        if sorted(won) != [0, 0, 3]:
            continue  # a split showdown: players with 1 chip stay in
        winner = won.index(3)
        others = tuple(p for p in range(3) if p != winner)
        assert bool(batch.session_over[i])
        assert batch.in_session[i].tolist() == [p == winner for p in range(3)]
        assert batch.placings(i) == ((winner,), others)
        assert batch.session_winners(i) == (winner,)
        assert batch.rewards[i].tolist() == [2 if p == winner else -1 for p in range(3)]
        assert batch.left_hand[i].tolist() == [0 if p == winner else 1 for p in range(3)]
    after = env.step(batch, np.zeros(16, dtype=np.int64))
    assert isinstance(after, SessionBatchState)
    assert after.hand_number.tolist() == [1 if over else 2 for over in batch.session_over.tolist()]
    over = batch.session_over
    assert (after.start_stack[over] == 1).all()  # a new session: every seat's stack (R4)
    assert (after.hand_number[over] == 1).all()


def test_next_hand_moves_the_button_and_takes_the_schedules_boot() -> None:
    """Hand 1 ends when its first player packs... until one is left (R39); the next
    step deals hand 2: the button moves to the old dealer's left (R5), every player
    posts hand 2's scheduled boot (V18: 5), the dealer twice it (V13), stacks carry
    over."""
    rules = tp.Rules(boot_schedule=((1, 1), (2, 5)), dealer_boots=2)
    env = BatchEnv(rules, 4, stacks=50, autoreset=True, sessions=True, dealer=1)
    batch = env.init(seed=9, n=3)
    assert batch.dealer.tolist() == [1, 1, 1]
    while not batch.terminated.all():
        batch = env.step(batch, np.zeros(3, dtype=np.int64))  # PACK (R29)
    assert isinstance(batch, SessionBatchState)
    ended = batch.stack.copy()
    after = env.step(batch, np.zeros(3, dtype=np.int64))
    assert isinstance(after, SessionBatchState)
    assert after.hand_number.tolist() == [2, 2, 2]
    assert after.dealer.tolist() == [2, 2, 2]
    assert after.contributed.tolist() == [[5, 5, 10, 5]] * 3
    assert after.pot.tolist() == [25, 25, 25]
    assert after.stake.tolist() == [5, 5, 5]
    assert (after.stack + after.contributed).tolist() == ended.tolist()


def test_session_arrays_add_eighteen_bytes_a_seat_and_seventeen_a_table() -> None:
    """The memory sessions add: ``bool`` in_session, ``int32`` left_hand and
    left_stack per seat, ``int32`` hand number and ``bool`` session_over per table
    (9 a seat, 5 a table); the ``int64`` turn number (S9, 8 a table); the last hand's
    ``int32`` contributions, ``bool`` in-hand and all-in and ``int8`` cards per seat
    (6 + 3 a seat at three cards) and its ``int8`` dealer, ending, shower and cards
    drawn (4 a table): 18 * 7 + 17 = 143 bytes a table at 7 seats."""
    plain = BatchEnv(tp.Rules(), 7, autoreset=True, backend="numpy").init(seed=1, n=100)
    env = BatchEnv(tp.Rules(), 7, autoreset=True, sessions=True, backend="numpy")
    assert env.init(seed=1, n=100).nbytes - plain.nbytes == 100 * 143
    four = BatchEnv(tp.Rules(hand_size=4), 3, autoreset=True, backend="numpy")
    four_sessions = BatchEnv(tp.Rules(hand_size=4), 3, autoreset=True, sessions=True)
    added = four_sessions.init(seed=1, n=10).nbytes - four.init(seed=1, n=10).nbytes
    assert added == 10 * ((9 + 6 + 4) * 3 + 5 + 8 + 4)  # V12: 4 cards a seat


def test_the_last_hands_open_flush_stays_while_the_next_hand_is_played() -> None:
    """Seven seats at a pot limit of seven boots (R37): hand 1 goes to a showdown at the
    deal (R12), and where the best hands tie they play open flushes (V16); the four
    1-chip seats that lose leave (R7), hand 2 is played by the rest, and all through
    it the reducer's ``result`` is still hand 1's, open flushes and all (R6)."""
    rules = tp.Rules(ties="open_flush", pot_limit=7)
    stacks = [1, 1, 1, 1, 50, 50, 50]
    env = BatchEnv(rules, 7, stacks=stacks, autoreset=True, sessions=True, backend="numpy")
    batch = env.init(seed=11, n=512)
    assert isinstance(batch, SessionBatchState)
    after = env.step(batch, np.zeros(512, dtype=np.int64))
    assert isinstance(after, SessionBatchState)
    flushed = 0
    for i in range(512):
        state = _new_session(rules, batch, i, stacks)
        assert state.result is not None
        if not state.result.open_flush:
            continue
        flushed += 1
        assert env.to_state(batch, i) == state
        state = _deal(state, after, i)
        assert state.phase is tp.Phase.BETTING and state.hand_number == 2
        assert state.result is not None and state.result.open_flush
        assert env.to_state(after, i) == state
    assert flushed > 0


def test_the_last_hands_show_tie_stays_lost_by_its_asker() -> None:
    """A show between the last two players whose hands tie goes to the other player:
    the asker loses a tie (R35). While the session's next hand is played, ``to_state``
    still shows that hand's result (R6): a SHOW, both hands shown, the whole pot to the
    player that did not ask, as the hand's own end gave it."""
    env = BatchEnv(tp.Rules(), 3, stacks=40, autoreset=True, sessions=True, backend="numpy")
    n = 512
    batch = env.init(seed=4, n=n)
    rng = np.random.default_rng(8)
    show = int(tp.encoding.ActionId.SHOW)
    checked = 0
    pending: dict[int, tuple[int, tp.State]] = {}  # row -> (asker, the ended hand's state)
    for _ in range(120):
        ids = random_actions(rng, batch.legal_action_mask)
        ids = np.where(batch.legal_action_mask[:, show], show, ids)  # show when one may
        before = batch
        batch = env.step(batch, ids)
        assert isinstance(batch, SessionBatchState)
        for i, (asker, ended) in list(pending.items()):
            del pending[i]
            if batch.terminated[i]:
                continue  # the next hand ended at its deal: its own result
            result = env.to_state(batch, i).result
            assert result == ended.result and result is not None
            other = next(p for p in result.shown if p != asker)
            assert result.ending is tp.HandEnding.SHOW and set(result.shown) == {asker, other}
            assert dict(result.winnings) == {other: result.pot}  # R35
            checked += 1
        tied = (
            batch.terminated
            & ~before.terminated
            & ~batch.session_over
            & (batch.ending == ENDING_SHOW)
        )
        for row in np.flatnonzero(tied).tolist():
            strengths = batch.strength[row][batch.in_hand[row]]
            if strengths.size == 2 and strengths[0] == strengths[1]:
                pending[row] = (int(before.current_player[row]), env.to_state(batch, row))
    assert checked > 0


def test_the_last_hands_open_flush_after_draws_stays() -> None:
    """On a draw table (V20) the open flushes of a showdown (V16, at the pot limit, R37)
    deal from the rest of the deck after the cards drawn: while the session's next hand
    is played, ``to_state`` shows that hand's result as its own end gave it (R6).
    Only hands with two equal strengths among the seats still in are rebuilt to look
    for an open flush: an open flush settles a tie (V16), and a hand that ends by
    packing shows nothing (R39)."""
    rules = tp.Rules(draw_price=1, ties="open_flush", pot_limit=30, max_blind_bets=0)
    env = BatchEnv(rules, 5, stacks=60, autoreset=True, sessions=True, backend="numpy")
    batch = env.init(seed=2, n=1024)
    rng = np.random.default_rng(3)
    first_draw = first_draw_id(rules)
    checked = 0
    pending: dict[int, tp.HandResult] = {}
    for _ in range(40):
        mask = batch.legal_action_mask
        scores = rng.random(mask.shape)
        scores[:, first_draw:] += 1.0  # draw whenever one may
        scores[:, [tp.encoding.ActionId.PACK, tp.encoding.ActionId.SHOW]] = 0.01
        before = batch
        batch = env.step(batch, np.where(mask, scores, -1.0).argmax(axis=1))
        assert isinstance(batch, SessionBatchState) and batch.drawn is not None
        for i, result in list(pending.items()):
            del pending[i]
            if not batch.terminated[i]:
                assert env.to_state(batch, i).result == result
                checked += 1
        ended = batch.terminated & ~before.terminated & ~batch.session_over
        for row in np.flatnonzero(ended & (batch.drawn.sum(axis=1) > 0)).tolist():
            strengths = batch.strength[row][batch.in_hand[row]].tolist()
            if batch.ending[row] == ENDING_PACKED or len(set(strengths)) == len(strengths):
                continue  # no tie among the hands shown: no open flush (R39, V16)
            last = env.to_state(batch, row).result
            if last is not None and last.open_flush:
                pending[row] = last
    assert checked > 0


@pytest.mark.parametrize("value", [1, 0, "yes", None, np.bool_(True)])
def test_sessions_must_be_a_bool(value: object) -> None:
    with pytest.raises(TypeError, match="sessions must be a bool"):
        BatchEnv(tp.Rules(), 3, autoreset=True, sessions=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [1, "no", None, np.bool_(True), np.array([True, False])])
def test_autoreset_must_be_a_bool(value: object) -> None:
    # a truthy "no" would autoreset, an array would fail deep in numpy: refused by name
    with pytest.raises(TypeError, match="autoreset must be a bool"):
        BatchEnv(tp.Rules(), 3, autoreset=value, sessions=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="autoreset must be a bool"):
        BatchEnv(tp.Rules(), 3, autoreset=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("sessions", [False, True])
@pytest.mark.parametrize("bad", [True, np.bool_(False)])
def test_a_bool_among_the_stacks_is_refused(sessions: bool, bad: object) -> None:
    # numpy would read True as a stack of 1 chip, below the boot (R9) or not
    with pytest.raises(TypeError, match="stacks must be integers, not the bool"):
        BatchEnv(tp.Rules(), 3, stacks=[20, bad, 20], autoreset=True, sessions=sessions)  # type: ignore[list-item]
    env = BatchEnv(tp.Rules(), 3, autoreset=True, sessions=sessions)
    with pytest.raises(TypeError, match="stacks must be integers, not the bool"):
        env.init(1, 2, stacks=[[20, 20, 20], (20, bad, 20)])  # type: ignore[arg-type]


def test_sessions_need_autoreset() -> None:
    with pytest.raises(ValueError, match="sessions=True needs autoreset=True"):
        BatchEnv(tp.Rules(), 3, sessions=True)


def test_auto_picks_the_kernel_for_sessions_when_numba_is_installed() -> None:
    """``"auto"`` plays sessions on the kernel when numba is there, and ``"numba"``
    takes them (the numpy session code deals each next hand, R5, R7, V18)."""
    auto = BatchEnv(tp.Rules(), 3, autoreset=True, sessions=True)
    assert auto.backend == ("numba" if NUMBA else "numpy")
    if not NUMBA:
        pytest.skip("numba is not installed (the fast extra)")
    env = BatchEnv(tp.Rules(), 3, autoreset=True, sessions=True, backend="numba")
    assert env.backend == "numba"
    assert isinstance(env.init(seed=1, n=2), SessionBatchState)


def test_states_of_the_other_kind_are_refused() -> None:
    """A session state at a one-hand environment, and the reverse, name the problem."""
    plain = BatchEnv(tp.Rules(), 3, autoreset=True, backend="numpy")
    sessions = BatchEnv(tp.Rules(), 3, autoreset=True, sessions=True, backend="numpy")
    with pytest.raises(ValueError, match="SessionBatchState"):
        plain.step(sessions.init(seed=1, n=2), np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="SessionBatchState"):
        sessions.step(plain.init(seed=1, n=2), np.zeros(2, dtype=np.int64))


@pytest.mark.parametrize(
    ("index", "error"),
    [
        (-1, IndexError),
        (4, IndexError),
        (np.int64(4), IndexError),
        (True, TypeError),
        (np.bool_(True), TypeError),
        (1.0, TypeError),
    ],
)
def test_rows_are_checked(index: Any, error: type[Exception]) -> None:
    """A table number outside ``0..n-1`` (a negative one too: no wrapping) or not an int
    is refused by every per-row reader."""
    env = BatchEnv(tp.Rules(), 3, autoreset=True, sessions=True, backend="numpy")
    batch = env.init(seed=1, n=4)
    assert isinstance(batch, SessionBatchState)
    for read in (batch.placings, batch.session_winners, lambda i: env.to_state(batch, i)):
        with pytest.raises(error, match="index must be"):
            read(index)
    with pytest.raises(error, match="index must be"):
        reducer_deck(batch, index, env.rules)


def test_rows_may_be_numpy_integers() -> None:
    """``np.flatnonzero(...)`` gives numpy integers: every per-row reader takes them as
    the same table number."""
    env = BatchEnv(tp.Rules(), 3, autoreset=True, sessions=True, backend="numpy")
    batch = env.init(seed=1, n=4)
    assert isinstance(batch, SessionBatchState)
    for i in np.flatnonzero(np.ones(4, dtype=bool)):
        assert env.to_state(batch, i) == env.to_state(batch, int(i))
        assert batch.placings(i) == batch.placings(int(i)) == ()
        assert reducer_deck(batch, i, env.rules) == reducer_deck(batch, int(i), env.rules)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_session_state_pickles_and_steps_on(backend: str) -> None:
    """A pickled session state comes back as a SessionBatchState with equal arrays, and
    the environment steps it (after checking its shapes) as the original."""
    import pickle

    env = BatchEnv(tp.Rules(), 4, stacks=6, autoreset=True, sessions=True, backend=backend)
    batch = env.init(seed=2, n=8)
    rng = np.random.default_rng(1)
    for _ in range(20):
        batch = env.step(batch, random_actions(rng, batch.legal_action_mask))
    copy = pickle.loads(pickle.dumps(batch))
    assert isinstance(copy, SessionBatchState)
    ids = random_actions(rng, batch.legal_action_mask)
    one, two = env.step(batch, ids), env.step(copy, ids)
    assert isinstance(one, SessionBatchState) and isinstance(two, SessionBatchState)
    for name in ("seat_stack", "seat_in_session", "hand_number", "session_over", "dealer"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name


@pytest.mark.skipif(not NUMBA, reason="numba is not installed (the fast extra)")
def test_each_backend_steps_the_others_session_states() -> None:
    """A session state made by either backend steps on the other to the same state,
    field by field (the kernel's states keep its packed buffer; a numpy step of one
    stays a SessionBatchState): sessions of 4 seats with short stacks, so that hands,
    leavers (R7) and new sessions (R8) come every few steps."""
    envs = [
        BatchEnv(tp.Rules(), 4, stacks=6, autoreset=True, sessions=True, backend=backend)
        for backend in ("numpy", "numba")
    ]
    rng = np.random.default_rng(4)
    batch = envs[0].init(seed=8, n=32)
    for step in range(60):
        ids = random_actions(rng, batch.legal_action_mask)
        one, two = (env.step(batch, ids) for env in envs)
        for state in (one, two):
            assert isinstance(state, SessionBatchState)
        for name in (*SessionBatchState.__dataclass_fields__, "history"):
            if name in ("history_base", "history_base_length", "history_tail"):
                continue  # (``history`` compares the actions)
            a, b = getattr(one, name), getattr(two, name)
            if a is None or b is None:  # seat_drawn without draws (V20)
                assert a is b, (step, name)
            else:
                assert np.array_equal(a, b), (step, name)
        batch = two if step % 2 else one
