#!/usr/bin/env bash
# Instructions and first-level data-cache read misses per hand of
# stud_simulate in Razz, 2-7 Razz, Hi-Lo Regular (with and without
# low_needs_five_ranks) and Stud/8, counted by callgrind with its cache
# model (reproducible, unlike wall times on a shared machine), and each
# game's instructions over Razz's.
#
#   bench/engine_count_games.sh [LIBSTUDCORE.a] [HANDS]
#
# LIBSTUDCORE.a: the static core of a build (default: the one under build/
# that pip install -e made); HANDS: per row (default 20000).  6 seats,
# stacks 300, seed 5, every player with the same built-in policy.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
lib="${1:-$(ls "$here"/../build/*/libstudcore.a | head -1)}"
hands="${2:-20000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -std=c11 -O2 -g -Wall -Wextra "-I$here/../src/studcore" "$here/engine_count.c" "$lib" \
    -o "$work/engine_count"

count() { # variant, five ranks, policy; prints "instructions D1-read-misses"
    valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$work/cg.out" \
        --toggle-collect=stud_simulate "$work/engine_count" game "$1" "$2" "$3" 6 "$hands" \
        >/dev/null 2>&1
    # events: Ir Dr Dw I1mr D1mr ...
    grep -E '^(summary|totals):' "$work/cg.out" | head -1 | awk '{print $2, $6}'
}

names=("Razz" "2-7 Razz" "Hi-Lo Regular" "Hi-Lo Regular, five ranks" "Stud/8")
games=("2 0" "5 0" "6 0" "6 1" "1 0")
policies=(random call strength)
echo "| policies | game | instructions / hand | D1 read misses / hand | Razz's instructions / game's |"
echo "|---|---|--:|--:|--:|"
for p in 0 1 2; do
    razz=""
    for g in 0 1 2 3 4; do
        read -r ir miss < <(count ${games[$g]} "$p")
        razz="${razz:-$ir}"
        awk -v pol="${policies[$p]}" -v n="${names[$g]}" -v ir="$ir" -v m="$miss" -v h="$hands" \
            -v r="$razz" 'BEGIN { printf "| %s | %s | %.0f | %.2f | %.3f |\n", pol, n, ir / h, m / h, r / ir }'
    done
done
