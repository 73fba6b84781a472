"""Automatic players (R44) and a driver that plays a session with them.

An automatic player is a *chooser*: a function ``(view, seat, rng) -> Action | None``
that decides for ``seat`` from :func:`~teenpatti_rules.views.view` of the state
alone, so it cannot cheat, and returns None when that seat has nothing to do.

- :func:`choose` is the automatic player of R44: it looks as soon as it may, always
  answers a sideshow asked of it, and otherwise follows the policy below.
- :func:`~.random.random_choice` picks uniformly among the legal actions of its turn, for
  tests and benchmarks.
- :func:`~.session.play_session` plays a session to its end with one chooser per seat.

Every chooser picks only from :func:`~teenpatti_rules.engine.legal_actions` of the
view, filtered to its seat, so it never picks an illegal action. Between hands
both return ``Deal(seat)`` when ``seat`` holds the button (R5, R6); the caller
applies it to the real state, which has the seed.

**The policy of** :func:`choose`. A seen hand falls in one of four classes
(:class:`HandClass`; shares of all 22,100 hands in brackets):

========  ===========================================  =======
class     hands                                        share
========  ===========================================  =======
WEAK      high card, jack-high or lower                30.4 %
FAIR      high card, queen-, king- or ace-high         44.0 %
GOOD      pair, color                                  21.9 %
STRONG    sequence, pure sequence, trail                3.7 %
========  ===========================================  =======

The classes are shares, not categories: a hand's class is decided by its percentile
within the table's order (:func:`~teenpatti_rules.ranking.hand_percentile`), with the
bounds above (30.4 %, 74.4 %, 96.3 %). Under every ranking variant (V7–V12) the
player therefore holds the same share of hands in each class: under Muflis (V9) 5-3-2
is STRONG and a trail WEAK; at an AK47 table (V8), where more than a quarter of the
hands are trails, only the best trails are STRONG; with four or five cards (V12) a
hand is ranked among hands of that many cards; on a joker or hukam table, with its
indicator (W5).

``min`` is its minimum bet now (twice the stake, as it is seen, R24), ``raise`` the
largest legal bet (twice ``min``, R24), ``stack`` its chips and ``pot`` the pot
(all in chips). The numbers are the module constants :data:`BLUFF_COST`,
:data:`BLUFF_CHANCE`, :data:`FAIR_COST`, :data:`FAIR_SHOW_POT`, :data:`FAIR_RAISE_CHANCE`,
:data:`SIDESHOW_CHANCE`, :data:`GOOD_RAISE_COST`, :data:`GOOD_RAISE_CHANCE` and
:data:`STRONG_RAISE_COST`.

=====================  ================================================================
situation              action
=====================  ================================================================
between hands          ``Deal(seat)`` if it holds the button (R5, R6), else nothing
blind, may look        ``Look`` — first, always, on or off its turn (R22, R44)
asked for a sideshow   accept when GOOD or STRONG, else refuse (R31)
WEAK, its turn         chaal ``min`` if ``20 * min <= stack``, one time in 3 (a bluff);
                       else pack
FAIR, two left         show (R34) once ``2 * pot >= stack``, if allowed (R36); else as
                       below
FAIR, three or more    pack once ``8 * min > stack``; else raise one time in 5 if
                       ``8 * raise <= stack``; else chaal ``min``
GOOD, two left         show (R34); a chaal where a show is not allowed (R36)
GOOD, three or more    a sideshow with ``min`` one time in 3 when allowed (R30); else
                       raise one time in 4 if ``8 * raise <= stack``; else chaal
STRONG, two left       raise while ``4 * raise <= stack``, then show
STRONG, three or more  raise while ``4 * raise <= stack``, then chaal
=====================  ================================================================

**Table variants.** ``raise`` is the listed bet the table's sizing picks
(:meth:`~teenpatti_rules.sizing.BetSizing.pick_raise`, V3): under
``bet_sizing="no_limit"`` twice ``min`` (never a bigger bet, though ``legal_actions``
also lists the whole stack); under ``"range"`` the largest bet (``raise_cap`` times
``min``). A sideshow is always
asked with ``min``; on a ``sideshow_split`` table (V17) that is the named chaal, half
paid on asking, and the asked player accepts as above only when it can pay its half
(else it refuses). On a draw table (V20) a WEAK hand, on its turn, first draws one
card — its lowest — while ``DRAW_COST * draw_price <= stack`` and a draw is legal;
it never draws otherwise. Tables that end betting by themselves (V14, V15), the
dealer's boots (V13), boot schedules (V18), open flushes (V16) and the button (V21)
need no decision.

When the chosen move is not legal the player falls back: a show or sideshow becomes
a chaal; a raise becomes a chaal. When no bet fits its stack at all (all-in is
offered, R26) a FAIR or better hand goes all-in and a WEAK hand packs. Packing is
always legal on one's turn (R29). If a view hides its own cards (a view of another
seat) the hand counts as WEAK. "One time in n" draws from ``rng``, so a session is
reproducible from its seed and the ``rng`` seed.

>>> import random
>>> from teenpatti_rules import Deal, apply, new_session, parse_cards, view
>>> state = new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> rng = random.Random(1)
>>> str(choose(view(state, 1), 1, rng))
'P1 look'
>>> state = apply(state, choose(view(state, 1), 1, rng))
>>> str(choose(view(state, 1), 1, rng))  # As 2c 9s: ace-high, FAIR: this time a raise
'P1 bet 4'
>>> str(choose(view(state, 2), 2, rng))  # off its turn, but blind: it looks
'P2 look'
>>> str(choose(view(state, 2), rng))  # the same: a view knows its seat
'P2 look'
"""

