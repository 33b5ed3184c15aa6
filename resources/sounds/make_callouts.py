"""Speak the Mandarin call-outs of the table as 16-bit mono WAVs with eSpeak NG.

    sudo apt-get install espeak-ng && python3 resources/sounds/make_callouts.py

call-pair.wav 一对 (a pair led), call-tractor.wav 拖拉机 (a tractor led), call-throw.wav 甩牌
(a throw), call-ruff.wav 毙 (a trump takes a side-suit trick). The speech is eSpeak NG's own
Mandarin voice, read from pinyin (no recordings). Silence before and after the word is trimmed
so the call lands with the card, and the level is normalized like the other sounds.
"""

from __future__ import annotations

import struct
import subprocess
import tempfile
import wave
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Spoken from pinyin with tone numbers: the Debian build of the voice reads few hanzi itself.
# 一 takes the second tone before a fourth (yí duì), as it is said.
CALLS = {
    "call-pair": "yi2 dui4",  # 一对
    "call-tractor": "tuo1 la1 ji1",  # 拖拉机
    "call-throw": "shuai3 pai2",  # 甩牌
    "call-ruff": "bi4",  # 毙
}
SPEED = 165  # words per minute: a quick call, as a player would say it
QUIET = 0.02  # below this share of the peak a sample counts as silence
PAD = 0.03  # seconds of silence kept on each side


def speak(text: str, out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.wav"
        voice = ["espeak-ng", "-v", "cmn-latn-pinyin", "-s", str(SPEED)]
        subprocess.run([*voice, "-w", str(raw), text], check=True)
        with wave.open(str(raw), "rb") as w:
            rate = w.getframerate()
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            samples = list(memoryview(w.readframes(w.getnframes())).cast("h"))
    peak = max(1, max(abs(s) for s in samples))
    loud = [i for i, s in enumerate(samples) if abs(s) > QUIET * peak]
    pad = int(PAD * rate)
    samples = samples[max(0, loud[0] - pad) : loud[-1] + pad]
    scale = 0.8 * 32767 / peak
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))


def main() -> None:
    for name, text in CALLS.items():
        speak(text, HERE / f"{name}.wav")


if __name__ == "__main__":
    main()
