"""Readable histories: a hand's event log in words, and the table at a glance.

Pure functions of events and states, shared by ``teenpatti simulate``,
``teenpatti play`` and ``teenpatti replay``:

- :func:`describe_events` turns events into lines, exactly one line per event, so a
  caller that prints a hand as it goes can print ``lines[already_printed:]``;
- :func:`describe_hand` is the whole log of a state's current (or last) hand;
- :func:`describe_stacks` is one line of stacks, e.g. after each hand;
- :func:`describe_table` is the table as one seat may see it (pot, stake, stacks,
  cards the state holds);
- :func:`describe_standings` ranks the players at the end of a session.

The lines say only what the events say, and events hold nothing that R43 hides:
looks never name cards, a sideshow names only who packed (R32), and only hands
turned face up by a show or showdown are named (in words, from
:class:`~teenpatti_rules.ranking.HandRank`) with their cards.

>>> from teenpatti_rules import Bet, Deal, Look, Show, apply, new_session, parse_cards
>>> state = new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> state = apply(apply(state, Look(1)), Bet(1, 4))
>>> for line in describe_hand(state):
...     print(line)
Hand 1: dealer Asha; Bilal, Chen and Asha are in the hand
Bilal posts the boot of 1 chip
Chen posts the boot of 1 chip
Asha posts the boot of 1 chip
Bilal looks at their cards
Bilal raises: 4 chips seen, stake 1 -> 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .. import events as ev
from ..cards import Card, Rank, format_cards
from ..engine.questions import minimum_bet
from ..events import Event, HandEnding
from ..state import Phase, State

__all__ = [
    "chips",
    "describe_event",
    "describe_events",
    "describe_hand",
    "describe_stacks",
    "describe_standings",
    "describe_table",
    "format_hand",
    "join_names",
    "reading_order",
]


def reading_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of a hand in the order a player reads it: best first.

    Cards of a rank held more often come first (the trail, the pair before its
    kicker), then higher ranks before lower ones (a sequence high to low; in A-2-3
    the ace plays low, R14, so it reads 3-2-A); printed jokers (V8) come last.
    Cards of one rank keep their order. The order is only for reading: it changes
    nothing in the hand.

    :param cards: the cards of one hand, any number.
    :returns: the same cards, reordered.

    >>> from teenpatti_rules import parse_cards
    >>> format_cards(reading_order(parse_cards("4c Kd Kh")))
    'Kd Kh 4c'
    >>> format_hand(parse_cards("2s As 3h")), format_hand(parse_cards("Qh As Kd"))
    ('3h 2s As', 'As Kd Qh')
    """
    hand = tuple(cards)
    naturals = [card for card in hand if not card.is_joker]
    counts = Counter(card.rank for card in naturals)
    ace_low = len(naturals) == 3 and set(counts) == {Rank.ACE, Rank.TWO, Rank.THREE}

    def value(card: Card) -> int:
        return 1 if ace_low and card.rank is Rank.ACE else int(card.rank)

    ordered = sorted(naturals, key=lambda card: (-counts[card.rank], -value(card)))
    return (*ordered, *(card for card in hand if card.is_joker))


def format_hand(cards: Iterable[Card]) -> str:
    """The cards of a hand as text, in :func:`reading_order` (``"Kd Kh 4c"``)."""
    return format_cards(reading_order(cards))


def chips(amount: int) -> str:
    """``amount`` chips in words: ``"1 chip"``, ``"5 chips"``.

    :param amount: a number of chips.
    :returns: the amount with its unit.
    """
    return f"{amount} chip" if amount == 1 else f"{amount} chips"


def join_names(names: Sequence[str]) -> str:
    """Names joined in words: ``"A"``, ``"A and B"``, ``"A, B and C"``.

    :param names: the names, in order.
    :returns: the joined text; ``"nobody"`` for no names.

    >>> join_names(["Asha", "Bilal", "Chen"])
    'Asha, Bilal and Chen'
    """
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _bet_words(name: str, amount: int, blind: bool, before: int, after: int) -> str:
    status = "blind" if blind else "seen"
    if after > before:
        return f"{name} raises: {chips(amount)} {status}, stake {before} -> {after}"
    return f"{name} chaals {chips(amount)} {status}, stake stays {after}"


