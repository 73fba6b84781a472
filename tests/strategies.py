"""Hypothesis strategies shared by the property tests: random tables and random play."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

import teenpatti_rules as tp
from teenpatti_rules.presets import TOURNAMENT_SCHEDULE

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
"""Valid ranking-variant tables (V7-V12) the property tests draw from."""


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


def variants(boot: int) -> st.SearchStrategy[dict[str, Any]]:
    """Mostly the default table; sometimes variants V1-V4, V7 (V5 is max_blind_bets),
    the table variants V13-V21 (every option of each), a ranking variant of V8-V12,
    or a ranking variant with table variants."""
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


def _combined(pair: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """A ranking variant with table variants, minus what Rules refuses together: a suit
    order beside V8-V10 (V7), a draw beside hand_size other than 3 (V20)."""
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


@st.composite
def tables(draw: st.DrawFn, *, hand_limit: bool = True) -> tp.State:
    """A new session: 3-7 players, small unequal stacks, random boot and limits."""
    players = draw(st.integers(3, 7))
    boot = draw(st.integers(1, 3))
    rules = tp.Rules(
        boot=boot,
        starting_boots=draw(st.integers(1, 12)),
        max_blind_bets=draw(st.none() | st.integers(0, 4)),
        pot_limit=draw(st.none() | st.integers(boot * players, 80)),
        hand_limit=draw(st.none() | st.integers(1, 8)) if hand_limit else None,
        **draw(variants(boot)),
    )
    stacks = draw(st.lists(st.integers(boot, boot * 12), min_size=players, max_size=players))
    return tp.new_session(
        [f"P{i}" for i in range(players)],
        rules,
        seed=draw(st.integers(0, 2**32)),
        dealer=draw(st.none() | st.integers(0, players - 1)),
        stacks=stacks,
    )


def actions(
    seats: st.SearchStrategy[int],
    amounts: st.SearchStrategy[int],
    decks: st.SearchStrategy[tuple[tp.Card, ...]] | None = None,
) -> st.SearchStrategy[tp.Action]:
    """Actions of every kind (legal or not) from ``seats``, bets of ``amounts``;
    with ``decks``, deals with explicit decks too."""
    kinds: list[st.SearchStrategy[tp.Action]] = [
        st.builds(tp.Deal, seats),
        st.builds(tp.Look, seats),
        st.builds(tp.Pack, seats),
        st.builds(tp.AllIn, seats),
        st.builds(tp.Show, seats),
        st.builds(tp.Bet, seats, amounts),
        st.builds(tp.SideShow, seats, amounts),
        st.builds(tp.AcceptSideShow, seats),
        st.builds(tp.RefuseSideShow, seats),
        st.builds(
            tp.Join, seats, st.sampled_from(["Dev", " P0 ", "", "A\u200bB"]), st.none() | amounts
        ),
        st.builds(tp.Leave, seats),
        st.builds(tp.SitOut, seats),
        st.builds(tp.SitIn, seats),
        st.builds(tp.Timeout, seats),
        st.builds(tp.AddChips, seats, amounts),
        st.builds(
            tp.Draw,
            seats,
            st.lists(st.sampled_from(tp.standard_deck()), min_size=0, max_size=3).map(tuple),
        ),
    ]
    if decks is not None:
        kinds.append(st.builds(tp.Deal, seats, decks))
    return st.one_of(kinds)


def random_action(rng: random.Random, state: tp.State) -> tp.Action:
    """A legal action, mostly the actor's, looks now and then."""
    actions = tp.legal_actions(state)
    turn = [a for a in actions if not isinstance(a, tp.Look)]
    if turn and rng.random() < 0.8:
        return rng.choice(turn)
    return rng.choice(actions)


def play_session(seed: int, state: tp.State, max_steps: int = 100_000) -> list[tp.State]:
    """Every state of a session played to its end by :func:`random_action`."""
    rng = random.Random(seed)
    states = [state]
    for _ in range(max_steps):
        if state.phase is tp.Phase.SESSION_OVER:
            return states
        state = tp.apply(state, random_action(rng, state))
        states.append(state)
    raise AssertionError(f"session did not end in {max_steps} steps")


def table_action(rng: random.Random, state: tp.State) -> tp.Action | None:
    """A random open-table action (S3–S7) that is legal now, or None: a join into a
    free chair between hands, a leave, a sit-out or sit-in, a timeout of the actor, or
    added chips (up to the buy-in limit)."""
    seats = range(len(state.seats))
    choices: list[tp.Action] = []
    for seat in seats:
        choices += [a for a in tp.legal_actions(state, seat) if not isinstance(a, tp.Look)]
        if not state.seats[seat].in_session:
            stack = rng.choice([None, state.rules.boot, state.rules.buy_in_limit])
            choices.append(tp.Join(seat, f"J{state.hand_number}x{seat}", stack))
    choices = [a for a in choices if isinstance(a, TABLE_ACTIONS)]
    if state.actor is not None:
        choices.append(tp.Timeout(state.actor))
    choices = [a for a in choices if tp.is_legal(state, a)]
    if not choices:
        return None
    action = rng.choice(choices)
    if isinstance(action, tp.AddChips):
        return tp.AddChips(action.seat, rng.randint(1, action.amount))
    return action


TABLE_ACTIONS = (tp.Join, tp.Leave, tp.SitOut, tp.SitIn, tp.Timeout, tp.AddChips)


def open_table_action(rng: random.Random, state: tp.State, chance: float = 0.1) -> tp.Action:
    """A legal action on an open table: an open-table action (:func:`table_action`) now
    and then, else one of :func:`random_action`; while the table waits (S2), the
    open-table actions only."""
    if state.phase is tp.Phase.WAITING or rng.random() < chance:
        action = table_action(rng, state)
        if action is not None:
            return action
    if state.phase is tp.Phase.WAITING:
        raise AssertionError("the table waits and no action is legal")
    return random_action(rng, state)


def open_tables(*, hand_limit: int = 8) -> st.SearchStrategy[tp.State]:
    """A new open-table session (S1–S9, V22): chairs 3-6, some empty, every new option
    drawn."""

    @st.composite
    def build(draw: st.DrawFn) -> tp.State:
        chairs = draw(st.integers(3, 6))
        boot = draw(st.integers(1, 2))
        rules = tp.Rules(
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
        return tp.new_session(names, rules, seed=draw(st.integers(0, 2**32)))

    return build()


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
"""Tables with one Rules field changed (with the companions it needs): every field of
Rules at least once with :data:`WAITING_CASES`, for the tests of the adapters and the
batch engine (issue 13)."""

WAITING_CASES: tuple[dict[str, Any], ...] = ({"open_table": True, "hand_limit": 20},)
"""Tables that may wait for players to join (S2): a table played by automatic players
alone cannot go on once one busts, so the adapter and batch tests leave them out."""
