"""The deck helper used by the examples of the documentation.

The doctest builder imports :func:`deck_for` into every page (see ``conf.py``), so
the worked examples can deal chosen hands with an explicit deck.
"""

from __future__ import annotations

from collections.abc import Mapping

from teenpatti_rules import Card, State, parse_cards


def deck_for(
    state: State, hands: Mapping[int, str], indicator: str | None = None
) -> tuple[Card, ...]:
    """A deck that gives ``hands[seat]`` to every seat of the next deal (R10).

    ``state`` is the table before the deal: its dealer and the seats still in the
    session decide the deal order. Cards go out one at a time, from the dealer's
    left round to the dealer, three rounds (``hand_size`` rounds, V12): with k
    players, the i-th of them gets deck[i], deck[i + k] and deck[i + 2k]. The
    ``indicator`` of a joker or hukam table (V8 W5) comes next.
    """
    n = len(state.seats)
    order = [
        seat
        for seat in ((state.dealer + step) % n for step in range(1, n + 1))
        if state.seats[seat].in_session
    ]
    cards = [parse_cards(hands[seat]) for seat in order]
    k = len(order)
    size = state.rules.hand_size
    turned = () if indicator is None else parse_cards(indicator)
    return tuple(cards[i % k][i // k] for i in range(size * k)) + turned
