"""Which :class:`~teenpatti_rules.rules.Rules` the batch engine plays, as plain numbers.

Supported: the default table R1–R44; the three-card ranking variants that
:func:`~teenpatti_rules.ranking.evaluate_many` ranks (V1 ``sequence_order``, the hand
orders of ``ranking``, V11 ``high_235`` where the rules have it) and V7
``suit_order``; V8 wild cards that change neither the deck nor the deal
(``wild_ranks``, ``wild="lowest"`` / ``"highest"``, with any ``wild_ties``, W1–W4:
a hand's strength is then the one ``evaluate_many`` gives, which orders hands as
:func:`~teenpatti_rules.ranking.compare_hands`); V8 ``wild="joker"`` / ``"hukam"``
(each table's indicator is the card after the deal, W5) and printed ``jokers`` (a
deck of 52 + ``jokers`` cards) and V16 ``ties="open_flush"`` (tied showdowns play
open flushes from the rest of the hand's deck) on both backends; V2
``show_cost_multiplier``; V4 ``stake_limit``; V5 ``max_blind_bets``; any ``boot``,
``pot_limit``; V13 ``dealer_boots``; V14 ``table_show_after``; V15 ``max_turns``;
V17 ``sideshow_target`` (and ``sideshow_reveal``, which changes only what views
show: a row's reducer state has it); V12 ``hand_size`` 2, 4 and 5 (a hand of four or
five is its best three, a hand of two its best with the imagined card, as
:func:`~teenpatti_rules.ranking.evaluate`; not with ``wild="lowest"`` /
``"highest"``, whose wild rank is the whole hand's); V22 ``forced_blinds``; V3
``bet_sizing="range"`` (with any ``raise_cap``) and ``"no_limit"`` on both
backends, the action ids then being the encoding's alphabet for the table
(:func:`~teenpatti_rules.encoding.num_actions`: 16 ids on a range table with
``DEFAULT_BET_BINS`` bins, 24 on a no-limit one, each bet id naming the amount
:func:`~teenpatti_rules.encoding.action_for_id` names);
V17 ``sideshow_split`` and V20 draws (``draw_price``, ``max_draws``) on both
backends: the DRAW ids follow the table's other ids as in the encoding's alphabet
(:func:`~teenpatti_rules.encoding.draw_subsets`: 16 ids on a default-sizing table with
``max_draws=2``), and the replacements come from the rest of each table's deck, in
order, as the reducer deals them;
``starting_boots``, ``hand_limit`` and V21 ``button`` are accepted (an episode is one
hand with given stacks, so who deals the next hand of a session does not arise: every
hand's dealer is drawn, or fixed); so is V18 ``boot_schedule``: each episode is hand 1
of its session, so its boot is the schedule's first, ``boot`` (the later boots never
arise), stacks may be as small as 1 chip, and a stack at most the boot posts all of it
and is all-in at the deal (R9), on both backends. With ``BatchEnv(...,
sessions=True)`` an episode is a whole session instead, and they all
take effect: ``hand_limit`` ends it (R2), the button moves (R5, V21), each hand has its
scheduled boot (V18) (:mod:`~teenpatti_rules.batch.session`).
Every other option refuses with a :class:`ValueError` naming the field.
"""

from __future__ import annotations

import dataclasses

import attrs

from ..encoding import DEFAULT_BET_BINS, draw_subsets, num_actions
from ..engine.sizing import sizing_of
from ..rules import Rules

__all__ = [
    "BET_SIZINGS",
    "FORCED_BLINDS",
    "SIZING_DOUBLE",
    "SIZING_NO_LIMIT",
    "SIZING_RANGE",
    "SUPPORTED_FIELDS",
    "TableConfig",
    "kernel_refusal",
    "table_config",
]

SUPPORTED_FIELDS = frozenset(
    {
        "boot",
        "boot_schedule",
        "starting_boots",
        "min_players",
        "max_players",
        "max_blind_bets",
        "pot_limit",
        "hand_limit",
        "sequence_order",
        "ranking",
        "high_235",
        "show_cost_multiplier",
        "stake_limit",
        "suit_order",
        "wild_ranks",
        "wild",
        "wild_ties",
        "jokers",
        "ties",
        "dealer_boots",
        "button",
        "table_show_after",
        "max_turns",
        "sideshow_target",
        "sideshow_reveal",
        "hand_size",
        "forced_blinds",
        "bet_sizing",
        "raise_cap",
        "draw_price",
        "max_draws",
        "sideshow_split",
    }
)
"""The :class:`~teenpatti_rules.rules.Rules` fields the batch engine plays at any value;
every other field must keep its default."""

