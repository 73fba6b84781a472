"""Automatic players (R44), the random player, and the session driver."""

from __future__ import annotations

import random
from typing import Any

import pytest

import teenpatti_rules as tp
from depth import scaled
from scenario_runner import build_deck
from teenpatti_rules.engine.questions import bet_range
from teenpatti_rules.events import BetMade, BootPosted, HandStarted, Looked, Showdown
from teenpatti_rules.players.rule import HandClass, hand_class

# --- helpers ---------------------------------------------------------------------------


class FixedRandom(random.Random):
    """A Random whose ``random()`` always returns ``value``."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


ALWAYS = FixedRandom(0.0)  # every "one time in n" happens
NEVER = FixedRandom(0.999)  # none does


def deal(state: tp.State, hands: dict[int, str]) -> tp.State:
    deck = build_deck(state, {str(seat): text for seat, text in hands.items()})
    return tp.apply(state, tp.Deal(state.dealer, deck))


def table(stacks: list[int] | None = None, players: int = 3, **rules: Any) -> tp.State:
    """``players`` seats, seat 0 deals, so seat 1 acts first (R19)."""
    names = ["Asha", "Bilal", "Chen", "Dev", "Esi"][:players]
    return tp.new_session(names, tp.Rules(**rules), seed=3, dealer=0, stacks=stacks)


def look_all(state: tp.State) -> tp.State:
    for seat, player in enumerate(state.seats):
        if player.in_hand and not player.seen and not player.all_in:
            state = tp.apply(state, tp.Look(seat))
    return state


def bot(state: tp.State, seat: int, rng: random.Random = NEVER) -> tp.Action | None:
    return tp.choose(tp.view(state, seat), seat, rng)


# --- hand classes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("Js Td 8c", HandClass.WEAK),  # jack-high
        ("5s 3d 2c", HandClass.WEAK),
        ("Qs 3d 2c", HandClass.FAIR),  # queen-high
        ("As Kd Jc", HandClass.FAIR),  # the best high card (R16)
        ("Ks Ad 2h", HandClass.FAIR),  # K-A-2 is no sequence (R14)
        ("2s 2d 3c", HandClass.GOOD),  # the worst pair
        ("5s 3s 2s", HandClass.GOOD),  # the worst color
        ("4s 3d 2c", HandClass.STRONG),  # the worst sequence
        ("As Kd Qh", HandClass.STRONG),
        ("2h 3h 4h", HandClass.STRONG),
        ("7s 7d 7c", HandClass.STRONG),
    ],
)
def test_hand_classes(cards: str, expected: HandClass) -> None:
    assert hand_class(tp.parse_cards(cards)) is expected


def test_hidden_cards_count_as_weak() -> None:
    assert hand_class(()) is HandClass.WEAK


# --- R44: looking, answering, dealing ----------------------------------------------------


def test_looks_first_on_and_off_its_turn() -> None:
    state = deal(table(), {0: "7s 7d 7c", 1: "As Kd Qh", 2: "5s 3d 2c"})
    assert state.actor == 1
    for seat in (0, 1, 2):  # blind, in the hand, not all-in: Look (R22, R44)
        assert bot(state, seat) == tp.Look(seat)
    state = look_all(state)
    assert bot(state, 0) is None and bot(state, 2) is None  # seen, not its turn
    assert bot(state, 1) is not None


def test_an_all_in_seat_has_nothing_to_do() -> None:
    state = deal(table([1, 100, 100]), {0: "7s 7d 7c", 1: "As Kd Qh", 2: "5s 3d 2c"})
    assert state.seats[0].all_in  # posted its whole stack as the boot (R9)
    assert bot(state, 0) is None  # R28: not even a look


def test_deals_only_with_the_button_and_never_after_the_session() -> None:
    state = table()
    assert bot(state, 0) == tp.Deal(0)  # seat 0 holds the button (R5, R6)
    assert bot(state, 1) is None and bot(state, 2) is None
    over = tp.play_session(table(hand_limit=1), tp.choose, random.Random(1))
    assert over.phase is tp.Phase.SESSION_OVER
    assert all(bot(over, seat) is None for seat in range(3))


def sideshow_asked_of_seat_1(hand_of_1: str) -> tp.State:
    """Seat 1 chaals, seat 2 asks its previous player, seat 1, for a sideshow (R30)."""
    state = look_all(deal(table(), {0: "9s 8d 6c", 1: hand_of_1, 2: "Qs Qh 9c"}))
    state = tp.apply(state, tp.Bet(1, 2))
    state = tp.apply(state, tp.SideShow(2, 2))
    assert state.phase is tp.Phase.SIDESHOW and state.actor == 1
    return state


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("2c 2d 3s", tp.AcceptSideShow),  # the worst pair: accept
        ("Ac Jc 4c", tp.AcceptSideShow),  # a color beats a pair: accept
        ("Ac Kd Js", tp.RefuseSideShow),  # the best high card: refuse
    ],
)
def test_answers_a_sideshow_with_a_pair_or_better(hand: str, answer: type) -> None:
    state = sideshow_asked_of_seat_1(hand)
    for rng in (ALWAYS, NEVER):
        assert bot(state, 1, rng) == answer(1)
    assert bot(state, 0) is None  # not asked, already seen


def test_a_blind_seat_looks_while_a_sideshow_is_pending() -> None:
    state = deal(table(), {0: "9s 8d 6c", 1: "2c 2d 3s", 2: "Qs Qh 9c"})
    state = tp.apply(tp.apply(state, tp.Look(1)), tp.Look(2))
    state = tp.apply(state, tp.Bet(1, 2))
    state = tp.apply(state, tp.SideShow(2, 2))
    assert bot(state, 0) == tp.Look(0)  # R22: even during a sideshow


# --- the betting policy --------------------------------------------------------------------


def test_weak_hand_packs_when_a_bet_is_dear_and_bluffs_sometimes_when_cheap() -> None:
    # Stacks after the boot: 99 and 29. The seen minimum bet is 2 (R24).
    state = look_all(deal(table([100, 30, 100]), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Qs Qh 9c"}))
    assert bot(state, 1, ALWAYS) == tp.Pack(1)  # 20 * 2 = 40 > 29
    state = look_all(deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Qs Qh 9c"}))
    assert bot(state, 1, ALWAYS) == tp.Bet(1, 2)  # 40 <= 99: a bluff one time in 3
    assert bot(state, 1, NEVER) == tp.Pack(1)


def test_fair_hand_chaals_while_cheap() -> None:
    state = look_all(deal(table([100, 17, 100]), {0: "9s 8d 6c", 1: "Qs 9d 2c", 2: "Kh Qh 9c"}))
    assert bot(state, 1) == tp.Bet(1, 2)  # stack 16: 8 * 2 <= 16


def test_fair_hand_packs_when_the_chaal_is_dear() -> None:
    state = look_all(deal(table([100, 16, 100]), {0: "9s 8d 6c", 1: "Qs 9d 2c", 2: "Kh Qh 9c"}))
    assert state.seats[1].stack == 15
    assert bot(state, 1) == tp.Pack(1)  # 8 * 2 = 16 > 15


def test_good_hand_asks_for_a_sideshow_or_raises_or_chaals() -> None:
    state = look_all(deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "5c 5d Ah"}))
    state = tp.apply(state, tp.Bet(1, 2))
    assert state.actor == 2
    assert bot(state, 2, ALWAYS) == tp.SideShow(2, 2)  # the minimum chaal (R30)
    assert bot(state, 2, NEVER) == tp.Bet(2, 2)
    # Without a sideshow (its previous player is blind, R30) it raises one time in 4.
    state = deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "5c 5d Ah"})
    state = tp.apply(tp.apply(state, tp.Bet(1, 1)), tp.Look(2))  # seat 1 chaals blind
    assert bot(state, 2, ALWAYS) == tp.Bet(2, 4)  # a raise: 8 * 4 <= 99
    assert bot(state, 2, NEVER) == tp.Bet(2, 2)


def test_good_hand_shows_with_two_left() -> None:
    state = look_all(deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "5c 5d Ah"}))
    state = tp.apply(state, tp.Pack(1))
    assert state.actor == 2
    assert bot(state, 2, ALWAYS) == tp.Show(2)  # R34: costs 2, the seen minimum


def test_good_hand_chaals_when_a_show_is_not_allowed() -> None:
    state = deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "5c 5d Ah"})
    state = tp.apply(state, tp.Pack(1))
    state = tp.apply(state, tp.Look(2))  # seat 0 stays blind: no seen-vs-blind show (R36)
    assert bot(state, 2, ALWAYS) == tp.Bet(2, 2)


def test_fair_hand_shows_heads_up_once_the_pot_is_worth_it() -> None:
    state = look_all(deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Ac 9h 3h"}))
    state = tp.apply(state, tp.Pack(1))
    assert state.pot == 3
    assert bot(state, 2) == tp.Bet(2, 2)  # 2 * 3 < 99: chaal
    state = look_all(deal(table([100, 100, 6]), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Ac 9h 3h"}))
    state = tp.apply(state, tp.Pack(1))
    assert bot(state, 2) == tp.Show(2)  # 2 * 3 >= 5


def test_strong_hand_raises_while_cheap_then_shows_or_chaals() -> None:
    state = look_all(deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Qh Jh Th"}))
    state = tp.apply(state, tp.Bet(1, 2))
    assert bot(state, 2) == tp.Bet(2, 4)  # 4 * 4 <= 99: raise (R24)
    # Stack 14 after the boot: a raise of 4 is too dear (16 > 14), so a chaal with three in.
    state = look_all(deal(table([100, 100, 15]), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Qh Jh Th"}))
    state = tp.apply(state, tp.Bet(1, 2))
    assert bot(state, 2) == tp.Bet(2, 2)
    # ... and a show with two left.
    state = look_all(deal(table([100, 100, 15]), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "Qh Jh Th"}))
    state = tp.apply(state, tp.Pack(1))
    assert bot(state, 2) == tp.Show(2)


def test_short_stack_goes_all_in_with_a_fair_hand_and_packs_a_weak_one() -> None:
    # Stack 1 after the boot; the seen minimum bet is 2: all-in is offered (R26).
    state = look_all(deal(table([100, 2, 100]), {0: "9s 8d 6c", 1: "As 9d 2c", 2: "Qh Jh Th"}))
    assert tp.AllIn(1) in tp.legal_actions(state)
    assert bot(state, 1) == tp.AllIn(1)
    state = look_all(deal(table([100, 2, 100]), {0: "9s 8d 6c", 1: "Ts 9d 2c", 2: "Qh Jh Th"}))
    assert bot(state, 1, ALWAYS) == tp.Pack(1)


def test_decides_from_the_view_only() -> None:
    """The same view gives the same choice, whatever the hidden cards are."""
    a = look_all(deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "5c 5d Ah"}))
    b = look_all(deal(table(), {0: "As Ad Ac", 1: "Js 9d 2c", 2: "Kh Qh Jh"}))
    assert tp.view(a, 1) == tp.view(b, 1)
    for value in (0.0, 0.2, 0.5, 0.999):
        assert bot(a, 1, FixedRandom(value)) == bot(b, 1, FixedRandom(value))


@pytest.mark.parametrize("seat", [True, -1, 3, "1"])
def test_choosers_refuse_what_is_not_a_seat(seat: Any) -> None:
    state = table()
    with pytest.raises(ValueError, match="seat must be a seat number"):
        tp.choose(state, seat, NEVER)
    with pytest.raises(ValueError, match="seat must be a seat number"):
        tp.random_choice(state, seat, NEVER)


# --- many sessions ------------------------------------------------------------------------


def session_rules(rng: random.Random) -> tp.Rules:
    """A table with a hand limit of 5-20 and now and then a variant (V2-V5, V13-V21)."""
    boot = rng.choice([1, 1, 2])
    schedule = rng.choice([None, None, ((1, boot), (6, 2 * boot), (11, 4 * boot))])
    stake_limit = rng.choice([None, None, rng.randint(boot, 16)])
    if schedule is not None and stake_limit is not None and stake_limit < 4 * boot:
        stake_limit = None  # V18: the limit must allow every scheduled boot
    return tp.Rules(
        boot=boot,
        starting_boots=rng.randint(3, 40),
        hand_limit=rng.randint(5, 20),
        max_blind_bets=rng.choice([4, 4, 0, 2, None]),
        pot_limit=rng.choice([None, None, None, rng.randint(10 * boot, 200)]),
        bet_sizing=rng.choice(["double", "double", "range", "no_limit"]),
        stake_limit=stake_limit,
        show_cost_multiplier=rng.choice([1, 1, 2]),
        dealer_boots=rng.choice([1, 1, 2]),
        table_show_after=rng.choice([None, None, 3]),
        max_turns=rng.choice([None, None, 4]),
        ties=rng.choice(["split", "open_flush"]),
        sideshow_target=rng.choice(["previous", "next"]),
        sideshow_split=rng.choice([False, True]),
        sideshow_reveal=rng.choice(["none", "private"]),
        boot_schedule=schedule,
        draw_price=rng.choice([None, None, 1]),
        button=rng.choice(["left", "winner"]),
    )


def bot_session(seed: int) -> set[str]:
    """Play one seeded session of automatic players, checking as it goes; the
    kinds of action played.
    """
    kinds: set[str] = set()
    rng = random.Random(seed)
    players = 3 + seed % 5
    start = tp.new_session([f"P{i}" for i in range(players)], session_rules(rng), seed=seed)
    total = start.total_chips
    hands = 0

    def on_step(action: tp.Action, state: tp.State) -> None:
        nonlocal hands
        kinds.add(type(action).__name__)
        assert state.total_chips == total  # R42
        if state.phase in (tp.Phase.AWAITING_DEAL, tp.Phase.SESSION_OVER):
            hands += 1
            check_everyone_looked(state)

    final = tp.play_session(start, tp.choose, rng, on_step=on_step)
    assert final.phase is tp.Phase.SESSION_OVER
    assert hands == final.hand_number
    limit = start.rules.hand_limit
    assert final.hand_number == limit or sum(s.in_session for s in final.seats) == 1  # R2
    return kinds


@pytest.mark.soak
def test_many_sessions_of_automatic_players() -> None:
    """100 seeded sessions (1,000 under the deep profile) of 3-7 automatic players:
    nothing illegal (apply would raise), chips conserved (R42), every bot looks before
    anything else (R44).
    """
    kinds: set[str] = set()
    for seed in range(scaled(100)):
        kinds |= bot_session(seed)
    every = {"Deal", "Look", "Pack", "Bet", "AllIn", "Show", "SideShow", "Draw"}
    assert kinds == every | {"AcceptSideShow", "RefuseSideShow"}


def check_everyone_looked(state: tp.State) -> None:
    """In a finished hand no bot bet blind, and every seat that could look did so
    before anyone's first betting action (the driver asks everyone after the deal).
    """
    events = state.events
    assert isinstance(events[0], HandStarted)
    assert not any(isinstance(e, BetMade) and e.blind for e in events)
    boots = [e for e in events if isinstance(e, BootPosted)]
    after_boots = events[1 + len(boots) :]
    if isinstance(after_boots[0], Showdown):
        return  # the hand went to a showdown at the deal (R12): nobody acted
    can_look = {e.seat for e in boots if not e.all_in}
    first = after_boots[: len(can_look)]
    assert all(isinstance(e, Looked) for e in first)
    assert {e.seat for e in first if isinstance(e, Looked)} == can_look


def random_session(seed: int) -> None:
    rng = random.Random(seed)
    start = tp.new_session([f"P{i}" for i in range(3 + seed % 5)], session_rules(rng), seed=seed)
    asked: list[tuple[int, int | None]] = []

    def spy(view: tp.State, seat: int, rng: random.Random) -> tp.Action | None:
        assert view.seed is None  # the driver passes views
        action = tp.random_choice(view, seat, rng)
        if action is not None and not isinstance(action, tp.Deal):
            asked.append((seat, view.actor))
            unlisted = (  # V3: a no-limit amount is drawn from bet_range
                isinstance(action, tp.Bet)
                and view.rules.bet_sizing == "no_limit"
                and action.amount in bet_range(view, seat)
            )
            assert action in tp.legal_actions(view) or unlisted
        return action

    final = tp.play_session(start, spy, rng)
    assert final.phase is tp.Phase.SESSION_OVER
    assert asked and all(seat == actor for seat, actor in asked)


@pytest.mark.soak
def test_random_players_finish_sessions_and_only_act_on_their_turn() -> None:
    for seed in range(100):
        random_session(seed)


def test_random_choice_is_none_off_turn() -> None:
    state = deal(table(), {0: "9s 8d 6c", 1: "Js 9d 2c", 2: "5c 5d Ah"})
    assert tp.random_choice(tp.view(state, 2), 2, random.Random(1)) is None
    picks = {tp.random_choice(tp.view(state, 1), 1, random.Random(k)) for k in range(200)}
    assert picks == {a for a in tp.legal_actions(state) if a.seat == 1}
    assert tp.random_choice(table(), 0, random.Random(1)) == tp.Deal(0)
    assert tp.random_choice(table(), 1, random.Random(1)) is None


# --- the driver ---------------------------------------------------------------------------


def test_play_session_calls_on_step_for_every_action() -> None:
    steps: list[tuple[tp.Action, tp.State]] = []
    start = table(hand_limit=2)
    final = tp.play_session(
        start, tp.choose, random.Random(4), on_step=lambda a, s: steps.append((a, s))
    )
    assert steps[-1][1] is final and final.hand_number == 2
    state = start
    for action, after in steps:  # replaying the actions gives the same states
        state = tp.apply(state, action)
        assert state == after
    deals = [action for action, _ in steps if isinstance(action, tp.Deal)]
    assert deals == [tp.Deal(0), tp.Deal(1)]  # the button deals; it moves left (R5)


def test_play_session_takes_a_chooser_per_seat() -> None:
    mixed = {0: tp.choose, 1: tp.random_choice, 2: tp.choose}
    final = tp.play_session(table(hand_limit=3), mixed, random.Random(2))
    assert final.phase is tp.Phase.SESSION_OVER
    with pytest.raises(ValueError, match=r"no player \(chooser\) for seat\(s\) \[2\]"):
        tp.play_session(table(), {0: tp.choose, 1: tp.choose}, random.Random(2))


def test_play_session_refuses_a_player_that_does_nothing_on_its_turn() -> None:
    def idle(view: tp.State, seat: int, rng: random.Random) -> tp.Action | None:
        return None

    with pytest.raises(ValueError, match=r"the player of seat 1 chose nothing on its turn"):
        tp.play_session(table(), idle, random.Random(2))


def test_play_session_lets_an_illegal_choice_raise() -> None:
    def cheat(view: tp.State, seat: int, rng: random.Random) -> tp.Action | None:
        return tp.Bet(seat, 1000) if view.actor == seat else None

    with pytest.raises(tp.IllegalActionError):
        tp.play_session(table(), cheat, random.Random(2))


def test_play_session_needs_the_real_state_to_deal() -> None:
    with pytest.raises(tp.IllegalActionError, match="no seed"):
        tp.play_session(tp.view(table(), None), tp.choose, random.Random(2))
