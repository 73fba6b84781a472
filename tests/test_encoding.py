"""The action alphabet, masks and observations of teenpatti_rules.encoding (R19-R36, R43)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import teenpatti_rules as tp  # noqa: E402
from strategies import random_action, tables  # noqa: E402
from teenpatti_rules import encoding as enc  # noqa: E402
from teenpatti_rules.encoding import ActionId  # noqa: E402


def test_fixed_ids_are_stable() -> None:
    # The design note's alphabet: these numbers are shared with other engines.
    assert [(a.name, int(a)) for a in ActionId] == [
        ("PACK", 0),
        ("LOOK", 1),
        ("CHAAL", 2),
        ("RAISE", 3),
        ("SIDESHOW", 4),
        ("SIDESHOW_RAISE", 5),
        ("SHOW", 6),
        ("ALL_IN", 7),
        ("ACCEPT", 8),
        ("REFUSE", 9),
    ]
    assert enc.num_actions(tp.Rules()) == 10
    assert enc.num_actions(tp.Rules(bet_sizing="range"), bet_bins=5) == 16
    assert enc.num_actions(tp.Rules(bet_sizing="range"), bet_bins=2) == 10
    assert enc.action_name(10, tp.Rules(bet_sizing="range")) == "BET_BIN_1"
    assert enc.action_name(13, tp.Rules(bet_sizing="range")) == "SIDESHOW_BIN_1"


def test_first_turn_of_default_table() -> None:
    # Boot 1, stake 1 (R11); the blind first player (R19) may pack, look, bet 1 or 2 (R24).
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
    assert state.actor == 1
    assert enc.action_ids(state, 1) == (0, 1, 2, 3)
    assert enc.action_ids(state, 0) == ()  # not to act: all zeros (PettingZoo convention)
    assert list(enc.legal_action_mask(state, 1)) == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert enc.action_for_id(state, 1, 2) == tp.Bet(1, 1)
    assert enc.action_for_id(state, 1, 3) == tp.Bet(1, 2)
    seen = tp.apply(state, tp.Look(1))  # the turn stays with the actor (R22)
    assert seen.actor == 1
    assert enc.action_for_id(seen, 1, ActionId.CHAAL) == tp.Bet(1, 2)  # seen: twice the stake
    assert enc.action_for_id(seen, 1, ActionId.RAISE) == tp.Bet(1, 4)
    with pytest.raises(tp.IllegalActionError, match="SHOW"):
        enc.action_for_id(state, 1, ActionId.SHOW)  # three players in: no show (R34)
    with pytest.raises(ValueError, match="action_id"):
        enc.action_for_id(state, 1, 10)
    with pytest.raises(ValueError, match="seat"):
        enc.action_ids(state, 3)


def test_range_bins() -> None:
    # V3: a seen player at stake 4 may bet 8..16 in even amounts; 5 bins aim at
    # 8, 10, 12, 14, 16 (m + round(j*m/4)).
    rules = tp.Rules(bet_sizing="range", boot=4)
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=3, dealer=0), tp.Deal(0))
    state = tp.apply(state, tp.Look(1))
    ids = enc.action_ids(state, 1)
    amounts = {enc.action_name(i, rules): enc.action_for_id(state, 1, i) for i in ids}
    assert amounts["CHAAL"] == tp.Bet(1, 8)
    assert amounts["RAISE"] == tp.Bet(1, 16)
    assert [amounts[f"BET_BIN_{j}"] for j in (1, 2, 3)] == [tp.Bet(1, a) for a in (10, 12, 14)]
    # raise_cap 4 (V3): bins span m..4m; blind at stake 2: aims 2, 4, 6, 8 with 4 bins.
    rules = tp.Rules(bet_sizing="range", boot=2, raise_cap=4)
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=3, dealer=0), tp.Deal(0))
    named = {
        enc.action_name(i, rules, bet_bins=4): enc.action_for_id(state, 1, i, bet_bins=4)
        for i in enc.action_ids(state, 1, bet_bins=4)
    }
    assert named["CHAAL"] == tp.Bet(1, 2) and named["RAISE"] == tp.Bet(1, 8)
    assert (named["BET_BIN_1"], named["BET_BIN_2"]) == (tp.Bet(1, 4), tp.Bet(1, 6))
    # With 3 bins on a blind stake of 1 (amounts 1, 2), the middle bin aims at
    # 1 + round(0.5) = 1 (round half to even) and duplicates CHAAL: masked.
    rules = tp.Rules(bet_sizing="range")
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=3, dealer=0), tp.Deal(0))
    assert enc.action_ids(state, 1, bet_bins=3) == (0, 1, 2, 3)


def _actor_actions(state: tp.State) -> set[tp.Action]:
    """The actor's legal actions as listed by the core, draws (V20) included."""
    return {a for a in tp.legal_actions(state) if a.seat == state.actor}


