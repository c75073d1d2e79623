"""The core: seats, notes, rules errors, the registry of games, and undo shared by both."""

import pickle
import subprocess
import sys

import pytest

from buttons_game.core import LEVELS, Note, RulesError, Seat, find_kind, kind_of, kinds
from buttons_game.games.buttons import Game, IllegalActionError
from buttons_game.games.kopf import IllegalActionError as KopfIllegalActionError
from buttons_game.games.kopf import KopfGame


def test_both_games_are_registered_in_menu_order():
    assert [kind.id for kind in kinds()][:2] == ["buttons", "kopf"]
    assert find_kind("nothing") is None


def test_a_game_knows_its_kind():
    buttons = Game.new((Seat("Ann"), Seat("Ben")), seed=1)
    kopf = KopfGame.new((Seat("Ann"), Seat("Bo", "easy")))
    assert kind_of(buttons).id == "buttons" and kind_of(kopf).id == "kopf"
    assert kind_of(buttons).title == "BUTTONS" and kind_of(kopf).title == "Kopf oder Knopf"


def test_both_games_refuse_with_a_rules_error_that_survives_pickling():
    assert issubclass(IllegalActionError, RulesError)
    assert issubclass(KopfIllegalActionError, RulesError)
    error = KopfIllegalActionError("no", code="not_yours", details={"row": 2})
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is KopfIllegalActionError
    assert (str(again), again.code, again.details) == ("no", "not_yours", {"row": 2})


def test_a_seat_is_a_person_or_a_bot_of_a_known_level():
    assert Seat("Ann").is_human and not Seat("Bo", "hard").is_human
    assert LEVELS == ("random", "easy", "medium", "hard")
    with pytest.raises(ValueError, match="unknown bot level"):
        Seat("Bo", "grandmaster")


def test_a_note_names_its_seats_in_its_placeholders():
    note = Note("roll", "roll", (("name", 1),), (("white", 4),))
    assert note.args(["Ann", "Ben"]) == {"name": "Ben", "white": 4}


def test_the_core_never_imports_pygame_nor_a_game():
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import buttons_game.core, buttons_game.core.kind, buttons_game.core.game\n"
        "print(sorted(n for n in sys.modules if n.startswith('buttons_game.games')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_replay_states_gives_every_state_and_names_the_first_illegal_action():
    from buttons_game.core import replay_states
    from buttons_game.games.kopf.engine import new_game

    first = new_game()
    actions = [first.legal_actions()[0]]
    actions.append(first.apply(actions[0]).legal_actions()[0])
    states = replay_states(first, actions)
    assert states[0] is first and states[-1].history() == actions and len(states) == 3
    with pytest.raises(KopfIllegalActionError, match="action 2") as error:
        replay_states(first, [*actions, actions[0]])
    assert error.value.details["action_index"] == 2
