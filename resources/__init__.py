"""Data for the desktop app: the QML module, card art, fonts and translations (no code)."""
