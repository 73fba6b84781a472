"""Drawing (V20): whether a seat may draw, and which cards it may discard.

Written once as :func:`draw_refusal` (None when allowed, else a
:class:`~.refusals.Refusal`); :func:`may_draw` and :func:`why_not_draw` are derived.
Re-exported by :mod:`teenpatti_rules.engine.questions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import Card
from ..events import Drew
from ..limits import short
from ..state import State
from .refusals import Refusal, Refuser, refuse, refused, sentence_of

__all__ = ["draw_options", "draw_refusal", "draws_made", "may_draw", "why_not_draw"]


def draws_made(state: State, seat: int) -> int:
    """How many cards ``seat`` has drawn this hand (V20), from the hand's log."""
    return sum(e.count for e in state.events if isinstance(e, Drew) and e.seat == seat)


_ANY_CARDS: object = object()
"""The default of :func:`draw_refusal`'s ``cards``: the question is whether the seat
may draw at all (None is a ``Draw`` whose cards are None, refused)."""


def draw_refusal(
    state: State, seat: int, cards: object = _ANY_CARDS, *, refuse: Refuser = refuse
) -> Refusal | None:
    """None if ``seat`` (the actor) may draw (discarding ``cards``, if given) (V20): a
    seen player on a draw table, with draws left, a payment that leaves a chip, and
    enough cards left in the deck. ``cards`` that are not a sequence of distinct
    :class:`~teenpatti_rules.cards.Card` (None, text, a number) are refused.

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    rules = state.rules
    price = rules.draw_price
    if price is None:
        return refuse("no_draws")
    player = state.seats[seat]
    if not player.seen:
        return refuse("draw_blind")
    left = rules.max_draws - draws_made(state, seat)
    if left < 1:
        return refuse("draws_used", most=rules.max_draws)
    if price >= player.stack:
        return refuse("draw_price", price=price, stack=player.stack)
    if cards is _ANY_CARDS:
        return None
    if not isinstance(cards, Sequence) or isinstance(cards, str):
        return refuse("draw_cards", cards=short(cards))
    count = len(cards)
    if count > rules.hand_size:
        return refuse("draw_too_many", size=rules.hand_size, count=count)
    if not all(isinstance(card, Card) for card in cards) or count != len(set(cards)):
        return refuse("draw_distinct")
    if count == 0:
        return refuse("draw_none")
    if not set(cards) <= set(player.cards):
        if state.is_view and not player.cards:
            return refuse("hidden_cards")
        return refuse("draw_not_own")
    if count > left:
        return refuse("draw_count", left=left, plural="s" if left != 1 else "", count=count)
    if price * count >= player.stack:
        return refuse("draw_cost", count=count, cost=price * count, stack=player.stack)
    if count > state.deck_left:
        return refuse("deck_left", left=state.deck_left)
    return None


def may_draw(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may draw at all (:func:`draw_refusal`; V20). Which
    cards: :func:`draw_options`.
    """
    return draw_refusal(state, seat, refuse=refused) is None


def why_not_draw(state: State, seat: int, cards: object = _ANY_CARDS) -> str | None:
    """None if ``seat`` may draw (discarding ``cards``, if given), else why not in words
    (:func:`draw_refusal`).
    """
    return sentence_of(draw_refusal(state, seat, cards))


def draw_options(state: State, seat: int) -> list[tuple[Card, ...]]:
    """Every set of cards ``seat`` may discard now (V20), in the order of its cards,
    fewer cards first; empty if it may not draw.
    """
    if not may_draw(state, seat):
        return []
    own = state.seats[seat].cards
    options: list[tuple[Card, ...]] = []
    for count in range(1, len(own) + 1):
        for chosen in combinations(own, count):
            if draw_refusal(state, seat, chosen, refuse=refused) is None:
                options.append(chosen)
    return options
