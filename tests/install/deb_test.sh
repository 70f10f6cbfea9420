#!/bin/sh
# Makes the Debian package with the build's CPack configuration, reads its control fields,
# extracts it with `dpkg-deb -x` and runs the extracted usr/bin/spadework from a folder
# outside the source and build trees: its version must be the project's and it must list
# every lesson of samples/lessons, found in the package's own usr/share/spadework.
# Usage: deb_test.sh CMAKE CPACK BUILD_DIR SOURCE_DIR VERSION
#
# `cpack` in the build folder first builds every target (CMake's preinstall step), which in a
# tree built for the tests only (scripts/test's build-asan) is minutes of compiling; here the
# files come from `cmake --install`, which builds nothing, into a staging folder that CPack
# packs with the build's own settings (build/CPackConfig.cmake: name, version, dependencies),
# under the same prefix (installed folders are not put under it as installed projects are).
set -eu
cmake=$1
cpack=$2
build=$3
src=$4
version=$5
name="deb test"
. "$(dirname "$0")/common.sh"

"$cmake" --install "$build" --prefix "$work/stage" --strip >"$work/install.log"
cat >"$work/cpack.cmake" <<EOF
include("$build/CPackConfig.cmake")
set(CPACK_INSTALL_CMAKE_PROJECTS "")
set(CPACK_INSTALLED_DIRECTORIES "$work/stage;\${CPACK_PACKAGING_INSTALL_PREFIX}")
EOF
"$cpack" -G DEB --config "$work/cpack.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
    fail "cpack failed: $(cat "$work/cpack.log")"
set -- "$work"/out/spadework_*.deb
[ $# -eq 1 ] && [ -f "$1" ] || fail "no single spadework_*.deb in $(ls "$work/out")"
deb=$1

# field NAME: the value of one control field.
field() {
    dpkg-deb -f "$deb" "$1"
}
[ "$(field Package)" = spadework ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), expected $version"
[ "$(field Section)" = games ] || fail "Section: $(field Section)"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] ||
    fail "Architecture: $(field Architecture), dpkg says $(dpkg --print-architecture)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
depends=$(field Depends)
[ -n "$depends" ] || fail "Depends is empty"
# The package names, one a line, without versions or alternatives' bars.
echo "$depends" | tr ',|' '\n\n' | sed 's/(.*)//; s/ //g' | grep -v '^$' >"$work/depends.txt"
if grep -- '-dev$' "$work/depends.txt" >"$work/dev.txt"; then
    fail "Depends names development packages: $(tr '\n' ' ' <"$work/dev.txt")"
fi

dpkg-deb -x "$deb" "$work/root"
ls "$work/root" >"$work/top.txt"
[ "$(cat "$work/top.txt")" = usr ] || fail "the package installs outside /usr: $(cat "$work/top.txt")"
spadework="$work/root/usr/bin/spadework"
for f in usr/bin/spadework usr/share/spadework/lessons usr/share/spadework/games \
    usr/share/spadework/rules usr/share/applications/spadework.desktop \
    usr/share/icons/hicolor/scalable/apps/spadework.svg; do
    [ -e "$work/root/$f" ] || fail "not in the package: /$f"
done
if grep -q "$src/samples" "$spadework"; then
    fail "the packaged command names the source tree's samples folder ($src/samples)"
fi

# Every shared library the command loads comes from a package Depends names.
objdump -p "$spadework" | awk '$1 == "NEEDED" { print $2 }' >"$work/needed.txt"
[ -s "$work/needed.txt" ] || fail "objdump lists no NEEDED library"
ldd "$spadework" >"$work/ldd.txt"
while read -r lib; do
    path=$(awk -v lib="$lib" '$1 == lib && $2 == "=>" { print $3 }' "$work/ldd.txt")
    [ -n "$path" ] || fail "$lib not found by ldd: $(cat "$work/ldd.txt")"
    # The owner as dpkg recorded the file: /lib or /usr/lib (usrmerge), the link or its target.
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null ||
        dpkg -S "/usr$path" 2>/dev/null) || fail "no package owns $path ($lib)"
    package=${owner%%:*}
    grep -qx "$package" "$work/depends.txt" ||
        fail "$lib comes from $package, which Depends does not name: $depends"
done <"$work/needed.txt"

cd "$work"
unset SPADEWORK_LESSONS SPADEWORK_DATA
"$spadework" --version >"$work/version.txt" || fail "--version failed"
[ "$(cat "$work/version.txt")" = "spadework $version" ] ||
    fail "--version says $(cat "$work/version.txt"), expected spadework $version"

lists_every_lesson "$spadework" "$src"

# The lessons listed are the package's: without its lessons folder there is none to list.
rm -r "$work/root/usr/share/spadework/lessons"
if "$spadework" lesson --list >"$work/none.txt" 2>&1; then
    fail "lesson --list without the package's lessons succeeded: $(cat "$work/none.txt")"
fi
grep -q "$work/root/usr/share/spadework/lessons" "$work/none.txt" ||
    fail "the error does not name the package's lessons folder: $(cat "$work/none.txt")"
echo "$(basename "$deb"): Depends: $depends; the extracted spadework $version lists $count lessons"
