"""Table variants (RULES.md V3 no-limit, V13-V21): the Rules refusals, the rule
questions' reasons, narration, labels and the invariants. The hands themselves are
worked out in tests/scenarios/v03-*.json ... v21-*.json.
"""

from __future__ import annotations

import pytest

import teenpatti_rules as tp
from teenpatti_rules import events as ev
from teenpatti_rules.engine.ending import placings, winner_button
from teenpatti_rules.engine.invariants import check
from teenpatti_rules.engine.questions import why_not_accept, why_not_draw
from teenpatti_rules.engine.sizing import NoLimitSizing
from teenpatti_rules.records import evolve
from teenpatti_rules.text.labels import action_label
from teenpatti_rules.text.narrate import describe_event, describe_hand

NAMES = ["Asha", "Bilal", "Chen"]


def deal(rules: tp.Rules, hands: dict[int, str], rest: str = "", **kw: object) -> tp.State:
    """A dealt hand, dealer 0 (deal order 1, 2, 0, R10), ``rest`` next in the deck."""
    from scenario_runner import build_deck

    state = tp.new_session(NAMES, rules, seed=1, dealer=0, **kw)  # type: ignore[arg-type]
    deck = build_deck(state, {str(s): h for s, h in hands.items()}, rest=rest)
    return tp.apply(state, tp.Deal(0, deck))


HANDS = {0: "5h 6s Jc", 1: "2c Kd 7h", 2: "3c 4d 9s"}


# --- Rules ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"dealer_boots": 0}, "Rules.dealer_boots must be at least 1"),
        ({"table_show_after": 0}, "Rules.table_show_after must be at least 1"),
        ({"max_turns": 0}, "Rules.max_turns must be at least 1"),
        ({"ties": "coin"}, "Rules.ties must be one of 'split', 'open_flush'"),
        ({"sideshow_target": "left"}, "Rules.sideshow_target must be one of"),
        ({"sideshow_split": 1}, "Rules.sideshow_split must be True or False"),
        ({"sideshow_reveal": "all"}, "Rules.sideshow_reveal must be one of"),
        ({"boot_schedule": ()}, "Rules.boot_schedule must be None or a non-empty tuple"),
        ({"boot_schedule": "1,1"}, "Rules.boot_schedule must be None or a non-empty tuple"),
        ({"boot_schedule": ((1, 1, 1),)}, "each entry is a pair of ints"),
        ({"boot_schedule": ((1, True),)}, "each entry is a pair of ints"),
        ({"boot_schedule": ((1, 1), (1, 2))}, "first hands must increase from 1"),
        ({"boot_schedule": ((1, 1), (3, 0))}, "a boot is at least 1, not 0"),
        ({"boot_schedule": ((2, 1),)}, r"must start with \(1, boot\) = \(1, 1\)"),
        ({"boot": 2, "boot_schedule": ((1, 1),)}, r"= \(1, 2\), not \(1, 1\)"),
        (
            {"stake_limit": 3, "boot_schedule": ((1, 1), (5, 4))},
            "Rules.stake_limit .3. must be at least every boot",
        ),
        ({"draw_price": 0}, "Rules.draw_price must be at least 1"),
        ({"max_draws": 0}, "Rules.max_draws must be at least 1"),
        ({"max_draws": 2.5}, "Rules.max_draws must be an int"),
        ({"button": "right"}, "Rules.button must be one of 'left', 'winner'"),
        ({"bet_sizing": "pot"}, "Rules.bet_sizing must be one of 'double', 'range', 'no_limit'"),
    ],
)
def test_rules_refuse_nonsense_naming_the_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tp.Rules(**fields)  # type: ignore[arg-type]


def test_a_draw_needs_three_card_hands() -> None:
    """V20 with V12: a draw is not legal with hand_size other than 3."""
    with pytest.raises(ValueError, match=r"Rules\.draw_price needs Rules\.hand_size 3, not 4"):
        tp.Rules(hand_size=4, draw_price=1)
    assert tp.Rules(hand_size=4).hand_size == 4


