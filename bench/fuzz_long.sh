#!/usr/bin/env bash
# Long fuzzing runs of the C core's libFuzzer targets (fuzz/), one target at
# a time, one process each (no -jobs/-workers), on a copy of the corpus.
#
#   bench/fuzz_long.sh [SECONDS_PER_TARGET] [TARGET...]     (default 600, all)
#   bench/fuzz_long.sh --lenient 300                        step around the
#       known findings (fuzz/*.c, STUD_FUZZ_SKIP_KNOWN) to look for new ones
#
# The working corpora and crash files go to fuzz/build/long/ (git-ignored);
# new corpus entries are not copied back.  Prints one line per target:
# executions, coverage (cov = edges, ft = features), corpus size, crashes.
set -euo pipefail
cd "$(dirname "$0")/.."

lenient=0
if [[ "${1:-}" == "--lenient" ]]; then
    lenient=1
    shift
fi
seconds="${1:-600}"
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(fuzz_eval fuzz_engine fuzz_equity fuzz_envs fuzz_pshistory fuzz_playout)
fi

command -v clang >/dev/null || (apt-get update && apt-get install -y clang)
if [[ $lenient == 1 ]]; then
    bin="$PWD/fuzz/build/lenient"
    FUZZ_BUILD="$bin" FUZZ_CFLAGS=-DSTUD_FUZZ_SKIP_KNOWN fuzz/build.sh >/dev/null
else
    bin="$PWD/fuzz/build"
    fuzz/build.sh >/dev/null
fi

work="$PWD/fuzz/build/long"
mkdir -p "$work"
summary=()
failed=0
for target in "${targets[@]}"; do
    corpus="$work/$target"
    rm -rf "$corpus" "$work/$target.crashes"
    mkdir -p "$corpus" "$work/$target.crashes"
    cp fuzz/corpus/"$target"/* "$corpus"/
    log="$work/$target.log"
    echo "fuzzing $target for ${seconds}s (log: $log)"
    set +e
    "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/$target.crashes/" -print_final_stats=1 >"$log" 2>&1
    rc=$?
    set -e
    # the last status line carries the coverage; the final stats the executions
    status="$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status")"
    corp="$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$status")"
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")"
    crashes="$(find "$work/$target.crashes" -type f | wc -l)"
    [[ $rc == 0 && $crashes == 0 ]] || failed=1
    summary+=("$(printf '%-12s %6ss  execs %-10s exec/s %-6s cov %-5s ft %-6s corpus %-10s crashes %s' \
        "$target" "$seconds" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashes")")
done

echo
echo "summary ($([[ $lenient == 1 ]] && echo lenient || echo strict) harnesses, $(clang --version | head -n 1))"
printf '%s\n' "${summary[@]}"
for target in "${targets[@]}"; do
    for crash in "$work/$target.crashes"/*; do
        [[ -e "$crash" ]] && echo "crash: $crash (replay: $bin/$target $crash)"
    done
done
exit $failed
