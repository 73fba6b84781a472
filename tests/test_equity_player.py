"""Tests of the equity player (teenpatti_rules.players.equity) and matches (players.match)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import teenpatti_rules as tp
from strategies import tables
from teenpatti_rules import (
    AcceptSideShow,
    Deal,
    Look,
    Phase,
    RefuseSideShow,
    Rules,
    State,
    apply,
    choose,
    legal_actions,
    new_session,
    parse_cards,
    play_session,
    random_choice,
    view,
)
from teenpatti_rules.cards import table_deck
from teenpatti_rules.players import Chooser
from teenpatti_rules.players.equity import (
    EquityPolicy,
    equity_choose,
    equity_player,
    hand_odds,
)
from teenpatti_rules.players.match import PLAYERS, format_match, play_match

TABLES = [
    Rules(hand_limit=12),
    Rules(hand_limit=12, sequence_order="classic"),
    Rules(hand_limit=12, suit_order="shdc"),
    Rules(hand_limit=12, bet_sizing="range", show_cost_multiplier=2),
    Rules(hand_limit=12, max_blind_bets=0, pot_limit=40),
    Rules(hand_limit=12, max_blind_bets=None, stake_limit=4),
    Rules(starting_boots=15),  # no hand limit: to the last player (R2)
]


def checked(chooser: Chooser) -> Chooser:
    """The chooser, asserting that every action it returns is legal in its view."""

    def wrapped(v: State, seat: int, rng: random.Random) -> tp.Action | None:
        action = chooser(v, seat, rng)
        if action is not None:
            assert action.seat == seat
            if isinstance(action, Deal):
                assert v.phase is Phase.AWAITING_DEAL and seat == v.dealer
            else:
                assert action in legal_actions(v), (action, legal_actions(v))
        return action

    return wrapped


@pytest.mark.soak
@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_plays_only_legal_actions_and_finishes(rules: Rules, seed: int) -> None:
    players = {
        0: checked(equity_choose),
        1: checked(choose),
        2: checked(equity_player(EquityPolicy(blind_bets=4, blind_stake=16))),
        3: checked(random_choice),
    }
    start = new_session(["A", "B", "C", "D"], rules, seed=seed)
    end = play_session(start, players, random.Random(seed))
    assert end.phase is Phase.SESSION_OVER
    assert end.total_chips == start.total_chips
    if rules.hand_limit is None:
        assert len(end.session_winners) == 1


def test_only_equity_players_finish() -> None:
    start = new_session([f"P{i}" for i in range(6)], Rules(starting_boots=10), seed=9)
    end = play_session(start, checked(equity_choose), random.Random(9))
    assert end.phase is Phase.SESSION_OVER and len(end.session_winners) == 1


def random_position(table: State, steps: int, seed: int) -> State:
    """``table`` after up to ``steps`` random legal actions (dealing when it must)."""
    rng = random.Random(seed)
    state = table
    for _ in range(steps):
        if state.phase is Phase.SESSION_OVER:
            break
        if state.phase is Phase.AWAITING_DEAL:
            state = apply(state, Deal(state.dealer))
            continue
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@given(table=tables(), steps=st.integers(0, 60), seed=st.integers(0, 2**16))
def test_legal_in_random_positions(table: State, steps: int, seed: int) -> None:
    state = random_position(table, steps, seed)
    for seat in range(len(state.seats)):
        checked(equity_choose)(view(state, seat), seat, random.Random(seed))
    if state.actor is not None:
        assert equity_choose(view(state, state.actor), state.actor, random.Random(0)) is not None


def hidden_from(state: State, seat: int) -> list[tuple[int, int]]:
    """(seat, card position) of every dealt card that ``seat`` may not see (R43)."""
    v = view(state, seat)
    return [
        (i, j)
        for i, s in enumerate(state.seats)
        for j in range(len(s.cards))
        if not v.seats[i].cards
    ]


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same state with the cards ``seat`` may not see dealt differently (from those
    cards and the undealt ones), and another seed."""
    places = hidden_from(state, seat)
    shown = {c for i, s in enumerate(state.seats) for c in s.cards if (i, 0) not in places}
    if state.indicator is not None:  # public (W5): never dealt to anyone
        shown.add(state.indicator)
    deck = table_deck(state.rules.jokers)
    pool = [c for c in deck if c not in shown]
    rng.shuffle(pool)
    cards = {i: list(s.cards) for i, s in enumerate(state.seats)}
    for n, (i, j) in enumerate(places):
        cards[i][j] = pool[n]
    seats = tuple(attrs.evolve(s, cards=tuple(cards[i])) for i, s in enumerate(state.seats))
    rest = tuple(pool[len(places) : len(places) + len(state.undealt)])  # the undealt cards too
    return attrs.evolve(state, seats=seats, undealt=rest, seed=(state.seed or 0) + 1)


@given(table=tables(), steps=st.integers(0, 60), seed=st.integers(0, 2**16))
def test_decides_from_its_view_only(table: State, steps: int, seed: int) -> None:
    state = random_position(table, steps, seed)
    for seat in range(len(state.seats)):
        other = reshuffle_hidden(state, seat, random.Random(seed))
        # The two states differ in hidden cards only: the seat's views are equal...
        assert view(other, seat) == view(state, seat)
        # ...and the player decides alike from each, given the full states too (it
        # must not read hidden cards even when they are there).
        for a, b in ((view(state, seat), view(other, seat)), (state, other)):
            assert equity_choose(a, seat, random.Random(seed)) == equity_choose(
                b, seat, random.Random(seed)
            )


