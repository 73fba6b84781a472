"""The evaluator against R13-R17, an independent reference, and the shared vectors."""

from __future__ import annotations

import csv
import itertools
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from teenpatti_rules import (
    CARDS,
    Card,
    HandCategory,
    HandRank,
    Rules,
    Suit,
    compare_hands,
    evaluate,
    parse_cards,
    showdown_key,
)

ALL_HANDS = list(itertools.combinations(CARDS, 3))

# --- an independent reference, written from the text of R13-R16 -------------------

# R14, high to low, written out as the rule states it ("A-K-Q, then A-2-3, then K-Q-J,
# Q-J-10, J-10-9, ..., 4-3-2"). Ranks as the strings on the cards.
R14_SEQUENCES = ["AKQ", "A23", "KQJ", "QJT", "JT9", "T98", "987", "876", "765", "654", "543", "432"]
# V1 "classic": A-2-3 highest, then A-K-Q, K-Q-J, ...
V1_SEQUENCES = ["A23", "AKQ", *R14_SEQUENCES[2:]]
ORDER = "23456789TJQKA"


def reference_key(cards: tuple[Card, ...], sequences: list[str] = R14_SEQUENCES) -> tuple[int, ...]:
    text = [str(card) for card in cards]
    ranks = sorted((ORDER.index(t[0]) for t in text), reverse=True)
    one_suit = len({t[1] for t in text}) == 1
    counts = Counter(ranks)
    names = {"".join(sorted(p)) for p in sequences}
    hand = "".join(sorted(t[0] for t in text))
    if len(counts) == 1:
        return (6, ranks[0])  # trail, by its rank
    if hand in names:
        position = len(sequences) - [("".join(sorted(s))) for s in sequences].index(hand)
        return (5 if one_suit else 4, position)
    if one_suit:
        return (3, *ranks)  # color: highest, middle, lowest
    if len(counts) == 2:
        pair = next(r for r, c in counts.items() if c == 2)
        kicker = next(r for r, c in counts.items() if c == 1)
        return (2, pair, kicker)
    return (1, *ranks)


def test_r17_counts_per_category() -> None:
    counts = Counter(evaluate(hand).category for hand in ALL_HANDS)
    assert counts == {
        HandCategory.TRAIL: 52,
        HandCategory.PURE_SEQUENCE: 48,
        HandCategory.SEQUENCE: 720,
        HandCategory.COLOR: 1096,
        HandCategory.PAIR: 3744,
        HandCategory.HIGH_CARD: 16440,
    }
    assert sum(counts.values()) == 22100


def test_r17_distinct_strengths() -> None:
    by_category: dict[HandCategory, set[int]] = {}
    for hand in ALL_HANDS:
        rank = evaluate(hand)
        by_category.setdefault(rank.category, set()).add(rank.strength)
    assert {c: len(s) for c, s in by_category.items()} == {
        HandCategory.TRAIL: 13,
        HandCategory.PURE_SEQUENCE: 12,
        HandCategory.SEQUENCE: 12,
        HandCategory.COLOR: 274,
        HandCategory.PAIR: 156,
        HandCategory.HIGH_CARD: 274,
    }
    assert len({evaluate(hand).strength for hand in ALL_HANDS}) == 741


@pytest.mark.soak
@pytest.mark.parametrize(
    ("rules", "sequences"), [(None, R14_SEQUENCES), (Rules(sequence_order="classic"), V1_SEQUENCES)]
)
def test_table_agrees_with_reference_on_all_hands(
    rules: Rules | None, sequences: list[str]
) -> None:
    pairs = [(reference_key(hand, sequences), evaluate(hand, rules).strength) for hand in ALL_HANDS]
    pairs.sort()
    # Same order: strengths never decrease along the reference order ...
    for (key_a, s_a), (key_b, s_b) in itertools.pairwise(pairs):
        if key_a == key_b:
            assert s_a == s_b  # ... same ties ...
        else:
            assert s_a < s_b  # ... and nothing tied that the reference separates.


def test_categories_are_ordered_r13() -> None:
    hands = ["2c 2d 2h", "4c 3c 2c", "4c 3d 2c", "5c 3c 2c", "Ac Ad Kh", "Ac Kd Jh"]
    # trail < pure sequence? No: R13 strongest first: trail > pure sequence > sequence > color > pair > high card
    ranks = [evaluate(h) for h in hands]
    assert ranks == sorted(ranks, reverse=True)
    assert [r.category for r in ranks] == list(reversed(HandCategory))


