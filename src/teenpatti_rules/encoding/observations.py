"""The observation vector of :mod:`teenpatti_rules.encoding`: what one seat may know
(its view, R43) as float32 numbers in [0, 1], in named blocks
(:data:`OBSERVATION_LAYOUT`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np  # the package checked that numpy is there

from ..actions import AcceptSideShow, AllIn, Bet, Draw, Look, Pack, RefuseSideShow, Show, SideShow
from ..cards import Card
from ..events import Drew, EventBase
from ..limits import short
from ..rules import Rules
from ..state import Phase, State
from .alphabet import ActionId, check_fixed_roster, check_rules, check_seat

__all__ = [
    "OBSERVATION_LAYOUT",
    "PER_SEAT_FEATURES",
    "observation",
    "observation_layout",
    "observation_size",
]

PER_SEAT_FEATURES: tuple[str, ...] = (
    "in_hand",
    "seen",
    "all_in",
    "is_actor",
    "is_dealer",
    "stack",
    "contributed",
    "blind_bets",
)
"""The eight values of each seat in the ``seats`` block, in order."""


OBSERVATION_LAYOUT: Mapping[str, tuple[str, str]] = {
    "own_cards": ("0", "52"),
    "own_seen": ("52", "53"),
    "seats": ("53", "53 + 8n"),
    "table": ("53 + 8n", "56 + 8n"),
    "phase": ("56 + 8n", "58 + 8n"),
    "sideshow": ("58 + 8n", "60 + 9n"),
    "last_action": ("60 + 9n", "60 + 19n"),
    "indicator": ("E", "E + 52"),
    "own_jokers": ("E", "E + jokers"),
    "draws": ("E", "E + 2n"),
}
"""The named blocks of :func:`observation` as ``(start, stop)`` formulas in ``n``, the
number of seats; :func:`observation_layout` gives the slices for one table.

The first seven blocks are in every observation. The last three are appended only on
the tables that have them, in this order, each starting at ``E``, the end of the
blocks before it (``E = 60 + 19n`` for the first one present); so the default
table's vector is unchanged.

