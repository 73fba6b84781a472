"""Numbers for learning agents: a fixed action alphabet, masks and observation vectors.

Needs numpy (``pip install numpy``; from a clone, ``pip install '.[numpy]'``).

**The action alphabet.** An agent picks an integer id; :func:`action_for_id` turns it
into the core action of the seat that is to act. The first ten ids never change:

==  ==================  ==============================================================
id  name                core action
==  ==================  ==============================================================
0   PACK                ``Pack(seat)`` (R29)
1   LOOK                ``Look(seat)``: a blind actor looks; the turn stays (R22, R28)
2   CHAAL               ``Bet(seat, m)``, ``m`` the minimum bet (R23-R25, V4)
3   RAISE               ``Bet(seat, 2·m)`` (R24, R25, V4)
4   SIDESHOW            ``SideShow(seat, m)`` (R30)
5   SIDESHOW_RAISE      ``SideShow(seat, 2·m)`` (R30)
6   SHOW                ``Show(seat)`` (R34-R36)
7   ALL_IN              ``AllIn(seat)`` (R26, R27)
8   ACCEPT              ``AcceptSideShow(seat)`` (R31)
9   REFUSE              ``RefuseSideShow(seat)`` (R31)
==  ==================  ==============================================================

``m`` is the seat's minimum bet: the stake when blind, twice the stake when seen
(R24). Whether an id is legal is the core's decision alone: :func:`action_ids` keeps
the ids whose action is among :func:`~teenpatti_rules.engine.legal_actions` of the
state, so this module re-implements no rule. :class:`~teenpatti_rules.actions.Deal`
is not in the alphabet (environments deal themselves) and neither are off-turn looks
(R22): only the actor's own ``Look`` is offered.

**Amount bins** (``bet_sizing="range"``, V3). A range table allows every whole amount
from ``m`` to ``raise_cap·m`` (``raise_cap`` = 2 by default; even amounts when seen),
so the number of amounts grows with the stake. With ``bet_bins=K`` (default
:data:`DEFAULT_BET_BINS` = 5, at least 2, at most
:data:`~teenpatti_rules.limits.MAX_BET_BINS`) the alphabet grows by ``2·(K−2)`` ids after
the fixed ten: ``BET_BIN_1 … BET_BIN_{K−2}`` then ``SIDESHOW_BIN_1 …
SIDESHOW_BIN_{K−2}``. Bin ``j`` (0 ≤ j ≤ K−1) aims at
``m + round(j·(raise_cap − 1)·m/(K−1))`` chips, snapped down to the legal grid (the
largest legal amount not above the aim); bin 0 is CHAAL / SIDESHOW and bin K−1 is
RAISE / SIDESHOW_RAISE (so on a range table RAISE is ``raise_cap·m``), and the fixed
ids keep their meaning. A bin whose aim is above every legal amount (the stack or
``stake_limit`` stops it) is masked, and so is an interior bin that snaps to an
amount an earlier id already names (no two masked ids name one action). When
``K−1 ≥ (raise_cap−1)·m/step`` (step 1 blind, 2 seen) the bins enumerate every legal
amount exactly. Under ``bet_sizing="double"`` there are no bins: ten ids (plus the
DRAW ids on a draw table).

**No limit** (``bet_sizing="no_limit"``, V3). Every whole amount from ``m`` up to
the whole stack is legal, far too many for ids, so the alphabet keeps the fixed ten
(CHAAL = ``m``, RAISE = ``2·m``) and appends, whatever ``bet_bins`` says, 14 ids:
``BET_X3 BET_X4 BET_X6 BET_X8 BET_X12 BET_X16 BET_MAX`` then ``SIDESHOW_X3`` …
``SIDESHOW_MAX`` (24 ids in all). ``BET_Xk`` aims at ``k·m`` chips
(:data:`NO_LIMIT_MULTIPLES`) snapped down to the legal grid (even amounts when seen);
it is masked when ``k·m`` is above every legal amount (the stack or ``stake_limit``
stops it). ``BET_MAX`` is the largest legal amount: the whole stack (an odd one too,
when seen), or the most the stake limit allows. The amounts come from
:func:`~teenpatti_rules.engine.questions.bet_range` and
:func:`~teenpatti_rules.engine.questions.sideshow_range` (``legal_actions`` lists only
a few no-limit amounts); an id that names an amount an earlier id already names
(CHAAL, RAISE, then the bins in id order, MAX last) is masked.

**Any other sizing.** The amount ids come from the table's
:class:`~teenpatti_rules.sizing.BetSizing` (``bins``, ``bin_names``, ``aims``),
never from its name: a sizing that defines only its amounts gets the fixed ten ids,
CHAAL its minimum bet and RAISE its largest legal amount.

**Draws** (``draw_price`` set, V20). After the bins come one ``DRAW_…`` id per set
of card positions a player may discard: every non-empty subset of the positions
``0, 1, 2`` with at most ``max_draws`` cards, fewer first (``DRAW_0 DRAW_1 DRAW_2
DRAW_01 DRAW_02 DRAW_12``, and ``DRAW_012`` when ``max_draws`` ≥ 3; see
:func:`draw_subsets`). Position ``p`` is the ``p``-th of the drawer's own cards in
ascending ``Card.index`` — the order of the observation's ``own_cards`` slots — so an
id means the same thing whatever the cards are, and the agent sees which card each
position holds. A DRAW id is legal exactly when the core lists that ``Draw`` (a seen
actor with draws left, a payment that leaves a chip, enough cards left in the deck).

**The observation** (:func:`observation`) is a float32 vector of
``60 + 19·n`` values in [0, 1] for an ``n``-seat table, built only from
``view(state, seat)`` (R43), with the observer's seat first in every per-seat block
(seats rotated), plus appended blocks on the tables that need them: the public
indicator (``wild="joker"``/``"hukam"``, W5), the own printed jokers (``jokers``, V8)
and the draws (V20). Any ``hand_size`` (V12) fits the 52 own-card slots.
:func:`observation_layout` gives its named slices; :data:`OBSERVATION_LAYOUT` is the
same for every table as functions of ``n``.

>>> import teenpatti_rules as tp
>>> state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
>>> [ActionId(i).name for i in action_ids(state, state.actor)]
['PACK', 'LOOK', 'CHAAL', 'RAISE']
>>> action_for_id(state, 1, ActionId.RAISE)
Bet(seat=1, amount=2)
>>> observation(tp.view(state, 1), 1).shape
(117,)
"""

