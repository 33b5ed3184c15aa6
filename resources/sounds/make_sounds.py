"""Synthesize the table's short sounds as 16-bit mono WAVs (no recordings, no third-party audio).

    python3 resources/sounds/make_sounds.py

card.wav: a soft card snap (filtered noise burst); trick.wav: a two-note sweep for a trick won;
turn.wav: a bell-like chime for "your turn". The output is deterministic (a fixed noise seed).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def _write(name: str, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / peak
    with wave.open(str(HERE / name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))


def card() -> list[float]:
    rng = random.Random(7)
    n = int(RATE * 0.07)
    out, low = [], 0.0
    for i in range(n):
        low += 0.35 * (rng.uniform(-1, 1) - low)  # one-pole low-pass: a papery snap, not hiss
        out.append(low * math.exp(-i / (RATE * 0.012)))
    return out


def tone(freqs: list[float], seconds: float, decay: float) -> list[float]:
    """Partials ``freqs`` (the k-th at 1/(k+1) loudness), a 4 ms attack and an exponential decay."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = min(1.0, t / 0.004) * math.exp(-t / decay)
        out.append(env * sum(math.sin(2 * math.pi * f * t) / (k + 1) for k, f in enumerate(freqs)))
    return out


def trick() -> list[float]:
    a = tone([660, 1320], 0.12, 0.06)
    b = tone([880, 1760], 0.22, 0.09)
    return a + b


def turn() -> list[float]:
    return tone([1046.5, 2093, 3139.5], 0.6, 0.22)


def main() -> None:
    _write("card.wav", card())
    _write("trick.wav", trick())
    _write("turn.wav", turn())


if __name__ == "__main__":
    main()
