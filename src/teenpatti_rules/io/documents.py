"""Reading JSON documents (states and histories): parsing, the format version, and
errors that name each problem and its path.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..errors import HistoryError
from ..limits import MAX_DOCUMENT_CHARS, MAX_NUMBER_DIGITS, short
from .codec import _json_kind, _short, converter

__all__ = ["bad_document", "describe_error", "load_document", "structure"]


# --- reading documents -----------------------------------------------------------------


def describe_error(error: BaseException, _type: Any) -> str:
    """One problem in words, for :func:`cattrs.transform_error`."""
    from cattrs.errors import ForbiddenExtraKeysError

    if isinstance(error, KeyError):
        return "required field missing"
    if isinstance(error, ForbiddenExtraKeysError):
        return "unknown field(s) " + ", ".join(sorted(map(repr, error.extra_fields)))
    if isinstance(error, ValueError) and str(error):
        return str(error)
    return f"{type(error).__name__}: {error}"


_ACTION_PATH: Final = re.compile(r"\$\.actions\[(\d+)\]")


def bad_document(what: str, problems: Sequence[str]) -> HistoryError:
    """A :class:`.HistoryError` for ``problems`` (``"description @ path"`` each, at least one)."""
    shown = "; ".join(problems[:4])
    if len(problems) > 4:
        shown += f" (and {len(problems) - 4} more)"
    path = problems[0].rpartition(" @ ")[2] if " @ " in problems[0] else None
    match = _ACTION_PATH.match(path or "")
    return HistoryError(
        f"bad {what}: {shown}",
        path=path,
        index=int(match[1]) if match else None,
        problems=tuple(problems),
    )


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _parse_int(text: str) -> int:
    """A JSON integer, refused past :data:`~teenpatti_rules.limits.MAX_NUMBER_DIGITS`
    digits before it is converted (issue 20, D24).
    """
    digits = len(text) - text.startswith("-")
    if digits > MAX_NUMBER_DIGITS:
        raise ValueError(
            f"a number of {digits} digits; numbers in a document have at most "
            f"{MAX_NUMBER_DIGITS} (limits.MAX_NUMBER_DIGITS)"
        )
    return int(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict; a key given twice is refused (not "last wins")."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(f"duplicate key {short(twice)} in an object")
    return result


def _looks_like_a_file_name(text: str) -> bool:
    """One short line, not JSON, that ends in ``.json`` or holds a path separator."""
    line = text.strip()
    return (
        len(line) < 1000
        and "\n" not in line
        and not line.startswith(("{", "["))
        and (line.endswith(".json") or "/" in line or "\\" in line)
    )


def load_document(text: str | bytes, what: str, version: int) -> dict[str, Any]:
    """Parse JSON ``text`` into an object whose ``"version"`` is ``version``.

    :param text: the JSON document (str, or bytes in UTF-8/16/32); a leading UTF-8
        byte order mark is ignored. At most
        :data:`~teenpatti_rules.limits.MAX_DOCUMENT_CHARS` characters (or bytes).
    :param what: ``"history"`` or ``"state"``, for messages.
    :param version: the only format version accepted.
    :returns: the parsed object (a dict).
    :raises HistoryError: for text that is not JSON (bytes that are not UTF-8
        included), too long, with a key given twice in one object, not an object,
        or with a missing or other version.
    """
    if not isinstance(text, str | bytes | bytearray):
        hint = ""
        if isinstance(text, os.PathLike):
            hint = " (to read a file, pass its text: Path(path).read_text())"
        raise HistoryError(
            f"a {what} document is JSON text (str or bytes), not {_short(text)}{hint}"
        )
    if len(text) > MAX_DOCUMENT_CHARS:
        raise HistoryError(
            f"a {what} document is at most {MAX_DOCUMENT_CHARS} characters, not {len(text)}",
            path="$",
        )
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")
        if _looks_like_a_file_name(text):
            raise HistoryError(
                f"malformed {what} JSON: {_short(text)} looks like a file name; pass the "
                "file's text (Path(name).read_text()), not its name",
                path="$",
            )
    try:
        document = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_int=_parse_int,
            object_pairs_hook=_no_duplicates,
        )
    except RecursionError:
        raise HistoryError(f"malformed {what} JSON: nested too deeply", path="$") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, huge ints, NaN
        raise HistoryError(f"malformed {what} JSON: {error}", path="$") from None
    if not isinstance(document, dict):
        raise HistoryError(
            f"a {what} document is a JSON object, not {_json_kind(document)} @ $",
            path="$",
        )
    if "version" not in document:
        raise HistoryError(
            f"a {what} document needs its format version (e.g. 'version': {version}) @ $.version",
            path="$.version",
        )
    found = document["version"]
    if type(found) is not int:
        raise HistoryError(
            f"the format version is an int, not {_json_kind(found)} @ $.version",
            path="$.version",
        )
    if found != version:
        raise HistoryError(
            f"unsupported {what} format version {_short(found)} "
            f"(this library reads version {version}) @ $.version",
            path="$.version",
        )
    return document


def structure(document: Mapping[str, Any], cls: type[Any], what: str) -> Any:
    """``converter().structure(document, cls)``, with every failure as a :class:`.HistoryError`.

    :raises HistoryError: naming each problem and its path (``$.seats[2].stack``).
    """
    from cattrs.errors import BaseValidationError
    from cattrs.v import transform_error

    try:
        return converter().structure(document, cls)
    except BaseValidationError as error:
        problems = transform_error(error, format_exception=describe_error)
    except Exception as error:  # a hook outside detailed validation; never expected
        problems = [f"{describe_error(error, None)} @ $"]
    raise bad_document(f"{what} document", problems or [f"invalid {what} @ $"])
