#!/usr/bin/env bash
# Extracts every *.swift file of every bare git repository in the local package mirror,
# at HEAD, into OUTDIR/OWNER/NAME/: the corpus for `archlint-bench crosscheck` and
# `archlint-bench lexer-throughput`.
#
# usage: extract-corpus.sh [--unique] OUTDIR [MIRROR]
#
# MIRROR defaults to the folder that git's `url.<folder>.insteadOf` setting redirects
# GitHub URLs to (the mirror SwiftPM resolves packages from), which holds the
# repositories as MIRROR/OWNER/NAME.git. Symbolic links there (aliases such as
# `owner/name.git` -> `Owner/Name.git` for URLs spelled in another case) are followed
# like repositories, so an aliased repository's files are extracted under both names,
# unless --unique is given: then aliases are skipped and every repository counts once
# (the corpus of the performance suite, `archlint-bench suite`).
set -euo pipefail

unique=false
if [[ ${1:-} == --unique ]]; then
    unique=true
    shift
fi
if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 [--unique] OUTDIR [MIRROR]" >&2
    exit 2
fi
outdir=$1
mirror=${2:-}

# The first `url.<folder>.insteadof` whose folder exists.
if [[ -z $mirror ]]; then
    while read -r key _; do
        folder=${key#url.}
        folder=${folder%.insteadof}
        if [[ -d $folder ]]; then
            mirror=$folder
            break
        fi
    done < <(git config --get-regexp '^url\..*\.insteadof$' || true)
fi
if [[ -z $mirror || ! -d $mirror ]]; then
    echo "$0: no mirror folder given and none found in git's url.*.insteadOf settings" >&2
    exit 2
fi
mirror=${mirror%/}

mkdir -p "$outdir"
repositories=0
skipped=0
while IFS= read -r repository; do
    relative=${repository#"$mirror"/}
    target=$outdir/${relative%.git}
    if $unique && [[ -L $repository ]]; then
        skipped=$((skipped + 1))
        continue
    fi
    if ! git --git-dir="$repository" rev-parse --verify --quiet HEAD >/dev/null; then
        echo "skipped (no HEAD): $relative" >&2
        skipped=$((skipped + 1))
        continue
    fi
    # A repository without Swift files is not an error: tar then finds nothing to extract.
    # (`grep -c` reads the whole listing: `grep -q` would stop early, and git's SIGPIPE
    # would then fail the pipeline under pipefail and skip the repository at random.)
    swift_files=$(git --git-dir="$repository" ls-tree -r --name-only HEAD | grep -c '\.swift$' || true)
    if [[ $swift_files -eq 0 ]]; then
        echo "skipped (no Swift files): $relative" >&2
        skipped=$((skipped + 1))
        continue
    fi
    mkdir -p "$target"
    git --git-dir="$repository" archive HEAD | tar -x -C "$target" --wildcards '*.swift'
    repositories=$((repositories + 1))
done < <(find -L "$mirror" -mindepth 2 -maxdepth 2 -type d -name '*.git' | LC_ALL=C sort)

files=$(find "$outdir" -type f -name '*.swift' | wc -l)
bytes=$(find "$outdir" -type f -name '*.swift' -print0 | xargs -0 cat | wc -c)
echo "extracted $repositories repositories ($skipped skipped) into $outdir: $files Swift files, $bytes bytes"