def seat_names(state: State) -> list[str]:
    """The players' names by seat, ``"seat N"`` for an empty chair (S1)."""
    return [
        seat.name if seat.name is not None else f"seat {i}" for i, seat in enumerate(state.seats)
    ]


def describe_event(
    event: Event, names: Sequence[str], stake: int, *, limit_reached: int | None = None
) -> str:
    """One event in words.

    :param event: any :data:`~teenpatti_rules.events.Event`.
    :param names: the players' names, indexed by seat.
    :param stake: the stake just before the event, in chips (to tell a chaal from a
        raise, R24); :func:`describe_events` keeps track of it.
    :param limit_reached: for a :class:`~teenpatti_rules.events.Showdown`, the pot
        limit in chips if the pot had reached it (R12, R37, R38), else None.
    :returns: one line, without a newline. An event class this function has no words
        for is told from its :class:`~teenpatti_rules.events.EventFacts`: who took
        which action (``"Asha: nod"``), so a new event needs no line here.
    :raises TypeError: if ``event`` is not an event, or is one with no words here and
        no actor and action in its facts.
    """
    match event:
        case ev.HandStarted(hand_number, dealer, dealt_by, seats):
            who = join_names([names[seat] for seat in seats])
            by = "" if dealt_by == dealer else f", dealt by {names[dealt_by]}"
            return f"Hand {hand_number}: dealer {names[dealer]}{by}; {who} are in the hand"
        case ev.BootPosted(seat, amount, all_in):
            tail = " and is all-in" if all_in else ""
            return f"{names[seat]} posts the boot of {chips(amount)}{tail}"
        case ev.IndicatorTurned(card):
            return f"The indicator is turned up: {card}"
        case ev.Looked(seat):
            return f"{names[seat]} looks at their cards"
        case ev.BetMade(seat, amount, after, blind, all_in):
            tail = ", and is all-in" if all_in else ""
            return _bet_words(names[seat], amount, blind, stake, after) + tail
        case ev.WentAllIn(seat, amount):
            return f"{names[seat]} goes all-in for {chips(amount)}, stake stays {stake}"
        case ev.Packed(seat):
            return f"{names[seat]} packs"
        case ev.SideShowAsked(asker, target, amount, after, split):
            if split:  # V17: half of a chaal of twice the amount
                words = _bet_words(names[asker], 2 * amount, False, stake, after)
                return (
                    f"{words}, pays half ({chips(amount)}) and asks {names[target]} for a "
                    "split sideshow"
                )
            words = _bet_words(names[asker], amount, False, stake, after)
            return f"{words}, and asks {names[target]} for a sideshow"
        case ev.SideShowHalfPaid(seat, amount):
            return f"{names[seat]} pays the other half of the sideshow's chaal, {chips(amount)}"
        case ev.Drew(seat, count, amount):
            cards = "a card" if count == 1 else f"{count} cards"
            return f"{names[seat]} pays {chips(amount)} and draws {cards}"
        case ev.TableShow(rounds, at):
            return f"Table show after {rounds} round{'s' if rounds != 1 else ''} at stake {at}"
        case ev.TurnLimitReached(turns):
            each = "1 turn" if turns == 1 else f"{turns} turns"
            return f"Turn limit: every player still betting has taken {each}"
        case ev.OpenFlush(hands):
            shown = "; ".join(
                f"{names[hand.seat]} {format_hand(hand.cards)} ({hand.rank})" for hand in hands
            )
            return f"Open flush: {shown}"
        case ev.SideShowAccepted(asker, target, packed):
            return f"{names[target]} accepts the sideshow; {names[packed]} packs"
        case ev.SideShowRefused(asker, target):
            return f"{names[target]} refuses the sideshow"
        case ev.ShowAsked(seat, opponent, amount):
            return f"{names[seat]} pays {chips(amount)} and asks {names[opponent]} for a show"
        case ev.Showdown(ending, hands):
            kind = {
                HandEnding.SHOW: "Show",
                HandEnding.TABLE_SHOW: "Table show",
                HandEnding.TURN_LIMIT: "Showdown at the turn limit",
            }.get(ending, "Showdown")
            if limit_reached is not None and ending is not HandEnding.SHOW:
                kind += f" (the pot reached the pot limit of {limit_reached})"
            shown = "; ".join(
                f"{names[hand.seat]} {format_hand(hand.cards)} ({hand.rank})" for hand in hands
            )
            return f"{kind}: {shown}"
        case ev.Payout(seat, amount):
            return f"{names[seat]} wins {chips(amount)}"
        case ev.SeatLeft(seat, stack):
            return f"{names[seat]} leaves the session with {chips(stack)}"
        case ev.SessionEnded(winners):
            if not winners:
                return "Session over: no player remains"
            who = join_names([names[seat] for seat in winners])
            return f"Session over: {'winner' if len(winners) == 1 else 'winners'} {who}"
        case _:
            return _describe_table_event(event, names)
    raise TypeError(f"not an event: {event!r}")


