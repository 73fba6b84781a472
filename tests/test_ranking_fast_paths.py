"""The fast paths of the ranking (issue 10 speed targets) keep every behaviour.

- a suit-blind order's table, built from one hand of each shape, is the table keyed
  hand by hand (R13-R16, V1, V9-V11);
- wild hands that share a strength still name their own wild cards (W6);
- evaluate's per-rules caches are keyed by identity, bounded, and never hand one
  table's ranks to another table's rules (V8).
"""

from __future__ import annotations

import gc

import pytest

from teenpatti_rules import ranking
from teenpatti_rules.cards import Card
from teenpatti_rules.hands import hand_order
from teenpatti_rules.hands.order import _table_by_shape, hand_table
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
    # with the 7c turned up under joker the same; 999 (V10) names it 944
    hand = _cards("4c 4d 9h")
    gc.collect()
    ids: set[int] = set()
    rounds = ranking._CACHED_RULES + 8  # past the bound: emptied once
    for _ in range(rounds):
        plain = evaluate(hand, Rules())
        wild_rules = Rules(wild_ranks="4")
        ids.add(id(wild_rules))
        wild = evaluate(hand, wild_rules)
        joker = evaluate(hand, Rules(wild="joker"), indicator=Card.parse("4s"))
        nines = evaluate(hand, Rules(ranking="999"))
        del wild_rules  # freed rules (acyclic: at once) give their ids to new ones
        assert str(plain) == "pair of fours, nine kicker"
        assert str(wild) == "trail of nines (4c, 4d wild)"
        assert str(joker) == "trail of nines (4c, 4d wild)"
        assert str(nines) == "944"
        assert len(ranking._HELD) <= ranking._CACHED_RULES + 1
        assert set(ranking._PLAIN) <= set(ranking._HELD)
        assert set(ranking._BY_INDICATOR) <= set(ranking._HELD)
    assert len(ids) < rounds  # ids were reused: the caches met a new table at an old id


def test_a_table_that_needs_an_indicator_is_never_looked_up_without_one() -> None:
    joker = Rules(wild="joker")
    evaluate(_cards("4c 4d 9h"), joker, indicator="7c")
    with pytest.raises(ValueError, match="indicator"):
        evaluate(_cards("4c 4d 9h"), joker)
    with pytest.raises(ValueError, match="indicator"):
        evaluate(_cards("4c 7c 9h"), joker, indicator="7c")
