"""Hostile input against the variant surfaces (V8-V21, presets, ``is_legal``, ``deck_for``).

Each test is one defect found by attacking the library as a game server taking text and
JSON from the network would (wrong types, huge sizes, crafted documents, views), and
failed before its fix. Expected values are worked out from RULES.md and docs/limits.rst.
"""

from __future__ import annotations

import itertools
import json
from functools import partial
from typing import Any

import pytest

import teenpatti_rules as tp
from counting import CountingSequence, python_lines
from teenpatti_rules import odds
from teenpatti_rules.cli.common import UsageError, rules_from_options
from teenpatti_rules.limits import MAX_BOOT_SCHEDULE, MAX_CHIPS

HUGE = 10**5000
"""Past the interpreter's 4300-digit limit for ``str(int)``: a message must not print it."""


def dealt(rules: tp.Rules) -> tp.State:
    """A three-seat table of ``rules`` just dealt from its seed, dealer seat 0."""
    return tp.apply(tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0), tp.Deal(0))


def edited(state: tp.State, change: Any) -> str:
    """``state`` as JSON after ``change(document)`` edited the parsed document."""
    document = json.loads(tp.state_to_json(state))
    change(document)
    return json.dumps(document)


# --- Rules: wild_ranks and boot_schedule (V8, V18) -------------------------------------


def test_wild_ranks_error_quotes_a_short_prefix() -> None:
    with pytest.raises(ValueError, match=r"Rules\.wild_ranks") as caught:
        tp.Rules(wild_ranks="Z" * 10**6)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("pair", [(2, HUGE), (HUGE, 2), (2, MAX_CHIPS + 1), (MAX_CHIPS + 1, 2)])
def test_boot_schedule_numbers_are_chip_counts(pair: tuple[int, int]) -> None:
    # V18: a boot is a chip count and a first hand a count: both at most MAX_CHIPS.
    with pytest.raises(ValueError, match=r"Rules\.boot_schedule") as caught:
        tp.Rules(boot_schedule=((1, 1), pair))
    assert "4300" not in str(caught.value) and len(str(caught.value)) < 300


def test_boot_schedule_error_quotes_a_short_prefix() -> None:
    with pytest.raises(ValueError, match=r"Rules\.boot_schedule") as caught:
        tp.Rules(boot_schedule=((1, 1), ("x" * 10**6, 2)))
    assert len(str(caught.value)) < 300


def test_boot_schedule_length_is_limited_before_any_work() -> None:
    # a million increasing (first hand, boot) pairs, built in C (no Python line a pair)
    long = list(zip(range(1, 10**6 + 1), itertools.repeat(1), strict=False))
    with pytest.raises(ValueError, match=f"at most {MAX_BOOT_SCHEDULE}"):
        tp.Rules(boot_schedule=long)
    just_past = long[: MAX_BOOT_SCHEDULE + 1]
    # refused by its length: a million pairs cost what 1,001 do
    assert python_lines(lambda: tp.Rules(boot_schedule=long), ValueError) == python_lines(
        lambda: tp.Rules(boot_schedule=just_past), ValueError
    )
    tp.Rules(boot_schedule=[[i, 1] for i in range(1, MAX_BOOT_SCHEDULE + 1)])  # the limit


def test_boot_schedule_entries_convert_like_other_ints() -> None:
    class Odd(int):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = int.__hash__

    rules = tp.Rules(boot_schedule=((Odd(1), Odd(1)), (Odd(5), Odd(2))))
    assert rules.boot_schedule == ((1, 1), (5, 2))
    assert all(type(x) is int for pair in rules.boot_schedule for x in pair)


def test_dealer_boots_times_boot_is_a_chip_count() -> None:
    # V13: the dealer posts dealer_boots * boot chips, so that is at most MAX_CHIPS.
    with pytest.raises(ValueError, match=r"Rules\.dealer_boots"):
        tp.Rules(boot=10**8, starting_boots=10, dealer_boots=10**8)
    with pytest.raises(ValueError, match=r"Rules\.dealer_boots"):
        tp.Rules(boot_schedule=((1, 1), (2, 10**8)), dealer_boots=10**8)