def _describe_table_event(event: Event, names: Sequence[str]) -> str:
    """The open-table events (S3–S7) and forced blinds (V22) in words."""
    match event:
        case ev.ForcedBet(seat, kind, amount, _, all_in):
            what = {"dealer": "the dealer's", "small": "the small", "big": "the big"}[kind]
            tail = " and is all-in" if all_in else ""
            return f"{names[seat]} bets {what} blind of {chips(amount)}{tail}"
        case ev.MissedBootPosted(seat, amount, all_in):
            tail = " and is all-in" if all_in else ""
            return (
                f"{names[seat]} posts {amount} missed boot{tail}"
                if amount == 1
                else (f"{names[seat]} posts 1 missed boot of {chips(amount)}{tail}")
            )
        case ev.PlayerJoined(seat, name, stack):
            return f"{name} joins at seat {seat} with {chips(stack)}"
        case ev.Leaving(seat):
            return f"{names[seat]} leaves: packs when asked to act, goes at the end of the hand"
        case ev.SatOut(seat, timed_out):
            return f"{names[seat]} sits out" + (" (timeouts in a row, S6)" if timed_out else "")
        case ev.SatIn(seat):
            return f"{names[seat]} sits in"
        case ev.TimedOut(seat, packed):
            return f"{names[seat]}'s time ran out: " + (
                "packs" if packed else "refuses the sideshow"
            )
        case ev.ChipsAdded(seat, amount):
            return f"{names[seat]} adds {chips(amount)}"
    facts = event.facts if isinstance(event, ev.EventBase) else None
    if facts is not None and facts.actor is not None and facts.action is not None:
        return f"{names[getattr(event, facts.actor)]}: {facts.action}"  # its facts' words
    raise TypeError(f"not an event: {event!r}")


def describe_events(
    events: Iterable[Event],
    names: Sequence[str | None],
    *,
    pot_limit: int | None = None,
    stake: int = 0,
    pot: int = 0,
) -> list[str]:
    """Events in words, exactly one line per event, in order.

    :param events: events of one hand, oldest first (usually from its
        :class:`~teenpatti_rules.events.HandStarted` on).
    :param names: the players' names, indexed by seat (``seat.name``); None for an
        empty chair (S1), named ``P<seat>`` if an event ever names it.
    :param pot_limit: the table's pot limit in chips (``Rules.pot_limit``), or None;
        a showdown the limit caused says so (R12, R37, R38).
    :param stake: the stake before the first event, in chips; the boot posts set
        it (R11) and bets move it (R24), so 0 is right for a log that starts at a
        deal.
    :param pot: the pot before the first event, in chips; 0 for a log that starts
        at a deal (every chip paid in is an event).
    :returns: the lines, without newlines.
    :raises TypeError: if something in ``events`` is not an event.
    """
    shown = [f"P{seat}" if name is None else name for seat, name in enumerate(names)]
    lines: list[str] = []
    dealer: int | None = None
    for event in events:
        if isinstance(event, ev.HandStarted):
            stake = pot = 0
            dealer = event.dealer
        elif isinstance(event, ev.BootPosted) and event.seat != dealer:
            stake = max(stake, event.amount)  # the dealer may post more boots (V13)
        facts = type(event).facts if isinstance(event, ev.EventBase) else ev.EventFacts()
        if facts.paid_in:
            pot += int(getattr(event, "amount"))  # noqa: B009 - any event with paid_in
        reached = pot_limit if pot_limit is not None and pot >= pot_limit else None
        lines.append(describe_event(event, shown, stake, limit_reached=reached))
        if facts.action is not None and facts.stake is not None:  # a bet sets the stake
            stake = int(getattr(event, facts.stake))
    return lines


