"""The BUTTONS tutorial's script: every step reachable, its dice and Bo's choices, refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game.games.buttons import tutorial as tu
from buttons_game.games.buttons.engine import OPT_OUT, ROLL, Phase, Place, PlaceStar, Skip, Status

I18N = Path(__file__).resolve().parents[3] / "buttons_game" / "i18n"


def played_through():
    """(state before each of the player's decisions, the decision), the canonical run."""
    state = tu.advance(tu.start())
    seen = []
    for action in tu.WALKTHROUGH:
        seen.append((state, action))
        state = tu.advance(state, action)
    return seen, state


def test_the_walkthrough_plays_one_round_step_by_step():
    seen, final = played_through()
    keys = [tu.text_key(state) for state, _ in seen]
    assert keys == [
        "welcome",
        "place",
        "gold",
        "roll_again",
        "not_allowed",
        "bust",
        "opt_out",
        "stars",
        "stars",
        "stars",
    ]
    for state, action in seen:
        assert state.problem(action) is None and tu.refusal(state, action) is None
    assert tu.step_at(final) is None and tu.text_key(final) == tu.END


def test_the_round_scores_three_stars_with_the_card_bonus_and_bo_busts():
    _, final = played_through()
    score = final.round_scores()[0]
    you, bo = score.seats
    assert you.status is Status.OPTED_OUT and you.total == 3
    assert you.colours == ("red",) and you.card_bonus == ("red",)
    assert bo.status is Status.BUSTED and bo.total == 0
    assert final.star_mask(tu.PLAYER).bit_count() == 3
    assert final.round_number == 2


def test_the_steps_show_what_their_texts_say():
    seen, _ = played_through()
    at = {tu.text_key(state): state for state, _ in reversed(seen)}
    # place: row 3 from the white die, the ringed space among the legal ones
    place = at["place"]
    assert place.dice.white == 3 and Place(0, 3, 4) in place.legal_actions(0)
    # gold: Bo rolled white 6, gold 5, and (6, 5) is the player's optional space
    gold = at["gold"]
    assert gold.active_player == tu.BO and (gold.dice.white, gold.dice.gold) == (6, 5)
    assert Place(0, 6, 5) in gold.legal_actions(0)
    # not allowed: (5, 5) touches (6, 5); (5, 4) only at a corner
    refused = at["not_allowed"]
    assert refused.problem(Place(0, 5, 5)) is not None
    assert refused.problem(Place(0, 5, 4)) is None
    # bust: Bo is out, its buttons gone, the player still has the gold space to decide
    bust = at["bust"]
    assert bust.status(tu.BO) is Status.BUSTED and bust.button_mask(tu.BO) == 0
    assert set(bust.legal_actions(0)) == {Place(0, 2, 2), Skip(0)}
    # opt out: three red buttons
    assert OPT_OUT in at["opt_out"].legal_actions()
    assert at["stars"].phase is Phase.STARS


def test_each_step_starts_again_where_it_began():
    for i in range(len(tu.STEPS) + 1):
        assert tu.step_index(tu.state_at_step(i)) == i


def test_a_decision_the_step_does_not_ask_for_is_refused_with_the_steps_words():
    place = tu.state_at_step(1)
    assert tu.refusal(place, Place(0, 3, 1)) == "tutorial.place.only"  # legal, not the one
    assert tu.refusal(place, Place(0, 3, 3)) is None  # against the rules: the rules say why
    welcome = tu.state_at_step(0)
    assert tu.refusal(welcome, OPT_OUT) is None  # no button yet: the rules refuse it
    bust = tu.state_at_step(5)
    assert tu.refusal(bust, Skip(0)) is None and tu.refusal(bust, Place(0, 2, 2)) is None
    stars = tu.state_at_step(7)
    assert all(tu.refusal(stars, a) is None for a in stars.legal_actions(0))
    assert tu.refusal(tu.state_at_step(6), ROLL) == "tutorial.opt_out.only"


def test_taking_the_gold_space_in_the_bust_step_also_finishes_the_tutorial():
    state = tu.state_at_step(5)
    state = tu.advance(state, Place(0, 2, 2))
    assert tu.text_key(state) == "opt_out"
    state = tu.advance(state, OPT_OUT)
    stars = [a for a in state.legal_actions(0) if isinstance(a, PlaceStar)]
    for action in stars[:3]:
        state = tu.advance(state, action)
    assert tu.step_at(state) is None


def test_the_dice_and_bo_follow_the_script_only():
    with pytest.raises(ValueError, match="no roll scripted"):
        tu.dice_for(tu.start())  # not a chance node
    state = tu.start().apply(ROLL)
    assert tu.dice_for(state) == tu.DICE[0]
    seen, final = played_through()
    with pytest.raises(ValueError, match="no decision scripted"):
        tu.bo_action(final)


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "ja"])
def test_every_step_has_its_texts(language):
    texts = json.loads((I18N / f"buttons.{language}.json").read_text(encoding="utf-8"))
    section = texts[language]["tutorial"]
    for step in tu.STEPS:
        assert {"title", "text", "only"} <= set(section[step.key]), step.key
    assert {"title", "text"} <= set(section[tu.END])


def test_the_script_imports_without_pygame():
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import buttons_game.games.buttons.tutorial as tu\n"
        "assert tu.step_index(tu.state_at_step(3)) == 3\n"
        "assert not [m for m, v in sys.modules.items() if v and m.startswith(('pygame', 'i18n'))]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
