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
. "$here/_count_passes.sh"
count_passes phh_count "$1" "${2:-$(ls "$here"/../build/*/libstudcore.a | head -1)}" 2 \
    "split, read" "split, read, replay"
