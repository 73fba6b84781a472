"""The library's exceptions.

Every error the library raises on bad input is a :class:`ValueError` subclass, so
``except ValueError`` catches them all; each carries the offending input.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "HistoryError",
    "IllegalActionError",
    "StaleActionError",
    "UnreachableStateError",
    "WrongTypeError",
]


class CardParseError(ValueError):
    """Text that does not name a card, or a set of cards that is not allowed.

    :param message: the reason in words.
    :param text: the offending input (a token, a string or a sequence), kept as
        :attr:`text` so that callers can point at it.
    """

    def __init__(self, message: str, text: object = None) -> None:
        super().__init__(message)
        #: The offending input (a token, a string or a sequence).
        self.text = text


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the given state.

    Raised by :func:`teenpatti_rules.apply <teenpatti_rules.engine.apply>` before
    anything changes: the input state is never modified (it is immutable anyway). The
    message names the seat, the action and the reason in words, e.g. ``"seat 2 may not
    bet: it is seat 4's turn"``.

    :param message: the reason in words.
    :param action: the refused action, kept as :attr:`action`.
    :param code: a stable, machine-readable reason, kept as ``code``: one of
        :data:`teenpatti_rules.engine.refusals.REFUSAL_CODES` (``"not_your_turn"``,
        ``"blind_bet_limit"``, ``"amount"``, ...); ``"illegal"`` when the raiser gave none.
    :param rule: the rule id the refusal applies (``"R30"``), or None; kept as ``rule``.
    """

    def __init__(
        self,
        message: str,
        action: object = None,
        *,
        code: str = "illegal",
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        #: The refused action.
        self.action = action
        #: A stable, machine-readable reason, one of
        #: :data:`~teenpatti_rules.engine.refusals.REFUSAL_CODES` or ``"illegal"``.
        self.code = code
        #: The rule id the refusal applies (``"R30"``), or None.
        self.rule = rule


class StaleActionError(IllegalActionError):
    """A turn action applied "at turn t" when the table's turn number is no longer t
    (S9): it was meant for an earlier moment of the hand, and nothing changes.
    Its ``code`` is ``"stale_turn"`` and its rule ``"S9"``.

    :param message: the reason in words.
    :param action: the refused action.
    """

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message, action, code="stale_turn", rule="S9")


class UnreachableStateError(ValueError):
    """A state that no sequence of legal actions could produce (see
    :func:`~teenpatti_rules.engine.invariants.check`): the engine refuses to act on it.
    """


class WrongTypeError(TypeError, ValueError):
    """A value of the wrong kind (a float where an int belongs, ``None`` where a state
    belongs, ...): both a :class:`TypeError` and a :class:`ValueError`, so that
    ``except ValueError`` still catches every error the library raises on bad input.
    """


class HistoryError(ValueError):
    """A hand history or a saved state that cannot be loaded or replayed.

    Raised by :meth:`teenpatti_rules.io.history.History.from_json`,
    :func:`teenpatti_rules.io.history.replay` (and friends) and
    :func:`teenpatti_rules.io.state_json.state_from_json`, before anything is returned:
    nothing is ever half-loaded. The message names every problem (up to four) and
    where it is, as ``"description @ path"``: ``path`` is a JSON path into the
    document, ``$`` for the whole, e.g. ``$.seats[2].stack`` or ``$.actions[17]``.

    :param message: the problem(s) in words.
    :param path: the path of the first problem, kept as :attr:`path` (None when the
        text is not even JSON).
    :param index: for a history, the index in ``actions`` of the action at fault
        (bad text, or illegal when replayed), kept as :attr:`index`; else None.
    :param problems: every problem found, ``"description @ path"`` each, kept as
        :attr:`problems`.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        index: int | None = None,
        problems: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        #: The JSON path of the first problem (``$`` for the whole), or None.
        self.path = path
        #: For a history, the index in ``actions`` of the action at fault; else None.
        self.index = index
        #: Every problem found, ``"description @ path"`` each.
        self.problems = problems or (message,)
