r"""The library's documented limits, and the checks of untrusted values that use them.

A game server takes names, numbers, action texts and JSON documents from the
network. Everything past these limits is refused at once, with a :class:`ValueError`
(or :class:`TypeError` for a value of the wrong kind) naming the parameter, before any
work proportional to the input is done; every check is linear in the input's size.
The whole list, with the limits defined elsewhere (action texts, caches), is on the
"Limits" page of the documentation (``docs/limits.rst``).

Numbers are exact ints everywhere (chips, seats, counts): :func:`exact_int` accepts an
``int``, converts an int subclass (an ``IntEnum``, a subclass with its own ``==``) and a
numpy integer with :func:`operator.index` to a plain ``int``, and refuses ``bool``,
``float``, :class:`~fractions.Fraction`, :class:`~decimal.Decimal` and everything else.

>>> import enum
>>> class Seat(enum.IntEnum):
...     NORTH = 1
>>> type(exact_int(Seat.NORTH, "dealer"))
<class 'int'>
>>> exact_int(2.0, "boot")
Traceback (most recent call last):
...
teenpatti_rules.limits.WrongTypeError: boot must be an int, not float 2.0
>>> player_name(" Asha ", "players[0]")
'Asha'
>>> player_name("B\x1b[2J", "players[1]")
Traceback (most recent call last):
...
ValueError: players[1] must not hold control characters or invalid Unicode: 'B\x1b[2J'
"""

from __future__ import annotations

import operator
import unicodedata
from collections.abc import Iterable
from typing import Final

__all__ = [
    "MAX_BOOT_SCHEDULE",
    "MAX_CHIPS",
    "MAX_DOCUMENT_CHARS",
    "MAX_ERROR_TEXT",
    "MAX_HISTORY_ACTIONS",
    "MAX_LIST_ITEMS",
    "MAX_NAME_LENGTH",
    "MAX_NUMBER_DIGITS",
    "MAX_PROBLEMS",
    "MAX_RANGE_TABLE_CHIPS",
    "MAX_SEED",
    "WrongTypeError",
    "check_table_chips",
    "exact_int",
    "player_name",
    "player_names",
    "short",
]

MAX_CHIPS: Final = 10**15
"""The largest chip count anywhere: a stack, a boot, a bet, a pot limit, a stake limit,
``boot * starting_boots``, the chips of a whole table. Past it a value is refused."""

MAX_SEED: Final = 2**128
"""Seeds are ints with ``abs(seed) < MAX_SEED``."""

MAX_NAME_LENGTH: Final = 100
"""The longest player name, in characters after normalisation (NFC, stripped)."""

MAX_RANGE_TABLE_CHIPS: Final = 100_000
"""Under ``bet_sizing="range"`` (V3) every whole amount from the minimum bet to
``raise_cap`` times it is a legal action, so a table's chips (the sum of the
starting stacks) are at most this many: ``legal_actions`` then lists at most about
this many bets (a few tens of milliseconds)."""

MAX_DOCUMENT_CHARS: Final = 8 * 2**20
"""The longest JSON document (history or state) read, in characters (or bytes)."""

MAX_NUMBER_DIGITS: Final = 40
"""The most digits of a number in a JSON document (a seed below :data:`MAX_SEED` has
at most 39); a longer one is refused when the document is read, before it is
converted (Python refuses ints of more than 4,300 digits with a message about
``sys.set_int_max_str_digits``)."""

MAX_HISTORY_ACTIONS: Final = 200_000
"""The most actions one history holds (read, written or replayed)."""

MAX_LIST_ITEMS: Final = MAX_HISTORY_ACTIONS
"""The longest list in a JSON document (a history's actions, a state's events)."""

MAX_PROBLEMS: Final = 20
"""A document's problems are collected up to this many (the message shows four);
reading stops there."""

MAX_BOOT_SCHEDULE: Final = 1_000
"""The most (first hand, boot) pairs of a ``Rules.boot_schedule`` (V18), checked before
any pair is read (a tournament has a few tens of levels)."""

MAX_ERROR_TEXT: Final = 60
"""Error messages quote untrusted input cut to about this many characters."""


class WrongTypeError(TypeError, ValueError):
    """A value of the wrong kind (a float where an int belongs, ``None`` where a state
    belongs, ...): both a :class:`TypeError` and a :class:`ValueError`, so that
    ``except ValueError`` still catches every error the library raises on bad input.
    """


_REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Control characters, lone surrogates, line and paragraph separators."""

_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text printed after them."""


