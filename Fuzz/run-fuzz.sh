#!/usr/bin/env bash
# Builds the archlint libFuzzer target and fuzzes it for SECONDS (default 600).
#
#   Fuzz/run-fuzz.sh [SECONDS]
#
# The working corpus lives in Fuzz/.work/corpus (git-ignored) and grows from run to run;
# the seed corpus is copied into it first. Every input that crashes, times out or runs
# out of memory is copied to Tests/ArchLintKitTests/Fixtures/FuzzRegressions as
# KIND-SHA1.bin, where FuzzRegressionTests replays it; the script then exits 1.
#
# Environment: ARCHLINT_FUZZ_SCRATCH (build directory, default /tmp/build-fuzz),
# ARCHLINT_FUZZ_ARGS (extra libFuzzer flags, e.g. "-seed=1" or "-jobs=2").
set -euo pipefail

seconds="${1:-600}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 [SECONDS]" >&2
    exit 2
fi

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repository="$(dirname "$fuzz_dir")"
scratch="${ARCHLINT_FUZZ_SCRATCH:-/tmp/build-fuzz}"
work="$fuzz_dir/.work"
corpus="$work/corpus"
artifacts="$work/artifacts"
log="$work/fuzz.log"
regressions="$repository/Tests/ArchLintKitTests/Fixtures/FuzzRegressions"

# `--sanitize=fuzzer` makes SwiftPM link libFuzzer's `main` instead of renaming the
# executable's entry point. The compiler flags are given again with -Xswiftc because
# two `--sanitize` options reach swiftc as two `-sanitize=` flags and only the last one
# counts, which would drop the coverage instrumentation.
build_flags=(-c release --product archlint-fuzz --scratch-path "$scratch"
             --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
echo "==> building: swift build ${build_flags[*]}"
(cd "$fuzz_dir" && swift build "${build_flags[@]}")
binary="$(cd "$fuzz_dir" && swift build "${build_flags[@]}" --show-bin-path)/archlint-fuzz"

mkdir -p "$corpus" "$artifacts"
rm -f "$artifacts"/*
cp "$fuzz_dir"/seed-corpus/* "$corpus"/

echo "==> fuzzing for $seconds s (corpus: $corpus, log: $log)"
# libFuzzer and AddressSanitizer print the crash's stack trace. The Swift runtime's own
# backtracer would also start, and AddressSanitizer flags its reads of the crashed
# process's memory, which leaves the backtracer hanging and the run never ending.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
status=0
# shellcheck disable=SC2086  # ARCHLINT_FUZZ_ARGS is a list of flags
"$binary" \
    -max_total_time="$seconds" \
    -max_len=16384 \
    -timeout=10 \
    -rss_limit_mb=4096 \
    -dict="$fuzz_dir/swift.dict" \
    -artifact_prefix="$artifacts/" \
    -print_final_stats=1 \
    ${ARCHLINT_FUZZ_ARGS:-} \
    "$corpus" 2>&1 | tee "$log" || status=$?

echo
echo "==> final stats"
grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 || true
grep -E '^(Done [0-9]+ runs|stat::)' "$log" || true
echo "corpus: $(find "$corpus" -type f | wc -l) files"

kept=0
mkdir -p "$regressions"
for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/leak-*; do
    [ -f "$artifact" ] || continue
    kind="$(basename "$artifact" | cut -d- -f1)"
    hash="$(sha1sum "$artifact" | cut -d' ' -f1)"
    target="$regressions/$kind-$hash.bin"
    cp "$artifact" "$target"
    echo "kept $kind input: ${target#"$repository"/} (replay: SWIFT_BACKTRACE=enable=no $binary $target)"
    kept=$((kept + 1))
done

if [ "$kept" -gt 0 ]; then
    echo "==> $kept input(s) broke archlint; the stack trace is in $log" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "==> the fuzzer exited with status $status and left no artifact; see $log" >&2
    exit "$status"
fi
echo "==> nothing found"
