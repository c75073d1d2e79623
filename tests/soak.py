"""Soak volumes: a small count that runs in the quick tier and the full count marked slow."""

from __future__ import annotations

import pytest


def volumes(quick: int, soak: int) -> list:
    """Parameters for a count of games or iterations: ``quick`` always, ``soak`` as slow."""
    return [
        pytest.param(quick, id="quick"),
        pytest.param(soak, id="soak", marks=pytest.mark.slow),
    ]


def quick_twins(values, *quick) -> list:
    """Parameters for ``values`` (a tuple for several names): those in ``quick`` run in the
    quick tier, the rest are marked slow (CI still runs every one)."""
    return [
        value
        if value in quick
        else pytest.param(
            *(value if isinstance(value, tuple) else (value,)), marks=pytest.mark.slow
        )
        for value in values
    ]
