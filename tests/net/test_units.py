"""Pure parts of net/: titles and ratings (RULES.md §9), names, the exported schema."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import msgspec
import pytest

from engine.actions import PassBid
from net.auth import (
    CHAOSHAN,
    LIANZHONG,
    hand_deltas,
    name_key,
    name_problem,
    title,
    valid_name,
)
from net.client import Client, ServerError
from net.metrics import TimedStore
from net.protocol import (
    PROTOCOL,
    Act,
    CreateReply,
    JoinReply,
    Ok,
    Ping,
    PingReply,
    Reply,
    VersionReply,
    contract_markdown,
    decode_frame,
    decode_request,
    encode,
    json_schema,
)
from net.stats import SLOW_WRITE, Stats

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("rating", "lianzhong", "chaoshan"),
    [
        (-801, "庶民", "徒步者"),
        (-800, "庶民", "滑板"),
        (-1, "庶民", "自行车"),
        (0, "秀才", "三轮车"),
        (10, "举人", "三轮车"),
        (100, "八品县丞", "摩托车"),
        (81909, "王爷", "飞机"),
        (81910, "皇帝", "飞机"),
        (409600, "皇帝", "飞碟"),
    ],
)
def test_titles_follow_the_source_ladders(rating: int, lianzhong: str, chaoshan: str) -> None:
    assert title(rating, LIANZHONG) == lianzhong
    assert title(rating, CHAOSHAN) == chaoshan
    assert len(LIANZHONG) == 15  # "升級遊戲共分15個遊戲等級"


def test_deltas_are_levels_times_the_room_multiplier() -> None:
    assert hand_deltas((0, 2), "defenders", 2, 3) == [6, -6, 6, -6]
    assert hand_deltas((1,), "attackers", 1, 1) == [1, -1, 1, 1]
    assert hand_deltas((0, 2), "attackers", 0, 5) == [0, 0, 0, 0]


@pytest.mark.parametrize("name", ["Ann", "王小明", "a_b-c", "x y", "1234567890123456"])
def test_good_names(name: str) -> None:
    assert valid_name(name)


@pytest.mark.parametrize("name", ["", " a", "a ", "a  b", "<b>", "x" * 17, "a\nb", None, 3])
def test_bad_names(name: object) -> None:
    assert not valid_name(name)
    assert name_problem(name) == "bad-name"


@pytest.mark.parametrize("name", ["\u3164", "\uffa0\u1160", " ", "\u200b\u200c", "A\u3164"])
def test_invisible_names(name: str) -> None:
    assert name_problem(name) == "invisible-name"


def test_names_that_look_alike_compare_equal() -> None:
    assert name_key("Ｍｅｉ") == name_key("MEI") == name_key("mei")
    assert name_key("Mei") != name_key("Mel")


def test_exported_schema_is_current() -> None:
    written = json.loads((ROOT / "docs" / "protocol.schema.json").read_text())
    assert written == json.loads(json.dumps(json_schema()))
    assert f"v{PROTOCOL}" in written["title"]


def test_requests_decode_and_ignore_unknown_fields() -> None:
    req = decode_request(
        '{"type":"act","id":5,"room":"r","action":{"type":"pass-bid","seat":1,"y":2},"x":1}'
    )
    assert isinstance(req, Act) and req.id == 5 and req.action == PassBid(1)


def test_protocol_doc_carries_the_current_contract() -> None:
    """docs/PROTOCOL.md's contract table is the schema's, struct for struct and field for field
    (a renamed or added field fails here until the doc is regenerated)."""
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    begin, end = "<!-- contract:begin -->\n", "<!-- contract:end -->"
    assert text[text.index(begin) + len(begin) : text.index(end)] == contract_markdown()
    for name in json_schema()["$defs"]:
        assert f"| {name} |" in text


def test_the_schema_covers_every_action_event_and_the_view() -> None:
    from engine.actions import Action
    from engine.events import KINDS
    from engine.views import FailedThrow, TrickInfo, View

    names = set(json_schema()["$defs"])
    wanted = {k.__name__ for k in (*KINDS, *Action.__args__)}
    wanted |= {View.__name__, TrickInfo.__name__, FailedThrow.__name__}
    assert wanted <= names, sorted(wanted - names)


def test_the_schema_covers_every_reply() -> None:
    names = set(json_schema()["$defs"])
    wanted = {k.__name__ for k in Reply.__args__}
    assert wanted <= names, sorted(wanted - names)


def test_replies_decode_typed_and_are_validated() -> None:
    frame = decode_frame('{"type":"ok","id":3,"data":{"type":"create","room":"ab","side":"any"}}')
    assert frame == Ok(3, CreateReply("ab", "any"))
    assert decode_frame(encode(Ok(4, JoinReply("ab", None, 7)))) == Ok(4, JoinReply("ab", None, 7))
    assert decode_frame('{"type":"ok","id":5,"data":null}') == Ok(5, None)
    for bad in ('{"type":"create","side":"any"}', '{"type":"nope"}', '{"room":"ab"}'):
        with pytest.raises(msgspec.ValidationError):
            decode_frame(f'{{"type":"ok","id":6,"data":{bad}}}')


def test_the_client_refuses_a_reply_of_another_kind() -> None:
    async def go() -> None:
        c = Client("ws://127.0.0.1:1")
        asking = asyncio.ensure_future(c.ask(Ping(1), PingReply))
        await asyncio.sleep(0)
        c._receive(encode(Ok(1, VersionReply(2))))  # the answer to request 1, of the wrong kind
        with pytest.raises(ServerError, match="bad-reply"):
            await asking

    asyncio.run(go())


def test_a_slow_sqlite_transaction_is_recorded_with_its_time(tmp_path: Path) -> None:
    """``--stats`` lists the transactions over SLOW_WRITE (a slow commit holds every table's
    answer): a transaction that takes 30 ms is kept, a quick one is not."""
    stats = Stats()
    store = TimedStore(str(tmp_path / "t.db"), stats)
    store.start()

    def slow() -> None:
        time.sleep(3 * SLOW_WRITE)

    async def go() -> None:
        await store.call(store.create_user, "Ann", "h1")
        await store.call(slow)

    t0 = time.time()
    try:
        asyncio.run(go())
    finally:
        store.close()
    assert len(stats.slow_writes) == 1
    when, seconds = stats.slow_writes[0]
    assert seconds >= 3 * SLOW_WRITE and t0 <= when <= time.time()
    assert sum(stats.store_writes) == 2
