"""Set-ups and actions as plain JSON values, and rebuilding a state by replay.

A saved game is its set-up plus the list of actions (dice included). Loading
replays them through the checked ``apply``, so a bad file can never produce an
impossible state.
"""

from __future__ import annotations

from typing import Any

from buttons_game.core.game import replay_states

from .actions import OPT_OUT, ROLL, Action, Dice, OptOut, Place, PlaceStar, Roll, Skip
from .setup import Setup
from .state import GameState


class ActionFormatError(ValueError):
    """A stored action that is not well formed."""


def encode_action(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"type": "roll"}
    if isinstance(action, OptOut):
        return {"type": "opt_out"}
    if isinstance(action, Place):
        return {"type": "place", "player": action.player, "row": action.row, "col": action.col}
    if isinstance(action, Skip):
        return {"type": "skip", "player": action.player}
    if isinstance(action, PlaceStar):
        return {"type": "star", "player": action.player, "row": action.row, "col": action.col}
    if isinstance(action, Dice):
        return {
            "type": "dice",
            "white": action.white,
            "gold": action.gold,
            "plain": list(action.plain),
        }
    raise TypeError(f"not an action: {action!r}")


_FIELDS = {
    "roll": (),
    "opt_out": (),
    "place": ("player", "row", "col"),
    "skip": ("player",),
    "star": ("player", "row", "col"),
    "dice": ("white", "gold", "plain"),
}


def _small_int(value: object, name: str) -> int:
    if type(value) is not int or not -1_000 < value < 1_000:
        raise ActionFormatError(f"{name} must be a small whole number, not {value!r}")
    return value


def decode_action(data: object) -> Action:
    """The action a JSON value describes; ActionFormatError if it is malformed."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action is a JSON object, not {data!r}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ActionFormatError(f"unknown action type {kind!r}")
    expected = {"type", *_FIELDS[kind]}
    if set(data) != expected:
        raise ActionFormatError(
            f"a {kind!r} action has the fields {sorted(expected)}, not {sorted(data)}"
        )
    if kind == "roll":
        return ROLL
    if kind == "opt_out":
        return OPT_OUT
    if kind == "dice":
        plain = data["plain"]
        if not isinstance(plain, list) or len(plain) > 4:
            raise ActionFormatError(f"plain dice are a list of at most 4 values, not {plain!r}")
        return Dice(
            _small_int(data["white"], "white"),
            _small_int(data["gold"], "gold"),
            tuple(_small_int(v, "a plain die") for v in plain),
        )
    values = [_small_int(data[f], f) for f in _FIELDS[kind]]
    if kind == "skip":
        return Skip(values[0])
    cls = Place if kind == "place" else PlaceStar
    return cls(*values)


def encode_setup(setup: Setup) -> dict[str, Any]:
    return {
        "players": setup.players,
        "layouts": list(setup.layouts),
        "cards": [list(held) for held in setup.cards],
        "seed": setup.seed,
    }


def decode_setup(data: object) -> Setup:
    """A set-up from its JSON value; a ValueError naming the problem if it is malformed."""
    if not isinstance(data, dict) or set(data) != {"players", "layouts", "cards", "seed"}:
        raise ValueError(f"a set-up has players, layouts, cards and seed: {data!r}")
    layouts, cards, seed = data["layouts"], data["cards"], data["seed"]
    if not isinstance(layouts, list) or not isinstance(cards, list):
        raise ValueError("layouts and cards must be lists")
    if not all(isinstance(held, list) for held in cards):
        raise ValueError("each seat's cards must be a list")
    if seed is not None and type(seed) is not int:
        raise ValueError(f"the seed must be a whole number or null, not {seed!r}")
    return Setup(data["players"], tuple(layouts), tuple(tuple(h) for h in cards), seed)


def replay(setup: Setup, actions: list[Action]) -> GameState:
    """Rebuild a state by applying ``actions`` through the checked path.

    Raises IllegalActionError naming the first action (by its index) that the
    rules do not allow; it keeps the code and adds ``details["action_index"]``.
    """
    return replay_states(GameState(setup), actions)[-1]
