"""The parameters of the OpenSpiel game ``python_teen_patti`` and what they mean.

Private to :mod:`teenpatti_rules.adapters.openspiel`; it imports neither OpenSpiel nor
the command line (the ``rules`` parameter is read here, as ``teenpatti --rule`` reads
its text).
"""

from __future__ import annotations

import functools
from typing import Any, Final

import attrs

from .. import Card, Rules, State, new_session
from ..cards import table_deck
from ..encoding import num_actions
from ..encoding.alphabet import check_fixed_roster
from ..limits import MAX_BET_BINS, short
from ..presets import PRESETS, find_variant, read_rule_field, rules_with

MAX_PLAYERS: Final = 17
"""The most seats of the game (R3 with V6's largest table)."""

MAX_RULES_TEXT: Final = 1000
"""The longest ``rules`` parameter, in characters."""

MAX_RECALL_FLOATS: Final = 2**20
"""The largest perfect-recall information-state tensor, in float32 values (4 MiB):
``observation_size + rows · (players + num_distinct_actions)``, with ``rows`` =
``max_game_length`` when that fits, else as many as fit (a hand with more decisions
than rows then raises :class:`ValueError` from the tensor; the string form works).
``max_game_length`` counts chips, so it is large on deep tables: 3,400,034 decisions
for 17 players with 1,000-boot stacks of 100-chip boots."""

DEALER_MODES: Final = ("fixed", "random", "rotate")
"""The values of the ``dealer_mode`` parameter."""

DEFAULTS: dict[str, Any] = {
    "players": 3,
    "boot": 1,
    "starting_boots": 10,
    "max_blind_bets": 4,
    "pot_limit": 0,
    "stake_limit": 0,
    "bet_sizing": "double",
    "bet_bins": 5,
    "show_cost_multiplier": 1,
    "sequence_order": "standard",
    "dealer": 0,
    "dealer_mode": "fixed",
    "variant": "default",
    "rules": "",
}
"""The game's parameters and their defaults (OpenSpiel checks each value's type)."""


def _int(params: dict[str, Any], name: str) -> int:
    value = params[name]
    if type(value) is not int:
        raise ValueError(f"parameter {name} must be an int, not {short(value)}")
    return value


def _str(params: dict[str, Any], name: str) -> str:
    value = params[name]
    if not isinstance(value, str):
        raise ValueError(f"parameter {name} must be a str, not {short(value)}")
    return value


def game_rules(params: dict[str, Any]) -> Rules:
    """The core :class:`~teenpatti_rules.rules.Rules` of a parameter dict (one hand).

    :param params: the game parameters (missing ones take the defaults).
    :returns: the rules, with ``hand_limit=1``.
    :raises ValueError: naming a parameter of the wrong type (``players`` given as
        ``"x"``), a bad value or field (from :class:`~teenpatti_rules.rules.Rules`), an
        unknown ``variant``, ``rules`` text that is not ``field=value`` pairs or is longer
        than :data:`~._spiel_config.MAX_RULES_TEXT`; naming ``hand_limit`` if ``rules``
        sets it (one hand per game); a table whose roster can change (``open_table``,
        ``rebuy``, S1–S9).
    """
    p = {**DEFAULTS, **params}
    players = _int(p, "players")
    blind = _int(p, "max_blind_bets")
    base = Rules(
        boot=_int(p, "boot"),
        starting_boots=_int(p, "starting_boots"),
        min_players=min(3, players),
        max_players=max(7, players),
        max_blind_bets=None if blind < 0 else blind,
        pot_limit=_int(p, "pot_limit") or None,
        stake_limit=_int(p, "stake_limit") or None,
        bet_sizing=_str(p, "bet_sizing"),
        show_cost_multiplier=_int(p, "show_cost_multiplier"),
        sequence_order=_str(p, "sequence_order"),  # type: ignore[arg-type]  # Rules checks
        hand_limit=1,
    )
    variant = _str(p, "variant")
    find_variant(variant)  # an unknown name: ValueError listing the names
    fields: dict[str, Any] = dict(PRESETS[variant.strip().lower()].fields)
    text = _str(p, "rules")
    if len(text) > MAX_RULES_TEXT:
        raise ValueError(f"rules: at most {MAX_RULES_TEXT} characters, not {len(text)}")
    for item in text.split(";"):
        if not item.strip():
            continue
        try:
            name, value = read_rule_field(item)
        except ValueError as error:
            raise ValueError(f"rules: {error}") from None
        if name == "hand_limit":
            raise ValueError("rules: Rules.hand_limit is always 1 here (one hand per game)")
        fields[name] = value
    rules = rules_with(base, fields)
    check_fixed_roster(rules)
    return rules


@attrs.frozen
class Config:
    """What a game's parameters mean (computed once per parameter set)."""

    rules: Rules
    num_seats: int
    dealer: int
    dealer_mode: str
    bet_bins: int
    max_decisions: int
    distinct_actions: int
    starts: tuple[State, ...]
    """The new session of each first dealer, by seat."""
    deck: tuple[Card, ...]
    chance_cards: int

    @property
    def start(self) -> State:
        """The new session dealt by seat ``dealer``."""
        return self.starts[self.dealer]


@functools.lru_cache(maxsize=64)
def config(items: tuple[tuple[str, Any], ...]) -> Config:
    """The :class:`Config` of the parameters ``items`` (sorted ``(name, value)`` pairs).

    :raises ValueError: as :func:`game_rules`, or naming ``players``, ``dealer``,
        ``dealer_mode`` or ``bet_bins``.
    """
    given = {**DEFAULTS, **dict(items)}
    n = _int(given, "players")
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"parameter players must be 2..{MAX_PLAYERS}, not {n}")
    rules = game_rules(given)
    dealer = _int(given, "dealer")
    if not 0 <= dealer < n:
        raise ValueError(f"parameter dealer must be a seat 0..{n - 1}, not {dealer}")
    mode = _str(given, "dealer_mode")
    if mode not in DEALER_MODES:
        raise ValueError(f"parameter dealer_mode must be one of {DEALER_MODES}, not {short(mode)}")
    bet_bins = _int(given, "bet_bins")
    if not 2 <= bet_bins <= MAX_BET_BINS:
        raise ValueError(
            f"parameter bet_bins must be 2..{MAX_BET_BINS} (limits.MAX_BET_BINS), not {bet_bins}"
        )
    names = [f"P{seat}" for seat in range(n)]
    return Config(
        rules=rules,
        num_seats=n,
        dealer=dealer,
        dealer_mode=mode,
        bet_bins=bet_bins,
        max_decisions=2 * n * rules.starting_stack + 2 * n,
        distinct_actions=num_actions(rules, bet_bins=bet_bins),
        starts=tuple(new_session(names, rules, seed=0, dealer=seat) for seat in range(n)),
        deck=table_deck(rules.jokers),
        chance_cards=chance_cards(rules, n),
    )


def chance_cards(rules: Rules, n: int) -> int:
    """How many cards the chance nodes deal: the hands, the indicator (W5) and, on a
    draw table, enough of the rest of the deck for every draw (V20).
    """
    cards = rules.hand_size * n
    if rules.wild in ("joker", "hukam"):
        cards += 1
    if rules.draw_price is not None:
        cards += min(rules.max_draws, 3) * n
    return cards
