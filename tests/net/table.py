"""A networked game of BUTTONS without a network: three computers' chains feeding the joint
dice of a headless match, every reveal and epoch kept in a log another computer can follow."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from buttons_game.core.match import CHANCE, Match
from buttons_game.core.seats import Seat
from buttons_game.games.buttons.engine.setup import make_setup
from buttons_game.games.buttons.kind import KIND
from buttons_game.net import DEAL, Epoch, HashChain, JointDice

GAME_ID = "a1b2c3"
COMPUTERS = ("ann", "bob", "cy")
AGREED = make_setup(3, seed=1)  # the boards the players agreed on (the deal is drawn)
SEATS = tuple(Seat(name, bot="easy") for name in COMPUTERS)


def secret(computer: str, epoch: int) -> bytes:
    return hashlib.sha256(f"{computer}:{epoch}".encode()).digest()


@dataclass
class Table:
    """The computers taking part, their chains and the joint dice; ``log`` holds every
    reveal ("reveal", computer, draw, value) and new epoch ("epoch", computers, heads,
    reason, length) in the order they happened."""

    length: int = 512
    computers: tuple[str, ...] = COMPUTERS
    chains: dict[str, HashChain] = field(default_factory=dict)
    log: list[tuple[Any, ...]] = field(default_factory=list)
    dice: JointDice = field(init=False)

    def __post_init__(self) -> None:
        self.chains = {c: HashChain(secret(c, 0), self.length) for c in self.computers}
        heads = tuple(self.chains[c].commitment for c in self.computers)
        self.dice = JointDice(KIND, GAME_ID, Epoch(self.computers, heads, 0, "start", self.length))

    def renew(self, reason: str, computers: tuple[str, ...] | None = None) -> None:
        """The computers still in the game (``computers``) commit anew."""
        self.computers = self.computers if computers is None else computers
        number = len(self.dice.epochs)
        self.chains = {c: HashChain(secret(c, number), self.length) for c in self.computers}
        heads = tuple(self.chains[c].commitment for c in self.computers)
        self.dice.new_epoch(self.computers, heads, reason, self.length)
        self.log.append(("epoch", self.computers, heads, reason, self.length))

    def reveal_of(self, computer: str, draw: int) -> bytes:
        return self.chains[computer].reveal(self.dice.epoch.reveal_number(draw))

    def reveal(self, computer: str, draw: int) -> None:
        value = self.reveal_of(computer, draw)
        self.dice.reveal(computer, draw, value)
        self.log.append(("reveal", computer, draw, value))

    def deal(self) -> Any:
        for computer in self.computers:
            self.reveal(computer, DEAL)
        return self.dice.deal(AGREED)

    def match(self) -> Match:
        setup = self.deal()
        game = KIND.game_at(SEATS, KIND.first_state(setup), GAME_ID)
        return Match(game, kind=KIND, chance=self.dice, seed=5)

    def play(self, match: Match, *, check_stall: bool = False) -> None:
        """Play to the end, revealing as the match waits (one computer at a time: with
        ``check_stall`` the match must not move until the last one has revealed)."""
        while not match.state.is_over():
            if match.advance():
                continue
            assert match.next_step().kind == CHANCE
            if self.dice.exhausted:
                self.renew("exhausted")
            draw = self.dice.waiting_for
            assert draw is not None
            for computer in self.computers:
                if check_stall:
                    assert not match.advance()
                self.reveal(computer, draw)


def follow(log: list[tuple[Any, ...]], first: JointDice) -> JointDice:
    """Another computer's joint dice, fed what it received: the same epochs and reveals."""
    epoch = first.epochs[0]
    dice = JointDice(KIND, GAME_ID, epoch)
    for entry in log:
        if entry[0] == "epoch":
            dice.new_epoch(entry[1], entry[2], entry[3], entry[4])
        else:
            dice.reveal(entry[1], entry[2], entry[3])
    return dice
