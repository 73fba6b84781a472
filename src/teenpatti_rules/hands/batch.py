"""The numpy batch form of :func:`~teenpatti_rules.ranking.evaluate`: many hands in one
lookup (needs the ``numpy`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .arguments import check_indicator, check_rules
from .wild import rank_table

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ..cards import Card
    from ..rules import Rules

__all__ = ["DEAL_CHUNK", "MAX_BATCH_DEALS", "categories_many", "deal_many", "evaluate_many"]


def evaluate_many(
    cards: NDArray[Any], rules: Rules | None = None, *, indicator: Card | str | None = None
) -> NDArray[Any]:
    """Rank many hands at once, for simulations (the batch form of
    :func:`~teenpatti_rules.ranking.evaluate`).

    Needs numpy (``pip install numpy``).

    :param cards: an integer numpy array of shape ``(N, 3)``, or of any shape ending
        in 3 such as ``(deals, players, 3)``: each hand three distinct card indices
        0..51 (:attr:`~teenpatti_rules.cards.Card.index`), or up to 51 +
        ``rules.jokers`` with printed jokers (V8).
    :param rules: ranking variants, as for :func:`~teenpatti_rules.ranking.evaluate`;
        every variant with ``hand_size`` 3.
    :param indicator: the turned-up card of a ``joker`` / ``hukam`` table (W5),
        required there and refused elsewhere; no hand may hold it.
    :returns: an ``int16`` array of the input's shape without its last axis
        (``(N,)``, ``(deals, players)``): the
        :attr:`~teenpatti_rules.ranking.HandRank.strength` of each hand.
    :raises ImportError: if numpy is not installed, saying ``pip install numpy``.
    :raises ValueError: if the array is not integer, its last axis is not 3, holds
        an index outside the table's deck, or a hand repeats a card or holds the
        indicator (naming the first bad hand, as a row of the input seen as
        ``(N, 3)``); if ``rules.hand_size`` is not 3; for a missing or unexpected
        ``indicator``.
    :raises ~teenpatti_rules.errors.WrongTypeError: (a :class:`TypeError` and a
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
    check_rules(rules)
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
    if rules is not None and rules.hand_size != 3:
        raise ValueError(
            f"evaluate_many ranks three-card hands, not Rules.hand_size={rules.hand_size}"
        )
    card = check_indicator(rules, indicator)
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
    result: NDArray[Any] = strengths.reshape(shape)
    return result


MAX_BATCH_DEALS = 10**7
"""The most deals :func:`deal_many` draws at once: its result is ``players * hand_size``
bytes a deal (at most 52, so at most 520 MB), and the shuffle works on
:data:`DEAL_CHUNK` deals at a time (about 20 MB of work space whatever ``deals``)."""

DEAL_CHUNK = 2**18
"""The deals :func:`deal_many` shuffles at once (80 bytes of work space each)."""


def deal_many(
    deals: int, players: int, *, hand_size: int = 3, seed: int | Any = None
) -> NDArray[Any]:
    """Deal random hands from ``deals`` independent shuffled decks, fast.

    Each deal's cards are a uniformly random draw of ``players * hand_size``
    distinct cards of one 52-card deck (a partial Fisher–Yates shuffle of every deck
    at once, about 10 times faster than ``argsort`` of random keys: about 0.25 s for
    a million deals of four hands).

    :param deals: how many decks, 0 to :data:`~.hands.batch.MAX_BATCH_DEALS`.
    :param players: hands per deal, at least 1; ``players * hand_size <= 52``.
    :param hand_size: cards per hand, default 3 (what
        :func:`evaluate_many` ranks).
    :param seed: an int, a :class:`numpy.random.Generator`, or None for fresh entropy.
    :returns: an ``int8`` array of shape ``(deals, players, hand_size)`` of card
        indices 0..51 (:attr:`~teenpatti_rules.cards.Card.index`); no card repeats
        within a deal. ``evaluate_many(deal_many(d, p))`` has shape ``(d, p)``.
    :raises ImportError: if numpy is not installed, saying ``pip install numpy``.
    :raises ValueError: for counts out of range (naming the parameter).

    >>> hands = deal_many(2, 4, seed=1)
    >>> hands.shape, hands.dtype.name
    ((2, 4, 3), 'int8')
    >>> all(len(set(deal.ravel().tolist())) == 12 for deal in hands)
    True
    >>> evaluate_many(hands).shape
    (2, 4)
    """
    from ..limits import exact_int

    try:
        import numpy as np
    except ImportError:  # pragma: no cover - exercised in a venv without numpy
        raise ImportError("deal_many needs numpy: pip install numpy") from None
    deals = exact_int(deals, "deals", low=0, high=MAX_BATCH_DEALS)
    players = exact_int(players, "players", low=1, high=52)
    hand_size = exact_int(hand_size, "hand_size", low=1, high=52)
    cards = players * hand_size
    if cards > 52:
        raise ValueError(
            f"players * hand_size must be at most 52 (one deck), not {players} * {hand_size}"
        )
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    out = np.empty((deals, cards), dtype=np.int8)
    for start in range(0, deals, DEAL_CHUNK):  # bounded work space (MAX_BATCH_DEALS)
        count = min(DEAL_CHUNK, deals - start)
        deck = np.tile(np.arange(52, dtype=np.int8), (count, 1))
        rows = np.arange(count)
        for position in range(cards):
            other = rng.integers(position, 52, size=count)
            chosen = deck[rows, other]
            deck[rows, other] = deck[:, position]
            deck[:, position] = chosen
        out[start : start + count] = deck[:, :cards]
    result: NDArray[Any] = out.reshape(deals, players, hand_size)
    return result


def categories_many(
    strengths: NDArray[Any], rules: Rules | None = None, *, indicator: Card | str | None = None
) -> NDArray[Any]:
    """The :class:`~teenpatti_rules.ranking.HandCategory` of each strength, as numbers.

    :param strengths: an integer array of any shape, as :func:`evaluate_many`
        returns it (under the same ``rules``).
    :param rules: ranking variants, as for :func:`evaluate_many`.
    :param indicator: the turned-up card of a ``joker`` / ``hukam`` table (W5), as for
        :func:`evaluate_many`.
    :returns: an ``int8`` array of the same shape: ``HandCategory`` values (0 for
        HIGH_CARD ... 5 for TRAIL); ``HandCategory(int(x))`` names one.
    :raises ValueError: for a strength that no hand has under ``rules`` (strengths
        are dense: 0 to the strongest); for a missing or unexpected ``indicator``.
    :raises ImportError: if numpy is not installed.

    >>> import numpy as np
    >>> from teenpatti_rules import HandCategory
    >>> strengths = evaluate_many(np.array([[51, 47, 43], [0, 1, 2]]))  # As Ks Qs, 2c 2d 2h
    >>> [HandCategory(int(c)).name for c in categories_many(strengths)]
    ['PURE_SEQUENCE', 'TRAIL']
    """
    check_rules(rules)
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - exercised in a venv without numpy
        raise ImportError("categories_many needs numpy: pip install numpy") from None
    table = _category_table(rules, check_indicator(rules, indicator))
    array = np.asarray(strengths)
    if array.dtype.kind not in "iu":
        raise ValueError(f"categories_many needs an integer array, not {array.dtype}")
    if array.size and (array.min() < 0 or array.max() >= len(table)):
        raise ValueError(f"a strength is outside this table's strengths 0..{len(table) - 1}")
    result: NDArray[Any] = table[array]
    return result


def _category_table(rules: Rules | None, indicator: Card | None) -> NDArray[Any]:
    import numpy as np

    by_strength = rank_table(rules, indicator).by_strength
    return np.array([int(rank.category) for rank in by_strength], dtype=np.int8)
