"""Events: what an action caused, and who may see it.

An event is visible to everyone, or only to one seat (``to``); keys listed in ``private`` are
seen only by ``owner`` (everyone else gets the event without them). ``for_seat`` is the single
redaction used for every event that leaves the engine; a spectator is seat ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None  # only this seat sees the event at all
    owner: int | None = None  # only this seat sees the ``private`` keys
    private: tuple[str, ...] = ()

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` may see it, or None when it may not see it at all."""
        if self.to is not None and seat != self.to:
            return None
        hidden = () if seat is not None and seat == self.owner else self.private
        return {"type": self.type, **{k: v for k, v in self.data.items() if k not in hidden}}

    def to_dict(self) -> dict[str, Any]:
        """The full event, for the record (which only the engine and replays read)."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.to is not None:
            out["_to"] = self.to
        if self.private:
            out["_owner"] = self.owner
            out["_private"] = list(self.private)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        body = {k: v for k, v in data.items() if k not in ("type", "_to", "_owner", "_private")}
        return cls(
            data["type"],
            body,
            to=data.get("_to"),
            owner=data.get("_owner"),
            private=tuple(data.get("_private", ())),
        )
