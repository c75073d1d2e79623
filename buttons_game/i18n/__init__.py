"""Translations: python-i18n JSON files (``buttons.<lang>.json``), as pygame_gui uses them.

Every user-facing string goes through ``t(key, **values)``; keys are written
without the ``buttons.`` namespace. Widgets get the full key (``tk(key)``) so
pygame_gui re-translates them when the language changes.
"""

from __future__ import annotations

import os

import i18n

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
NAMESPACE = "buttons"
FOLDER = os.path.dirname(os.path.abspath(__file__))


def install(language: str = "en") -> None:
    """Register the game's translations with python-i18n and pick a language."""
    i18n.set("file_format", "json")
    i18n.set("filename_format", "{namespace}.{locale}.{format}")
    i18n.set("fallback", "en")
    i18n.set("skip_locale_root_data", False)
    if FOLDER not in i18n.load_path:
        i18n.load_path.append(FOLDER)
    set_language(language)


def set_language(language: str) -> None:
    i18n.set("locale", language if language in LANGUAGES else "en")


def language() -> str:
    return str(i18n.get("locale"))


def tk(key: str) -> str:
    """The full key for a pygame_gui widget's text."""
    return f"{NAMESPACE}.{key}"


def t(key: str, **values: object) -> str:
    """The translated text for ``key`` in the current language."""
    return str(i18n.t(f"{NAMESPACE}.{key}", **values))
