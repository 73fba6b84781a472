"""Lines for an 80-column terminal: long lines wrapped at spaces, never inside a word
or a card's name (``teenpatti play``).
"""

from __future__ import annotations

import textwrap

__all__ = ["WIDTH", "fit", "say"]

WIDTH = 80
"""The width, in columns, that :func:`fit` wraps the terminal's lines to."""


def fit(text: str, width: int = WIDTH) -> str:
    """``text`` with every line longer than ``width`` columns wrapped at spaces, never
    inside a word or a card's name; a wrapped line's continuation is indented four
    more spaces than the line.

    :param text: one or more lines.
    :param width: the terminal's width in columns, default :data:`WIDTH`.
    :returns: the wrapped text (lines joined by newlines).

    >>> line = "Showdown: Asha As Kd Qh (sequence ace-king-queen); Bilal 9s 9d 9c (trail of nines)"
    >>> print(fit(line, 40))
    Showdown: Asha As Kd Qh (sequence
        ace-king-queen); Bilal 9s 9d 9c
        (trail of nines)
    """
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=indent + "    ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


def say(text: str) -> None:
    """Print ``text`` wrapped to the terminal's width (:func:`fit`)."""
    print(fit(text))