def test_boot_schedule_lists_become_tuples_and_give_each_hands_boot() -> None:
    rules = tp.Rules(boot_schedule=[[1, 1], [11, 2], [21, 5]])
    assert rules.boot_schedule == ((1, 1), (11, 2), (21, 5))
    assert [rules.boot_of_hand(h) for h in (1, 10, 11, 20, 21, 99)] == [1, 1, 2, 2, 5, 5]
    assert rules.leaving_stack == 1 and tp.Rules(boot=3).leaving_stack == 3  # V18, R7
    assert tp.Rules(boot=3).boot_of_hand(7) == 3


# --- V3 no-limit -----------------------------------------------------------------------


def test_no_limit_ranges() -> None:
    sizing = NoLimitSizing()
    rules = tp.Rules(bet_sizing="no_limit")
    blind = sizing.amounts(rules, 3, False, 20)
    assert (3 in blind, 20 in blind, 21 in blind, len(blind)) == (True, True, False, 18)
    seen = sizing.amounts(rules, 6, True, 21)
    assert list(seen) == [6, 8, 10, 12, 14, 16, 18, 20, 21]
    assert sizing.listed(seen) == (6, 12, 20, 21)
    assert sizing.listed(sizing.amounts(rules, 6, True, 5)) == ()  # R26: all-in instead
    assert sizing.listed(sizing.amounts(rules, 6, True, 7)) == (6, 7)


# --- V17 --------------------------------------------------------------------------------


def test_split_sideshow_accept_needs_a_stack_above_half() -> None:
    rules = tp.Rules(sideshow_split=True)
    state = deal(rules, {0: "Ks Kd 2c", 1: "As Ad 5c", 2: "Qs Qd 3c"}, stacks=[100, 100, 5])
    for seat in (0, 1, 2):
        state = tp.apply(state, tp.Look(seat))
    state = tp.apply(tp.apply(state, tp.Bet(1, 2)), tp.Bet(2, 2))  # seat 2: 2 chips left
    state = tp.apply(state, tp.SideShow(0, 4))  # half 2: seat 2 cannot pay and keep a chip
    assert why_not_accept(state, 2) == (
        "accepting costs 2 chips (half the chaal) and needs more than its 2 (V17)"
    )
    assert tp.legal_actions(state) == (tp.RefuseSideShow(2),)
    with pytest.raises(tp.IllegalActionError, match="seat 2 may not accept a sideshow"):
        tp.apply(state, tp.AcceptSideShow(2))
    assert action_label(state, tp.RefuseSideShow(2)) == "refuse Asha's sideshow"
    import random

    from teenpatti_rules.players.equity import EquityPolicy, equity_choose

    # Every automatic player refuses when it may not accept (queens would accept).
    rng = random.Random(0)
    assert tp.choose(tp.view(state, 2), 2, rng) == tp.RefuseSideShow(2)
    keen = EquityPolicy(accept=0.0)
    assert equity_choose(tp.view(state, 2), 2, rng, keen) == tp.RefuseSideShow(2)


def test_split_sideshow_half_reaching_the_pot_limit_is_a_showdown() -> None:
    """V17 with R38: the asked player's half brings the pot to the limit."""
    rules = tp.Rules(sideshow_split=True, pot_limit=11)
    state = deal(rules, {0: "Ks Kd 2c", 1: "As Ad 5c", 2: "Qs Qd 3c"})
    for seat in (0, 1, 2):
        state = tp.apply(state, tp.Look(seat))
    state = tp.apply(tp.apply(state, tp.Bet(1, 2)), tp.Bet(2, 2))
    state = tp.apply(state, tp.SideShow(0, 4))  # pot 9
    label = action_label(state, tp.AcceptSideShow(2))
    assert label == "accept Asha's sideshow, paying 2 chips"
    state = tp.apply(state, tp.AcceptSideShow(2))  # pot 11: an ordinary showdown of all
    assert state.result is not None and sorted(state.result.shown) == [0, 1, 2]
    assert dict(state.result.winnings) == {1: 11}


