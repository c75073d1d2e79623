"""A computer's hash chain, and the joint dice's checks of each reveal against it."""

from __future__ import annotations

import hashlib

import pytest

from buttons_game.games.buttons.kind import KIND
from buttons_game.net import DiceError, Epoch, HashChain, JointDice, link
from buttons_game.net.chain import DOMAIN
from tests.net.table import COMPUTERS, GAME_ID, Table, secret


def test_each_reveal_hashes_once_to_the_one_before_and_the_first_to_the_head() -> None:
    chain = HashChain(secret("ann", 0), 8)
    assert chain.commitment == hashlib.sha256(DOMAIN + chain.reveal(1)).digest()
    for k in range(2, 9):
        assert link(chain.reveal(k)) == chain.reveal(k - 1)
    assert chain.reveal(8) == secret("ann", 0)
    with pytest.raises(IndexError):
        chain.reveal(9)


def test_a_fresh_chain_has_a_secret_nobody_chose() -> None:
    assert HashChain(length=4).commitment != HashChain(length=4).commitment
    with pytest.raises(ValueError):
        HashChain(b"short", 4)


def test_the_dice_take_the_chains_reveals_and_refuse_a_wrong_one() -> None:
    table = Table(length=16)
    dice = table.dice
    table.reveal("ann", 0)
    wrong = table.reveal_of("bob", 1)  # bob's reveal for the next draw, not this one
    with pytest.raises(DiceError) as refused:
        dice.reveal("bob", 0, wrong)
    assert refused.value.code == "wrong_reveal"
    assert refused.value.details == {"draw": 0}
    with pytest.raises(DiceError) as refused:
        dice.reveal("bob", 0, b"\x00" * 32)
    assert refused.value.code == "wrong_reveal"
    table.reveal("bob", 0)
    assert dice.missing(0) == ("cy",)
    assert dice.joint(0) is None


def test_a_reveal_from_a_computer_not_taking_part_is_refused() -> None:
    table = Table(length=16)
    outsider = HashChain(secret("dee", 0), 16)
    with pytest.raises(DiceError) as refused:
        table.dice.reveal("dee", 0, outsider.reveal(1))
    assert refused.value.code == "unknown_computer"


def test_a_complete_draw_keeps_its_values() -> None:
    table = Table(length=16)
    table.deal()
    joint = table.dice.joint(0)
    assert joint is not None
    table.dice.reveal("ann", 0, table.reveal_of("ann", 0))  # the same value again: fine
    with pytest.raises(DiceError) as refused:
        table.dice.reveal("ann", 0, table.reveal_of("ann", 1))
    assert refused.value.code == "conflicting_reveal"
    table.reveal("ann", 1)
    with pytest.raises(DiceError) as refused:
        table.dice.reveal("ann", 1, table.reveal_of("ann", 2))
    assert refused.value.code == "conflicting_reveal"
    assert table.dice.joint(0) == joint


def test_a_reveal_ahead_and_a_late_one_both_check_against_the_chain() -> None:
    table = Table(length=16)
    table.reveal("ann", 3)
    table.reveal("ann", 0)
    with pytest.raises(DiceError) as refused:
        table.dice.reveal("ann", 1, table.reveal_of("ann", 2))
    assert refused.value.code == "wrong_reveal"
    table.reveal("ann", 1)


def test_a_chain_used_up_refuses_more_and_asks_for_a_new_epoch() -> None:
    table = Table(length=2)
    table.deal()
    for computer in COMPUTERS:
        table.reveal(computer, 1)
    assert table.dice.exhausted
    with pytest.raises(DiceError) as refused:
        table.dice.reveal("ann", 2, b"\x01" * 32)
    assert refused.value.code == "chain_exhausted"
    table.renew("exhausted")
    assert table.dice.epoch.start == 2 and not table.dice.exhausted
    table.reveal("ann", 2)


def test_the_first_epoch_begins_at_the_start() -> None:
    table = Table(length=4)
    heads = tuple(table.chains[c].commitment for c in COMPUTERS)
    with pytest.raises(ValueError):
        JointDice(KIND, GAME_ID, Epoch(COMPUTERS, heads, 0, "seat_to_bot", 4))
    with pytest.raises(ValueError):
        Epoch(("ann", "ann"), heads[:2], 0, "start", 4)
    with pytest.raises(ValueError):
        Epoch(COMPUTERS, heads, 0, "because", 4)