from __future__ import annotations

try:  # before the modules that need it: one clear error for every import of the encoding
    import numpy  # noqa: F401
except ImportError:  # pragma: no cover - exercised in a venv without numpy
    raise ImportError("teenpatti_rules.encoding needs numpy: pip install numpy") from None

from ..sizing import NO_LIMIT_MULTIPLES
from .alphabet import (
    DEFAULT_BET_BINS,
    DRAW_HAND_SIZE,
    FIXED_ACTIONS,
    ActionId,
    action_for_id,
    action_ids,
    action_name,
    draw_subsets,
    id_for_action,
    legal_action_mask,
    num_actions,
)
from .observations import (
    OBSERVATION_LAYOUT,
    PER_SEAT_FEATURES,
    observation,
    observation_layout,
    observation_size,
)

ActionId.__module__ = __name__  # its public home (docs, pickles): teenpatti_rules.encoding

__all__ = [
    "DEFAULT_BET_BINS",
    "DRAW_HAND_SIZE",
    "FIXED_ACTIONS",
    "NO_LIMIT_MULTIPLES",
    "OBSERVATION_LAYOUT",
    "PER_SEAT_FEATURES",
    "ActionId",
    "action_for_id",
    "action_ids",
    "action_name",
    "draw_subsets",
    "id_for_action",
    "legal_action_mask",
    "num_actions",
    "observation",
    "observation_layout",
    "observation_size",
]
