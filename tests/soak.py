"""Soak volumes: a small count that runs in the quick tier and the full count marked slow."""

from __future__ import annotations

import pytest


def volumes(quick: int, soak: int) -> list:
    """Parameters for a count of games or iterations: ``quick`` always, ``soak`` as slow."""
    return [
        pytest.param(quick, id="quick"),
        pytest.param(soak, id="soak", marks=pytest.mark.slow),
    ]


def quick_twins(values, *quick, names: int = 1) -> list:
    """Parameters for ``values`` (each a tuple of ``names`` values when there are several
    names): those in ``quick`` run in the quick tier, the rest are marked slow (CI still
    runs every one)."""
    return [
        value
        if value in quick
        else pytest.param(*(value if names > 1 else (value,)), marks=pytest.mark.slow)
        for value in values
    ]