FORCED_BLINDS = {None: 0, "dealer": 1, "small_big": 2}
"""``Rules.forced_blinds`` (V22) as the ``forced_blinds`` codes of :class:`TableConfig`."""

SIZING_DOUBLE = 0
"""``bet_sizing`` code of :class:`TableConfig`: R24's minimum or twice it (the default)."""
SIZING_RANGE = 1
"""``bet_sizing`` code: V3 ``"range"``, ``DEFAULT_BET_BINS`` ids per bet kind."""
SIZING_NO_LIMIT = 2
"""``bet_sizing`` code: V3 ``"no_limit"``, the ``NO_LIMIT_MULTIPLES`` ids and MAX."""

BET_SIZINGS = {"double": SIZING_DOUBLE, "range": SIZING_RANGE, "no_limit": SIZING_NO_LIMIT}
"""``Rules.bet_sizing`` (V3) as the ``bet_sizing`` codes of :class:`TableConfig`."""

NO_LIMIT = 2**31 - 1
"""Stands for "no limit" in :class:`TableConfig` (above any int32 chip count)."""


@dataclasses.dataclass(frozen=True)
class TableConfig:
    """The numbers of a table that the array code needs.

    :param players: seats per table (``P``).
    :param boot: chips each seat posts (R9, R11).
    :param max_blind_bets: blind bets allowed (R23, V5); :data:`NO_LIMIT` for none.
    :param pot_limit: the pot limit in chips (R37); :data:`NO_LIMIT` for none.
    :param stake_limit: the highest stake (V4); :data:`NO_LIMIT` for none.
    :param show_cost_multiplier: 1 or 2 (R34, V2).
    :param dealer_boots: boots the dealer posts (V13; 1 by default).
    :param table_show_after: bets at one stake that end betting (V14); :data:`NO_LIMIT`
        for none.
    :param max_turns: betting actions that end betting (V15); :data:`NO_LIMIT` for none.
    :param ask_next: a sideshow asks the next player, not the previous one (V17).
    :param hand_size: cards dealt to each seat, 2 to 5 (V12; 3 by default).
    :param forced_blinds: V22's forced blind bets: 0 none, 1 ``"dealer"``, 2
        ``"small_big"``.
    :param bet_sizing: V3's sizing (:data:`~teenpatti_rules.batch.config.BET_SIZINGS`):
        0 ``"double"``, 1 ``"range"``, 2 ``"no_limit"``.
    :param raise_cap: the largest bet in minimum bets under ``"range"`` (V3).
    :param bins: ids per bet kind (:meth:`~teenpatti_rules.sizing.BetSizing.bins`
        with the encoding's ``DEFAULT_BET_BINS``): 2, 5 or 9.
    :param actions: the size ``A`` of the action alphabet
        (:func:`~teenpatti_rules.encoding.num_actions`): 10, 16 or 24, plus the DRAW ids.
    :param draw_price: chips per card drawn (V20); 0 on a table without draws.
    :param max_draws: cards a seat may draw in a hand (V20, clamped to
        :data:`NO_LIMIT`); 0 on a table without draws.
    :param sideshow_split: V17's split sideshow: the asker pays half its chaal on
        asking, the asked player the other half on accepting, the asker on a refusal.
    :param draws: the discards of the DRAW ids, the last ``len(draws)`` ids of the
        alphabet, as positions of the drawer's cards in ascending card index
        (:func:`~teenpatti_rules.encoding.draw_subsets`); empty without draws.
    :param deck_size: cards in the deck, 52 and the printed jokers (V8).
    :param indicator: a ``wild="joker"`` / ``"hukam"`` table turns up an indicator
        after the hands (V8 W5).
    :param open_flush: tied showdowns play open flushes (V16, ``ties="open_flush"``).
    :param classic_sequences: ``sequence_order="classic"`` (V1; ranks open flushes).
    """

    players: int
    boot: int
    max_blind_bets: int
    pot_limit: int
    stake_limit: int
    show_cost_multiplier: int
    dealer_boots: int = 1
    table_show_after: int = NO_LIMIT
    max_turns: int = NO_LIMIT
    ask_next: bool = False
    hand_size: int = 3
    forced_blinds: int = 0
    bet_sizing: int = SIZING_DOUBLE
    raise_cap: int = 2
    bins: int = 2
    actions: int = 10
    draw_price: int = 0
    max_draws: int = 0
    draws: tuple[tuple[int, ...], ...] = ()
    sideshow_split: bool = False
    deck_size: int = 52
    indicator: bool = False
    open_flush: bool = False
    classic_sequences: bool = False


