"""The fast paths of the ranking (issue 10 speed targets) keep every behaviour.

- a suit-blind order's table, built from one hand of each shape, is the table keyed
  hand by hand (R13-R16, V1, V9-V11);
- wild hands that share a strength still name their own wild cards (W6);
- evaluate's per-rules caches are keyed by value, bounded, and never hand one
  table's ranks to another table's rules (V8); an equal but new Rules finds its
  table; the fast path never swallows an exception (what its lookup cannot read,
  the checked path judges);
- the fast path looks a hand up by its card indices (on the default table in any order,
  under rules sorted): every order of the cards ranks the same (R13), and a card given
  twice, a printed joker the table lacks (V8), the indicator in the hand (W5) or an
  object that only looks like a card is refused wherever it stands;
- on the default table it reads each card's private rank slots without a type check:
  whatever lacks them (a look-alike, a hostile ``__getattr__``, a forged Card) gets
  the checked path's answer, never a foreign error; a card made before the table was
  built sees it.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from unittest.mock import MagicMock, Mock, NonCallableMagicMock

import attrs
import pytest

from teenpatti_rules import ranking
from teenpatti_rules.cards import CARDS, JOKERS, ROW_OFFSET, Card, Rank, Suit
from teenpatti_rules.errors import CardParseError
from teenpatti_rules.hands import hand_order
from teenpatti_rules.hands.order import STRIDE, _table_by_shape, hand_table
from teenpatti_rules.hands.wild import rank_table
from teenpatti_rules.ranking import HandCategory, evaluate
from teenpatti_rules.rules import Rules

SUIT_BLIND = [
    None,
    Rules(sequence_order="classic"),
    Rules(high_235=True),
    Rules(ranking="muflis"),
    Rules(ranking="muflis", sequence_order="classic", high_235=True),
    Rules(ranking="999"),
]


@pytest.mark.soak
@pytest.mark.parametrize("rules", SUIT_BLIND)
def test_the_table_built_by_shape_is_the_table_keyed_hand_by_hand(
    rules: Rules | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    order = hand_order(rules)
    assert order.suit_blind()
    shaped = _table_by_shape(order)
    monkeypatch.setattr(type(order), "suit_blind", lambda self: False)
    keyed = hand_table.__wrapped__(order)  # the generic build: every hand keyed
    assert shaped.counts == keyed.counts
    assert sum(shaped.counts) == 22_100
    fields = ("category", "strength", "ranks", "number", "wild_count", "wilds")
    for mine, theirs in zip(shaped.by_strength, keyed.by_strength, strict=True):
        assert [getattr(mine, f) for f in fields] == [getattr(theirs, f) for f in fields]
    for entry, other in zip(shaped.ranks, keyed.ranks, strict=True):
        assert (entry is None) == (other is None)
        if entry is not None and other is not None:
            assert entry is shaped.by_strength[other.strength]


def test_a_suit_order_keys_every_hand() -> None:
    # V7: the suit of the top card matters, so the table is not built by shape
    assert not hand_order(Rules(suit_order="shdc")).suit_blind()


def test_wild_hands_of_one_strength_name_their_own_wild_cards() -> None:
    # W6: 9-9 with any four under AK47 is a trail of nines; each names its four
    ak47 = Rules(wild_ranks="AK47")
    clubs = evaluate(tuple(Card.parse(c) for c in ("9s", "9h", "4c")), ak47)
    hearts = evaluate(tuple(Card.parse(c) for c in ("9s", "9h", "4h")), ak47)
    assert clubs == hearts
    assert clubs.category is HandCategory.TRAIL
    assert str(clubs) == "trail of nines (4c wild)"
    assert str(hearts) == "trail of nines (4h wild)"


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def test_the_per_rules_caches_are_bounded_and_never_mix_tables() -> None:
    # 4-4-9 is a pair of fours by R13-R16; with fours wild (V8, W3) a trail of nines;
    # with the 4s turned up under joker the same; 999 (V10) names it 944
    hand = _cards("4c 4d 9h")
    for boot in range(1, ranking._CACHED_RULES + 9):  # past the bound: emptied once
        plain = evaluate(hand, Rules(boot=boot))
        wild = evaluate(hand, Rules(wild_ranks="4", boot=boot))
        joker = evaluate(hand, Rules(wild="joker", boot=boot), indicator=Card.parse("4s"))
        nines = evaluate(hand, Rules(ranking="999", boot=boot))
        assert str(plain) == "pair of fours, nine kicker"
        assert str(wild) == "trail of nines (4c, 4d wild)"
        assert str(joker) == "trail of nines (4c, 4d wild)"
        assert str(nines) == "944"
        assert len(ranking._PLAIN) + len(ranking._BY_INDICATOR) <= ranking._CACHED_RULES + 4


def test_the_caches_are_keyed_by_value() -> None:
    # (from empty caches: full ones are emptied at once on the next insert)
    ranking._PLAIN.clear()
    ranking._BY_INDICATOR.clear()
    # an equal but new Rules is the same key: it finds the table the first one built
    evaluate(_cards("4c 4d 9h"), Rules(wild_ranks="4"))
    again = Rules(wild_ranks="4")
    assert again in ranking._PLAIN
    assert ranking._PLAIN[again] is ranking._PLAIN[Rules(wild_ranks="4")]
    # and tables differing only in what does not rank hands share the one lookup list
    evaluate(_cards("4c 4d 9h"), Rules(wild_ranks="4", boot=7))
    assert ranking._PLAIN[Rules(wild_ranks="4", boot=7)] is ranking._PLAIN[again]


@pytest.mark.parametrize(
    "rules", [["not", "rules"], {"boot": 1}, "standard", 3], ids=["list", "dict", "str", "int"]
)
def test_the_fast_path_refuses_what_is_not_rules_by_name(rules: object) -> None:
    # unhashable or foreign rules never reach a dict lookup: the checked path names them
    with pytest.raises(TypeError, match="rules must be a Rules record or None"):
        evaluate(_cards("4c 4d 9h"), rules)  # type: ignore[arg-type]


def test_a_table_that_needs_an_indicator_is_never_looked_up_without_one() -> None:
    joker = Rules(wild="joker")
    evaluate(_cards("4c 4d 9h"), joker, indicator="7c")
    with pytest.raises(ValueError, match="indicator"):
        evaluate(_cards("4c 4d 9h"), joker)
    with pytest.raises(ValueError, match="indicator"):
        evaluate(_cards("4c 7c 9h"), joker, indicator="7c")


# The fast path of evaluate looks a tuple of three Cards up by its sorted card
# indices: the rank of a hand must not depend on the order of its cards (R13: a hand
# is a set of three cards), and every hand the checked path refuses it refuses too.

ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _every_order(text: str) -> list[tuple[Card, ...]]:
    cards = _cards(text)
    return [tuple(cards[n] for n in order) for order in ORDERS]


@pytest.mark.parametrize(
    ("text", "rules", "indicator", "name"),
    [
        ("Kh Ks Ad", None, None, "pair of kings, ace kicker"),  # R13
        ("Qd Ac Kd", None, None, "sequence ace-king-queen"),  # R14: A-K-Q, not all one suit
        ("3h Ah 2h", None, None, "pure sequence ace-two-three"),  # R14, R16
        ("9s 9h 4c", Rules(wild_ranks="AK47"), None, "trail of nines (4c wild)"),  # V8, W1, W6
        ("As 7s 7h", Rules(wild="joker"), "7c", "trail of aces (7h, 7s wild)"),  # W3, W5
        ("4d X1 4c", Rules(jokers=2), None, "trail of fours (X1 wild)"),  # V8 jokers, W1
    ],
)
def test_a_hands_rank_does_not_depend_on_the_order_of_its_cards(
    text: str, rules: Rules | None, indicator: str | None, name: str
) -> None:
    turned = None if indicator is None else Card.parse(indicator)
    for _ in range(2):  # the first call builds the table, the second looks it up
        for hand in _every_order(text):
            assert str(evaluate(hand, rules, indicator=turned)) == name


def test_the_suit_order_breaks_ties_in_every_order_of_the_cards() -> None:
    # V7 with "shdc": K-9-4 of mixed suits tie by R13-R16; the top card's suit decides
    shdc = Rules(suit_order="shdc")
    for _ in range(2):
        for weaker in _every_order("Kh 9c 4d"):
            for stronger in _every_order("Ks 9d 4h"):
                assert evaluate(stronger, shdc) > evaluate(weaker, shdc)


@pytest.mark.parametrize(
    ("rules", "indicator"),
    [(None, None), (Rules(suit_order="shdc"), None), (Rules(wild="hukam"), "Ts")],
    ids=["default", "V7", "hukam"],
)
def test_the_fast_path_agrees_with_the_checked_path_on_many_hands(
    rules: Rules | None, indicator: str | None
) -> None:
    # a list of cards takes the checked path; a tuple of Cards the fast path
    turned = None if indicator is None else Card.parse(indicator)
    deck = [card for card in CARDS if card != turned]
    for n, combo in enumerate(itertools.combinations(deck, 3)):
        if n % 23:
            continue
        expected = evaluate(list(combo), rules, indicator=turned)
        for order in ORDERS:
            hand = (combo[order[0]], combo[order[1]], combo[order[2]])
            assert evaluate(hand, rules, indicator=turned) == expected


@pytest.mark.parametrize(
    ("rules", "cards", "hands"),
    [(None, 52, 22_100), (Rules(ranking="muflis"), 52, 22_100), (Rules(jokers=3), 55, 26_235)],
    ids=["default", "muflis", "jokers"],
)
def test_the_lookup_by_sorted_indices_holds_each_hand_once(
    rules: Rules | None, cards: int, hands: int
) -> None:
    # a hand is three distinct cards of the table's deck (R13, V8): 52 choose 3 is
    # 22,100, 55 choose 3 is 26,235; an index twice or past the deck finds no entry
    lookup = rank_table(rules).sorted_ranks()
    entries = [hand for row in lookup for line in row for hand in line]
    assert len(entries) == hands
    assert None not in entries
    for i, j, k in [(0, 0, 1), (0, 1, 1), (5, 5, 5), (0, 1, cards)]:
        with pytest.raises(IndexError):
            lookup[k][j][i]


def test_the_lookup_by_indices_in_any_order_holds_each_ordered_hand() -> None:
    # R13: a hand is three distinct cards of the 52, in any order: 52 * 51 * 50 =
    # 132,600 ordered triples find a rank, the same in all six orders; an index twice or
    # a printed joker (V8: not in the default deck) finds None, never an IndexError
    lookup = rank_table(None).pair_ranks()
    o = ROW_OFFSET  # the cards' private slots read index + 55 (placeholders before)
    found = 0
    for a, b, c in itertools.product(range(STRIDE), repeat=3):
        hand = lookup[o + a][o + b][o + c]
        if len({a, b, c}) < 3 or max(a, b, c) >= 52:
            assert hand is None
            continue
        found += 1
        assert hand is not None
        assert lookup[o + a][o + c][o + b] is lookup[o + b][o + a][o + c] is hand
        assert lookup[o + c][o + b][o + a] is hand
        if (a * 7 + b * 3 + c) % 97 == 0:  # a sample against the checked path
            assert hand == evaluate([CARDS[a], CARDS[b], CARDS[c]])
            # an index below 55 at any level (a made-up attribute) finds a placeholder
            assert lookup[a][o + b][o + c] is lookup[o + a][b][o + c] is None
            assert lookup[o + a][o + b][c] is None
    assert found == 132_600
    assert lookup[o + 3][o + 40] is lookup[o + 40][o + 3]  # one tuple per pair of cards
    assert all(type(row) is tuple for row in lookup)  # nobody can change an entry


def test_the_fast_path_refuses_objects_that_only_look_like_cards() -> None:
    # a hand is three cards (R13): an object with a card's index is not one, in any seat
    class LooksLikeAceOfSpades:
        index = 51

    evaluate(_cards("2c 3c 4c"))  # the table is built
    fake, two, three = LooksLikeAceOfSpades(), CARDS[0], CARDS[4]
    for hand in ((fake, two, three), (two, fake, three), (two, three, fake)):
        for rules in (None, Rules(ranking="muflis")):
            with pytest.raises(CardParseError, match="not a card"):
                evaluate(hand, rules)  # type: ignore[arg-type]


def _outcome(hand: object, rules: Rules | None = None) -> object:
    """What evaluate gives: the rank, or the type and text of the error it raises."""
    try:
        return evaluate(hand, rules)  # type: ignore[arg-type]
    except Exception as error:
        return type(error), str(error)


class _Hostile:
    """Not a card: every attribute it lacks raises a foreign error."""

    def __getattr__(self, name: str) -> object:
        raise RuntimeError(f"no {name}")


def test_a_hostile_getattr_gets_the_checked_paths_refusal() -> None:
    # R13: a hand is three cards; the fast path's lookup catches the RuntimeError and
    # the checked path refuses the object by name, in every seat
    evaluate(_cards("2c 3c 4c"))  # the table is built
    two, three = CARDS[0], CARDS[4]
    for hand in ((_Hostile(), two, three), (two, _Hostile(), three), (two, three, _Hostile())):
        for rules in (None, Rules(ranking="muflis")):
            with pytest.raises(CardParseError, match="not a card"):
                evaluate(hand, rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("mock", [MagicMock, NonCallableMagicMock, Mock])
def test_mocks_are_refused_in_every_seat(mock: type[Mock]) -> None:
    # R13: an object that makes up every attribute it is asked for (a MagicMock reads as
    # the number 1) is not a card: in the first seat its made-up row finds no HandRank,
    # in another seat its made-up index finds a placeholder; the checked path refuses
    # it, never the rank of another hand
    evaluate(_cards("2c 3c 4c"))  # the table is built
    two, three = CARDS[0], CARDS[4]
    hands = ((mock(), two, three), (two, mock(), three), (two, three, mock()))
    for hand in (*hands, (mock(), mock(), mock())):
        for rules in (None, Rules(ranking="muflis")):
            with pytest.raises(CardParseError, match="not a card"):
                evaluate(hand, rules)


def _forged(card: Card, cls: type[Card] = Card) -> Card:
    """A card built without __init__: its fields set, not the evaluator's slots."""
    forged = object.__new__(cls)
    for field in ("rank", "suit", "index"):
        object.__setattr__(forged, field, getattr(card, field))
    return forged


