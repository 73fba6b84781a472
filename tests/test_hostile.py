"""Issue 12, hostile input: each test reproduces one example of the issue.

Tests that already passed on main when written guard the fix made by the re-layout
(marked "guard"); the others failed before this branch.
"""

from __future__ import annotations

import enum
import json
import random
from decimal import Decimal
from fractions import Fraction
from functools import partial
from typing import Any

import attrs
import pytest

import teenpatti_rules as tp
from counting import CountingSequence, python_lines
from teenpatti_rules.actions import MAX_ACTION_TEXT
from teenpatti_rules.engine.trust import UnreachableStateError
from teenpatti_rules.limits import (
    MAX_CHIPS,
    MAX_HISTORY_ACTIONS,
    MAX_NAME_LENGTH,
    MAX_RANGE_TABLE_CHIPS,
    WrongTypeError,
)
from teenpatti_rules.records import EventLog, FrozenDict

NAMES = ["A", "B", "C"]


def session_states(seed: int, hands: int = 4, players: int = 4) -> list[tp.State]:
    """Every state of a seeded session of random play (hand limit ``hands``)."""
    rng = random.Random(seed)
    state = tp.new_session([f"P{i}" for i in range(players)], tp.Rules(hand_limit=hands), seed=seed)
    states = [state]
    while state.phase is not tp.Phase.SESSION_OVER:
        state = tp.apply(state, rng.choice(tp.legal_actions(state)))
        states.append(state)
    return states


def finished_hand() -> tp.State:
    """A state after one whole hand, with a result that turned hands up (a show)."""
    state = tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0))
    assert state.actor is not None
    state = tp.apply(state, tp.Pack(state.actor))  # two left
    assert state.actor is not None
    state = tp.apply(state, tp.Show(state.actor))
    assert state.phase is tp.Phase.AWAITING_DEAL and state.result is not None
    return state


# --- parse_action is linear and ASCII only (guard) ----------------------------


def test_redos_example_is_refused_at_once() -> None:
    # as many Python lines for 900 spaces as for 300: no work per character; past
    # MAX_ACTION_TEXT (5,000) it is refused by its length alone
    lines = {
        python_lines(partial(tp.parse_action, "P0 bet" + " " * spaces + "\nx\ny"), ValueError)
        for spaces in (300, 600, 900)
    }
    assert len(lines) == 1
    with pytest.raises(ValueError):
        tp.parse_action("P0 bet" + " " * 900 + "\nx\ny")


def test_long_history_is_read_quickly() -> None:
    history = tp.History.start(NAMES, seed=1, dealer=0).to_json()

    def text(spaces: int) -> str:
        action = '"actions": ["P0 bet' + " " * spaces + '\\nx\\ny"]'
        return history.replace('"actions": []', action)

    with pytest.raises(tp.HistoryError):
        tp.History.from_json(text(900))
    few, many = (
        python_lines(partial(tp.History.from_json, text(n)), tp.HistoryError) for n in (90, 900)
    )
    assert many - few < 20  # ten times the characters, a few more lines (a shortened quote)


@pytest.mark.parametrize("text", ["P\u0663 bet \u0664", "P0 pac\u212a", "P0 bet \uff14"])
def test_non_ascii_digits_and_letters_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="ASCII"):
        tp.parse_action(text)


# --- nothing reachable from a State can change -----------------------------


def test_a_view_cannot_change_the_real_table() -> None:
    state = finished_hand()
    seen = tp.view(state, 1)
    assert seen.result is not None
    with pytest.raises(TypeError):
        seen.result.winnings[1] = 10**6  # type: ignore[index]
    with pytest.raises(TypeError):
        seen.result.shown[1] = seen.result.shown[0]  # type: ignore[index]
    assert isinstance(state.result.winnings, FrozenDict)  # type: ignore[union-attr]


