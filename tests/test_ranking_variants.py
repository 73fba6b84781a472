"""Ranking variants V7-V12 with W1-W6: vectors, enumeration counts, properties.

Expected values are worked out from RULES.md (and the issue's independently worked
counts), never copied from the code's output.
"""

from __future__ import annotations

import csv
import itertools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import teenpatti_rules as tp
from depth import scaled
from teenpatti_rules.cards import CARDS, Card, Rank, table_deck
from teenpatti_rules.hands.order import hand_table
from teenpatti_rules.hands.wild import rank_table
from teenpatti_rules.io.codec import converter
from teenpatti_rules.ranking import (
    HandCategory,
    HandRank,
    best_three,
    categories_many,
    compare_hands,
    evaluate,
    evaluate_many,
    hand_percentile,
    percentile,
)
from teenpatti_rules.rules import Rules

DATA = Path(__file__).parent / "data" / "variant-vectors.csv"
ROWS = list(csv.DictReader(DATA.open()))
OUTCOME = {"A wins": 1, "B wins": -1, "tie": 0}
ORDER = ("TRAIL", "PURE_SEQUENCE", "SEQUENCE", "COLOR", "PAIR", "HIGH_CARD")
SEVEN_C = Card.parse("7c")


# --- the shared vectors -------------------------------------------------------------------


def test_vectors_are_all_there() -> None:
    assert len(ROWS) == 79


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_variant_vector(row: dict[str, str]) -> None:
    rules = Rules(**json.loads(row["rules"]))
    indicator = row["indicator"] or None
    got = compare_hands(row["hand_a"], row["hand_b"], rules, indicator=indicator)
    assert got == OUTCOME[row["expected"]], row
    back = compare_hands(row["hand_b"], row["hand_a"], rules, indicator=indicator)
    assert back == -got


# --- enumeration counts (the independently worked numbers) -----------------------


def _counts(
    rules: Rules, deck: tuple[Card, ...] = CARDS, indicator: Card | None = None, size: int = 3
) -> tuple[list[int], int, int]:
    by_category: Counter[str] = Counter()
    strengths: set[int] = set()
    for hand in itertools.combinations(deck, size):
        if indicator is not None and indicator in hand:
            continue
        rank = evaluate(hand, rules, indicator=indicator)
        by_category[rank.category.name] += 1
        strengths.add(rank.strength)
    return [by_category[name] for name in ORDER], len(strengths), sum(by_category.values())


def test_counts_ak47() -> None:
    assert _counts(Rules(wild_ranks="AK47")) == (
        [5_780, 716, 2_292, 1_924, 6_528, 4_860],
        285,
        22_100,
    )


def test_counts_joker_with_7c_turned_up() -> None:
    assert _counts(Rules(wild="joker"), indicator=SEVEN_C) == (
        [409, 288, 1_296, 1_384, 4_788, 12_660],
        588,
        20_825,
    )


def test_counts_lowest_joker() -> None:
    assert _counts(Rules(wild="lowest")) == ([3_796, 1_952, 5_856, 2_624, 7_872, 0], 115, 22_100)


def test_counts_highest_joker() -> None:
    assert _counts(Rules(wild="highest")) == ([3_796, 1_936, 5_808, 2_640, 7_920, 0], 127, 22_100)


def test_counts_high_235() -> None:
    # V11: pure sequences 52, sequences 780, colors 1,092, high cards 16,380
    assert _counts(Rules(high_235=True)) == ([52, 52, 780, 1_092, 3_744, 16_380], 741, 22_100)


def test_counts_999() -> None:
    _, distinct, total = _counts(Rules(ranking="999"))
    assert (distinct, total) == (220, 22_100)  # multisets of 3 digits of 0-9: C(12, 3)


def test_counts_muflis() -> None:
    rules = Rules(ranking="muflis")
    table = rank_table(rules)
    assert len(table.counts) == 741
    # the best class: 5-3-2 not all one suit (4^3 - 4 = 60 hands); the worst A-A-A (4)
    assert table.counts[-1] == 60 and table.counts[0] == 4
    assert str(table.by_strength[-1]) == "high card five-three-two"
    assert str(table.by_strength[0]) == "trail of aces"