def test_cli_rule_errors_name_the_field_not_a_made_up_option() -> None:
    with pytest.raises(UsageError) as caught:
        rules_from_options("default", ['boot_schedule=[[1,1],[2,"x"]]'])
    message = str(caught.value)
    assert "--boot_schedule" not in message and "boot_schedule" in message
    with pytest.raises(UsageError, match="--boot must"):
        rules_from_options("default", ["boot=2.5"])


def test_cli_rule_deeply_nested_value_gives_a_short_message() -> None:
    with pytest.raises(UsageError) as caught:
        rules_from_options("default", ["boot_schedule=" + "[" * 400 + "]" * 400])
    assert len(str(caught.value)) < 300


# --- Draw (V20) --------------------------------------------------------------------------


def _draw_turn() -> tp.State:
    state = dealt(tp.Rules(draw_price=1))
    assert state.actor is not None
    return tp.apply(state, tp.Look(state.actor))


@pytest.mark.parametrize("cards", [None, "x" * 10**6, 5, {}])
def test_draw_of_no_card_tuple_is_an_illegal_action(cards: object) -> None:
    state = _draw_turn()
    assert state.actor is not None
    action = tp.Draw(state.actor, cards)
    with pytest.raises(tp.IllegalActionError, match="may not draw") as caught:
        tp.apply(state, action)
    assert len(str(caught.value)) < 300
    assert tp.is_legal(state, action) is False


def test_draw_of_a_million_cards_is_refused_in_linear_time() -> None:
    state = _draw_turn()
    assert state.actor is not None
    own = state.seats[state.actor].cards
    with pytest.raises(tp.IllegalActionError):
        tp.apply(state, tp.Draw(state.actor, list(own) * 333_334))
    actor = state.actor
    few, many = (
        python_lines(partial(tp.apply, state, tp.Draw(actor, list(own) * n)), ValueError)
        for n in (3_334, 333_334)
    )
    assert many - few < 20  # a hundred times the cards: no work per card in Python


# --- deck_for (R10, V8 W5) ------------------------------------------------------------

HANDS = {0: "5h 6h 7h", 1: "As Ks Qs", 2: "2c 3c 4c"}


def test_deck_for_refuses_an_indicator_on_a_table_without_one() -> None:
    state = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    with pytest.raises(ValueError, match="indicator"):
        tp.deck_for(state, HANDS, "2d")


def test_deck_for_needs_the_indicator_of_a_joker_table() -> None:
    state = tp.new_session(["A", "B", "C"], tp.Rules(wild="joker"), seed=1, dealer=0)
    with pytest.raises(ValueError, match="indicator"):
        tp.deck_for(state, HANDS)
    with pytest.raises(ValueError, match="indicator"):
        tp.deck_for(state, HANDS, "X1")  # W5: the indicator is one of the 52 cards
    with pytest.raises(ValueError, match="indicator"):
        tp.deck_for(state, HANDS, 5)  # type: ignore[arg-type]
    deck = tp.deck_for(state, HANDS, "2d")
    assert tp.apply(state, tp.Deal(0, deck)).indicator == tp.Card.parse("2d")


def test_deck_for_refuses_printed_jokers_the_table_does_not_have() -> None:
    state = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    with pytest.raises(ValueError, match="X1"):
        tp.deck_for(state, {**HANDS, 1: "As Ks X1"})
    two = tp.new_session(["A", "B", "C"], tp.Rules(jokers=2), seed=1, dealer=0)
    with pytest.raises(ValueError, match="X3"):
        tp.deck_for(two, {**HANDS, 1: "As Ks X3"})
    deck = tp.deck_for(two, {**HANDS, 1: "As X2 X1"})
    assert tp.format_cards(tp.apply(two, tp.Deal(0, deck)).seats[1].cards) == "As X2 X1"


