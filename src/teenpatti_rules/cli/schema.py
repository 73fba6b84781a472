"""``teenpatti schema KIND``: print the JSON Schema of a document kind."""

from __future__ import annotations

import argparse
import json

from ..io.schema import SCHEMA_KINDS, schema

__all__ = ["add_options", "run"]

HELP = "print the JSON Schema of a document kind"
"""The line of ``teenpatti --help`` for ``schema``."""

DESCRIPTION = (
    "Print the JSON Schema (draft 2020-12) of one kind of document the "
    "library writes and reads: " + ", ".join(SCHEMA_KINDS) + "."
)
"""What ``teenpatti schema --help`` says first."""


def run(args: argparse.Namespace) -> int:
    """``teenpatti schema KIND``: the JSON Schema (draft 2020-12) of ``KIND`` documents
    (:func:`~teenpatti_rules.io.schema.schema`), indented, on standard output.

    :param args: the parsed options of ``schema``.
    :returns: the exit code, 0.
    """
    print(json.dumps(schema(args.kind), indent=2, ensure_ascii=False))
    return 0


def add_options(command: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti schema`` to its parser."""
    command.add_argument("kind", choices=SCHEMA_KINDS, help="the document kind")
