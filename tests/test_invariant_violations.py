"""The state checks (``engine.invariants.check``) name each corruption of a reachable
state: a valid state with exactly one thing changed (``attrs.evolve``) that the engine
never writes, and the problem each rule id of RULES.md says it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import teenpatti_rules as tp
from teenpatti_rules.engine.invariants import check
from teenpatti_rules.state import Phase, SideShowRequest

NAMES = ["P0", "P1", "P2"]


def _new(rules: tp.Rules | None = None) -> tp.State:
    return tp.new_session(NAMES, rules, seed=1, dealer=0)


def _dealt(rules: tp.Rules | None = None) -> tp.State:
    return tp.apply(_new(rules), tp.Deal(0))


def _first(state: tp.State, kind: type) -> tp.Action:
    return next(a for a in tp.legal_actions(state) if isinstance(a, kind))


def _sideshow() -> tp.State:
    """Players look until seat 1 may ask its previous player, seat 0, and does (R21, R30)."""
    state = _dealt()
    while not any(isinstance(a, tp.SideShow) for a in tp.legal_actions(state)):
        state = tp.apply(state, _first(state, tp.Look))
    state = tp.apply(state, _first(state, tp.SideShow))
    assert state.phase is Phase.SIDESHOW
    return state


def _finished(rules: tp.Rules) -> tp.State:
    """Play hands (everyone but the last player packs) until the session is over."""
    state = _new(rules)
    while state.phase is not Phase.SESSION_OVER:
        if state.phase is Phase.AWAITING_DEAL:
            state = tp.apply(state, tp.Deal(state.dealer))
        else:
            state = tp.apply(state, _first(state, tp.Pack))
    return state


def _some(value: Any) -> Any:
    assert value is not None
    return value


def _seat(state: tp.State, i: Any, **changes: Any) -> tp.State:
    seats = list(state.seats)
    seats[i] = attrs.evolve(seats[i], **changes)
    return attrs.evolve(state, seats=tuple(seats))


def _valid_cases() -> list[tp.State]:
    return [_new(), _dealt(), _sideshow(), _finished(tp.Rules(hand_limit=1))]


@pytest.mark.parametrize("index", range(4))
def test_the_uncorrupted_states_pass(index: int) -> None:
    assert check(_valid_cases()[index]) == []


JOKER = tp.parse_cards("X1")[0]

CASES: list[tuple[str, Callable[[], tp.State], str]] = [
    # S1/R3: names are distinct
    ("names", lambda: _seat(_new(), 1, name="P0"), "appears twice"),
    # V8: no printed joker on a table without jokers
    (
        "joker",
        lambda: (lambda s: _seat(s, 0, cards=(JOKER, *s.seats[0].cards[1:])))(_dealt()),
        "a printed joker the table does not have",
    ),
    # W5: only a wild='joker' table turns up an indicator
    (
        "indicator-plain",
        lambda: attrs.evolve(_dealt(), indicator=tp.parse_cards("2c")[0]),
        "only a wild='joker' or 'hukam' table",
    ),
    # W5: the indicator is part of no hand
    (
        "indicator-in-hand",
        lambda: (lambda s: attrs.evolve(s, indicator=s.seats[0].cards[0]))(
            _dealt(tp.Rules(wild="joker"))
        ),
        "is part of no hand (W5)",
    ),
    # W5: a wild='joker' table has an indicator once dealt
    (
        "indicator-missing",
        lambda: attrs.evolve(_dealt(tp.Rules(wild="joker")), indicator=None),
        "has an indicator once dealt (W5)",
    ),
    # R5: the dealer is a player in the session between hands
    (
        "dealer-left",
        lambda: _seat(_new(), 0, in_session=False),
        "the dealer, seat 0, has left the session (R5)",
    ),
    # between hands: no sideshow, no undealt cards
    (
        "sideshow-between",
        lambda: attrs.evolve(_new(), sideshow=SideShowRequest(1, 0, 2)),
        "no sideshow is pending in phase",
    ),
    (
        "undealt-between",
        lambda: (
            lambda cards: attrs.evolve(
                _new(tp.Rules(ties="open_flush")), undealt=cards, deck_left=len(cards)
            )
        )(tp.parse_cards("2c 3c")),
        "between hands no undealt cards are kept",
    ),
    (
        "over-before-first",
        lambda: attrs.evolve(_new(), phase=Phase.SESSION_OVER),
        "before the first hand the table awaits a deal",
    ),
    # R2/R7: the hand limit reached ends the session
    (
        "limit-reached",
        lambda: attrs.evolve(_finished(tp.Rules(hand_limit=1)), phase=Phase.AWAITING_DEAL),
        "the session is over (R2, R7) but the phase is 'awaiting_deal'",
    ),
    # S2: a closed table with three players never waits
    (
        "waiting",
        lambda: attrs.evolve(_new(), phase=Phase.WAITING),
        "the table waits exactly when too few players are playing (S2)",
    ),
    # in a hand
    (
        "hand-number",
        lambda: attrs.evolve(_dealt(), hand_number=0),
        "hand_number is at least 1",
    ),
    (
        "winners-mid-hand",
        lambda: attrs.evolve(_dealt(), session_winners=(0,)),
        "the session has winners only when it is over",
    ),
    # R9: everyone in the session posted the boot
    (
        "boot",
        lambda: (lambda s: attrs.evolve(_seat(s, 2, contributed=0), pot=s.pot - 1))(_dealt()),
        "posted the boot (R9) @ $.seats[2].contributed",
    ),
    # R28: an all-in player has an empty stack
    (
        "all-in",
        lambda: _seat(_dealt(), 2, all_in=True),
        "an all-in player is in the hand with an empty stack (R28) @ $.seats[2].all_in",
    ),
    # R39/R40: two bettors at least while a hand is in play
    (
        "bettors",
        lambda: _seat(_seat(_dealt(), 0, in_hand=False), 2, in_hand=False),
        "fewer than two players can still bet",
    ),
    # R37: the pot limit ends the betting
    (
        "pot-limit",
        lambda: attrs.evolve(_dealt(), rules=tp.Rules(pot_limit=3)),
        "the pot reached the pot limit (3)",
    ),
    # R11: the stake is at least the boot
    (
        "stake",
        lambda: attrs.evolve(_dealt(), stake=0),
        "the stake is at least the boot (1)",
    ),
    # the actor is in the hand
    (
        "actor-packed",
        lambda: (lambda s: _seat(s, s.actor, in_hand=False))(_dealt()),
        "cannot act: it is not in the hand or is all-in @ $.actor",
    ),
    # R30/R31: a pending sideshow needs phase 'sideshow'
    (
        "sideshow-in-betting",
        lambda: attrs.evolve(_sideshow(), phase=Phase.BETTING),
        "a pending sideshow needs phase 'sideshow'",
    ),
    # R30: both sides of a sideshow are seen players
    (
        "sideshow-blind",
        lambda: _seat(_sideshow(), 0, seen=False),
        "seat 0 of the sideshow is not a seen player who can bet (R30)",
    ),
    # R31: the asked player answers
    (
        "sideshow-actor",
        lambda: attrs.evolve(_sideshow(), actor=1),
        "the asked player, seat 0, must be the actor",
    ),
    (
        "sideshow-amount",
        lambda: (lambda s: attrs.evolve(s, sideshow=attrs.evolve(_some(s.sideshow), amount=0)))(
            _sideshow()
        ),
        "the sideshow's chaal is at least one chip",
    ),
]


@pytest.mark.parametrize(
    ("build", "fragment"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_a_corrupted_state_is_named(build: Callable[[], tp.State], fragment: str) -> None:
    problems = check(build())
    assert any(fragment in problem for problem in problems), problems


def test_a_tournament_names_its_one_chip_leaving_stack() -> None:
    """V18/R7: under a boot schedule a player leaves below 1 chip, not below the boot."""
    rules = tp.Rules(boot_schedule=((1, 1), (3, 2)))
    state = _seat(_new(rules), 1, stack=0)
    problems = check(state)
    assert any("below 1 chip (a tournament, V18)" in p for p in problems), problems


def _all_gone(state: tp.State, gone: tuple[int, ...]) -> tp.State:
    """``state`` with the seats ``gone`` departed from the session (V19), in that order."""
    seats = [
        attrs.evolve(seat, in_session=False) if i in gone else seat
        for i, seat in enumerate(state.seats)
    ]
    return attrs.evolve(state, seats=tuple(seats), departed=tuple((i,) for i in gone))


def test_a_winner_who_left_the_session_is_named() -> None:
    """R8: the session's winners are players still in the session."""
    state = _all_gone(_finished(tp.Rules(hand_limit=1)), (2,))
    problems = check(attrs.evolve(state, session_winners=(2,)))
    assert any(
        "every winner is a seat still in the session (R8) @ $.session_winners" in p
        for p in problems
    ), problems


def test_a_session_that_ends_with_nobody_left_has_no_winner() -> None:
    """S4/R8: at the hand limit with every player gone, no seat wins; every chip brought
    was taken away (S8), so nothing is inconsistent."""
    finished = _finished(tp.Rules(hand_limit=1))
    state = _all_gone(finished, (0, 1, 2))
    state = attrs.evolve(
        state,
        session_winners=(),
        placings=((0,), (1,), (2,)),
        chips_taken=finished.chips_brought,
    )
    assert check(state) == []
    # a winner named anyway is one who left the session (R8)
    assert any("(R8)" in p for p in check(attrs.evolve(state, session_winners=(0,))))