@pytest.mark.parametrize("key", [True, 1.0, "1"])
def test_deck_for_seats_are_exact_ints(key: object) -> None:
    state = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    hands: dict[Any, str] = {0: HANDS[0], key: HANDS[1], 2: HANDS[2]}
    with pytest.raises(ValueError, match="seat"):
        tp.deck_for(state, hands)


def test_deck_for_seats_may_be_int_subclasses_or_numpy_integers() -> None:
    np = pytest.importorskip("numpy")

    class Seat(int):
        pass

    state = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    hands: dict[Any, str] = {np.int64(0): HANDS[0], Seat(1): HANDS[1], 2: HANDS[2]}
    assert tp.deck_for(state, hands) == tp.deck_for(state, HANDS)


def test_deck_for_a_huge_mapping_is_refused_at_once() -> None:
    state = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    hands = dict.fromkeys(range(10**6), "As Ks Qs")
    with pytest.raises(ValueError, match="seat"):
        tp.deck_for(state, hands)
    few = python_lines(lambda: tp.deck_for(state, dict.fromkeys(range(10), "As")), ValueError)
    assert python_lines(lambda: tp.deck_for(state, hands), ValueError) - few < 20


# --- state documents with inconsistent variant fields -----------------------------------


def test_state_document_indicator_before_the_first_deal_is_refused() -> None:
    state = tp.new_session(["A", "B", "C"], tp.Rules(wild="joker"), seed=1)
    text = edited(state, lambda d: d.__setitem__("indicator", "2c"))
    with pytest.raises(tp.HistoryError, match="indicator"):
        tp.state_from_json(text)


def test_state_document_indicator_must_be_the_card_turned_up() -> None:
    state = dealt(tp.Rules(wild="joker"))
    assert state.indicator is not None
    used = {str(c) for seat in state.seats for c in seat.cards} | {str(state.indicator)}
    other = next(str(c) for c in tp.CARDS if str(c) not in used)
    text = edited(state, lambda d: d.__setitem__("indicator", other))
    with pytest.raises(tp.HistoryError, match="indicator"):
        tp.state_from_json(text)


@pytest.mark.parametrize("departed", [[[0]], [[7]], [[10**30]], [[1], [1]]])
def test_state_document_departed_names_players_who_left(departed: list[list[int]]) -> None:
    # V19: departed lists the seats that left the session, each once.
    text = edited(dealt(tp.Rules()), lambda d: d.__setitem__("departed", departed))
    with pytest.raises(tp.HistoryError, match="departed"):
        tp.state_from_json(text)


def test_state_document_undealt_cards_only_on_tables_that_deal_them() -> None:
    # V16, V20: only an open-flush or draw table keeps the rest of the deck.
    state = dealt(tp.Rules())
    used = {str(c) for seat in state.seats for c in seat.cards}
    spare = next(str(c) for c in tp.CARDS if str(c) not in used)

    def keep(document: dict[str, Any]) -> None:
        document["undealt"] = [spare]
        document["deck_left"] = 1

    with pytest.raises(tp.HistoryError, match="undealt"):
        tp.state_from_json(edited(state, keep))


def test_state_document_undealt_printed_joker_the_table_lacks() -> None:
    state = dealt(tp.Rules(draw_price=1))
    text = edited(state, lambda d: d["undealt"].__setitem__(0, "X1"))
    with pytest.raises(tp.HistoryError, match="joker"):
        tp.state_from_json(text)