class _MyCard(Card):
    pass


def test_forged_cards_and_subclasses_get_the_checked_paths_answer() -> None:
    # R13: a Card without the private slots (object.__new__) takes the checked path
    # and ranks as its card; a subclass made by its constructor has the slots and the
    # fast path gives the checked path's answer; an empty forged Card fails as the
    # checked path fails
    evaluate(_cards("2c 3c 4c"))
    ace, king, queen = _cards("As Ks Qs")
    pure = evaluate((ace, king, queen))
    assert str(pure) == "pure sequence ace-king-queen"
    for odd in (_forged(ace), _forged(ace, _MyCard), _MyCard(Rank.ACE, Suit.SPADES)):
        for hand in ((odd, king, queen), (king, odd, queen), (king, queen, odd)):
            assert evaluate(hand) == pure
            assert _outcome(hand) == _outcome(list(hand))  # the checked path
        assert _outcome((odd, ace, king)) == _outcome([odd, ace, king])  # twice
    empty = object.__new__(Card)
    for hand in ((empty, king, queen), (king, queen, empty)):
        assert _outcome(hand) == _outcome(list(hand))


def test_a_card_made_before_the_table_is_built_sees_it() -> None:
    # every card of an index shares its rank row, filled in place when the table is built
    code = (
        "from teenpatti_rules import ranking\n"
        "from teenpatti_rules.cards import CARDS, Card, Rank, Suit\n"
        "early = Card(Rank.ACE, Suit.SPADES)\n"
        "assert ranking._STANDARD_RANKS is None\n"
        "assert str(ranking.evaluate((CARDS[0], CARDS[5], CARDS[10]))) == 'sequence four-three-two'\n"
        "def refused(*args): raise AssertionError('the checked path')\n"
        "ranking._ranked = refused\n"
        "hand = ranking.evaluate((early, CARDS[47], CARDS[43]))\n"
        "assert str(hand) == 'pure sequence ace-king-queen', hand\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


@pytest.mark.parametrize("rules", [None, Rules(ranking="muflis"), Rules(jokers=1)])
def test_a_card_given_twice_is_refused_wherever_it_stands(rules: Rules | None) -> None:
    # the lookups have no entry for a repeated card: the checked path names it
    evaluate(_cards("2c 3c 4c"), rules)  # the table is built
    deck = CARDS + (JOKERS[:1] if rules is not None and rules.jokers else ())
    for card, other in zip(deck, deck[1:] + deck[:1], strict=True):
        for hand in ((card, card, other), (card, other, card), (other, card, card)):
            with pytest.raises(CardParseError, match="twice"):
                evaluate(hand, rules)
        with pytest.raises(CardParseError, match="twice"):
            evaluate((card, card, card), rules)


@pytest.mark.parametrize("rules", [None, Rules(sequence_order="classic"), Rules(jokers=2)])
def test_a_printed_joker_the_table_lacks_is_refused_wherever_it_stands(
    rules: Rules | None,
) -> None:
    # V8: only a table with jokers=n has the printed jokers X1..Xn
    evaluate(_cards("2c 3c 4c"), rules)
    for hand in _every_order("X3 As 4c"):
        with pytest.raises(CardParseError, match="not in this table's deck"):
            evaluate(hand, rules)


def test_the_indicator_in_the_hand_is_refused_wherever_it_stands() -> None:
    # W5: the indicator is part of no hand
    joker = Rules(wild="joker")
    seven = Card.parse("7c")
    evaluate(_cards("2c 3c 4c"), joker, indicator=seven)
    for hand in _every_order("7c 4d 9h"):
        with pytest.raises(CardParseError, match="part of no hand"):
            evaluate(hand, joker, indicator=seven)


def test_alternating_tables_each_rank_by_their_own_rules() -> None:
    # the fast path looks each table up by its rules' value; 4-4-9 is a pair
    # of fours by R13-R16, a trail of nines with fours wild (V8, W3) and with a four
    # turned up under joker (W5), and 944 under 999 (V10)
    hand = _cards("4c 4d 9h")
    tables = [
        (Rules(), None, "pair of fours, nine kicker"),
        (Rules(wild_ranks="4"), None, "trail of nines (4c, 4d wild)"),
        (Rules(wild="joker"), Card.parse("4s"), "trail of nines (4c, 4d wild)"),
        (Rules(wild="joker"), Card.parse("Ks"), "pair of fours, nine kicker"),
        (Rules(ranking="999"), None, "944"),
        (None, None, "pair of fours, nine kicker"),
    ]
    for _ in range(3):
        for rules, indicator, name in tables + tables[::-1]:
            assert str(evaluate(hand, rules, indicator=indicator)) == name
            again = None if rules is None else attrs.evolve(rules)  # equal, not the same
            assert str(evaluate(hand, again, indicator=indicator)) == name