from __future__ import annotations

import random
from enum import IntEnum
from typing import Any, overload

from .. import actions
from ..cards import Card
from ..engine.questions import minimum_bet, players_in_hand
from ..ranking import hand_percentile
from ..rules import Rules
from ..sizing import sizing_of
from ..state import Phase, State
from .common import _UNCHECKED, deal_or_nothing, own_choices, seat_and_rng

__all__ = [
    "BLUFF_CHANCE",
    "BLUFF_COST",
    "DRAW_COST",
    "FAIR_COST",
    "FAIR_RAISE_CHANCE",
    "FAIR_SHOW_POT",
    "GOOD_RAISE_CHANCE",
    "GOOD_RAISE_COST",
    "SIDESHOW_CHANCE",
    "STRONG_RAISE_COST",
    "HandClass",
    "choose",
    "hand_class",
]


class HandClass(IntEnum):
    """How :func:`choose` rates a hand: by the share of all hands it beats under the
    table's hand order (its percentile), so that the policy holds under every ranking
    variant. The bounds are those of the default order's categories (shares of the
    22,100 hands in brackets).
    """

    WEAK = 0
    """The weakest 6,720 hands: under R13–R16, high card jack-high or lower (30.4 %)."""
    FAIR = 1
    """Up to 16,440: under R13–R16, high card queen-, king- or ace-high (44.0 %)."""
    GOOD = 2
    """Up to 21,280: under R13–R16, pair or color (21.9 %)."""
    STRONG = 3
    """The best 820: under R13–R16, sequence, pure sequence or trail (3.7 %)."""


_CLASS_BOUNDS = (
    (21_280 / 22_100, HandClass.STRONG),
    (16_440 / 22_100, HandClass.GOOD),
    (6_720 / 22_100, HandClass.FAIR),
)
"""(the least share of weaker hands of the class, class), strongest first."""


def hand_class(
    cards: tuple[Card, ...], rules: Rules | None = None, indicator: Card | None = None
) -> HandClass:
    """The :class:`HandClass` of a hand: by its percentile under the table's order
    (:func:`~teenpatti_rules.ranking.hand_percentile`: the share of the table's hands
    it beats). So under Muflis (V9) a 5-3-2 is STRONG and a trail WEAK, and at an AK47
    table (V8), where a trail is common, only the best trails are STRONG; with 4 or 5
    cards (V12) the share is among hands of that many cards.

    :param cards: ``rules.hand_size`` distinct cards, or ``()`` for a hand the view
        hides.
    :param rules: the table's rules (ranking variants); None for the default table.
    :param indicator: the hand's indicator on a joker or hukam table (W5).
    :returns: the class; :attr:`HandClass.WEAK` for hidden cards.
    :raises ValueError: if ``cards`` is neither empty nor a valid hand of the table.

    >>> from teenpatti_rules import parse_cards
    >>> [hand_class(parse_cards(h)).name for h in ("Js 9d 2c", "Qs 9d 2c", "5s 5d 2c", "2s 3d 4c")]
    ['WEAK', 'FAIR', 'GOOD', 'STRONG']
    """
    if not cards:
        return HandClass.WEAK
    share = hand_percentile(cards, rules, indicator=indicator)
    for bound, kind in _CLASS_BOUNDS:
        if share >= bound - 1e-12:
            return kind
    return HandClass.WEAK


@overload
def choose(view: State, seat: random.Random, /) -> actions.Action | None: ...


@overload
def choose(view: State, seat: int, rng: random.Random) -> actions.Action | None: ...


