"""A third game, registered from the tests, is saved, listed, loaded, replayed and
counted in the statistics by the shared services, with no change to any of them."""

import json

from buttons_game import saves, stats
from buttons_game.core import Seat, unregister
from buttons_game.replay import Replay
from buttons_game.stats.report import stats_text, stats_to_json

SEATS = (Seat("Ann"), Seat("Bo", "easy"))


def test_a_third_game_is_saved_and_loaded_again(nim):
    for moves in (0, 2, None):
        game = nim.played(SEATS, seed=3, moves=moves)
        text = saves.encode_game(game, name="Heap")
        assert json.loads(text)["game"] == "nim"
        assert saves.decode_game(text.encode(), "heap.json").game == game
    path = saves.autosave(game)
    loaded = saves.load_game(path)
    assert loaded == game and loaded.state.history() == game.state.history()
    assert loaded.undo().state == game.undo().state
    doc = json.loads(saves.encode_game(game))
    doc["seats"].append({"name": "Cy", "bot": None})
    bad = json.dumps(doc).encode()
    assert "exactly 2 seats" in str(_error(lambda: saves.decode_game(bad, "x.json")))


def _error(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001
        return error
    raise AssertionError("no error")


def test_a_third_game_is_listed_and_continued(nim):
    over = nim.played(SEATS, seed=1)
    playing = nim.played(SEATS, seed=2, moves=2)
    saves.autosave(over)
    saves.autosave(playing)
    for _ in range(2):  # read, then from the index
        infos = {info.game_id: info for info in saves.list_saves()}
        assert infos[over.game_id].finished and infos[over.game_id].game == "nim"
        assert infos[playing.game_id].turn_number == 3
        assert infos[playing.game_id].round_number is None
        assert saves.latest_unfinished().game_id == playing.game_id


def test_a_third_game_is_replayed(nim):
    game = nim.played(SEATS, seed=4)
    replay = Replay.of(game)
    assert replay.kind == "nim" and replay.last == len(game.state.history())
    assert replay.states[-1] == game.state and replay.landmarks == (0, replay.last)
    assert len(replay.log(replay.last)) == replay.last
    assert replay.game_at(1).state == replay.states[1]


def test_a_third_game_is_counted_in_the_statistics(nim):
    games = [nim.played(SEATS, seed=seed) for seed in range(5)]
    for game in games[:3]:
        assert stats.record_game(game).added == 1
    for game in games[3:]:
        saves.autosave(game)
    result = stats.refresh().stats
    assert result.totals["nim"] == 5 and result.totals["buttons"] == 0
    (ann,) = result.players("nim")
    assert ann.games == 5
    assert ann.wins == sum(game.state.outcome() == 0 for game in games)
    assert ann.figure("takes") == sum(len(game.state.taken[0::2]) for game in games)
    assert stats.decode_statistics(stats.encode_statistics(result)) == result
    assert "Nim (finished games counted: 5)" in stats_text(result)
    assert stats_to_json(result)["games"]["nim"] == 5


def test_a_game_no_longer_registered_is_never_fatal(nim):
    game = nim.played(SEATS, seed=5)
    saves.autosave(game)
    stats.record_game(game)
    assert saves.list_saves()[0].game == "nim"  # indexed as a game of Nim
    unregister("nim")
    (info,) = saves.list_saves()
    assert info.broken and 'the game must be "buttons" or "kopf"' in info.error
    result = stats.read_statistics()  # its Nim figures are left out
    assert "nim" not in result.totals and result.players() == [] and result.counted


def test_a_third_games_action_did_what_its_narration_says_and_nothing_more(nim):
    from buttons_game.core.events import Happened

    game = nim.played(SEATS, seed=4, moves=1)
    state = game.state
    action = nim.Take(2)
    after = state.apply(action)
    done = nim.KIND.happened(state, action, after)
    assert type(done) is Happened
    assert done == Happened(nim.KIND.narrate(state, action, after))
    assert done.cue is None
