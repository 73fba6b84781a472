"""The argument checks of :func:`~teenpatti_rules.ranking.evaluate` and friends.

One home for what every entry point of the evaluator checks first (the rules, the
indicator, the hand): :mod:`teenpatti_rules.ranking` and
:mod:`teenpatti_rules.hands.batch` both call it. This module reads
:class:`~teenpatti_rules.rules.Rules`, so it sits above ``rules`` (beside
:mod:`teenpatti_rules.hands.batch`), while the tables of this package sit below it.
"""

from __future__ import annotations

from collections.abc import Collection

from ..cards import Card, format_cards, in_deck, parse_cards
from ..errors import CardParseError
from ..limits import WrongTypeError, short
from ..rules import Rules

__all__ = ["check_hand", "check_indicator", "check_rules"]

_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def check_rules(rules: object, name: str = "rules") -> Rules | None:
    """Refuse a ``rules`` argument that is neither None nor a :class:`~teenpatti_rules.rules.Rules`.

    :param rules: the argument.
    :param name: its name in the message.
    :returns: ``rules``.
    :raises ~teenpatti_rules.limits.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) naming the argument's type.
    """
    if rules is not None and not isinstance(rules, Rules):
        raise WrongTypeError(
            f"{name} must be a Rules record or None, not {type(rules).__name__} {short(rules)}"
        )
    return rules


def check_indicator(rules: Rules | None, indicator: object) -> Card | None:
    """Check the ``indicator=`` argument against the table (V8 W5).

    :param rules: the table's (checked) rules, or None for the default table.
    :param indicator: a :class:`~teenpatti_rules.cards.Card`, its text, or None.
    :returns: the indicator as a :class:`~teenpatti_rules.cards.Card`, or None.
    :raises ~teenpatti_rules.errors.CardParseError: (a :class:`ValueError`) for an
        indicator missing at a ``joker`` / ``hukam`` table, given at any other, or not
        one of the 52 cards.
    """
    needs = rules is not None and rules.has_indicator
    if indicator is None:
        if needs:
            assert rules is not None
            raise CardParseError(
                f"a wild={rules.wild!r} table ranks hands by its indicator: "
                "pass indicator= (the turned-up card, W5)",
                indicator,
            )
        return None
    if not needs:
        raise CardParseError(
            f"indicator= is only for a table with wild='joker' or 'hukam' (W5), "
            f"not {short(indicator)}",
            indicator,
        )
    card = Card.parse(indicator) if isinstance(indicator, str) else indicator
    if not isinstance(card, Card) or card.is_joker:
        raise CardParseError(
            f"the indicator must be one of the 52 cards, not {short(indicator)}", card
        )
    return card


def check_hand(cards: object, rules: Rules | None, indicator: Card | None) -> tuple[Card, ...]:
    """Check and normalise a hand argument: ``rules.hand_size`` distinct cards of the
    table's deck (V8, V12), without the indicator (W5).

    :param cards: text (``"As Kd Qh"``) or a collection of :class:`~teenpatti_rules.cards.Card`.
    :param rules: the table's (checked) rules, or None for the default table.
    :param indicator: the checked indicator, or None.
    :returns: the cards as a tuple, in the order given.
    :raises ~teenpatti_rules.errors.CardParseError: (a :class:`ValueError`) for a wrong
        number of cards (a collection of more than 55 is refused unread), a card given
        twice, a malformed card, an object that is not a card, a printed joker the
        table does not have, the indicator in the hand.
    :raises ~teenpatti_rules.limits.WrongTypeError: for ``cards`` that are neither
        text nor a collection (a generator, a number).
    """
    size = 3 if rules is None else rules.hand_size
    words = _WORDS[size]
    if not isinstance(cards, str | Collection):
        raise WrongTypeError(
            f"cards must be {words} cards, as text ('As Kd Qh') or a tuple or list of Card, "
            f"not {type(cards).__name__} {short(cards)} (a generator: pass tuple(cards))",
        )
    if not isinstance(cards, str) and len(cards) > 55:  # more than any deck: refuse unread
        raise CardParseError(f"a hand is {words} cards, not {len(cards)}", cards)
    parsed = parse_cards(cards)
    shown = short(cards) if isinstance(cards, str) else short(format_cards(parsed))
    if len(parsed) != size:
        raise CardParseError(f"a hand is {words} cards, not {len(parsed)}: {shown}", cards)
    if len(set(parsed)) != size:
        twice = next(card for i, card in enumerate(parsed) if card in parsed[:i])
        raise CardParseError(f"card {twice} appears twice in hand {shown}", cards)
    jokers = 0 if rules is None else rules.jokers
    for card in parsed:
        if not in_deck(card, jokers):
            raise CardParseError(
                f"card {card} is not in this table's deck (jokers={jokers}, V8): {shown}", cards
            )
    if indicator is not None and indicator in parsed:
        raise CardParseError(f"the indicator {indicator} is part of no hand (W5): {shown}", cards)
    return parsed
