"""A networked game's words name the host one way in each language: a German player who
reads "Verbindung zum Host weg" is not then told "Der Gastgeber ist … weg" about the same
computer, nor an Italian player "chi ospita" beside "l'host"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import buttons_game

I18N = Path(buttons_game.__file__).parent / "i18n"
OTHER_WORD = {"de": "Gastgeber", "it": "chi ospita"}  # the word "host" is used throughout


def strings(language: str) -> dict[str, str]:
    found: dict[str, str] = {}

    def walk(value: object, path: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{path}.{key}" if path else key)
        elif isinstance(value, str):
            found[path] = value

    walk(json.loads((I18N / f"buttons.{language}.json").read_text(encoding="utf-8")), "")
    return found


@pytest.mark.parametrize("language", sorted(OTHER_WORD))
def test_the_host_has_one_name_in_the_network_s_words(language):
    words = strings(language)
    net = {k: v for k, v in words.items() if ".net." in f".{k}" or "host" in k or "reconnect" in k}
    assert any("host" in v.lower() for v in net.values()), "the network's words name the host"
    other = {k: v for k, v in net.items() if OTHER_WORD[language] in v}
    assert not other, other
