"""The four seats around the table (a ``RowsModel``: name, cards left, dealer, bid, side,
托管, voids...) and the turn clocks: the seconds left at every seat whose clock runs (the
session's ``deadlines``), ticking once a second while one runs and not at all otherwise."""

from __future__ import annotations

import math
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
        self._tick = QTimer(self)  # the next change of a number on a clock
        self._tick.setSingleShot(True)
        self._tick.timeout.connect(self.sync)
        self.publish()

    def reset(self) -> None:
        self._tick.stop()

    def values(self) -> dict[str, Any]:
        s = self.state.session
        # the clock's length, for its ring
        return {"turnSeconds": math.ceil(s.clock) if s is not None else 0}

    def sync(self) -> None:
        st = self.state
        v, s = st.view, st.session
        clocks = self._clocks()
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
                    "clock": clocks.get(seat, -1),
                    "voids": " ".join(st.suit_text(x) for x in voids.get(seat, [])),
                }
            )
        self._rows.set_rows(rows)
        self.publish()

    def _clocks(self) -> dict[int, int]:
        """Seconds left on each running turn clock by seat (0 once run out). While one is still
        running, the next sync is set for when one of the numbers shown goes down."""
        s = self.state.session
        deadlines = s.deadlines if s is not None else {}
        now = time.monotonic()
        running = [d - now for d in deadlines.values() if d > now]
        if running:
            # ceil(left) changes when left crosses a whole second (a second on when it is one)
            wait = min(r % 1.0 or 1.0 for r in running)
            self._tick.start(math.ceil(wait * 1000) + 5)
        else:
            self._tick.stop()
        return {seat: max(0, math.ceil(d - now)) for seat, d in deadlines.items()}

    model = Property(QObject, lambda self: self._rows, constant=True)
    turnSeconds = shown(int, "turnSeconds", changed)
