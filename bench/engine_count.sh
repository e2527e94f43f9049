#!/usr/bin/env bash
# Instructions per hand and per decision of the whole-hand loops, counted by
# callgrind (reproducible, unlike wall times on a shared machine).
#
#   bench/engine_count.sh [LIBSTUDCORE.a] [HANDS]
#
# LIBSTUDCORE.a: the static core of a build (default: the one under build/
# that pip install -e made); HANDS: per row (default 20000).  Prints one
# markdown row per case: play_random for each variant, 6 seats, stacks 300,
# seed 3; simulate (Stud/8) with each built-in policy, seed 5.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
lib="${1:-$(ls "$here"/../build/*/libstudcore.a | head -1)}"
hands="${2:-20000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -std=c11 -O2 -g -Wall -Wextra "-I$here/../src/studcore" "$here/engine_count.c" "$lib" \
    -o "$work/engine_count"

count() { # entry point, then the harness's arguments; prints "instructions<TAB>output"
    local entry="$1"
    shift
    local out
    out="$(valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
        --toggle-collect="$entry" "$work/engine_count" "$@" 2>/dev/null)"
    local ir
    ir="$(grep -E '^(summary|totals):' "$work/cg.out" | head -1 | awk '{print $2}')"
    printf '%s\t%s\n' "$ir" "$out"
}

names=(SEVEN_CARD_STUD SEVEN_CARD_STUD_HILO RAZZ FIVE_CARD_STUD FIVE_CARD_STUD_HILO)
echo "| case | instructions / hand | decisions / hand | instructions / decision |"
echo "|---|--:|--:|--:|"
for v in 0 1 2 3 4; do
    IFS=$'\t' read -r ir out < <(count stud_play_random play "$v" 6 "$hands")
    decisions="$(sed -E 's/.*decisions ([0-9]+).*/\1/' <<<"$out")"
    awk -v n="${names[$v]}" -v ir="$ir" -v h="$hands" -v d="$decisions" \
        'BEGIN { printf "| play_random %s | %.0f | %.2f | %.0f |\n", n, ir / h, d / h, ir / d }'
done
policies=(random call strength)
for p in 0 1 2; do
    IFS=$'\t' read -r ir out < <(count stud_simulate sim "$p" 6 "$hands")
    awk -v n="${policies[$p]}" -v ir="$ir" -v h="$hands" \
        'BEGIN { printf "| simulate Stud/8 %s | %.0f | | |\n", n, ir / h }'
done
