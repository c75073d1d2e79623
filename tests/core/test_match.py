"""The headless match: one authority for who may act, chance, bots, undo and events."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from typing import Any

import pytest

from buttons_game.core import Seat
from buttons_game.core.control import PERSON_ELSEWHERE, PERSON_HERE, bot_control
from buttons_game.core.events import (
    BY_BOT,
    BY_CHANCE,
    BY_FORCED,
    BY_PERSON,
    Applied,
    Over,
    Undone,
    Waiting,
)
from buttons_game.core.kind import find_kind
from buttons_game.core.match import (
    BOT,
    CHANCE,
    ELSEWHERE,
    FORCED,
    PERSON,
    Match,
    Scripted,
    ScriptRefusal,
    SeatRefusal,
)
from buttons_game.games.buttons.engine import OPT_OUT, ROLL, Dice, GameState, Place, Skip
from buttons_game.games.buttons.game import Game
from buttons_game.games.kopf.engine import PASS, KopfState, new_game
from buttons_game.games.kopf.game import KopfGame

from ..games.kopf.helpers import board
from .checks import CountingChecks

BUTTONS = find_kind("buttons")
KOPF = find_kind("kopf")


def seats(*levels: str | None) -> tuple[Seat, ...]:
    return tuple(Seat(f"S{p}", level) for p, level in enumerate(levels))


def buttons(*levels: str | None, seed: int = 7) -> Game:
    """A new game of BUTTONS whose first roll is seat 0's (the first such seed from ``seed``)."""
    while True:
        game: Game = BUTTONS.new_game(seats(*levels), seed=seed)
        if game.state.active_player == 0:
            return game
        seed += 1


# ---------------------------------------------------------------------- whole games
BLOCKED = textwrap.dedent(
    """
    import importlib.abc, sys

    class NoPygame(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "pygame" or name.startswith(("pygame.", "pygame_gui")):
                raise ImportError("pygame is blocked: " + name)
            return None

    sys.meta_path.insert(0, NoPygame())
    """
)

WHOLE_GAMES = textwrap.dedent(
    """
    from buttons_game.core import Seat
    from buttons_game.core.kind import find_kind, register
    from buttons_game.core.match import Match

    games = [("buttons", 3, {}), ("buttons", 2, {}), ("kopf", 2, {"short": True})]
    for module in EXTRA:
        kind = register(__import__(module, fromlist=["KIND"]).KIND)
        games.append((kind.id, 2, {}))
    for kind_id, players, options in games:
        kind = find_kind(kind_id)
        for level in ("random", "easy"):
            seats = tuple(Seat(f"B{p}", level) for p in range(players))
            game = kind.new_game(seats, seed=3, **options)
            events = []
            match = Match(game, seed=3, strict_bots=True)
            match.subscribe(events.append)
            applied = match.run()
            assert match.state.is_over(), (kind_id, level)
            result = kind.result(match.state)
            assert result is not None and (result.winners or result.drawn)
            assert applied == len(match.state.history()) == len(events) - 1
            assert type(events[-1]).__name__ == "Over"
            print(kind_id, level, applied)
    import sys
    assert not [m for m in sys.modules if m.startswith("pygame")]
    print("no pygame")
    """
)


def test_whole_games_play_through_the_match_alone_with_pygame_blocked() -> None:
    extra = ["tests.third_game.nim", "tests.third_game.pig"]
    code = BLOCKED + f"EXTRA = {extra!r}\n" + WHOLE_GAMES
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "no pygame"
    assert {line.split()[0] for line in lines[:-1]} == {"buttons", "kopf", "nim", "pig"}


def test_a_headless_game_is_the_same_game_whoever_follows_it() -> None:
    """Nobody following takes the fast loop; a follower the step-by-step one: same game."""
    quiet = Match(buttons("easy", "random", "easy"), seed=11)
    quiet.run()
    followed = Match(buttons("easy", "random", "easy"), seed=11)
    followed.subscribe(lambda event: None)
    followed.run()
    assert quiet.state.history() == followed.state.history()
    assert quiet.state.is_over()


def test_the_dice_come_from_the_games_own_stream() -> None:
    """The match rolls exactly the dice ``Game.roll_dice`` gives for the game's seed."""
    match = Match(buttons(None, "easy"))
    assert match.submit(0, ROLL) is None
    expected = match.game.roll_dice()
    assert match.next_step().kind == CHANCE and match.peek_chance() == expected
    assert match.advance()
    assert match.state.history()[-1] == expected


