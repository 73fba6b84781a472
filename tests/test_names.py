"""Checking a player at the door: check_name (S1; issue 20 D22)."""

from __future__ import annotations

import pytest

from teenpatti_rules import check_name, new_session
from teenpatti_rules.limits import MAX_NAME_LENGTH, WrongTypeError


def test_normalises_nfc_and_strips() -> None:
    # S1: names are compared after NFC and stripping surrounding spaces.
    assert check_name("  Asha\t") == "Asha"
    assert check_name("Ame\u0301lie") == "Am\u00e9lie"


def test_trailing_space_is_the_same_name() -> None:
    # S1: "Asha" and "Asha " are one name.
    with pytest.raises(ValueError, match="taken"):
        check_name("Asha ", taken=["Asha"])
    with pytest.raises(ValueError, match="distinct"):
        new_session(["Asha", "Asha ", "Chen"], seed=1)


@pytest.mark.parametrize("invisible", ["\u200b", "\u200e", "\u2060", "\u202e", "\ufeff"])
def test_invisible_format_characters_are_refused(invisible: str) -> None:
    # D22: "Asha" and "Asha\u200b" would look like one name and be two: category Cf refused.
    with pytest.raises(ValueError, match="invisible"):
        check_name("Asha" + invisible)
    with pytest.raises(ValueError, match="invisible"):
        check_name("As" + invisible + "ha", taken=["Asha"])
    with pytest.raises(ValueError, match="invisible"):
        new_session(["Asha", "Asha" + invisible, "Chen"], seed=1)


@pytest.mark.parametrize("bad", ["", "   ", "A\x00", "B\x1b[2J", "C\nD", "E\u2028F", "\ud800x"])
def test_control_and_empty_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        check_name(bad)


def test_length_limit_after_normalising() -> None:
    assert check_name(" " + "x" * MAX_NAME_LENGTH + " ") == "x" * MAX_NAME_LENGTH
    with pytest.raises(ValueError, match="at most 100"):
        check_name("x" * (MAX_NAME_LENGTH + 1))
    with pytest.raises(ValueError, match="at most 100"):
        check_name("x" * 10**6)


def test_taken_names_are_normalised_too_and_empty_chairs_skipped() -> None:
    assert check_name("Bilal", taken=["Asha", None]) == "Bilal"
    with pytest.raises(ValueError, match="taken"):
        check_name("Asha", taken=[" Asha "])


def test_not_a_str() -> None:
    with pytest.raises(WrongTypeError):
        check_name(3)
    with pytest.raises(TypeError):
        check_name(None)


def test_new_session_stores_what_check_name_returns() -> None:
    state = new_session([" Asha", "Bilal ", "Ame\u0301lie"], seed=1)
    assert [seat.name for seat in state.seats] == ["Asha", "Bilal", "Am\u00e9lie"]
