"""Typed rules errors: a reason code plus a message in English and Chinese.

Every refusal in the engine (a bad card string, an illegal play, an action out of turn) is a
``RulesError``. The code is stable (tests, the judge, the protocol and the app key on it); the
messages are for people, read from the one catalogue (engine/messages.py) by code; templates take
named parameters filled from ``RulesError(**params)``.
"""

from __future__ import annotations

from typing import Any

from engine.messages import MESSAGES

__all__ = ["MESSAGES", "RulesError"]


class RulesError(ValueError):
    """A refusal by the rules: ``code`` is stable, ``en``/``zh`` are for people."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in MESSAGES:
            raise KeyError(f"no message for rules error code {code!r}")
        self.code = code
        self.params = params
        en, zh = MESSAGES[code]
        self.en = en.format_map(_Lenient(params))
        self.zh = zh.format_map(_Lenient(params))
        super().__init__(self.en)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "en": self.en, "zh": self.zh}


class _Lenient(dict[str, Any]):
    """Leave an unfilled ``{field}`` visible rather than failing the error itself."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
