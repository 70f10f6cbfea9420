#!/bin/sh
# Installs the build into a temporary prefix, moves the prefix elsewhere and runs the moved
# `spadework lesson --list` from a folder outside the source and build trees: it must list
# every lesson of samples/lessons, found beside itself (share/spadework), not in the trees.
# Usage: install_test.sh CMAKE BUILD_DIR SOURCE_DIR
set -eu
cmake=$1
build=$2
src=$3
name="install test"
. "$(dirname "$0")/common.sh"

"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log"
for f in bin/spadework share/spadework/lessons share/spadework/games share/spadework/rules \
    share/applications/spadework.desktop share/icons/hicolor/scalable/apps/spadework.svg; do
    [ -e "$work/prefix/$f" ] || fail "not installed: $f"
done
# The menu entry opens the viewer and names the icon installed beside it.
desktop="$work/prefix/share/applications/spadework.desktop"
grep -q '^Exec=spadework view' "$desktop" || fail "the menu entry does not run spadework view"
grep -q '^Icon=spadework$' "$desktop" || fail "the menu entry names another icon"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" >"$work/desktop.txt" 2>&1 ||
        fail "desktop-file-validate: $(cat "$work/desktop.txt")"
fi
# Moved: what the command finds comes from where it is now, not from where it was put.
mv "$work/prefix" "$work/moved"
spadework="$work/moved/bin/spadework"
if grep -q "$src/samples" "$spadework"; then
    fail "the command names the source tree's samples folder ($src/samples)"
fi

cd "$work"
unset SPADEWORK_LESSONS SPADEWORK_DATA
lists_every_lesson "$spadework" "$src"

# $SPADEWORK_DATA overrides the location: an empty folder has no lessons to list.
mkdir "$work/empty"
if SPADEWORK_DATA="$work/empty" "$spadework" lesson --list >"$work/none.txt" 2>&1; then
    fail "lesson --list with an empty SPADEWORK_DATA succeeded: $(cat "$work/none.txt")"
fi
grep -q "$work/empty/lessons" "$work/none.txt" ||
    fail "the error does not name the folder: $(cat "$work/none.txt")"
echo "installed spadework lists $count lessons from $work/moved/share/spadework"
