#!/usr/bin/env bash
# Runs every fuzz target (or those named) for a given time each, one after another, one
# process at a time, resuming from the corpus saved by earlier runs.
#
#   fuzz/run.sh [-t SECONDS] [TARGET...]      (from cardc/; default 60 s a target)
#
# Seeds are built at run time from the shared data ($CARDC_FUZZ_SHARED, default ../shared
# beside the repository) into fuzz/seeds/<target>/; new inputs go to fuzz/corpus/<target>/
# and crashes to fuzz/artifacts/<target>/. All three are ignored by git. Each run's log is
# fuzz/logs/<target>.log; a summary line a target is printed at the end.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
shared="${CARDC_FUZZ_SHARED:-$(cd "$here/../../.." && pwd)/shared}"
export CARDC_FUZZ_SHARED="$shared"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
seconds=60
if [[ "${1:-}" == "-t" ]]; then
    seconds="$2"
    shift 2
fi
all=(check render fast_path ability xws scenario armada_list unpack)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all[@]}")

# The cards of the conformance sets, each as the check target reads it: an Armada or
# Eclipse file starts with `#armada` / `#eclipse` so that it is checked beside that game.
seed_cards() {
    local out=$1 f game
    for f in "$shared"/examples/*/*.cards; do
        game=$(basename "$(dirname "$f")")
        if [[ $game == xwing ]]; then
            cp "$f" "$out/$game-$(basename "$f")"
        else
            { printf '#%s\n' "$game"; cat "$f"; } >"$out/$game-$(basename "$f")"
        fi
    done
}

# Hostile shapes no card file of the shared data has: a label past column 65,535, a
# thousand errors in one file, a string over many lines, control bytes, nesting.
seed_hostile() {
    local out=$1
    { printf 'upgrade "Wide" {\n'; head -c 70000 /dev/zero | tr '\0' ' '; printf '@\n}\n'; } >"$out/hostile-wide-line"
    for _ in $(seq 1000); do printf '@ upgrade {\n'; done >"$out/hostile-many-errors"
    { printf 'upgrade "Open'; for _ in $(seq 500); do printf '\n  text'; done; } >"$out/hostile-open-string"
    printf 'upgrade "C\033[2J\a" {\n  cost: 1\x7f\x01\n}\n' >"$out/hostile-control-bytes"
    { printf 'upgrade "Deep" {\n  requires: '; for _ in $(seq 2000); do printf '('; done; printf 'size small'; for _ in $(seq 2000); do printf ')'; done; printf '\n}\n'; } >"$out/hostile-nesting"
    { printf 'upgrade "Not" {\n  requires: '; for _ in $(seq 20000); do printf 'not '; done; printf 'size small\n}\n'; } >"$out/hostile-not-chain"
    { printf 'upgrade "Big" {\n  cost: '; head -c 100000 /dev/zero | tr '\0' '9'; printf '\n}\n'; } >"$out/hostile-huge-number"
}

# The text blocks of the conformance sets, one file a block.
seed_ability() {
    local out=$1
    awk -v out="$out" '
        /(text|ability "[^"]*")[ \t]*\{[ \t]*$/ { inside = 1; body = ""; next }
        inside && /^[ \t]*\}[ \t]*$/ { n++; printf "%s", body > (out "/block-" n ".txt"); close(out "/block-" n ".txt"); inside = 0; next }
        inside { sub(/^[ \t]+/, ""); body = body $0 "\n" }
    ' "$shared"/examples/*/*.cards
}

# A few hundred XWS lines, one file a line.
seed_xws() {
    local out=$1
    head -n 300 "$shared"/data/listfortress-xws-lists/*.jsonl | grep '^{' | split -l 1 - "$out/line-"
}

seed() {
    local target=$1 out="fuzz/seeds/$1"
    rm -rf "$out"
    mkdir -p "$out"
    case $target in
        check | render | fast_path)
            seed_cards "$out"
            seed_hostile "$out"
            ;;
        ability)
            seed_ability "$out"
            { for _ in $(seq 30000); do printf '('; done; printf 'Gain 1 stress token.'; } >"$out/hostile-nesting"
            ;;
        xws) seed_xws "$out" ;;
        scenario) cp "$shared"/examples/*/scenarios/*.json "$out"/ 2>/dev/null || true ;;
        armada_list) find "$shared/data/armada-fleet-list-parser" -name '*.txt' -exec sh -c 'cp "$1" "$2/$(echo "$1" | md5sum | cut -c1-12).txt"' _ {} "$out" \; ;;
        unpack) ;; # the target packs the conformance sets into it when it starts
    esac
}

dict_of() {
    case $1 in
        check | render | fast_path) echo fuzz/dict/cards.dict ;;
        ability) echo fuzz/dict/ability.dict ;;
        xws | scenario) echo fuzz/dict/json.dict ;;
        *) echo "" ;;
    esac
}

cargo +nightly fuzz build -O -s none --debug-assertions
mkdir -p fuzz/logs
summary=()
for target in "${targets[@]}"; do
    seed "$target"
    mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
    args=(-max_len=102400 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1)
    dict=$(dict_of "$target")
    [[ -n $dict ]] && args+=(-dict="$dict")
    echo "== $target: $seconds s" >&2
    status=0
    CARDC_FUZZ_SEEDS="fuzz/seeds/$target" cargo +nightly fuzz run -O -s none --debug-assertions "$target" \
        "fuzz/corpus/$target" "fuzz/seeds/$target" -- "${args[@]}" >"fuzz/logs/$target.log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "fuzz/logs/$target.log" | grep -o '[0-9]*$' || true)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "fuzz/logs/$target.log" | grep -o '[0-9]*$' || true)
    last=$(grep -E '^#[0-9]+' "fuzz/logs/$target.log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [^ ]+' || true)
    verdict=ok
    [[ $status -ne 0 ]] && verdict="FAILED (exit $status; see fuzz/logs/$target.log and fuzz/artifacts/$target/)"
    summary+=("$(printf '%-12s %8s exec/s %12s runs  %s  %s' "$target" "${speed:-?}" "${runs:-?}" "${last:-}" "$verdict")")
done
printf '%s\n' "${summary[@]}"
