"""The reducer on hand-worked examples: errors, dealing, the event log, the button."""

from __future__ import annotations

import copy

import pytest

import teenpatti_rules as tp
from scenario_runner import build_deck
from teenpatti_rules.engine.trust import UnreachableStateError
from teenpatti_rules.events import (
    BetMade,
    BootPosted,
    HandEnding,
    HandStarted,
    Looked,
    Packed,
    Payout,
    SeatLeft,
    SessionEnded,
    ShowAsked,
    Showdown,
    ShownHand,
    SideShowAccepted,
    SideShowAsked,
    SideShowRefused,
    WentAllIn,
)
from teenpatti_rules.state import SideShowRequest

NAMES = ["P0", "P1", "P2"]


def deck(text: str) -> tuple[tp.Card, ...]:
    cards = tp.parse_cards(text)
    rest = tuple(card for card in tp.standard_deck() if card not in cards)
    return cards + rest


def dealt(dealer: int = 0, text: str = "2c 3c 4c 5d 6d 7d 9h Th Js", **kwargs: object) -> tp.State:
    state = tp.new_session(NAMES, tp.Rules(starting_boots=20, **kwargs), seed=0, dealer=dealer)  # type: ignore[arg-type]
    return tp.apply(state, tp.Deal(0, deck(text)))


# --- new_session ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "kwargs", "message"),
    [
        (["A", "B"], {}, "3 to 7 players, not 2 \\(R3\\)"),
        ([f"P{i}" for i in range(8)], {}, "3 to 7 players, not 8"),
        (["A", "B", "A"], {}, "'A' appears twice"),
        (["A", "", "C"], {}, "non-empty str"),
        (["A", 2, "C"], {}, "non-empty str, not int 2"),
        ("ABC", {}, "sequence of names"),
        (NAMES, {"seed": "7"}, "seed must be an int"),
        (NAMES, {"dealer": 3}, "dealer must be a seat number 0..2, not 3"),
        (NAMES, {"dealer": -1}, "dealer must be a seat number"),
        (NAMES, {"stacks": [10, 10]}, "stacks must be a sequence of 3 ints"),
        (NAMES, {"stacks": [10, 0, 10]}, "stack of seat 1 \\(0\\) is below the boot \\(1\\)"),
        (NAMES, {"stacks": [10, 2.5, 10]}, "stacks\\[1\\] must be an int"),
        (NAMES, {"rules": "default"}, "rules must be a Rules record"),
    ],
)
def test_new_session_rejects_bad_input(
    players: object, kwargs: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"seed": 1, **kwargs}
    with pytest.raises(ValueError, match=message):
        tp.new_session(players, **arguments)  # type: ignore[arg-type]


def test_new_session_r4_starting_stacks_and_no_hand() -> None:
    state = tp.new_session(NAMES, tp.Rules(boot=5, starting_boots=20), seed=3)
    assert [seat.stack for seat in state.seats] == [100, 100, 100]
    assert state.phase is tp.Phase.AWAITING_DEAL and state.hand_number == 0
    assert state.stake == 0 and state.pot == 0 and state.actor is None and state.result is None
    assert not any(seat.in_hand for seat in state.seats)
    assert all(seat.in_session for seat in state.seats)


def test_r5_first_dealer_from_the_seed_is_reproducible_and_covers_every_seat() -> None:
    dealers = {tp.new_session(NAMES, seed=seed).dealer for seed in range(60)}
    assert dealers == {0, 1, 2}
    assert tp.new_session(NAMES, seed=11).dealer == tp.new_session(NAMES, seed=11).dealer
    assert tp.new_session(NAMES, seed=11, dealer=2).dealer == 2


# --- dealing -------------------------------------------------------------------------


def test_r10_explicit_deck_deal_order() -> None:
    # dealer 1 of 3: deal order 2, 0, 1; seat 2 gets deck[0], deck[3], deck[6].
    state = tp.new_session(NAMES, seed=0, dealer=1)
    state = tp.apply(state, tp.Deal(0, deck("As Ks Qs Ah Kh Qh Ad Kd Qd")))
    assert tp.format_cards(state.seats[2].cards) == "As Ah Ad"
    assert tp.format_cards(state.seats[0].cards) == "Ks Kh Kd"
    assert tp.format_cards(state.seats[1].cards) == "Qs Qh Qd"


