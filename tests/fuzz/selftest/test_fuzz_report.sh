#!/usr/bin/env bash
# scripts/fuzz's report, checked on a target with a planted crash (fuzz_crash) fuzzed beside a
# clean one (fuzz_clean), for 3 seconds: the run fails, the crashing target's line says
# FAILED and names the input that crashed it (which exists and crashes it again), the clean
# target's line says clean, and a status left by an earlier run is not read as this one's.
# Everything is written in a temporary folder: nothing in the repository or the build tree.
#   test_fuzz_report.sh SCRIPTS_FUZZ DIR_OF_THE_TWO_TARGETS
set -euo pipefail
fuzz="$1"
built="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAILED: $*"
  exit 1
}

cp "$built/fuzz_crash" "$built/fuzz_clean" "$work/"
# An earlier run's status: a crash must not be read as this "clean".
mkdir -p "$work/fuzz-logs"
echo 0 >"$work/fuzz-logs/fuzz_crash.rc"

rc=0
"$fuzz" --prebuilt "$work" --target fuzz_crash --target fuzz_clean 3 >"$work/out" 2>&1 || rc=$?
cat "$work/out"
[ "$rc" = 1 ] || fail "scripts/fuzz exited $rc, not 1"

line="$(grep '^fuzz_crash ' "$work/out")" || fail "no line for fuzz_crash"
# Failed with the fuzzer's own exit status (a status file not written reads "exit none").
[[ "$line" =~ FAILED\ \(exit\ [1-9][0-9]*\) ]] || fail "fuzz_crash is not reported as failed: $line"
input="$(sed -n 's/.*: input \(.*\), log .*/\1/p' <<<"$line")"
[ -n "$input" ] || fail "fuzz_crash's line names no input: $line"
[ -f "$input" ] || fail "the input named, $input, is not there"
[[ "$input" == "$work/artifacts/fuzz_crash-crash-"* ]] || fail "not a crash artifact: $input"
rc=0
"$work/fuzz_crash" "$input" >"$work/rerun.log" 2>&1 || rc=$?
[ "$rc" != 0 ] || fail "the input named, $input, does not crash fuzz_crash again"
log="$(sed -n 's/.*, log \(.*\)$/\1/p' <<<"$line")"
grep -q "heap-buffer-overflow" "$log" || fail "the log named does not hold the report: $log"

grep -q '^fuzz_clean .* clean for 3s$' "$work/out" || fail "fuzz_clean is not reported clean"
[ "$(cat "$work/fuzz-logs/fuzz_clean.rc")" = 0 ] || fail "fuzz_clean's status is not 0"

# Nothing made in the repository: these targets have no corpus there.
root="$(cd "$(dirname "$fuzz")/.." && pwd)"
for t in fuzz_crash fuzz_clean; do
  [ ! -e "$root/tests/fuzz/corpus/$t" ] || fail "tests/fuzz/corpus/$t was created"
done
echo "scripts/fuzz reported the planted crash and its input"
