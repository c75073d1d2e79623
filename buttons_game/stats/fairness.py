"""Are the dice fair? A chi-square goodness-of-fit test of each kind of die's faces.

Each face of a fair die comes up a sixth of the time. Over ``n`` rolls the test
compares the counts with n/6 each: X² = Σ (count - n/6)² / (n/6), which for a fair
die follows a chi-square distribution with 5 degrees of freedom. The p-value is
the chance that fair dice give an X² at least this large. Pure Python, no scipy:
the chi-square survival function has closed forms for whole degrees of freedom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FACES = 6
DEGREES_OF_FREEDOM = FACES - 1
# Below this many rolls of a kind of die the test says nothing (n/6 >= 10 per face).
MIN_ROLLS = 60
# A p-value below this is called unusual: fair dice do that once in a hundred times.
UNUSUAL_BELOW = 0.01

FAIR = "fair"
UNUSUAL = "unusual"
TOO_FEW = "too_few"


def chi_square_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square distributed with ``dof`` (a whole number >= 1) degrees
    of freedom: the upper regularized gamma function Q(dof/2, x/2) in closed form.

    Even dof: e^(-x/2) Σ_{j < dof/2} (x/2)^j / j!. Odd dof: erfc(√(x/2)) plus
    e^(-x/2) √(2x/π) Σ_{j < (dof-1)/2} x^j / (3·5·…·(2j+1)).
    """
    if type(dof) is not int or dof < 1:
        raise ValueError(f"degrees of freedom must be a whole number >= 1, not {dof!r}")
    if math.isnan(x):
        raise ValueError("the statistic is not a number")
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    half = x / 2
    if dof % 2 == 0:
        term = total = 1.0
        for j in range(1, dof // 2):
            term *= half / j
            total += term
        return min(1.0, math.exp(-half) * total)
    term = total = 1.0
    for j in range(1, (dof - 1) // 2):
        term *= x / (2 * j + 1)
        total += term
    series = math.exp(-half) * math.sqrt(2 * x / math.pi) * total if dof > 1 else 0.0
    return min(1.0, math.erfc(math.sqrt(half)) + series)


@dataclass(frozen=True)
class DieFairness:
    """One kind of die: how often each face came up (``counts[0]`` is face 1) and the test."""

    counts: tuple[int, ...]

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        """How often each face would come up on a fair die, on average."""
        return self.rolls / FACES

    @property
    def chi_square(self) -> float:
        expected = self.expected
        if expected == 0:
            return 0.0
        return sum((count - expected) ** 2 for count in self.counts) / expected

    @property
    def p_value(self) -> float | None:
        """The chance of counts at least this uneven from fair dice; None with no rolls."""
        if not self.rolls:
            return None
        return chi_square_sf(self.chi_square, DEGREES_OF_FREEDOM)

    @property
    def verdict(self) -> str:
        """FAIR, UNUSUAL (p < UNUSUAL_BELOW) or TOO_FEW (fewer than MIN_ROLLS rolls)."""
        p = self.p_value
        if self.rolls < MIN_ROLLS or p is None:
            return TOO_FEW
        return UNUSUAL if p < UNUSUAL_BELOW else FAIR


def p_number(p: float | None) -> str:
    """A p-value as people read it: two decimals, three below 0.01, "<0.001" below that."""
    if p is None:
        return "–"
    if p < 0.001:
        return "<0.001"
    return f"{p:.3f}" if p < 0.01 else f"{p:.2f}"


def p_text(p: float | None) -> str:
    """The p-value as said in a sentence, such as p = 0.42 or p < 0.001, with no-break
    spaces so a line never splits it."""
    number = p_number(p)
    if number.startswith("<"):
        return f"p\u00a0<\u00a0{number[1:]}"
    return f"p\u00a0=\u00a0{number}"
