from __future__ import annotations

import copy
import pickle
import typing

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from teenpatti_rules import (
    CARDS,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    standard_deck,
)
from teenpatti_rules.cards import JOKERS, ROW_OFFSET


def test_standard_deck_is_52_distinct_cards_in_index_order() -> None:
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert [card.index for card in deck] == list(range(52))
    assert str(deck[0]) == "2c" and str(deck[1]) == "2d" and str(deck[51]) == "As"


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", Rank.ACE, Suit.SPADES),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("kH", Rank.KING, Suit.HEARTS),
        ("qS", Rank.QUEEN, Suit.SPADES),
        (" 9h ", Rank.NINE, Suit.HEARTS),
    ],
)
def test_parse(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@given(st.sampled_from(CARDS))
def test_parse_and_str_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert Card.from_index(card.index) is card
    assert eval(repr(card)) == card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("bad", ["", "A", "1s", "11s", "Ax", "Asd", "s", "Zz", "10"])
def test_parse_rejects_malformed_text_naming_it(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)
    assert info.value.text == bad
    assert isinstance(info.value, ValueError)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(5)  # type: ignore[arg-type]


def test_card_constructor_checks_types() -> None:
    assert Card(Rank.ACE, Suit.SPADES) == Card.parse("As")
    with pytest.raises(ValueError, match="rank"):
        Card(14, Suit.SPADES)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="suit"):
        Card(Rank.ACE, "s")  # type: ignore[arg-type]


def test_from_index_range() -> None:
    for bad in (-1, 55, True, "3"):
        with pytest.raises(ValueError, match="card index"):
            Card.from_index(bad)  # type: ignore[arg-type]


def test_parse_cards_spaces_and_commas() -> None:
    assert parse_cards("As Kd Qh") == parse_cards("As,Kd,Qh") == parse_cards(" As , Kd,  Qh ")
    assert format_cards(parse_cards("as kd 10h")) == "As Kd Th"
    assert parse_cards("") == ()
    assert parse_cards(["As", Card.parse("Kd")]) == parse_cards("As Kd")


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(ValueError, match="'Kx'"):
        parse_cards("As Kx Qh")


def test_cards_order_by_index() -> None:
    assert sorted(parse_cards("As 2c Kd")) == list(parse_cards("2c Kd As"))
    assert Card.parse("2d") > Card.parse("2c")


def test_the_evaluators_slots_are_not_fields() -> None:
    # the private slot of evaluate's fast path (R13) is no part of the record
    assert [field.name for field in attrs.fields(Card)] == ["rank", "suit", "index"]
    assert "_row_index" not in Card.__slots__  # the base class's
    # cattrs resolves the type hints of the whole class, the base's slots included:
    # they must resolve however the module was imported (Sphinx's autodoc may reload a
    # module with TYPE_CHECKING true), so they name nothing the cards do not import
    hints = typing.get_type_hints(Card)
    assert {name: hints[name] for name in ("rank", "suit", "index")} == {
        "rank": Rank,
        "suit": Suit,
        "index": int,
    }
    assert hints["_row_index"] is int
    own = Card(Rank.ACE, Suit.SPADES)  # not the shared instance
    assert own is not CARDS[51]
    assert attrs.asdict(own) == {"rank": Rank.ACE, "suit": Suit.SPADES, "index": 51}
    assert repr(own) == "Card.parse('As')"
    assert own == CARDS[51]
    assert hash(own) == 51
    for card in (own, CARDS[51], JOKERS[0]):
        shared = Card.from_index(card.index)
        assert pickle.loads(pickle.dumps(card)) is shared
        assert copy.deepcopy(card) is shared
        assert copy.copy(card) is shared
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        own._row_index = 3


def test_every_card_reads_its_index_behind_the_placeholders() -> None:
    # a card made by Card(rank, suit) too: evaluate's table has 55 placeholders before
    # the card indices at each level, which a made-up attribute (MagicMock: 1) finds
    assert ROW_OFFSET == 55
    for card in CARDS + JOKERS:
        assert card._row_index == 55 + card.index
    assert Card(Rank.TWO, Suit.CLUBS)._row_index == 55
    assert Card(Rank.ACE, Suit.SPADES)._row_index == 55 + 51