def kernel_refusal(rules: Rules) -> str | None:
    """Why the compiled kernel does not play ``rules`` (the numpy engine does), or None.

    Today None for every table :func:`table_config` accepts: the kernel plays them
    all as the numpy engine, V8's indicators (W5) and printed jokers, V16's open
    flushes, V17's split sideshows and V20's draws included.
    :class:`~teenpatti_rules.batch.BatchEnv` asks it before picking the kernel, so
    an option the numpy engine plays first can be named here until the kernel does.

    :param rules: rules that :func:`table_config` accepts.
    :returns: ``"Rules.<field>=<value> (<rule ids>)"`` for the first option the kernel
        does not play, or None.
    """
    del rules  # every accepted option is played by the kernel
    return None


def table_config(rules: Rules, players: int) -> TableConfig:
    """Check that the batch engine plays ``rules`` with ``players`` seats.

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :param players: seats per table.
    :returns: the :class:`TableConfig`.
    :raises TypeError: if ``rules`` is not a Rules or ``players`` not an int.
    :raises ValueError: naming the field, for an option the batch engine does not play
        (e.g. ``Rules.bet_sizing='range'``, V3), or
        naming ``players`` if it is outside ``rules.min_players..rules.max_players``
        (R3, V6).
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules record, not {rules!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {players!r}")
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"players must be {rules.min_players} to {rules.max_players} for these rules "
            f"(R3), not {players}"
        )
    if rules.hand_size != 3 and rules.wild in ("lowest", "highest"):
        raise ValueError(
            f"the batch engine does not play Rules.wild={rules.wild!r} with "
            f"Rules.hand_size={rules.hand_size} (V8, V12: the wild rank is the whole "
            "hand's); it plays hand sizes with the other ranking variants"
        )
    default = Rules()
    for field in attrs.fields(Rules):
        if field.name in SUPPORTED_FIELDS:
            continue
        value = getattr(rules, field.name)
        if value != getattr(default, field.name):
            raise ValueError(
                f"the batch engine does not play Rules.{field.name}={value!r}; it plays "
                f"the default table and the options {', '.join(sorted(SUPPORTED_FIELDS))}"
            )

    def limit(value: int | None) -> int:
        return NO_LIMIT if value is None else min(value, NO_LIMIT)

    return TableConfig(
        players=players,
        boot=rules.boot,
        max_blind_bets=limit(rules.max_blind_bets),
        pot_limit=limit(rules.pot_limit),
        stake_limit=limit(rules.stake_limit),
        show_cost_multiplier=rules.show_cost_multiplier,
        dealer_boots=rules.dealer_boots,
        table_show_after=limit(rules.table_show_after),
        max_turns=limit(rules.max_turns),
        ask_next=rules.sideshow_target == "next",
        hand_size=rules.hand_size,
        forced_blinds=FORCED_BLINDS[rules.forced_blinds],
        bet_sizing=BET_SIZINGS[rules.bet_sizing],
        raise_cap=rules.raise_cap,
        bins=sizing_of(rules).bins(DEFAULT_BET_BINS),
        actions=num_actions(rules),
        draw_price=0 if rules.draw_price is None else limit(rules.draw_price),
        max_draws=0 if rules.draw_price is None else limit(rules.max_draws),
        draws=draw_subsets(rules),
        sideshow_split=rules.sideshow_split,
        deck_size=rules.deck_size,
        indicator=rules.has_indicator,
        open_flush=rules.ties == "open_flush",
        classic_sequences=rules.sequence_order == "classic",
    )