def test_stays_blind_then_looks() -> None:
    state = new_session(["A", "B", "C"], seed=7, dealer=0)
    state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
    rng = random.Random(0)
    # Seat 1 acts first (R19); blind, stake 1 boot: a blind chaal of the stake (R24).
    assert equity_choose(view(state, 1), 1, rng) == tp.Bet(1, 1)
    # Off its turn it does nothing (it stays blind).
    assert equity_choose(view(state, 2), 2, rng) is None
    # With blind_bets=0 it looks at once, like the R44 player.
    assert equity_player(EquityPolicy(blind_bets=0))(view(state, 1), 1, rng) == Look(1)
    # Seen, but given a view that hides its cards (a spectator's), it reads nothing and
    # makes the plain chaal.
    seen = apply(state, Look(1))
    assert equity_choose(view(seen, None), 1, rng) == tp.Bet(1, 2)


def play(state: State, *actions: tp.Action) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def test_trail_raises_and_answers_sideshows() -> None:
    # Seat 1 holds a trail of nines (cards 2, 5, 8 of the deck go to seat 2... dealt
    # one at a time from the dealer's left, R10: seat 1 gets deck[0], deck[3], deck[6]).
    deck = parse_cards("9s Kd 2c 9d Qh 3d 9c 7h 5s")
    state = new_session(["A", "B", "C"], seed=7, dealer=0)
    state = apply(state, Deal(0, deck))
    assert state.seats[1].cards == parse_cards("9s 9d 9c")
    policy = EquityPolicy(blind_bets=0)
    me = equity_player(policy)
    assert me(view(state, 1), 1, random.Random(0)) == Look(1)
    state = apply(state, Look(1))
    action = me(view(state, 1), 1, random.Random(0))
    assert action is not None and action == tp.Bet(
        1, 4
    )  # a raise: twice the seen minimum of 2 (R24)
    # Seat 2 (K-Q-7 high) looks, bets; seat 0 (2-3-5 high) looks and asks seat 2 for a
    # sideshow... seat 2 is the previous player of seat 0 (R21).
    state = play(state, action, Look(2), tp.Bet(2, 4), Look(0))
    ask = next(a for a in legal_actions(state) if isinstance(a, tp.SideShow))
    state = apply(state, ask)
    assert state.phase is Phase.SIDESHOW and state.actor == 2
    # K-Q-7 high against one opponent: it wins about 56 % and ties almost never, so
    # with accept=0.55 it accepts; with accept=0.9 it refuses (R31).
    assert equity_choose(view(state, 2), 2, random.Random(0)) == AcceptSideShow(2)
    strict = equity_player(EquityPolicy(accept=0.9))
    assert strict(view(state, 2), 2, random.Random(0)) == RefuseSideShow(2)


def test_hand_odds() -> None:
    best = hand_odds(parse_cards("As Ad Ac"), 4)
    assert best.equity == 1.0 and best.win1 == 1.0 and best.tie1 == 0.0
    worst = hand_odds(parse_cards("5h 3d 2c"), 1)
    assert worst.win1 == 0.0 and worst.equity == pytest.approx(worst.tie1 / 2)
    # Hands of one strength share their odds (equal hands, R13).
    assert hand_odds(parse_cards("Kh 9c 4d"), 2) == hand_odds(parse_cards("Ks 9h 4c"), 2)


def test_policy_is_checked() -> None:
    with pytest.raises(ValueError, match=r"EquityPolicy\.raise_at"):
        EquityPolicy(raise_at=1.5)
    with pytest.raises(TypeError, match=r"EquityPolicy\.blind_bets"):
        EquityPolicy(blind_bets=True)
    with pytest.raises(ValueError, match=r"EquityPolicy\.samples"):
        EquityPolicy(samples=10)
    with pytest.raises(ValueError, match=r"EquityPolicy\.call"):
        EquityPolicy(call=-1.0)
    with pytest.raises(TypeError, match=r"EquityPolicy\.show must be a number"):
        EquityPolicy(show="high")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"EquityPolicy\.blind_against_seen must be True"):
        EquityPolicy(blind_against_seen=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"EquityPolicy\.samples must be at most"):
        EquityPolicy(samples=2_000_000)
    with pytest.raises(TypeError, match="policy must be an EquityPolicy"):
        equity_player("tight")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="policy must be an EquityPolicy"):
        equity_choose(new_session(["A", "B", "C"], seed=1), 0, random.Random(0), "tight")  # type: ignore[arg-type]
    assert equity_player()(
        new_session(["A", "B", "C"], seed=1, dealer=0), 0, random.Random(0)
    ) == Deal(0)
    state = new_session(["A", "B", "C"], seed=1)
    with pytest.raises(ValueError, match="seat must be a seat number"):
        equity_choose(state, 3, random.Random(0))


def test_match_is_reproducible_and_conserves_chips() -> None:
    rules = Rules(hand_limit=6)
    a = play_match(["equity", "rule", "random"], 6, rules, seed=4)
    assert a == play_match(["equity", "rule", "random"], 6, rules, seed=4)
    assert [row.kind for row in a.rows] == ["equity", "rule", "random"]
    assert sum(row.mean * row.seats for row in a.rows) == pytest.approx(0.0)
    assert all(row.low <= row.mean <= row.high for row in a.rows)
    assert sum(row.session_wins for row in a.rows) >= 6
    lines = format_match(a)
    assert lines[0] == f"6 sessions, {a.hands} hands" and lines[2].startswith("equity")
    assert set(PLAYERS) == {"equity", "rule", "random"}


def test_match_checks_arguments() -> None:
    with pytest.raises(ValueError, match="unknown player kind 'smart'"):
        play_match(["smart", "rule", "rule"], 1)
    with pytest.raises(ValueError, match="sessions must be at least 1"):
        play_match(["rule", "rule", "rule"], 0)
    with pytest.raises(ValueError, match="kinds must name 3 to 7 players"):
        play_match(["rule", "rule"], 1)
