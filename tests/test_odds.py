"""Tests of teenpatti_rules.odds: equity, percentile, category_odds (R13-R18, V1, V7-V12)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest

from teenpatti_rules import CARDS, Card, Rules, compare_hands, parse_cards
from teenpatti_rules.hands import ORDERS
from teenpatti_rules.hands.standard import StandardOrder
from teenpatti_rules.odds import (
    DEFAULT_SAMPLES,
    Equity,
    category_odds,
    equity,
    percentile,
)

CLASSIC = Rules(sequence_order="classic")
SUITS = Rules(suit_order="shdc")
TABLES = [None, CLASSIC, SUITS]

# A sample of hands: trails, sequences both ways, colors, pairs, equal high cards,
# the best (A-A-A) and the worst (5-3-2 not one suit, R16).
HANDS = [
    "As Ad Ac",
    "2s 2d 2c",
    "Ah 2h 3h",
    "As Kd Qh",
    "4c 3d 2h",
    "Ks Js 9s",
    "Qh Qd 5c",
    "2h 2d 3c",
    "Ah Kd Jc",
    "Kh 9c 4d",
    "5h 3d 2c",
]


def brute_force(hand: str, rules: Rules | None, dead: str = "") -> tuple[int, int, int]:
    """(wins, ties, losses) of ``hand`` against every opponent hand from the unseen cards."""
    mine = parse_cards(hand)
    known = set(mine) | set(parse_cards(dead))
    unseen = [card for card in CARDS if card not in known]
    counts = [0, 0, 0]
    for other in itertools.combinations(unseen, 3):
        counts[1 - compare_hands(mine, other, rules)] += 1
    return counts[0], counts[1], counts[2]


@pytest.mark.soak
@pytest.mark.parametrize("rules", TABLES, ids=["default", "classic", "suit_order"])
@pytest.mark.parametrize("hand", HANDS)
def test_one_opponent_exact_equals_brute_force(hand: str, rules: Rules | None) -> None:
    e = equity(hand, 1, rules)
    wins, ties, losses = brute_force(hand, rules)
    n = wins + ties + losses
    assert n == math.comb(49, 3) == e.samples
    assert e.method == "exact" and e.stderr == 0.0 and e.opponents == 1
    assert (e.win, e.tie, e.lose) == (wins / n, ties / n, losses / n)
    assert e.pot_share == pytest.approx((wins + ties / 2) / n)
    assert e.win + e.tie + e.lose == pytest.approx(1.0)


def test_one_opponent_with_dead_cards_equals_brute_force() -> None:
    dead = "Ac Ad Kc Kd 7h 7s"
    for hand in ("As Kh Qh", "Qs Qd 2c", "Jh 9c 4d"):
        e = equity(hand, 1, dead=dead)
        wins, ties, losses = brute_force(hand, None, dead)
        n = wins + ties + losses
        assert n == math.comb(43, 3) == e.samples
        assert (e.win, e.tie, e.lose) == (wins / n, ties / n, losses / n)


def test_equal_high_cards_tie_and_suits_break_them_under_v7() -> None:
    # Kh 9c 4d ties with each K-9-4 high card of other suits: the opponent needs a K, a 9
    # and a 4 from the 3 of each rank left, not all one suit (only Ks 9s 4s is, a
    # color): 27 - 1 = 26 of the 18,424 opponent hands (R13, R15).
    e = equity("Kh 9c 4d", 1)
    assert e.tie * 18424 == pytest.approx(26)
    # Under V7 no two hands from one deck are equal (the top card's suit decides).
    assert equity("Kh 9c 4d", 1, SUITS).tie == 0.0


def test_trail_ties_only_with_itself() -> None:
    # A trail of twos ties with no hand: the fourth two cannot make another trail of twos.
    e = equity("2s 2d 2c", 1)
    assert e.tie == 0.0
    # It beats every hand that is not a trail; of the 18,424 opponent hands, the
    # trails are 12 ranks * 4 = 48 (R13, R15), and all of them beat it.
    assert e.lose * 18424 == pytest.approx(48)


def brute_force_two(hand: str, dead: str) -> tuple[int, int, int, float]:
    mine = parse_cards(hand)
    known = set(mine) | set(parse_cards(dead))
    unseen = [card for card in CARDS if card not in known]
    w = t = lose = 0
    share = 0.0
    for a in itertools.combinations(unseen, 3):
        rest = [card for card in unseen if card not in a]
        for b in itertools.combinations(rest, 3):
            ca, cb = compare_hands(mine, a), compare_hands(mine, b)
            if ca > 0 and cb > 0:
                w += 1
                share += 1
            elif ca >= 0 and cb >= 0:
                t += 1
                share += 1 / (1 + (ca == 0) + (cb == 0))
            else:
                lose += 1
    return w, t, lose, share


@pytest.mark.soak
def test_two_opponents_exact_equals_brute_force() -> None:
    # Leave 14 cards unseen so that brute force over ordered pairs of hands is quick.
    keep = parse_cards("As Ad Kh Kc Qs Jd Th 9c 5s 5d 5h 4c 3d 2h")
    for hand in ("Ah Ac 7d", "Ks Qd Jh", "8s 8d 8h"):
        mine = parse_cards(hand)
        dead = " ".join(str(c) for c in CARDS if c not in keep and c not in mine)
        e = equity(hand, 2, dead=dead)
        w, t, lose, share = brute_force_two(hand, dead)
        n = w + t + lose
        assert e.method == "exact" and e.samples == n == 364 * 165
        assert (e.win, e.tie, e.lose) == pytest.approx((w / n, t / n, lose / n))
        assert e.pot_share == pytest.approx(share / n)


@pytest.mark.soak
def test_two_opponents_with_ties_equals_brute_force() -> None:
    # Three K-9-4 high cards of other suits are among the unseen cards: two-way and
    # three-way ties happen.
    keep = parse_cards("Ks Kc Kd 9s 9d 9h 4s 4c 4h 2c 3c 7d Jh 8s")
    hand = "Kh 9c 4d"
    mine = parse_cards(hand)
    dead = " ".join(str(c) for c in CARDS if c not in keep and c not in mine)
    e = equity(hand, 2, dead=dead)
    w, t, lose, share = brute_force_two(hand, dead)
    n = w + t + lose
    assert t > 0
    assert (e.win, e.tie, e.lose) == pytest.approx((w / n, t / n, lose / n))
    assert e.pot_share == pytest.approx(share / n)


def test_best_hand_never_loses_and_worst_never_wins() -> None:
    for opponents in (1, 2, 5):
        best = equity("As Ad Ac", opponents)
        assert best.lose == 0.0 and best.win == 1.0
    worst = equity("5h 3d 2c", 1)
    assert worst.win == 0.0
    # It ties with every other 5-3-2 not all one suit: from the unseen 5s 5d 5c, 3s 3h
    # 3c and 2s 2d 2h, 3 * 3 * 3 = 27 hands, less the one all spades (a color): 26.
    assert worst.tie * 18424 == pytest.approx(26)
    assert worst.lose * 18424 == pytest.approx(18424 - 26)


@pytest.mark.parametrize("opponents", [1, 2])
@pytest.mark.parametrize("hand", ["As Kd Qh", "Qh Qd 5c", "Kh 9c 4d", "7s 5s 2s"])
def test_monte_carlo_within_four_standard_errors(hand: str, opponents: int) -> None:
    exact = equity(hand, opponents)
    mc = equity(hand, opponents, samples=40_000, seed=11)
    assert mc.method == "monte_carlo" and mc.samples == 40_000 and mc.stderr > 0
    for name in ("win", "tie", "lose"):
        p = getattr(exact, name)
        se = math.sqrt(max(p * (1 - p), 1e-12) / mc.samples)
        assert abs(getattr(mc, name) - p) <= 4 * se + 1e-12, name
    assert mc.win + mc.tie + mc.lose == pytest.approx(1.0)


def test_monte_carlo_is_seeded_and_many_opponents() -> None:
    a = equity("Jh Jd 2c", 5, seed=3, samples=5_000)
    assert a == equity("Jh Jd 2c", 5, seed=3, samples=5_000)
    assert a != equity("Jh Jd 2c", 5, seed=4, samples=5_000)
    default = equity("Jh Jd 2c", 3)
    assert default.method == "monte_carlo" and default.samples == DEFAULT_SAMPLES
    most = equity("Jh Jd 2c", 16, samples=1_000)
    assert most.opponents == 16 and most.win + most.tie + most.lose == pytest.approx(1.0)


def test_more_opponents_lower_the_win_chance() -> None:
    wins = [equity("Ts Td 4c", k, samples=20_000, seed=1).win for k in (1, 2, 3, 6)]
    assert wins == sorted(wins, reverse=True)


def test_percentile_by_hand() -> None:
    total = 22100
    # A-A-A: every hand but the four trails of aces (R13, R15).
    assert percentile("As Ad Ac") == (total - 4) / total
    # The worst hand beats nothing (R16).
    assert percentile("5h 3d 2c") == 0.0
    # The best high card, A-K-J not one suit, beats every other high card:
    # 16,440 high cards less the 4*4*4 - 4 = 60 A-K-J ones (R16, R17).
    assert percentile("Ah Kd Jc") == (16440 - 60) / total
    # The lowest pair, 2-2-3, beats exactly the 16,440 high cards.
    assert percentile("2h 2d 3c") == 16440 / total
    # The lowest trail, 2-2-2, beats every hand but the 52 trails (R17).
    assert percentile("2s 2d 2c") == (total - 52) / total
    # Under V1 A-2-3 is the best sequence: it beats every high card, pair, color and
    # every other sequence: 16,440 + 3,744 + 1,096 + (720 - 60) hands.
    assert percentile("Ah 2d 3c", CLASSIC) == (16440 + 3744 + 1096 + 660) / total
    assert percentile("Ah 2d 3c") == (16440 + 3744 + 1096 + 660 - 60) / total


def test_category_odds_is_r17() -> None:
    rows = category_odds()
    assert [(row.category.words, row.count) for row in rows] == [
        ("trail", 52),
        ("pure sequence", 48),
        ("sequence", 720),
        ("color", 1096),
        ("pair", 3744),
        ("high card", 16440),
    ]
    assert all(row.total == 22100 for row in rows)
    assert sum(row.fraction for row in rows) == 1
    assert rows[0].fraction == Fraction(52, 22100)
    assert rows[0].probability == pytest.approx(52 / 22100)
    # The sequence order (V1) and a suit order (V7) change no category's count.
    assert [row.count for row in category_odds(CLASSIC)] == [row.count for row in rows]
    assert [row.count for row in category_odds(SUITS)] == [row.count for row in rows]


def test_equity_record() -> None:
    e = equity("As Kd Qh", 1)
    assert isinstance(e, Equity)
    with pytest.raises(AttributeError):
        e.win = 0.5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"hand": "As Kd"}, ValueError, "hand must be 3 cards"),
        ({"hand": "As Kd Qh Jc"}, ValueError, "hand must be 3 cards"),
        ({"hand": "As As Qh"}, ValueError, "hand holds As twice"),
        ({"hand": "As Kd Zz"}, ValueError, "hand"),
        ({"hand": 5}, TypeError, "hand must be cards"),
        ({"hand": ["As", "Kd", "Qh"]}, TypeError, "hand must hold Cards"),
        ({"dead": "Kd"}, ValueError, "dead holds Kd, which is in hand"),
        ({"dead": "2c 2c"}, ValueError, "dead holds 2c twice"),
        ({"opponents": 0}, ValueError, "opponents must be 1 to 16"),
        ({"opponents": 17}, ValueError, "opponents must be 1 to 16"),
        ({"opponents": True}, TypeError, "opponents must be an int"),
        ({"opponents": 2.0}, TypeError, "opponents must be an int"),
        ({"samples": 10}, ValueError, "samples must be 100 to 10000000"),
        ({"samples": 10**8}, ValueError, "samples must be"),
        ({"samples": "many"}, TypeError, "samples must be an int"),
        ({"seed": -1}, ValueError, "seed must be"),
        ({"seed": 1.5}, TypeError, "seed must be an int"),
        ({"indicator": Card.parse("2c")}, ValueError, "indicator must be None"),
        ({"rules": "default"}, TypeError, "rules must be a Rules"),
    ],
)
def test_bad_arguments_name_the_parameter(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    args: dict[str, object] = {"hand": "As Kd Qh", "opponents": 1}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        equity(**args)  # type: ignore[arg-type]


def test_opponents_limited_by_dead_cards() -> None:
    dead = " ".join(str(c) for c in CARDS[:40] if str(c) not in ("As", "Kd", "Qh"))
    # 52 - 3 - 40 = 9 unseen cards deal three opponents at most.
    assert equity("As Kd Qh", 3, dead=dead, samples=100).opponents == 3
    with pytest.raises(ValueError, match="opponents must be"):
        equity("As Kd Qh", 4, dead=dead)


def test_percentile_and_category_odds_check_arguments() -> None:
    with pytest.raises(ValueError, match="hand must be 3 cards"):
        percentile("As Kd")
    with pytest.raises(TypeError, match="rules must be a Rules"):
        category_odds("default")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="indicator must be None"):
        category_odds(indicator=Card.parse("As"))


# --- a ranking variant plugged in through the hand-order registry -----------------------


@attrs.frozen
class ReversedOrder(StandardOrder):
    """A lowball order for the test (as Muflis, V9): R13-R16 reversed."""

    name: ClassVar[str] = "test-lowball"
    low: ClassVar[bool] = True

    def key(self, cards: tuple[Card, Card, Card]) -> tuple[int, ...]:
        return tuple(-x for x in super().key(cards))

    def category(self, key: tuple[int, ...]) -> int:
        return -key[0]


@pytest.fixture
def lowball(monkeypatch: pytest.MonkeyPatch) -> Rules:
    monkeypatch.setitem(ORDERS, "test-lowball", lambda rules: ReversedOrder(rules.sequence_order))
    return Rules(ranking="test-lowball")


@pytest.mark.soak
def test_odds_follow_a_registered_ranking_variant(lowball: Rules) -> None:
    # Reversed, the worst hand of R16 is the best and A-A-A the worst.
    assert equity("5h 3d 2c", 1, lowball).lose == 0.0
    assert equity("As Ad Ac", 1, lowball).win == 0.0
    for hand in ("5h 3d 2c", "Kh 9c 4d", "Qh Qd 5c", "As Kd Qh"):
        e = equity(hand, 1, lowball)
        wins, ties, losses = brute_force(hand, lowball)
        assert (e.win, e.tie, e.lose) == (wins / 18424, ties / 18424, losses / 18424)
    # 5-3-2 not one suit beats every hand but the 60 equal to it.
    assert percentile("5h 3d 2c", lowball) == (22100 - 60) / 22100
    assert percentile("As Ad Ac", lowball) == 0.0
    # Categories keep their counts (R17) whatever the order; the best category first (V9).
    assert [row.count for row in category_odds(lowball)] == [16440, 3744, 1096, 720, 48, 52]


# --- the ranking variants V8-V12 -------------------------------------------------------

VARIANT_TABLES = [
    (Rules(wild_ranks="AK47"), None, ["4s 7d 9c", "As Kd 2c", "Qs Jd 9h", "5h 3d 2c"]),
    (Rules(wild="joker"), "7c", ["7s 7h Ad", "7d Ks 2c", "Qs Jd 9h"]),
    (Rules(wild="hukam"), "7c", ["2c 9d Kh", "As Ad 3h", "Qs Jd 9h"]),
    (Rules(ranking="muflis"), None, ["5h 3d 2c", "As Ad Ac", "Kh 9c 4d"]),
    (Rules(ranking="999"), None, ["9s 9d Kc", "Ts Jd Qh", "4s 5h 9c"]),
    (Rules(high_235=True), None, ["2s 3d 5c", "As Kd Qh"]),
    (Rules(jokers=2), None, ["X1 As 2d", "X1 X2 7c", "Ks Kd 4c"]),
    (Rules(wild="lowest"), None, ["2s 7d Kc", "As Ad 3c"]),
]


@pytest.mark.soak
@pytest.mark.parametrize(("rules", "turned", "hands"), VARIANT_TABLES)
def test_one_opponent_exact_equals_brute_force_under_ranking_variants(
    rules: Rules, turned: str | None, hands: list[str]
) -> None:
    """V8-V11: every opponent hand from the unseen cards of the table's deck (the printed
    jokers included, the indicator excluded, W5), compared by compare_hands."""
    from teenpatti_rules.cards import table_deck

    indicator = None if turned is None else Card.parse(turned)
    for hand in hands:
        mine = parse_cards(hand)
        unseen = [c for c in table_deck(rules.jokers) if c not in mine and c != indicator]
        counts = [0, 0, 0]
        for other in itertools.combinations(unseen, 3):
            counts[1 - compare_hands(mine, other, rules, indicator=indicator)] += 1
        n = sum(counts)
        e = equity(hand, 1, rules, indicator=indicator)
        assert e.method == "exact" and e.samples == n
        assert (e.win, e.tie, e.lose) == (counts[0] / n, counts[1] / n, counts[2] / n)


def test_two_card_hands_against_every_opponent() -> None:
    rules = Rules(hand_size=2)  # V12: the best imagined third card
    mine = parse_cards("As Ad")
    unseen = [c for c in CARDS if c not in mine]
    counts = [0, 0, 0]
    for other in itertools.combinations(unseen, 2):
        counts[1 - compare_hands(mine, other, rules)] += 1
    n = sum(counts)
    e = equity("As Ad", 1, rules)
    assert (e.win, e.tie, e.lose) == (counts[0] / n, counts[1] / n, counts[2] / n)
    assert e.lose == 0.0  # A-A with an imagined ace is a trail of aces: never beaten


def test_lowest_or_highest_wild_with_more_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="wild rank depends on the whole hand"):
        equity("As Kd Qh 2c", 1, Rules(wild="lowest", hand_size=4))


# --- hands of four cards (V12) ---------------------------------------------------------


def best_of(cards: tuple[Card, ...]) -> tuple[Card, Card, Card]:
    """The strongest three of ``cards`` (V12: the left-over card never breaks ties)."""
    best = max(
        itertools.combinations(cards, 3),
        key=compare_key,
    )
    return best[0], best[1], best[2]


def compare_key(three: tuple[Card, ...]) -> int:
    from teenpatti_rules import evaluate

    return evaluate(three).strength


def test_four_card_hands_are_their_best_three() -> None:
    rules = Rules(hand_size=4)
    # Leave 16 cards unseen so that brute force over C(16, 4) = 1,820 hands is quick.
    keep = parse_cards("As Ad Kh Kc Qs Jd Th 9c 5s 5d 5h 4c 3d 2h 7s 7c")
    for hand in ("Ah Ac 7d 2c", "Ks Qd Jh 2s", "8s 8d 8h 3c"):
        mine = parse_cards(hand)
        dead = " ".join(str(c) for c in CARDS if c not in keep and c not in mine)
        e = equity(hand, 1, rules, dead=dead)
        counts = [0, 0, 0]
        for other in itertools.combinations(keep, 4):
            counts[1 - compare_hands(best_of(mine), best_of(other))] += 1
        n = sum(counts)
        assert e.samples == n == math.comb(16, 4)
        assert (e.win, e.tie, e.lose) == (counts[0] / n, counts[1] / n, counts[2] / n)
        mc = equity(hand, 3, rules, dead=dead, samples=4_000, seed=2)
        assert mc.method == "monte_carlo" and mc.win + mc.tie + mc.lose == pytest.approx(1)
    # Four cards of one rank make a trail whatever the fourth; A-A-A-x is the best.
    assert equity("As Ad Ac Ah", 1, rules).win == 1.0
    with pytest.raises(ValueError, match="hand must be 4 cards on this table, not 3"):
        equity("As Kd Qh", 1, rules)


def test_without_numpy_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match="pip install numpy"):
        equity("As Kd Qh", 1, Rules(boot=2))  # a table whose odds are not cached yet
