"""Every wild form and hand size ranks hands as an independent brute force does.

The reference here is written from RULES.md alone (R13-R16, V1, V8 W1-W4, V9-V12),
never from the library's tables: a natural three-card hand gets a sort key from the
text of R13-R16, and a hand with wild cards is worth the best key over every way of
letting its wild cards stand for distinct cards of the 52 (W1, W2), the best three of
four or five cards (V12), a two-card hand with one imagined wild card (V12). For
random pairs of hands the three orders agree: the brute force, ``compare_hands``
and the order of the :class:`HandRank` values (issue 20, rule defect 1: lowest /
highest with four or five cards ordered hands of different wild ranks wrongly).
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from teenpatti_rules import CARDS, Card, Rules, compare_hands, evaluate
from teenpatti_rules.cards import table_deck
from teenpatti_rules.hands import hand_order
from teenpatti_rules.hands.wild import rank_table, wild_set, wild_table
from teenpatti_rules.ranking import percentile

# ---------------------------------------------------------------- the reference


def _rank(card: Card) -> int:
    return int(card.rank)  # 2..14, ace high


def _sequence_value(ranks: list[int], classic: bool, high_235: bool) -> int | None:
    """R14, V1, V11: the place of a sequence among sequences (higher is better), or
    None for three ranks that are not a sequence."""
    low, middle, high = sorted(ranks)
    if high_235 and (low, middle, high) == (2, 3, 5):
        return 20  # V11: above A-K-Q and A-2-3 whatever the order
    if (low, middle, high) == (2, 3, 14):
        return 16 if classic else 15  # A-2-3: second (R14), first (V1)
    if middle == low + 1 and high == middle + 1:
        if high == 14:
            return 15 if classic else 16  # A-K-Q: first (R14), second (V1)
        return high  # K-Q-J 13 ... 4-3-2 4: sequences do not wrap (R14)
    return None


def _standard_key(hand: tuple[Card, Card, Card], classic: bool, high_235: bool) -> tuple[int, ...]:
    """R13-R16 (with V1, V11): category first, then R15's order within it."""
    ranks = sorted((_rank(c) for c in hand), reverse=True)
    suited = len({c.suit for c in hand}) == 1
    if ranks[0] == ranks[2]:
        return (5, ranks[0])  # trail
    sequence = _sequence_value(ranks, classic, high_235)
    if sequence is not None:
        return (4 if suited else 3, sequence)  # pure sequence / sequence
    if suited:
        return (2, *ranks)  # color
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (1, pair, kicker)  # pair, then kicker
    return (0, *ranks)  # high card


def _nines_key(hand: tuple[Card, Card, Card]) -> tuple[int, ...]:
    """V10: ace 1, two to nine their pips, ten to king 0; digits descending."""
    digits = sorted(((_rank(c) if _rank(c) < 10 else 0) if _rank(c) != 14 else 1) for c in hand)
    return (digits[2] * 100 + digits[1] * 10 + digits[0],)


def _key(hand: tuple[Card, Card, Card], ranking: str, classic: bool, high_235: bool) -> Any:
    if ranking == "999":
        return _nines_key(hand)
    key = _standard_key(hand, classic, high_235)
    # V9: the whole order reversed (every key of one category has the same length)
    return tuple(-x for x in key) if ranking == "muflis" else key


@functools.cache
def _best_completion(naturals: frozenset[Card], order: tuple[str, bool, bool]) -> Any:
    """W1, W2: the best key over every three distinct cards of the 52 that hold the
    natural cards; the wild cards stand for the others (themselves included)."""
    others = [c for c in CARDS if c not in naturals]
    best = None
    for rest in itertools.combinations(others, 3 - len(naturals)):
        key = _key((*naturals, *rest), *order)  # type: ignore[arg-type]
        if best is None or key > best:
            best = key
    return best


def _wild_cards(hand: tuple[Card, ...], rules: Rules, indicator: Card | None) -> set[Card]:
    """V8: which cards of ``hand`` are wild."""
    if rules.wild_ranks is not None:
        return {c for c in hand if c.rank.char in rules.wild_ranks.upper()}
    if rules.wild == "joker":
        assert indicator is not None
        return {c for c in hand if c.rank == indicator.rank}
    if rules.wild == "hukam":
        assert indicator is not None
        return {c for c in hand if c.suit == indicator.suit}
    if rules.wild in ("lowest", "highest"):
        pick = min if rules.wild == "lowest" else max
        chosen = pick(_rank(c) for c in hand)  # of the whole hand, not of three cards
        return {c for c in hand if _rank(c) == chosen}
    return {c for c in hand if c.is_joker}


