"""Shared helpers of the batch-engine tests: the reducer side of the differential test.

The mapping from reducer actions to ids is written here from the design note's
table (rl-adapters §1), independently of the engine's own mapping.
"""

from __future__ import annotations

import importlib.util
from itertools import combinations
from typing import Any

import attrs
import numpy as np
import pytest
from numpy.typing import NDArray

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchState
from teenpatti_rules.encoding import action_for_id, action_ids, legal_action_mask
from teenpatti_rules.engine.questions import bet_range, sideshow_range
from teenpatti_rules.events import Drew

NUMBA = importlib.util.find_spec("numba") is not None
"""Whether numba (the fast extra) is installed: the compiled kernel's runs need it."""


@pytest.fixture(
    params=["numpy", pytest.param("numba", marks=pytest.mark.skipif(not NUMBA, reason="no numba"))],
)
def each_backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test once on each backend (numba's run only when numba is installed),
    with the test module's ``BACKEND`` set to it while the test runs. A module that
    imports it and says ``pytestmark = pytest.mark.usefixtures("each_backend")`` runs
    every test of its on both; its helpers read ``BACKEND``."""
    backend: str = request.param
    monkeypatch.setattr(request.module, "BACKEND", backend)
    return backend


ENDINGS = {
    tp.HandEnding.PACKED: 1,
    tp.HandEnding.SHOW: 2,
    tp.HandEnding.SHOWDOWN: 3,
    tp.HandEnding.TABLE_SHOW: 4,
    tp.HandEnding.TURN_LIMIT: 5,
}


RAW_HISTORY = ("history_base", "history_base_length", "history_tail")


def state_arrays(state: BatchState) -> dict[str, NDArray[Any]]:
    """Every field of ``state`` as an array (copied), with the history and the decks as
    read through their properties instead of the history's raw base and tail."""
    import dataclasses

    arrays = {
        f.name: np.array(getattr(state, f.name))
        for f in dataclasses.fields(state)
        if f.name not in RAW_HISTORY
    }
    arrays["history"] = np.array(state.history)
    arrays["deck"] = np.array(state.deck)
    return arrays


def assert_same_state(a: BatchState, b: BatchState, where: object = "") -> None:
    """``a`` and ``b`` are the same state: every field (:func:`state_arrays`: the
    history and the decks through their properties) of equal dtype and values. Two
    backends stepped with the same ids must give the same state (the compiled kernel
    is the numpy engine's twin)."""
    left, right = state_arrays(a), state_arrays(b)
    assert left.keys() == right.keys(), where
    for name in left:
        assert left[name].dtype == right[name].dtype, f"{where}: {name} dtype"
        assert np.array_equal(left[name], right[name]), f"{where}: {name}"


def draw_discards(rules: tp.Rules) -> list[tuple[int, ...]]:
    """The discards of a draw table's DRAW ids in id order, written from the
    encoding's documentation (V20): every non-empty set of positions 0..2 (the
    drawer's cards in ascending card index) of at most ``max_draws`` cards, fewer
    cards first, then lexicographic."""
    most = min(rules.max_draws, 3)
    return [chosen for size in range(1, most + 1) for chosen in combinations(range(3), size)]


def first_draw_id(rules: tp.Rules) -> int:
    """The first DRAW id: the draws follow the table's other ids (V20)."""
    from teenpatti_rules.encoding import num_actions

    return num_actions(attrs.evolve(rules, draw_price=None))


def draw_id(state: tp.State, action: tp.Draw) -> int:
    """The id of a reducer ``Draw`` (V20): its discards as positions of the drawer's
    cards in ascending card index."""
    ranked = sorted(state.seats[action.seat].cards, key=lambda card: card.index)
    chosen = tuple(sorted(ranked.index(card) for card in action.cards))
    return first_draw_id(state.rules) + draw_discards(state.rules).index(chosen)


def draw_action(state: tp.State, action_id: int) -> tp.Draw:
    """The reducer ``Draw`` of the actor that a DRAW id names (V20)."""
    actor = state.actor
    assert actor is not None
    own = state.seats[actor].cards
    ranked = sorted(own, key=lambda card: card.index)
    chosen = draw_discards(state.rules)[action_id - first_draw_id(state.rules)]
    picked = {ranked[p] for p in chosen}
    return tp.Draw(actor, tuple(card for card in own if card in picked))


def reducer_ids(state: tp.State) -> set[int]:
    """The actor's legal actions in ``state`` as ids (looks by other seats left out).

    Under V3's ``"range"`` and ``"no_limit"`` sizings the ids are the encoding's
    alphabet (its amount ids are the specification of the batch's), each named
    amount checked against the reducer's ``bet_range`` / ``sideshow_range``. On a
    draw table (V20) the DRAW ids are worked out here from the reducer's ``Draw``
    actions (:func:`draw_id`)."""
    actor = state.actor
    assert actor is not None
    draws = {
        draw_id(state, action)
        for action in tp.legal_actions(state)
        if isinstance(action, tp.Draw) and action.seat == actor
    }
    if state.rules.bet_sizing != "double":
        ids_now = set(action_ids(state, actor))
        if state.rules.draw_price is not None:
            first = first_draw_id(state.rules)
            assert {i for i in ids_now if i >= first} == draws
            ids_now = {i for i in ids_now if i < first} | draws
        for action_id in ids_now:
            action = action_for_id(state, actor, action_id)
            if isinstance(action, tp.Bet):
                assert action.amount in bet_range(state, actor)
            elif isinstance(action, tp.SideShow):
                assert action.amount in sideshow_range(state, actor)
        return ids_now
    seat = state.seats[actor]
    low = 2 * state.stake if seat.seen else state.stake  # R24
    ids: set[int] = set()
    for action in tp.legal_actions(state):
        if action.seat != actor:
            continue
        if isinstance(action, tp.Pack):
            ids.add(0)
        elif isinstance(action, tp.Look):
            ids.add(1)
        elif isinstance(action, tp.Bet):
            assert action.amount in (low, 2 * low)
            ids.add(2 if action.amount == low else 3)
        elif isinstance(action, tp.SideShow):
            assert action.amount in (low, 2 * low)
            ids.add(4 if action.amount == low else 5)
        elif isinstance(action, tp.Show):
            ids.add(6)
        elif isinstance(action, tp.AllIn):
            ids.add(7)
        elif isinstance(action, tp.AcceptSideShow):
            ids.add(8)
        elif isinstance(action, tp.RefuseSideShow):
            ids.add(9)
        elif isinstance(action, tp.Draw):
            pass  # in ``draws``
        else:  # pragma: no cover
            raise AssertionError(f"unexpected action {action}")
    return ids | draws


def reducer_action(state: tp.State, action_id: int) -> tp.Action:
    """The reducer action of ``state``'s actor for ``action_id`` (the design note's table)."""
    actor = state.actor
    assert actor is not None
    if state.rules.draw_price is not None and action_id >= first_draw_id(state.rules):
        return draw_action(state, action_id)  # V20
    if state.rules.bet_sizing != "double":  # V3: the encoding's alphabet
        return action_for_id(state, actor, action_id)
    low = 2 * state.stake if state.seats[actor].seen else state.stake
    table: dict[int, tp.Action] = {
        0: tp.Pack(actor),
        1: tp.Look(actor),
        2: tp.Bet(actor, low),
        3: tp.Bet(actor, 2 * low),
        4: tp.SideShow(actor, low),
        5: tp.SideShow(actor, 2 * low),
        6: tp.Show(actor),
        7: tp.AllIn(actor),
        8: tp.AcceptSideShow(actor),
        9: tp.RefuseSideShow(actor),
    }
    return table[action_id]


def reducer_start(rules: tp.Rules, batch: BatchState, i: int) -> tp.State:
    """The reducer's state after dealing row ``i``'s hand with its explicit deck."""
    import attrs

    dealer = int(batch.dealer[i])
    state = tp.new_session(
        [f"P{p}" for p in range(batch.players)],
        attrs.evolve(rules, hand_limit=1),
        seed=int(batch.table_key[i]),  # to_state's documented seed
        dealer=dealer,
        stacks=[int(x) for x in batch.start_stack[i]],
    )
    deck = tuple(tp.Card.from_index(int(c)) for c in batch.row_deck(i, rules.deck_size))
    return tp.apply(state, tp.Deal(dealer, deck))


def assert_row_equals(
    batch: BatchState, i: int, state: tp.State, *, ended_now: bool = True
) -> None:
    """Row ``i`` of ``batch`` equals the reducer's ``state`` field by field; the
    rewards are those of the hand if it ended in the last step (``ended_now``), else 0."""
    where = f"table {i}"
    over = state.phase is tp.Phase.SESSION_OVER
    assert bool(batch.terminated[i]) == over, where
    if over:
        assert int(batch.phase[i]) == 2, where
        assert int(batch.current_player[i]) == -1, where
        assert state.result is not None
        won = {p: int(c) for p, c in enumerate(batch.winnings[i]) if c}
        assert won == dict(state.result.winnings), where
        assert int(batch.ending[i]) == ENDINGS[state.result.ending], where
        start = batch.start_stack[i]
        net = [state.seats[p].stack - int(start[p]) for p in range(batch.players)]
        assert batch.rewards[i].tolist() == (net if ended_now else [0] * batch.players), where
        assert sum(net) == 0
    else:
        phase = 0 if state.phase is tp.Phase.BETTING else 1
        assert int(batch.phase[i]) == phase, where
        actor = state.actor
        assert actor is not None and int(batch.current_player[i]) == actor, where
        asker = -1 if state.sideshow is None else state.sideshow.asker
        assert int(batch.asker[i]) == asker, where
        ids = reducer_ids(state)
        width = batch.legal_action_mask.shape[1]
        assert batch.legal_action_mask[i].tolist() == [a in ids for a in range(width)], where
        shared = legal_action_mask(state, actor, dtype=bool)  # the adapters' mapping
        assert batch.legal_action_mask[i].tolist() == shared.tolist(), where
    if state.rules.draw_price is not None:  # V20: cards drawn, the rest of the deck
        assert batch.drawn is not None
        drawn = [0] * batch.players
        for event in state.events:
            if isinstance(event, Drew):
                drawn[event.seat] += event.count
        assert batch.drawn[i].tolist() == drawn, where
        if not over:
            # the hands, the indicator (V8 W5), the cards drawn; printed jokers too (V8)
            start = batch.players * 3 + state.rules.has_indicator + sum(drawn)
            rest = [card.index for card in state.undealt]
            assert batch.row_deck(i, state.rules.deck_size)[start:].tolist() == rest, where
    else:
        assert batch.drawn is None, where
    assert int(batch.pot[i]) == state.pot, where
    assert int(batch.stake[i]) == state.stake, where
    for p, seat in enumerate(state.seats):
        got = (
            int(batch.stack[i, p]),
            bool(batch.in_hand[i, p]),
            bool(batch.seen[i, p]),
            bool(batch.all_in[i, p]),
            int(batch.blind_bets[i, p]),
            int(batch.contributed[i, p]),
            tuple(int(c) for c in batch.cards[i, p]),
        )
        want = (
            seat.stack,
            seat.in_hand,
            seat.seen,
            seat.all_in,
            seat.blind_bets,
            seat.contributed,
            tuple(card.index for card in seat.cards),
        )
        assert got == want, f"{where} seat {p}: {got} != {want}"


def random_actions(
    rng: np.random.Generator, mask: NDArray[Any], pack_weight: float = 0.3
) -> NDArray[Any]:
    """One legal id per row, at random; packing less likely than the other ids."""
    weights = np.ones(mask.shape[1])
    weights[0] = pack_weight
    scores = rng.random(mask.shape) * weights[None, :]
    chosen: NDArray[Any] = np.argmax(np.where(mask, scores, -1.0), axis=1).astype(np.int64)
    return chosen
