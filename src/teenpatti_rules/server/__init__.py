"""A reference table server on the library: ``teenpatti serve``.

Lobby (HTTP JSON), play (a websocket per seat), a browser table (static pages
shipped in the package), the turn clock, automatic players, and a database (SQLite
or PostgreSQL) to which every accepted action is committed before it is
acknowledged. Needs the ``server`` extra (``pip install '/path/to/teenpatti_rules[server]'``:
Starlette, uvicorn, websockets); PostgreSQL also the ``postgres`` extra.

- :mod:`.library`: the only module that calls the rules library (the seams);
- :mod:`.store`: the database and its writer thread;
- :mod:`.table`: one open table's life (S1–S9: chairs, joins, the clock, bots);
  :mod:`.listener`: what it sends (whole views, event streams); :mod:`.hub`: all tables;
- :mod:`.app`: the ASGI application; :mod:`.run`: :func:`~.run.serve`.

See the "Host a table" guide, the protocol page and the server architecture page.
"""

from __future__ import annotations

__all__ = ["require_extra"]


def require_extra() -> None:
    """Check that the ``server`` extra is installed.

    :raises ImportError: naming the extra, if Starlette, uvicorn or websockets is
        missing.
    """
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as error:
        raise ImportError(
            f"teenpatti serve needs the 'server' extra ({error.name} is missing): "
            "pip install '/path/to/teenpatti_rules[server]'"
        ) from error
