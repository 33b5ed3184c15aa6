"""Logging for operators: plain lines or one JSON object a line, each with the connection's
and the request's id when there is one.

Ids live in context variables: every websockets connection is served by its own task, so the
id set when it opens stays with everything it does; the request id is set around each request
(tasks a request starts, such as a table's AI, carry the id of the request that woke them).
"""

from __future__ import annotations

import contextvars
import itertools
import json
import logging
import sys
import time

connection_id: contextvars.ContextVar[str] = contextvars.ContextVar("connection", default="")
request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request", default="")
_ids = itertools.count(1)


def new_connection_id() -> str:
    """A connection id unique in this process (``c1``, ``c2``...), set for the caller's task."""
    cid = f"c{next(_ids)}"
    connection_id.set(cid)
    return cid


class _Ids(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.conn = connection_id.get()
        record.rid = request_id.get()
        return True


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "msg", "conn", "rid", ...extra}`` on one line."""

    STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "conn", "rid"}

    def format(self, record: logging.LogRecord) -> str:
        out = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key in ("conn", "rid"):
            if getattr(record, key, ""):
                out[key] = getattr(record, key)
        for key, value in record.__dict__.items():
            if key not in self.STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def setup(level: str, as_json: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_Ids())
    if as_json:
        handler.setFormatter(JsonFormatter())
    else:
        plain = "%(asctime)s %(levelname)s %(name)s [%(conn)s %(rid)s] %(message)s"
        handler.setFormatter(logging.Formatter(plain))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
