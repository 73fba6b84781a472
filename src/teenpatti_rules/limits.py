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
teenpatti_rules.errors.WrongTypeError: boot must be an int, not float 2.0
>>> player_name(" Asha ", "players[0]")
'Asha'
>>> player_name("B\x1b[2J", "players[1]")
Traceback (most recent call last):
...
ValueError: players[1] must not hold control characters or invisible or invalid Unicode: 'B\x1b[2J'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Final

from .errors import WrongTypeError

__all__ = [
    "MAX_BET_BINS",
    "MAX_BOOT_SCHEDULE",
    "MAX_CHIPS",
    "MAX_DOCUMENT_CHARS",
    "MAX_ERROR_TEXT",
    "MAX_HISTORY_ACTIONS",
    "MAX_LIST_ITEMS",
    "MAX_MESSAGE_CHARS",
    "MAX_NAME_LENGTH",
    "MAX_NUMBER_DIGITS",
    "MAX_PROBLEMS",
    "MAX_RANGE_TABLE_CHIPS",
    "MAX_SEED",
    "MAX_SESSIONS",
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

MAX_BET_BINS: Final = 1_000
"""The most amount bins per bet kind of the learning encoding (``bet_bins``, V3):
an alphabet of at most ``10 + 2·(MAX_BET_BINS − 2)`` ids, so every mask and every
call stays small (more bins than the legal amounts add nothing: with ``K − 1`` at least
``(raise_cap − 1)·m`` the bins already name every amount)."""

MAX_SESSIONS: Final = 10**6
"""The most sessions one :func:`~teenpatti_rules.simulate.run_sessions` call (and
``teenpatti simulate --sessions``) plays. The chunks of work are made lazily, as the
executor asks for them; the results are kept (a few hundred bytes per session
without histories), which this bound keeps under about a gigabyte."""

MAX_DOCUMENT_CHARS: Final = 8 * 2**20
"""The longest JSON document (history or state) read, in characters (or bytes)."""

MAX_MESSAGE_CHARS: Final = 64 * 2**10
"""The longest action or event document read alone (JSON), in characters (or bytes):
:func:`~teenpatti_rules.io.messages.action_from_json`,
:func:`~teenpatti_rules.io.messages.event_from_json` (an event with a whole table's
status is a few KB)."""
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
    """A player's name, normalised and checked: :func:`teenpatti_rules.names.normalise_name`
    (the one home of the name rules, S1; kept here for the modules that import it).
    """
    from .names import normalise_name  # names imports this module's limits

    return normalise_name(value, name)


def player_names(values: Iterable[object], name: str = "players") -> tuple[str, ...]:
    """Every name checked and distinct: :func:`teenpatti_rules.names.check_names` (S1)."""
    from .names import check_names

    return check_names(values, name)


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
