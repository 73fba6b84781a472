"""What every action record shares (:class:`ActionBase`: its text form ``"P2 bet 4"``
and its words in messages) and the generic reader behind
:func:`~teenpatti_rules.actions.parse_action`, driven by each action class's ``verb``
and ``argument``, so that a new action class needs nothing here. A value, below the
engine: the records themselves live beside their rules in the engine, and
:mod:`teenpatti_rules.actions` (the registry) names them all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from .cards import parse_cards
from .errors import CardParseError

__all__ = ["MAX_CARDS_IN_ACTION", "ActionBase", "cards_tuple", "name_text", "read_action"]

_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.'-]*")
"""A name written bare in a ``join`` text: anything else is written as a JSON string."""


MAX_CARDS_IN_ACTION = 55
"""The most cards an action names: a deck of 52 cards and 3 printed jokers (R6, V8);
a draw names fewer (V20)."""


def name_text(name: object) -> str:
    r"""A joining player's name in an action's text: bare when it is a plain ASCII word
    (``Dev``), else a JSON string with non-ASCII escaped (``"Agent 007"``, ``"D\\u00e9v"``).

    :param name: the name (a str; anything else is written as its ``str``).
    :returns: the name as it appears in the text form.
    """
    if isinstance(name, str) and _PLAIN_NAME.fullmatch(name):
        return name
    return json.dumps(name if isinstance(name, str) else str(name))


def _whole_number(token: str, limit: int) -> int | None:
    """``token`` as an int if it is 1 to ``limit`` ASCII digits, else None."""
    if 0 < len(token) <= limit and token.isascii() and token.isdigit():
        return int(token)
    return None


def read_action(
    text: object,
    by_verb: Mapping[str, Any],
    *,
    max_text: int,
    seat_digits: int,
    amount_digits: int,
) -> Any:
    """Read an action from its text form: the body of
    :func:`~teenpatti_rules.actions.parse_action` (its docstring says the format).

    :param text: the text.
    :param by_verb: verb -> action class; each class's ``argument`` (``""``,
        ``"amount"``, ``"cards"`` or ``"name"``) says what follows the verb.
    :param max_text: the longest text read, in characters.
    :param seat_digits: the most digits of a seat number.
    :param amount_digits: the most digits of an amount of chips.
    :returns: the action.
    :raises TypeError: if ``text`` is not a str.
    :raises ValueError: naming the text (shortened) and what is wrong with it.
    """
    if not isinstance(text, str):
        raise TypeError(f"an action's text must be a str, not {type(text).__name__}")
    shown = repr(text) if len(text) <= 60 else repr(text[:57] + "...")
    if len(text) > max_text:
        raise ValueError(f"an action's text is at most {max_text} characters: {shown}")
    if not text.isascii():
        raise ValueError(f"an action's text is ASCII only: {shown}")
    words = text.split(None, 2)
    seat = _whole_number(words[0][1:], seat_digits) if words and words[0][:1] in "Pp" else None
    if len(words) < 2 or seat is None:
        raise ValueError(f"not an action: {shown} (expected e.g. 'P2 bet 4')")
    verb = words[1].lower()
    argument = words[2].strip() if len(words) == 3 else ""
    if verb == "sit" and argument.lower() in ("out", "in"):  # S5: a verb of two words
        verb, argument = f"sit {argument.lower()}", ""
    kind = by_verb.get(verb)
    if kind is None:
        verbs = ", ".join(by_verb)
        raise ValueError(
            f"unknown action verb {words[1][:20]!r} in {shown} (expected one of: {verbs})"
        )
    if kind.argument == "amount":
        amount = _whole_number(argument, amount_digits)
        if amount is None:
            raise ValueError(f"action {verb!r} needs a whole number of chips, in {shown}")
        return kind(seat, amount)
    if kind.argument == "name":
        return _read_name(kind, verb, seat, argument, shown, amount_digits)
    if kind.argument == "cards":
        if not argument:
            return kind(seat)
        if len(argument.split()) > MAX_CARDS_IN_ACTION:
            what = attrs.fields(kind)[1].name  # "deck" or "cards"
            raise ValueError(f"{what} of more than {MAX_CARDS_IN_ACTION} cards in {shown}")
        try:
            return kind(seat, parse_cards(argument))
        except CardParseError as error:
            what = attrs.fields(kind)[1].name  # "deck" or "cards"
            raise ValueError(f"bad {what} in {shown}: {error}") from None
    if argument:
        raise ValueError(f"action {verb!r} takes no argument, in {shown}")
    return kind(seat)


def _read_name(kind: Any, verb: str, seat: int, argument: str, shown: str, digits: int) -> Any:
    """A name (bare or a JSON string) and an optional stack, as a ``join`` takes (S3)."""
    if argument.startswith('"'):
        try:
            name, end = json.JSONDecoder().raw_decode(argument)
        except ValueError:
            raise ValueError(f"bad name (a JSON string) in {shown}") from None
        rest = argument[end:]
        if rest[:1] and not rest[:1].isspace():  # the stack is a word of its own
            raise ValueError(f"bad name (a JSON string) in {shown}")
        stack_text = rest.strip()
    else:  # words are separated by any white space, as in the other actions' texts
        words = argument.split(None, 1) or [""]
        name, stack_text = words[0], words[1] if len(words) == 2 else ""
    if not isinstance(name, str) or not name:
        raise ValueError(f"action {verb!r} needs a name, in {shown}")
    if not stack_text:
        return kind(seat, name)
    stack = _whole_number(stack_text, digits)
    if stack is None:
        raise ValueError(f"action {verb!r} takes a name and a whole number of chips, in {shown}")
    return kind(seat, name, stack)


class ActionBase:
    """What every action class shares: its text form and its words in messages.

    :cvar verb: the verb of the text form (``"bet"`` in ``"P2 bet 4"``).
    :cvar doing: the words for it in a refusal (``"seat 2 may not go all-in: ..."``).
    :cvar argument: ``""`` (no argument), ``"amount"`` (a whole number of chips, the
        field ``amount``), ``"cards"`` (cards as text, the field named by the class) or
        ``"name"`` (a name, bare or a JSON string, then an optional number of chips);
        :func:`~teenpatti_rules.actions.parse_action` reads the text by it.
    :cvar turn_action: True for a turn action (S9): a betting action, a sideshow answer,
        a draw or a timeout; only these are refused as stale at an old turn
        (:data:`~teenpatti_rules.actions.TURN_ACTION_TYPES` is read from it).
    :cvar table_action: True for an open-table action (S3–S7: joining, leaving, sitting
        out and in, the clock, adding chips;
        :data:`~teenpatti_rules.actions.TABLE_ACTION_TYPES` is read from it).
    """

    __slots__ = ()
    #: The verb of the text form (``"bet"`` in ``"P2 bet 4"``).
    verb: ClassVar[str]
    doing: ClassVar[str]
    argument: ClassVar[str] = ""
    turn_action: ClassVar[bool] = False
    table_action: ClassVar[bool] = False
    seat: int

    def __str__(self) -> str:
        if self.argument == "amount":
            return f"P{self.seat} {self.verb} {self.amount}"  # type: ignore[attr-defined]
        return f"P{self.seat} {self.verb}"


def cards_tuple(value: Any) -> Any:
    """The converter of an action's cards field (a Deal's deck, a Draw's discards): a
    list of cards becomes a tuple; anything else is kept as it is, for
    :func:`~teenpatti_rules.engine.apply` to refuse.

    :param value: the value given for the field.
    :returns: ``tuple(value)`` for a list, else ``value``.
    """
    return tuple(value) if isinstance(value, list) else value