@settings(max_examples=60)
@given(tables(), st.integers(0, 2**32), st.sampled_from([2, 3, 5, 9]))
def test_mask_is_the_actors_legal_actions(table: tp.State, seed: int, bins: int) -> None:
    rng = random.Random(seed)
    state = table
    for _ in range(400):
        if state.phase is tp.Phase.SESSION_OVER:
            break
        if state.actor is not None:
            actor = state.actor
            ids = enc.action_ids(state, actor, bet_bins=bins)
            assert ids, "the actor always has an id (never an all-zero mask)"
            mask = enc.legal_action_mask(state, actor, bet_bins=bins)
            assert len(mask) == enc.num_actions(state.rules, bet_bins=bins)
            assert [int(i) for i in np.flatnonzero(mask)] == list(ids)
            named = [enc.action_for_id(state, actor, i, bet_bins=bins) for i in ids]
            assert len(set(named)) == len(named)  # no two ids for one action
            legal = _actor_actions(state)
            no_limit = state.rules.bet_sizing == "no_limit"
            if not no_limit:  # every amount is listed, except under no-limit (V3)
                assert set(named) <= legal
            for action in named:
                assert tp.is_legal(state, action)
                tp.apply(state, action)  # every masked id applies
                assert enc.id_for_action(state, action, bet_bins=bins) is not None
            # every action without an amount (draws included, V20), and the minimum
            # and twice the minimum bets, have an id; under "double" the ids cover
            # every legal action; under "no_limit" the largest bet too.
            for action in legal:
                if not isinstance(action, tp.Bet | tp.SideShow):
                    assert action in named
            for kind in (tp.Bet, tp.SideShow):
                amounts = sorted(a.amount for a in legal if isinstance(a, kind))
                if amounts:
                    low = amounts[0]
                    assert kind(actor, low) in named
                    if 2 * low in amounts:
                        assert kind(actor, 2 * low) in named
                    if no_limit:
                        assert kind(actor, amounts[-1]) in named
            if state.rules.bet_sizing == "double":
                assert set(named) == legal
            for other in range(len(state.seats)):
                if other != actor:
                    assert enc.action_ids(state, other, bet_bins=bins) == ()
        state = tp.apply(state, random_action(rng, state))


def _swap_hidden(state: tp.State, seat: int, rng: random.Random) -> tp.State:
    """The same state with every card hidden from ``seat`` replaced by other unseen cards."""
    from teenpatti_rules.records import evolve
    from teenpatti_rules.views import may_see_cards

    hidden = [i for i, s in enumerate(state.seats) if s.cards and not may_see_cards(state, seat, i)]
    pool = [card for i in hidden for card in state.seats[i].cards] + list(state.undealt)
    rng.shuffle(pool)  # the unseen cards, dealt among the hidden hands and the undealt rest
    seats = list(state.seats)
    for i in hidden:
        seats[i] = evolve(seats[i], cards=tuple(pool.pop() for _ in seats[i].cards))
    state = evolve(state, undealt=tuple(pool))
    return evolve(state, seats=tuple(seats), seed=state.seed + 1 if state.seed else 1)


@settings(max_examples=30)
@given(tables(), st.integers(0, 2**32))
def test_observation_hides_what_the_seat_may_not_see(table: tp.State, seed: int) -> None:
    rng = random.Random(seed)
    state = table
    n = len(state.seats)
    rules = state.rules
    layout = enc.observation_layout(n, rules)
    extra = 52 * (rules.wild in ("joker", "hukam")) + rules.jokers
    extra += 2 * n * (rules.draw_price is not None)
    assert enc.observation_size(n, rules) == 60 + 19 * n + extra
    assert max(part.stop for part in layout.values()) == enc.observation_size(n, rules)
    for _ in range(150):
        if state.phase is tp.Phase.SESSION_OVER:
            break
        for seat in range(n):
            obs = enc.observation(tp.view(state, seat), seat)
            assert obs.shape == (60 + 19 * n + extra,)
            assert obs.dtype == np.float32
            assert np.all(np.isfinite(obs))
            assert np.all((obs >= 0) & (obs <= 1))
            other = _swap_hidden(state, seat, rng)
            assert np.array_equal(obs, enc.observation(tp.view(other, seat), seat))
            # own cards show exactly when the view holds them (R43)
            own = tp.view(state, seat).seats[seat].cards
            assert obs[:52].sum() == len([c for c in own if not c.is_joker])
            if "own_jokers" in layout:
                assert obs[layout["own_jokers"]].sum() == len([c for c in own if c.is_joker])
            if "indicator" in layout:  # public (W5)
                assert obs[layout["indicator"]].sum() == (state.indicator is not None)
            assert obs[52] == float(state.seats[seat].seen)
        state = tp.apply(state, random_action(rng, state))


def test_observation_refuses_a_full_state() -> None:
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
    with pytest.raises(ValueError, match="view"):
        enc.observation(state, 0)
    with pytest.raises(ValueError, match="seat"):
        enc.observation(tp.view(state, 0), 5)


def test_observation_blocks_worked_by_hand() -> None:
    # 3 players, boot 1, 100 each: T = 300. Dealer 0, so seat 1 acts first (R19).
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
    state = tp.apply(state, tp.Bet(1, 2))  # a blind raise: stake 2 (R24)
    obs = enc.observation(tp.view(state, 2), 2)
    lay = enc.observation_layout(3)
    seats = obs[lay["seats"]].reshape(3, 8)
    # seat 2 first, then 0, then 1; seat 2 is the actor, seat 0 the dealer
    assert seats[0].tolist() == pytest.approx([1, 0, 0, 1, 0, 99 / 300, 1 / 300, 0])
    assert seats[1].tolist() == pytest.approx([1, 0, 0, 0, 1, 99 / 300, 1 / 300, 0])
    assert seats[2].tolist() == pytest.approx([1, 0, 0, 0, 0, 97 / 300, 3 / 300, 1 / 4])
    assert obs[lay["table"]].tolist() == pytest.approx([5 / 300, 2 / 300, 2 / 300])
    assert obs[lay["phase"]].tolist() == [1, 0]
    last = obs[lay["last_action"]].reshape(3, 10)
    assert last[2].tolist() == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]  # seat 1 raised
    assert last[0].sum() == last[1].sum() == 0
    assert obs[:53].sum() == 0  # blind: no own cards (R43)
