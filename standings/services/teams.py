"""The names the readers outside standings (public, printing, the replay) import for a
team tournament's stored standings: they are read as a pair tournament's are
(:func:`.read.tables`, the rows in the competitors' table, :mod:`.competitors`)."""

from __future__ import annotations

from .read import Table as TeamTable
from .read import read_tables as team_tables

__all__ = ["TeamTable", "team_tables"]