def test_labels_and_narration_of_the_new_actions_and_events() -> None:
    rules = tp.Rules(sideshow_split=True, sideshow_target="next", draw_price=2)
    state = deal(rules, HANDS)
    for seat in (0, 1, 2):
        state = tp.apply(state, tp.Look(seat))
    assert action_label(state, tp.SideShow(1, 4)) == (
        "split sideshow: chaal 4 chips, pay half (2 chips) and ask Chen to compare hands"
    )
    assert action_label(state, tp.Draw(1, tp.parse_cards("Kd 7h"))) == (
        "draw: discard Kd 7h and pay 4 chips for new cards"
    )
    names = NAMES
    shown = ev.ShownHand(1, tp.parse_cards("Qs Qd Qc"), tp.evaluate("Qs Qd Qc"))
    lines = [
        describe_event(ev.SideShowAsked(0, 1, 2, 2, True), names, 1),
        describe_event(ev.SideShowHalfPaid(1, 2), names, 2),
        describe_event(ev.Drew(2, 1, 2), names, 2),
        describe_event(ev.Drew(2, 2, 4), names, 2),
        describe_event(ev.TableShow(3, 4), names, 4),
        describe_event(ev.TurnLimitReached(2), names, 4),
        describe_event(ev.TurnLimitReached(1), names, 4),
        describe_event(ev.OpenFlush((shown,)), names, 4),
        describe_event(ev.Showdown(ev.HandEnding.TABLE_SHOW, (shown,)), names, 4),
        describe_event(ev.Showdown(ev.HandEnding.TURN_LIMIT, (shown,)), names, 4),
    ]
    assert lines == [
        "Asha raises: 4 chips seen, stake 1 -> 2, pays half (2 chips) and asks Bilal for a "
        "split sideshow",
        "Bilal pays the other half of the sideshow's chaal, 2 chips",
        "Chen pays 2 chips and draws a card",
        "Chen pays 4 chips and draws 2 cards",
        "Table show after 3 rounds at stake 4",
        "Turn limit: every player still betting has taken 2 turns",
        "Turn limit: every player still betting has taken 1 turn",
        "Open flush: Bilal Qs Qd Qc (trail of queens)",
        "Table show: Bilal Qs Qd Qc (trail of queens)",
        "Showdown at the turn limit: Bilal Qs Qd Qc (trail of queens)",
    ]


def test_a_table_show_is_narrated_with_its_rounds_and_stake() -> None:
    state = deal(tp.Rules(table_show_after=3), HANDS)
    while state.phase is tp.Phase.BETTING:
        assert state.actor is not None
        state = tp.apply(state, tp.Bet(state.actor, 1))
    lines = describe_hand(state)
    assert "Table show after 3 rounds at stake 1" in lines
    assert any(line.startswith("Table show: ") for line in lines)
    assert state.pot == 0 and state.result is not None and state.result.pot == 12


# --- V20 --------------------------------------------------------------------------------


