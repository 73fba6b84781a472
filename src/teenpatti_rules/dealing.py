"""Chance, made explicit: the seeded shuffle and the first dealer (R5, R10).

A :class:`~teenpatti_rules.actions.Deal` without a deck shuffles
:func:`~teenpatti_rules.cards.standard_deck` with :func:`shuffled_deck`. The shuffle
is seeded through SHAKE-256 of the session seed and the hand number, so one hand's
cards reveal nothing about the next hand's deck, and the same seed always gives
the same decks.

>>> shuffled_deck(7, 1) == shuffled_deck(7, 1) != shuffled_deck(7, 2)
True
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence

from .cards import CARDS, Card, table_deck

__all__ = ["deal_hands", "first_dealer", "shuffled_deck"]

_KEYS = struct.Struct(">52Q")


def _digest(*parts: object) -> int:
    text = ":".join(str(part) for part in ("teenpatti_rules", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def shuffled_deck(seed: int, hand_number: int, jokers: int = 0) -> tuple[Card, ...]:
    """The deck of hand ``hand_number`` of the session with seed ``seed``.

    The cards are sorted by 64-bit keys read from SHAKE-256 of the seed and the hand
    number: a uniformly random order (two equal keys, about one chance in 10^16,
    fall back to the standard order), and no hand's deck says anything about
    another's.

    :param seed: the session seed (any int).
    :param hand_number: 1 for the first hand.
    :param jokers: printed jokers in the deck (V8), 0 to 3; their keys follow the 52
        cards' keys in the same SHAKE-256 stream, so a deck without jokers is
        unchanged.
    :returns: the ``52 + jokers`` cards in shuffled order.
    """
    text = f"teenpatti_rules:deck:{seed}:{hand_number}".encode()
    if not jokers:
        keys = _KEYS.unpack(hashlib.shake_256(text).digest(_KEYS.size))
        return tuple(sorted(CARDS, key=lambda card: keys[card.index]))
    layout = struct.Struct(f">{52 + jokers}Q")
    keys = layout.unpack(hashlib.shake_256(text).digest(layout.size))
    return tuple(sorted(table_deck(jokers), key=lambda card: keys[card.index]))


def first_dealer(seed: int, seat_count: int) -> int:
    """The dealer of the first hand, chosen from the session seed (R5).

    :param seed: the session seed.
    :param seat_count: how many seats the table has (at least 1).
    :returns: a seat in ``0..seat_count-1``.
    """
    return _digest("dealer", seed) % seat_count


def deal_hands(
    deck: Sequence[Card], order: Sequence[int], hand_size: int = 3
) -> dict[int, tuple[Card, ...]]:
    """Deal ``hand_size`` cards to each seat of ``order``, one card at a time (R10,
    generalised to ``hand_size`` rounds by V12).

    With k seats, the i-th seat of ``order`` gets ``deck[i]``, ``deck[i + k]``, …,
    ``deck[i + (hand_size - 1) * k]``.

    :param deck: at least ``hand_size * len(order)`` cards (not checked here).
    :param order: the seats in deal order, the dealer's left first, the dealer last.
    :param hand_size: cards per seat (3 by default; 2 to 5, V12).
    :returns: seat → its cards, in the order dealt.

    >>> from teenpatti_rules.cards import parse_cards
    >>> hands = deal_hands(parse_cards("2c 3c 4c 5c 6c 7c"), [1, 0])
    >>> {seat: " ".join(map(str, cards)) for seat, cards in hands.items()}
    {1: '2c 4c 6c', 0: '3c 5c 7c'}
    """
    k = len(order)
    return {seat: tuple(deck[i + r * k] for r in range(hand_size)) for i, seat in enumerate(order)}
