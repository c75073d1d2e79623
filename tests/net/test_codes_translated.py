"""Every code a networked game's error carries is said in each of the five languages."""

from __future__ import annotations

import pytest

from buttons_game.i18n import install, t
from buttons_game.net.protocol import ERROR_CODES, ProtocolError
from buttons_game.net.secure import SECURE_ERROR_CODES

from ..i18n_files import strings

LANGUAGES = ("en", "de", "fr", "it", "ja")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_code_has_a_text(language: str) -> None:
    texts = strings(language)
    for code in ERROR_CODES:
        assert texts[f"net.errors.{code}"].strip()
    for code in SECURE_ERROR_CODES:
        assert texts[f"net.secure.{code}"].strip()
    version = texts["net.errors.version"]
    assert "%{ours}" in version and "%{theirs}" in version


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_version_text_is_filled_in_from_the_error(language: str) -> None:
    install(language)
    error = ProtocolError("x", code="version", details={"ours": 1, "theirs": 2})
    text = t(f"net.errors.{error.code}", **error.details)
    assert "1" in text and "2" in text and "%{" not in text and "net.errors" not in text
    install("en")
