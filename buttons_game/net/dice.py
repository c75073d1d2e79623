"""``JointDice``: a match's chance source whose every value needs the next reveal of each
computer taking part. It checks each reveal against that computer's chain, answers None
(the dice keep tumbling) until every computer of the epoch has revealed for a draw, and
keeps what a save needs to prove every roll afterwards (``proofs``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from buttons_game.core.kind import AnyKind

from .chain import CHAIN_LENGTH, SIZE, links_back
from .epoch import START, Epoch, deal_seed, joint_value, roll_rng
from .proofs import Proofs

DEAL = 0
"""The joint draw the deal comes from; the match's ``n``-th roll is ``roll_draw(n)``."""


def roll_draw(match_draw: int) -> int:
    """The joint draw of a match's ``match_draw``-th chance outcome (the deal is draw 0)."""
    return match_draw + 1


class DiceError(ValueError):
    """A reveal refused: ``code`` names why ("unknown_computer", "bad_reveal",
    "wrong_reveal", "conflicting_reveal", "before_epoch", "chain_exhausted") and
    ``details`` hold the draw as a whole number."""

    def __init__(self, message: str, *, code: str, details: Mapping[str, int] | None = None):
        super().__init__(message)
        self.code = code
        self.details: dict[str, int] = dict(details or {})


