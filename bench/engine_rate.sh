#!/usr/bin/env bash
# Whole hands in C per second of CPU time, two builds interleaved: the rows
# of bench/engine_count.sh timed by bench/engine_count.c (its REPEATS mode:
# the best of 3 calls), PAIRS runs of each build one after the other, so
# that both see the same load on a shared machine.  Compare the ratios.
#
#   bench/engine_rate.sh BEFORE.a AFTER.a [PAIRS] [HANDS]    (default 9, 200000)
#
# BEFORE.a, AFTER.a: the static cores of two builds (libstudcore.a under
# build/).  Prints one markdown row per case: the median and the best rate
# of each build and the median of the per-pair ratios.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
before="$1"
after="$2"
pairs="${3:-9}"
hands="${4:-200000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for side in before after; do
    lib="${!side}"
    cc -std=c11 -O2 -Wall -Wextra "-I$here/../src/studcore" "$here/engine_count.c" "$lib" \
        -o "$work/$side"
done

echo "| case | before: median | before: best | after: median | after: best | ratio (median of pairs) |"
echo "|---|--:|--:|--:|--:|--:|"
cases=("play 0" "play 1" "play 2" "play 3" "play 4" "sim 0" "sim 1" "sim 2")
names=("play_random SEVEN_CARD_STUD" "play_random SEVEN_CARD_STUD_HILO" "play_random RAZZ"
       "play_random FIVE_CARD_STUD" "play_random FIVE_CARD_STUD_HILO" "simulate Stud/8 random"
       "simulate Stud/8 call" "simulate Stud/8 strength")
for i in "${!cases[@]}"; do
    read -r mode which <<<"${cases[$i]}"
    a=()
    b=()
    for _ in $(seq "$pairs"); do
        a+=("$("$work/before" "$mode" "$which" 6 "$hands" 3)")
        b+=("$("$work/after" "$mode" "$which" 6 "$hands" 3)")
    done
    python3 - "${names[$i]}" "${a[*]}" "${b[*]}" <<'PY'
import statistics
import sys

name, before, after = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
before, after = [float(x) for x in before], [float(x) for x in after]
ratios = [y / x for x, y in zip(before, after)]
print(f"| {name} | {statistics.median(before):,.0f} | {max(before):,.0f} | "
      f"{statistics.median(after):,.0f} | {max(after):,.0f} | {statistics.median(ratios):.2f}x |")
PY
done
