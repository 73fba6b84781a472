"""The invariants of what a state records (part of
:func:`~teenpatti_rules.engine.invariants.check`): its hand's events (their order,
their seats and amounts, the hands a showdown turned up, R12–R18, V8, V16, V20) and
the last hand's result (winnings, shown hands and open-flush cards, R18, R41).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..cards import Card
from ..events import (
    SEAT,
    Drew,
    HandEnding,
    HandStarted,
    OpenFlush,
    Showdown,
    ShownHand,
)
from ..hands.wild import strength_table
from ..limits import MAX_CHIPS, short
from ..ranking import HandRank, evaluate
from ..rules import Rules
from ..state import HandResult, State
from .ending import open_flush_rules

__all__ = ["event_content_problems", "event_problems", "result_problems"]


def _rank_problem(
    rank: HandRank, rules: Rules, cards: tuple[Card, ...] = (), indicator: Card | None = None
) -> str | None:
    """Why ``rank`` is not a rank of the table (of ``cards``, when given), or None."""
    if rules.has_indicator and indicator is None:
        return f"a hand is shown on a wild={rules.wild!r} table without an indicator: {rank}"
    known = strength_table(rules, indicator).by_strength  # evaluate's scale (V8, V12)
    if not 0 <= rank.strength < len(known) or (
        known[rank.strength].category is not rank.category
        or known[rank.strength].number != rank.number
        or (rank.number is None and known[rank.strength].ranks != rank.ranks)
    ):
        return f"no hand has this category, ranks and strength under this table's order: {rank}"
    if cards:
        try:
            real = evaluate(cards, rules, indicator=indicator)
        except ValueError:
            real = None
        if real is None or real != rank or str(real) != str(rank):
            return f"{rank} is not the rank of {' '.join(map(str, cards))}"
    return None


def event_problems(state: State) -> Iterator[str]:
    """Every seat an event names exists, no amount is negative, and each hand a
    showdown turned up is its cards' rank on this table (R12–R16, V8).
    """
    n = len(state.seats)
    for index, event in enumerate(state.events):
        path = f"$.events[{index}]"
        for field in attrs.fields(type(event)):
            value = getattr(event, field.name)
            holds = field.metadata.get(SEAT)
            if holds == "one" and not 0 <= value < n:
                yield f"seat {value} does not exist (seats are 0..{n - 1}) @ {path}.{field.name}"
            elif holds == "many" and any(not 0 <= s < n for s in value):
                yield f"a seat of {list(value)} does not exist @ {path}.{field.name}"
            elif field.name in ("amount", "stack", "stake", "hand_number") and value < 0:
                yield f"{field.name} must not be negative, not {value} @ {path}.{field.name}"
        if isinstance(event, Showdown):
            for k, hand in enumerate(event.hands):
                yield from _shown_hand_problems(hand, state, f"{path}.hands[{k}]")


_CHIP_FIELDS = frozenset({"amount", "stack", "stake"})
"""Event fields that count chips: at most the chips at the table."""
_COUNT_FIELDS = frozenset({"hand_number", "rounds", "turns"})
"""Event fields that count hands, rounds or turns (a draw's count: :func:`_draw_problems`)."""


def event_content_problems(state: State) -> Iterator[str]:
    """What each event of the log says, against the table (issue 20, D6): counts and
    amounts are ints within :data:`~teenpatti_rules.limits.MAX_CHIPS` (chips at most
    the chips at the table); the log is of this hand (R6); a draw (V20) is of 1 to
    ``hand_size`` cards at ``draw_price`` each, a seat's draws at most ``max_draws``
    cards in all, on a draw table only; open flushes (V16) only on an open-flush table,
    each hand three distinct natural cards (printed jokers are passed over), no card
    twice nor in a hand or the indicator, ranked by R13–R16 with the table's sequence
    order; the hands of one showdown share no card.
    """
    # every chip brought to an open table (S8), or the chips at a table kept by hand
    chips = max(state.total_chips, state.chips_brought)
    drawn: dict[int, int] = {}
    flushed: list[Card] = []
    for index, event in enumerate(state.events):
        path = f"$.events[{index}]"
        for field in attrs.fields(type(event)):
            name, value = field.name, getattr(event, field.name)
            if name not in _CHIP_FIELDS and name not in _COUNT_FIELDS:
                continue
            if type(value) is not int or not 0 <= value <= MAX_CHIPS:
                yield (
                    f"{name} is an int 0..{MAX_CHIPS} (limits.MAX_CHIPS), not {short(value)} "
                    f"@ {path}.{name}"
                )
            elif name in _CHIP_FIELDS and value > chips:
                yield f"{name} {value} is more than the {chips} chips at the table @ {path}.{name}"
        if isinstance(event, HandStarted) and event.hand_number != state.hand_number:
            yield (
                f"the log is of hand {state.hand_number}, not of hand {short(event.hand_number)} "
                f"@ {path}.hand_number"
            )
        elif isinstance(event, Drew):
            yield from _draw_problems(event, state, drawn, path)
        elif isinstance(event, OpenFlush):
            yield from _flush_event_problems(event, state, flushed, path)
        elif isinstance(event, Showdown):
            shown = [card for hand in event.hands for card in hand.cards]
            if len(set(shown)) != len(shown):
                yield f"a card is in two hands of one showdown @ {path}.hands"


def _draw_problems(event: Drew, state: State, drawn: dict[int, int], path: str) -> Iterator[str]:
    """V20: one draw of the log (``drawn`` counts each seat's cards drawn so far)."""
    rules = state.rules
    if rules.draw_price is None:
        yield f"only a table with a draw_price draws cards (V20) @ {path}"
        return
    count = event.count
    if type(count) is not int or not 1 <= count <= rules.hand_size:
        yield f"a draw is of 1 to {rules.hand_size} cards, not {short(count)} (V20) @ {path}.count"
        return
    seat = event.seat
    drawn[seat] = drawn.get(seat, 0) + count
    if drawn[seat] > rules.max_draws:
        yield (
            f"seat {seat} draws {drawn[seat]} cards in the hand, more than max_draws "
            f"{rules.max_draws} (V20) @ {path}.count"
        )
    if event.amount != count * rules.draw_price:
        yield (
            f"a draw of {count} cards costs {count * rules.draw_price} chips (draw_price "
            f"{rules.draw_price}), not {short(event.amount)} (V20) @ {path}.amount"
        )


def _flush_event_problems(
    event: OpenFlush, state: State, flushed: list[Card], path: str
) -> Iterator[str]:
    """V16: one open-flush round of the log (``flushed``: the cards of the earlier ones)."""
    rules = state.rules
    if rules.ties != "open_flush":
        yield f"only a ties='open_flush' table plays open flushes (V16) @ {path}"
        return
    order = open_flush_rules(rules.sequence_order)
    for k, hand in enumerate(event.hands):
        where = f"{path}.hands[{k}]"
        if len(hand.cards) != 3 or any(card.is_joker for card in hand.cards):
            yield f"an open-flush hand is three natural cards (V16) @ {where}.cards"
            return
        flushed += hand.cards
        if evaluate(hand.cards, order) != hand.rank or str(evaluate(hand.cards, order)) != str(
            hand.rank
        ):
            yield f"{hand.rank} is not the open-flush rank of these cards (V16) @ {where}.rank"
    held = [card for seat in state.seats for card in seat.cards]
    held += [] if state.indicator is None else [state.indicator]
    if len(set(flushed)) != len(flushed) or set(flushed) & set(held):
        yield f"an open-flush card is dealt twice (V16) @ {path}"


def _shown_hand_problems(hand: ShownHand, state: State, path: str) -> Iterator[str]:
    n = len(state.seats)
    if not 0 <= hand.seat < n:
        yield f"seat {hand.seat} does not exist (seats are 0..{n - 1}) @ {path}.seat"
    size = state.rules.hand_size
    if len(hand.cards) not in (0, size) or len(set(hand.cards)) != len(hand.cards):
        yield f"a shown hand is {size} distinct cards @ {path}.cards"
        return
    problem = _rank_problem(hand.rank, state.rules, hand.cards, state.indicator)
    if problem:
        yield f"{problem} @ {path}.rank"


def result_problems(state: State, result: HandResult) -> Iterator[str]:
    """The last hand's result: its seats, winnings and shown hands (R12, R18, R41)."""
    n = len(state.seats)
    path = "$.result"
    if not 1 <= result.hand_number <= state.hand_number:
        yield f"hand {result.hand_number} has not been played @ {path}.hand_number"
    if not 0 <= result.dealer < n:
        yield f"seat {result.dealer} does not exist @ {path}.dealer"
    for seat, chips in result.winnings.items():
        if not 0 <= seat < n:
            yield f"seat {seat} does not exist @ {path}.winnings['{seat}']"
        if chips < 1:
            yield f"a seat wins at least one chip, not {chips} @ {path}.winnings['{seat}']"
    if sum(result.winnings.values()) != result.pot or not result.winnings:
        yield f"the winnings must sum to the pot of {result.pot} chips (R42) @ {path}.winnings"
    if (result.ending is HandEnding.PACKED) == bool(result.shown):
        yield (
            "hands are shown exactly when the hand did not end with everyone else "
            f"packing (R39) @ {path}.shown"
        )
    yield from _open_flush_problems(state, result)
    # The indicator of the result's hand is the state's only until the next deal (W5).
    known = not state.rules.has_indicator or result.hand_number == state.hand_number
    for seat, rank in result.shown.items():
        if not 0 <= seat < n:
            yield f"seat {seat} does not exist @ {path}.shown['{seat}']"
        problem = _rank_problem(rank, state.rules, indicator=state.indicator) if known else None
        if problem:
            yield f"{problem} @ {path}.shown['{seat}']"


def _open_flush_problems(state: State, result: HandResult) -> Iterator[str]:
    """V16: open-flush rounds only on an open-flush table; three distinct cards of the
    table's deck for each seat of a round, no card twice (nor in a hand of that deal).
    """
    if not result.open_flush:
        return
    path = "$.result.open_flush"
    rules, n = state.rules, len(state.seats)
    if rules.ties != "open_flush":
        yield f"only a ties='open_flush' table plays open flushes (V16) @ {path}"
        return
    cards: list[Card] = []
    for index, flush in enumerate(result.open_flush):
        for seat, hand in flush.items():
            if type(seat) is not int or not 0 <= seat < n:
                yield f"seat {short(seat)} does not exist @ {path}[{index}]"
                return
            if len(hand) != 3 or any(card.is_joker for card in hand):
                yield (
                    "each open-flush hand is three natural cards of the deck (printed "
                    f"jokers are passed over, V16) @ {path}[{index}]"
                )
                return
            cards += hand
    if result.hand_number == state.hand_number:  # the hands of that deal are still held
        cards += [card for seat in state.seats for card in seat.cards]
        cards += [] if state.indicator is None else [state.indicator]
    if len(set(cards)) != len(cards):
        yield f"an open-flush card is dealt twice (V16) @ {path}"
