"""Three computers' joint dice drive a headless match of BUTTONS through a whole game:
the match waits for every reveal, another computer fed the same values gets the same game,
and a computer leaving (its seat to a bot) starts a new epoch the record keeps."""

from __future__ import annotations

import pytest

from buttons_game.core.control import PERSON_ELSEWHERE, bot_control
from buttons_game.core.events import Waiting
from buttons_game.core.match import CHANCE, ELSEWHERE, Match
from buttons_game.core.notes import TONES
from buttons_game.games.buttons.engine.setup import make_setup
from buttons_game.games.buttons.kind import KIND
from buttons_game.net import DEAL, Epoch, HashChain, JointDice, deal_seed, epoch_note, verify
from tests.i18n_files import strings
from tests.net.table import AGREED, COMPUTERS, GAME_ID, SEATS, Table, follow, secret


def test_three_computers_joint_dice_play_a_whole_game() -> None:
    table = Table()
    match = table.match()
    table.play(match, check_stall=True)  # advance() is False until all three revealed
    state = match.state
    assert state.is_over()
    rolls = [a for a in state.history() if KIND.is_chance_action(a)]
    assert len(rolls) == table.dice.next_draw - 1  # draw 0 is the deal
    assert len(set(rolls)) > 1
    assert [e.reason for e in table.dice.epochs] == ["start"]


def test_the_same_reveals_give_the_same_game_on_another_computer() -> None:
    table = Table()
    match = table.match()
    table.play(match)
    dice = follow(table.log, table.dice)
    setup = dice.deal(AGREED)
    assert setup == match.state.setup
    guest = Match(KIND.game_at(SEATS, KIND.first_state(setup), GAME_ID), chance=dice, seed=5)
    guest.run()
    assert guest.state.history() == match.state.history()
    assert dice.proofs() == table.dice.proofs()


def test_other_secrets_give_other_dice() -> None:
    table = Table()
    other = Table()
    other.chains = {c: HashChain(secret(c, 50), 512) for c in COMPUTERS}
    heads = tuple(other.chains[c].commitment for c in COMPUTERS)
    other.dice = JointDice(KIND, GAME_ID, Epoch(COMPUTERS, heads, 0, "start", 512))
    for each in (table, other):
        each.deal()
        for computer in COMPUTERS:
            each.reveal(computer, 1)
    assert table.dice.joint(0) != other.dice.joint(0)
    assert table.dice.joint(1) != other.dice.joint(1)


def test_chains_used_up_begin_a_new_epoch_and_the_game_goes_on() -> None:
    table = Table(length=8)
    match = table.match()
    table.play(match)
    assert match.state.is_over()
    epochs = table.dice.epochs
    assert len(epochs) > 2 and {e.reason for e in epochs[1:]} == {"exhausted"}
    assert [e.start for e in epochs] == list(range(0, 8 * len(epochs), 8))
    assert verify(KIND, match.state.setup, match.state.history(), table.dice.proofs()).verified


def test_a_computer_that_leaves_hands_its_seat_to_a_bot_and_the_rest_commit_anew() -> None:
    table = Table()
    match = table.match()
    match.set_control(2, PERSON_ELSEWHERE)  # cy plays seat 2 from its own computer
    cy_bot = KIND.make_bot("easy", 9)
    events: list[object] = []
    match.subscribe(events.append)
    left_at = None
    while not match.state.is_over():
        if match.advance():
            continue
        step = match.next_step()
        if step.kind == ELSEWHERE:
            assert match.submit(2, cy_bot.choose(match.state, 2)) is None
            continue
        assert step.kind == CHANCE
        draw = table.dice.waiting_for
        assert draw is not None
        if left_at is None and draw >= 6:
            table.reveal("ann", draw)
            table.reveal("bob", draw)  # cy withholds, then leaves
            assert not match.advance()
            assert Waiting(CHANCE) in events
            match.set_control(2, bot_control(KIND.make_bot("easy", 9)))
            table.renew("seat_to_bot", ("ann", "bob"))
            left_at = draw
            assert table.dice.joint(draw) is None  # the old epoch's reveals are dropped
            assert not match.advance()
        for computer in table.computers:
            table.reveal(computer, draw)
    assert left_at is not None
    epochs = table.dice.proofs().epochs
    assert [(e.reason, e.start, e.computers) for e in epochs] == [
        ("start", 0, COMPUTERS),
        ("seat_to_bot", left_at, ("ann", "bob")),
    ]
    assert epochs[0].commitments[:2] != epochs[1].commitments
    assert verify(KIND, match.state.setup, match.state.history(), table.dice.proofs()).verified


def test_withholding_a_reveal_stalls_the_roll_and_the_match_says_it_waits() -> None:
    table = Table()
    match = table.match()
    events: list[object] = []
    match.subscribe(events.append)
    while match.advance():
        pass  # up to the first roll
    assert match.next_step().kind == CHANCE
    draw = table.dice.waiting_for
    assert draw == 1
    table.reveal("ann", draw)
    table.reveal("bob", draw)  # cy withholds its value
    before = match.state
    for _ in range(5):
        assert not match.advance()
        assert match.peek_chance() is None
    assert match.state is before
    assert table.dice.missing(draw) == ("cy",)
    waits = [e for e in events if type(e).__name__ == "Waiting"]
    assert len(waits) == 1 and waits[0].what == CHANCE  # type: ignore[attr-defined]
    table.reveal("cy", draw)
    assert match.advance()
    assert match.state is not before


def test_the_deal_comes_from_the_joint_draw() -> None:
    table = Table()
    assert table.dice.deal(AGREED) is None  # not before every computer revealed
    setup = table.deal()
    joint = table.dice.joint(DEAL)
    assert joint is not None
    assert setup.seed == deal_seed(joint) and setup.layouts == AGREED.layouts
    assert setup == make_setup(3, layouts=AGREED.layouts, seed=deal_seed(joint))
    dealt = {setup.cards}
    for n in range(1, 6):
        table = Table()
        table.chains = {c: HashChain(secret(c, 100 + n), 512) for c in COMPUTERS}
        heads = tuple(table.chains[c].commitment for c in COMPUTERS)
        table.dice = JointDice(KIND, GAME_ID, Epoch(COMPUTERS, heads, 0, "start", 512))
        dealt.add(table.deal().cards)
    assert len(dealt) > 1  # other secrets, other cards


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "ja"])
def test_every_new_epoch_is_said_in_the_log_in_every_language(language: str) -> None:
    texts = strings(language)
    table = Table(length=4)
    table.renew("seat_to_bot", ("ann", "bob"))
    table.renew("host_moved", ("bob",))
    table.renew("exhausted")
    for epoch in table.dice.epochs:
        note = epoch_note(epoch)
        assert note.tone in TONES and not note.in_log
        text = texts[note.full_key("log")]
        assert "%{computers}" in text
    said = {texts[epoch_note(e).full_key("log")] for e in table.dice.epochs}
    assert len(said) == 4
    assert dict(epoch_note(table.dice.epochs[1]).values) == {"computers": "ann, bob"}
