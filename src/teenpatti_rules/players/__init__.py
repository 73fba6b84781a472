"""Automatic players beyond the R44 player: :mod:`teenpatti_rules.players.equity`."""
