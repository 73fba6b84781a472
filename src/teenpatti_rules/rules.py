"""Table configuration: :class:`Rules`, frozen and validated when built.

The defaults are the library's default table (R1–R44, the rules pages of the docs).
Every variant (V1–V21) is a further field whose default keeps the default table.

>>> Rules().boot, Rules().starting_boots, Rules().max_blind_bets
(1, 100, 4)
>>> Rules(boot=0)
Traceback (most recent call last):
...
ValueError: Rules.boot must be at least 1, not 0
"""

from __future__ import annotations

import attrs

from . import rule_fields as check
from .hands import ORDERS
from .hands.standard import SequenceOrder
from .limits import (
    MAX_CHIPS,
    check_table_chips,
    exact_int,
)
from .open_tables import check_open_table

__all__ = ["MAX_SEATS", "BetSizing", "Rules", "SequenceOrder"]

MAX_SEATS = 17
"""The most players one 52-card deck can deal three cards each (V6)."""

MAX_SEATS_ANY = 26
"""The most players any table can deal (two cards each from 52, V12)."""


BetSizing = str
"""A name of :data:`teenpatti_rules.sizing.BET_SIZINGS`: ``"double"`` (R24),
``"range"`` or ``"no_limit"`` (V3)."""


def _refused(rules: Rules) -> tuple[str, str] | None:
    """The first pair of fields whose values RULES.md refuses together (V7–V12), or None."""
    wild_fields = [
        name
        for name, on in (
            ("wild_ranks", rules.wild_ranks is not None),
            ("wild", rules.wild is not None),
            ("jokers", rules.jokers != 0),
        )
        if on
    ]
    if len(wild_fields) > 1:  # V8: exactly one of them sets the wild cards
        return wild_fields[0], wild_fields[1]
    if rules.suit_order is not None:  # V7: refused with V8, V9, V10 and hand_size 2
        if wild_fields:
            return "suit_order", wild_fields[0]
        if rules.ranking != "standard":
            return "suit_order", "ranking"
        if rules.hand_size == 2:  # the imagined card is a wild card (V7, V12, W1)
            return "suit_order", "hand_size"
    if wild_fields and rules.ranking != "standard":  # V8: refused with V9, V10
        return wild_fields[0], "ranking"
    if rules.hand_size == 2:  # V8: lowest/highest and printed jokers refused with V12's 2
        if rules.wild in ("lowest", "highest"):
            return "wild", "hand_size"
        if rules.jokers:
            return "jokers", "hand_size"
    if rules.ranking == "999":  # V10: sequences mean nothing, so these never take effect
        if rules.high_235:
            return "high_235", "ranking"
        if rules.sequence_order != "standard":
            return "sequence_order", "ranking"
    if rules.wild_ties != "equal" and not wild_fields and rules.hand_size != 2:
        return "wild_ties", "wild_ranks"  # W4 never takes effect without wild cards
    return None