class JointDice:
    """The joint dice of one networked game (a ``ChanceSource``): reveals in, chance
    outcomes out, epochs as computers leave or chains run out."""

    def __init__(self, kind: AnyKind, game_id: str, epoch: Epoch) -> None:
        if epoch.reason != START or epoch.start != DEAL:
            raise ValueError("the first epoch begins at the start, with the deal")
        self.kind = kind
        self.game_id = game_id
        self.epochs: list[Epoch] = []
        self._draws: list[tuple[bytes, ...]] = []  # each complete draw's reveals, in order
        self._values: list[bytes] = []  # each complete draw's joint value
        self.waiting_for: int | None = None  # the joint draw a match last asked for in vain
        self._begin(epoch)

    @classmethod
    def from_proofs(cls, kind: AnyKind, proofs: Proofs) -> JointDice:
        """The dice as a save's proof record left them: every epoch begun and every draw's
        reveals given again, each checked against its chain (a DiceError when one fails)."""
        if not proofs.epochs:
            raise ValueError("a proof record without an epoch")
        dice = cls(kind, proofs.game_id, proofs.epochs[0])
        later = list(proofs.epochs[1:])
        for draw in range(len(proofs.draws) + 1):
            while later and later[0].start <= draw:
                epoch = later.pop(0)
                if epoch.start != draw:
                    raise ValueError(f"an epoch starts at draw {epoch.start}, not {draw}")
                dice.new_epoch(epoch.computers, epoch.commitments, epoch.reason, epoch.length)
            if draw == len(proofs.draws):
                break
            reveals = proofs.draws[draw]
            if len(reveals) != len(dice.epoch.computers):
                raise ValueError(f"draw {draw} has {len(reveals)} reveals")
            for computer, value in zip(dice.epoch.computers, reveals, strict=True):
                dice.reveal(computer, draw, value)
        if later:
            raise ValueError("an epoch starts after the last draw")
        return dice

    # ------------------------------------------------------------------ reading
    @property
    def epoch(self) -> Epoch:
        """The current epoch."""
        return self.epochs[-1]

    @property
    def next_draw(self) -> int:
        """The first draw not complete yet."""
        return len(self._draws)

    @property
    def exhausted(self) -> bool:
        """The current chains hold no reveal for the next draw: a new epoch is needed."""
        return not self.epoch.covers(self.next_draw)

    def joint(self, draw: int) -> bytes | None:
        """The joint value of ``draw``, or None while a reveal is missing."""
        return self._values[draw] if 0 <= draw < len(self._values) else None

    def missing(self, draw: int) -> tuple[str, ...]:
        """The computers of the epoch whose reveal for ``draw`` has not arrived."""
        if draw < self.next_draw:
            return ()
        pending = self._pending.get(draw, {})
        return tuple(c for c in self.epoch.computers if c not in pending)

    def deal(self, setup: Any) -> Any | None:
        """A set-up like ``setup`` dealt from the joint draw 0, or None until it is complete."""
        value = self.joint(DEAL)
        return None if value is None else self.kind.deal(setup, deal_seed(value))

    def value(self, game: Any, draw: int) -> Any | None:
        """The match's ``draw``-th chance outcome, or None until every reveal has arrived."""
        joint = self.joint(roll_draw(draw))
        if joint is None:
            self.waiting_for = roll_draw(draw)
            return None
        return self.kind.chance_from(game.state, roll_rng(joint))

    def reveals(self, draw: int) -> tuple[bytes, ...]:
        """The reveals of the complete ``draw``, in the order of its epoch's computers."""
        return self._draws[draw]

    def proofs(self) -> Proofs:
        """What a save keeps to verify every draw: the epochs and each complete draw's reveals."""
        return Proofs(self.game_id, tuple(self.epochs), tuple(self._draws))

    # ------------------------------------------------------------------ changing
    def reveal(self, computer: str, draw: int, value: bytes) -> None:
        """``computer``'s reveal for ``draw``; a DiceError when it is not its chain's next
        link, not from a computer of the epoch, or differs from one already given."""
        epoch = self.epoch
        details = {"draw": draw}
        if computer not in epoch.computers:
            raise DiceError(
                f"{computer!r:.70} takes no part in the dice now",
                code="unknown_computer",
                details=details,
            )
        if type(value) is not bytes or len(value) != SIZE:
            raise DiceError(f"a reveal is {SIZE} bytes", code="bad_reveal", details=details)
        index = epoch.computers.index(computer)
        if type(draw) is not int or draw < epoch.start:
            raise DiceError(
                f"draw {draw!r:.40} lies before the epoch (from draw {epoch.start})",
                code="before_epoch",
                details={"draw": epoch.start},
            )
        if draw < self.next_draw:
            if self._draws[draw][index] != value:
                raise DiceError(
                    f"draw {draw} is complete with another value of {computer}",
                    code="conflicting_reveal",
                    details=details,
                )
            return
        if not epoch.covers(draw):
            raise DiceError(
                f"{computer}'s chain holds no reveal for draw {draw}",
                code="chain_exhausted",
                details=details,
            )
        pending = self._pending.setdefault(draw, {})
        if computer in pending:
            if pending[computer] != value:
                raise DiceError(
                    f"{computer} revealed another value for draw {draw}",
                    code="conflicting_reveal",
                    details=details,
                )
            return
        number = epoch.reveal_number(draw)
        known_number, known = self._latest[computer]
        if number > known_number:
            fits = links_back(value, number - known_number) == known
        else:
            fits = links_back(known, known_number - number) == value
        if not fits:
            raise DiceError(
                f"{computer}'s reveal for draw {draw} does not hash to its chain",
                code="wrong_reveal",
                details=details,
            )
        pending[computer] = value
        if number > known_number:
            self._latest[computer] = (number, value)
        self._complete_draws()

    def new_epoch(
        self,
        computers: tuple[str, ...],
        commitments: tuple[bytes, ...],
        reason: str,
        length: int = CHAIN_LENGTH,
    ) -> Epoch:
        """The computers still in the game commit anew (a seat handed to a bot, the game
        moved to another host, the chains used up), from the first draw not complete: what
        was revealed for it under the old epoch is dropped."""
        if reason == START:
            raise ValueError("only the first epoch begins at the start")
        epoch = Epoch(tuple(computers), tuple(commitments), self.next_draw, reason, length)
        self._begin(epoch)
        return epoch

    def _begin(self, epoch: Epoch) -> None:
        self.epochs.append(epoch)
        self._pending: dict[int, dict[str, bytes]] = {}
        self._latest = {c: (0, head) for c, head in zip(epoch.computers, epoch.commitments)}

    def _complete_draws(self) -> None:
        epoch = self.epoch
        number = len(self.epochs) - 1
        while True:
            draw = self.next_draw
            pending = self._pending.get(draw)
            if pending is None or len(pending) < len(epoch.computers):
                return
            reveals = tuple(pending[c] for c in epoch.computers)
            del self._pending[draw]
            self._draws.append(reveals)
            self._values.append(joint_value(self.game_id, number, draw, epoch.computers, reveals))
