"""A table's wild cards in words (V8), for the screens that name the table."""

from __future__ import annotations

from ..cards import Card, Rank
from ..rules import Rules

__all__ = ["describe_wild_cards"]


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def describe_wild_cards(rules: Rules, indicator: Card | None = None) -> str | None:
    """Which cards are wild at a table, in words, with the rule id; None without wild
    cards.

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :param indicator: the turned-up card of a ``wild="joker"``/``"hukam"`` hand (W5),
        once dealt; None before.
    :returns: e.g. ``"wild cards: every ace, king, four and seven (V8)"``.

    >>> describe_wild_cards(Rules(wild_ranks="AK47"))
    'wild cards: every ace, king, four and seven (V8)'
    >>> describe_wild_cards(Rules(wild="joker"), Card.parse("7c"))
    'wild cards: the other sevens, the rank of the indicator 7c (V8 W5)'
    >>> describe_wild_cards(Rules()) is None
    True
    """
    if rules.wild_ranks is not None:
        by_char = {rank.char: rank for rank in Rank}
        names = [by_char[letter].word for letter in rules.wild_ranks.upper() if letter in by_char]
        return f"wild cards: every {_join(names)} (V8)"
    if rules.wild in ("joker", "hukam"):
        what = "rank" if rules.wild == "joker" else "suit"
        if indicator is None:
            return f"wild cards: the {what} of the indicator turned up after the deal (V8 W5)"
        kind = indicator.rank.plural if rules.wild == "joker" else indicator.suit.name.lower()
        return f"wild cards: the other {kind}, the {what} of the indicator {indicator} (V8 W5)"
    if rules.wild in ("lowest", "highest"):
        return f"wild cards: each hand's {rules.wild} rank (V8)"
    if rules.jokers:
        jokers = " ".join(f"X{n}" for n in range(1, rules.jokers + 1))
        return f"wild cards: the printed joker{'s' if rules.jokers > 1 else ''} {jokers} (V8)"
    if rules.hand_size == 2:
        return "wild cards: each hand's imagined third card (V12)"
    return None
