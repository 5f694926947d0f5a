#!/usr/bin/env bash
# Runs archlint's performance suite (`archlint-bench suite`) and prints its table:
#
#   1. builds archlint in release (the root package's `archlint` product, into SCRATCH);
#   2. builds archlint-bench in release (this folder's package, into .build: incremental);
#   3. extracts the corpus with extract-corpus.sh --unique if CORPUS does not exist yet;
#   4. runs the suite over the corpus and the generated app.
#
# usage: run-suite.sh [--corpus DIR] [--scratch-path DIR] [SUITE OPTIONS...]
#
#   --corpus DIR        the corpus (default: $ARCHLINT_CORPUS, else corpus-unique beside the
#                       checkout, i.e. ../../corpus-unique from this folder)
#   --scratch-path DIR  build folder of the release archlint (default: /tmp/build-rel)
#   SUITE OPTIONS       passed on: --runs N, --app-files N, --skip-parse, --markdown
#
# The table goes to standard output, build output and progress to standard error:
#   Benchmarks/run-suite.sh --runs 5 > suite.txt
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
corpus=${ARCHLINT_CORPUS:-$(dirname "$repo")/corpus-unique}
scratch=/tmp/build-rel
suite_options=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --corpus) corpus=${2:?--corpus needs a directory}; shift 2 ;;
        --scratch-path) scratch=${2:?--scratch-path needs a directory}; shift 2 ;;
        --archlint) echo "$0: the suite runs the archlint it builds in --scratch-path" >&2; exit 2 ;;
        *) suite_options+=("$1"); shift ;;
    esac
done

echo "== building archlint (release) in $scratch" >&2
swift build -c release --package-path "$repo" --scratch-path "$scratch" --product archlint >&2
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
    changed=$(git -C "$repo" status --porcelain -- Sources Package.swift | wc -l)
    echo "archlint sources: commit $commit$([[ $changed -gt 0 ]] && echo ", $changed changed files in Sources/ (uncommitted)")"
fi

echo "== running the suite" >&2
"$bench" suite --corpus "$corpus" --archlint "$archlint" "${suite_options[@]}"