@attrs.frozen(kw_only=True, cache_hash=True, field_transformer=check.exact_ints)
class Rules:
    """The configuration of a table. All amounts are whole chips.

    :param boot: chips every player posts when a hand is dealt; also the opening
        stake (R9, R11). At least 1.
    :param starting_boots: each player starts with ``boot * starting_boots`` chips
        (R4). At least 1.
    :param min_players: fewest players that may start a session (R3; V6). At
        least 2.
    :param max_players: most players that may start a session (R3; V6). At least
        ``min_players``, at most 17 (:data:`MAX_SEATS`).
    :param max_blind_bets: most blind bets a player may make in a hand (R23), or
        None for no limit (V5). At least 0.
    :param pot_limit: when a bet brings the pot to this many chips, betting stops
        and the hand goes to a showdown (R12, R37, R38); None (default) for no limit.
        At least 1.
    :param hand_limit: the session ends after this many hands (R2, R7, R8); None
        (default) to play until one player remains. At least 1.
    :param sequence_order: ``"standard"`` (R14, default) or ``"classic"`` (V1:
        A-2-3 is the highest sequence, then A-K-Q, K-Q-J, …).
    :param show_cost_multiplier: a show costs this many minimum bets: 1 (R34,
        default) or 2 (V2).
    :param bet_sizing: the name of a bet sizing of
        :data:`teenpatti_rules.sizing.BET_SIZINGS`: ``"double"`` (R24, default:
        the minimum or twice it), ``"range"`` (V3: any whole amount from the minimum
        to ``raise_cap`` times it, seen amounts even) or ``"no_limit"`` (V3: any whole
        amount from the minimum to the whole stack, seen amounts even except a
        whole-stack bet).
    :param raise_cap: the largest bet under ``bet_sizing="range"``, in minimum bets
        (V3); at least 2 (default).
    :param stake_limit: the stake never rises above this many chips; a raise that
        would pass it is not legal (V4). None (default) for no limit. At least
        ``boot``.
    :param suit_order: None (R13, default: suits never break ties), or the four
        suit letters from highest to lowest, e.g. ``"shdc"`` (V7): hands equal by
        R13–R16 are then ordered by the suit of their top card, the first card in
        the hand's name (for a pair, the higher-suited card of the pair; for
        A-2-3, the ace). Two hands from one deck never share that card, so at a
        table no two hands tie.
    :param wild_ranks: None, or distinct rank letters whose cards are all wild, e.g.
        ``"AK47"`` (V8); read case-insensitively and stored upper-case
        (``Rules(wild_ranks="ak47") == Rules(wild_ranks="AK47")``).
    :param wild: None, ``"joker"`` / ``"hukam"`` (the cards of the indicator's rank /
        suit are wild, W5) or ``"lowest"`` / ``"highest"`` (the lowest / highest
        rank of each hand is wild) (V8).
    :param jokers: 0 to 3 printed jokers ``X1``… added to the deck, each wild (V8).
    :param wild_ties: ``"equal"`` (default), ``"natural_wins"`` or
        ``"more_wilds_win"``: how equal hands with different numbers of wild cards
        compare (V8 W4).
    :param ranking: the hand order, by its name in
        :data:`teenpatti_rules.hands.ORDERS`: ``"standard"`` (R13–R16, default),
        ``"muflis"`` (V9, lowball) or ``"999"`` (V10).
    :param high_235: 2-3-5 is the highest sequence (V11).
    :param hand_size: cards dealt to each player, 2 to 5 (V12; default 3).
    :param dealer_boots: the dealer posts this many boots, everyone else one (V13);
        at least 1 (default 1); times the boot (the largest scheduled boot, V18) at
        most :data:`~teenpatti_rules.limits.MAX_CHIPS` chips.
    :param table_show_after: a table show (an ordinary showdown) once every player
        who can still bet has made this many bets since the stake last changed (V14);
        None (default) for none. At least 1.
    :param max_turns: each player may take at most this many betting actions in a
        hand, then a showdown (V15); None (default) for no limit. At least 1.
    :param ties: ``"split"`` (R18, default) or ``"open_flush"`` (V16: tied players of
        a showdown play open flushes from the rest of the deck).
    :param sideshow_target: ``"previous"`` (R30, default) or ``"next"`` (V17: the
        sideshow is asked of the next player).
    :param sideshow_split: True for V17's split sideshow (asker and asked each pay
        half of the chaal); default False.
    :param sideshow_reveal: ``"none"`` (R32, default) or ``"private"`` (V17: the two
        players of an accepted sideshow see each other's cards until the next deal).
    :param boot_schedule: None (default) or the tournament's (first hand, boot)
        pairs, the first ``(1, boot)``, hands increasing (V18), at most
        :data:`~teenpatti_rules.limits.MAX_BOOT_SCHEDULE` pairs, every number an int up
        to :data:`~teenpatti_rules.limits.MAX_CHIPS`. A list of lists is turned into a
        tuple of tuples.
    :param draw_price: chips per card of a ``Draw`` (V20), None (default) for no
        draws. At least 1. Needs ``hand_size`` 3.
    :param max_draws: the most cards a player may draw in a hand, counting every
        draw (V20): any int of at least 1 (default 2; above 3 a player may draw again
        among cards it drew).
    :param button: ``"left"`` (R5, default) or ``"winner"`` (V21: the player who won
        the most chips deals next).
    :param open_table: an open table (S2): a hand needs ``min_players`` playing, the
        session ends only at the hand limit; default False.
    :param max_buy_in: the largest stack to join with or add chips up to (S3, S7);
        None (default): the starting stack (R4). At least ``boot``.
    :param rebuy: players may add chips between hands (S7); default False.
    :param missed_boots: ``"none"`` (default) or ``"one"`` missed boot posted as dead
        chips by a player back from sitting out (S5).
    :param max_sit_out: a player out this many hands in a row leaves at the end of
        the next (S5); None (default) for never. At least 1.
    :param timeouts_to_sit_out: timeouts in a row that sit a player out (S6); default
        2, None for never. At least 1.
    :param forced_blinds: None (default), ``"dealer"`` or ``"small_big"`` (V22).
    :raises ValueError: naming the field and the bad value, for any value outside
        these ranges (every chip count at most
        :data:`~teenpatti_rules.limits.MAX_CHIPS`; under ``bet_sizing="range"`` a
        table of ``min_players`` starting stacks at most
        :data:`~teenpatti_rules.limits.MAX_RANGE_TABLE_CHIPS` chips), or an unknown
        choice; naming both fields for a combination RULES.md refuses (V7 with V8–V10
        and with ``hand_size`` 2, V8 with V9–V10, two wild sources,
        ``lowest``/``highest``/``jokers`` with ``hand_size`` 2) or one in which an
        option could never take effect (RULES.md, Variants: ``high_235`` or a classic
        sequence order with 999, ``wild_ties`` without wild cards, a rank letter twice
        in ``wild_ranks``, a draw table whose ``hand_size`` is not 3); for
        ``max_players`` above :attr:`seat_limit`; and for a combination the table
        variants refuse: a ``boot_schedule`` not starting at ``(1, boot)``, a
        ``stake_limit`` below a scheduled boot; a ``max_buy_in`` below the boot (S3),
        ``rebuy`` with a ``boot_schedule`` (S7), ``forced_blinds`` with
        ``max_blind_bets=0`` (V22). Every text field is stored as a plain ``str`` (a
        ``str`` subclass is converted). As
        :class:`~teenpatti_rules.errors.WrongTypeError` (also a :class:`TypeError`)
        for a bool, float, Fraction, Decimal or str where an int belongs. An int
        subclass (``IntEnum``) or numpy integer is converted to a plain ``int``.
    """

    boot: int = attrs.field(default=1, validator=check.int_at_least(1))
    starting_boots: int = attrs.field(default=100, validator=check.int_at_least(1))
    min_players: int = attrs.field(default=3, validator=check.int_at_least(2))
    max_players: int = attrs.field(default=7, validator=check.int_at_least(2))
    max_blind_bets: int | None = attrs.field(
        default=4, validator=check.int_at_least(0, optional=True)
    )
    pot_limit: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    hand_limit: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    sequence_order: SequenceOrder = attrs.field(
        default="standard", validator=check.one_of("standard", "classic")
    )
    show_cost_multiplier: int = attrs.field(default=1, validator=check.one_of(1, 2))
    bet_sizing: BetSizing = attrs.field(default="double", validator=check.bet_sizing)
    raise_cap: int = attrs.field(default=2, validator=check.int_at_least(2))
    stake_limit: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    suit_order: str | None = attrs.field(default=None, validator=check.suit_order)
    wild_ranks: str | None = attrs.field(
        default=None, converter=check.rank_letters, validator=check.wild_ranks
    )
    wild: str | None = attrs.field(
        default=None, validator=check.one_of(None, "joker", "hukam", "lowest", "highest")
    )
    jokers: int = attrs.field(default=0, validator=check.one_of(0, 1, 2, 3))
    wild_ties: str = attrs.field(
        default="equal", validator=check.one_of("equal", "natural_wins", "more_wilds_win")
    )
    ranking: str = attrs.field(default="standard", validator=check.registered(ORDERS, "hand order"))
    high_235: bool = attrs.field(default=False, validator=check.boolean)
    hand_size: int = attrs.field(default=3, validator=check.one_of(2, 3, 4, 5))
    # Table variants V13-V21 (API.md order).
    dealer_boots: int = attrs.field(default=1, validator=check.int_at_least(1))
    table_show_after: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    max_turns: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    ties: str = attrs.field(default="split", validator=check.one_of("split", "open_flush"))
    sideshow_target: str = attrs.field(
        default="previous", validator=check.one_of("previous", "next")
    )
    sideshow_split: bool = attrs.field(default=False, validator=check.boolean)
    sideshow_reveal: str = attrs.field(default="none", validator=check.one_of("none", "private"))
    boot_schedule: tuple[tuple[int, int], ...] | None = attrs.field(
        default=None, converter=check.pairs, validator=check.schedule
    )
    draw_price: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    max_draws: int = attrs.field(default=2, validator=check.int_at_least(1))
    button: str = attrs.field(default="left", validator=check.one_of("left", "winner"))
    # Open tables S1-S9 and V22 (API.md "Open tables and table servers").
    open_table: bool = attrs.field(default=False, validator=check.boolean)
    max_buy_in: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    rebuy: bool = attrs.field(default=False, validator=check.boolean)
    missed_boots: str = attrs.field(default="none", validator=check.one_of("none", "one"))
    max_sit_out: int | None = attrs.field(
        default=None, validator=check.int_at_least(1, optional=True)
    )
    timeouts_to_sit_out: int | None = attrs.field(
        default=2, validator=check.int_at_least(1, optional=True)
    )
    forced_blinds: str | None = attrs.field(
        default=None, validator=check.one_of(None, "dealer", "small_big")
    )

    def __attrs_post_init__(self) -> None:
        refused = _refused(self)
        if refused == ("wild_ties", "wild_ranks"):
            raise ValueError(
                f"Rules.wild_ties={self.wild_ties!r} needs wild cards: set Rules.wild_ranks, "
                "Rules.wild or Rules.jokers (or Rules.hand_size=2) (RULES.md V8 W4)"
            )
        if refused is not None:
            a, b = refused
            raise ValueError(
                f"Rules.{a}={getattr(self, a)!r} cannot be combined with "
                f"Rules.{b}={getattr(self, b)!r} (RULES.md V7-V12: refused, or it could "
                "never take effect)"
            )
        seats = self.seat_limit
        if self.max_players > seats:
            raise ValueError(
                f"Rules.max_players must be at most {seats} ({self.hand_size} cards each "
                f"from a deck of {self.deck_size}), not {self.max_players}"
            )
        if self.max_players < self.min_players:
            raise ValueError(
                f"Rules.max_players ({self.max_players}) must be at least "
                f"Rules.min_players ({self.min_players})"
            )
        if self.boot * self.starting_boots > MAX_CHIPS:
            raise ValueError(
                f"Rules.boot * Rules.starting_boots must be at most {MAX_CHIPS} chips, "
                f"not {self.boot * self.starting_boots}"
            )
        check_table_chips(self, self.starting_stack * self.min_players)
        if self.stake_limit is not None and self.stake_limit < self.boot:
            raise ValueError(
                f"Rules.stake_limit ({self.stake_limit}) must be at least the boot ({self.boot})"
            )
        self._check_table_variants()

    def _check_table_variants(self) -> None:
        """The combinations V13–V21 refuse (RULES.md: a refused combination is a ValueError)."""
        schedule = self.boot_schedule
        top = self.boot if schedule is None else max(boot for _, boot in schedule)
        if self.dealer_boots * top > MAX_CHIPS:
            raise ValueError(
                f"Rules.dealer_boots * the boot ({self.dealer_boots} * {top}) must be at most "
                f"{MAX_CHIPS} chips (V13)"
            )
        if schedule is not None:
            if schedule[0] != (1, self.boot):
                raise ValueError(
                    f"Rules.boot_schedule must start with (1, boot) = (1, {self.boot}), "
                    f"not {schedule[0]!r} (V18)"
                )
            if self.stake_limit is not None and self.stake_limit < top:
                raise ValueError(
                    f"Rules.stake_limit ({self.stake_limit}) must be at least every boot of "
                    f"Rules.boot_schedule (up to {top}) (V4, V18)"
                )
        if self.draw_price is not None and self.hand_size != 3:
            raise ValueError(
                f"Rules.draw_price needs Rules.hand_size 3, not {self.hand_size}: a draw "
                "is not legal with another hand size, so it could never take effect (V20)"
            )
        check_open_table(self)  # S3, S7, V22

    def boot_of_hand(self, hand_number: int) -> int:
        """The boot (and opening stake) of hand ``hand_number`` (1 for the first): ``boot``,
        or under a ``boot_schedule`` the boot of the last pair starting at or before it (V18).

        :param hand_number: an int, 1 or more (an int subclass or numpy integer is
            converted).
        :returns: the boot in chips.
        :raises ValueError: for a hand number below 1 (hands are numbered from 1).
        :raises ~teenpatti_rules.limits.WrongTypeError: (a :class:`TypeError` and a
            :class:`ValueError`) for a hand number that is not an int (a bool, float,
            str ...).

        >>> Rules(boot_schedule=((1, 1), (11, 2), (21, 5))).boot_of_hand(11)
        2
        """
        number = exact_int(hand_number, "hand_number", low=1, high=None)
        schedule = self.boot_schedule
        if schedule is None:
            return self.boot
        return next(boot for first, boot in reversed(schedule) if first <= number)

    @property
    def leaving_stack(self) -> int:
        """A player whose stack is below this many chips after a hand leaves the session:
        the boot (R7), or 1 under a ``boot_schedule`` (V18: only with 0 chips).
        """
        return self.boot if self.boot_schedule is None else 1

    @property
    def deck_size(self) -> int:
        """Cards in the table's deck: 52 plus the printed jokers (V8)."""
        return 52 + self.jokers

    @property
    def has_indicator(self) -> bool:
        """True when an indicator card is turned up after the deal (V8 W5: joker, hukam)."""
        return self.wild in ("joker", "hukam")

    @property
    def seat_limit(self) -> int:
        """The most players the table can deal: the deck (less the indicator) divided by
        ``hand_size``, rounded down (V6, V12); 17 for the default table.
        """
        return min(MAX_SEATS_ANY, (self.deck_size - self.has_indicator) // self.hand_size)

    @property
    def buy_in_limit(self) -> int:
        """The largest stack a player may join with or add chips up to (S3, S7):
        ``max_buy_in``, or the starting stack (R4) when it is None.
        """
        return self.starting_stack if self.max_buy_in is None else self.max_buy_in

    @property
    def starting_stack(self) -> int:
        """Chips each player starts a session with: ``boot * starting_boots`` (R4)."""
        return self.boot * self.starting_boots
