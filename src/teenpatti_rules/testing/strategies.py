"""Hypothesis strategies for Teen Patti: cards, hands, tables, sessions, states, actions.

Every strategy draws only values the library accepts (valid :class:`~teenpatti_rules.rules.Rules`,
sessions that :func:`~teenpatti_rules.state.new_session` builds, states reached by
legal play), except :func:`actions` and :func:`illegal_actions_in`, which are for
poking a table with what it must refuse. Sizes (how many examples) come from the
caller's hypothesis settings profile; nothing here overrides them.

>>> from hypothesis import given
>>> from teenpatti_rules import evaluate
>>> @given(hands())
... def test_every_hand_has_a_category(hand):
...     assert evaluate(hand).category is not None
>>> test_every_hand_has_a_category()
"""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs
from hypothesis import strategies as st

from ..actions import ACTION_TYPES, TABLE_ACTION_TYPES, Action, AddChips, Join, Look, Timeout
from ..cards import Card, table_deck
from ..engine import apply, is_legal, legal_actions
from ..presets import PRESETS, TOURNAMENT_SCHEDULE, find_variant
from ..rules import Rules
from ..state import Phase, State, new_session

__all__ = [
    "FIELD_CASES",
    "NAMES",
    "RANKING_VARIANTS",
    "TABLE_ACTIONS",
    "WAITING_CASES",
    "actions",
    "cards",
    "hands",
    "illegal_actions_in",
    "legal_actions_in",
    "open_table_action",
    "open_tables",
    "play_session",
    "random_action",
    "rules",
    "sessions",
    "states",
    "table_action",
    "variants",
]

NAMES: tuple[str, ...] = ("Dev", "Asha", "Bilal Khan", "Zoë", "Chen 陈", "O'Neil")
"""Player names a table accepts (S1: normalised, printable, distinct), for joins."""

RANKING_VARIANTS: tuple[dict[str, Any], ...] = (
    {"wild_ranks": "AK47"},
    {"wild_ranks": "JQ23", "wild_ties": "natural_wins"},
    {"wild": "joker"},
    {"wild": "hukam", "wild_ties": "more_wilds_win"},
    {"wild": "lowest"},
    {"wild": "highest"},
    {"jokers": 2},
    {"jokers": 3, "hand_size": 4},
    {"ranking": "muflis"},
    {"ranking": "muflis", "sequence_order": "classic", "hand_size": 5},
    {"ranking": "999"},
    {"high_235": True},
    {"hand_size": 2},
    {"hand_size": 4, "suit_order": "shdc"},
    {"hand_size": 5, "wild": "joker"},
)
"""Valid :class:`~teenpatti_rules.rules.Rules` fields of the ranking variants (V7–V12):
wild cards (V8, W1–W6), Muflis (V9), 999 (V10), 2-3-5 high (V11), hand sizes (V12)."""

FIELD_CASES: tuple[dict[str, Any], ...] = (
    {"boot": 2},
    {"starting_boots": 20},
    {"min_players": 2},
    {"max_players": 4},
    {"max_blind_bets": None},
    {"max_blind_bets": 0},
    {"pot_limit": 30},
    {"hand_limit": 3},
    {"sequence_order": "classic"},
    {"show_cost_multiplier": 2},
    {"bet_sizing": "range", "raise_cap": 3},
    {"bet_sizing": "no_limit"},
    {"bet_sizing": "no_limit", "stake_limit": 6},
    {"stake_limit": 5},
    {"suit_order": "sdch"},
    {"wild_ranks": "AK47"},
    {"wild": "joker", "wild_ties": "natural_wins"},
    {"wild": "hukam", "wild_ties": "more_wilds_win"},
    {"wild": "lowest"},
    {"wild": "highest"},
    {"jokers": 3},
    {"ranking": "muflis"},
    {"ranking": "999"},
    {"high_235": True},
    {"hand_size": 2},
    {"hand_size": 4},
    {"hand_size": 5, "wild": "joker"},
    {"dealer_boots": 2},
    {"table_show_after": 2},
    {"max_turns": 3},
    {"ties": "open_flush"},
    {"sideshow_target": "next"},
    {"sideshow_split": True},
    {"sideshow_reveal": "private"},
    {"boot_schedule": TOURNAMENT_SCHEDULE},
    {"draw_price": 1, "max_draws": 3},
    {"draw_price": 2, "bet_sizing": "no_limit"},
    {"button": "winner"},
    {"max_buy_in": 150},
    {"rebuy": True},
    {"missed_boots": "one"},
    {"max_sit_out": 2},
    {"timeouts_to_sit_out": None},
    {"forced_blinds": "dealer"},
    {"forced_blinds": "small_big"},
)
"""Tables with one :class:`~teenpatti_rules.rules.Rules` field changed from the default
(with the companions it needs): every field at least once, for tests that run each
option once rather than at random (V1–V21)."""