# ---------------------------------------------------------------------- submit
def test_a_person_acts_only_for_their_own_seat_and_only_when_it_decides() -> None:
    match = Match(buttons(None, None, "easy"), [PERSON_HERE, PERSON_HERE, PERSON_HERE])
    active = match.state.active_player
    other = (active + 1) % 3
    match = Match(match.game, [PERSON_HERE, PERSON_HERE, PERSON_HERE])
    before = match.game
    refused = match.submit(other, ROLL)  # the active seat holds the dice
    assert isinstance(refused, SeatRefusal) and refused.code == "not_your_turn"
    bots = Match(before, [bot_control(object()) if p == active else PERSON_HERE for p in range(3)])  # type: ignore[arg-type]
    refused = bots.submit(active, ROLL)
    assert isinstance(refused, SeatRefusal) and refused.code == "bot_seat"
    refused = match.submit(active, OPT_OUT)  # no button yet: the engine's own reason
    assert refused is not None and refused.code == "opt_out_needs_button"
    assert match.game is before
    assert match.submit(active, ROLL) is None
    assert match.state.history() == [ROLL]


def test_a_seat_cannot_decide_for_another_seat() -> None:
    match = Match(buttons(None, None))
    match.submit(0, ROLL)
    match.advance()  # the dice
    refused = match.submit(0, Skip(1))  # seat 1's decision, sent by seat 0
    assert refused is not None and refused.code == "not_your_turn"


def test_a_persons_action_goes_through_the_checked_path_exactly_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match(buttons(None, "easy"))
    checks = CountingChecks(monkeypatch, GameState)
    assert match.submit(0, ROLL) is None
    assert checks.calls == 1
    fresh = Match(buttons(None, "easy"))
    checks.calls = 0
    refused = fresh.submit(0, OPT_OUT)  # no button yet: refused by the engine, once
    assert refused is not None and refused.code == "opt_out_needs_button"
    assert checks.calls == 1


def test_a_bots_action_goes_through_the_checked_path_exactly_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match(KOPF.new_game(seats("easy", "easy"), short=True), seed=1)
    checks = CountingChecks(monkeypatch, KopfState)
    for _ in range(6):
        checks.calls = 0
        assert match.advance()
        assert checks.calls == 1


def test_a_tutorials_refusal_of_a_legal_action_goes_through_submit() -> None:
    match = Match(buttons(None, "easy"), gate=lambda state, action, after: "tutorial.roll_first"
                  if action == OPT_OUT else None)  # fmt: skip
    match.submit(0, ROLL)
    match.advance()
    game = match.game
    place = match.kind.legal_actions(match.state, 0)
    assert place and isinstance(place[0], Place)
    gated = Match(game, gate=lambda state, action, after: "tutorial.not_there")
    refused = gated.submit(0, place[0])
    assert isinstance(refused, ScriptRefusal) and refused.code == "tutorial.not_there"
    assert gated.game is game


# ---------------------------------------------------------------------- the match's own
def test_bots_and_chance_wait_for_advance_and_people_for_submit() -> None:
    match = Match(buttons(None, "easy"))
    step = match.next_step()
    assert (step.kind, step.seat) == (PERSON, 0)
    assert not match.advance()
    match.submit(0, ROLL)
    assert match.next_step().kind == CHANCE
    assert match.advance()
    while match.next_step().kind == BOT:
        assert match.advance()
    assert match.next_step().kind in (PERSON, CHANCE)


def test_kopf_oder_knopf_passes_for_a_person_who_cannot_move() -> None:
    # red's one piece stands in a corner on 3 holes; its targets hold blue pieces that
    # make no pair, so nothing is struck and nothing can move (tests/games/kopf/test_rules)
    red = [(1, 1)]
    blue = [(1, 4), (4, 1), (4, 4), (7, 1), (7, 4), (10, 10), (10, 7), (7, 10), (4, 10)]
    stuck = new_game(board=board({(1, 1): 3}), pieces=(red, blue), to_move=0, target=14)
    person = Match(KopfGame(seats(None, "easy"), stuck))
    step = person.next_step()
    assert (step.kind, step.seat, step.ready) == (FORCED, 0, True)
    events: list[Any] = []
    person.subscribe(events.append)
    assert person.advance()
    assert events[0].action == PASS and events[0].by == BY_FORCED
    bot = Match(KopfGame(seats("easy", None), stuck), seed=1)
    assert bot.next_step().kind == BOT  # a bot decides its pass itself


def test_a_chance_value_that_has_not_arrived_is_waited_for() -> None:
    arrived: list[Dice] = []
    script = Scripted(lambda game: arrived[0] if arrived else None)
    match = Match(buttons(None, "easy"), chance=script)
    events: list[Any] = []
    match.subscribe(events.append)
    match.submit(0, ROLL)
    assert not match.advance()
    assert not match.advance()
    assert [e for e in events if isinstance(e, Waiting)] == [Waiting(CHANCE)]
    arrived.append(Dice(2, 3, (4, 5, 6, 1)))
    assert match.advance()
    assert match.state.history()[-1] == arrived[0]