def test_why_not_draw_gives_each_reason() -> None:
    state = deal(tp.Rules(draw_price=3, max_draws=1), HANDS, rest="As", stacks=[100, 5, 100])
    assert why_not_draw(state, 1) == "it is blind; only a seen player may draw (V20)"
    state = tp.apply(state, tp.Look(1))  # 4 chips after the boot
    kd, jc = tp.parse_cards("Kd Jc")
    reasons = {
        "text": why_not_draw(state, 1, "Kd"),
        "not cards": why_not_draw(state, 1, (kd, "x")),
        "twice": why_not_draw(state, 1, (kd, kd)),
        "none": why_not_draw(state, 1, ()),
        "not own": why_not_draw(state, 1, (jc,)),
        "too many": why_not_draw(state, 1, tp.parse_cards("Kd 7h")),
    }
    assert reasons == {
        "text": "the discarded cards must be a tuple of Card, not 'Kd'",
        "not cards": "the discarded cards must be distinct Cards",
        "twice": "the discarded cards must be distinct Cards",
        "none": "it must discard at least one card (V20)",
        "not own": "it may discard only its own cards (V20)",
        "too many": "it may draw 1 more card this hand, not 2 (V20)",
    }
    assert why_not_draw(state, 1, (kd,)) is None
    assert why_not_draw(tp.view(state, 0), 1, (kd,)) == "its cards are hidden in this state"
    after = tp.apply(state, tp.Draw(1, (kd,)))  # 3 chips: 1 left
    assert why_not_draw(after, 1) == "it has drawn its 1 cards this hand (V20)"
    poor = evolve(state, seats=(*state.seats[:1], evolve(state.seats[1], stack=3), state.seats[2]))
    assert (
        why_not_draw(poor, 1) == "a draw costs 3 chips a card and must leave a chip of its 3 (V20)"
    )
    short = evolve(state, undealt=(), deck_left=0)
    assert why_not_draw(short, 1, (kd,)) == "only 0 cards are left in the deck (V20)"
    rich = deal(tp.Rules(draw_price=2), HANDS, stacks=[100, 6, 100])
    rich = tp.apply(rich, tp.Look(1))  # 5 chips: one card costs 2, two cost 4
    assert why_not_draw(rich, 1, tp.parse_cards("Kd 7h")) is None
    poorer = deal(tp.Rules(draw_price=2), HANDS, stacks=[100, 5, 100])
    poorer = tp.apply(poorer, tp.Look(1))  # 4 chips: two cards cost 4, leaving none
    assert why_not_draw(poorer, 1, tp.parse_cards("Kd 7h")) == (
        "2 cards cost 4 chips and must leave a chip of its 4 (V20)"
    )
    assert why_not_draw(deal(tp.Rules(), HANDS), 1) == (
        "this table has no draws (Rules.draw_price is None) (V20)"
    )


def test_draw_is_text_json_and_refused_off_turn() -> None:
    draw = tp.Draw(1, [*tp.parse_cards("Kd 7h")])  # a list becomes a tuple
    assert str(draw) == "P1 draw Kd 7h" and tp.parse_action(str(draw)) == draw
    assert str(tp.Draw(1)) == "P1 draw" and tp.parse_action("P1 draw") == tp.Draw(1)
    with pytest.raises(ValueError, match="bad cards in 'P1 draw Zz'"):
        tp.parse_action("P1 draw Zz")
    state = tp.apply(deal(tp.Rules(draw_price=1), HANDS), tp.Look(2))
    with pytest.raises(tp.IllegalActionError, match="seat 2 may not draw: it is seat 1's turn"):
        tp.apply(state, tp.Draw(2, tp.parse_cards("3c")))


# --- V19, V21 ---------------------------------------------------------------------------


def test_placings_and_the_winner_button_helpers() -> None:
    seats = (
        tp.Seat("A", 10),
        tp.Seat("B", 0, in_session=False),
        tp.Seat("C", 10),
        tp.Seat("D", 3),
    )
    assert placings(seats, ((1,),)) == ((0, 2), (3,), (1,))
    # V21: the biggest winner deals; ties from the old dealer's left; a leaver passes on.
    assert winner_button(0, seats, {2: 5, 3: 5}) == 2
    assert winner_button(2, seats, {2: 5, 3: 5}) == 3
    assert winner_button(3, seats, {1: 7, 0: 2}) == 2


# --- invariants -------------------------------------------------------------------------


def test_invariants_of_the_new_fields() -> None:
    state = deal(tp.Rules(draw_price=1), HANDS)
    assert check(state) == []
    assert any("deck_left counts" in p for p in check(evolve(state, deck_left=3)))
    twice = evolve(state, undealt=(*state.undealt[:-1], state.seats[0].cards[0]))
    assert any("is dealt twice" in p for p in check(twice))
    over = tp.new_session(NAMES, tp.Rules(hand_limit=1), seed=1, dealer=0)
    over = tp.apply(tp.apply(tp.apply(over, tp.Deal(0)), tp.Pack(1)), tp.Pack(2))
    assert check(over) == [] and over.placings == ((0,), (1, 2))
    assert any("placings list every seat" in p for p in check(evolve(over, placings=((0,),))))
    waiting = tp.apply(tp.new_session(NAMES, tp.Rules(), seed=1, dealer=0), tp.Deal(0))
    waiting = tp.apply(tp.apply(waiting, tp.Pack(1)), tp.Pack(2))
    assert any("undealt" in p for p in check(evolve(waiting, deck_left=2)))
    assert any("winners only" in p for p in check(evolve(waiting, placings=((0,),))))
    asked = deal(tp.Rules(sideshow_target="next"), {0: "Ks Kd 2c", 1: "As Ad 5c", 2: "Qs Qd 3c"})
    for seat in (0, 1, 2):
        asked = tp.apply(asked, tp.Look(seat))
    asked = tp.apply(tp.apply(asked, tp.Bet(1, 2)), tp.SideShow(2, 2))
    assert asked.sideshow is not None and asked.sideshow.target == 0  # V17: the next player
    assert check(asked) == []
    wrong = evolve(asked, rules=tp.Rules())
    assert any("is not the player seat 2 asks" in p for p in check(wrong))