def brute_force(hand: tuple[Card, ...], rules: Rules, indicator: Card | None = None) -> Any:
    """The worth of ``hand`` under ``rules``: (best key, W4 wild-count term)."""
    order = (rules.ranking, rules.sequence_order == "classic", rules.high_235)
    sign = {"equal": 0, "natural_wins": -1, "more_wilds_win": 1}[rules.wild_ties]
    wild = _wild_cards(hand, rules, indicator)
    if len(hand) == 2:  # V12: one imagined card, any card not in the hand: a wild card
        naturals = frozenset(c for c in hand if c not in wild)
        return (_best_completion(naturals, order), sign * (len(wild) + 1))
    best = None
    for three in itertools.combinations(hand, 3):
        naturals = frozenset(c for c in three if c not in wild)
        worth = (_best_completion(naturals, order), sign * (3 - len(naturals)))
        if best is None or worth > best:
            best = worth
    return best


# ---------------------------------------------------------------- the tables

WILD_FORMS: dict[str, dict[str, Any]] = {
    "none": {},
    "wild_ranks": {"wild_ranks": "AK47"},
    "joker": {"wild": "joker"},
    "hukam": {"wild": "hukam"},
    "lowest": {"wild": "lowest"},
    "highest": {"wild": "highest"},
    "jokers=1": {"jokers": 1},
    "jokers=2": {"jokers": 2},
    "jokers=3": {"jokers": 3},
}


def _table(form: str, hand_size: int, **extra: Any) -> Rules | None:
    """The Rules of a wild form and hand size, or None for a pair RULES.md refuses."""
    try:
        return Rules(hand_size=hand_size, **WILD_FORMS[form], **extra)
    except ValueError:
        return None


FORMS_BY_SIZE = [
    (form, size)
    for form in WILD_FORMS
    for size in (2, 3, 4, 5)
    if _table(form, size, min_players=2, max_players=2) is not None
]


def _agree(rules: Rules, rng: random.Random, pairs: int) -> None:
    indicator = rng.choice(CARDS) if rules.has_indicator else None
    deck = [c for c in table_deck(rules.jokers) if c != indicator]
    for _ in range(pairs):
        a = tuple(rng.sample(deck, rules.hand_size))
        b = tuple(rng.sample(deck, rules.hand_size))
        x, y = brute_force(a, rules, indicator), brute_force(b, rules, indicator)
        expected = (x > y) - (x < y)
        compared = compare_hands(a, b, rules, indicator=indicator)
        ra, rb = evaluate(a, rules, indicator=indicator), evaluate(b, rules, indicator=indicator)
        shown = f"{' '.join(map(str, a))} ({ra}) vs {' '.join(map(str, b))} ({rb}) under {rules}"
        assert compared == expected, shown
        assert ((ra > rb) - (ra < rb)) == expected, shown
        assert (ra == rb) == (expected == 0), shown


def test_every_wild_form_and_hand_size_is_covered() -> None:
    # V8 refuses lowest / highest and printed jokers with two cards (V12): 9 forms x 4
    # sizes less those 5 pairs
    assert len(FORMS_BY_SIZE) == 9 * 4 - 5


@pytest.mark.soak
@pytest.mark.parametrize(("form", "hand_size"), FORMS_BY_SIZE)
@pytest.mark.parametrize("ties", ["equal", "natural_wins", "more_wilds_win"])
def test_compare_hands_and_hand_rank_order_are_the_brute_force(
    form: str, hand_size: int, ties: str
) -> None:
    rules = _table(form, hand_size, wild_ties=ties)
    if rules is None:  # W4 without wild cards is refused
        assert form == "none" and hand_size != 2 and ties != "equal"
        return
    _agree(rules, random.Random(f"{form}:{hand_size}:{ties}"), pairs=25)


MIXED_TABLES = [
    Rules(wild="lowest", hand_size=4, sequence_order="classic", wild_ties="natural_wins"),
    Rules(wild="highest", hand_size=5, high_235=True, wild_ties="more_wilds_win"),
    Rules(jokers=2, hand_size=4, sequence_order="classic"),
    Rules(wild="joker", hand_size=5, wild_ties="natural_wins", high_235=True),
    Rules(wild="hukam", sequence_order="classic", wild_ties="more_wilds_win"),
    Rules(wild_ranks="JQ23", hand_size=2, high_235=True, wild_ties="natural_wins"),
]
"""Wild forms with the sequence variants (V1, V11) and W4's options, a few tables so
that each is built once."""