def test_a_person_elsewhere_is_waited_for_and_told_once() -> None:
    match = Match(buttons(None, None), [PERSON_HERE, PERSON_ELSEWHERE])
    events: list[Any] = []
    match.subscribe(events.append)
    match.submit(0, OPT_OUT) or None
    while match.next_step().kind != ELSEWHERE:
        step = match.next_step()
        if step.kind == PERSON:
            match.submit(step.seat, match.kind.legal_actions(match.state, step.seat)[0])
        else:
            match.advance()
    assert not match.advance() and not match.advance()
    waits = [e for e in events if isinstance(e, Waiting)]
    assert waits == [Waiting(ELSEWHERE, 1)]
    assert not match.here(1) and match.here(0)


def test_events_say_what_happened_once_per_action() -> None:
    match = Match(buttons(None, "random"))
    events: list[Any] = []
    match.subscribe(events.append)
    match.submit(0, ROLL)
    match.advance()
    first, second = events
    assert isinstance(first, Applied) and first.by == BY_PERSON and first.actor == 0
    assert first.before.state.history() == [] and first.after.state.history() == [ROLL]
    assert isinstance(second, Applied) and second.by == BY_CHANCE and second.actor is None
    assert second.happened.notes == tuple(
        BUTTONS.narrate(second.before.state, second.action, second.after.state)
    )  # the log's lines for the dice


def test_events_are_built_only_when_someone_follows(monkeypatch: pytest.MonkeyPatch) -> None:
    built = []
    original = type(BUTTONS).happened
    monkeypatch.setattr(
        type(BUTTONS), "happened", lambda self, *a: built.append(1) or original(self, *a)
    )
    match = Match(buttons(None, "easy"))
    match.submit(0, ROLL)
    match.advance()
    assert built == []
    stop = match.subscribe(lambda event: None)
    match.run(3)
    assert built
    stop()


def test_the_end_is_told_with_its_result() -> None:
    match = Match(KOPF.new_game(seats("random", "easy"), short=True), seed=4)
    events: list[Any] = []
    match.subscribe(events.append)
    match.run()
    over = [e for e in events if isinstance(e, Over)]
    assert len(over) == 1 and over[0].result == KOPF.result(match.state)
    assert events[-1] is over[0]


# ---------------------------------------------------------------------- undo
def test_undo_is_a_request_granted_by_the_games_rule() -> None:
    match = Match(KOPF.new_game(seats(None, "easy"), short=True), seed=2)
    refused = match.request_undo()
    assert refused is not None and refused.code == "nothing_to_undo"
    first = match.game
    match.submit(0, match.kind.legal_actions(match.state, 0)[0])
    match.run()  # the bot's reply
    events: list[Any] = []
    match.subscribe(events.append)
    assert match.can_undo()
    assert match.request_undo() is None
    assert match.state == first.state
    assert isinstance(events[0], Undone) and events[0].seat == 0


def test_a_person_elsewhere_can_undo_only_their_own_decision() -> None:
    match = Match(KOPF.new_game(seats(None, None), short=True), [PERSON_HERE, PERSON_ELSEWHERE])
    match.submit(0, match.kind.legal_actions(match.state, 0)[0])
    assert not match.can_undo() or match.undo_seat() == 0
    refused = match.request_undo(1)
    assert refused is not None
    assert match.request_undo(0) is None
    assert match.state.history() == []


def test_a_bot_seat_never_has_its_decision_undone() -> None:
    match = Match(buttons("easy", "easy"), seed=5)
    match.run(4)
    assert match.request_undo() is not None


# ---------------------------------------------------------------------- the worker
def test_bots_think_on_a_worker_and_never_keep_the_driver_waiting() -> None:
    class Slow:
        rng = None

        def choose(self, state: Any, player: int | None = None) -> Any:
            time.sleep(0.3)
            return state.legal_actions()[0]

    game = KOPF.new_game(seats("easy", None), short=True)
    match = Match(game, [bot_control(Slow()), PERSON_HERE], worker=True)
    try:
        start = time.monotonic()
        assert not match.advance()  # asked: thinking on the worker
        assert time.monotonic() - start < 0.2
        assert match.job is not None and match.next_step().kind == BOT
        deadline = time.monotonic() + 5
        while not match.advance():
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert len(match.state.history()) == 1
        assert match.next_step().kind == PERSON
    finally:
        match.close()


def test_a_bot_that_breaks_a_rule_is_replaced_by_a_legal_action_at_a_table() -> None:
    class Broken:
        def choose(self, state: Any, player: int | None = None) -> Any:
            return OPT_OUT  # never legal at the start

    game = buttons("easy", None)
    match = Match(game, [bot_control(Broken()), PERSON_HERE])
    events: list[Any] = []
    match.subscribe(events.append)
    assert match.advance()
    assert events[0].bot_failed and events[0].action == ROLL and events[0].by == BY_BOT
    strict = Match(game, [bot_control(Broken()), PERSON_HERE], strict_bots=True)
    with pytest.raises(Exception, match="opt out"):
        strict.advance()
