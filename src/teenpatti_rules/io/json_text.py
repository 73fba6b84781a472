"""The JSON text of the messages (:mod:`teenpatti_rules.io.messages`): compact, UTF-8,
keys in order; written and read by :mod:`orjson` when the ``fast`` extra is installed,
else by :mod:`json`, the same text either way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

__all__ = ["ENCODE", "STDLIB_ENCODE", "TRUSTED_DECODE"]

STDLIB_ENCODE: Final = json.JSONEncoder(
    ensure_ascii=False, separators=(",", ":"), check_circular=False, allow_nan=False
).encode
"""The standard library's writer of that text."""


def _pick() -> tuple[Callable[[Any], str], Callable[[str | bytes], Any]]:
    """The JSON writer and (trusted) reader: :mod:`orjson` when the ``fast`` extra is
    installed (the same text: compact, UTF-8, keys in order), else :mod:`json`.
    """
    try:
        import orjson
    except ImportError:
        return STDLIB_ENCODE, json.loads
    dumps, loads = orjson.dumps, orjson.loads

    def encode(value: Any) -> str:
        try:
            return dumps(value).decode()
        except TypeError:  # an int past 64 bits (a seed): the standard library writes it
            return STDLIB_ENCODE(value)

    def decode(text: str | bytes) -> Any:
        try:
            return loads(text)
        except orjson.JSONDecodeError:
            return json.loads(text)  # the standard library's error, or a big int

    return encode, decode


ENCODE, TRUSTED_DECODE = _pick()
"""The writer (value -> text) and the trusted reader (text or bytes -> value)."""
