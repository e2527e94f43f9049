#!/usr/bin/env bash
# Builds the libFuzzer targets of the C core into fuzz/build/ (git-ignored).
#
#   fuzz/build.sh            build every fuzz_*.c in fuzz/ into fuzz/build/
#   CC=clang-17 fuzz/build.sh
#   FUZZ_BUILD=fuzz/build/lenient FUZZ_CFLAGS=-DSTUD_FUZZ_SKIP_KNOWN fuzz/build.sh
#                            harnesses that step around the known findings
#                            (see the STUD_FUZZ_SKIP_KNOWN blocks), for long
#                            runs that look for new ones
#
# The table generator runs uninstrumented (it only writes tables_data.c);
# the core and the harnesses are built with libFuzzer, ASan and UBSan, UB
# being fatal so that it shows up as a crash.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../src/studcore"
out="${FUZZ_BUILD:-$here/build}"
CC="${CC:-clang}"
mkdir -p "$out/obj"

SAN=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
CFLAGS=(-std=c11 -g -O1 -Wall -Wextra "-I$src" ${FUZZ_CFLAGS:-})

"$CC" -std=c11 -O2 -Wall -Wextra "-I$src" "$src/gen_tables.c" -o "$out/gen_tables"
"$out/gen_tables" "$out/tables_data.c" 2>/dev/null

# the core: instrumented for coverage, not linked with the fuzzer's main
objs=()
for f in eval eval_simd board game settle simulate playout equity census observe vecenv ps_split ps_read ps_message ps_replay hh_stats phh_read phh_split text_lines site_text site_formats site_fulltilt site_everleaf site_bovada site_lines site_winamax site_ongame site_partypoker site_wpn_hand site_absolute site_kingsclub site_wpn xml_scan site_xml_hand site_ipoker site_merge; do
    "$CC" "${CFLAGS[@]}" "${SAN[@]}" -fsanitize=fuzzer-no-link -c "$src/$f.c" -o "$out/obj/$f.o"
    objs+=("$out/obj/$f.o")
done
"$CC" "${CFLAGS[@]}" "${SAN[@]}" -fsanitize=fuzzer-no-link -c "$out/tables_data.c" \
    -o "$out/obj/tables_data.o"
objs+=("$out/obj/tables_data.o")

for harness in "$here"/fuzz_*.c; do
    name="$(basename "$harness" .c)"
    "$CC" "${CFLAGS[@]}" "${SAN[@]}" -fsanitize=fuzzer "$harness" "${objs[@]}" -o "$out/$name"
    echo "built $out/$name"
done
