#!/usr/bin/env bash
# Runs archlint's performance suite (`archlint-bench suite`) and prints its table:
#
#   1. builds archlint in release (the root package's `archlint` product, into SCRATCH) the
#      way the README installs it: on Linux with the Swift runtime linked in
#      (`--static-swift-stdlib`), elsewhere plainly;
#   2. builds archlint-bench in release (this folder's package, into .build: incremental);
#   3. extracts the corpus with extract-corpus.sh --unique if CORPUS does not exist yet;
#   4. runs the suite over the corpus and the generated app.
#
# usage: run-suite.sh [--corpus DIR] [--scratch-path DIR] [--plain-build] [SUITE OPTIONS...]
#
#   --corpus DIR        the corpus (default: $ARCHLINT_CORPUS, else corpus-unique beside the
#                       checkout, i.e. ../../corpus-unique from this folder)
#   --scratch-path DIR  build folder of the release archlint (default: /tmp/build-static for
#                       the installed build on Linux, /tmp/build-rel for a plain build)
#   --plain-build       measure `swift build -c release` without `--static-swift-stdlib`
#                       (what the SwiftPM plugins and the GitHub action run); it starts
#                       about 10 ms slower on Linux (BENCHMARKS.md, "Start-up")
#   SUITE OPTIONS       passed on: --runs N, --app-files N, --skip-parse, --markdown
#
# The table goes to standard output, build output and progress to standard error:
#   Benchmarks/run-suite.sh --runs 5 > suite.txt
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
corpus=${ARCHLINT_CORPUS:-$(dirname "$repo")/corpus-unique}
scratch=
build_flags=()
[[ $(uname -s) == Linux ]] && build_flags=(--static-swift-stdlib)
suite_options=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --corpus) corpus=${2:?--corpus needs a directory}; shift 2 ;;
        --scratch-path) scratch=${2:?--scratch-path needs a directory}; shift 2 ;;
        --plain-build) build_flags=(); shift ;;
        --archlint) echo "$0: the suite runs the archlint it builds in --scratch-path" >&2; exit 2 ;;
        *) suite_options+=("$1"); shift ;;
    esac
done

# A static and a plain build go to different folders, so that neither rebuilds the other.
[[ -z $scratch ]] && scratch=$([[ -n ${build_flags[*]+set} ]] && echo /tmp/build-static || echo /tmp/build-rel)
echo "== building archlint (release${build_flags[*]:+ ${build_flags[*]}}) in $scratch" >&2
swift build -c release ${build_flags[@]+"${build_flags[@]}"} --package-path "$repo" --scratch-path "$scratch" --product archlint >&2
archlint=$scratch/release/archlint

echo "== building archlint-bench (release)" >&2
swift build -c release --package-path "$here" --product archlint-bench >&2
bench=$here/.build/release/archlint-bench

if [[ ! -d $corpus ]]; then
    echo "== extracting the corpus into $corpus" >&2
    "$here/extract-corpus.sh" --unique "$corpus" >&2
fi

# Which sources were measured: the commit, and whether the working tree differs from it.
if commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null); then
    changed=$(git -C "$repo" status --porcelain -- Sources Rules Package.swift | wc -l)
    echo "archlint sources: commit $commit$([[ $changed -gt 0 ]] && echo ", $changed changed files in Sources/ and Rules/ (uncommitted)")"
fi
echo "archlint build: swift build -c release${build_flags[*]:+ ${build_flags[*]}}"

echo "== running the suite" >&2
"$bench" suite --corpus "$corpus" --archlint "$archlint" "${suite_options[@]}"
