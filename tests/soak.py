"""Soak volumes: a small count that runs in the quick tier and the full count marked slow."""

from __future__ import annotations

import pytest


def volumes(quick: int, soak: int) -> list:
    """Parameters for a count of games or iterations: ``quick`` always, ``soak`` as slow."""
    return [
        pytest.param(quick, id="quick"),
        pytest.param(soak, id="soak", marks=pytest.mark.slow),
    ]
