"""Whole games played by a blind player that knows only what the game says and presses
keys (``player.BlindPlayer``), from the main menu, set-up included."""

from __future__ import annotations

import ast
import inspect
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from . import player as player_module
from .player import WORDS, BlindPlayer, Words


def blind_player(world, language: str, seed: int) -> BlindPlayer:
    """The app at its main menu and a player given only its ears and hands."""
    w = world(language, seed)
    player = BlindPlayer(w.listen, w.press, random.Random(seed), WORDS[language])
    player.listen()
    player.speech_on()
    return player


def heard_start(text: str) -> Callable[[Sequence[str]], bool]:
    return lambda heard: any(said.startswith(text) for said in heard)


def said_after(heard: Sequence[str], first: str, then: str) -> bool:
    """Something beginning ``then`` was heard after something beginning ``first``."""
    starts = [i for i, said in enumerate(heard) if said.startswith(first)]
    return bool(starts) and any(said.startswith(then) for said in heard[starts[0] + 1 :])


def played_by_ear(player: BlindPlayer, words: Words, game: str) -> None:
    """What every game of the player shows: its set-up was heard, it asked for its moves
    and played them by their keys, the game's end was said."""
    heard = player.heard
    assert any(said.startswith(words.play.format(game=game)) for said in heard)
    assert player.moves_played >= 5
    assert any(said.startswith(words.game_over) for said in heard)


@pytest.mark.slow
def test_a_blind_player_plays_a_whole_buttons_game_against_two_random_bots(world):
    player = blind_player(world, "en", 5)
    words = player.words
    player.new_buttons_game("Ada")
    player.play(until=heard_start(words.game_over))
    played_by_ear(player, words, "BUTTONS")
    assert any(said.startswith(words.scoring.format(n=2)) for said in player.heard)
    assert any(said.startswith("Ada ") for said in player.heard), "its own name, typed in"
    # each round's end is said once (not again as the prompt that repeats it)
    assert sum(said == "Round 1 is over." for said in player.heard) == 1


@pytest.mark.slow
def test_a_blind_player_plays_a_whole_short_kopf_game_against_the_easy_bot(world):
    player = blind_player(world, "en", 4)
    words = player.words
    player.new_kopf_game("Ada")
    player.play(until=heard_start(words.game_over))
    played_by_ear(player, words, "Kopf oder Knopf")
    # game over says the winner's own count, as the log's last line did (a strike may pass
    # the short game's 8)
    won = next(said for said in reversed(player.heard) if "and wins" in said)
    count = re.search(r"captured (\d+) piece", won)
    assert count is not None and int(count.group(1)) >= 8
    over = [said for said in player.heard if said.startswith(words.game_over)]
    assert any(f"{count.group(1)} pieces captured" in said for said in over), (won, over)


@pytest.mark.slow
def test_a_blind_player_plays_buttons_in_german_through_the_first_round(world):
    player = blind_player(world, "de", 6)
    words = player.words
    player.new_buttons_game("Ada")
    player.play(until=heard_start(words.new_round.format(n=2)))
    assert said_after(player.heard, words.scoring.format(n=1), words.new_round.format(n=2))
    assert player.moves_played >= 2


@pytest.mark.slow
def test_the_blind_player_is_given_only_ears_and_hands():
    """By construction: the player's module imports nothing of the game, and a player is
    made of a ``listen``, a ``press``, its random and the words of its language."""
    tree = ast.parse(Path(inspect.getfile(player_module)).read_text(encoding="utf-8"))
    imported = [
        name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for name in (
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module]
        )
    ]
    game = [name for name in imported if str(name).startswith(("buttons_game", "tests"))]
    assert imported and not game
    assert list(inspect.signature(BlindPlayer).parameters) == ["listen", "press", "rng", "words"]
