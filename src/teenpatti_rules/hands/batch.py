"""The numpy batch form of :func:`~teenpatti_rules.ranking.evaluate`: many hands in one
lookup (needs the ``numpy`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .wild import rank_table

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ..cards import Card
    from ..rules import Rules

__all__ = ["evaluate_many"]


def evaluate_many(
    cards: NDArray[Any], rules: Rules | None = None, *, indicator: Card | str | None = None
) -> NDArray[Any]:
    """Rank many hands at once, for simulations (the batch form of
    :func:`~teenpatti_rules.ranking.evaluate`).

    Needs numpy (``pip install numpy``).

    :param cards: an integer numpy array of shape ``(N, 3)``: each row three
        distinct card indices 0..51 (:attr:`~teenpatti_rules.cards.Card.index`), or
        up to 51 + ``rules.jokers`` with printed jokers (V8).
    :param rules: ranking variants, as for :func:`~teenpatti_rules.ranking.evaluate`;
        every variant with ``hand_size`` 3.
    :param indicator: the turned-up card of a ``joker`` / ``hukam`` table (W5),
        required there and refused elsewhere; no row may hold it.
    :returns: an ``int16`` array of shape ``(N,)``: the
        :attr:`~teenpatti_rules.ranking.HandRank.strength` of each row.
    :raises ImportError: if numpy is not installed, naming the extra to install.
    :raises ValueError: if the array is not integer, not of shape ``(N, 3)``, holds
        an index outside the table's deck, or a row repeats a card or holds the
        indicator (naming the first bad row); if ``rules.hand_size`` is not 3; for a
        missing or unexpected ``indicator``.

    >>> import numpy as np
    >>> hands = np.array([[51, 47, 43], [0, 4, 9]])  # As Ks Qs, 2c 3c 4d
    >>> evaluate_many(hands).tolist()
    [727, 704]
    >>> from teenpatti_rules import evaluate
    >>> [evaluate("As Ks Qs").strength, evaluate("2c 3c 4d").strength]
    [727, 704]
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - exercised in a venv without numpy
        raise ImportError("evaluate_many needs numpy: pip install numpy") from None
    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise ValueError(f"evaluate_many needs an integer array of card indices, not {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 3:
        raise ValueError(f"evaluate_many needs an array of shape (N, 3), not {array.shape}")
    from ..ranking import _indicator

    if rules is not None and rules.hand_size != 3:
        raise ValueError(
            f"evaluate_many ranks three-card hands, not Rules.hand_size={rules.hand_size}"
        )
    card = _indicator(rules, indicator)
    table = rank_table(rules, card).numpy_strengths()
    top = 51 + (0 if rules is None else rules.jokers)
    # One compact copy is cheaper than three passes over scattered rows (e.g. a
    # column slice of a wider array).
    array = np.ascontiguousarray(array)
    if array.size and (array.min() < 0 or array.max() > top):
        bad = int(np.flatnonzero(((array < 0) | (array > top)).any(axis=1))[0])
        raise ValueError(
            f"row {bad} of evaluate_many's input holds a card index outside 0..{top}: "
            f"{array[bad].tolist()}"
        )
    if card is not None and array.size and (array == card.index).any():
        bad = int(np.flatnonzero((array == card.index).any(axis=1))[0])
        raise ValueError(
            f"row {bad} of evaluate_many's input holds the indicator {card} (W5): "
            f"{array[bad].tolist()}"
        )
    strengths = table[array[:, 0], array[:, 1], array[:, 2]]
    if strengths.size and strengths.min() < 0:
        bad = int(np.flatnonzero(strengths < 0)[0])
        raise ValueError(
            f"row {bad} of evaluate_many's input repeats a card: {array[bad].tolist()}"
        )
    result: NDArray[Any] = strengths
    return result