============  =========  ===============================================================
block         size       content (every value in [0, 1]; ``T`` = the table's total chips)
============  =========  ===============================================================
own_cards     52         one-hot of the own natural cards by ``Card.index`` when the view
                         shows them (seen, or turned up at a show/showdown); else zeros
                         (R43). Every ``hand_size`` (V12: 2 to 5 ones) uses this block
own_seen      1          1 if the observer is seen (R22)
seats         8·n        per seat, the observer first then to its left (seat order):
                         in_hand, seen, all_in, is_actor, is_dealer, stack/T,
                         contributed/T, blind_bets/max_blind_bets (1 when the limit is
                         0; ``b/(b+1)`` with no limit, V5)
table         3          pot/T, stake/T, observer's minimum bet/T (clipped to 1)
phase         2          BETTING, SIDESHOW (both 0 between hands / session over)
sideshow      2 + n      observer is asked, observer asked, asker one-hot (rotated)
last_action   10·n       per seat (rotated), one-hot of the fixed id of its last public
                         action this hand, from the event log: LOOK, CHAAL (a bet that
                         kept the stake), RAISE (a bet that raised it, of any size: the
                         bins of V3 all count as RAISE), SIDESHOW / SIDESHOW_RAISE
                         likewise, SHOW, ALL_IN, PACK, ACCEPT, REFUSE; all zeros after a
                         draw (V20, see ``draws``)
indicator     52         only with ``wild="joker"`` or ``"hukam"`` (V8): one-hot of the
                         indicator by ``Card.index`` once dealt (public, W5)
own_jokers    jokers     only with ``jokers`` ≥ 1 (V8): slot ``j − 1`` is 1 when the view
                         shows the observer holding the printed joker ``Xj``
draws         2·n        only on a draw table (``draw_price`` set, V20): per seat
                         (rotated), cards drawn this hand / ``max_draws``, then 1 if its
                         last action this hand was a draw
============  =========  ===============================================================
"""


def _extra_blocks(n: int, rules: Rules | None) -> list[tuple[str, int]]:
    """The appended blocks of a table and their sizes (see :data:`OBSERVATION_LAYOUT`)."""
    if rules is None:
        return []
    blocks: list[tuple[str, int]] = []
    if rules.wild in ("joker", "hukam"):
        blocks.append(("indicator", 52))
    if rules.jokers:
        blocks.append(("own_jokers", rules.jokers))
    if rules.draw_price is not None:
        blocks.append(("draws", 2 * n))
    return blocks


def observation_size(seats: int, rules: Rules | None = None) -> int:
    """The length of :func:`observation` for a table of ``seats`` seats.

    :param seats: the number of seats, at least 2.
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules` (for the appended
        blocks of :data:`OBSERVATION_LAYOUT`); None for a table without them.
    :returns: ``60 + 19·seats``, plus 52 with an indicator (V8 W5), ``jokers`` with
        printed jokers (V8) and ``2·seats`` on a draw table (V20).
    :raises ValueError: if ``seats`` is not an int of at least 2, or for a table whose
        roster can change (S1-S9).
    :raises TypeError: if ``rules`` is neither None nor a Rules.

    >>> observation_size(3), observation_size(3, Rules(wild="joker", draw_price=1))
    (117, 175)
    """
    stops: list[int] = [part.stop for part in observation_layout(seats, rules).values()]
    return max(stops)


def observation_layout(seats: int, rules: Rules | None = None) -> dict[str, slice]:
    """:data:`OBSERVATION_LAYOUT` for ``seats`` seats and the table ``rules``:
    block name → slice.

    :param seats: the number of seats, at least 2.
    :param rules: the table (for the appended blocks); None for the first seven only.
    :raises ValueError: if ``seats`` is not an int of at least 2, or for a table whose
        roster can change (S1-S9, :func:`~teenpatti_rules.encoding.alphabet.check_fixed_roster`).
    :raises TypeError: if ``rules`` is neither None nor a Rules.

    >>> observation_layout(3)["last_action"]
    slice(87, 117, None)
    >>> observation_layout(3, Rules(wild="hukam"))["indicator"]
    slice(117, 169, None)
    """
    if rules is not None:
        check_fixed_roster(check_rules(rules))
    if type(seats) is not int or seats < 2:
        raise ValueError(f"seats must be an int of at least 2, not {short(seats)}")
    n = seats
    layout = {
        "own_cards": slice(0, 52),
        "own_seen": slice(52, 53),
        "seats": slice(53, 53 + 8 * n),
        "table": slice(53 + 8 * n, 56 + 8 * n),
        "phase": slice(56 + 8 * n, 58 + 8 * n),
        "sideshow": slice(58 + 8 * n, 60 + 9 * n),
        "last_action": slice(60 + 9 * n, 60 + 19 * n),
    }
    end = 60 + 19 * n
    for name, size in _extra_blocks(n, rules):
        layout[name] = slice(end, end + size)
        end += size
    return layout


def _minimum_bet(state: State, seat: int) -> int:
    from ..engine.questions import minimum_bet

    return minimum_bet(state, seat)


_DREW = -1
"""Marks a draw (V20) as a seat's last action in :func:`_last_actions`."""

_LAST_ACTION: dict[str, tuple[int, int]] = {
    Look.verb: (ActionId.LOOK, ActionId.LOOK),
    Bet.verb: (ActionId.CHAAL, ActionId.RAISE),
    SideShow.verb: (ActionId.SIDESHOW, ActionId.SIDESHOW_RAISE),
    AllIn.verb: (ActionId.ALL_IN, ActionId.ALL_IN),
    Pack.verb: (ActionId.PACK, ActionId.PACK),
    AcceptSideShow.verb: (ActionId.ACCEPT, ActionId.ACCEPT),
    RefuseSideShow.verb: (ActionId.REFUSE, ActionId.REFUSE),
    Show.verb: (ActionId.SHOW, ActionId.SHOW),
    Draw.verb: (_DREW, _DREW),
}
"""Action verb → the fixed id of the ``last_action`` block (kept stake, raised it)."""


def _last_actions(state: State) -> dict[int, int]:
    """Seat → the fixed id of its last public action in the current hand's log.

    Read from each event's :class:`~teenpatti_rules.events.EventFacts`: the action it
    records and who took it, and the stake it set (a bet above the stake before it is
    a raise, R24); no list of event classes. The stake starts at the hand's boot, the
    opening stake (R11; V13's dealer boots and V18's schedule included).
    """
    last: dict[int, int] = {}
    stake = state.rules.boot_of_hand(max(state.hand_number, 1))
    for event in state.events:
        facts = type(event).facts if isinstance(event, EventBase) else None
        if facts is None:
            continue
        after = stake if facts.stake is None else int(getattr(event, facts.stake))
        ids = _LAST_ACTION.get(facts.action) if facts.action is not None else None
        if ids is not None and facts.actor is not None:
            last[int(getattr(event, facts.actor))] = ids[after > stake]
        stake = max(stake, after)
    return last


def observation(view: State, seat: int) -> np.ndarray:
    """The observation vector of ``seat``, built from its view (R43).

    :param view: ``view(state, seat)``, a :class:`~teenpatti_rules.views.View`. A
        full :class:`~teenpatti_rules.state.State` is refused; the function views
        its argument once more for ``seat`` anyway, so nothing hidden from ``seat``
        can reach the vector even from another seat's view.
    :param seat: the observing seat; it comes first in every per-seat block.
    :returns: float32 array of shape ``(observation_size(n, view.rules),)`` (``n`` seats), every
        value finite and in [0, 1]; blocks as in :data:`OBSERVATION_LAYOUT`.
    :raises TypeError: if ``view`` is not a State at all.
    :raises ValueError: if ``view`` is not a :class:`~teenpatti_rules.views.View` (a
        full state), ``seat`` is not a seat number, or the table's roster can change
        (S1-S9).
    """
    from ..views import View
    from ..views import view as make_view

    if not isinstance(view, State):
        raise TypeError(
            f"view must be view(state, seat), a View, not {type(view).__name__} {short(view)}"
        )
    if not isinstance(view, View):
        raise ValueError(
            "observation() takes view(state, seat), not the full state: the full state "
            "holds hidden cards and the seed (R43)"
        )
    check_seat(view, seat)
    state = make_view(view, seat)
    n = len(state.seats)
    rules = state.rules
    layout = observation_layout(n, rules)
    out = np.zeros(observation_size(n, rules), dtype=np.float32)
    total = max(1, state.total_chips)
    me = state.seats[seat]
    cards: tuple[Card, ...] = me.cards
    for card in cards:
        if not card.is_joker:  # the 52 slots hold natural cards only (V8 printed jokers)
            out[card.index] = 1.0
    out[52] = float(me.seen)
    in_hand = state.phase is Phase.BETTING or state.phase is Phase.SIDESHOW
    limit = state.rules.max_blind_bets
    base = layout["seats"].start
    for k in range(n):
        other = (seat + k) % n
        player = state.seats[other]
        if limit is None:
            blind = player.blind_bets / (player.blind_bets + 1)
        elif limit == 0:
            blind = 1.0
        else:
            blind = min(1.0, player.blind_bets / limit)
        row = base + 8 * k
        out[row : row + 8] = (
            float(player.in_hand),
            float(player.seen),
            float(player.all_in),
            float(state.actor == other),
            float(state.dealer == other),
            min(1.0, player.stack / total),
            min(1.0, player.contributed / total),
            blind,
        )
    table = layout["table"].start
    out[table] = min(1.0, state.pot / total)
    out[table + 1] = min(1.0, state.stake / total)
    if in_hand and me.in_hand:
        out[table + 2] = min(1.0, _minimum_bet(state, seat) / total)
    phase = layout["phase"].start
    out[phase] = float(state.phase is Phase.BETTING)
    out[phase + 1] = float(state.phase is Phase.SIDESHOW)
    request = state.sideshow
    side = layout["sideshow"].start
    if request is not None:
        out[side] = float(request.target == seat)
        out[side + 1] = float(request.asker == seat)
        out[side + 2 + (request.asker - seat) % n] = 1.0
    last = layout["last_action"].start
    actions = _last_actions(state) if state.hand_number > 0 else {}
    for other, action_id in actions.items():
        if action_id != _DREW:
            out[last + 10 * ((other - seat) % n) + action_id] = 1.0
    if "indicator" in layout and state.indicator is not None:
        out[layout["indicator"].start + state.indicator.index] = 1.0
    if "own_jokers" in layout:
        for card in cards:
            if card.is_joker:  # X1..X3 have the indices 52..54 (V8)
                out[layout["own_jokers"].start + card.index - 52] = 1.0
    if "draws" in layout:
        block = layout["draws"].start
        drawn = dict.fromkeys(range(n), 0)
        if state.hand_number > 0:
            for event in state.events:
                if isinstance(event, Drew):
                    drawn[event.seat] += event.count
        for k in range(n):
            other = (seat + k) % n
            out[block + 2 * k] = min(1.0, drawn[other] / rules.max_draws)
            out[block + 2 * k + 1] = float(actions.get(other) == _DREW)
    return out