def _mutable_parts(value: Any, path: str, found: list[str], seen: set[int]) -> None:
    if id(value) in seen or isinstance(value, str | int | float | bool | enum.Enum | type(None)):
        return
    seen.add(id(value))
    if isinstance(value, list | dict | set | bytearray):
        found.append(f"{path}: {type(value).__name__}")
        return
    if isinstance(value, FrozenDict):
        for key, item in value.items():
            _mutable_parts(key, f"{path}[{key!r}]", found, seen)
            _mutable_parts(item, f"{path}[{key!r}]", found, seen)
        return
    if isinstance(value, tuple | frozenset | EventLog):  # an EventLog's list is private
        for index, item in enumerate(value):
            _mutable_parts(item, f"{path}[{index}]", found, seen)
        return
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            _mutable_parts(getattr(value, field.name), f"{path}.{field.name}", found, seen)
        return
    found.append(f"{path}: unexpected {type(value).__name__}")  # pragma: no cover


def test_a_whole_session_holds_no_list_dict_or_set() -> None:
    found: list[str] = []
    seen: set[int] = set()
    for state in session_states(seed=12, hands=6):
        _mutable_parts(state, "state", found, seen)
        for seat in (None, 0, 1):
            _mutable_parts(tp.view(state, seat), "view", found, seen)
    assert found == []


# --- loaded and evolved states pass the invariants or are refused -----------


def test_in_session_stack_below_the_boot_between_hands_is_refused() -> None:
    document = json.loads(tp.state_to_json(tp.new_session(NAMES, seed=1, dealer=0)))
    document["seats"][1]["stack"] = 0  # R7: it would have left the session
    with pytest.raises(tp.HistoryError, match=r"below the boot .*\(R7\) @ \$\.seats\[1\]\.stack"):
        tp.state_from_json(json.dumps(document))


def test_result_of_the_hand_in_play_is_refused() -> None:
    done = finished_hand()
    playing = tp.apply(done, tp.Deal(done.dealer))
    document = json.loads(tp.state_to_json(playing))
    later = json.loads(tp.state_to_json(done))
    document["result"] = later["result"]
    document["result"]["hand_number"] = playing.hand_number  # the live hand's "result"
    with pytest.raises(tp.HistoryError, match=r"@ \$\.result\.hand_number"):
        tp.state_from_json(json.dumps(document))


