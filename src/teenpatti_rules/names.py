r"""Checking a player at the door: :func:`check_name`, the one home of the name rules (S1).

A server calls :func:`check_name` before it seats a name; :func:`~teenpatti_rules.state.new_session`
calls it for every player, and the state and history loaders use the same rules. A name
is normalised (Unicode NFC, white space stripped at both ends) and then compared: two
players in the session never share a name once normalised (S1).

Refused: a name that is not a str; empty once stripped; longer than
:data:`~teenpatti_rules.limits.MAX_NAME_LENGTH` characters; holding a control
character (NUL, an ANSI escape, a tab or new line inside), a lone surrogate, a line or
paragraph separator, or an invisible format character (Unicode category Cf: zero-width
spaces U+200B, direction marks U+200E, word joiners U+2060, bidirectional overrides),
with which ``"Asha"`` and ``"Asha\u200b"`` would look like one name and be two. Also
refused: the blank letters that are not of those categories but show nothing (the
Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Khmer vowels U+17B4 and U+17B5,
the combining grapheme joiner U+034F, the Braille blank U+2800), so that no name is
blank or hides a character.

Compatibility lookalikes are *different* names (S1 compares NFC forms, not NFKC):
``"Ａsha"`` (a fullwidth A) and ``"Asha"`` may sit together, as may names in other
scripts that look alike (a Cyrillic ``"А"``); NFKC would not catch the latter anyway.
A server that wants stricter names compares ``unicodedata.normalize("NFKC",
name).casefold()`` itself before seating.

>>> check_name("  Asha ")
'Asha'
>>> check_name("Asha ", taken=["Asha", "Bilal"])
Traceback (most recent call last):
...
ValueError: the name 'Asha' is taken (S1)
>>> check_name("Asha\u200b")
Traceback (most recent call last):
...
ValueError: name must not hold control characters or invisible or invalid Unicode: 'Asha\u200b'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from .limits import MAX_NAME_LENGTH, WrongTypeError, short

__all__ = ["check_name", "check_names", "normalise_name"]

_REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Control characters, invisible format characters (U+200B, U+200E, U+2060, the
bidirectional overrides U+202A–U+202E and isolates U+2066–U+2069 among them), lone
surrogates, line and paragraph separators."""

_BLANK_LETTERS: Final = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
"""Characters outside the refused categories that show nothing (see the module
docstring): a name of them alone would look empty, and inside one they hide."""


def normalise_name(value: object, name: str = "name") -> str:
    """A player's name, normalised and checked alone (S1): Unicode NFC, white space
    (tabs, new lines too) stripped at both ends.

    :param value: the name as given.
    :param name: the parameter's name, for messages (``"players[2]"``).
    :returns: the normalised name.
    :raises ~teenpatti_rules.errors.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) if ``value`` is not a str.
    :raises ValueError: if it is empty once stripped, longer than
        :data:`~teenpatti_rules.limits.MAX_NAME_LENGTH` characters, or holds a
        character of Unicode category Cc, Cf, Cs, Zl or Zp, or a blank letter (see the
        module docstring).
    """
    if not isinstance(value, str):
        kind = type(value).__name__
        raise WrongTypeError(f"{name} must be a non-empty str, not {kind} {short(value)}")
    if len(value) > 4 * MAX_NAME_LENGTH:  # before any work proportional to the text
        raise ValueError(f"{name} is at most {MAX_NAME_LENGTH} characters: {short(value)}")
    text = unicodedata.normalize("NFC", value).strip()
    if any(
        unicodedata.category(char) in _REFUSED_CATEGORIES or char in _BLANK_LETTERS for char in text
    ):
        raise ValueError(
            f"{name} must not hold control characters or invisible or invalid Unicode: "
            f"{short(value)}"
        )
    if not text:
        raise ValueError(f"{name} must be a non-empty str, not {short(value)}")
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f"{name} is at most {MAX_NAME_LENGTH} characters: {short(value)}")
    return text


def check_name(name: object, taken: Iterable[str | None] = ()) -> str:
    """Check a name before seating it (S1): the name a server stores and shows.

    :param name: the name as given (untrusted).
    :param taken: the names of the players already in the session (a state's
        ``seat.name`` values; None for an empty chair is skipped). Compared after
        normalising them too, so a caller may pass names as it got them.
    :returns: the normalised name (NFC, stripped).
    :raises ~teenpatti_rules.errors.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) if ``name`` is not a str.
    :raises ValueError: as :func:`normalise_name` (empty, too long, control or
        invisible format characters), or if the normalised name equals a taken one.

    >>> check_name("Ame\u0301lie", taken=["Amélie"])
    Traceback (most recent call last):
    ...
    ValueError: the name 'Amélie' is taken (S1)
    """
    text = normalise_name(name)
    for other in taken:
        if other is not None and isinstance(other, str) and _same(other, text):
            raise ValueError(f"the name {short(text)} is taken (S1)")
    return text


def _same(other: str, text: str) -> bool:
    """Whether the (possibly unnormalised) taken name ``other`` is ``text`` (S1)."""
    if other == text:
        return True
    if len(other) > 4 * MAX_NAME_LENGTH:
        return False
    return unicodedata.normalize("NFC", other).strip() == text


def check_names(values: Iterable[object], name: str = "players") -> tuple[str, ...]:
    """Every name normalised by :func:`normalise_name` and checked distinct (S1), in
    linear time: the names of a new session.

    :param values: the names, one per seat.
    :param name: the parameter's name, for messages.
    :returns: the normalised names, in order.
    :raises ~teenpatti_rules.errors.WrongTypeError: as :func:`normalise_name`.
    :raises ValueError: as :func:`normalise_name` (naming ``players[i]``), or naming
        a name that appears twice once normalised (``"A"`` and ``"A "``, NFC and NFD
        forms are the same name).
    """
    seen: dict[str, int] = {}
    names: list[str] = []
    for index, value in enumerate(values):
        text = normalise_name(value, f"{name}[{index}]")
        if text in seen:
            raise ValueError(
                f"player names must be distinct; {short(text)} appears twice "
                f"({name}[{seen[text]}] and {name}[{index}]) (S1)"
            )
        seen[text] = index
        names.append(text)
    return tuple(names)