def test_r14_sequence_order_and_no_wrap() -> None:
    assert evaluate("As Kd Qh") > evaluate("Ad 2c 3h") > evaluate("Kc Qd Jh") > evaluate("4c 3d 2h")
    assert evaluate("Ks Ad 2h").category is HandCategory.HIGH_CARD
    assert evaluate("Ks As 2s").category is HandCategory.COLOR


def test_r15_within_category() -> None:
    assert evaluate("As Ah Ad") > evaluate("Ks Kh Kd") and evaluate("3s 3h 3d") > evaluate(
        "2s 2h 2d"
    )
    assert evaluate("Ah Ad Kc") > evaluate("Ah Ad Qc") > evaluate("Kh Kd Ac")
    assert evaluate("2h 2d 3c") == min(
        evaluate(h) for h in ALL_HANDS if evaluate(h).category is HandCategory.PAIR
    )
    assert evaluate("Ks 9s 8s") > evaluate("Qs Js 9s")  # color: highest card first
    assert evaluate("Ks Qd 3c") > evaluate("Ks Jd Tc")  # high card: then the middle


def test_r16_best_and_worst_color_and_high_card() -> None:
    colors = [evaluate(h) for h in ALL_HANDS if evaluate(h).category is HandCategory.COLOR]
    highs = [evaluate(h) for h in ALL_HANDS if evaluate(h).category is HandCategory.HIGH_CARD]
    assert max(colors) == evaluate("As Ks Js") and min(colors) == evaluate("5h 3h 2h")
    assert max(highs) == evaluate("As Kd Jc") and min(highs) == evaluate("5h 3d 2c")
    assert str(min(highs)) == "high card five-three-two"


def test_vectors_from_shared_csv() -> None:
    path = Path(__file__).parent / "data" / "ranking-vectors.csv"
    rows = list(csv.DictReader(path.open()))
    assert len(rows) >= 50
    expected = {"A wins": 1, "B wins": -1, "tie": 0}
    for row in rows:
        got = compare_hands(row["hand_a"], row["hand_b"])
        assert got == expected[row["expected"]], f"{row['id']}: {row['hand_a']} vs {row['hand_b']}"


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("As Ah Ad", "trail of aces"),
        ("6s 6h 6d", "trail of sixes"),
        ("Qs Ks As", "pure sequence ace-king-queen"),
        ("3d Ad 2d", "pure sequence ace-two-three"),
        ("4c 3d 2h", "sequence four-three-two"),
        ("Ac Kc Jc", "color ace-king-jack"),
        ("Kh Ks Ad", "pair of kings, ace kicker"),
        ("2h 2s 3d", "pair of twos, three kicker"),
        ("Td 7s 2c", "high card ten-seven-two"),
    ],
)
def test_words(hand: str, words: str) -> None:
    assert str(evaluate(hand)) == words


# --- hypothesis ---------------------------------------------------------------------

hands = st.lists(st.sampled_from(CARDS), min_size=3, max_size=3, unique=True).map(tuple)


@given(hands, hands)
def test_antisymmetric(a: tuple[Card, ...], b: tuple[Card, ...]) -> None:
    assert compare_hands(a, b) == -compare_hands(b, a)
    assert (compare_hands(a, b) == 0) == (evaluate(a) == evaluate(b))


@given(hands, hands, hands)
def test_transitive(a: tuple[Card, ...], b: tuple[Card, ...], c: tuple[Card, ...]) -> None:
    ra, rb, rc = sorted([evaluate(a), evaluate(b), evaluate(c)])
    assert ra <= rb <= rc and ra <= rc
    if compare_hands(a, b) >= 0 and compare_hands(b, c) >= 0:
        assert compare_hands(a, c) >= 0


@given(hands, st.permutations(list(Suit)))
def test_suits_never_matter(hand: tuple[Card, ...], suits: list[Suit]) -> None:
    mapping = dict(zip(Suit, suits, strict=True))
    renamed = tuple(Card(card.rank, mapping[card.suit]) for card in hand)
    assert evaluate(renamed).strength == evaluate(hand).strength


@given(hands, st.permutations([0, 1, 2]))
def test_card_order_does_not_matter(hand: tuple[Card, ...], order: list[int]) -> None:
    assert evaluate(tuple(hand[i] for i in order)) is evaluate(hand)
    assert evaluate(list(hand)) is evaluate(hand)
    assert evaluate(" ".join(map(str, hand))) is evaluate(hand)


