"""The action alphabet, masks and observations of teenpatti_rules.encoding (R19-R36, R43)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import teenpatti_rules as tp  # noqa: E402
from session_corpus import RandomSession  # noqa: E402
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


@pytest.mark.soak
@given(tables(), st.integers(0, 2**32), st.sampled_from([2, 3, 5, 9]))
def test_mask_is_the_actors_legal_actions(table: tp.State, seed: int, bins: int) -> None:
    _check_masks(table, random.Random(seed), bins)


VARIANT_TABLES = (
    {"bet_sizing": "no_limit"},
    {"bet_sizing": "no_limit", "stake_limit": 5},
    {"draw_price": 1, "max_draws": 3},
    {"draw_price": 2, "bet_sizing": "no_limit", "sideshow_split": True},
    {"draw_price": 1, "bet_sizing": "range", "raise_cap": 3, "wild": "joker"},
)


@pytest.mark.soak
@given(
    st.sampled_from(VARIANT_TABLES),
    st.lists(st.integers(1, 40), min_size=3, max_size=5),
    st.integers(0, 2**32),
)
def test_mask_on_no_limit_and_draw_tables(
    fields: dict[str, object], stacks: list[int], seed: int
) -> None:
    # V3 no-limit and V20 draws: every masked id applies, ids name the listed draws,
    # the minimum, twice it and the largest bet; play follows masked ids half the time
    # (so unlisted no-limit amounts are played too).
    rules = tp.Rules(hand_limit=4, **fields)  # type: ignore[arg-type]
    names = [f"P{i}" for i in range(len(stacks))]
    table = tp.new_session(names, rules, seed=seed, stacks=stacks)
    _check_masks(table, random.Random(seed), 5, follow_ids=True)


def _check_masks(
    table: tp.State, rng: random.Random, bins: int, *, follow_ids: bool = False
) -> None:
    """Play ``table`` at random, checking the actor's mask against the core at every
    turn (R19-R36, V3, V20)."""
    state = table
    for _ in range(400):
        if state.phase is tp.Phase.SESSION_OVER:
            break
        named: list[tp.Action] = []
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
            # and (but on a range table, V3) twice the minimum bets, have an id; under "double" the ids cover
            # every legal action; under "no_limit" the largest bet too.
            for action in legal:
                if not isinstance(action, tp.Bet | tp.SideShow):
                    assert action in named
            for kind in (tp.Bet, tp.SideShow):
                amounts = sorted(a.amount for a in legal if isinstance(a, kind))
                if amounts:
                    low = amounts[0]
                    assert kind(actor, low) in named
                    # RAISE is 2·m except on a range table, where it is raise_cap·m (masked
                    # when the stack stops it): there 2·m has an id only if a bin aims at it
                    if 2 * low in amounts and state.rules.bet_sizing != "range":
                        assert kind(actor, 2 * low) in named
                    if no_limit:
                        assert kind(actor, amounts[-1]) in named
            if state.rules.bet_sizing == "double":
                assert set(named) == legal
            for other in range(len(state.seats)):
                if other != actor:
                    assert enc.action_ids(state, other, bet_bins=bins) == ()
        if follow_ids and named and rng.random() < 0.5:
            state = tp.apply(state, rng.choice(named))
        else:
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


@pytest.mark.soak
def test_observation_hides_what_the_seat_may_not_see(
    random_sessions: tuple[RandomSession, ...],
) -> None:
    """Every state (before the session's end) of the shared random sessions
    (``tests/session_corpus.py``), observed by every seat."""
    for session in random_sessions:
        _observations_hide_what_the_seat_may_not_see(session)


def _observations_hide_what_the_seat_may_not_see(session: RandomSession) -> None:
    rng = random.Random(session.seed)
    n = len(session.start.seats)
    rules = session.start.rules
    layout = enc.observation_layout(n, rules)
    extra = 52 * (rules.wild in ("joker", "hukam")) + rules.jokers
    extra += 2 * n * (rules.draw_price is not None)
    assert enc.observation_size(n, rules) == 60 + 19 * n + extra
    assert max(part.stop for part in layout.values()) == enc.observation_size(n, rules)
    for state in session.states:
        if state.phase is tp.Phase.SESSION_OVER:
            break
        for seat in range(n):
            seen = tp.view(state, seat)
            obs = enc.observation(seen, seat)
            assert obs.shape == (60 + 19 * n + extra,)
            assert obs.dtype == np.float32
            assert np.all(np.isfinite(obs))
            assert np.all((obs >= 0) & (obs <= 1))
            other = _swap_hidden(state, seat, rng)
            assert np.array_equal(obs, enc.observation(tp.view(other, seat), seat))
            # own cards show exactly when the view holds them (R43)
            own = seen.seats[seat].cards
            assert obs[:52].sum() == len([c for c in own if not c.is_joker])
            if "own_jokers" in layout:
                assert obs[layout["own_jokers"]].sum() == len([c for c in own if c.is_joker])
            if "indicator" in layout:  # public (W5)
                assert obs[layout["indicator"]].sum() == (state.indicator is not None)
            assert obs[52] == float(state.seats[seat].seen)


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


@pytest.mark.parametrize(("amount", "code"), [(1, ActionId.CHAAL), (2, ActionId.RAISE)])
def test_a_dealer_posting_two_boots_leaves_the_opening_stake_at_one_boot(
    amount: int, code: int
) -> None:
    # V13: the dealer (seat 0) posts 2 boots, the others 1; the opening stake is still
    # the boot (1). Seat 1's blind bet of 1 keeps it (CHAAL), of 2 raises it (R24).
    rules = tp.Rules(dealer_boots=2)
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=3, dealer=0), tp.Deal(0))
    assert state.stake == 1 and state.pot == 4
    state = tp.apply(state, tp.Bet(1, amount))
    obs = enc.observation(tp.view(state, 2), 2)
    last = obs[enc.observation_layout(3, rules)["last_action"]].reshape(3, 10)
    assert last[2].tolist() == [int(code == i) for i in range(10)]  # seat 1, third


def _dealt(
    rules: tp.Rules,
    hands: dict[int, str],
    rest: str = "",
    *,
    indicator: str | None = None,
    stacks: list[int] | None = None,
) -> tp.State:
    """The first hand of a 3-seat table, dealer 0, with ``hands`` (R10), the
    ``indicator`` (W5) and then ``rest`` as the undealt deck (V20)."""
    table = tp.new_session(["A", "B", "C"], rules, seed=3, dealer=0, stacks=stacks)
    deck = tp.deck_for(table, hands, indicator) + tp.parse_cards(rest)
    return tp.apply(table, tp.Deal(0, deck))


HANDS = {1: "Kd 4c 9h", 2: "As Ad 2h", 0: "Qs Jc 8d"}


def test_no_limit_bins_worked_by_hand() -> None:
    # V3 no-limit: every whole amount from m to the stack; seen amounts even except the
    # whole stack. Boot 1, 100 chips each: seat 1 (left of dealer 0, R19) has 99.
    rules = tp.Rules(bet_sizing="no_limit")
    assert enc.num_actions(rules) == 24 and enc.num_actions(rules, bet_bins=9) == 24
    names = [enc.action_name(i, rules) for i in range(10, 24)]
    assert names[:7] == ["BET_X3", "BET_X4", "BET_X6", "BET_X8", "BET_X12", "BET_X16", "BET_MAX"]
    assert names[7:] == [n.replace("BET", "SIDESHOW") for n in names[:7]]
    state = _dealt(rules, HANDS)

    def amounts(state: tp.State) -> dict[str, int]:
        out = {}
        for i in enc.action_ids(state, 1):
            action = enc.action_for_id(state, 1, i)
            if isinstance(action, tp.Bet):
                out[enc.action_name(i, rules)] = action.amount
        return out

    # blind, m = stake 1: aims 1, 2, 3, 4, 6, 8, 12, 16 and the whole stack 99
    assert amounts(state) == {
        "CHAAL": 1, "RAISE": 2, "BET_X3": 3, "BET_X4": 4, "BET_X6": 6, "BET_X8": 8,
        "BET_X12": 12, "BET_X16": 16, "BET_MAX": 99,
    }  # fmt: skip
    seen = tp.apply(state, tp.Look(1))
    # seen, m = 2: 2, 4, 6, 8, 12, 16, 24, 32, and the odd whole stack 99 (V3)
    assert list(amounts(seen).values()) == [2, 4, 6, 8, 12, 16, 24, 32, 99]
    assert enc.id_for_action(seen, tp.Bet(1, 24)) == 14  # BET_X12
    assert enc.id_for_action(seen, tp.Bet(1, 10)) is None  # legal, between bins
    # a short stack of 9 (10 less the boot): aims above 9 are masked; MAX is 9
    short = _dealt(rules, HANDS, stacks=[10, 10, 10])
    assert amounts(short) == {
        "CHAAL": 1, "RAISE": 2, "BET_X3": 3, "BET_X4": 4, "BET_X6": 6, "BET_X8": 8,
        "BET_MAX": 9,
    }  # fmt: skip
    # stake limit 6 (V4): a seen bet may be at most 13 (stake 6); even amounts to 12, so
    # X3 = 6, X4 = 8, X6 = 12; X8 (16) and above are masked, MAX (12) repeats X6: masked
    limited = tp.apply(_dealt(tp.Rules(bet_sizing="no_limit", stake_limit=6), HANDS), tp.Look(1))
    assert amounts(limited) == {"CHAAL": 2, "RAISE": 4, "BET_X3": 6, "BET_X4": 8, "BET_X6": 12}
    # R30 sideshow: seat 1 looks and bets 2 (stake 1); seat 2 looks and may ask seat 1
    # with a seen chaal, m = 2, that leaves a chip of its 99: even amounts to 98.
    asked = tp.apply(tp.apply(seen, tp.Bet(1, 2)), tp.Look(2))
    sideshows = {
        enc.action_name(i, rules): enc.action_for_id(asked, 2, i).amount  # type: ignore[union-attr]
        for i in enc.action_ids(asked, 2)
        if isinstance(enc.action_for_id(asked, 2, i), tp.SideShow)
    }
    assert list(sideshows) == ["SIDESHOW", "SIDESHOW_RAISE"] + [
        f"SIDESHOW_X{k}" for k in (3, 4, 6, 8, 12, 16)
    ] + ["SIDESHOW_MAX"]
    assert list(sideshows.values()) == [2, 4, 6, 8, 12, 16, 24, 32, 98]


def test_draw_ids_worked_by_hand() -> None:
    # V20, draw_price 1, max_draws 2: ids 10..15 discard the positions 0, 1, 2, 01, 02,
    # 12 of the own cards in Card.index order. Seat 1 holds Kd 4c 9h: by index 4c (8),
    # 9h (30), Kd (45), so position 0 is 4c, 1 is 9h, 2 is Kd.
    rules = tp.Rules(draw_price=1)
    assert enc.num_actions(rules) == 16
    assert [enc.action_name(i, rules) for i in range(10, 16)] == [
        "DRAW_0", "DRAW_1", "DRAW_2", "DRAW_01", "DRAW_02", "DRAW_12",
    ]  # fmt: skip
    assert enc.num_actions(tp.Rules(draw_price=1, max_draws=3)) == 17  # + DRAW_012
    assert enc.action_name(16, tp.Rules(draw_price=1, max_draws=3)) == "DRAW_012"
    state = _dealt(rules, HANDS, "2s 3s 5s 6s 7s 8s")
    assert enc.action_ids(state, 1) == (0, 1, 2, 3)  # blind: no draw (V20)
    state = tp.apply(state, tp.Look(1))
    assert enc.action_ids(state, 1) == (0, 2, 3, 10, 11, 12, 13, 14, 15)
    kd, c4, h9 = tp.parse_cards("Kd 4c 9h")
    assert enc.action_for_id(state, 1, 10) == tp.Draw(1, (c4,))
    assert enc.action_for_id(state, 1, 14) == tp.Draw(1, (kd, c4))  # positions 0, 2
    assert enc.action_for_id(state, 1, 15) == tp.Draw(1, (kd, h9))  # positions 1, 2
    assert enc.id_for_action(state, tp.Draw(1, (kd, c4))) == 14
    assert enc.id_for_action(state, tp.Draw(1, (c4, kd))) == 14  # any order
    assert enc.id_for_action(state, tp.Draw(1, (kd, c4, h9))) is None  # max_draws 2
    drawn = tp.apply(state, enc.action_for_id(state, 1, 10))  # 4c out, 2s in its place
    assert tp.format_cards(drawn.seats[1].cards) == "Kd 2s 9h"
    assert drawn.seats[1].stack == 98 and drawn.actor == 2  # 1 chip; the turn passes
    layout = enc.observation_layout(3, rules)
    obs = enc.observation(tp.view(drawn, 1), 1)
    assert obs.shape == (60 + 19 * 3 + 6,) and layout["draws"] == slice(117, 123)
    assert obs[layout["draws"]].tolist() == [0.5, 1, 0, 0, 0, 0]  # seat 1 first
    assert obs[layout["last_action"]][:10].sum() == 0  # its last action was the draw
    assert sorted(np.flatnonzero(obs[:52])) == sorted(c.index for c in tp.parse_cards("Kd 2s 9h"))
    # seats 2 and 0 chaal blind; seat 1 has one draw left: single-card ids only
    back = tp.apply(tp.apply(drawn, tp.Bet(2, 1)), tp.Bet(0, 1))
    assert back.actor == 1
    assert [i for i in enc.action_ids(back, 1) if i >= 10] == [10, 11, 12]


def test_indicator_and_jokers_in_the_observation() -> None:
    # W5: the indicator is public, in every seat's observation, after the 117 values.
    rules = tp.Rules(wild="joker")
    state = _dealt(rules, HANDS, indicator="7h")
    layout = enc.observation_layout(3, rules)
    assert layout["indicator"] == slice(117, 169)
    seven = tp.parse_cards("7h")[0]
    assert seven.index == 5 * 4 + 2
    for seat in range(3):
        obs = enc.observation(tp.view(state, seat), seat)
        assert obs.shape == (169,) and np.flatnonzero(obs[layout["indicator"]]).tolist() == [22]
    # V8 printed jokers: X2 held by a seen seat sets own_jokers slot 1, not own_cards
    rules = tp.Rules(jokers=2)
    state = tp.apply(_dealt(rules, {1: "X2 4c 9h", 2: "As Ad 2h", 0: "Qs Jc 8d"}), tp.Look(1))
    layout = enc.observation_layout(3, rules)
    obs = enc.observation(tp.view(state, 1), 1)
    assert layout["own_jokers"] == slice(117, 119)
    assert obs[layout["own_jokers"]].tolist() == [0, 1]
    assert obs[:52].sum() == 2
    # V12: five cards each fill five own-card slots
    rules = tp.Rules(hand_size=5)
    five = {1: "Kd 4c 9h 2s 3s", 2: "As Ad 2h 5c 6c", 0: "Qs Jc 8d 7c 8c"}
    state = tp.apply(_dealt(rules, five), tp.Look(1))
    assert enc.observation(tp.view(state, 1), 1)[:52].sum() == 5


@pytest.mark.parametrize("field", ["open_table", "rebuy"])
def test_a_roster_that_can_change_is_refused(field: str) -> None:
    # S1-S9: the encoding has one block per seat; an open table (S2, S3) or rebuys (S7)
    # change the roster, so every entry point refuses the table, naming the field.
    from teenpatti_rules.encoding.alphabet import check_fixed_roster

    rules = tp.Rules(open_table=True) if field == "open_table" else tp.Rules(rebuy=True)
    message = rf"rules\.{field}=True: .*fixed roster.*S1-S9"
    with pytest.raises(ValueError, match=message):
        check_fixed_roster(rules)
    with pytest.raises(ValueError, match=message):
        enc.num_actions(rules)
    with pytest.raises(ValueError, match=message):
        enc.action_name(0, rules)
    with pytest.raises(ValueError, match=message):
        enc.observation_size(3, rules)
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0), tp.Deal(0))
    for call in (enc.action_ids, enc.legal_action_mask, enc.observation):
        with pytest.raises(ValueError, match=message):
            call(tp.view(state, 1) if call is enc.observation else state, 1)
    with pytest.raises(ValueError, match=message):
        enc.action_for_id(state, 1, ActionId.PACK)
    with pytest.raises(ValueError, match=message):
        enc.id_for_action(state, tp.Pack(1))
    assert enc.num_actions(tp.Rules()) == 10  # a closed table: the ten fixed ids


def test_the_adapters_use_the_encodings_roster_check() -> None:
    # One home for the check (S1-S9): the adapters import the encoding's function.
    from teenpatti_rules.adapters import _table
    from teenpatti_rules.encoding import alphabet

    assert _table.check_fixed_roster is alphabet.check_fixed_roster


def test_each_id_names_what_the_whole_table_names(
    random_sessions: tuple[RandomSession, ...],
) -> None:
    """``action_for_id`` works out only the part of the alphabet that names its id (the
    fixed ids, the bets, the sideshows or the draws, V3, V20): for every id of every
    fifth state of the shared random sessions it gives the action ``action_ids`` and
    ``id_for_action`` (the whole table) give that id, and refuses every other id
    (R19-R36)."""
    checked = 0
    for session in random_sessions:
        rules = session.start.rules
        if rules.open_table or rules.rebuy:
            continue  # the encoding plays a fixed roster
        for state in session.states[::5]:
            actor = state.actor
            if actor is None:
                continue
            legal = set(enc.action_ids(state, actor))
            for action_id in range(enc.num_actions(rules)):
                if action_id not in legal:
                    with pytest.raises(tp.IllegalActionError, match=f"id {action_id} "):
                        enc.action_for_id(state, actor, action_id)
                    continue
                action = enc.action_for_id(state, actor, action_id)
                assert enc.id_for_action(state, action) == action_id
                checked += 1
    assert checked > 0