def short(value: object, limit: int = MAX_ERROR_TEXT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages; safe for any
    value (an int of thousands of digits, an object whose ``repr`` fails).

    >>> short("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> short(10**5000)
    'an int of about 5001 digits'
    """
    if type(value) is int and value.bit_length() > 200:
        return f"an int of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or an int past the interpreter's digit limit
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def exact_int(
    value: object, name: str, *, low: int | None = None, high: int | None = MAX_CHIPS
) -> int:
    """``value`` as a plain ``int``, checked against ``low <= value <= high``.

    :param value: an ``int``; an int subclass (``IntEnum``, ...) or numpy integer is
        converted with :func:`operator.index` (so a subclass's own ``==`` is never
        used afterwards).
    :param name: the parameter's name, for messages (``"dealer"``, ``"stacks[2]"``).
    :param low: the smallest value allowed, or None.
    :param high: the largest value allowed, or None; default :data:`MAX_CHIPS`.
    :returns: a plain ``int``.
    :raises WrongTypeError: (a :class:`TypeError` and a :class:`ValueError`) for a
        bool, float, Fraction, Decimal, str or anything else that is not an integer.
    :raises ValueError: for a value out of range.
    """
    if type(value) is not int:
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            kind = type(value).__name__
            raise WrongTypeError(f"{name} must be an int, not {kind} {short(value)}")
        value = operator.index(value)  # type: ignore[arg-type]
    assert type(value) is int
    if low is not None and value < low:
        raise ValueError(f"{name} must be at least {low}, not {short(value)}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high}, not {short(value)}")
    return value


def player_name(value: object, name: str) -> str:
    """A player's name, normalised: Unicode NFC, white space (tabs, new lines too)
    stripped at both ends.

    :param value: the name as given.
    :param name: the parameter's name, for messages (``"players[2]"``).
    :returns: the normalised name.
    :raises WrongTypeError: (a :class:`TypeError` and a :class:`ValueError`) if
        ``value`` is not a str.
    :raises ValueError: if it is empty once stripped, longer than
        :data:`MAX_NAME_LENGTH` characters, or holds a control character (NUL, an
        ANSI escape, ...), a lone surrogate, a line or paragraph separator or a
        bidirectional override.
    """
    if not isinstance(value, str):
        kind = type(value).__name__
        raise WrongTypeError(f"{name} must be a non-empty str, not {kind} {short(value)}")
    if len(value) > 4 * MAX_NAME_LENGTH:
        raise ValueError(f"{name} is at most {MAX_NAME_LENGTH} characters: {short(value)}")
    text = unicodedata.normalize("NFC", value).strip()
    if any(
        unicodedata.category(char) in _REFUSED_CATEGORIES or char in _BIDI_CONTROLS for char in text
    ):
        raise ValueError(
            f"{name} must not hold control characters or invalid Unicode: {short(value)}"
        )
    if not text:
        raise ValueError(f"{name} must be a non-empty str, not {short(value)}")
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f"{name} is at most {MAX_NAME_LENGTH} characters: {short(value)}")
    return text


def player_names(values: Iterable[object], name: str = "players") -> tuple[str, ...]:
    """Every name normalised by :func:`player_name`, checked distinct (in linear time).

    :raises WrongTypeError: as :func:`player_name`.
    :raises ValueError: as :func:`player_name`, or naming a name that appears twice
        once normalised (``"A"`` and ``"A "``, NFC and NFD forms are the same name).
    """
    seen: dict[str, int] = {}
    names: list[str] = []
    for index, value in enumerate(values):
        text = player_name(value, f"{name}[{index}]")
        if text in seen:
            raise ValueError(
                f"player names must be distinct; {short(text)} appears twice "
                f"({name}[{seen[text]}] and {name}[{index}])"
            )
        seen[text] = index
        names.append(text)
    return tuple(names)


def check_table_chips(rules: object, total: int) -> None:
    """Refuse a table whose chips pass :data:`MAX_CHIPS`, or
    :data:`MAX_RANGE_TABLE_CHIPS` under ``bet_sizing="range"`` (V3).

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :param total: the chips of every seat together.
    :raises ValueError: naming the limit.
    """
    if total > MAX_CHIPS:
        raise ValueError(f"a table holds at most {MAX_CHIPS} chips, not {total}")
    if getattr(rules, "bet_sizing", None) == "range" and total > MAX_RANGE_TABLE_CHIPS:
        raise ValueError(
            f"under bet_sizing='range' (V3) a table holds at most {MAX_RANGE_TABLE_CHIPS} "
            f"chips (every amount is a legal action), not {total}"
        )
