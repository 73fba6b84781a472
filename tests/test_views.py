"""Views (R43): what each seat, and a spectator, may know."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import teenpatti_rules as tp
from scenario_runner import build_deck
from session_corpus import RandomSession, played
from teenpatti_rules.events import Looked, OpenFlush, Showdown, ShownHand, SideShowAccepted
from teenpatti_rules.records import evolve as replace_state
from teenpatti_rules.views import may_see_cards, visible_event

# --- helpers ---------------------------------------------------------------------------


def deal(state: tp.State, hands: dict[int, str]) -> tp.State:
    """Deal ``hands`` (seat -> three cards) by R10 through an explicit deck."""
    deck = build_deck(state, {str(seat): text for seat, text in hands.items()})
    return tp.apply(state, tp.Deal(state.dealer, deck))


def cards_in(value: Any) -> Iterator[tp.Card]:
    """Every Card reachable from ``value``: attrs records, tuples, lists, dicts. A
    frozen record (the rules, a seat: shared by many states) is walked once: its cards
    are remembered by value."""
    if isinstance(value, tp.Card):
        yield value
    elif attrs.has(type(value)):
        try:
            yield from _record_cards(value)
        except TypeError:  # not hashable: walk it
            yield from _walk_record(value)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)


def _walk_record(record: Any) -> Iterator[tp.Card]:
    """The cards in the fields of an attrs record."""
    for field in attrs.fields(type(record)):
        yield from cards_in(getattr(record, field.name))


@functools.lru_cache(maxsize=100_000)
def _record_cards(record: Any) -> tuple[tp.Card, ...]:
    """The cards in a hashable record (remembered: equal records hold equal cards)."""
    return tuple(_walk_record(record))


def knowable(state: tp.State, viewer: int | None) -> set[int]:
    """Seats whose cards ``viewer`` may know, worked out from the hand's log (R43):
    its own once a Looked event says it looked (R22), and every hand a Showdown
    event turned up (R35, R40). The log is the current hand's (between hands: the
    last hand's), so a new deal forgets the turned-up hands.
    """
    seats: set[int] = set()
    private = state.rules.sideshow_reveal == "private"
    for event in state.events:
        if isinstance(event, Looked) and event.seat == viewer:
            seats.add(event.seat)
        if isinstance(event, Showdown):
            seats.update(hand.seat for hand in event.hands)
        # V17: an accepted private sideshow shows each of its two players the other's cards.
        if private and isinstance(event, SideShowAccepted) and viewer is not None:
            pair = {event.asker, event.target}
            if viewer in pair:
                seats.update(pair - {viewer})
    return seats


def open_flush_cards(state: tp.State) -> set[tp.Card]:
    """The cards of the open flushes of the current hand's log (V16): face up, public."""
    return {
        card
        for event in state.events
        if isinstance(event, OpenFlush)
        for hand in event.hands
        for card in hand.cards
    }


VIEWERS = (None, 0, 1, 2)


@pytest.fixture
def table() -> tp.State:
    """Three players, Asha deals (seat 0); deal order 1, 2, 0 (R10)."""
    return tp.new_session(["Asha", "Bilal", "Chen"], seed=11, dealer=0)


# --- the property: nothing hidden leaks, nothing knowable is lost ------------------------


@pytest.mark.soak
def test_views_hide_exactly_what_r43_hides(random_sessions: tuple[RandomSession, ...]) -> None:
    """Every state of the shared random sessions (``tests/session_corpus.py``), seen by
    every viewer."""
    for state in (state for session in random_sessions for state in session.states):
        for viewer in (None, *range(len(state.seats))):
            seen = tp.view(state, viewer)
            allowed = knowable(state, viewer)
            assert seen.seed is None  # R43: the seed is never visible
            for index, (real, shown) in enumerate(zip(state.seats, seen.seats, strict=True)):
                assert shown.cards == (real.cards if index in allowed else ())
                # Every other field of the seat is public and kept.
                assert attrs.evolve(shown, cards=real.cards) == real
            visible = {card for index in allowed for card in state.seats[index].cards}
            visible |= open_flush_cards(state)
            if state.indicator is not None:  # V8 W5: the indicator is public
                visible.add(state.indicator)
            assert seen.indicator == state.indicator
            assert set(cards_in(seen)) <= visible  # no card anywhere else in the view
            assert seen.events == state.events  # every event is public today
            assert seen.undealt == ()  # V16, V20: the rest of the deck is never visible
            changed = replace_state(
                seen, seats=state.seats, seed=state.seed, undealt=state.undealt, result=state.result
            )
            assert seen.seat == viewer  # a view says whose it is
            fields = attrs.asdict(changed, recurse=False)
            assert fields.pop("seat") == viewer
            assert fields == attrs.asdict(state, recurse=False)
            if state.phase is not tp.Phase.AWAITING_DEAL:
                expected = tp.legal_actions(state)
                actor = state.actor
                if actor is not None and actor not in allowed:  # a Draw names the actor's cards
                    expected = tuple(a for a in expected if not isinstance(a, tp.Draw))
                assert tp.legal_actions(seen) == expected


