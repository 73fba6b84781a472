"""Decks that deal chosen hands: :func:`deck_for`.

Tests, tutorials and bug reports deal known hands with an explicit deck
(``Deal(seat, deck)``); the deck must follow the deal order of R10 (one card at a
time from the dealer's left, three rounds), which :func:`deck_for` works out.

>>> from teenpatti_rules import Deal, apply, format_cards, new_session
>>> state = new_session(["Asha", "Bilal", "Chen"], seed=1, dealer=0)
>>> deck = deck_for(state, {0: "As Ah Ad", 1: "2c 3d 5h", 2: "Kh Qh Jh"})
>>> state = apply(state, Deal(0, deck))
>>> [format_cards(seat.cards) for seat in state.seats]
['As Ah Ad', '2c 3d 5h', 'Kh Qh Jh']
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence

from .cards import Card, in_deck, parse_cards
from .engine.pots import seats_from_left_of
from .limits import short
from .state import State

__all__ = ["deck_for"]

_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def deck_for(
    state: State,
    hands: Mapping[int, str | Sequence[Card]],
    indicator: str | Card | None = None,
) -> tuple[Card, ...]:
    """A deck that gives ``hands[seat]`` to every seat of the next deal (R10), and the
    ``indicator`` of a joker or hukam table after them (V8 W5).

    :param state: the table before the deal (any phase: only the dealer and the
        seats still in the session are read; between hands ``state.dealer`` is the
        next hand's dealer, R5).
    :param hands: seat number → its ``hand_size`` cards (three by default, V12), as
        text (``"As Kd Qh"``) or :class:`~teenpatti_rules.cards.Card` values; one entry
        for every seat still in the session, and no other.
    :param indicator: the card to turn up after the hands (V8 W5), as text or a
        :class:`~teenpatti_rules.cards.Card`; None for none.
    :returns: ``h * k`` cards for ``k`` players of ``h`` cards (``hand_size`` rounds,
        R10, V12), then the indicator if given: with the players in deal order (from
        the dealer's left round to the dealer), the i-th gets ``deck[i]``,
        ``deck[i + k]``, ``deck[i + 2k]`` .... Pass it to
        :class:`~teenpatti_rules.actions.Deal`.
    :raises TypeError: if ``state`` is not a State or ``hands`` not a mapping.
    :raises ValueError: naming the seat, for a missing or extra seat (a seat is an
        ``int``; an int subclass or numpy integer is converted, a bool, float or str
        refused), a hand that is not ``hand_size`` valid
        cards of the table's deck (a printed joker only up to ``Rules.jokers``, V8),
        or a card given twice (to the same or two seats, or as the indicator); naming
        ``indicator`` when it is missing on a ``wild="joker"`` or ``"hukam"`` table,
        given on any other, or not one of the 52 cards (W5).
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a State, not {short(state)}")
    if not isinstance(hands, Mapping):
        raise TypeError(f"hands must be a mapping seat -> cards, not {short(hands)}")
    order = [
        seat
        for seat in seats_from_left_of(state.dealer, len(state.seats))
        if state.seats[seat].in_session
    ]
    if len(hands) > len(order):
        raise ValueError(
            f"hands names {len(hands)} seats, some not in the session; the deal goes to "
            f"seats {sorted(order)}"
        )
    given: dict[int, str | Sequence[Card]] = {}
    extra: list[object] = []
    for key, hand in hands.items():  # at most len(order) entries
        if isinstance(key, bool) or not hasattr(type(key), "__index__"):
            extra.append(key)  # a bool, float or str is not a seat number
            continue
        seat = operator.index(key)  # an int subclass or numpy integer, as a plain int
        if seat not in order or seat in given:
            extra.append(key)
        given[seat] = hand
    if extra:
        raise ValueError(
            f"hands names seat(s) {short(extra)} that are not in the session; "
            f"the deal goes to seats {sorted(order)}"
        )
    size = state.rules.hand_size
    cards: list[tuple[Card, ...]] = []
    for seat in order:
        if seat not in given:
            raise ValueError(f"hands has no cards for seat {seat}, which is dealt in")
        hand = parse_cards(given[seat])
        if len(hand) != size:
            raise ValueError(
                f"hands[{seat}] is {_WORDS[size]} cards, not {len(hand)} (Rules.hand_size): "
                f"{short(given[seat])}"
            )
        cards.append(hand)
    turned: tuple[Card, ...] = ()
    rules = state.rules
    if rules.has_indicator and indicator is None:
        raise ValueError(
            f"a wild={rules.wild!r} table turns up an indicator after the hands: pass "
            "indicator= (W5)"
        )
    if indicator is not None:
        if not rules.has_indicator:
            raise ValueError(
                f"indicator= is only for a table with wild='joker' or 'hukam' (W5), "
                f"not {short(indicator)}"
            )
        if isinstance(indicator, Card):
            turned = (indicator,)
        elif isinstance(indicator, str):
            turned = parse_cards(indicator)
        if len(turned) != 1 or turned[0].is_joker:
            raise ValueError(f"indicator is one of the 52 cards, not {short(indicator)}")
    for seat, hand in zip(order, cards, strict=True):
        joker = next((card for card in hand if not in_deck(card, rules.jokers)), None)
        if joker is not None:
            raise ValueError(
                f"hands[{seat}] holds {joker}, not in this table's deck (jokers={rules.jokers}, V8)"
            )
    dealt = [card for hand in cards for card in hand] + list(turned)
    if len(set(dealt)) != len(dealt):
        twice = next(card for i, card in enumerate(dealt) if card in dealt[:i])
        raise ValueError(f"card {twice} is given twice in hands")
    k = len(order)
    return tuple(cards[i % k][i // k] for i in range(size * k)) + turned
