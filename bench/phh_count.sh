#!/usr/bin/env bash
# Instructions per hand of the PHH C reader alone (bench/phh_count.c:
# split, read as verify reads, and with "replay" replayed on the engine), counted by
# callgrind: reproducible, unlike wall times on a shared machine.
#
#   bench/phh_count.sh FILE [LIBSTUDCORE.a]
#
# FILE: PHH of the three seven-card games (bench_histories.py's
# write_files); LIBSTUDCORE.a: the static core of a build (default: the one
# under build/ that pip install -e made).  Prints one markdown row per pass.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
file="$1"
lib="${2:-$(ls "$here"/../build/*/libstudcore.a | head -1)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -std=c11 -O2 -g -Wall -Wextra "-I$here/../src/studcore" "$here/phh_count.c" "$lib" -lm \
    -o "$work/phh_count"
for replay in 0 1; do
    out="$("$work/phh_count" "$file" "$replay")"
    hands="$(echo "$out" | awk '{print $2}')"
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/phh_count" "$file" \
        "$replay" >/dev/null 2>&1
    ir="$(grep -E '^(summary|totals):' "$work/cg.out" | head -1 | awk '{print $2}')"
    what=$([ "$replay" = 1 ] && echo "split, read, replay" || echo "split, read")
    printf '| %s | %s | %s |\n' "$what" "$hands" "$((ir / hands))"
done