# --- worked examples -------------------------------------------------------------------


def test_blind_players_do_not_see_their_own_cards(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    for viewer in VIEWERS:
        assert [seat.cards for seat in tp.view(state, viewer).seats] == [(), (), ()]
    state = tp.apply(state, tp.Look(1))  # R22: seen from now on
    assert tp.view(state, 1).seats[1].cards == tp.parse_cards("As Kd Qh")
    for viewer in (None, 0, 2):
        assert tp.view(state, viewer).seats[1].cards == ()
    assert tp.view(state, 1).seats[0].cards == tp.view(state, 1).seats[2].cards == ()


def test_show_turns_both_hands_up_until_the_next_deal(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    state = tp.apply(state, tp.Look(1))
    state = tp.apply(state, tp.Pack(1))  # seat 1 packs, seen
    state = tp.apply(state, tp.Show(2))  # blind show against blind seat 0 (R34, R36)
    assert state.phase is tp.Phase.AWAITING_DEAL
    assert state.result is not None and set(state.result.shown) == {0, 2}
    for viewer in VIEWERS:
        seats = tp.view(state, viewer).seats
        assert seats[0].cards == tp.parse_cards("2c 7d 9h")  # turned up (R35)
        assert seats[2].cards == tp.parse_cards("5s 5d Jc")
        # The packed hand is never revealed (R43), except to its seen owner.
        assert seats[1].cards == (tp.parse_cards("As Kd Qh") if viewer == 1 else ())
    state = tp.apply(state, tp.Deal(2))  # a new deal: the turned-up hands go down
    for viewer in VIEWERS:
        assert [seat.cards for seat in tp.view(state, viewer).seats] == [(), (), ()]


def test_a_blind_player_who_never_looked_never_sees_its_cards(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    state = tp.apply(state, tp.Pack(1))  # blind pack
    state = tp.apply(state, tp.Pack(2))  # seat 0 wins, cards stay down (R39)
    assert state.phase is tp.Phase.AWAITING_DEAL
    for viewer in VIEWERS:
        assert [seat.cards for seat in tp.view(state, viewer).seats] == [(), (), ()]


def test_sideshow_reveals_nothing_and_the_loser_stays_hidden(table: tp.State) -> None:
    state = deal(table, {0: "Kc Kd 4h", 1: "Jc Jd 3s", 2: "Qs Qh 9c"})
    for seat in (1, 2, 0):
        state = tp.apply(state, tp.Look(seat))
    state = tp.apply(state, tp.Bet(1, 2))  # seen chaal, stake stays 1 (R24)
    state = tp.apply(state, tp.SideShow(2, 2))  # asks its previous player, seat 1 (R30)
    assert state.phase is tp.Phase.SIDESHOW
    state = tp.apply(state, tp.AcceptSideShow(1))  # queens beat jacks: seat 1 packs (R31)
    assert not state.seats[1].in_hand and state.seats[2].in_hand
    for viewer in VIEWERS:
        seats = tp.view(state, viewer).seats
        for index in range(3):  # R32: nobody sees anybody else's cards
            assert (seats[index].cards != ()) == (index == viewer)
    assert state.actor == 0  # play passes to the asker's left (R31)
    state = tp.apply(state, tp.Show(0))  # seen vs seen, costs twice the stake of 1 (R34)
    # Pot: boots 3 + chaal 2 + sideshow chaal 2 + show 2 = 9; kings beat queens (R15).
    assert state.result is not None and state.result.winnings == {0: 9}
    for viewer in VIEWERS:
        seats = tp.view(state, viewer).seats
        assert seats[0].cards == tp.parse_cards("Kc Kd 4h")
        assert seats[2].cards == tp.parse_cards("Qs Qh 9c")
        assert seats[1].cards == (tp.parse_cards("Jc Jd 3s") if viewer == 1 else ())


def test_spectators_see_only_turned_up_hands(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    for seat in (0, 1, 2):
        state = tp.apply(state, tp.Look(seat))
    assert [seat.cards for seat in tp.view(state, None).seats] == [(), (), ()]
    assert tp.view(state, None).seed is None


@pytest.mark.parametrize("seat", [True, False, -1, 3, "0", 1.0])
def test_view_refuses_what_is_not_a_seat(table: tp.State, seat: Any) -> None:
    with pytest.raises(ValueError, match=r"a view is for a seat number 0\.\.2 or None"):
        tp.view(table, seat)


# --- the event filter --------------------------------------------------------------------


def test_every_engine_event_passes_the_filter_unchanged(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    state = tp.apply(tp.apply(state, tp.Pack(1)), tp.Show(2))
    kinds = {type(event).__name__ for event in state.events}
    assert {"HandStarted", "BootPosted", "Packed", "ShowAsked", "Showdown", "Payout"} <= kinds
    for viewer in VIEWERS:
        for event in state.events:
            assert visible_event(state, event, viewer) is event


@attrs.frozen
class SecretEvent:
    """An event type the filter does not know."""

    seat: int


def test_unknown_event_types_are_left_out(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    secret: Any = SecretEvent(1)
    state = replace_state(state, events=(*state.events[:2], secret, *state.events[2:]))
    assert visible_event(state, secret, 1) is None
    for viewer in VIEWERS:
        events = tp.view(state, viewer).events
        assert secret not in events and len(events) == len(state.events) - 1


def test_a_showdown_keeps_only_hands_the_viewer_may_see(table: tp.State) -> None:
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    state = tp.apply(state, tp.Look(1))
    # A made-up log entry naming hands that were not turned up (the engine never does).
    hands = tuple(
        ShownHand(seat, state.seats[seat].cards, tp.evaluate(state.seats[seat].cards))
        for seat in (0, 1)
    )
    made_up = Showdown(tp.HandEnding.SHOWDOWN, hands)
    state = replace_state(state, events=(*state.events, made_up))
    assert may_see_cards(state, 1, 1) and not may_see_cards(state, 1, 0)
    shown = tp.view(state, 1).events[-1]
    assert isinstance(shown, Showdown) and [hand.seat for hand in shown.hands] == [1]
    spectators = tp.view(state, None).events[-1]
    assert isinstance(spectators, Showdown) and spectators.hands == ()


# --- speed: nothing is rebuilt that need not be --------------------------------------------


def test_visible_and_empty_seats_are_reused(table: tp.State) -> None:
    assert tp.view(table, 0).seats is table.seats  # nothing dealt: nothing to hide
    state = deal(table, {0: "2c 7d 9h", 1: "As Kd Qh", 2: "5s 5d Jc"})
    state = tp.apply(state, tp.Look(1))
    mine = tp.view(state, 1)
    assert mine.seats[1] is state.seats[1]
    assert mine.events is state.events
    assert tp.view(mine, 1) is mine  # a view of a view: nothing left to hide
    assert tp.view(mine, None).seats[1].cards == ()  # and never reveals more


def test_private_sideshow_cards_reach_only_its_two_players(
    random_sessions: tuple[RandomSession, ...],
) -> None:
    """V17: on a sideshow_reveal="private" table the property above still holds (the two
    players of an accepted sideshow see each other's cards until the next deal, nobody
    else does), checked over sessions where such sideshows happen: the shared random
    sessions (``tests/session_corpus.py``) played again, from the same start and seed,
    at their tables made private."""
    for session in random_sessions:
        rules = attrs.evolve(session.start.rules, sideshow_reveal="private")
        _private_sideshow_cards_reach_only_its_two_players(
            played(session.seed, replace_state(session.start, rules=rules))
        )


def _private_sideshow_cards_reach_only_its_two_players(states: tuple[tp.State, ...]) -> None:
    for state in states:
        pairs = {(e.asker, e.target) for e in state.events if isinstance(e, SideShowAccepted)}
        for viewer in (None, *range(len(state.seats))):
            seen = tp.view(state, viewer)
            allowed = knowable(state, viewer)
            for index, (real, shown) in enumerate(zip(state.seats, seen.seats, strict=True)):
                assert shown.cards == (real.cards if index in allowed else ())
                if viewer is None or all(viewer not in pair for pair in pairs):
                    # only the two players of a sideshow gain anything
                    shown_else = index == viewer and real.seen
                    assert not shown.cards or shown_else or index in knowable(state, None)
