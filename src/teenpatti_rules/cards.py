"""Cards: ranks, suits, the 52-card deck and their text notation.

Every card has a text form (``"As"``, ``"Td"``, ``"2c"``) that round-trips through
:meth:`Card.parse` and :func:`str`, and an index 0..51 (:attr:`Card.index`) that the
table-driven evaluator uses. There are exactly 52 :class:`Card` values; parsing and
:meth:`Card.from_index` return shared instances.

>>> card = Card.parse("As")
>>> card.rank, card.suit
(<Rank.ACE: 14>, <Suit.SPADES: 's'>)
>>> str(card), card.index
('As', 51)
>>> Card.parse("10d") == Card.parse("TD")
True
>>> parse_cards("As, Kd Qh")
(Card.parse('As'), Card.parse('Kd'), Card.parse('Qh'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, IntEnum
from typing import Any

import attrs

from .errors import CardParseError
from .limits import short

__all__ = [
    "CARDS",
    "JOKERS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "in_deck",
    "parse_cards",
    "standard_deck",
    "table_deck",
]


class Rank(IntEnum):
    """A card's rank, TWO=2 … TEN=10, JACK=11, QUEEN=12, KING=13, ACE=14.

    The ace is high except in the sequence A-2-3 (R14).
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-character notation: ``"2"`` … ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``,
        ``"A"``.
        """
        return _RANK_CHARS[self]

    @property
    def word(self) -> str:
        """The rank's name in words (``"ace"``, ``"ten"``, ``"two"``)."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The plural name (``"aces"``, ``"sixes"``), used in hand names."""
        return "sixes" if self is Rank.SIX else self.word + "s"


class Suit(Enum):
    """A card's suit; the value is its letter. Suits never rank hands (R13)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def letter(self) -> str:
        """The one-letter notation, ``"c"``, ``"d"``, ``"h"`` or ``"s"``."""
        return self.value


_RANK_CHARS = {r: ("T" if r == 10 else "JQKA"[r - 11] if r > 10 else str(int(r))) for r in Rank}
_SUIT_NUMBER = {s: i for i, s in enumerate(Suit)}
_RANK_BY_TOKEN = {c.upper(): r for r, c in _RANK_CHARS.items()} | {"10": Rank.TEN}
_SUIT_BY_TOKEN = {s.value: s for s in Suit}
_SPLIT = re.compile(r"[\s,]+")

ROW_OFFSET = 55
"""A card's private ``_row_index`` is its :attr:`Card.index` plus this: the fast path of
:func:`~teenpatti_rules.ranking.evaluate` looks hands up by it in a table whose first 55
entries at each level are placeholders that find no hand, so that an object that makes
up its attributes and reads as a small number (a ``MagicMock`` reads as 1) finds None,
never a real card's entry."""


class _EvaluatorSlot:
    """The private slot ``_row_index`` of every :class:`Card` (its index plus
    :data:`ROW_OFFSET`), for the fast path of :func:`~teenpatti_rules.ranking.evaluate`
    (R13 hand of three cards): a base class, not an attrs field, so that
    ``attrs.fields(Card)``, the repr, equality, hashing and pickling
    (:meth:`Card.__reduce__`) know nothing of it.

    The lookup ``table[a._row_index][b._row_index][c._row_index]`` needs no type check
    of the three cards: an object that only looks like a card (a public ``index``) has
    no such slot, and its :class:`AttributeError` (or any error of a hostile
    ``__getattr__``) sends it to the checked path, which refuses it; an object that
    makes up every attribute it is asked for (a ``MagicMock``) finds a placeholder
    (None) and is refused likewise. Only an object forged on purpose with this private
    slot is trusted.
    """

    __slots__ = ("_row_index",)
    _row_index: int


