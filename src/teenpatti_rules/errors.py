"""The library's exceptions.

Every error the library raises on bad input is a :class:`ValueError` subclass, so
``except ValueError`` catches them all; each carries the offending input.
"""

from __future__ import annotations

__all__ = ["CardParseError", "IllegalActionError"]


class CardParseError(ValueError):
    """Text that does not name a card, or a set of cards that is not allowed.

    :param message: the reason in words.
    :param text: the offending input (a token, a string or a sequence), kept as
        :attr:`text` so that callers can point at it.
    """

    def __init__(self, message: str, text: object = None) -> None:
        super().__init__(message)
        self.text = text


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the given state.

    Raised by :func:`teenpatti_rules.apply` before anything changes: the input
    state is never modified (it is immutable anyway). The message names the seat,
    the action and the reason in words, e.g. ``"seat 2 may not bet: it is seat 4's
    turn"``.

    :param message: the reason in words.
    :param action: the refused action, kept as :attr:`action`.
    """

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action
