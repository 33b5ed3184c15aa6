"""Render packaging/icons/tuolaji.svg into the icon files the installers need.

    python packaging/make_icons.py      # rewrites packaging/icons/ (the results are committed)

- ``hicolor/<N>x<N>/apps/<APP_ID>.png`` for N in SIZES, and ``hicolor/scalable/apps/<APP_ID>.svg``
  (the freedesktop icon theme layout the .deb installs under /usr/share/icons)
- ``tuolaji.ico`` (Windows: PNG-compressed entries 16-256) and ``tuolaji.icns`` (macOS: 16-1024)
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ICONS = HERE / "icons"
SVG = ICONS / "tuolaji.svg"
APP_ID = "io.github.tuolaji.Tuolaji"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
ICNS_RETINA_1024 = b"ic10"


def render(size: int) -> bytes:
    """The icon as PNG bytes, ``size`` pixels square."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(p)
    p.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.convertToFormat(QImage.Format.Format_ARGB32).save(buf, "PNG")
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A .ico holding PNG images (Windows Vista and later read these)."""
    sizes = sorted(pngs)
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for n in sizes:
        side = 0 if n >= 256 else n  # 0 means 256
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[n]), offset)
        offset += len(pngs[n])
    return out + b"".join(pngs[n] for n in sizes)


def icns(pngs: dict[bytes, bytes]) -> bytes:
    """A .icns of PNG entries keyed by their four-byte type."""
    body = b"".join(kind + struct.pack(">I", 8 + len(d)) + d for kind, d in pngs.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    pngs = {n: render(n) for n in (*SIZES, 1024)}
    theme = ICONS / "hicolor"
    shutil.rmtree(theme, ignore_errors=True)
    for n in SIZES:
        folder = theme / f"{n}x{n}" / "apps"
        folder.mkdir(parents=True)
        (folder / f"{APP_ID}.png").write_bytes(pngs[n])
    scalable = theme / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copyfile(SVG, scalable / f"{APP_ID}.svg")
    (ICONS / "tuolaji.ico").write_bytes(ico({n: pngs[n] for n in ICO_SIZES}))
    entries = {kind: pngs[n] for n, kind in ICNS_TYPES.items()}
    entries[ICNS_RETINA_1024] = pngs[1024]
    (ICONS / "tuolaji.icns").write_bytes(icns(entries))
    print(f"wrote {theme}, tuolaji.ico, tuolaji.icns")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