def describe_hand(state: State, *, compact: bool = False) -> list[str]:
    """The current hand's log (between hands: the last hand's) in words.

    :param state: any :class:`~teenpatti_rules.state.State` or view; best between
        hands, when the log is complete.
    :param compact: False for one line per event (:func:`describe_events`), so
        that a log can be printed as it grows; True to say the boots on one line
        and a run of looks on one line, as ``teenpatti simulate`` prints a hand.
    :returns: the lines, without newlines; empty before the first deal.

    >>> from teenpatti_rules import Deal, Look, apply, new_session
    >>> state = apply(new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0), Deal(0))
    >>> state = apply(apply(state, Look(2)), Look(1))
    >>> for line in describe_hand(state, compact=True):
    ...     print(line)
    Hand 1: dealer Asha; Bilal, Chen and Asha are in the hand
    Boots: Bilal, Chen and Asha post 1 chip each
    Chen and Bilal look at their cards
    """
    names = seat_names(state)
    lines = describe_events(state.events, names, pot_limit=state.rules.pot_limit)
    if not compact:
        return lines
    merged: list[str] = []
    run: list[tuple[Event, str]] = []  # consecutive boots, or consecutive looks
    for event, line in zip((*state.events, None), (*lines, ""), strict=True):
        if run and type(event) is not type(run[0][0]):
            merged.append(_describe_run([e for e, _ in run], names) if len(run) > 1 else run[0][1])
            run = []
        if isinstance(event, ev.BootPosted | ev.Looked):
            run.append((event, line))
        elif event is not None:
            merged.append(line)
    return merged


def _describe_run(run: Sequence[Event], names: Sequence[str]) -> str:
    """One line for a run of boots (R9) or of looks (R22)."""
    who = join_names(
        [names[event.seat] for event in run if isinstance(event, ev.BootPosted | ev.Looked)]
    )
    first = run[0]
    if isinstance(first, ev.BootPosted):
        all_in = [names[e.seat] for e in run if isinstance(e, ev.BootPosted) and e.all_in]
        tail = (
            f"; {join_names(all_in)} {'is' if len(all_in) == 1 else 'are'} all-in" if all_in else ""
        )
        amounts = [e.amount for e in run if isinstance(e, ev.BootPosted)]
        if len(set(amounts)) > 1:  # the dealer's boots (V13), a short stack (V18)
            each = join_names(
                [f"{names[e.seat]} {chips(e.amount)}" for e in run if isinstance(e, ev.BootPosted)]
            )
            return f"Boots: {each}{tail}"
        return f"Boots: {who} post {chips(first.amount)} each{tail}"
    return f"{who} look at their cards"


def describe_stacks(state: State) -> str:
    """The stacks of the players still in the session, in seat order, on one line.

    :param state: a :class:`~teenpatti_rules.state.State` (or a view: stacks are public).
    :returns: e.g. ``"Stacks: Asha 98, Bilal 103, Chen 99"``.

    >>> from teenpatti_rules import new_session
    >>> describe_stacks(new_session(["Asha", "Bilal", "Chen"], seed=1))
    'Stacks: Asha 100, Bilal 100, Chen 100'
    """
    stacks = ", ".join(f"{seat.name} {seat.stack}" for seat in state.seats if seat.in_session)
    return f"Stacks: {stacks}"


