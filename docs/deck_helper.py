"""The deck helper used by the examples of the documentation.

The doctest builder imports :func:`deck_for` into every page (see ``conf.py``), so
the worked examples can deal chosen hands with an explicit deck.
"""

from __future__ import annotations

from collections.abc import Mapping

from teenpatti_rules import Card, State, parse_cards


def deck_for(state: State, hands: Mapping[int, str]) -> tuple[Card, ...]:
    """A deck that gives ``hands[seat]`` to every seat of the next deal (R10).

    ``state`` is the table before the deal: its dealer and the seats still in the
    session decide the deal order. Cards go out one at a time, from the dealer's
    left round to the dealer, three rounds: with k players, the i-th of them gets
    deck[i], deck[i + k] and deck[i + 2k].
    """
    n = len(state.seats)
    order = [
        seat
        for seat in ((state.dealer + step) % n for step in range(1, n + 1))
        if state.seats[seat].in_session
    ]
    cards = [parse_cards(hands[seat]) for seat in order]
    k = len(order)
    return tuple(cards[i % k][i // k] for i in range(3 * k))