@attrs.frozen(repr=False, eq=False, order=False)
class Card(_EvaluatorSlot):
    """One playing card, a frozen record ``(rank, suit)``.

    :param rank: a :class:`Rank`.
    :param suit: a :class:`Suit`.
    :raises ValueError: if ``rank`` is not a :class:`Rank` or ``suit`` not a
        :class:`Suit`.

    ``str(card)`` is the two-character notation (``"As"``); :meth:`parse` reads it
    back. :attr:`index` is ``(rank - 2) * 4 + suit number`` with clubs, diamonds,
    hearts, spades numbered 0..3, so 2c is 0 and As is 51. Cards are equal when
    their index is, hash accordingly, and sort by index.

    The printed jokers of a ``jokers`` table (V8) are the three further cards
    ``X1``, ``X2``, ``X3`` (:data:`JOKERS`, indices 52..54, :attr:`is_joker` True).
    A joker is always wild, so its ``rank`` and ``suit`` (ace of spades, a
    placeholder) are never read by the ranking.
    """

    rank: Rank
    suit: Suit
    #: The card's index: 0..51, ``(rank - 2) * 4 + suit number`` (2c is 0, As is 51); 52..54
    #: for the printed jokers (V8). Equality, hashing and order use it.
    index: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise CardParseError(f"not a card rank: {short(self.rank)}", self.rank)
        if not isinstance(self.suit, Suit):
            raise CardParseError(f"not a card suit: {short(self.suit)}", self.suit)
        index = (self.rank - 2) * 4 + _SUIT_NUMBER[self.suit]
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "_row_index", index + ROW_OFFSET)

    @property
    def is_joker(self) -> bool:
        """True for a printed joker ``X1``–``X3`` (V8), False for the 52 natural cards."""
        return self.index >= 52

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation.

        :param text: rank then suit letter, e.g. ``"As"``, ``"Td"`` or ``"10d"``;
            both letters are case-insensitive; surrounding spaces are ignored.
            ``"X1"``, ``"X2"``, ``"X3"`` are the printed jokers (V8).
        :returns: the shared :class:`Card` instance.
        :raises CardParseError: (a :class:`ValueError`) naming the bad text.
        """
        if not isinstance(text, str):
            raise CardParseError(f"not a card: {short(text)} (expected text such as 'As')", text)
        token = text.strip()
        joker = _JOKER_BY_TOKEN.get(token.upper())
        if joker is not None:
            return joker
        rank = _RANK_BY_TOKEN.get(token[:-1].upper())
        suit = _SUIT_BY_TOKEN.get(token[-1:].lower())
        if rank is None or suit is None:
            what = "rank" if rank is None else "suit"
            hint = "; separate cards with spaces" if len(token) > 3 else ""
            raise CardParseError(
                f"not a card: {short(text)} "
                f"(bad {what}; expected e.g. 'As', 'Td', '10d', '2c'{hint})",
                text,
            )
        return CARDS[(rank - 2) * 4 + _SUIT_NUMBER[suit]]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index``.

        :param index: an int in 0..51, or 52..54 for the printed jokers ``X1``–``X3``.
        :raises CardParseError: (a :class:`ValueError`) if ``index`` is out of range
            or not an int.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 55:
            raise CardParseError(f"not a card index: {short(index)} (expected 0..54)", index)
        return _ALL[index]

    def __str__(self) -> str:
        if self.index >= 52:
            return f"X{self.index - 51}"
        return _RANK_CHARS[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_index, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""All 52 cards, indexed by :attr:`Card.index` (2c, 2d, 2h, 2s, 3c, …, As)."""


def _joker(number: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "rank", Rank.ACE)
    object.__setattr__(card, "suit", Suit.SPADES)
    object.__setattr__(card, "index", 51 + number)
    object.__setattr__(card, "_row_index", 51 + number + ROW_OFFSET)
    return card


JOKERS: tuple[Card, ...] = tuple(_joker(n) for n in (1, 2, 3))
"""The printed jokers ``X1``, ``X2``, ``X3`` (V8 ``jokers``), indices 52..54."""

_ALL = CARDS + JOKERS
_JOKER_BY_TOKEN = {str(card): card for card in JOKERS}


def in_deck(card: Card, jokers: int = 0) -> bool:
    """Whether ``card`` is in the deck of a table with ``jokers`` printed jokers: every
    natural card is, a printed joker ``Xn`` only when ``n <= jokers`` (V8). The one
    home of this test (the evaluator, the deck builder and the state checks ask it).

    :param card: a :class:`Card`.
    :param jokers: the table's ``Rules.jokers``, 0 to 3.
    :returns: True or False.

    >>> in_deck(Card.parse("X2"), 1), in_deck(Card.parse("X2"), 2)
    (False, True)
    """
    return card.index - 51 <= jokers


def table_deck(jokers: int = 0) -> tuple[Card, ...]:
    """The deck of a table: the 52 cards of :func:`standard_deck`, then ``jokers``
    printed jokers ``X1``… (V8).

    :param jokers: 0 to 3.
    :returns: a tuple of ``52 + jokers`` distinct cards.
    :raises ValueError: if ``jokers`` is not 0 to 3.

    >>> format_cards(table_deck(2)[-3:])
    'As X1 X2'
    """
    if isinstance(jokers, bool) or jokers not in (0, 1, 2, 3):
        raise ValueError(f"jokers must be 0 to 3, not {jokers!r}")
    return _ALL[: 52 + jokers]


def standard_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order: by rank from two to ace, and within a rank
    clubs, diamonds, hearts, spades (the order of :attr:`Card.index`).

    :returns: a tuple of 52 distinct :class:`Card`.

    >>> deck = standard_deck()
    >>> len(deck), str(deck[0]), str(deck[-1])
    (52, '2c', 'As')
    """
    return CARDS


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards.

    :param text: card notations separated by spaces and/or commas
        (``"As Kd Qh"``, ``"As,Kd,Qh"``), or an iterable of notations or
        :class:`Card` values.
    :returns: the cards in the order given (duplicates are kept; it is the
        evaluator and the dealer that refuse them).
    :raises CardParseError: (a :class:`ValueError`) naming the first bad token.
    """
    if isinstance(text, str):
        return tuple(Card.parse(token) for token in _SPLIT.split(text.strip()) if token)
    if not isinstance(text, Iterable):
        raise CardParseError(f"not cards: {short(text)} (expected text such as 'As Kd Qh')", text)
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in text)


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards separated by spaces; the inverse of :func:`parse_cards`.

    >>> format_cards(parse_cards("as kd 10h"))
    'As Kd Th'
    """
    return " ".join(str(card) for card in cards)