def test_counts_best_of_four() -> None:
    """V12: a four-card hand is the strongest of its four three-card hands. All
    270,725 hands counted at once through evaluate_many (the three-card table);
    evaluate under hand_size=4 gives the same strength on an even sample of them
    (one hand in 97 under the ci profile, one in 9 under deep)."""
    fours = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int8)
    threes = fours[:, list(itertools.combinations(range(4), 3))]  # (hands, 4, 3)
    best = evaluate_many(threes).max(axis=1)
    categories = categories_many(best)
    by_category = [int((categories == HandCategory[name]).sum()) for name in ORDER]
    assert (by_category, len(np.unique(best)), len(best)) == (
        [2_509, 2_308, 29_052, 41_376, 71_856, 123_624],
        656,
        270_725,
    )
    rules = Rules(hand_size=4)
    for row in range(0, len(fours), 97 // scaled(1)):
        hand = [CARDS[index] for index in fours[row].tolist()]
        assert evaluate(hand, rules).strength == int(best[row]), hand


def test_counts_two_printed_jokers() -> None:
    assert _counts(Rules(jokers=2), deck=table_deck(2))[0::2] == (
        [260, 248, 1_320, 1_520, 5_016, 16_440],
        24_804,
    )


def test_default_counts_unchanged() -> None:
    assert _counts(Rules()) == ([52, 48, 720, 1_096, 3_744, 16_440], 741, 22_100)  # R17


AGREEMENT_TABLES: list[tuple[Rules, Card | None]] = [
    (Rules(), None),
    (Rules(suit_order="shdc"), None),
    (Rules(suit_order="dchs", sequence_order="classic"), None),
    (Rules(wild_ranks="AK47"), None),
    (Rules(wild_ranks="AK47", wild_ties="natural_wins"), None),
    (Rules(wild="joker", wild_ties="more_wilds_win"), SEVEN_C),
    (Rules(wild="hukam"), Card.parse("2h")),
    (Rules(wild="lowest"), None),
    (Rules(wild="highest"), None),
    (Rules(jokers=3), None),
    (Rules(ranking="muflis"), None),
    (Rules(ranking="999"), None),
    (Rules(high_235=True), None),
    (Rules(hand_size=2), None),
    (Rules(hand_size=4, suit_order="shdc"), None),
    (Rules(hand_size=5, wild="joker"), SEVEN_C),
]
"""Tables of every ranking variant (with their indicator), for the property tests below."""


# --- HandRank and compare_hands against hand-worked orders (V1, V7-V12) ------------------

_DEFAULT_ORDER = (
    "2c 3d 5h",  # high card, the lowest (R16)
    "Ac Kd Jh",  # high card, ace high
    "2c 2d 3h",  # pair (R13)
    "2h 5h 7h",  # color
    "2c 3d 4h",  # sequence, the lowest (R14)
    "Ac 2d 3h",  # sequence, second highest (R14 standard order)
    "Ac Kd Qh",  # sequence, the highest
    "2h 3h 4h",  # pure sequence
    "2c 2d 2h",  # trail, the lowest
    "Ac Ad Ah",  # trail of aces, the best hand
)

WORKED_ORDERS: list[tuple[str, Rules, tuple[str, ...], tuple[tuple[str, str], ...]]] = [
    # (name, table, hands from weakest to strongest, pairs of hands that tie)
    ("default", Rules(), _DEFAULT_ORDER, (("Kh 9c 4d", "Ks 9d 4h"),)),  # R15: suits never count
    (  # V7: equal by R13-R16, the suit of the top card decides (spades > hearts)
        "suit order shdc",
        Rules(suit_order="shdc"),
        ("Kh 9c 4d", "Ks 9d 4h", "Ah Kd 7c", "As Kd 7c", "2c 2d 3h"),
        (),
    ),
    (  # V1 classic: A-2-3 is the highest sequence, then A-K-Q
        "classic sequences",
        Rules(sequence_order="classic"),
        ("2h 5h 7h", "2c 3d 4h", "Kc Qd Jh", "Ac Kd Qh", "Ac 2d 3h", "2h 3h 4h"),
        (),
    ),
    (  # V9: the whole order reversed
        "muflis",
        Rules(ranking="muflis"),
        tuple(reversed(_DEFAULT_ORDER)),
        (("Kh 9c 4d", "Ks 9d 4h"),),
    ),
    (  # V10: the digits in descending order, read as a number (K, Q, J: 0; A: 1)
        "999",
        Rules(ranking="999"),
        ("Kc Qd Jh", "Ac Ad Ah", "7c 6d Ah", "9s Kd 4c", "9c 9d 9h"),  # 000 111 761 940 999
        (("9s Kd 4c", "9h Qd 4s"),),  # both 940
    ),
    (  # V11: 2-3-5 the highest sequence (pure when suited)
        "high 2-3-5",
        Rules(high_235=True),
        ("Ac Kd Jh", "2h 5h 7h", "Ac Kd Qh", "2c 3d 5h", "2h 3h 4h", "Ah Kh Qh", "2h 3h 5h"),
        (),
    ),
    (  # V8 W1-W3: A, K, 4, 7 wild; a wild card stands for the card that helps most
        "AK47",
        Rules(wild_ranks="AK47"),
        (
            "2c 3d 5h",  # no wild card: 5-3-2 high card
            "2c 9d 7h",  # one wild: pair of nines
            "Qc Qd Qh",  # trail of queens
            "Ah Kd 4c",  # three wilds: trail of aces
        ),
        (("As Ks Qs", "Qc Qd Qh"), ("Ah Kd 4c", "As 7h 4d")),  # two wilds and a queen
    ),
    (  # V12: the best three of four cards
        "four cards",
        Rules(hand_size=4),
        ("2c 3d 5h 7s", "2c 2d 9h Ks", "2h 3h 4h 9c", "Ac Ad Ah 2c"),
        (("2c 2d 9h Ks", "2h 2s Kd 9c"),),
    ),
]


@pytest.mark.parametrize(
    "rules,order,ties", [row[1:] for row in WORKED_ORDERS], ids=[row[0] for row in WORKED_ORDERS]
)
def test_hand_rank_and_compare_hands_follow_the_worked_order(
    rules: Rules, order: tuple[str, ...], ties: tuple[tuple[str, str], ...]
) -> None:
    ranks = [evaluate(hand, rules) for hand in order]
    for (i, a), (j, b) in itertools.combinations(enumerate(order), 2):
        assert compare_hands(a, b, rules) == -1 and compare_hands(b, a, rules) == 1, (a, b)
        assert ranks[i] < ranks[j] and not ranks[j] <= ranks[i]
    for a, b in ties:
        assert compare_hands(a, b, rules) == 0
        assert evaluate(a, rules) == evaluate(b, rules)
        assert hash(evaluate(a, rules)) == hash(evaluate(b, rules))


def test_suit_order_hands_from_one_deck_never_tie() -> None:
    # V7: two hands from one deck never share their top card, so never tie.
    rules = Rules(suit_order="shdc")
    rng = random.Random(3)
    for _ in range(scaled(2_000)):
        cards = rng.sample(CARDS, 6)
        assert compare_hands(cards[:3], cards[3:], rules) != 0


# --- hypothesis properties -----------------------------------------------------------------

hands3 = st.lists(st.sampled_from(CARDS), min_size=3, max_size=3, unique=True)
letters = st.sets(st.sampled_from("23456789TJQKA"), max_size=5)
DEFAULT_BY_SHAPE = {
    (rank.category, rank.ranks): rank.strength
    for rank in hand_table(tp.hands.hand_order(None)).by_strength
}


def _natural_strength(rank: HandRank) -> int:
    """The default-table strength of the completed hand a (wild) rank names."""
    return DEFAULT_BY_SHAPE[rank.category, rank.ranks]


def _wild(ranks: set[str]) -> Rules:
    return Rules(wild_ranks="".join(sorted(ranks))) if ranks else Rules()


@pytest.mark.soak
@given(hands3, letters, st.sampled_from("23456789TJQKA"))
def test_making_a_card_wild_never_weakens(hand: list[Card], ranks: set[str], more: str) -> None:
    # W1: a wild card may stand for itself.
    before = _natural_strength(evaluate(hand, _wild(ranks)))
    after = _natural_strength(evaluate(hand, _wild(ranks | {more})))
    assert after >= before


@pytest.mark.soak
@given(hands3)
def test_three_wild_cards_are_a_trail_of_aces(hand: list[Card]) -> None:
    # W3
    rank = evaluate(hand, _wild({card.rank.char for card in hand}))
    assert (rank.category, rank.ranks[0], rank.wild_count) == (HandCategory.TRAIL, Rank.ACE, 3)


@pytest.mark.soak
@given(hands3)
def test_two_wild_cards_make_a_trail_of_the_third(hand: list[Card]) -> None:
    # W3: two wild cards and a card of rank r make a trail of r.
    natural, *wild = hand
    if natural.rank in {card.rank for card in wild}:
        return
    rank = evaluate(hand, _wild({card.rank.char for card in wild}))
    assert (rank.category, rank.ranks[0]) == (HandCategory.TRAIL, natural.rank)


@given(hands3, st.sampled_from([c for c in CARDS if c.rank not in (Rank.ACE,)]))
def test_a_wild_card_never_duplicates_a_natural_card(hand: list[Card], wild: Card) -> None:
    # W2: one wild card with two naturals x, y is the best x, y, z over z not x or y.
    x, y = hand[0], hand[1]
    if wild in (x, y) or wild.rank in (x.rank, y.rank):
        return
    rules = Rules(wild_ranks=wild.rank.char)
    got = _natural_strength(evaluate((x, y, wild), rules))
    best = max(
        evaluate((x, y, z)).strength for z in CARDS if z not in (x, y)
    )  # z may be held elsewhere or be the wild card itself
    assert got == best


def test_w2_examples() -> None:
    # "4c Ac and a wild card make the color A-K-4 of clubs, never an A-A-4 color"
    rank = evaluate("4c Ac 7h", Rules(wild_ranks="7"))
    assert str(rank) == "color ace-king-four (7h wild)"
    assert str(evaluate("9s 9h 4c", Rules(wild_ranks="AK47"))) == "trail of nines (4c wild)"
    assert evaluate("9s 9h 4c", Rules(wild_ranks="AK47")).wild_count == 1


SUIT_TABLES: list[tuple[dict[str, Any], bool]] = [
    ({}, False),
    ({"wild_ranks": "AK47"}, False),
    ({"wild": "joker"}, True),
    ({"wild": "hukam"}, True),
    ({"wild": "lowest"}, False),
    ({"wild": "highest"}, False),
    ({"jokers": 1}, False),
    ({"ranking": "muflis"}, False),
    ({"ranking": "999"}, False),
    ({"high_235": True}, False),
]


@given(
    st.lists(st.sampled_from(CARDS), min_size=4, max_size=4, unique=True),
    st.permutations(list(tp.Suit)),
    st.sampled_from(SUIT_TABLES),
)
def test_suits_never_matter(
    cards: list[Card], perm: list[tp.Suit], table: tuple[dict[str, Any], bool]
) -> None:
    # R13: renaming the suits changes no hand's strength (under hukam, renaming the
    # indicator's suit with the hand's: its suit is what is wild, V8).
    fields, has_indicator = table
    rules = Rules(**fields)
    mapping = dict(zip(tp.Suit, perm, strict=True))

    def renamed(card: Card) -> Card:
        return Card(card.rank, mapping[card.suit])

    hand, turned = cards[:3], cards[3]
    indicator = turned if has_indicator else None
    other = renamed(turned) if has_indicator else None
    assert (
        evaluate(hand, rules, indicator=indicator).strength
        == evaluate([renamed(c) for c in hand], rules, indicator=other).strength
    )


def test_hukam_suit_matters() -> None:
    rules = Rules(wild="hukam")
    # with 2h turned up, hearts are wild: Ah Kh Qh is three wild cards (A-A-A), VV012
    assert str(evaluate("Ah Kh Qh", rules, indicator="2h")).startswith("trail of aces")
    assert evaluate("Ah Kh Qh", rules, indicator="2s").category is HandCategory.PURE_SEQUENCE


@pytest.mark.soak
@given(hands3, hands3, st.sampled_from(["standard", "classic"]), st.booleans())
def test_muflis_reverses_the_default_exactly(
    a: list[Card], b: list[Card], sequence_order: Any, high_235: bool
) -> None:
    plain = Rules(sequence_order=sequence_order, high_235=high_235)
    muflis = attrs.evolve(plain, ranking="muflis")
    assert compare_hands(a, b, muflis) == -compare_hands(a, b, plain)
    assert str(evaluate(a, muflis)) == str(evaluate(a, plain))  # V9: names stay


EVALUATE_MANY_TABLES = [
    (rules, indicator) for rules, indicator in AGREEMENT_TABLES if rules.hand_size == 3
]


@pytest.mark.parametrize("rules,indicator", EVALUATE_MANY_TABLES, ids=lambda v: repr(v)[:60])
def test_evaluate_many_agrees_with_evaluate(rules: Rules, indicator: Card | None) -> None:
    deck = [card for card in table_deck(rules.jokers) if card != indicator]
    rng = random.Random(5)
    hands = [rng.sample(deck, 3) for _ in range(scaled(500))]
    array = np.array([[card.index for card in hand] for hand in hands])
    got = evaluate_many(array, rules, indicator=indicator).tolist()
    assert got == [evaluate(hand, rules, indicator=indicator).strength for hand in hands]


@given(st.sampled_from(EVALUATE_MANY_TABLES), st.randoms(use_true_random=False))
def test_evaluate_many_agrees_with_evaluate_property(
    table: tuple[Rules, Card | None], rng: random.Random
) -> None:
    rules, indicator = table
    deck = [card for card in table_deck(rules.jokers) if card != indicator]
    hands = [rng.sample(deck, 3) for _ in range(20)]
    array = np.array([[card.index for card in hand] for hand in hands])
    got = evaluate_many(array, rules, indicator=indicator).tolist()
    assert got == [evaluate(hand, rules, indicator=indicator).strength for hand in hands]


def test_evaluate_many_refusals() -> None:
    with pytest.raises(ValueError, match="hand_size=4"):
        evaluate_many(np.array([[0, 1, 2]]), Rules(hand_size=4))
    with pytest.raises(ValueError, match="indicator"):
        evaluate_many(np.array([[0, 1, 2]]), Rules(wild="joker"))
    with pytest.raises(ValueError, match="holds the indicator 7c"):
        evaluate_many(np.array([[SEVEN_C.index, 1, 2]]), Rules(wild="joker"), indicator=SEVEN_C)
    with pytest.raises(ValueError, match=r"outside 0\.\.52"):
        evaluate_many(np.array([[53, 1, 2]]), Rules(jokers=1))
    assert evaluate_many(np.array([[52, 1, 2]]), Rules(jokers=1)).tolist() == [
        evaluate("X1 2d 2c", Rules(jokers=1)).strength
    ]


# --- hand sizes, 999, names ------------------------------------------------------------------


def test_hand_sizes() -> None:
    four = Rules(hand_size=4)
    assert str(evaluate("As Ad 7c 7h", four)) == "pair of aces, seven kicker"
    five = Rules(hand_size=5)
    assert best_three("As Ad 7c 7h 2s", five) == tp.parse_cards("As Ad 7c")
    assert best_three("As Kd Qc") == tp.parse_cards("As Kd Qc")
    two = Rules(hand_size=2)
    assert str(evaluate("2h 2d", two)) == "trail of twos"
    assert str(evaluate("5s 7s", two)) == "pure sequence seven-six-five"
    assert evaluate("5s 7s", two).wild_count == 1  # the imagined card is wild (V12)
    assert str(evaluate("Kd Qh", two)) == "sequence ace-king-queen"
    # two-card with wild ranks: a wild card and the imagined card make a trail
    assert str(evaluate("Ah 9d", Rules(hand_size=2, wild_ranks="A"))) == "trail of nines (Ah wild)"
    with pytest.raises(ValueError, match="a hand is four cards, not 3"):
        evaluate("As Kd Qc", four)
    with pytest.raises(ValueError, match="a hand is two cards"):
        evaluate("As Kd Qc", two)


def test_lowest_and_highest_with_four_cards_take_the_whole_hand() -> None:
    # V8 + V12: the lowest rank of the four cards is wild, in every three of them.
    four_low = Rules(wild="lowest", hand_size=4)
    # 2c is wild; K Q and the wild make A-K-Q (mixed suits), the best three
    assert str(evaluate("Ks Qd Jh 2c", four_low)) == "sequence ace-king-queen (2c wild)"
    four_high = Rules(wild="highest", hand_size=4)
    # As is wild: 9 9 and the wild make a trail of nines (W3)
    assert str(evaluate("As 9d 9h 3c", four_high)) == "trail of nines (As wild)"


def test_999_names_and_values() -> None:
    nines = Rules(ranking="999")
    assert [str(evaluate(h, nines)) for h in ("7s 6d Ac", "9s Kd 4c", "As Ad Ac", "Ts Jd Qc")] == [
        "761",
        "940",
        "111",
        "000",
    ]
    assert compare_hands("9s Kd 4c", "9h Qd 4s", nines) == 0  # both 940
    assert evaluate("9s Kd 4c", nines) == evaluate("9h Qd 4s", nines)
    assert evaluate("9s Kd 4c", nines).category is HandCategory.HIGH_CARD


def test_wild_ties() -> None:
    # W4: equal strength; natural_wins: fewer wild cards wins; more_wilds_win: more.
    hands = ("As 7s 7h", "Ah Ad Ac")
    assert compare_hands(*hands, Rules(wild="joker"), indicator=SEVEN_C) == 0
    natural = Rules(wild="joker", wild_ties="natural_wins")
    assert compare_hands(*hands, natural, indicator=SEVEN_C) == -1
    more = Rules(wild="joker", wild_ties="more_wilds_win")
    assert compare_hands(*hands, more, indicator=SEVEN_C) == 1
    # a wild card standing for itself still counts as wild
    # As Ks are wild (W3: a trail of queens); Qc Qd Qh is a natural trail of queens
    ak = Rules(wild_ranks="AK47", wild_ties="natural_wins")
    assert compare_hands("As Ks Qs", "Qc Qd Qh", Rules(wild_ranks="AK47")) == 0
    assert compare_hands("As Ks Qs", "Qc Qd Qh", ak) == -1
    assert evaluate("Ah Kh Qh", ak).wild_count == 2


def test_evaluate_refusals() -> None:
    joker = Rules(wild="joker")
    with pytest.raises(ValueError, match="pass indicator="):
        evaluate("As Kd Qc", joker)
    with pytest.raises(ValueError, match="indicator= is only for"):
        evaluate("As Kd Qc", indicator="7c")
    with pytest.raises(ValueError, match="the indicator 7c is part of no hand"):
        evaluate("7c Kd Qc", joker, indicator="7c")
    with pytest.raises(ValueError, match="must be one of the 52 cards"):
        evaluate("As Kd Qc", joker, indicator="X1")
    with pytest.raises(ValueError, match=r"card X2 is not in this table's deck \(jokers=1"):
        evaluate("As Kd X2", Rules(jokers=1))
    with pytest.raises(ValueError, match="not in this table's deck"):
        evaluate("As Kd X1")


def test_printed_jokers_text() -> None:
    x1 = Card.parse("x1")
    assert str(x1) == "X1" and x1.is_joker and not Card.parse("As").is_joker
    assert tp.parse_cards("X1, X3 As") == (x1, Card.parse("X3"), Card.parse("As"))
    assert Card.from_index(54) == Card.parse("X3")
    assert len(table_deck(3)) == 55 and table_deck() == tp.standard_deck()
    with pytest.raises(ValueError, match="jokers must be 0 to 3"):
        table_deck(4)
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("X4")
    assert str(evaluate("X1 X2 Ks", Rules(jokers=2))) == "trail of kings (X1, X2 wild)"


def test_percentiles() -> None:
    assert (
        percentile(evaluate("5s 3d 2c", Rules(ranking="muflis")).strength, Rules(ranking="muflis"))
        > 0.99
    )
    assert hand_percentile("As Ad Ac", Rules(ranking="muflis")) == 0.0
    # a pair of aces beats fewer five-card hands than three-card hands (V12)
    five = hand_percentile("As Ad 7c 7h 2s", Rules(hand_size=5))
    assert 0 < five < hand_percentile("As Ad 7c") < 1.0
    joker = Rules(wild="joker")
    assert hand_percentile("As 7s 7h", joker, indicator=SEVEN_C) > 0.99


# --- Rules: refusals naming both fields, seat limits ---------------------------------------

REFUSED = [
    ({"suit_order": "shdc", "wild_ranks": "AK47"}, ("suit_order", "wild_ranks")),
    ({"suit_order": "shdc", "wild": "joker"}, ("suit_order", "wild")),
    ({"suit_order": "shdc", "jokers": 1}, ("suit_order", "jokers")),
    ({"suit_order": "shdc", "ranking": "muflis"}, ("suit_order", "ranking")),
    ({"suit_order": "shdc", "ranking": "999"}, ("suit_order", "ranking")),
    ({"wild_ranks": "AK47", "ranking": "muflis"}, ("wild_ranks", "ranking")),
    ({"wild": "joker", "ranking": "999"}, ("wild", "ranking")),
    ({"jokers": 2, "ranking": "muflis"}, ("jokers", "ranking")),
    ({"wild_ranks": "AK47", "wild": "joker"}, ("wild_ranks", "wild")),
    ({"wild": "hukam", "jokers": 1}, ("wild", "jokers")),
    ({"wild": "lowest", "hand_size": 2}, ("wild", "hand_size")),
    ({"wild": "highest", "hand_size": 2}, ("wild", "hand_size")),
    ({"jokers": 1, "hand_size": 2}, ("jokers", "hand_size")),
    ({"ranking": "999", "high_235": True}, ("high_235", "ranking")),
    ({"ranking": "999", "sequence_order": "classic"}, ("sequence_order", "ranking")),
    ({"wild_ties": "natural_wins"}, ("wild_ties", "wild_ranks")),
]


@pytest.mark.parametrize("fields,named", REFUSED, ids=lambda v: str(v)[:50])
def test_refused_combinations_name_both_fields(
    fields: dict[str, Any], named: tuple[str, str]
) -> None:
    with pytest.raises(ValueError) as error:
        Rules(**fields)
    message = str(error.value)
    assert f"Rules.{named[0]}=" in message and f"Rules.{named[1]}" in message


@pytest.mark.parametrize(
    "field,value",
    [
        ("wild_ranks", "AK4X"),
        ("wild_ranks", "AA"),
        ("wild_ranks", ""),
        ("wild_ranks", 47),
        ("wild", "jokers"),
        ("jokers", 4),
        ("jokers", True),
        ("wild_ties", "draw"),
        ("ranking", "lowball"),
        ("high_235", 1),
        ("hand_size", 6),
        ("hand_size", 1),
    ],
)
def test_bad_variant_values(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"Rules.{field}"):
        Rules(**{field: value})  # type: ignore[arg-type]


def test_seat_limits() -> None:
    # V12: the deck (52 + jokers, less the indicator) divided by hand_size, rounded down
    assert Rules().seat_limit == 17
    assert Rules(wild="joker").seat_limit == 17
    assert Rules(hand_size=5).seat_limit == 10
    assert Rules(hand_size=4, wild="hukam").seat_limit == 12
    assert Rules(hand_size=2).seat_limit == 26
    assert Rules(jokers=3, hand_size=5).seat_limit == 11
    assert Rules(hand_size=2, max_players=26).max_players == 26
    with pytest.raises(ValueError, match=r"Rules.max_players must be at most 10 \(5 cards each"):
        Rules(hand_size=5, max_players=11)


# --- the engine: indicator, deck, JSON -----------------------------------------------------


def test_indicator_is_dealt_after_the_hands() -> None:
    state = tp.new_session(["A", "B", "C"], Rules(wild="joker"), seed=1, dealer=0)
    deck = tp.parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c Tc 5c")
    state = tp.apply(state, tp.Deal(0, deck))
    assert state.indicator == Card.parse("Tc")
    assert isinstance(state.events[4], tp.events.IndicatorTurned)
    for viewer in (None, 0, 1, 2):
        assert tp.view(state, viewer).indicator == Card.parse("Tc")
    short = tp.new_session(["A", "B", "C"], Rules(wild="joker"), seed=1, dealer=0)
    with pytest.raises(
        tp.IllegalActionError, match=r"at least 10 cards \(3 each and the indicator, W5\), not 9"
    ):
        tp.apply(short, tp.Deal(0, deck[:9]))


def test_seeded_deals_of_every_hand_size_and_jokers() -> None:
    for fields in ({"hand_size": 5, "wild": "hukam"}, {"jokers": 3}, {"hand_size": 2}):
        rules = Rules(**fields)
        state = tp.apply(tp.new_session(["A", "B", "C", "D"], rules, seed=9), tp.Deal(0))
        dealt = [card for seat in state.seats for card in seat.cards]
        assert all(len(seat.cards) == rules.hand_size for seat in state.seats)
        assert len(set(dealt)) == len(dealt)
        assert (state.indicator is not None) == rules.has_indicator
        assert state.indicator not in dealt
    assert tp.engine.dealing.shuffled_deck(4, 1) == tp.engine.dealing.shuffled_deck(4, 1, 0)
    with_jokers = tp.engine.dealing.shuffled_deck(4, 1, 2)
    assert len(with_jokers) == 54 and set(with_jokers) == set(table_deck(2))


def test_an_explicit_deck_may_not_hold_jokers_the_table_lacks() -> None:
    state = tp.new_session(["A", "B", "C"], Rules(jokers=1), seed=1, dealer=0)
    deck = tp.parse_cards("As Kd Qh 2c 3d 4h 9s 9d X2")
    with pytest.raises(tp.IllegalActionError, match=r"deck\[8\] is X2"):
        tp.apply(state, tp.Deal(0, deck))


@pytest.mark.parametrize("rules,indicator", AGREEMENT_TABLES, ids=lambda v: repr(v)[:60])
def test_hand_rank_json_round_trip(rules: Rules, indicator: Card | None) -> None:
    deck = [card for card in table_deck(rules.jokers) if card != indicator]
    rng = random.Random(11)
    for _ in range(40):
        rank = evaluate(rng.sample(deck, rules.hand_size), rules, indicator=indicator)
        back = converter().structure(converter().unstructure(rank), HandRank)
        assert back == rank and str(back) == str(rank) and back.wild_count == rank.wild_count


@pytest.mark.soak
@pytest.mark.parametrize(
    "fields",
    [
        {"wild": "joker"},
        {"ranking": "muflis"},
        {"ranking": "999"},
        {"hand_size": 4},
        {"jokers": 2},
        {"wild_ranks": "AK47"},
    ],
)
def test_state_json_round_trip_under_variants(fields: dict[str, Any]) -> None:
    from teenpatti_rules.io.state_json import state_from_json, state_to_json

    state = tp.new_session(["A", "B", "C"], Rules(**fields), seed=2, dealer=0)
    rng = random.Random(4)
    shown = 0
    for _ in range(300):
        actions = tp.legal_actions(state)
        if not actions:
            break
        state = tp.apply(state, rng.choice(actions))
        if state.result is not None and state.result.shown:
            shown += 1
        for seen in (state, tp.view(state, 1)):
            assert state_from_json(state_to_json(seen)) == seen
    assert shown


# --- the speed bar (benchmarks/variants.py measures; this only guards a floor) ----------


def test_hand_ranks_under_variants() -> None:
    from teenpatti_rules.ranking import hand_ranks

    trails = sum(
        rank.category is HandCategory.TRAIL
        for cards, rank in hand_ranks(Rules(wild="joker"), indicator="7c")
        if SEVEN_C not in cards
    )
    assert trails == 409
    with pytest.raises(ValueError, match="pass indicator="):
        hand_ranks(Rules(wild="hukam"))
    with pytest.raises(ValueError, match="hand_size=2"):
        hand_ranks(Rules(hand_size=2))
