"""``verify``: anyone holding a networked game's save can check every roll afterwards:
every chain link, every joint value, the deal and each chance action, in order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from buttons_game.core.errors import RulesError
from buttons_game.core.kind import AnyKind

from .chain import link
from .dice import DEAL, roll_draw
from .epoch import deal_seed, joint_value, roll_rng
from .proofs import Proofs

# What did not match (``Verdict.problem``).
CHAIN = "chain"  # a reveal does not hash to its chain's previous link (or the head)
DEAL_PROBLEM = "deal"  # the set-up is not the deal of the joint draw 0
ROLL = "roll"  # a chance action is not the outcome of its joint draw
MISSING = "missing"  # a chance action (or the deal) has no complete draw in the record
ILLEGAL = "illegal"  # an action the rules refuse


@dataclass(frozen=True)
class Verdict:
    """Verified, or the first draw that does not match: its index (the joint draw: 0 is the
    deal, the match's ``n``-th roll is ``n + 1``), the action's index, what the record gives
    and what the game holds."""

    problem: str | None = None
    draw: int | None = None
    action_index: int | None = None
    expected: str = ""
    found: str = ""

    @property
    def verified(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        if self.problem is None:
            return "verified"
        where = f"draw {self.draw}" if self.draw is not None else "the game"
        if self.action_index is not None:
            where += f" (action {self.action_index})"
        return f"{where}: {self.problem}: expected {self.expected}, found {self.found}"


def _chains(proofs: Proofs) -> Verdict | None:
    """Every reveal against its chain: the first that does not hash to the link before."""
    latest: dict[str, bytes] = {}
    epoch_index = -1
    for draw, reveals in enumerate(proofs.draws):
        index = proofs.epoch_of(draw)
        epoch = proofs.epochs[index]
        if index != epoch_index:
            epoch_index = index
            latest = dict(zip(epoch.computers, epoch.commitments))
        for computer, reveal in zip(epoch.computers, reveals):
            if link(reveal) != latest[computer]:
                return Verdict(
                    CHAIN, draw, None, latest[computer].hex(), f"{computer}: {link(reveal).hex()}"
                )
            latest[computer] = reveal
    return None


def _joint(proofs: Proofs, draw: int) -> bytes | None:
    if not 0 <= draw < len(proofs.draws):
        return None
    index = proofs.epoch_of(draw)
    epoch = proofs.epochs[index]
    return joint_value(proofs.game_id, index, draw, epoch.computers, proofs.draws[draw])


def check_roll(kind: AnyKind, state: Any, action: Any, proofs: Proofs, draw: int) -> Verdict:
    """Whether the chance ``action`` at ``state`` is the outcome of joint ``draw``, the last
    in ``proofs``, whose reveals must each hash to their chain's previous link: a guest
    checks each roll as it lands, with the record it holds."""
    if not 0 < draw < len(proofs.draws) or draw != len(proofs.draws) - 1:
        return Verdict(MISSING, draw, None, "a complete draw", "none")
    index = proofs.epoch_of(draw)
    epoch = proofs.epochs[index]
    before = proofs.draws[draw - 1] if proofs.epoch_of(draw - 1) == index else epoch.commitments
    if len(before) != len(epoch.computers) or len(proofs.draws[draw]) != len(epoch.computers):
        return Verdict(CHAIN, draw, None, f"{len(epoch.computers)} reveals", "another number")
    for computer, previous, reveal in zip(epoch.computers, before, proofs.draws[draw]):
        if link(reveal) != previous:
            return Verdict(CHAIN, draw, None, previous.hex(), f"{computer}: {link(reveal).hex()}")
    joint = _joint(proofs, draw)
    assert joint is not None
    if not state.is_chance_node():
        return Verdict(ILLEGAL, draw, None, "a decision", repr(action)[:200])
    expected = kind.chance_from(state, roll_rng(joint))
    if expected != action:
        return Verdict(ROLL, draw, None, repr(expected)[:200], repr(action)[:200])
    return Verdict()


def verify(kind: AnyKind, setup: Any, actions: Sequence[Any], proofs: Proofs) -> Verdict:
    """Whether ``proofs`` give exactly this game: ``setup`` is the deal of draw 0 and each
    chance action in ``actions`` the outcome of its draw (the match's draw counter: the
    chance actions before it), every reveal a link of its computer's chain."""
    broken = _chains(proofs)
    if broken is not None:
        return broken
    joint = _joint(proofs, DEAL)
    if joint is None:
        return Verdict(MISSING, DEAL, None, "the deal's draw", "none")
    dealt = kind.deal(setup, deal_seed(joint))
    if dealt != setup:
        return Verdict(DEAL_PROBLEM, DEAL, None, repr(dealt)[:200], repr(setup)[:200])
    state = kind.first_state(setup)
    rolls = 0
    for index, action in enumerate(actions):
        if kind.is_chance_action(action):
            draw = roll_draw(rolls)
            joint = _joint(proofs, draw)
            if joint is None:
                return Verdict(MISSING, draw, index, "a complete draw", "none")
            if not state.is_chance_node():
                return Verdict(ILLEGAL, draw, index, "a decision", repr(action)[:200])
            expected = kind.chance_from(state, roll_rng(joint))
            if expected != action:
                return Verdict(ROLL, draw, index, repr(expected)[:200], repr(action)[:200])
            rolls += 1
        try:
            state = state.apply(action)
        except RulesError as error:
            return Verdict(ILLEGAL, None, index, "a legal action", f"{action!r:.120}: {error}")
    return Verdict()
