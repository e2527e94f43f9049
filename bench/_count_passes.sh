# Shared by bench/ps_count.sh and bench/phh_count.sh (sourced): builds a
# counting program against the static core and prints, per pass (without
# and with the replay), its instructions per hand by callgrind.
#
#   count_passes PROGRAM FILE LIB HANDS_FIELD "PASS" "PASS WITH THE REPLAY"
#
# PROGRAM: bench/PROGRAM.c, which prints the hands it read in the
# HANDS_FIELD-th word of its output.
count_passes() {
    local program="$1" file="$2" lib="$3" field="$4" plain="$5" replayed="$6"
    local here work
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    work="$(mktemp -d)"
    cc -std=c11 -O2 -g -Wall -Wextra "-I$here/../src/studcore" "$here/$program.c" "$lib" -lm \
        -o "$work/$program"
    for replay in 0 1; do
        local out hands ir what
        out="$("$work/$program" "$file" "$replay")"
        hands="$(echo "$out" | awk -v f="$field" '{print $f}')"
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/$program" "$file" \
            "$replay" >/dev/null 2>&1
        ir="$(grep -E '^(summary|totals):' "$work/cg.out" | head -1 | awk '{print $2}')"
        what=$([ "$replay" = 1 ] && echo "$replayed" || echo "$plain")
        printf '| %s | %s | %s |\n' "$what" "$hands" "$((ir / hands))"
    done
    rm -rf "$work"
}