def cards(jokers: int = 0) -> st.SearchStrategy[Card]:
    """Any card of a table's deck.

    :param jokers: printed jokers in the deck, 0 to 3 (V8 ``Rules.jokers``).
    :returns: a strategy of :class:`~teenpatti_rules.cards.Card` (R1, V8).
    :raises ValueError: for a joker count the deck refuses.
    """
    return st.sampled_from(table_deck(jokers))


def hands(
    rules: Rules | None = None, *, indicator: Card | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand for the table ``rules``: ``rules.hand_size`` distinct cards of its deck.

    :param rules: the table; None for the default (three cards of 52, R6).
    :param indicator: a card turned up as the wild indicator (V8 W5), never in a hand.
    :returns: a strategy of card tuples that :func:`~teenpatti_rules.ranking.evaluate`
        accepts for that table (R13–R17, V8–V12).
    """
    table = Rules() if rules is None else rules
    deck = [card for card in table_deck(table.jokers) if card != indicator]
    size = table.hand_size
    return st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True).map(tuple)


def _schedule(boot: int) -> st.SearchStrategy[tuple[tuple[int, int], ...]]:
    """A V18 boot schedule starting at (1, boot), rising now and then."""
    steps = st.lists(st.tuples(st.integers(1, 3), st.integers(0, 2)), max_size=3)

    def build(pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        schedule = [(1, boot)]
        for gap, rise in pairs:
            first, last = schedule[-1]
            schedule.append((first + gap, last + rise))
        return tuple(schedule)

    return steps.map(build)


def _fit(fields: dict[str, Any]) -> dict[str, Any]:
    """Drop a stake limit below a scheduled boot (a combination Rules refuses, V18)."""
    schedule = fields.get("boot_schedule")
    limit = fields.get("stake_limit")
    if schedule and limit is not None and limit < max(b for _, b in schedule):
        fields = {k: v for k, v in fields.items() if k != "stake_limit"}
    return fields


def _combined(pair: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """A ranking variant with table variants, minus what Rules refuses together: a suit
    order beside V8-V10 (V7), a draw beside hand_size other than 3 (V20).
    """
    ranking, table = pair
    fields = {**table, **ranking}
    if "suit_order" in table and "suit_order" not in ranking:
        del fields["suit_order"]
    if fields.get("ranking") == "999":
        fields.pop("sequence_order", None)  # V10: sequences mean nothing there
    if fields.get("hand_size", 3) != 3:
        fields.pop("draw_price", None)
        fields.pop("max_draws", None)
    return fields


def variants(boot: int = 1) -> st.SearchStrategy[dict[str, Any]]:
    """:class:`~teenpatti_rules.rules.Rules` fields of a variant table, as a dict.

    Mostly the default table ``{}``; sometimes the variants V1–V4 and V7, the table
    variants V13–V21 (every option of each), a ranking variant of V8–V12, or a ranking
    variant with table variants. Every combination drawn is one ``Rules`` accepts.

    :param boot: the table's boot in chips (R9): stake limits and boot schedules fit it.
    :returns: a strategy of field dicts (pass them as ``Rules(boot=boot, **fields)``).
    """
    table_options = st.fixed_dictionaries(
        {},
        optional={
            "sequence_order": st.sampled_from(["standard", "classic"]),
            "show_cost_multiplier": st.sampled_from([1, 2]),
            "bet_sizing": st.sampled_from(["double", "range", "no_limit"]),
            "raise_cap": st.integers(2, 4),
            "stake_limit": st.integers(boot, boot * 8),
            "suit_order": st.permutations("shdc").map("".join),
            "dealer_boots": st.integers(1, 3),
            "table_show_after": st.integers(1, 3),
            "max_turns": st.integers(1, 4),
            "ties": st.sampled_from(["split", "open_flush"]),
            "sideshow_target": st.sampled_from(["previous", "next"]),
            "sideshow_split": st.booleans(),
            "sideshow_reveal": st.sampled_from(["none", "private"]),
            "boot_schedule": _schedule(boot),
            "draw_price": st.integers(1, 3),
            "max_draws": st.integers(1, 3),
            "button": st.sampled_from(["left", "winner"]),
        },
    ).map(_fit)
    with_ranking = st.tuples(st.sampled_from(RANKING_VARIANTS), table_options).map(_combined)
    return st.one_of(st.just({}), st.sampled_from(RANKING_VARIANTS), table_options, with_ranking)


@st.composite
def _random_rules(draw: st.DrawFn, players: int, hand_limit: bool) -> Rules:
    """Rules with a small boot and stacks for ``players`` seats, and random variants."""
    boot = draw(st.integers(1, 3))
    return Rules(
        boot=boot,
        starting_boots=draw(st.integers(1, 12)),
        max_blind_bets=draw(st.none() | st.integers(0, 4)),
        pot_limit=draw(st.none() | st.integers(boot * players, 80)),
        hand_limit=draw(st.none() | st.integers(1, 8)) if hand_limit else None,
        **draw(variants(boot)),
    )


def rules(*, presets: bool = True) -> st.SearchStrategy[Rules]:
    """A valid :class:`~teenpatti_rules.rules.Rules`: any variant (V1–V21) and valid
    combination of them, with small boots and limits (R9, R37, V5), or a named table.

    :param presets: also draw the named tables of
        :data:`~teenpatti_rules.presets.PRESETS` (``find_variant``).
    :returns: a strategy of ``Rules`` that every function of the library accepts.
    """
    drawn = st.integers(3, 7).flatmap(lambda n: _random_rules(n, True))
    if not presets:
        return drawn
    return st.one_of(drawn, st.sampled_from(sorted(PRESETS)).map(find_variant))


@st.composite
def sessions(draw: st.DrawFn, table: Rules | None = None, *, hand_limit: bool = True) -> State:
    """A new session (no hand dealt): 3–7 players, small unequal stacks, any dealer.

    :param table: the rules to play; None draws them (random boot, limits and
        variants as :func:`rules` without presets, so that sessions stay short).
    :param hand_limit: whether a drawn table may have a ``hand_limit`` (R2).
    :returns: a strategy of :class:`~teenpatti_rules.state.State` as
        :func:`~teenpatti_rules.state.new_session` returns them (R1–R5).
    """
    low = 3 if table is None else max(3, table.min_players)
    high = 7 if table is None else max(low, min(7, table.max_players))
    players = draw(st.integers(low, high))
    table = draw(_random_rules(players, hand_limit)) if table is None else table
    boot = table.boot
    stacks = draw(st.lists(st.integers(boot, boot * 12), min_size=players, max_size=players))
    return new_session(
        [f"P{i}" for i in range(players)],
        table,
        seed=draw(st.integers(0, 2**32)),
        dealer=draw(st.none() | st.integers(0, players - 1)),
        stacks=stacks,
    )


@st.composite
def states(
    draw: st.DrawFn, start: st.SearchStrategy[State] | None = None, *, max_steps: int = 60
) -> State:
    """A state reached from a new session by up to ``max_steps`` legal actions.

    :param start: where play starts; None for :func:`sessions`.
    :param max_steps: the most actions applied (fewer if the session ends, R2).
    :returns: a strategy of states the engine built (every one passes
        :func:`~teenpatti_rules.engine.invariants.check`).
    """
    state = draw(sessions() if start is None else start)
    for _ in range(draw(st.integers(0, max_steps))):
        listed = legal_actions(state)
        if not listed:
            break
        state = apply(state, draw(st.sampled_from(listed)))
    return state


def legal_actions_in(state: State) -> st.SearchStrategy[Action]:
    """An action :func:`~teenpatti_rules.engine.legal_actions` lists for ``state``.

    :param state: a state with at least one legal action (not a session's end).
    :returns: a strategy of actions that :func:`~teenpatti_rules.engine.apply` accepts.
    :raises ValueError: if ``state`` has no legal action (phase SESSION_OVER).
    """
    listed = legal_actions(state)
    if not listed:
        raise ValueError("legal_actions_in: no action is legal in this state (the session is over)")
    return st.sampled_from(listed)


def illegal_actions_in(state: State) -> st.SearchStrategy[Action]:
    """An action of any kind that :func:`~teenpatti_rules.engine.apply` must refuse in
    ``state`` (``is_legal`` is False): a wrong seat (-1 or past the table), out of turn,
    a bet below the stake or past the stack, a deck or draw the rules refuse (R19–R36).

    :param state: any state.
    :returns: a strategy of illegal actions.
    """
    return _any_action(len(state.seats)).filter(lambda action: not is_legal(state, action))


@functools.lru_cache(maxsize=16)
def _any_action(seats: int) -> st.SearchStrategy[Action]:
    """Actions of every kind from seats -1..``seats``, built once per table size.

    Deferred, so that :func:`illegal_actions_in`'s filter (a new one for each state)
    wraps this one strategy: on the bare ``one_of`` hypothesis pushes a filter into
    every branch and builds each ``builds`` strategy again, about ten times the cost
    of a draw.
    """
    return st.deferred(lambda: actions(st.integers(-1, seats), st.integers(-1, 40), _decks()))


def _decks() -> st.SearchStrategy[tuple[Card, ...]]:
    """Short explicit decks, usually too short or repeating a card."""
    return st.lists(st.sampled_from(table_deck(0)), max_size=12).map(tuple)


def actions(
    seats: st.SearchStrategy[int],
    amounts: st.SearchStrategy[int] | None = None,
    decks: st.SearchStrategy[tuple[Card, ...]] | None = None,
) -> st.SearchStrategy[Action]:
    """Actions of every kind of the :data:`~teenpatti_rules.actions.Action` union, legal
    or not: a field ``seat`` from ``seats``, ``amount`` from ``amounts``, ``cards``
    (V20 draws) of 0–3 cards, ``deck`` from ``decks`` or None, a joining player's
    ``name`` from :data:`NAMES` and ``stack`` from ``amounts`` or None (S3); any other
    field from its type. A new action class is drawn as soon as it joins the union.

    :param seats: the seat numbers to use.
    :param amounts: the chip amounts to use; None for -1..40.
    :param decks: explicit decks for ``Deal``; None deals from the seed only.
    :returns: a strategy of actions.
    """
    amounts = st.integers(-1, 40) if amounts is None else amounts
    by_name: dict[str, st.SearchStrategy[Any]] = {
        "seat": seats,
        "amount": amounts,
        "name": st.sampled_from(NAMES),
        "stack": st.none() | amounts,
        "cards": st.lists(st.sampled_from(table_deck(0)), max_size=3).map(tuple),
        "deck": st.none() if decks is None else st.none() | decks,
    }
    kinds: list[st.SearchStrategy[Action]] = []
    for kind in ACTION_TYPES:
        fields = {
            field.name: by_name[field.name]
            if field.name in by_name
            else st.from_type(_field_type(field))
            for field in attrs.fields(kind)
        }
        kinds.append(st.builds(kind, **fields))
    return st.one_of(kinds)


def _field_type(field: attrs.Attribute[Any]) -> Any:
    """The type of an action's field, for ``st.from_type`` (strings resolved)."""
    if isinstance(field.type, str):
        return {"int": int, "bool": bool, "str": str}.get(field.type, object)
    return field.type if field.type is not None else object


def random_action(rng: random.Random, state: State) -> Action:
    """A legal action chosen by ``rng``: the actor's four times in five, looks now and then.

    :param rng: the random source.
    :param state: a state with at least one legal action.
    :returns: an action of :func:`~teenpatti_rules.engine.legal_actions`.
    :raises IndexError: if no action is legal (the session is over).
    """
    listed = legal_actions(state)
    turn = [a for a in listed if not isinstance(a, Look)]
    if turn and rng.random() < 0.8:
        return rng.choice(turn)
    return rng.choice(listed)


def play_session(seed: int, state: State, max_steps: int = 100_000) -> list[State]:
    """Every state of a session played to its end by :func:`random_action`.

    :param seed: seeds the ``random.Random`` that chooses the actions.
    :param state: where play starts.
    :param max_steps: the most actions to apply.
    :returns: the states, ``state`` first, one of phase SESSION_OVER last (R2) — or,
        on a table that waits for players with no action left to its seats (S2: an
        open table nobody joins), that WAITING state last.
    :raises AssertionError: if the session has not ended after ``max_steps`` actions.
    """
    rng = random.Random(seed)
    played = [state]
    for _ in range(max_steps):
        if state.phase is Phase.SESSION_OVER or not legal_actions(state):
            return played
        state = apply(state, random_action(rng, state))
        played.append(state)
    raise AssertionError(f"session did not end in {max_steps} steps")


WAITING_CASES: tuple[dict[str, Any], ...] = ({"open_table": True, "hand_limit": 20},)
"""Tables that may wait for players to join (S2): a table played by automatic players
alone cannot go on once one busts, so the adapter and batch tests leave them out."""


def table_action(rng: random.Random, state: State) -> Action | None:
    """A random open-table action (S3–S7) that is legal now, or None: a join into a
    free chair between hands, a leave, a sit-out or sit-in, a timeout of the actor, or
    added chips (up to the buy-in limit).
    """
    seats = range(len(state.seats))
    choices: list[Action] = []
    for seat in seats:
        choices += [a for a in legal_actions(state, seat) if not isinstance(a, Look)]
        if not state.seats[seat].in_session:
            stack = rng.choice([None, state.rules.boot, state.rules.buy_in_limit])
            choices.append(Join(seat, f"J{state.hand_number}x{seat}", stack))
    choices = [a for a in choices if isinstance(a, TABLE_ACTIONS)]
    if state.actor is not None:
        choices.append(Timeout(state.actor))
    choices = [a for a in choices if is_legal(state, a)]
    if not choices:
        return None
    action = rng.choice(choices)
    if isinstance(action, AddChips):
        return AddChips(action.seat, rng.randint(1, action.amount))
    return action


TABLE_ACTIONS = TABLE_ACTION_TYPES  #: the open-table action classes (S3–S7)


def open_table_action(rng: random.Random, state: State, chance: float = 0.1) -> Action:
    """A legal action on an open table: an open-table action (:func:`table_action`) now
    and then, else one of :func:`random_action`; while the table waits (S2), the
    open-table actions only.
    """
    if state.phase is Phase.WAITING or rng.random() < chance:
        action = table_action(rng, state)
        if action is not None:
            return action
    if state.phase is Phase.WAITING:
        raise AssertionError("the table waits and no action is legal")
    return random_action(rng, state)


def open_tables(*, hand_limit: int = 8) -> st.SearchStrategy[State]:
    """A new open-table session (S1–S9, V22): chairs 3-6, some empty, every new option
    drawn.
    """

    @st.composite
    def build(draw: st.DrawFn) -> State:
        chairs = draw(st.integers(3, 6))
        boot = draw(st.integers(1, 2))
        rules = Rules(
            boot=boot,
            starting_boots=draw(st.integers(2, 10)),
            min_players=draw(st.integers(2, 3)),
            hand_limit=hand_limit,
            open_table=draw(st.booleans()),
            max_buy_in=draw(st.none() | st.integers(boot, boot * 15)),
            rebuy=draw(st.booleans()),
            missed_boots=draw(st.sampled_from(["none", "one"])),
            max_sit_out=draw(st.none() | st.integers(1, 3)),
            timeouts_to_sit_out=draw(st.none() | st.integers(1, 3)),
            forced_blinds=draw(st.sampled_from([None, "dealer", "small_big"])),
            max_blind_bets=draw(st.none() | st.integers(1, 4)),
            sideshow_target=draw(st.sampled_from(["previous", "next"])),
            pot_limit=draw(st.none() | st.integers(boot * 6, 60)),
        )
        filled = draw(st.lists(st.booleans(), min_size=chairs, max_size=chairs))
        names = [f"P{i}" if on else None for i, on in enumerate(filled)]
        return new_session(names, rules, seed=draw(st.integers(0, 2**32)))

    return build()
