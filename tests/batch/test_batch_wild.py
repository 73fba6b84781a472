"""The batch engine's V8 tables with a deck or a wild set of their own: ``wild="joker"``
and ``"hukam"`` (an indicator per table, W5) and printed ``jokers`` (a deck of 52 + n
cards), ranked as RULES.md's W1-W4 say, dealt as the reducer deals an explicit deck
(R10), and every row equal to the reducer's after every step on both backends (the
compiled kernel when numba is installed, which ``backend="auto"`` then picks).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import settings
from test_batch_differential import BACKENDS, NUMBA, run

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.config import kernel_refusal
from teenpatti_rules.batch.strength import hand_strengths
from teenpatti_rules.cards import parse_cards


def _strengths(rules: tp.Rules, hands: list[list[str]], turned: list[str] | None) -> Any:
    """``(n, P)`` strengths of ``hands[table][seat]`` (card texts) under each table's
    indicator ``turned[table]``."""
    cards = np.array(
        [[[card.index for card in parse_cards(hand)] for hand in table] for table in hands],
        dtype=np.int8,
    )
    indicator = None if turned is None else np.array([parse_cards(t)[0].index for t in turned])
    return hand_strengths(cards, rules, indicator).T


@pytest.mark.soak
@pytest.mark.parametrize("ties", ["equal", "natural_wins", "more_wilds_win"])
def test_joker_indicator_per_table_and_w4(ties: str) -> None:
    """Indicator 7c: 7s and 7h are wild, so ``7s 7h As`` is a trail of aces (W3), as is
    the natural ``Ah Ad Ac``; W4 orders the two by their wild cards. Indicator 2c at
    the next table: ``7s 7h As`` is a pair of sevens, below the trail."""
    rules = tp.Rules(wild="joker", wild_ties=ties)
    hands = [["7s 7h As", "Ah Ad Ac"]] * 2
    wild, natural = _strengths(rules, hands, ["7c", "2c"])[0]
    if ties == "equal":
        assert wild == natural
    elif ties == "natural_wins":
        assert natural > wild
    else:
        assert wild > natural
    pair, trail = _strengths(rules, hands, ["7c", "2c"])[1]
    assert trail > pair


def test_hukam_indicator_makes_its_suit_wild() -> None:
    """Indicator Kh: every other heart is wild. ``2h 5h 9c`` is a trail of nines (W3),
    below the natural trail of tens; ``Qs Js 3h`` is the pure sequence K-Q-J (W1; W2:
    the wild card stands for Ks, held by nobody here), equal to the natural ``Kd Qd Jd``
    under ``wild_ties="equal"``."""
    rules = tp.Rules(wild="hukam")
    nines, tens, made, natural = _strengths(
        rules, [["2h 5h 9c", "Ts Td Tc", "Qs Js 3h", "Kd Qd Jd"]], ["Kh"]
    )[0]
    assert tens > nines
    assert made == natural
    assert nines > made  # R13: a trail beats a pure sequence


def test_printed_jokers_are_wild() -> None:
    """``jokers=2``: ``X1 X2 5c`` is a trail of fives (W3); the natural trail of fives
    wins under ``"natural_wins"`` (W4) and both beat a trail of fours."""
    rules = tp.Rules(jokers=2, wild_ties="natural_wins")
    made, natural, fours = _strengths(rules, [["X1 X2 5c", "5s 5d 5h", "4s 4d 4h"]], None)[0]
    assert natural > made > fours


@pytest.mark.parametrize("backend", BACKENDS)
def test_joker_decks_are_the_tables_decks_dealt_as_r10(backend: str) -> None:
    """A table with 3 printed jokers deals from 55 cards (V8): each row's deck is a
    permutation of 0..54; seat ``(dealer + 1 + i) % P`` holds ``deck[i]``,
    ``deck[i + P]``, ``deck[i + 2P]`` (R10); the jokers do get dealt; without them, the
    natural cards keep their order (the 52-card deck is the same shuffle)."""
    players = 4
    env = BatchEnv(tp.Rules(jokers=3), players, backend=backend, autoreset=True)
    state = env.init(seed=5, n=200)
    for _ in range(4):  # three packs end the hand; then the backend deals the next
        state = env.step(state, np.zeros(200, dtype=np.int32))  # (the kernel deals it)
    assert (state.hand_index > 0).all()
    decks = state.decks(55)
    assert (np.sort(decks, axis=1) == np.arange(55)).all()
    for row in range(200):
        dealer = int(state.dealer[row])
        for i in range(players):
            seat = (dealer + 1 + i) % players
            want = [decks[row, i + k * players] for k in range(3)]
            assert state.cards[row, seat].tolist() == want
    assert (state.cards >= 52).any()
    natural = decks[decks < 52].reshape(200, 52)
    assert np.array_equal(natural, state.deck)


@pytest.mark.parametrize("wild", ["joker", "hukam"])
def test_the_indicator_is_the_card_after_the_deal(wild: str) -> None:
    """W5: the reducer, replaying a row, turns up ``deck[h * k]``: the row's deck card
    after the hands; no hand holds it."""
    players, size = 5, 4
    rules = tp.Rules(wild=wild, hand_size=size)
    env = BatchEnv(rules, players)
    state = env.init(seed=9, n=6)
    for row in range(6):
        reducer = env.to_state(state, row)
        deck = state.row_deck(row, 52)
        assert reducer.indicator is not None
        assert reducer.indicator.index == int(deck[size * players])
        assert reducer.indicator.index not in state.cards[row].ravel().tolist()


def test_both_backends_play_v8_and_auto_prefers_the_kernel() -> None:
    """V8 joker / hukam indicators (W5) and printed jokers: ``kernel_refusal`` names
    none of them; ``backend="auto"`` picks the kernel when numba is installed."""
    for rules in (tp.Rules(wild="joker"), tp.Rules(wild="hukam"), tp.Rules(jokers=1)):
        assert kernel_refusal(rules) is None
        assert BatchEnv(rules, 3, backend="numpy").backend == "numpy"
        assert BatchEnv(rules, 3, backend="auto").backend == ("numba" if NUMBA else "numpy")


TABLES = [
    ({"wild": "joker", "wild_ties": "natural_wins", "hand_size": 5}, 5),
    ({"wild": "joker", "sequence_order": "classic", "max_blind_bets": 0}, 4),
    ({"wild": "hukam", "wild_ties": "more_wilds_win", "hand_size": 2}, 6),
    ({"wild": "hukam", "high_235": True, "pot_limit": 40}, 3),
    ({"jokers": 3, "hand_size": 4, "wild_ties": "natural_wins"}, 7),
    ({"jokers": 1, "wild_ties": "more_wilds_win", "dealer_boots": 2}, 4),
    ({"hand_size": 2, "wild_ties": "natural_wins"}, 4),  # W4 on the imagined card (V12)
]


@pytest.mark.soak
@pytest.mark.parametrize(("fields", "players"), TABLES, ids=[str(t[0]) for t in TABLES])
def test_wild_tables_equal_the_reducer(fields: dict[str, Any], players: int) -> None:
    """V8 joker / hukam / printed-joker tables with W4 tie rules, V1, V11, V12 hand sizes,
    V13, pot and blind limits: every row equals the reducer after every step (numpy
    backend, and the compiled kernel when numba is installed)."""
    table = {
        "rules": tp.Rules(**fields),
        "players": players,
        "seed": 3,
        "big": 12,
        "dealer": None,
        "pack_weight": 0.2,
        "autoreset": True,
    }
    assert run(table, steps=settings().stateful_step_count, tables=12) >= 12
