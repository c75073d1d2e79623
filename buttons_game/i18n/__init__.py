"""Translations: python-i18n JSON files (``buttons.<lang>.json``), as pygame_gui uses them.

Every user-facing string goes through ``t(key, **values)``; keys are written
without the ``buttons.`` namespace. Widgets get the full key (``tk(key)``) so
pygame_gui re-translates them when the language changes.
"""

from __future__ import annotations

import contextlib
import locale
import os

import i18n

# Each language in its own name, as the settings list shows it.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
    "ja": "日本語",
}
_WINDOWS_NAMES = {
    "english": "en",
    "german": "de",
    "french": "fr",
    "italian": "it",
    "japanese": "ja",
}
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


def system_language() -> str:
    """The user's system language if the game speaks it, else English (for the first start)."""
    candidates = [
        os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
    ]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):
            code = part.strip().lower()
            if code[:2] in LANGUAGES and (len(code) == 2 or not code[2].isalpha()):
                return code[:2]
            name = code.split("_")[0]
            if name in _WINDOWS_NAMES:
                return _WINDOWS_NAMES[name]
    return "en"


def set_language(language: str) -> None:
    i18n.set("locale", language if language in LANGUAGES else "en")


def language() -> str:
    return str(i18n.get("locale"))


def tk(key: str) -> str:
    """The full key for a pygame_gui widget's text."""
    return f"{NAMESPACE}.{key}"


_said: dict[tuple[object, ...], str] = {}  # (language, key, values) -> the text
SAID_LIMIT = 4096


def t(key: str, **values: object) -> str:
    """The translated text for ``key`` in the current language (kept: a table says the
    same words every frame)."""
    said = (i18n.get("locale"), key, *((k, type(v), v) for k, v in values.items()))
    try:
        return _said[said]
    except KeyError:
        pass
    except TypeError:  # a value that cannot be kept (unhashable): translated each time
        return str(i18n.t(f"{NAMESPACE}.{key}", **values))
    text = str(i18n.t(f"{NAMESPACE}.{key}", **values))
    if len(_said) >= SAID_LIMIT:
        _said.clear()
    _said[said] = text
    return text


def text_or(key: str, fallback: str, **values: object) -> str:
    """The translation of ``key``, or ``fallback`` when no language file has the key (a
    game added without words of its own)."""
    text = t(key, **values)
    return fallback if text == tk(key) else text
