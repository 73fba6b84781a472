"""``teenpatti serve``: the reference table server (lobby, websockets, a browser table,
the turn clock, bots, SQLite or PostgreSQL). Needs the ``server`` extra.
"""

from __future__ import annotations

import argparse

from .common import UsageError

__all__ = ["add_options", "run"]

HELP = "serve tables to browsers and websocket clients"
"""The line of ``teenpatti --help`` for ``serve``."""

DESCRIPTION = (
    "Serve a lobby, tables over websockets and a browser table on "
    "http://HOST:PORT/. Every accepted action is committed to the database before "
    "it is acknowledged; on start every table is restored exactly."
)
"""What ``teenpatti serve --help`` says first."""


def run(args: argparse.Namespace) -> int:
    """``teenpatti serve``: serve tables until interrupted.

    :param args: the parsed options of ``serve``.
    :returns: the exit code, 0 after a clean stop.
    :raises UsageError: for a bad database URL or numbers.
    :raises ImportError: without the ``server`` extra (or ``postgres`` for PostgreSQL).
    """
    from ..server.run import export, serve

    if args.export is not None:
        try:
            print(export(args.db, args.export, args.hand))
        except ValueError as error:
            raise UsageError(str(error)) from None
        return 0
    if not 0 <= args.port <= 65535:
        raise UsageError("--port is 0 to 65535")
    if not 0 <= args.bots <= 16:
        raise UsageError("--bots is 0 to 16")
    try:
        serve(
            args.db,
            args.host,
            args.port,
            clock=args.clock,
            bots=args.bots,
            bot_kind=args.bot_kind,
            bot_delay=args.bot_delay,
            deal_delay=args.deal_delay,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
    return 0


def add_options(serve: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti serve`` to its parser."""
    serve.add_argument(
        "--db",
        default="sqlite:///teenpatti.db",
        help="sqlite:///FILE (default sqlite:///teenpatti.db) or "
        "postgresql://USER@HOST:PORT/DB (the postgres extra)",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument(
        "--bots",
        type=int,
        default=0,
        metavar="N",
        help="on an empty database, open a table with N bots and a free chair",
    )
    serve.add_argument(
        "--bot-kind",
        choices=("rule", "equity"),
        default="rule",
        help="the starter table's bots: the R44 rule player or the equity player",
    )
    serve.add_argument(
        "--clock",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="seconds a person has to act; 0 for no clock (30)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="seconds before a bot acts (0.5)",
    )
    serve.add_argument(
        "--deal-delay",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="seconds between a hand's end and the next deal (3)",
    )
    serve.add_argument(
        "--export", metavar="TABLE", help="print TABLE's history (a history document) and exit"
    )
    serve.add_argument(
        "--hand", type=int, metavar="N", help="with --export: only up to the end of finished hand N"
    )
