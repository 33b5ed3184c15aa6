"""The table's sounds: card, trick won, your turn, and the Mandarin call-outs (一对, 拖拉机, 甩牌,
毙) — short WAVs played without QtMultimedia.

PySide6-Essentials has no QtMultimedia, so a sound is handed to the platform's own player:
``winsound`` on Windows (stdlib), ``afplay`` on macOS, ``pw-play``/``paplay``/``aplay`` on
Linux, run detached so the UI never waits. When PySide6's QtMultimedia is importable
(PySide6-Addons), ``QSoundEffect`` is used instead. Volume is applied by scaling the samples
once per (sound, volume) into a cached WAV, so every backend honours it. With no backend the
player stays silent (and still records what it was asked to play, for tests).
"""

from __future__ import annotations

import array
import logging
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
SOUNDS = Path(__file__).resolve().parent.parent / "resources" / "sounds"
CALLS = ("call-pair", "call-tractor", "call-throw", "call-ruff")  # at their own volume
NAMES = ("card", "trick", "turn", *CALLS)
_LINUX_PLAYERS: tuple[tuple[str, list[str]], ...] = (
    ("pw-play", ["--volume", "1"]),
    ("paplay", []),
    ("aplay", ["-q"]),
)


def scaled_wav(name: str, volume: int, cache: Path) -> Path:
    """``name``.wav with its samples scaled to ``volume`` percent (cached)."""
    out = cache / f"{name}-{volume}.wav"
    if out.exists():
        return out
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as src:
        params = src.getparams()
        frames = array.array("h", src.readframes(params.nframes))
    if sys.byteorder == "big":
        frames.byteswap()
    gain = max(0, min(100, volume)) / 100
    frames = array.array("h", (int(s * gain) for s in frames))
    if sys.byteorder == "big":
        frames.byteswap()
    tmp = out.with_suffix(".tmp")
    with wave.open(str(tmp), "wb") as dst:
        dst.setparams(params)
        dst.writeframes(frames.tobytes())
    tmp.replace(out)
    return out


class SoundPlayer:
    def __init__(self, enabled: bool = True) -> None:
        self.played: list[tuple[str, int]] = []  # (name, volume) asked for, newest last
        self._cache = Path(tempfile.mkdtemp(prefix="tuolaji-sounds-"))
        self._backend = self._pick() if enabled else "none"
        self._effects: dict[tuple[str, int], Any] = {}
        self._procs: list[subprocess.Popen[bytes]] = []

    @property
    def backend(self) -> str:
        return self._backend

    def _pick(self) -> str:
        try:
            import PySide6.QtMultimedia  # noqa: F401

            return "qt"
        except ImportError:
            pass
        if sys.platform == "win32":
            return "winsound"
        if sys.platform == "darwin":
            return "afplay" if shutil.which("afplay") else "none"
        for exe, _ in _LINUX_PLAYERS:
            if shutil.which(exe):
                return exe
        return "none"

    def play(self, name: str, volume: int) -> None:
        if name not in NAMES or volume <= 0:
            return
        self.played.append((name, volume))
        if self._backend == "none":
            return
        try:
            self._play(name, volume)
        except Exception as e:  # a sound is never worth an error at the table
            log.info("sound %s not played (%s); sounds off", name, e)
            self._backend = "none"

    def _play(self, name: str, volume: int) -> None:
        if self._backend == "qt":
            from PySide6.QtCore import QUrl
            from PySide6.QtMultimedia import QSoundEffect

            effect = self._effects.get((name, volume))
            if effect is None:
                effect = QSoundEffect()
                effect.setSource(QUrl.fromLocalFile(str(SOUNDS / f"{name}.wav")))
                effect.setVolume(volume / 100)
                self._effects[(name, volume)] = effect
            effect.play()
            return
        path = scaled_wav(name, volume, self._cache)
        if self._backend == "winsound" and sys.platform == "win32":
            import winsound

            winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC)
            return
        self._procs = [p for p in self._procs if p.poll() is None]
        if len(self._procs) >= 4:
            return  # a burst of cards: skip rather than pile up players
        args = dict(_LINUX_PLAYERS).get(self._backend, [])
        self._procs.append(
            subprocess.Popen(
                [self._backend, *args, str(path)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