# --- saving -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "v16-open-flush-settles-a-tie",
        "v20-draw-replaces-cards-in-place",
        "v17-private-sideshow-seen-from-all-seats",
        "v19-two-players-bust-in-the-same-hand",
    ],
)
def test_variant_states_and_views_round_trip_as_json(name: str) -> None:
    from pathlib import Path

    from scenario_runner import load, run_scenario
    from teenpatti_rules.io.state_json import state_from_json, state_to_json

    state = run_scenario(load(Path(__file__).parent / "scenarios" / f"{name}.json"))
    assert state_from_json(state_to_json(state)) == state
    for viewer in (None, 0, 1, 2):
        seen = tp.view(state, viewer)
        assert state_from_json(state_to_json(seen)) == seen


def test_a_history_with_draws_replays() -> None:
    rules = tp.Rules(draw_price=1)
    history = tp.History.start(NAMES, rules, seed=4, dealer=0)
    history = history.record(tp.Deal(0), tp.Look(1))
    hand = tp.replay(history).seats[1].cards
    history = history.record(tp.Draw(1, hand[:2]))
    again = tp.History.from_json(history.to_json())
    assert again == history
    final = tp.replay(again)
    assert final.seats[1].cards[2] == hand[2] and final.seats[1].cards[:2] != hand[:2]


def test_compact_boots_line_names_unequal_boots() -> None:
    """V13: the dealer's two boots are not "1 chip each"."""
    state = tp.new_session(NAMES, tp.Rules(dealer_boots=2), seed=1, dealer=0)
    lines = describe_hand(tp.apply(state, tp.Deal(0)), compact=True)
    assert lines[1] == "Boots: Bilal 1 chip, Chen 1 chip and Asha 2 chips"


def test_a_raise_after_the_dealers_double_boot_is_narrated_as_a_raise() -> None:
    state = tp.new_session(NAMES, tp.Rules(dealer_boots=2), seed=1, dealer=0)
    state = tp.apply(tp.apply(state, tp.Deal(0)), tp.Bet(1, 2))
    assert describe_hand(state)[-1] == "Bilal raises: 2 chips blind, stake 1 -> 2"


def test_is_legal_judges_every_no_limit_amount_that_legal_actions_does_not_list() -> None:
    # Boot 1, stacks 20: after the boots 19 each, stake 1; seat 1 acts first (R19), blind:
    # any whole amount from 1 to 19 (V3 no-limit), but only a few are listed.
    state = deal(tp.Rules(bet_sizing="no_limit", starting_boots=20), HANDS)
    listed = {a.amount for a in tp.legal_actions(state) if isinstance(a, tp.Bet)}
    assert listed < set(range(1, 20))
    assert all(tp.is_legal(state, tp.Bet(1, amount)) for amount in range(1, 20))
    assert not tp.is_legal(state, tp.Bet(1, 20))  # more than the stack
    assert not tp.is_legal(state, tp.Bet(1, 0))
    assert not tp.is_legal(state, tp.Bet(2, 1))  # not seat 2's turn (R20)
    assert not tp.is_legal(state, "P1 bet 3")  # type: ignore[arg-type]
    assert not tp.is_legal(tp.view(state, 1), tp.Bet(1, 1))  # views accept nothing
    with pytest.raises(TypeError, match="needs a State"):
        tp.is_legal(None, tp.Bet(1, 1))  # type: ignore[arg-type]