def describe_table(state: State, seat: int | None = None) -> str:
    """The table in a few lines, as the state holds it (pass a view to show one seat's view).

    :param state: a :class:`~teenpatti_rules.state.State`, usually
        ``view(state, seat)``.
    :param seat: the seat the lines are for: its line is marked and, in a hand, its
        minimum bet is given (R24); None for a spectator.
    :returns: text of several lines (one line per row, no newline at the end): a
        header (hand number, pot, stake, whose turn) and one line per seat: name,
        stack, status (dealer, blind/seen, packed, all-in, left) and the cards the
        state holds for it, best first (:func:`reading_order`; a view holds only
        visible cards, R43).

    >>> from teenpatti_rules import new_session
    >>> table = new_session(["Asha", "Bilal", "Chen"], seed=1, dealer=0)
    >>> print(describe_table(table, 1))
    Before the first hand
        Asha    100 chips  (dealer)
      > Bilal   100 chips
        Chen    100 chips
    """
    header = str(state)  # the state's one line: hand, pot, stake, whose turn
    in_play = state.phase is Phase.BETTING or state.phase is Phase.SIDESHOW
    if in_play and seat is not None and state.hand_number:
        player = state.seats[seat]
        if player.in_hand and not player.all_in:
            header += f"; your minimum bet is {chips(minimum_bet(state, seat))}"
    if state.indicator is not None:  # V8 W5: public to everyone until the next deal
        card = state.indicator
        kind = f"{card.rank.plural}" if state.rules.wild == "joker" else f"{card.suit.name.lower()}"
        header += f"; indicator {card} (the other {kind} are wild)"
    names = seat_names(state)
    width = max(len(name) for name in names)
    lines = [header]
    for index, player in enumerate(state.seats):
        marks: list[str] = []
        if index == state.dealer:
            marks.append("dealer")
        if player.name is None:
            marks.append("empty")
        elif not player.in_session:
            marks.append("left")
        elif player.sitting_out and not player.in_hand:
            marks.append("sitting out")
        elif state.hand_number:
            if not player.in_hand:
                marks.append("packed")
            else:
                marks.append("seen" if player.seen else "blind")
                if player.all_in:
                    marks.append("all-in")
        status = f"  ({', '.join(marks)})" if marks else ""
        cards = f"  {format_hand(player.cards)}" if player.cards else ""
        pointer = ">" if index == seat else " "
        lines.append(
            f"  {pointer} {names[index]:<{width}}  {player.stack:>4} chips{status}{cards}".rstrip()
        )
    return "\n".join(lines)


def describe_standings(state: State, left_after: Mapping[int, int] | None = None) -> list[str]:
    """The players ranked by stack, with the session's winners (R8).

    :param state: a :class:`~teenpatti_rules.state.State`, usually at SESSION_OVER.
    :param left_after: seat → the hand after which it left the session (R7), for
        seats that left; None if unknown.
    :returns: a header counting the finished hands (or, while a hand is in play,
        naming it and the chips in its pot, which the stacks do not hold), one line
        per player (biggest stack first;
        among equal stacks, players still in the session first, then who left later),
        and a line naming the winners once the session is over.

    >>> from teenpatti_rules import new_session
    >>> for line in describe_standings(new_session(["Asha", "Bilal", "Chen"], seed=1)):
    ...     print(line)
    Standings after 0 hands:
      1. Asha    100 chips
      2. Bilal   100 chips
      3. Chen    100 chips
    """
    left = dict(left_after or {})
    order = sorted(
        range(len(state.seats)),
        key=lambda i: (
            -state.seats[i].stack,
            not state.seats[i].in_session,
            -left.get(i, 0),
            i,
        ),
    )
    names = seat_names(state)
    width = max(len(name) for name in names)
    count = state.hand_number
    if state.phase is Phase.BETTING or state.phase is Phase.SIDESHOW:
        header = f"Standings during hand {count} (the {chips(state.pot)} in the pot not counted):"
    else:
        header = f"Standings after {count} hand{'' if count == 1 else 's'}:"
    lines = [header]
    for place, index in enumerate(order, start=1):
        player = state.seats[index]
        note = ""
        if not player.in_session:
            note = f"  left after hand {left[index]}" if index in left else "  left"
        lines.append(f"  {place}. {names[index]:<{width}}  {player.stack:>4} chips{note}")
    if state.session_winners:
        who = join_names([names[i] for i in state.session_winners])
        label = "Winner" if len(state.session_winners) == 1 else "Winners"
        lines.append(f"{label}: {who}")
    return lines