def test_state_document_view_deck_left_cannot_pass_the_deck() -> None:
    seen = tp.view(dealt(tp.Rules(draw_price=1)), 0)
    assert seen.deck_left == 52 - 9
    tp.state_from_json(tp.state_to_json(seen))  # the honest view loads
    with pytest.raises(tp.HistoryError, match="deck_left"):
        tp.state_from_json(edited(seen, lambda d: d.__setitem__("deck_left", 5000)))
    plain = tp.view(dealt(tp.Rules()), 0)
    with pytest.raises(tp.HistoryError, match="deck_left"):
        tp.state_from_json(edited(plain, lambda d: d.__setitem__("deck_left", 3)))


def test_history_boot_schedule_past_max_chips_is_refused() -> None:
    document = json.loads(tp.History.start(["A", "B", "C"], seed=1, dealer=0).to_json())
    document["rules"]["boot_schedule"] = [[1, 1], [2, 10**30]]
    with pytest.raises(tp.HistoryError, match="boot_schedule"):
        tp.History.from_json(json.dumps(document))


# --- views: a private sideshow and a later draw (V17, V20, R43) -------------------------


def test_private_sideshow_partner_does_not_see_cards_drawn_afterwards() -> None:
    rules = tp.Rules(sideshow_reveal="private", draw_price=1)
    state = tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0)
    deck = tp.deck_for(state, {0: "2c 3d 5h", 1: "7s 8d 9c", 2: "Ah Ad 4s"})
    state = tp.apply(state, tp.Deal(0, deck + tp.parse_cards("Kc Qc")))
    for text in ["P1 look", "P1 bet 2", "P2 look", "P2 sideshow 2", "P1 accept", "P0 bet 1"]:
        state = tp.apply(state, tp.parse_action(text))
    # V17: seat 2 (its pair of aces lost to the sequence and packed) sees seat 1's cards.
    assert tp.format_cards(tp.view(state, 2).seats[1].cards) == "7s 8d 9c"
    state = tp.apply(state, tp.parse_action("P1 draw 7s"))  # V20: Kc replaces 7s
    assert tp.format_cards(state.seats[1].cards) == "Kc 8d 9c"
    assert tp.Card.parse("Kc") not in tp.view(state, 2).seats[1].cards
    assert "Kc" not in tp.state_to_json(tp.view(state, 2))
    assert tp.format_cards(tp.view(state, 1).seats[1].cards) == "Kc 8d 9c"


# --- odds (V8 W5) ----------------------------------------------------------------------


@pytest.mark.parametrize("indicator", ["X1", tp.Card.parse("X2")])
def test_odds_refuse_a_printed_joker_as_indicator(indicator: object) -> None:
    rules = tp.Rules(wild="joker")
    with pytest.raises(ValueError, match="indicator"):
        odds.equity("As Kd Qh", 2, rules, indicator=indicator)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="indicator"):
        odds.percentile("As Kd Qh", rules, indicator=indicator)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs", [{"opponents": HUGE}, {"samples": HUGE}, {"samples": 100, "seed": HUGE}]
)
def test_odds_huge_numbers_are_named_not_printed(kwargs: dict[str, int]) -> None:
    arguments: dict[str, Any] = {"opponents": 2, **kwargs}
    with pytest.raises(ValueError) as caught:
        odds.equity("As Kd Qh", **arguments)
    assert "4300" not in str(caught.value)
    assert next(iter(kwargs.keys() - {"samples"} or kwargs)) in str(caught.value)


# --- evaluate ---------------------------------------------------------------------------


def test_evaluate_refuses_an_indicator_that_only_looks_like_a_card() -> None:
    class LooksLikeTwoOfSpades:
        index = 3

    rules = tp.Rules(wild="joker")
    tp.evaluate("As Kd Qh", rules, indicator="2s")  # builds the table of indicator 2s
    hand = tp.parse_cards("As Kd Qh")
    with pytest.raises(ValueError, match="indicator"):
        tp.evaluate(hand, rules, indicator=LooksLikeTwoOfSpades())  # type: ignore[arg-type]


def test_evaluate_refuses_a_million_cards_before_reading_them() -> None:
    cards = CountingSequence([tp.Card.parse("As")] * 10**6)
    with pytest.raises(ValueError, match="three cards"):
        tp.evaluate(cards)
    assert cards.reads <= 5  # refused by its length (a hand holds at most 5 cards, V12)