def test_r10_a_deck_of_exactly_3k_cards_is_enough() -> None:
    state = tp.new_session(NAMES, seed=0, dealer=0)
    after = tp.apply(state, tp.Deal(2, list(tp.parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc"))))
    assert after.phase is tp.Phase.BETTING


@pytest.mark.parametrize(
    ("bad_deck", "message"),
    [
        (
            tp.parse_cards("2c 3c 4c 5c 6c 7c 8c 9c"),
            "3 players need a deck of at least 9 cards, not 8 \\(R10\\)",
        ),
        (tp.parse_cards("2c 3c 4c 5c 6c 7c 8c 9c 2c"), "card 2c appears twice in the deck"),
        ((*tp.parse_cards("2c 3c 4c 5c 6c 7c 8c 9c"), "Tc"), "deck\\[8\\] is not a Card: 'Tc'"),
        ("2c 3c 4c 5c 6c 7c 8c 9c Tc", "the deck must be a sequence of Card"),
        (42, "the deck must be a sequence of Card"),
    ],
)
def test_bad_decks_are_illegal(bad_deck: object, message: str) -> None:
    state = tp.new_session(NAMES, seed=0, dealer=0)
    with pytest.raises(tp.IllegalActionError, match="seat 1 may not deal: " + message):
        tp.apply(state, tp.Deal(1, bad_deck))


def test_seeded_deck_depends_on_seed_and_hand_not_on_who_deals() -> None:
    state = tp.new_session(NAMES, seed=99, dealer=0)
    by_0, by_2 = tp.apply(state, tp.Deal(0)), tp.apply(state, tp.Deal(2))
    assert [s.cards for s in by_0.seats] == [s.cards for s in by_2.seats]
    other = tp.apply(tp.new_session(NAMES, seed=100, dealer=0), tp.Deal(0))
    assert [s.cards for s in other.seats] != [s.cards for s in by_0.seats]
    cards = [card for seat in by_0.seats for card in seat.cards]
    assert len(set(cards)) == 9


def test_deal_without_seed_needs_an_explicit_deck() -> None:
    import attrs

    state = attrs.evolve(tp.new_session(NAMES, seed=1), seed=None)
    with pytest.raises(tp.IllegalActionError, match="has no seed"):
        tp.apply(state, tp.Deal(0))
    assert tp.apply(state, tp.Deal(0, deck(""))).phase is tp.Phase.BETTING


def test_r6_deal_only_between_hands_and_by_seats_in_the_session() -> None:
    state = dealt()
    with pytest.raises(tp.IllegalActionError, match="seat 0 may not deal: a hand is in play"):
        tp.apply(state, tp.Deal(0))
    with pytest.raises(tp.IllegalActionError, match=r"names no seat: seats are 0\.\.2"):
        tp.apply(tp.new_session(NAMES, seed=1), tp.Deal(3))


# --- error messages ------------------------------------------------------------------


def test_error_messages_name_seat_action_and_reason() -> None:
    state = dealt(dealer=0)  # seat 1 acts first
    cases: list[tuple[tp.Action, str]] = [
        (tp.Bet(2, 1), "seat 2 may not bet: it is seat 1's turn"),
        (
            tp.Show(1),
            "seat 1 may not show: 3 players are still in the hand and a show needs exactly 2 (R34)",
        ),
        (
            tp.Bet(1, 3),
            "seat 1 may not bet: 3 chips is not a legal blind bet now; it may bet 1 or 2 (R24)",
        ),
        (
            tp.Bet(1, True),
            "seat 1 may not bet: the amount must be a whole number of chips, not True (an int; convert numpy integers with int())",
        ),
        (
            tp.AllIn(1),
            "seat 1 may not go all-in: its stack of 19 chips covers the minimum bet of 1, so it must bet (R26)",
        ),
        (
            tp.SideShow(1, 2),
            "seat 1 may not ask for a sideshow: it is blind; only a seen player may ask for a sideshow (R30)",
        ),
        (tp.AcceptSideShow(0), "seat 0 may not accept a sideshow: no sideshow is pending"),
        (tp.RefuseSideShow(0), "seat 0 may not refuse a sideshow: no sideshow is pending"),
        (tp.Deal(0), "seat 0 may not deal: a hand is in play"),
    ]
    for action, message in cases:
        with pytest.raises(tp.IllegalActionError) as info:
            tp.apply(state, action)
        assert str(info.value) == message
        assert info.value.action == action


def test_not_an_action() -> None:
    state = dealt()
    with pytest.raises(tp.IllegalActionError, match="not an action: 'P1 bet 1'"):
        tp.apply(state, "P1 bet 1")  # type: ignore[arg-type]
    assert isinstance(tp.IllegalActionError("x"), ValueError)


def test_look_errors() -> None:
    state = tp.apply(dealt(), tp.Look(2))
    with pytest.raises(tp.IllegalActionError, match="seat 2 may not look: it has already looked"):
        tp.apply(state, tp.Look(2))
    state = tp.apply(state, tp.Pack(1))
    with pytest.raises(tp.IllegalActionError, match="seat 1 may not look: it is not in the hand"):
        tp.apply(state, tp.Look(1))
    with pytest.raises(tp.IllegalActionError, match="seat 0 may not look: no hand is in play"):
        tp.apply(tp.new_session(NAMES, seed=1), tp.Look(0))


def test_apply_never_changes_its_input() -> None:
    state = dealt()
    before = copy.deepcopy(state)
    for action in tp.legal_actions(state):
        tp.apply(state, action)
    assert state == before


# --- the event log -------------------------------------------------------------------


def test_event_log_of_a_hand_with_a_refused_and_an_accepted_sideshow() -> None:
    # 4 players, dealer 0, order 1, 2, 3, 0. Hands: 1 pair of kings, 2 pair of aces,
    # 3 high card, 0 high card.
    state = tp.new_session(["P0", "P1", "P2", "P3"], tp.Rules(starting_boots=20), seed=0, dealer=0)
    hands = "Kc Ac 5d 2s Kd Ad 7h 3s 9c 4h Jc 6d"  # dealt 1, 2, 3, 0 in three rounds
    state = tp.apply(state, tp.Deal(3, deck(hands)))
    script: list[tp.Action] = [
        tp.Look(1),
        tp.Look(2),
        tp.Bet(1, 2),  # seen chaal 2, stake 1
        tp.SideShow(2, 4),  # seen raise 4, stake 2, asks seat 1
        tp.RefuseSideShow(1),
        tp.Bet(3, 2),  # blind chaal 2, stake 2
        tp.Pack(0),
        tp.Bet(1, 4),  # seen chaal 4
        tp.SideShow(2, 4),  # asks seat 1 again
        tp.AcceptSideShow(1),  # aces beat kings: seat 1 packs
        tp.Pack(3),  # seat 2 alone: wins the pot, cards down (R39)
    ]
    for action in script:
        state = tp.apply(state, action)
    # pot: boots 4 + 2 + 4 + 2 + 4 + 4 = 20
    assert state.events == (
        HandStarted(1, 0, 3, (1, 2, 3, 0)),
        BootPosted(1, 1, False),
        BootPosted(2, 1, False),
        BootPosted(3, 1, False),
        BootPosted(0, 1, False),
        Looked(1),
        Looked(2),
        BetMade(1, 2, 1, False, False),
        SideShowAsked(2, 1, 4, 2),
        SideShowRefused(2, 1),
        BetMade(3, 2, 2, True, False),
        Packed(0),
        BetMade(1, 4, 2, False, False),
        SideShowAsked(2, 1, 4, 2),
        SideShowAccepted(2, 1, 1),
        Packed(3),
        Payout(2, 20),
    )
    assert state.result is not None
    assert state.result.ending is HandEnding.PACKED and dict(state.result.shown) == {}
    assert dict(state.result.winnings) == {2: 20} and state.result.pot == 20
    assert [seat.stack for seat in state.seats] == [19, 13, 31, 17]


def test_event_log_of_a_short_all_in_and_a_showdown_with_a_side_pot() -> None:
    # dealer 0, order 1, 2, 0; after the boots stacks are 19, 2, 19.
    state = tp.new_session(NAMES, seed=0, dealer=0, stacks=[20, 3, 20])
    hands = {"0": "9c 7d 2s", "1": "Ac Ad As", "2": "Kc Kd 5h"}
    state = tp.apply(state, tp.Deal(0, build_deck(state, hands)))
    script: list[tp.Action] = [
        tp.Bet(1, 1),  # blind chaal: stack 1
        tp.Bet(2, 2),  # blind raise: stake 2
        tp.Look(0),
        tp.Bet(0, 8),  # seen raise (min 4): stake 4
        tp.AllIn(1),  # blind minimum 4 > stack 1: short all-in for 1, stake stays 4
        tp.Look(2),
        tp.Bet(2, 8),  # seen chaal 8
        tp.Bet(0, 8),  # three in the hand: no show; chaal 8
        tp.Pack(2),  # only seat 0 can bet, seat 1 all-in: showdown (R40)
    ]
    for action in script:
        state = tp.apply(state, action)
    # c = 17, 3, 11. Level 3: slice 9 for {0, 1}: trail of aces (seat 1).
    # Above: 14 + 8 = 22 for {0}.
    shown = {seat: tp.evaluate(state.seats[seat].cards) for seat in (0, 1)}
    assert state.events == (
        HandStarted(1, 0, 0, (1, 2, 0)),
        BootPosted(1, 1, False),
        BootPosted(2, 1, False),
        BootPosted(0, 1, False),
        BetMade(1, 1, 1, True, False),
        BetMade(2, 2, 2, True, False),
        Looked(0),
        BetMade(0, 8, 4, False, False),
        WentAllIn(1, 1),
        Looked(2),
        BetMade(2, 8, 4, False, False),
        BetMade(0, 8, 4, False, False),
        Packed(2),
        Showdown(
            HandEnding.SHOWDOWN,
            (
                ShownHand(0, state.seats[0].cards, shown[0]),
                ShownHand(1, state.seats[1].cards, shown[1]),
            ),
        ),
        Payout(1, 9),
        Payout(0, 22),
    )
    assert [seat.stack for seat in state.seats] == [25, 9, 9]
    assert state.result is not None and dict(state.result.winnings) == {1: 9, 0: 22}
    assert state.result.pot == 31 and state.result.dealer == 0 and state.result.hand_number == 1


def test_event_log_of_a_show() -> None:
    state = tp.new_session(NAMES, seed=0, dealer=0)
    hands = {"0": "9c 7d 2s", "1": "Ac Ad As", "2": "Kc Kd 5h"}
    state = tp.apply(state, tp.Deal(2, build_deck(state, hands)))
    for action in (tp.Pack(1), tp.Show(2)):  # blind show costs the stake, 1
        state = tp.apply(state, action)
    assert state.events[-4:] == (
        Packed(1),
        ShowAsked(2, 0, 1),
        Showdown(
            HandEnding.SHOW,
            (
                ShownHand(0, state.seats[0].cards, tp.evaluate("9c 7d 2s")),
                ShownHand(2, state.seats[2].cards, tp.evaluate("Kc Kd 5h")),
            ),
        ),
        Payout(2, 4),
    )
    assert state.result is not None and state.result.ending is HandEnding.SHOW


def test_r5_r7_button_skips_a_seat_that_left() -> None:
    # 4 players, dealer 0, order 1, 2, 3, 0. Seat 1 holds exactly the boot: all-in from
    # the boot (R9), skipped; seat 2 acts first.
    state = tp.new_session(["P0", "P1", "P2", "P3"], seed=0, dealer=0, stacks=[10, 1, 10, 10])
    hands = {"0": "Ac Ad 9s", "1": "2c 3d 5h", "2": "4c 6d 8h", "3": "7c 9d Jh"}
    state = tp.apply(state, tp.Deal(0, build_deck(state, hands)))
    assert state.actor == 2 and state.seats[1].all_in
    state = tp.apply(tp.apply(state, tp.Pack(2)), tp.Pack(3))
    # seats 0 and 1 in the hand, only seat 0 can bet: showdown (R40); pot 4 to seat 0.
    assert state.result is not None and sorted(state.result.shown) == [0, 1]
    assert dict(state.result.winnings) == {0: 4}
    assert [seat.stack for seat in state.seats] == [13, 0, 9, 9]
    # R7: seat 1 (0 chips, below the boot) leaves; R5: the button passes it: 0 -> 2.
    assert [seat.in_session for seat in state.seats] == [True, False, True, True]
    assert state.events[-1] == SeatLeft(1, 0)
    assert state.dealer == 2 and state.phase is tp.Phase.AWAITING_DEAL
    assert tp.legal_actions(state) == (tp.Deal(0), tp.Deal(2), tp.Deal(3))
    with pytest.raises(tp.IllegalActionError, match="seat 1 may not deal: it has left the session"):
        tp.apply(state, tp.Deal(1))
    # Next hand: order 3, 0, 2 (seat 1 is out); seat 3 acts first.
    hands = {"0": "2c 3d 5h", "2": "4c 6d 8h", "3": "7c 9d Jh"}
    state = tp.apply(state, tp.Deal(3, build_deck(state, hands)))
    assert state.actor == 3 and state.pot == 3
    assert state.seats[1] == tp.Seat("P1", 0, in_session=False)
    assert state.events[0] == HandStarted(2, 2, 3, (3, 0, 2))


def test_r5_button_when_the_old_dealer_left() -> None:
    # dealer 1 with exactly the boot loses: it leaves and the button goes to seat 2.
    state = tp.new_session(NAMES, seed=0, dealer=1, stacks=[10, 1, 10])
    hands = {"0": "Ac Ad 9s", "1": "2c 3d 5h", "2": "4c 6d 8h"}
    state = tp.apply(state, tp.Deal(0, build_deck(state, hands)))
    state = tp.apply(state, tp.Pack(2))  # order 2, 0: seat 2 packs; seat 0 alone can bet
    assert [seat.stack for seat in state.seats] == [12, 0, 9]
    assert state.dealer == 2 and not state.seats[1].in_session
    assert state.phase is tp.Phase.AWAITING_DEAL  # two players remain


def test_session_over_r8_event() -> None:
    state = tp.new_session(NAMES, tp.Rules(hand_limit=1), seed=0, dealer=0)
    state = tp.apply(state, tp.Deal(0))
    state = tp.apply(tp.apply(state, tp.Pack(1)), tp.Pack(2))
    assert state.phase is tp.Phase.SESSION_OVER and state.session_winners == (0,)
    assert state.events[-1] == SessionEnded((0,))
    assert tp.legal_actions(state) == ()
    with pytest.raises(tp.IllegalActionError, match="seat 0 may not deal: the session is over"):
        tp.apply(state, tp.Deal(0))
    with pytest.raises(tp.IllegalActionError, match="seat 0 may not pack: the session is over"):
        tp.apply(state, tp.Pack(0))


def test_sideshow_record_while_pending_and_its_errors() -> None:
    state = tp.new_session(NAMES, seed=0, dealer=0)  # order 1, 2, 0
    state = tp.apply(state, tp.Deal(0))
    opening: list[tp.Action] = [tp.Look(1), tp.Look(0), tp.Bet(1, 2), tp.Bet(2, 1)]
    for action in opening:
        state = tp.apply(state, action)
    with pytest.raises(
        tp.IllegalActionError,
        match="seat 0 may not ask for a sideshow: its previous player, seat 2, is blind and may not be asked \\(R30\\)",
    ):
        tp.apply(state, tp.SideShow(0, 2))
    with pytest.raises(tp.IllegalActionError, match="seat 0 may not show: 3 players"):
        tp.apply(state, tp.Show(0))
    # Seat 2 looks (off turn, R22): now seat 0 may ask it.
    state = tp.apply(tp.apply(state, tp.Look(2)), tp.SideShow(0, 2))
    assert state.sideshow == SideShowRequest(0, 2, 2)
    assert state.phase is tp.Phase.SIDESHOW and state.actor == 2
    assert state.pot == 3 + 2 + 1 + 2 and state.stake == 1
    with pytest.raises(
        tp.IllegalActionError,
        match="seat 1 may not pack: a sideshow is pending; only seat 2 may act, to accept or refuse it",
    ):
        tp.apply(state, tp.Pack(1))
    with pytest.raises(
        tp.IllegalActionError,
        match="seat 1 may not accept a sideshow: the pending sideshow was asked of seat 2, not seat 1",
    ):
        tp.apply(state, tp.AcceptSideShow(1))


def test_a_state_without_the_cards_cannot_compare_hands() -> None:
    import attrs

    state = tp.new_session(NAMES, seed=0, dealer=0)
    state = tp.apply(state, tp.Deal(0))
    state = tp.apply(state, tp.Pack(1))
    hidden = attrs.evolve(state, seats=tuple(attrs.evolve(seat, cards=()) for seat in state.seats))
    # a state with its cards taken out is not one the engine could reach: refused (R10)
    with pytest.raises(UnreachableStateError, match="dealt three cards \\(R10\\)"):
        tp.apply(hidden, tp.Show(2))
    assert tp.apply(state, tp.Show(2)).phase is tp.Phase.AWAITING_DEAL
