"""A game with a die (Pig, registered from the tests) plays through the Match headless,
its die from the game's own seeded stream, and is saved, listed, replayed and counted in
the statistics by the shared services, with no change to any of them. (``pig``, ``home``:
conftest.py.)"""

from __future__ import annotations

import json

import pytest

from buttons_game import saves, stats
from buttons_game.core import Seat
from buttons_game.core.control import bot_control
from buttons_game.core.events import BY_CHANCE, Applied, Over
from buttons_game.core.match import CHANCE, PERSON, Match
from buttons_game.replay import Replay

SEATS = (Seat("Ann"), Seat("Bo", "easy"))


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_pig_plays_to_its_end_through_the_match(pig, level):
    for seed in range(5):
        seats = (Seat("A", level), Seat("B", level))
        match = Match(pig.KIND.new_game(seats, seed=seed), seed=seed, strict_bots=True)
        applied = match.run()
        state = match.state
        assert state.is_over() and applied == len(state.history())
        assert max(state.scores) >= pig.TARGET and state.scores[state.outcome()] >= pig.TARGET
        faces = [a.face for a in state.history() if type(a) is pig.Die]
        assert faces and all(1 <= face <= 6 for face in faces)
        again = Match(pig.KIND.new_game(seats, seed=seed), seed=seed)
        again.subscribe(lambda event: None)  # the step-by-step loop: the same game
        again.run()
        assert again.state.history() == state.history()


def test_the_die_comes_from_the_games_stream_and_a_person_waits_for_it(pig):
    game = pig.KIND.new_game(SEATS, seed=8)
    match = Match(game, seed=8)
    events: list = []
    match.subscribe(events.append)
    assert match.next_step().kind == PERSON
    assert match.submit(0, pig.HOLD) is not None, "nothing to hold before a roll"
    assert match.submit(0, pig.ROLL) is None
    step = match.next_step()
    assert step.kind == CHANCE and step.ready
    expected = pig.KIND.chance_action(match.game, 0)
    assert match.peek_chance() == expected
    assert match.submit(0, pig.Die(6)) is not None, "a person never chooses the face"
    assert match.advance() and match.state.history()[-1] == expected
    rolled = [e for e in events if isinstance(e, Applied) and e.by == BY_CHANCE]
    assert len(rolled) == 1 and rolled[0].happened.notes[0].key in {"die", "rolls_a_one"}


def test_many_games_roll_every_face_about_as_often(pig):
    counts = [0] * 6
    for seed in range(40):
        game = pig.played((Seat("A", "hard"), Seat("B", "hard")), seed=seed)
        for face, n in enumerate(pig.KIND.chance_counts(game)["die"]):
            counts[face] += n
    rolls = sum(counts)
    assert rolls > 600 and all(abs(n / rolls - 1 / 6) < 0.05 for n in counts), counts


def test_pig_ends_with_its_result_told_once(pig):
    seats = (Seat("A", "easy"), Seat("B", "random"))
    match = Match(pig.KIND.new_game(seats, seed=2), seed=2)
    events: list = []
    match.subscribe(events.append)
    match.run()
    overs = [e for e in events if isinstance(e, Over)]
    assert len(overs) == 1 and overs[0].result.winners == (match.state.outcome(),)


def test_pig_is_saved_loaded_and_replayed(pig):
    for actions in (0, 5, None):
        game = pig.played(SEATS, seed=3, actions=actions)
        text = saves.encode_game(game, name="Sty")
        assert json.loads(text)["game"] == "pig"
        loaded = saves.decode_game(text.encode(), "sty.json").game
        assert loaded == game and loaded.state.history() == game.state.history()
    replay = Replay.of(game)
    assert replay.kind == "pig" and replay.last == len(game.state.history())
    assert replay.states[-1] == game.state
    assert len(replay.landmarks) > 2, "each turn's start is a landmark"
    doc = json.loads(saves.encode_game(game))
    doc["actions"][1] = {"die": 7}
    with pytest.raises(ValueError, match=r"action 1 \(Die\(face=7\)\): a die shows 1 to 6"):
        saves.decode_game(json.dumps(doc).encode(), "x.json")


def test_pig_is_listed_continued_and_counted(pig):
    over = pig.played(SEATS, seed=1)
    playing = pig.played(SEATS, seed=2, actions=6)
    saves.autosave(over)
    saves.autosave(playing)
    infos = {info.game_id: info for info in saves.list_saves()}
    assert infos[over.game_id].finished and infos[over.game_id].game == "pig"
    assert saves.latest_unfinished().game_id == playing.game_id
    assert stats.record_game(over).added == 1
    result = stats.refresh().stats
    assert result.totals["pig"] == 1
    (ann,) = result.players("pig")
    assert ann.wins == int(over.state.outcome() == 0)
    rolls = sum(1 for a in over.state.history() if type(a) is pig.Roll)
    assert ann.figure("rolls") + _bo_rolls(pig, over) == rolls


def _bo_rolls(pig, game) -> int:
    return dict(pig.KIND.seat_figures(game)[1].figures)["rolls"]


def test_a_bot_breaking_pigs_rule_raises_in_a_tournament_match(pig):
    class Cheat:
        def choose(self, state, player=None):
            return pig.HOLD  # holding before any roll is not allowed

    game = pig.KIND.new_game((Seat("A", "easy"), Seat("B", "easy")), seed=1)
    match = Match(game, [bot_control(Cheat()), bot_control(Cheat())], strict_bots=True)
    with pytest.raises(Exception, match="not legal now"):
        match.run()
