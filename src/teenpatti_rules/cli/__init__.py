"""The ``teenpatti`` command line (see :mod:`.main`)."""

from __future__ import annotations

from .main import main

__all__ = ["main"]