def test_evolved_states_are_checked_before_the_engine_acts() -> None:
    state = tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0))
    bad = attrs.evolve(state, stake=-4)
    for call in (
        lambda: tp.legal_actions(bad),
        lambda: tp.apply(bad, tp.Bet(1, -4)),
        lambda: tp.view(bad, 1),
    ):
        with pytest.raises(UnreachableStateError, match=r"stake must not be negative @ \$\.stake"):
            call()
    wrong_type = attrs.evolve(state, pot=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pot must be an int"):
        tp.legal_actions(wrong_type)
    # an evolved state that is still reachable is accepted (checked once)
    same = attrs.evolve(state)
    assert tp.legal_actions(same) == tp.legal_actions(state)


# Every state the engine produces loads back (its views too): over the shared corpus of
# random sessions, tests/test_saved_states_load_back.py.


# --- exact ints ---------------------------------------------------------------


class Always(int):
    """An int whose == is always true (a hostile amount)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


@pytest.mark.parametrize("value", [2.0, Fraction(2), Decimal(2), True, "2"])
def test_rules_refuse_non_int_numbers(value: object) -> None:
    with pytest.raises(ValueError, match="show_cost_multiplier"):
        tp.Rules(show_cost_multiplier=value)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Rules\.boot must be an int"):
        tp.Rules(boot=value)  # type: ignore[arg-type]


def test_int_subclasses_and_numpy_integers_become_plain_ints() -> None:
    np = pytest.importorskip("numpy")
    rules = tp.Rules(boot=np.int64(2), show_cost_multiplier=Always(2), raise_cap=np.int32(3))
    assert (rules.boot, rules.show_cost_multiplier, rules.raise_cap) == (2, 2, 3)
    assert {type(rules.boot), type(rules.show_cost_multiplier), type(rules.raise_cap)} == {int}
    assert tp.state_from_json(tp.state_to_json(tp.new_session(NAMES, rules, seed=1))).rules == rules


def test_hostile_amounts_are_refused_and_stacks_stay_whole() -> None:
    np = pytest.importorskip("numpy")
    state = tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0))
    assert state.actor is not None
    for amount in (Always(1000), np.int64(1), 1.0, 10**400):
        with pytest.raises(tp.IllegalActionError, match="amount"):
            tp.apply(state, tp.Bet(state.actor, amount))  # type: ignore[arg-type]
    assert [seat.stack for seat in state.seats] == [99, 99, 99]


def test_session_arguments_are_exact_ints() -> None:
    class Dealer(enum.IntEnum):
        SECOND = 1

    state = tp.new_session(NAMES, seed=1, dealer=Dealer.SECOND, stacks=[Always(5), 6, 7])
    assert type(state.dealer) is int and state.dealer == 1
    assert [type(seat.stack) for seat in state.seats] == [int, int, int]
    for kwargs in ({"seed": 1.0}, {"seed": 1, "dealer": 1.0}, {"seed": 1, "stacks": [5, 5, 5.0]}):
        with pytest.raises(WrongTypeError):
            tp.new_session(NAMES, **kwargs)


# --- names ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["\ud800", "A\x00", "B\x1b[2J", "C\u202e", "D\nE"])
def test_control_characters_and_invalid_unicode_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"players\[1\] must not hold control characters"):
        tp.new_session(["X", name, "Y"], seed=1)


@pytest.mark.parametrize(("first", "second"), [("A", "A "), ("\u00e9", "e\u0301"), ("Z", "\tZ")])
def test_names_are_normalised_before_they_are_compared(first: str, second: str) -> None:
    with pytest.raises(ValueError, match="appears twice"):
        tp.new_session([first, second, "Q"], seed=1)
    with pytest.raises(tp.HistoryError, match="appears twice"):
        tp.History(players=(first, second, "Q"), seed=1, dealer=0, stacks=(9, 9, 9)).to_json()


def test_names_are_stored_nfc_and_stripped() -> None:
    state = tp.new_session([" e\u0301 ", "B", "C"], seed=1)
    assert state.seats[0].name == "\u00e9"
    document = json.loads(tp.state_to_json(state))
    document["seats"][0]["name"] = "e\u0301"
    with pytest.raises(tp.HistoryError, match="normalised"):
        tp.state_from_json(json.dumps(document))


# --- limits -------------------------------------------------------------------


def test_range_sizing_with_a_huge_boot_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_RANGE_TABLE_CHIPS} chips"):
        tp.Rules(bet_sizing="range", boot=10**7)
    with pytest.raises(ValueError, match=f"at most {MAX_RANGE_TABLE_CHIPS} chips"):
        tp.new_session(NAMES, tp.Rules(bet_sizing="range"), seed=1, stacks=[10**9] * 3)
    # no work per chip: a boot of 10**7 costs what a boot of 10**9 does
    lines = {
        python_lines(partial(tp.Rules, bet_sizing="range", boot=boot), ValueError)
        for boot in (10**7, 10**9)
    }
    assert len(lines) == 1


def test_range_sizing_at_the_limit_lists_its_bets_quickly() -> None:
    stacks = [MAX_RANGE_TABLE_CHIPS // 3] * 3
    state = tp.new_session(NAMES, tp.Rules(bet_sizing="range", raise_cap=10), seed=1, stacks=stacks)
    state = tp.apply(state, tp.Deal(state.dealer))
    assert len(tp.legal_actions(state)) < MAX_RANGE_TABLE_CHIPS


@pytest.mark.parametrize("field", ["boot", "pot_limit", "stake_limit", "starting_boots"])
def test_chip_counts_past_max_chips_are_refused(field: str) -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_CHIPS}"):
        tp.Rules(**{field: MAX_CHIPS + 1})  # type: ignore[arg-type]


def test_many_names_are_refused_in_linear_time() -> None:
    names = CountingSequence([f"n{i}" for i in range(40_000)])
    with pytest.raises(ValueError, match="3 to 7 players"):
        tp.new_session(names, seed=1)
    assert names.reads == 0  # refused by its length alone
    with pytest.raises(tp.HistoryError, match="3 to 7 players"):
        tp.History(players=tuple(names), seed=1, dealer=0, stacks=(5,) * 40_000).to_json()

    def history(n: int) -> str:
        return tp.History(players=tuple(names[:n]), seed=1, dealer=0, stacks=(5,) * n).to_json()

    assert python_lines(lambda: history(40_000), ValueError) == python_lines(
        lambda: history(400), ValueError
    )


def test_huge_histories_are_refused_at_once() -> None:
    document = json.loads(tp.History.start(NAMES, seed=1).to_json())
    document["actions"] = ["P0 fold"] * 1_000_000
    text = json.dumps(document)
    with pytest.raises(tp.HistoryError, match="at most"):
        tp.History.from_json(text)
    document["actions"] = ["P0 fold"] * (MAX_HISTORY_ACTIONS * 10)
    ten_times = json.dumps(document)
    assert python_lines(lambda: tp.History.from_json(text), ValueError) == python_lines(
        lambda: tp.History.from_json(ten_times), ValueError
    )  # refused by the count, before reading an action
    document["actions"] = ["P0 fold"] * (MAX_HISTORY_ACTIONS - 1)
    with pytest.raises(tp.HistoryError, match=r"and \d+ more"):
        tp.History.from_json(json.dumps(document))


# --- wrong types get TypeError/ValueError naming the parameter -------------


@pytest.mark.parametrize(
    "bad", [None, {}, tp.History(players=NAMES, seed=1, dealer=0, stacks=(9, 9, 9))]
)
def test_state_functions_refuse_what_is_not_a_state(bad: object) -> None:
    with pytest.raises(TypeError, match="State"):
        tp.apply(bad, tp.Deal(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="State"):
        tp.legal_actions(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view needs a State"):
        tp.view(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view must be a State"):
        tp.choose(bad, 0, random.Random(1))  # type: ignore[call-overload]


def test_rules_that_are_not_rules_are_named() -> None:
    np = pytest.importorskip("numpy")
    for call in (
        lambda: tp.evaluate("As Kd Qh", rules="x"),  # type: ignore[arg-type]
        lambda: tp.compare_hands("As Kd Qh", "2c 3d 4h", rules="x"),  # type: ignore[arg-type]
        lambda: tp.evaluate_many(np.array([[0, 1, 2]]), rules="x"),  # type: ignore[arg-type]
        lambda: tp.showdown_key("As Kd Qh", rules="x"),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="rules must be a Rules record or None"):
            call()


def test_compare_hands_with_three_hands_says_it_compares_two() -> None:
    with pytest.raises(TypeError, match="compare_hands compares two hands"):
        tp.compare_hands("As Kd Qh", "2c 3d 4h", "5c 6d 7h")  # type: ignore[arg-type]


def test_suit_order_with_card_text_in_a_list() -> None:
    # V7, shdc: both pairs of kings with a 3; the top card is the higher-suited king of
    # the pair: Ks (spades) beats Kh (hearts)
    shdc = tp.Rules(suit_order="shdc")
    assert tp.compare_hands(["Ks", "Kd", "3c"], ["Kh", "Kc", "3d"], shdc) == 1  # type: ignore[list-item]


def test_a_generator_of_cards_is_refused_with_a_hint() -> None:
    cards = tp.parse_cards("As Kd Qh")
    with pytest.raises(TypeError, match=r"cards must be three cards.*tuple\(cards\)"):
        tp.evaluate(card for card in cards)  # type: ignore[arg-type]


def test_a_huge_seat_number_is_refused_without_the_digit_limit() -> None:
    state = tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0))
    with pytest.raises(tp.IllegalActionError, match="an int of about 5001 digits"):
        tp.apply(state, tp.Look(10**5000))


def test_choose_and_play_session_name_a_bad_rng() -> None:
    state = tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0))
    assert state.actor is not None
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        tp.choose(tp.view(state, state.actor), state.actor, rng=None)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"random\.Random\(1\)"):
        tp.play_session(tp.new_session(NAMES, seed=1), tp.choose, 1)  # type: ignore[arg-type]


# --- short messages, duplicate keys, checks on write, IntEnum, non-cards -----


def test_error_messages_quote_at_most_a_line_of_the_input() -> None:
    huge = "x" * 3_000_000
    for call in (
        lambda: tp.new_session([huge, "B", "C"], seed=1),
        lambda: tp.parse_action(huge),
        lambda: tp.History.from_json('{"version": 1, "players": ["' + "y" * 10**6 + '"]}'),
        lambda: tp.evaluate(huge),
        lambda: tp.view(tp.new_session(NAMES, seed=1), 10**5000),
        lambda: tp.apply(tp.new_session(NAMES, seed=1), tp.Deal(0, [huge] * 9)),
        lambda: tp.apply(tp.new_session(NAMES, seed=1), tp.Deal(0, huge)),
        lambda: tp.Rules(suit_order=huge),
        lambda: tp.Rules(bet_sizing=huge),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) < 600


def test_duplicate_json_keys_are_refused() -> None:
    text = tp.History.start(NAMES, seed=1).to_json()
    doubled = text.replace('"seed": 1', '"seed": 1, "seed": 2')
    with pytest.raises(tp.HistoryError, match="duplicate key 'seed'"):
        tp.History.from_json(doubled)
    state = tp.state_to_json(tp.new_session(NAMES, seed=1))
    with pytest.raises(tp.HistoryError, match="duplicate key 'pot'"):
        tp.state_from_json(state.replace('"pot": 0', '"pot": 0, "pot": 5'))


def test_to_json_refuses_what_from_json_would_refuse() -> None:
    bad = tp.History(players=("A", "A", "C"), seed=1, dealer=0, stacks=(9, 9, 9))
    with pytest.raises(tp.HistoryError, match="appears twice"):
        bad.to_json()
    with pytest.raises(tp.HistoryError, match=r"\$\.actions\[0\]"):
        tp.History.start(NAMES, seed=1).record(tp.Bet(0, -1)).to_json()


def test_from_json_given_a_file_name_says_to_read_the_file() -> None:
    with pytest.raises(tp.HistoryError, match=r"looks like a file name.*read_text"):
        tp.History.from_json("games/session-7.json")
    from pathlib import Path

    with pytest.raises(tp.HistoryError, match="read_text"):
        tp.History.from_json(Path("games/session-7.json"))  # type: ignore[arg-type]


def test_a_utf8_bom_is_accepted() -> None:
    text = tp.History.start(NAMES, seed=1).to_json()
    assert tp.History.from_json("\ufeff" + text) == tp.History.from_json(text)
    assert tp.History.from_json(b"\xef\xbb\xbf" + text.encode()) == tp.History.from_json(text)


def test_evaluate_refuses_objects_that_only_look_like_cards() -> None:
    class Fake:
        def __init__(self, index: int) -> None:
            self.index = index

    with pytest.raises(ValueError, match="not a card"):
        tp.evaluate([Fake(1), Fake(2), Fake(3)])  # type: ignore[list-item]


# --- the checks' own edges ----------------------------------------------------------


def test_limit_helpers_edges() -> None:
    from teenpatti_rules.limits import exact_int, player_name, short

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert short(Hostile()) == "<Hostile>"
    with pytest.raises(ValueError, match="at most 5"):
        exact_int(6, "n", high=5)
    with pytest.raises(ValueError, match="at most 100 characters"):
        player_name("x" * 101, "name")
    with pytest.raises(ValueError, match="at most 100 characters"):
        player_name("x" * 10_000, "name")
    with pytest.raises(ValueError, match="non-empty"):
        player_name(" \t ", "name")


def test_a_state_that_trips_the_checks_is_refused_too() -> None:
    state = tp.new_session(NAMES, seed=1)
    broken = attrs.evolve(state, seats=None)
    with pytest.raises(UnreachableStateError, match="a field holds a wrong value"):
        tp.legal_actions(broken)


def test_pick_reads_numbers_words_and_amounts() -> None:
    from teenpatti_rules.players.terminal import pick

    state = tp.apply(
        tp.new_session(NAMES, tp.Rules(bet_sizing="range", raise_cap=4), seed=1, dealer=0),
        tp.Deal(0),
    )
    assert state.actor is not None
    mine = [a for a in tp.legal_actions(state) if a.seat == state.actor]
    assert pick("bet 3", mine) == tp.Bet(state.actor, 3)
    assert pick("raise", mine) == tp.Bet(state.actor, 4)  # V3: up to raise_cap times the minimum
    assert pick("bet 99", mine) is None and pick("dance", mine) is None
    assert pick("", mine) is None and pick("1 2", mine) is None and pick("look now", mine) is None
    assert pick("?", mine) == "help" and pick("q", mine) == "quit"
    assert pick("show", mine) is None  # three players in the hand: no show (R34)


def test_missing_options_explain_a_short_stack_and_a_blind_previous_player() -> None:
    from teenpatti_rules.players.terminal import missing_options

    state = tp.new_session(NAMES, seed=1, dealer=0, stacks=[5, 9, 5])
    deck = tp.deck_for(state, {0: "As Ah Ad", 1: "2c 3d 5h", 2: "Kh Qh Jh"})
    state = tp.apply(state, tp.Deal(0, deck))
    state = tp.apply(state, tp.Look(1))  # seat 1 acts first (R19); seat 0, before it, is blind
    notes = missing_options(state, 1, [a for a in tp.legal_actions(state) if a.seat == 1])
    assert notes == [
        "No sideshow: your previous player, seat 0, is blind and may not be asked (R30)."
    ]
    state = tp.apply(state, tp.Bet(1, 4))  # a seen raise: stake 2 (R24); 4 chips left
    assert state.actor == 2
    state = tp.apply(state, tp.Look(2))
    notes = missing_options(state, 2, [a for a in tp.legal_actions(state) if a.seat == 2])
    # seat 2 has 4 chips and a seen minimum bet of 4 (twice the stake, R24): it may bet
    # them (R25), but a sideshow's chaal must leave a chip behind (R30)
    assert tp.Bet(2, 4) in tp.legal_actions(state)
    assert notes == ["No sideshow: a sideshow's chaal must leave you at least one chip (R30)."]


def test_an_action_text_past_the_limit_is_refused_by_its_length() -> None:
    long_text = "P0 bet" + " " * MAX_ACTION_TEXT
    short_text = "P0 bet" + " " * 300 + "x"
    for text in (long_text, short_text):  # what runs once a process (lazy imports) is
        with pytest.raises(ValueError):  # not counted: the test may run first
            tp.parse_action(text)
    assert python_lines(lambda: tp.parse_action(long_text), ValueError) <= python_lines(
        lambda: tp.parse_action(short_text), ValueError
    )


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f600" * MAX_NAME_LENGTH,  # 100 characters, each "\ud83d\ude00" in the text
        "\u3000" * (3 * MAX_NAME_LENGTH) + "\U0001f600" * MAX_NAME_LENGTH,
    ],
    ids=["non-BMP", "padded"],
)
def test_a_join_of_the_longest_name_round_trips(name: str) -> None:
    # S1: check_name takes the name (at most 100 characters once stripped, 400 as
    # given), so its join's text form must read back, at the largest seat and stack
    assert tp.check_name(name)
    for join in (tp.Join(0, name), tp.Join(999_999, name, 10**18 - 1)):
        assert len(str(join)) > 1_000
        assert tp.parse_action(str(join)) == join


def test_an_action_names_at_most_a_deck_of_cards() -> None:
    """A deck is 52 cards and 3 printed jokers (R6, V8): text naming more cards is
    refused before any card is read; a whole deck still reads."""
    from teenpatti_rules import Deal, Draw, parse_action
    from teenpatti_rules.cards import CARDS

    whole = " ".join(str(card) for card in CARDS)
    assert parse_action(f"P0 deal {whole}") == Deal(0, tuple(CARDS))
    with pytest.raises(ValueError, match="cards of more than 55 cards"):
        parse_action("P1 draw " + " ".join(["As"] * 56))
    assert parse_action("P1 draw As Kd") == Draw(1, (CARDS[51], CARDS[45]))
