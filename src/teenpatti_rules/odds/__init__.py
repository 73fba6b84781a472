"""Odds: a hand's equity against opponents, its percentile, and the R17 category table.

Needs numpy (``pip install numpy``; from a clone of the repository,
``pip install '.[numpy]'`` installs the library with it).

- :func:`equity` — how often a hand wins, ties and loses against ``opponents``
  unknown hands dealt from the cards it cannot see (the hand itself, ``dead`` cards
  and the indicator removed): exact for one opponent (every opponent hand is
  counted) and for two (an exact count by inclusion–exclusion over shared cards),
  else a seeded Monte Carlo estimate with its standard error. The result says which.
- :func:`percentile` — the share of all hands of the deck that are strictly weaker
  (the R44 rating of a hand, as a number).
- :func:`category_odds` — the R17 table: how many of all hands fall in each category,
  with exact probabilities.

Everything is written through :func:`~teenpatti_rules.ranking.evaluate_many` (and
:func:`~teenpatti_rules.ranking.evaluate` for two-card hands) with the table's
:class:`~teenpatti_rules.rules.Rules`, so it follows the table's ranking variants:
the sequence order (V1), a suit order that breaks exact ties (V7), wild cards with
their ``indicator`` (V8, W1–W5), Muflis (V9), 999 (V10), 2-3-5 high (V11) and hand
sizes 2 to 5 (V12; except ``wild="lowest"``/``"highest"`` with 4 or 5 cards, whose
wild rank depends on the whole hand: refused with a ``ValueError``). Hands are
compared as a table compares them at a showdown (R13–R18): a higher hand wins, equal
hands tie.

>>> e = equity("As Ad Ac", 1)
>>> e.win, e.tie, e.lose, e.method
(1.0, 0.0, 0.0, 'exact')
>>> round(percentile("As Ad Ac"), 5)  # all but the 4 equal hands: 22096 / 22100
0.99982
>>> [(row.category.words, row.count) for row in category_odds()][:2]
[('trail', 52), ('pure sequence', 48)]
"""

from __future__ import annotations

from .chances import DEFAULT_SAMPLES, MAX_SAMPLES, MIN_SAMPLES, Equity, equity
from .chances import Method as Method
from .tables import CategoryOdds, category_odds, percentile
from .universe import _universe as _universe  # the equity player's shared tables

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "MIN_SAMPLES",
    "CategoryOdds",
    "Equity",
    "category_odds",
    "equity",
    "percentile",
]