def choose(view: State, seat: int | random.Random, rng: Any = _UNCHECKED) -> actions.Action | None:
    """The automatic player's action for ``seat`` now, or None if it has nothing to do (R44).

    The policy is in the module docstring: look first (R22), answer a sideshow
    with a pair or better by accepting, else refusing (R31), and on its turn act
    by :class:`HandClass` and the cost of a bet relative to its stack.

    :param view: ``view(state, seat)`` (:func:`~teenpatti_rules.views.view`); the
        player reads only its own cards and public fields, and picks among
        :func:`~teenpatti_rules.engine.legal_actions` of the view.
    :param seat: the seat it plays, a seat number; or leave it out, ``choose(view,
        rng)``, with a :class:`~teenpatti_rules.views.View` that knows its seat.
    :param rng: the source of its occasional random choices.
    :returns: a legal action of ``seat``: ``Look`` whenever it is blind and may look
        (R22, R44); its answer while a sideshow asked of it is pending; its turn's
        action; ``Deal(seat)`` between hands when it holds the button (R5, R6; apply
        it to the real state). None otherwise (not its turn and nothing to look at,
        or the session is over).
    :raises ValueError: if ``seat`` is not a seat number, or is left out with a view
        of no seat.
    :raises TypeError: if ``view`` is not a State or ``rng`` is not a
        :class:`random.Random` (None is refused: pass ``random.Random(seed)``).
    """
    seat, rng = seat_and_rng(view, seat, rng)
    phase = view.phase
    if phase in (Phase.AWAITING_DEAL, Phase.WAITING) or phase is Phase.SESSION_OVER:
        return deal_or_nothing(view, seat)
    mine = own_choices(view, seat)
    for action in mine:
        if isinstance(action, actions.Look):
            return action  # R44: never stays blind
    if view.actor != seat:
        return None
    player = view.seats[seat]
    if phase is Phase.SIDESHOW:
        good = hand_class(player.cards, view.rules, view.indicator) >= HandClass.GOOD
        accept = next(
            (action for action in mine if isinstance(action, actions.AcceptSideShow)), None
        )
        if good and accept is not None:  # V17: a split sideshow's half may not fit
            return accept
        return next(action for action in mine if isinstance(action, actions.RefuseSideShow))
    return _turn(view, seat, mine, rng)


BLUFF_COST = 20
"""A WEAK hand may chaal (bluff) only while ``BLUFF_COST * min <= stack``."""
BLUFF_CHANCE = 1 / 3
"""...and then does so with this probability."""
FAIR_COST = 8
"""A FAIR hand chaals while ``FAIR_COST * min <= stack``."""
FAIR_SHOW_POT = 2
"""With two left, a FAIR hand asks for a show once ``FAIR_SHOW_POT * pot >= stack``."""
FAIR_RAISE_CHANCE = 1 / 5
"""A FAIR hand raises with this probability when ``FAIR_COST * raise <= stack``."""
SIDESHOW_CHANCE = 1 / 3
"""A GOOD hand with three or more in the hand asks for a sideshow with this probability."""
GOOD_RAISE_COST = 8
"""A GOOD hand may raise only while ``GOOD_RAISE_COST * raise <= stack``..."""
GOOD_RAISE_CHANCE = 1 / 4
"""...and then does so with this probability."""
STRONG_RAISE_COST = 4
"""A STRONG hand raises while ``STRONG_RAISE_COST * raise <= stack``."""
DRAW_COST = 20
"""On a draw table (V20) a WEAK hand draws one card while ``DRAW_COST * draw_price <= stack``."""


def _turn(view: State, seat: int, mine: list[actions.Action], rng: random.Random) -> actions.Action:
    """The betting action of a seen automatic player on its turn (the table above)."""
    player = view.seats[seat]
    stack = player.stack
    strength = hand_class(player.cards, view.rules, view.indicator)
    two_left = len(players_in_hand(view)) == 2
    low = minimum_bet(view, seat)
    bets = [action for action in mine if isinstance(action, actions.Bet)]
    raised = sizing_of(view.rules).pick_raise([bet.amount for bet in bets], low)  # V3
    raise_ = next((bet for bet in bets if bet.amount == raised), None)
    price = view.rules.draw_price
    if strength is HandClass.WEAK and price is not None and DRAW_COST * price <= stack:
        lowest = min(player.cards, key=lambda card: card.rank)
        for action in mine:
            if isinstance(action, actions.Draw) and action.cards == (lowest,):
                return action  # V20: swap its lowest card
    show = next((action for action in mine if isinstance(action, actions.Show)), None)
    sideshow = next((action for action in mine if isinstance(action, actions.SideShow)), None)
    if strength is HandClass.STRONG:
        if raise_ is not None and STRONG_RAISE_COST * raise_.amount <= stack:
            return raise_
        if two_left and show is not None:
            return show
    elif strength is HandClass.GOOD:
        if two_left and show is not None:
            return show
        if not two_left:
            if sideshow is not None and rng.random() < SIDESHOW_CHANCE:
                return sideshow
            if (
                raise_ is not None
                and GOOD_RAISE_COST * raise_.amount <= stack
                and rng.random() < GOOD_RAISE_CHANCE
            ):
                return raise_
    elif strength is HandClass.FAIR:
        if two_left and show is not None and FAIR_SHOW_POT * view.pot >= stack:
            return show
        if FAIR_COST * low > stack and bets:
            return _pack(mine)
        if (
            raise_ is not None
            and FAIR_COST * raise_.amount <= stack
            and rng.random() < FAIR_RAISE_CHANCE
        ):
            return raise_
    elif not (BLUFF_COST * low <= stack and rng.random() < BLUFF_CHANCE):
        return _pack(mine)
    # A chaal, or the nearest legal thing to one.
    if bets:
        return bets[0]
    if strength >= HandClass.FAIR:
        for action in mine:
            if isinstance(action, actions.AllIn):
                return action
    return _pack(mine)


def _pack(mine: list[actions.Action]) -> actions.Action:
    return next(action for action in mine if isinstance(action, actions.Pack))
