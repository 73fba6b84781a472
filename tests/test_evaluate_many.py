from __future__ import annotations

import itertools

import numpy as np
import pytest

from teenpatti_rules import CARDS, Rules, evaluate, evaluate_many


def test_matches_evaluate_on_all_hands() -> None:
    combos = list(itertools.combinations(range(52), 3))
    array = np.array(combos, dtype=np.int64)
    strengths = evaluate_many(array)
    assert strengths.shape == (22100,)
    expected = [evaluate(tuple(CARDS[i] for i in combo)).strength for combo in combos]
    assert strengths.tolist() == expected
    classic = Rules(sequence_order="classic")
    assert evaluate_many(array[:, ::-1], classic).tolist() == [
        evaluate(tuple(CARDS[i] for i in combo), classic).strength for combo in combos
    ]


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.uint64])
def test_any_integer_dtype(dtype: type) -> None:
    array: np.ndarray = np.array([[51, 47, 43], [0, 4, 9]], dtype=dtype)
    assert evaluate_many(array).tolist() == [
        evaluate("As Ks Qs").strength,
        evaluate("2c 3c 4d").strength,
    ]


def test_empty_batch() -> None:
    assert evaluate_many(np.zeros((0, 3), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize(
    ("array", "message"),
    [
        (np.array([[1.0, 2.0, 3.0]]), "integer"),
        (np.array([1, 2, 3]), r"shape \(N, 3\)"),
        (np.array([[1, 2, 3, 4]]), r"shape \(N, 3\)"),
        (np.array([[1, 2, 3], [5, -1, 7]]), "row 1 .* outside 0..51"),
        (np.array([[1, 2, 52]]), "row 0 .* outside 0..51"),
        (np.array([[1, 2, 3], [4, 5, 6], [9, 9, 8]]), "row 2 .* repeats a card"),
    ],
)
def test_rejects_bad_batches(array: np.ndarray, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_many(array)
