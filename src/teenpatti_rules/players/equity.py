"""The equity player: an automatic player that bets from its odds and the pot odds.

:func:`equity_choose` is a chooser, ``(view, seat, rng) -> Action | None``, like the
R44 player :func:`~.rule.choose`, so it plugs into
:func:`~.session.play_session`. It decides from
:func:`~teenpatti_rules.views.view` of the state alone — its own cards once it has
looked, the pot, the stake, the stacks, who is still in and who is blind, the
indicator of a wild-card table — and never reads a card its view hides (a view has
none to read). Its numbers are the fields of :class:`EquityPolicy`;
``EquityPolicy()`` is the default player and :func:`equity_player` makes a chooser
with other numbers. Needs numpy (:mod:`teenpatti_rules.odds`).

Its hand's worth is its **equity**: with ``k`` opponents still in the hand, the
expected share of the pot at a showdown (``pot_share`` of
:func:`~teenpatti_rules.odds.equity`) against ``k`` hands dealt from the unseen
cards, and ``win1`` / ``tie1``, its chances against one opponent. (It counts the
equity of the hand of the same strength with the lowest cards, so that 741 strengths
× 16 opponent counts are worked out once and cached: exact for one and two
opponents, a fixed-seed Monte Carlo of ``samples`` deals for more.)

``c`` is its minimum bet (its chaal: the stake while blind, twice the stake when seen,
R24), ``r`` its raise (twice ``c``, or the largest legal bet up to that), ``pot`` the
pot and ``stack`` its chips, all in chips; ``boot`` is the table's boot.

=======================  ====================================================================
situation                action
=======================  ====================================================================
between hands            ``Deal(seat)`` if it holds the button (R5, R6), else nothing
not its turn             nothing (it may stay blind: it looks only on its own turn)
blind, its turn          stays blind — chaal ``c`` — while it has made fewer than
                         ``blind_bets`` blind bets, the stake is at most ``blind_stake``
                         boots (R23) and every other player still in is blind (unless
                         ``blind_against_seen``); else ``Look`` (R22), then acts seen
asked for a sideshow     accepts when ``win1 + tie1 >= accept`` (the asker packs on a
                         tie, R31), else refuses
seen, two left           a show (R34) when ``win1 >= show`` (the asker loses ties, R35)
                         and a show is allowed (not against a blind player, R36); else
                         as below
seen, three or more      a sideshow (R30) with ``c`` when ``win1 >= sideshow`` and
                         ``equity < raise_at`` and it is allowed; else as below
seen, strong             raise ``r`` when ``equity >= raise_at`` and
                         ``raise_stack * r <= stack``
seen, pot odds           chaal ``c`` when ``equity >= call * c / (pot + c)``; else a bluff
                         chaal one time in ``1 / bluff`` when ``bluff_stack * c <= stack``;
                         else pack (R29)
no bet fits its stack    all-in (R26) when ``equity >= call * stack / (pot + stack)``
                         (blind: looks first when it must, R27); else pack
its cards hidden         (given a view that is not its own) chaal ``c``, else pack
=======================  ====================================================================

Staying blind is a strategy of the game: a blind chaal costs half a seen one (R24), a
seen player may not ask a blind one for a show (R36) nor a sideshow (R30), and a blind
player's unknown hand is as good, on average, as anyone's. The player gives that up
once the stake grows or its blind bets run out (R23).

>>> import random
>>> from teenpatti_rules import Deal, Rules, apply, new_session, parse_cards, view
>>> state = new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> rng = random.Random(1)
>>> str(equity_choose(view(state, 1), 1, rng))  # blind, stake 1 boot: a blind chaal
'P1 bet 1'
>>> cautious = equity_player(EquityPolicy(blind_bets=0))
>>> str(cautious(view(state, 1), 1, rng))  # never blind: it looks first
'P1 look'
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

import attrs

from ..actions import (
    AcceptSideShow,
    Action,
    AllIn,
    Bet,
    Deal,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from ..cards import Card
from ..limits import short
from ..odds import _universe, equity
from ..rules import Rules
from ..state import Phase, State
from .common import check_seat, own_choices

__all__ = ["EquityPolicy", "HandOdds", "equity_choose", "equity_player", "hand_odds"]


def _at_least(low: float, kind: type = float) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        name = f"EquityPolicy.{attribute.name}"
        ok_types: tuple[type, ...] = (int,) if kind is int else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok_types):
            raise TypeError(
                f"{name} must be {'an int' if kind is int else 'a number'}, not {short(value)}"
            )
        assert isinstance(value, int | float)
        if not value >= low or not math.isfinite(value):
            raise ValueError(f"{name} must be at least {low}, not {short(value)}")

    return check


def _share(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    name = f"EquityPolicy.{attribute.name}"
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number from 0 to 1, not {short(value)}")
    if not 0 <= value <= 1:
        raise ValueError(f"{name} must be from 0 to 1, not {short(value)}")


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"EquityPolicy.{attribute.name} must be True or False, not {short(value)}")


@attrs.frozen(kw_only=True)
class EquityPolicy:
    """The numbers of the equity player (the table in :mod:`teenpatti_rules.players.equity`).

    Equities and chances are fractions 0..1; ``*_stack`` factors compare a bet in
    chips with the player's stack in chips. The defaults were tuned on 4-player tables
    against the R44 player and the random player (``benchmarks/odds.py``): a looser
    ``call`` does better against random players, a tighter one against R44 players.

    :param blind_bets: blind chaals it makes before it looks (R23 caps them at the
        table's ``max_blind_bets``); 0 looks at once, like the R44 player.
    :param blind_stake: it stays blind only while the stake is at most this many boots.
    :param blind_against_seen: False: it stays blind only while every other player
        still in the hand is blind too (a seen player who stays in has shown that its
        hand is worth a seen bet); True: whatever the others did.
    :param call: it chaals while ``equity >= call * c / (pot + c)``: 1 is the bare pot
        odds of one bet; more asks for a margin for the bets still to come.
    :param raise_at: it raises when its equity against the players still in is at least
        this.
    :param raise_stack: ...and ``raise_stack * r <= stack``.
    :param show: with two left it asks for a show when its chance to win against one
        opponent is at least this.
    :param sideshow: with three or more left it asks for a sideshow when its chance to
        win against one opponent is at least this (and it would not raise).
    :param accept: asked for a sideshow it accepts when its chance not to lose
        against one opponent is at least this.
    :param bluff: the chance of a chaal with a hand below the pot odds...
    :param bluff_stack: ...while ``bluff_stack * c <= stack``.
    :param samples: Monte Carlo deals for an equity against three or more opponents
        (100 to 1,000,000).
    :raises TypeError: for a value of the wrong type (bools included), naming the field.
    :raises ValueError: for a value out of its range, naming the field.
    """

    blind_bets: int = attrs.field(default=2, validator=_at_least(0, int))
    blind_stake: int = attrs.field(default=4, validator=_at_least(0, int))
    blind_against_seen: bool = attrs.field(default=False, validator=_flag)
    call: float = attrs.field(default=1.6, validator=_at_least(0.0))
    raise_at: float = attrs.field(default=0.85, validator=_share)
    raise_stack: float = attrs.field(default=6.0, validator=_at_least(0.0))
    show: float = attrs.field(default=0.75, validator=_share)
    sideshow: float = attrs.field(default=0.6, validator=_share)
    accept: float = attrs.field(default=0.55, validator=_share)
    bluff: float = attrs.field(default=0.03, validator=_share)
    bluff_stack: float = attrs.field(default=40.0, validator=_at_least(0.0))
    samples: int = attrs.field(default=4_000, validator=_at_least(100, int))

    def __attrs_post_init__(self) -> None:
        if self.samples > 1_000_000:
            raise ValueError(f"EquityPolicy.samples must be at most 1000000, not {self.samples}")


@attrs.frozen
class HandOdds:
    """What the equity player knows of its hand (the result of :func:`hand_odds`).

    :param equity: its expected share of the pot against the opponents still in.
    :param win1: its chance to win against one opponent.
    :param tie1: its chance to tie against one opponent.
    :param opponents: how many opponents are still in the hand.
    """

    equity: float
    win1: float
    tie1: float
    opponents: int


@functools.lru_cache(maxsize=50_000)
def _odds_of_strength(
    rules: Rules | None,
    indicator: Card | None,
    cards: tuple[Card, ...],
    opponents: int,
    samples: int,
) -> tuple[float, float, float]:
    if opponents <= 2:
        k = equity(cards, opponents, rules, indicator=indicator)
    else:
        k = equity(cards, opponents, rules, indicator=indicator, samples=samples, seed=0)
    if opponents == 1:
        return k.pot_share, k.win, k.tie
    _, win1, tie1 = _odds_of_strength(rules, indicator, cards, 1, samples)
    return k.pot_share, win1, tie1


@functools.lru_cache(maxsize=64)
def _representatives(rules: Rules | None, indicator: Card | None) -> dict[int, tuple[Card, ...]]:
    """For each dense key of a hand of up to three cards, its hand with the lowest cards."""
    import itertools

    universe = _universe(rules, indicator)
    result: dict[int, tuple[Card, ...]] = {}
    positions = [i for i, card in enumerate(universe.deck) if card != indicator]
    for combo in itertools.combinations(positions, universe.size):
        key = int(universe.table[combo])
        if key not in result:
            result[key] = tuple(universe.deck[i] for i in combo)
    return result


def hand_odds(
    cards: tuple[Card, ...],
    opponents: int,
    rules: Rules | None = None,
    *,
    indicator: Card | None = None,
    samples: int = 4_000,
) -> HandOdds:
    """The equity player's odds for a hand: equity against ``opponents``, chances against one.

    The odds are those of the hand of the same strength with the lowest cards (cached),
    for hands of up to three cards; hands of 4 or 5 cards (V12) are counted as they are.

    :param cards: the player's own cards, ``hand_size`` of them.
    :param opponents: opponents still in the hand, 1 to 16.
    :param rules: the table's rules; None for the default table.
    :param indicator: the table's indicator (V8 W5), if it has one.
    :param samples: Monte Carlo deals for three or more opponents.
    :returns: a :class:`HandOdds`.
    :raises ValueError: as :func:`~teenpatti_rules.odds.equity`.

    >>> from teenpatti_rules import parse_cards
    >>> odds = hand_odds(parse_cards("As Ad Ac"), 3)
    >>> odds.equity, odds.win1
    (1.0, 1.0)
    """
    universe = _universe(rules, indicator)
    if universe.size <= 3:
        positions = [universe.position[card] for card in cards]
        if len(positions) == universe.size and len(set(positions)) == universe.size:
            key = int(universe.table[tuple(positions)])
            cards = _representatives(rules, indicator)[key]
    share, win1, tie1 = _odds_of_strength(rules, indicator, tuple(cards), opponents, samples)
    return HandOdds(share, win1, tie1, opponents)


def _check_seat(view: State, seat: object, rng: object) -> int:
    return check_seat(view, seat, rng)


def equity_player(
    policy: EquityPolicy | None = None,
) -> Callable[[State, int, random.Random], Action | None]:
    """A chooser that plays by ``policy`` (see :func:`equity_choose`).

    :param policy: the numbers; None for ``EquityPolicy()``.
    :returns: a chooser ``(view, seat, rng) -> Action | None`` for
        :func:`~.session.play_session`.
    :raises TypeError: if ``policy`` is not an :class:`EquityPolicy`.
    """
    if policy is None:
        policy = EquityPolicy()
    if not isinstance(policy, EquityPolicy):
        raise TypeError(f"policy must be an EquityPolicy, not {short(policy)}")
    chosen = policy

    def chooser(view: State, seat: int, rng: random.Random) -> Action | None:
        return equity_choose(view, seat, rng, chosen)

    chooser.__doc__ = f"The equity player with {chosen!r}."
    return chooser


def equity_choose(
    view: State, seat: int, rng: random.Random, policy: EquityPolicy | None = None
) -> Action | None:
    """The equity player's action for ``seat`` now, or None if it has nothing to do.

    The policy is the table of :mod:`teenpatti_rules.players.equity`.

    :param view: ``view(state, seat)``; it reads its own cards (when seen) and public
        fields only, and picks among :func:`~teenpatti_rules.engine.legal_actions`
        of the view.
    :param seat: the seat it plays, a seat number.
    :param rng: the source of its occasional bluffs.
    :param policy: its numbers; None for ``EquityPolicy()``.
    :returns: a legal action of ``seat`` when it must act (its turn, or a sideshow asked
        of it: the answer), ``Deal(seat)`` between hands when it holds the button (R5,
        R6; apply it to the real state), else None.
    :raises ValueError: if ``seat`` is not a seat number.
    :raises TypeError: if ``view`` is not a State, ``rng`` is not a
        :class:`random.Random`, or ``policy`` is not an :class:`EquityPolicy` or None.
    """
    seat = _check_seat(view, seat, rng)
    if policy is None:
        policy = _DEFAULT
    elif not isinstance(policy, EquityPolicy):
        raise TypeError(f"policy must be an EquityPolicy, not {short(policy)}")
    if view.phase in (Phase.AWAITING_DEAL, Phase.WAITING) or view.phase is Phase.SESSION_OVER:
        return Deal(seat) if view.phase is Phase.AWAITING_DEAL and seat == view.dealer else None
    if view.actor != seat:
        return None
    mine = own_choices(view, seat)
    me = view.seats[seat]
    opponents = sum(1 for i, s in enumerate(view.seats) if s.in_hand and i != seat)
    if view.phase is Phase.SIDESHOW:
        odds = _odds(view, me.cards, 1, policy)
        wanted = AcceptSideShow if odds.win1 + odds.tie1 >= policy.accept else RefuseSideShow
        # V17: accepting a split sideshow is not offered when the half does not fit.
        chosen = next((action for action in mine if isinstance(action, wanted)), None)
        return chosen or next(action for action in mine if isinstance(action, RefuseSideShow))
    look = next((action for action in mine if isinstance(action, Look)), None)
    bets = [action for action in mine if isinstance(action, Bet)]
    if look is not None:
        boot = view.rules.boot
        others_blind = all(not s.seen for i, s in enumerate(view.seats) if s.in_hand and i != seat)
        if (
            me.blind_bets < policy.blind_bets
            and view.stake <= policy.blind_stake * boot
            and (others_blind or policy.blind_against_seen)
            and bets
        ):
            return bets[0]
        return look
    return _seen_turn(view, seat, mine, bets, opponents, rng, policy)


_DEFAULT = EquityPolicy()


def _odds(view: State, cards: tuple[Card, ...], opponents: int, policy: EquityPolicy) -> HandOdds:
    return hand_odds(cards, opponents, view.rules, indicator=view.indicator, samples=policy.samples)


def _seen_turn(
    view: State,
    seat: int,
    mine: list[Action],
    bets: list[Bet],
    opponents: int,
    rng: random.Random,
    policy: EquityPolicy,
) -> Action:
    me = view.seats[seat]
    pack = next(action for action in mine if isinstance(action, Pack))
    if not me.cards:  # a view that hides its own cards (a spectator's): a plain chaal
        return bets[0] if bets else pack
    odds = _odds(view, me.cards, opponents, policy)
    pot, stack = view.pot, me.stack
    show = next((action for action in mine if isinstance(action, Show)), None)
    if opponents == 1 and show is not None and odds.win1 >= policy.show:
        return show
    if not bets:
        all_in = next((action for action in mine if isinstance(action, AllIn)), None)
        if all_in is not None and odds.equity >= policy.call * stack / (pot + stack):
            return all_in
        return pack
    low = bets[0].amount
    raise_ = max((bet for bet in bets if bet.amount <= 2 * low), key=lambda bet: bet.amount)
    sideshow = next((a for a in mine if isinstance(a, SideShow) and a.amount == low), None)
    if (
        sideshow is not None
        and opponents >= 2
        and odds.win1 >= policy.sideshow
        and odds.equity < policy.raise_at
    ):
        return sideshow
    if (
        odds.equity >= policy.raise_at
        and raise_.amount > low
        and (policy.raise_stack * raise_.amount <= stack)
    ):
        return raise_
    if odds.equity >= policy.call * low / (pot + low):
        return bets[0]
    if policy.bluff_stack * low <= stack and rng.random() < policy.bluff:
        return bets[0]
    return pack
