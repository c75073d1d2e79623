"""``verify``: a whole game's save proves every roll; one altered reveal, action or deal is
pointed at by its draw."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from buttons_game.games.buttons.engine import Dice
from buttons_game.games.buttons.kind import KIND
from buttons_game.games.kopf.kind import KIND as KOPF
from buttons_game.net import (
    DEAL,
    Epoch,
    HashChain,
    JointDice,
    Proofs,
    decode_proofs,
    encode_proofs,
    roll_draw,
    verify,
)
from tests.net.table import COMPUTERS, GAME_ID, Table, secret


@pytest.fixture(scope="module")
def played() -> tuple[Any, list[Any], Proofs]:
    table = Table()
    match = table.match()
    table.play(match)
    proofs = decode_proofs(json.loads(json.dumps(encode_proofs(table.dice.proofs()))))
    assert proofs == table.dice.proofs()
    return match.state.setup, list(match.state.history()), proofs


def _rolls(actions: list[Any]) -> list[int]:
    return [i for i, action in enumerate(actions) if KIND.is_chance_action(action)]


def test_a_whole_game_is_verified(played: tuple[Any, list[Any], Proofs]) -> None:
    setup, actions, proofs = played
    verdict = verify(KIND, setup, actions, proofs)
    assert verdict.verified
    assert str(verdict) == "verified"


def test_an_altered_reveal_is_pointed_at(played: tuple[Any, list[Any], Proofs]) -> None:
    setup, actions, proofs = played
    draw = 7
    draws = list(proofs.draws)
    other = HashChain(secret("bob", 99), 512).reveal(draw + 1)
    draws[draw] = (draws[draw][0], other, draws[draw][2])
    verdict = verify(KIND, setup, actions, replace(proofs, draws=tuple(draws)))
    assert not verdict.verified
    assert (verdict.problem, verdict.draw) == ("chain", draw)
    assert verdict.expected == proofs.draws[draw - 1][1].hex()
    assert "draw 7" in str(verdict)


def test_an_altered_roll_is_pointed_at(played: tuple[Any, list[Any], Proofs]) -> None:
    setup, actions, proofs = played
    n = 10
    index = _rolls(actions)[n]
    rolled = actions[index]
    altered = Dice(rolled.white % 6 + 1, rolled.gold, rolled.plain)
    changed = [*actions[:index], altered, *actions[index + 1 :]]
    verdict = verify(KIND, setup, changed, proofs)
    assert (verdict.problem, verdict.draw, verdict.action_index) == ("roll", roll_draw(n), index)
    assert verdict.expected == repr(rolled) and verdict.found == repr(altered)


def test_a_roll_without_its_draw_is_pointed_at(played: tuple[Any, list[Any], Proofs]) -> None:
    setup, actions, proofs = played
    short = replace(proofs, draws=proofs.draws[:5])
    verdict = verify(KIND, setup, actions, short)
    assert (verdict.problem, verdict.draw, verdict.action_index) == (
        "missing",
        5,
        _rolls(actions)[4],
    )


def test_another_deal_is_pointed_at(played: tuple[Any, list[Any], Proofs]) -> None:
    setup, actions, proofs = played
    cards = (setup.cards[1], setup.cards[0], setup.cards[2])
    verdict = verify(KIND, replace(setup, cards=cards), actions, proofs)
    assert (verdict.problem, verdict.draw) == ("deal", DEAL)


def test_the_scheme_knows_no_game_kopf_oder_knopf_has_a_deal_without_chance() -> None:
    chains = {c: HashChain(secret(c, 7), 4) for c in COMPUTERS[:2]}
    heads = tuple(chains[c].commitment for c in COMPUTERS[:2])
    dice = JointDice(KOPF, GAME_ID, Epoch(COMPUTERS[:2], heads, 0, "start", 4))
    for computer in COMPUTERS[:2]:
        dice.reveal(computer, DEAL, chains[computer].reveal(1))
    from buttons_game.core.seats import Seat

    game = KOPF.new_game((Seat("ann"), Seat("bob")))
    assert dice.deal(game.state.setup) == game.state.setup
    assert verify(KOPF, game.state.setup, [], dice.proofs()).verified
