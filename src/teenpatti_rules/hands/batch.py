"""The numpy batch form of :func:`~teenpatti_rules.ranking.evaluate`: many hands in one
lookup (needs the ``numpy`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import hand_order

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ..rules import Rules

__all__ = ["evaluate_many"]


def evaluate_many(cards: NDArray[Any], rules: Rules | None = None) -> NDArray[Any]:
    """Rank many hands at once, for simulations (the batch form of
    :func:`~teenpatti_rules.ranking.evaluate`).

    Needs numpy (``pip install numpy``).

    :param cards: an integer numpy array of shape ``(N, 3)``, or of any shape ending
        in 3 such as ``(deals, players, 3)``: each hand three distinct card indices
        0..51 (:attr:`~teenpatti_rules.cards.Card.index`).
    :param rules: ranking variants, as for :func:`~teenpatti_rules.ranking.evaluate`.
    :returns: an ``int16`` array of the input's shape without its last axis
        (``(N,)``, ``(deals, players)``): the
        :attr:`~teenpatti_rules.ranking.HandRank.strength` of each hand.
    :raises ImportError: if numpy is not installed, saying ``pip install numpy``.
    :raises ValueError: if the array is not integer, its last axis is not 3, holds
        an index outside 0..51, or a hand repeats a card (naming the first bad hand,
        as a row of the input seen as ``(N, 3)``).
    :raises ~teenpatti_rules.limits.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) for ``rules`` that are neither None nor a Rules.

    >>> import numpy as np
    >>> hands = np.array([[51, 47, 43], [0, 4, 9]])  # As Ks Qs, 2c 3c 4d
    >>> evaluate_many(hands).tolist()
    [727, 704]
    >>> from teenpatti_rules import evaluate
    >>> [evaluate("As Ks Qs").strength, evaluate("2c 3c 4d").strength]
    [727, 704]
    >>> evaluate_many(np.array([[[51, 47, 43], [0, 4, 9]]])).shape  # 1 deal, 2 players
    (1, 2)
    """
    from ..ranking import _check_rules

    _check_rules(rules)
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - exercised in a venv without numpy
        raise ImportError("evaluate_many needs numpy: pip install numpy") from None
    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise ValueError(f"evaluate_many needs an integer array of card indices, not {array.dtype}")
    if array.ndim < 2 or array.shape[-1] != 3:
        raise ValueError(
            f"evaluate_many needs an array of shape (N, 3) or (..., 3), not {array.shape}"
        )
    shape = array.shape[:-1]
    array = array.reshape(-1, 3)
    table = hand_order(rules).table().numpy_strengths()
    # One compact copy is cheaper than three passes over scattered rows (e.g. a
    # column slice of a wider array).
    array = np.ascontiguousarray(array)
    if array.size and (array.min() < 0 or array.max() > 51):
        bad = int(np.flatnonzero(((array < 0) | (array > 51)).any(axis=1))[0])
        raise ValueError(
            f"row {bad} of evaluate_many's input holds a card index outside 0..51: "
            f"{array[bad].tolist()}"
        )
    strengths = table[array[:, 0], array[:, 1], array[:, 2]]
    if strengths.size and strengths.min() < 0:
        bad = int(np.flatnonzero(strengths < 0)[0])
        raise ValueError(
            f"row {bad} of evaluate_many's input repeats a card: {array[bad].tolist()}"
        )
    result: NDArray[Any] = strengths.reshape(shape)
    return result
