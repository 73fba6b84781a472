"""The ``teenpatti`` command line (see :func:`main`)."""

from __future__ import annotations

from .main import main

__all__ = ["main"]
