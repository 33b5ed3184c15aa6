"""The four seats around the table (a ``RowsModel``: name, cards left, dealer, bid, side,
托管, voids...) and the online turn clock, which ticks each second at the seat to act."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Property, QObject, QTimer, Signal

from app import counter
from app.models import RowsModel
from app.table.part import Part, shown
from app.table.state import BIDDING_PHASES, TableState, flag, rank_text

_EMPTY_SEAT: dict[str, Any] = {
    "name": "",
    "count": 0,
    "dealer": False,
    "bidder": False,
    "active": False,
    "thinking": False,
    "side": "",
    "level": "",
    "bidCards": [],
    "passed": False,
    "friend": False,
    "openCards": [],
    "trustee": False,
    "clock": -1,
    "voids": "",
}


class SeatsPart(Part):
    changed = Signal()  # turnSeconds

    def __init__(self, state: TableState, parent: Any = None) -> None:
        super().__init__(state, parent)
        self._rows = RowsModel(("pos", "seat", *_EMPTY_SEAT), self)
        self._clock_key: tuple[Any, ...] | None = None
        self._clock_since = 0.0
        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(1000)
        self._clock_timer.timeout.connect(self.sync)
        self.publish()

    def reset(self) -> None:
        self._clock_key = None

    def values(self) -> dict[str, Any]:
        s = self.state.session
        return {"turnSeconds": s.clock if s is not None else 0}  # the clock's length, for its ring

    def sync(self) -> None:
        st = self.state
        v, s = st.view, st.session
        clock = self._clock_left()
        voids = counter.voids(v) if v is not None and v.phase == "play" else {}
        rows = []
        for pos in range(4):
            seat = (st.me() + pos) % 4
            if v is None or s is None:
                rows.append({**_EMPTY_SEAT, "pos": pos, "seat": seat})
                continue
            bid_cards: list[str] = []
            for b in v.bids:
                if b.seat == seat:
                    bid_cards = list(b.cards)
            side = ""
            if v.defenders is not None:
                side = "defenders" if seat in v.defenders else "attackers"
            open_cards = list(s.open_hands[seat]) if s.open_hands is not None else []
            active = v.turn == seat or (v.phase in ("bury", "call-friend") and v.dealer == seat)
            rows.append(
                {
                    "pos": pos,
                    "seat": seat,
                    "name": st.seat_name(seat),
                    "count": v.counts[seat],
                    "dealer": v.dealer == seat,
                    "bidder": v.bid is not None and v.bid.seat == seat,
                    "active": active,
                    "thinking": seat in s.thinking,
                    "side": side,
                    "level": rank_text(s.levels[seat] if s.levels else v.levels[seat]),
                    # the bid stays shown at the bidder's seat until play starts
                    "bidCards": bid_cards if v.phase in BIDDING_PHASES else [],
                    "passed": seat in v.passed and v.phase == "deal",
                    "friend": v.friend == seat,
                    "openCards": open_cards,
                    "trustee": bool(flag(s, seat, "trustee")),
                    # the clock runs at the seat to act; at the deal's end, at mine while I may bid
                    "clock": clock if active or (v.phase == "deal" and seat == s.seat) else -1,
                    "voids": " ".join(st.suit_text(x) for x in voids.get(seat, [])),
                }
            )
        self._rows.set_rows(rows)
        self.publish()

    def _clock_left(self) -> int:
        """Seconds left on the online turn clock (-1: no clock). The server starts it at each
        change of the table; the client restarts its own at each change it sees."""
        s, v = self.state.session, self.state.view
        closing_bids = v is not None and v.phase == "deal" and "pass-bid" in v.actions
        waiting = v is not None and (v.phase in ("bury", "call-friend", "play") or closing_bids)
        if s is None or v is None or not s.clock or not waiting:
            self._clock_timer.stop()
            return -1
        key = (v.hand_no, v.phase, v.turn, len(v.trick), len(v.tricks), len(v.bids))
        if key != self._clock_key:
            self._clock_key = key
            self._clock_since = time.monotonic()
        if not self._clock_timer.isActive():
            self._clock_timer.start()
        return max(0, int(s.clock - (time.monotonic() - self._clock_since) + 0.999))

    model = Property(QObject, lambda self: self._rows, constant=True)
    turnSeconds = shown(int, "turnSeconds", changed)
