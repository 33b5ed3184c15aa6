#!/bin/sh
# macOS: the .app (from packaging/tuolaji.spec's BUNDLE step) in a compressed disk image.
#
#   python3 packaging/build_bundle.py     # makes dist/tuolaji/ and dist/Tuolaji.app
#   sh packaging/macos/make_dmg.sh        # makes dist/Tuolaji-<version>.dmg
#
# Unsigned: Gatekeeper asks the player to open it with right-click > Open the first time.
# Signing and notarising need an Apple Developer ID (codesign --deep --options runtime, then
# xcrun notarytool submit --wait, then xcrun stapler staple). Not built or tested by this
# project's CI (it runs on Linux).
set -eu
cd "$(dirname "$0")/../.."
version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
app=dist/Tuolaji.app
[ -d "$app" ] || { echo "no $app: run python3 packaging/build_bundle.py first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
hdiutil create -volname "Tuolaji" -srcfolder "$stage" -ov -format UDZO "dist/Tuolaji-$version.dmg"
echo "dist/Tuolaji-$version.dmg"
