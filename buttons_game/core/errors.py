"""The one error type of every game's rules: a reason code the UI can translate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class RulesError(ValueError):
    """An action that the rules do not allow in this state.

    ``str(error)`` is English for logs and files; ``code`` names the rule and
    ``details`` (seats, rows, squares ... as whole numbers) let the UI say it in any
    language. Each game's ``IllegalActionError`` is a subclass.
    """

    def __init__(self, message: str, *, code: str, details: Mapping[str, int] | None = None):
        super().__init__(message)
        self.code = code
        self.details: dict[str, int] = dict(details or {})

    def __reduce__(self) -> tuple[Any, ...]:
        # Survives pickling (worker processes) with its code and details.
        return (_rebuild, (type(self), str(self), self.code, self.details))


def _rebuild(cls: type[RulesError], message: str, code: str, details: dict[str, int]) -> RulesError:
    return cls(message, code=code, details=details)