@given(hands)
def test_hand_rank_is_hashable_and_consistent(hand: tuple[Card, ...]) -> None:
    rank = evaluate(hand)
    assert isinstance(rank, HandRank)
    assert hash(rank) == hash(evaluate(tuple(reversed(hand))))
    assert 0 <= rank.strength <= 740


@given(st.sampled_from(CARDS), st.sampled_from(CARDS))
def test_rejects_a_card_twice(a: Card, b: Card) -> None:
    assume(a != b)
    with pytest.raises(ValueError, match=f"card {a} appears twice"):
        evaluate((a, a, b))


@given(st.lists(st.sampled_from(CARDS), unique=True).filter(lambda cards: len(cards) != 3))
def test_rejects_wrong_number_of_cards(cards: list[Card]) -> None:
    with pytest.raises(ValueError, match="three cards"):
        evaluate(tuple(cards))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("As Kd Qx", "'Qx'"),
        ("As Kd 1h", "'1h'"),
        ("As Kd", "not 2"),
        ("As Kd Qh Jc", "not 4"),
        ((1, 2, 3), "not a card: 1"),
        (None, "three cards"),
        (42, "three cards"),
        ("AsK", "'AsK'"),
        (("As", "Kd", "As"), "appears twice"),
    ],
)
def test_rejects_bad_input_naming_the_problem(bad: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(bad)  # type: ignore[arg-type]


def test_compare_hands_accepts_hand_ranks() -> None:
    assert compare_hands(evaluate("As Ad Ah"), "Ks Kd Kh") == 1
    assert compare_hands("2c 3d 5h", evaluate("2d 3h 5s")) == 0


def test_v1_classic_sequence_order() -> None:
    classic = Rules(sequence_order="classic")
    assert compare_hands("Ad 2c 3h", "As Kd Qh", classic) == 1
    assert compare_hands("Ad 2c 3h", "As Kd Qh") == -1
    assert compare_hands("As Kd Qh", "Kc Qd Jh", classic) == 1
    assert evaluate("Ad 2d 3d", classic).category is HandCategory.PURE_SEQUENCE


def test_parse_cards_and_evaluate_share_cards() -> None:
    cards = parse_cards("As Kd Qh")
    assert evaluate(cards) is evaluate("As Kd Qh")


# --- V7: a suit order breaks exact ties ----------------------------------------------

SHDC = Rules(suit_order="shdc")


@given(st.lists(st.sampled_from(CARDS), min_size=6, max_size=6, unique=True))
def test_v7_two_hands_from_one_deck_never_tie(cards: list[Card]) -> None:
    a, b = tuple(cards[:3]), tuple(cards[3:])
    assert compare_hands(a, b, SHDC) != 0
    # ... and the suit order only ever breaks ties of R13-R16.
    plain = compare_hands(a, b)
    if plain != 0:
        assert compare_hands(a, b, SHDC) == plain


def test_v7_top_card_decides() -> None:
    # high card: the top card's suit (Ks > Kh under shdc)
    assert compare_hands("Ks 9d 4h", "Kh 9c 4d", SHDC) == 1
    assert compare_hands("Ks 9d 4h", "Kh 9c 4d", Rules(suit_order="hsdc")) == -1
    # pair: the higher-suited card of the pair (As of As-Ac beats Ah of Ah-Ad)
    assert compare_hands("As Ac 4h", "Ah Ad 4c", SHDC) == 1
    # A-2-3: the ace is the top card, not the three
    assert compare_hands("Ad 2s 3s", "Ac 2h 3h", SHDC) == 1
    assert showdown_key("Ad 2s 3s") == evaluate("Ad 2s 3s").strength
    # V7 in the strength: HandRank order agrees with compare_hands
    assert showdown_key("Ad 2s 3s", SHDC) == evaluate("Ad 2s 3s", SHDC).strength
    assert evaluate("As Kd 7c", SHDC) > evaluate("Ah Kd 7c", SHDC)


def test_v7_suit_order_validation() -> None:
    assert Rules(suit_order="cdhs").suit_order == "cdhs"
    for bad in ("shd", "sshd", "SHDC", "abcd", 4):
        with pytest.raises(
            ValueError, match=r"Rules\.suit_order must be None or the four suit letters"
        ):
            Rules(suit_order=bad)  # type: ignore[arg-type]