# --- results and placings in state documents (V16, V19) ---------------------------------


def _open_flush_hand() -> tp.State:
    """V15 ends betting after one bet each; seats 1 and 2 tie with A-K-9 and play an open
    flush (V16): seat 1 gets Qh 7c Jd, seat 2 Qs 8c Jh (R10 order), and seat 2 wins 6."""
    rules = tp.Rules(ties="open_flush", max_turns=1)
    state = tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0)
    deck = tp.deck_for(state, {0: "2c 3d 5h", 1: "Ah Kd 9c", 2: "As Kc 9d"})
    state = tp.apply(state, tp.Deal(0, deck + tp.parse_cards("Qh Qs 7c 8c Jd Jh")))
    for text in ["P1 bet 1", "P2 bet 1", "P0 bet 1"]:
        state = tp.apply(state, tp.parse_action(text))
    assert state.result is not None and dict(state.result.winnings) == {2: 6}
    assert [
        {seat: tp.format_cards(cards) for seat, cards in flush.items()}
        for flush in state.result.open_flush
    ] == [{1: "Qh 7c Jd", 2: "Qs 8c Jh"}]
    return state


@pytest.mark.parametrize(
    "flush",
    [
        {"1": ["Qh", "7c", "Jd"], "99": ["Qs", "8c", "Jh"]},  # no seat 99
        {"1": ["Qh", "7c", "X3"], "2": ["Qs", "8c", "Jh"]},  # no printed jokers
        {"1": ["Qh", "7c"], "2": ["Qs", "8c", "Jh"]},  # three cards each
        {"1": ["Qh", "7c", "Jd"], "2": ["Qs", "8c", "Ah"]},  # Ah is seat 1's card
        {"1": ["Qh", "7c", "Jd"], "2": ["Qh", "8c", "Jh"]},  # Qh twice
    ],
)
def test_state_document_open_flush_cards_are_checked(flush: dict[str, list[str]]) -> None:
    state = _open_flush_hand()
    tp.state_from_json(tp.state_to_json(state))  # the honest document loads
    text = edited(state, lambda d: d["result"].__setitem__("open_flush", [flush]))
    with pytest.raises(tp.HistoryError, match="open_flush"):
        tp.state_from_json(text)


def test_state_document_open_flush_only_on_an_open_flush_table() -> None:
    text = edited(_open_flush_hand(), lambda d: d["rules"].__setitem__("ties", "split"))
    with pytest.raises(tp.HistoryError, match="open_flush"):
        tp.state_from_json(text)


def test_state_document_placings_follow_the_stacks_and_departures() -> None:
    rules = tp.Rules(hand_limit=2, starting_boots=2)
    state = tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0, stacks=[2, 3, 2])
    deck = tp.deck_for(state, {0: "2c 3d 5h", 1: "Ah Kd 9c", 2: "As Kc 9d"})
    state = tp.apply(state, tp.Deal(0, deck))
    for text in ["P1 bet 1", "P2 bet 1", "P0 pack"]:
        state = tp.apply(state, tp.parse_action(text))
    while state.phase is not tp.Phase.SESSION_OVER:
        state = tp.apply(state, tp.legal_actions(state)[-1])
    # V19: seats 2 (4 chips) and 1 (3 chips) are still in, by stack; seat 0 left.
    assert [(seat.stack, seat.in_session) for seat in state.seats] == [
        (0, False),
        (3, True),
        (4, True),
    ]
    assert state.placings == ((2,), (1,), (0,))
    tp.state_from_json(tp.state_to_json(state))  # the honest document loads
    text = edited(state, lambda d: d.__setitem__("placings", [[2], [0], [1]]))
    with pytest.raises(tp.HistoryError, match="placings"):
        tp.state_from_json(text)
