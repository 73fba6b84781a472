"""Refusals: why an action is not legal, as data (issue 19, "one source per rule").

Each legality question of the engine is written once, as a function that returns
None when the action is allowed and otherwise a :class:`Refusal`: a small frozen
record with a stable machine-readable :attr:`~Refusal.code`, the rule id it applies
(:attr:`~Refusal.rule`) and the values its sentence needs. The plain ``may_*``
predicates are derived from those functions (``refusal is None``), and the sentence
for people is rendered only when it is read (:attr:`Refusal.sentence`), so a legal
action costs no string building. A refusal function builds its refusals with the
:class:`Refuser` it is given: :func:`refuse` by default, or :func:`refused` when only
"may it?" is asked (the ``may_*`` predicates,
:func:`~teenpatti_rules.engine.legal_actions`): it builds nothing and returns the one
record :data:`REFUSED`, so a yes/no question costs no record either.

:data:`REFUSALS` lists every refusal the engine can give, as ``(code, rule)`` →
the sentence's template; :data:`REFUSAL_CODES` is the sorted tuple of codes. A refused
action raises :class:`~teenpatti_rules.errors.IllegalActionError` whose
:attr:`~teenpatti_rules.errors.IllegalActionError.code` and
:attr:`~teenpatti_rules.errors.IllegalActionError.rule` are the refusal's.

>>> refusal = refuse("not_your_turn", actor=4)
>>> refusal.code, refusal.rule, refusal.sentence
('not_your_turn', 'R20', "it is seat 4's turn")
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

import attrs

from ..errors import IllegalActionError

__all__ = [
    "REFUSALS",
    "REFUSAL_CODES",
    "REFUSED",
    "Refusal",
    "Refuser",
    "error_for",
    "refuse",
    "refused",
    "sentence_of",
]

# (code, rule) -> template (str.format with the refusal's values). The first rule
# listed for a code is its default rule in refuse().
REFUSALS: Final[Mapping[tuple[str, str | None], str]] = {
    # any action
    ("not_an_action", None): "not an action: {what}",
    ("view", None): (
        "{action} cannot be applied to a view (what one seat may know, with hidden "
        "cards and no seed); apply actions to the full state"
    ),
    ("no_seat", None): "{kind} of seat {who} names no seat: seats are 0..{last}",
    ("stale_turn", "S9"): (
        "the action was meant for turn {given}, and the table is at turn {turn} (S9)"
    ),
    # whose turn (R20, R29)
    ("not_your_turn", "R20"): "it is seat {actor}'s turn",
    ("sideshow_pending", "R29"): (
        "a sideshow is pending; only seat {target} may act, to accept or refuse it (R29, R31)"
    ),
    ("no_hand", "R6"): "no hand is in play (the table waits for a deal)",
    ("no_hand", "R22"): "no hand is in play",
    ("session_over", "R2"): "the session is over",
    ("amount_type", None): (
        "the amount must be a whole number of chips, not {amount} "
        "(an int; convert numpy integers with int())"
    ),
    ("amount_range", None): "the amount must be 1..{most} chips, not {amount}",
    # dealing (R6, R10, V8)
    ("hand_in_play", "R6"): "a hand is in play",
    ("left_session", "R6"): "it has left the session (R6)",
    ("no_seed", None): "this state has no seed (it is a view); give an explicit deck",
    ("deck_type", "R10"): "the deck must be a sequence of Card, not {deck}",
    ("deck_card", "R10"): "deck[{position}] is not a Card: {card}",
    ("deck_repeat", "R10"): "card {card} appears twice in the deck",
    (
        "deck_joker",
        "V8",
    ): "deck[{position}] is {card}, not in this table's deck (jokers={jokers}, V8)",
    (
        "deck_short",
        "R10",
    ): "{players} players need a deck of at least {need} cards{what}, not {size} (R10)",
    # looking (R22, R28)
    ("not_in_hand", "R22"): "it is not in the hand",
    ("already_seen", "R22"): "it has already looked (once seen, always seen)",
    ("all_in", "R28"): "it is all-in and takes no further action (R28)",
    # bets (R23-R26)
    (
        "blind_bet_limit",
        "R23",
    ): "it has made its {limit} blind bets and must look before betting (R23)",
    ("blind_bet_limit", "R27"): "it has used up its blind bets and must look first (R27)",
    ("blind_bet_limit", "R36"): "it has used up its blind bets and must look before a show (R36)",
    ("stack_short", "R25"): (
        "its minimum bet is {low} chips and it has only {stack} (R25); it may go all-in or pack"
    ),
    (
        "amount",
        "R24",
    ): "{amount!r} chips is not a legal {status} bet now; it may bet {options} (R24)",
    ("stack_covers_bet", "R26"): (
        "its stack of {stack} chips covers the minimum bet of {low}, so it must bet (R26)"
    ),
    # show (R33-R36, V2)
    (
        "show_players",
        "R34",
    ): "{count} players are still in the hand and a show needs exactly 2 (R34)",
    ("seen_against_blind", "R36"): (
        "it is seen and seat {opponent} is blind; a seen player may not show a blind one (R36)"
    ),
    ("show_cost", "R34"): "a show costs {cost} chips and it has only {stack} (R34)",
    # sideshow (R30, R31, R33, V17)
    ("sideshow_blind", "R30"): "it is blind; only a seen player may ask for a sideshow (R30)",
    ("sideshow_players", "R33"): (
        "only {count} players are in the hand; with two it is a show (R33)"
    ),
    ("no_bettor", "R30"): "no other player in the hand can still bet (R30)",
    ("target_blind", "R30"): (
        "its previous player, seat {target}, is blind and may not be asked (R30)"
    ),
    (
        "target_blind",
        "V17",
    ): "its next player, seat {target}, is blind and may not be asked (R30, V17)",
    ("sideshow_empties_stack", "R30"): (
        "a chaal of {amount} would empty its stack; a sideshow must leave a chip behind (R30)"
    ),
    ("no_sideshow", "R31"): "no sideshow is pending",
    ("not_asked", "R31"): "the pending sideshow was asked of seat {target}, not seat {seat}",
    ("accept_cost", "V17"): (
        "accepting costs {half} chips (half the chaal) and needs more than its {stack} (V17)"
    ),
    # draws (V20)
    ("no_draws", "V20"): "this table has no draws (Rules.draw_price is None) (V20)",
    ("draw_blind", "V20"): "it is blind; only a seen player may draw (V20)",
    ("draws_used", "V20"): "it has drawn its {most} cards this hand (V20)",
    (
        "draw_price",
        "V20",
    ): "a draw costs {price} chips a card and must leave a chip of its {stack} (V20)",
    ("draw_cards", "V20"): "the discarded cards must be a tuple of Card, not {cards}",
    ("draw_too_many", "V20"): "it holds {size} cards, so it may not discard {count} (V20)",
    ("draw_distinct", "V20"): "the discarded cards must be distinct Cards",
    ("draw_none", "V20"): "it must discard at least one card (V20)",
    ("hidden_cards", None): "its cards are hidden in this state",
    ("draw_not_own", "V20"): "it may discard only its own cards (V20)",
    ("draw_count", "V20"): "it may draw {left} more card{plural} this hand, not {count} (V20)",
    ("draw_cost", "V20"): (
        "{count} cards cost {cost} chips and must leave a chip of its {stack} (V20)"
    ),
    ("deck_left", "V20"): "only {left} cards are left in the deck (V20)",
    # open tables (S1-S9)
    ("too_few_players", "S2"): (
        "the table waits for players: a hand needs {need} playing players, "
        "and {count} are playing (S2)"
    ),
    ("hand_in_play", "S3"): "a hand is in play; a player joins between hands (S3)",
    ("tournament", "S3"): (
        "a tournament table (V18) takes no new player once the first hand is dealt (S3)"
    ),
    ("chair_taken", "S1"): "the chair is taken by {name!r} (S1)",
    ("name", "S1"): "{reason}",
    ("buy_in", "S3"): "a player joins with {low} to {high} chips, not {stack} (S3)",
    ("table_chips", None): "{reason}",
    ("not_in_session", "S4"): "it is not in the session",
    ("already_leaving", "S4"): "it has already left; it goes at the end of the hand (S4)",
    ("already_sitting_out", "S5"): "it is already sitting out (S5)",
    ("not_sitting_out", "S5"): "it is not sitting out (S5)",
    ("not_your_turn", "S6"): "only the player who must act can time out, seat {actor} (S6)",
    ("no_rebuy", "S7"): "this table has no rebuys (Rules.rebuy is False) (S7)",
    ("hand_in_play", "S7"): "a hand is in play; chips are added between hands (S7)",
    ("buy_in_limit", "S7"): (
        "adding {amount} chips makes a stack of {total}, above the buy-in limit of {limit} (S7)"
    ),
    # outside the reducer's checks
    ("hands_hidden", None): (
        "the hands cannot be compared: the cards of seat {seat} are hidden in this "
        "state (a view); apply actions to the full state"
    ),
    ("illegal", None): "{reason}",
}
"""Every refusal the engine can give: ``(code, rule id or None)`` → the template of
its sentence (:meth:`str.format` with :attr:`Refusal.values`). A code may apply several
rules (``"blind_bet_limit"`` refuses a bet by R23, an all-in by R27 and a show by R36).
``"illegal"`` is the code of an :class:`~teenpatti_rules.errors.IllegalActionError`
raised outside the engine without one (the encoding's action ids)."""

REFUSAL_CODES: Final[tuple[str, ...]] = tuple(sorted({code for code, _ in REFUSALS}))
"""Every refusal code, sorted."""

_DEFAULT_RULE: Final[dict[str, str | None]] = {}
for _code, _rule in REFUSALS:
    _DEFAULT_RULE.setdefault(_code, _rule)


@attrs.frozen(eq=True, hash=False)
class Refusal:
    """Why an action is not legal now.

    :param code: a stable, machine-readable reason, one of :data:`REFUSAL_CODES`.
    :param rule: the rule id it applies (``"R30"``), or None.
    :param values: the values of its sentence, as ``(name, value)`` pairs.
    """

    #: A stable, machine-readable reason, one of :data:`REFUSAL_CODES`.
    code: str
    #: The rule id it applies (``"R30"``), or None.
    rule: str | None
    #: The values of its sentence, as ``(name, value)`` pairs.
    values: tuple[tuple[str, Any], ...] = ()

    @property
    def sentence(self) -> str:
        """The reason in words (rendered now, from :data:`REFUSALS`)."""
        return REFUSALS[self.code, self.rule].format(**dict(self.values))

    def __str__(self) -> str:
        return self.sentence


_NO_RULE: Any = object()


def refuse(code: str, rule: str | None = _NO_RULE, **values: Any) -> Refusal:
    """A :class:`Refusal` with ``code``, ``rule`` (by default the code's first rule in
    :data:`REFUSALS`) and the sentence's ``values``.

    :raises KeyError: if ``(code, rule)`` is not in :data:`REFUSALS` (a bug).
    """
    if rule is _NO_RULE:
        rule = _DEFAULT_RULE[code]
    if (code, rule) not in REFUSALS:
        raise KeyError(f"unknown refusal {(code, rule)!r}")
    return Refusal(code, rule, tuple(values.items()))


class Refuser(Protocol):
    """How a refusal function builds its refusals: :func:`refuse` or :func:`refused`."""

    def __call__(self, code: str, rule: str | None = ..., **values: Any) -> Refusal:
        """The refusal with ``code``, ``rule`` and the sentence's ``values``."""
        ...


REFUSED: Final = Refusal("illegal", None, (("reason", "the action is not legal now"),))
"""The one refusal :func:`refused` returns: "no", without the reason (ask the refusal
function with :func:`refuse` for the reason)."""


def refused(code: str, rule: str | None = _NO_RULE, **values: Any) -> Refusal:
    """The :class:`Refuser` of the yes/no questions: :data:`REFUSED`, whatever the
    arguments (nothing is built or checked: the refusal function's answer is only
    compared with None). Same arguments as :func:`refuse`.
    """
    return REFUSED


def sentence_of(refusal: Refusal | None) -> str | None:
    """None for None, else the refusal's sentence (for the ``why_not_*`` questions)."""
    return None if refusal is None else refusal.sentence


def error_for(action: Any, refusal: Refusal, *, whole: bool = False) -> IllegalActionError:
    """The :class:`~teenpatti_rules.errors.IllegalActionError` for ``action`` refused by
    ``refusal``: its message is ``"seat S may not DOING: SENTENCE"`` (or the sentence
    alone when ``whole``), with the refusal's code and rule.
    """
    sentence = refusal.sentence
    if not whole:
        sentence = f"seat {action.seat} may not {action.doing}: {sentence}"
    return IllegalActionError(sentence, action, code=refusal.code, rule=refusal.rule)
