"""The one JSON encoding of the engine's typed values (actions, events, views, rules).

Every value that crosses a boundary (the wire, a record, a saved game, a worker) is a frozen
struct or dataclass defined once in the engine; ``encode``/``decode`` turn it into JSON and back
(msgspec: tagged unions on ``type``, validation while decoding), ``plain``/``convert`` into and
from JSON-ready builtins (dicts, lists). The server, the client, records and the app all use
these, so a renamed field fails a type check or a test, not a player's table.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_encoder = msgspec.json.Encoder()
_decoders: dict[Any, msgspec.json.Decoder[Any]] = {}


def encode(value: Any) -> bytes:
    return _encoder.encode(value)


def decode(data: bytes | str, kind: type[T]) -> T:
    """``data`` as a ``kind`` (a struct, a dataclass or a union of them); a
    ``msgspec.ValidationError`` or ``DecodeError`` says what is wrong."""
    dec = _decoders.get(kind)
    if dec is None:
        dec = _decoders[kind] = msgspec.json.Decoder(kind)
    out: T = dec.decode(data)
    return out


def plain(value: Any) -> Any:
    """``value`` as JSON-ready builtins (tuples become lists), as ``encode`` writes it."""
    return msgspec.json.decode(_encoder.encode(value))


def convert(data: Any, kind: type[T]) -> T:
    """JSON-ready builtins (e.g. a stored record's part) as a ``kind``."""
    out: T = msgspec.convert(data, kind)
    return out
