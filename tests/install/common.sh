# Shared by the install tests (sourced): a temporary folder removed on exit, `fail`, and the
# check that a spadework lists every lesson of samples/lessons. Set `name` before sourcing.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "$name: $*" >&2
    exit 1
}

# lists_every_lesson SPADEWORK SOURCE_DIR: `SPADEWORK lesson --list` names each lesson of
# SOURCE_DIR/samples/lessons once, and nothing else; sets `count`.
lists_every_lesson() {
    "$1" lesson --list >"$work/list.txt" || fail "lesson --list failed"
    count=0
    for file in "$2"/samples/lessons/*.spades; do
        lesson=$(basename "$file" .spades | sed 's/^[0-9]*-//')
        grep -q "^$lesson " "$work/list.txt" ||
            fail "lesson $lesson not listed: $(cat "$work/list.txt")"
        count=$((count + 1))
    done
    [ "$count" -gt 0 ] || fail "no lessons in $2/samples/lessons"
    [ "$(wc -l <"$work/list.txt")" -eq "$count" ] ||
        fail "listed $(wc -l <"$work/list.txt"), expected $count"
}