@pytest.mark.soak
@given(rules=st.sampled_from(MIXED_TABLES), seed=st.integers(0, 2**32))
def test_random_hands_of_mixed_wild_tables_agree_with_the_brute_force(
    rules: Rules, seed: int
) -> None:
    _agree(rules, random.Random(seed), pairs=3)


@pytest.mark.parametrize("ranking", ["muflis", "999"])
@pytest.mark.parametrize("hand_size", [2, 3, 4, 5])
def test_other_orders_with_every_hand_size_agree_with_the_brute_force(
    ranking: str, hand_size: int
) -> None:
    # V9, V10 with V12 (the imagined card of two cards is the one wild card they allow)
    rules = Rules(ranking=ranking, hand_size=hand_size)
    _agree(rules, random.Random(f"{ranking}:{hand_size}"), pairs=25)


def test_the_reference_itself_on_hands_worked_by_hand() -> None:
    # the brute force is checked on values worked from RULES.md, so that it cannot
    # simply agree with itself
    def worth(text: str, **fields: Any) -> Any:
        return brute_force(tuple(Card.parse(w) for w in text.split()), Rules(**fields))

    assert worth("Ah Kh Qh") == ((4, 16), 0)  # A-K-Q pure sequence, the best (R14)
    assert worth("Ah 2h 3h", sequence_order="classic") == ((4, 16), 0)  # V1
    assert worth("4c Ac 2s", wild_ranks="2")[0] == (2, 14, 13, 4)  # W2: color A-K-4
    assert worth("9s 9h 4c", wild_ranks="AK47")[0] == (5, 9)  # W3 trail of nines
    assert worth("2d Kd Jc Js", wild="highest", hand_size=4)[0] == (5, 11)  # V12
    assert worth("As 6c 3d Ad", wild="highest", hand_size=4)[0] == (5, 6)  # W3
    assert worth("7s 6d", hand_size=2)[0] == (3, 8)  # imagined 8 (or 5): 8-7-6
    assert worth("7s 6d", hand_size=2, ranking="999")[0] == (976,)  # imagined 9
    assert worth("X1 X2 5c", jokers=2, wild_ties="natural_wins") == ((5, 5), -2)


@pytest.mark.parametrize(
    ("wild", "worked"),
    [
        ("lowest", "pair of nines, five kicker (2c wild)"),  # V8: the 2 stands for a 9
        ("highest", "pair of fives, two kicker (9h wild)"),  # V8: the 9 stands for a 5
    ],
)
def test_a_lowest_or_highest_table_built_afresh_is_the_one_in_use(wild: str, worked: str) -> None:
    # V8, three cards: the table is built once a process (cached), by whichever test
    # asks first; here it is built again without the cache and must be the one in use,
    # which the brute force above checks hand by hand. 2c 5d 9h has no sequence (R14)
    # nor color (R15) whatever the wild card stands for: its best is a pair (R16).
    rules = Rules(wild=wild)
    wilds = wild_set(rules, None)
    assert wilds is not None
    fresh = wild_table.__wrapped__(hand_order(rules), wilds)
    assert fresh.ranks == rank_table(rules).ranks
    assert str(evaluate("2c 5d 9h", rules)) == worked


@pytest.mark.parametrize("wild", ["lowest", "highest"])
@pytest.mark.parametrize("hand_size", [4, 5])
def test_percentiles_of_wild_rank_tables_follow_the_order(wild: str, hand_size: int) -> None:
    # V8 with V12: strengths of hands of different wild ranks are on one scale, so a
    # stronger hand never has a lower percentile
    rules = Rules(wild=wild, hand_size=hand_size)
    rng = random.Random(f"percentile:{wild}:{hand_size}")
    hands = [tuple(rng.sample(CARDS, hand_size)) for _ in range(60)]
    ranked = sorted(hands, key=lambda hand: evaluate(hand, rules).strength)
    shares = [percentile(evaluate(hand, rules).strength, rules) for hand in ranked]
    assert shares == sorted(shares)
    assert all(0.0 <= share < 1.0 for share in shares)
