#!/usr/bin/env bash
# Runs every fuzz target (or those named) for a given time each, one after another, one
# process at a time, resuming from the corpus saved by earlier runs.
#
#   fuzz/run.sh [-t SECONDS] [TARGET...]      (from cardc/; default 60 s a target)
#   fuzz/run.sh --fresh [-t SECONDS] [TARGET...]  the same from an empty corpus (the seeds
#                                             only), which is thrown away after the run
#   fuzz/run.sh --report [TARGET...]          the totals of every run so far, a line a target
#   fuzz/run.sh --cmin [TARGET...]            minimises each corpus in place (cargo fuzz cmin)
#
# Seeds are built at run time from the shared data ($CARDC_FUZZ_SHARED, default ../shared
# beside the repository) into fuzz/seeds/<target>/; new inputs go to fuzz/corpus/<target>/
# and crashes to fuzz/artifacts/<target>/. All three are ignored by git. Each run's log is
# fuzz/logs/<target>.log and a line is added to fuzz/logs/tally.tsv (the running tally
# `--report` reads); a summary line a target is printed at the end.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
shared="${CARDC_FUZZ_SHARED:-$(cd "$here/../../.." && pwd)/shared}"
export CARDC_FUZZ_SHARED="$shared"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
seconds=60
mode=run
fresh=false
while [[ $# -gt 0 ]]; do
    case $1 in
        -t)
            seconds="$2"
            shift 2
            ;;
        --fresh)
            fresh=true
            shift
            ;;
        --report | --cmin)
            mode="${1#--}"
            shift
            ;;
        *) break ;;
    esac
done
all=(check render fast_path ability xws scenario armada_list unpack importer_json armada_json lsp)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all[@]}")

# The items of the conformance sets' card files, one seed an item (the text between blank
# lines), each as the check target reads it: an Armada or Eclipse item starts with
# `#armada` / `#eclipse` so that it is checked beside that game. An execution costs what
# its input costs to parse and check, and inputs grow from their seeds: from an empty
# corpus, `check` ran at 698 executions a CPU second from whole files and at 1,418 from
# items, reaching as many edges in the same time (fuzz/README.md, Speed).
seed_cards() {
    local out=$1 f game head
    # The conformance sets, and the layouts the shipped sets draw with (a layout of X-Wing's
    # kinds is checked beside X-Wing's game, as the target reads any item).
    for f in "$shared"/examples/*/*.cards ../cards/xwing/layout.cards; do
        game=$(basename "$(dirname "$f")")
        head=""
        [[ $game == xwing ]] || head="#$game"
        awk -v out="$out/$game-$(basename "$f" .cards)" -v head="$head" '
            BEGIN { RS = "" }
            { n++; file = out "-" n; if (head != "") print head > file; print $0 > file; close(file) }
        ' "$f"
    done
}

# Hostile shapes no card file of the shared data has, each a few KB at most: many errors
# in one file, a string over many lines, control bytes, nesting past the depth limit, a
# chain of `not`, a number too large. A seed sets how long libFuzzer's inputs grow from the
# start: 100 KB seeds (a line past column 65,535, a 100,000-digit number) made every
# mutation of them 100 KB and `check` ran at a fifth of its speed from an empty corpus, so
# those sizes are regression tests instead (`tests/hostile_text.rs`,
# `syntax/restriction.rs`).
seed_hostile() {
    local out=$1
    for _ in $(seq 200); do printf '@ upgrade {\n'; done >"$out/hostile-many-errors"
    { printf 'upgrade "Open'; for _ in $(seq 200); do printf '\n  text'; done; } >"$out/hostile-open-string"
    printf 'upgrade "C\033[2J\a" {\n  cost: 1\x7f\x01\n}\n' >"$out/hostile-control-bytes"
    { printf 'upgrade "Deep" {\n  requires: '; for _ in $(seq 200); do printf '('; done; printf 'size small'; for _ in $(seq 200); do printf ')'; done; printf '\n}\n'; } >"$out/hostile-nesting"
    { printf 'upgrade "Not" {\n  requires: '; for _ in $(seq 200); do printf 'not '; done; printf 'size small\n}\n'; } >"$out/hostile-not-chain"
    { printf 'upgrade "Big" {\n  cost: '; head -c 1000 /dev/zero | tr '\0' '9'; printf '\n}\n'; } >"$out/hostile-huge-number"
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

# The xwing-data2 ship and upgrade files of both forks, one seed a file: its name in the
# data folder on the first line (which says how the importer reads it), then its text.
seed_importer_json() {
    local out=$1 data f rel
    for data in "$shared"/data/xwing-data2-*/data; do
        [[ -d $data ]] || continue
        while IFS= read -r f; do
            rel=${f#"$data"/}
            { printf '%s\n' "$rel"; cat "$f"; } >"$out/$(basename "$(dirname "$data")")-${rel//\//-}"
        done < <(find "$data/pilots" "$data/upgrades" -name '*.json' | sort)
    done
}

# The star-wars-armada-data card files, one seed a file: its name in the data folder on the
# first line, then its text.
seed_armada_json() {
    local out=$1 data="$shared/data/star-wars-armada-data/data" f rel
    [[ -d $data ]] || return 0
    while IFS= read -r f; do
        rel=${f#"$data"/}
        { printf '%s\n' "$rel"; cat "$f"; } >"$out/${rel//\//-}"
    done < <(find "$data" -name '*.json' | sort)
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
        importer_json) seed_importer_json "$out" ;;
        armada_json) seed_armada_json "$out" ;;
        unpack | lsp) ;; # the target writes its seeds from the conformance sets when it starts
    esac
}

dict_of() {
    case $1 in
        check | render | fast_path) echo fuzz/dict/cards.dict ;;
        ability) echo fuzz/dict/ability.dict ;;
        lsp) echo fuzz/dict/cards.dict ;;
        xws | scenario | importer_json | armada_json) echo fuzz/dict/json.dict ;;
        *) echo "" ;;
    esac
}

# The targets whose every execution parses card language or ability text run without
# libFuzzer's hit counts (`-use_counters=0`): an edge is new coverage, how often it ran is
# not. With the counts, every new loop count kept an input, the corpus grew to large inputs
# and each execution paid for thousands of extra features; without them `check` runs twice
# as fast and covers more edges in the same time (fuzz/README.md, Speed).
#
# The same targets run without the entropic power schedule (`-entropic=0`). While an edge
# has been seen fewer than 255 times it is a "rare feature", and for each rare feature an
# execution touches libFuzzer inserts its count into a sorted vector of the input mutated.
# An execution of these targets touches 20,000–30,000 edges (the whole set is checked each
# time), so for the first minutes of a run from an empty corpus that bookkeeping was 61% of
# `check`'s time (perf); with the schedule off, `check` ran 1.9 times the executions in the
# same CPU time from the same seeds and reached more edges (fuzz/README.md, Speed).
counters_of() {
    case $1 in
        check | render | fast_path | ability | importer_json | armada_json | lsp) echo -use_counters=0 -entropic=0 ;;
        *) echo "" ;;
    esac
}

# The folders the `lsp` and `armada_json` targets work in (`cardc-fuzz-<name>-<pid>`) of
# processes that have ended: libFuzzer leaves by `exit`, so a target cannot remove its own.
clean_leftovers() {
    local dir pid
    for dir in "${TMPDIR:-/tmp}"/cardc-fuzz-lsp-* "${TMPDIR:-/tmp}"/cardc-fuzz-armada-* /dev/shm/cardc-fuzz-armada-*; do
        [[ -d $dir ]] || continue
        pid=${dir##*-}
        [[ $pid =~ ^[0-9]+$ ]] && ! kill -0 "$pid" 2>/dev/null && rm -rf "$dir"
    done
    return 0
}

tally=fuzz/logs/tally.tsv
fuzz_flags=(-O -s none --debug-assertions --no-trace-compares)

# The totals of the tally, a line a target: the time and executions of all its runs, the
# speed over them, the coverage of the last run, the corpus and crashes now.
report() {
    local target runs seconds execs last cov ft corpus crashes
    printf '%-14s %6s %8s %14s %9s %7s %7s %8s %8s\n' target runs seconds executions exec/s cov ft corpus crashes
    for target in "$@"; do
        read -r runs seconds execs < <(awk -F'\t' -v t="$target" '
            $2 == t { n++; s += $3; e += $4 } END { printf "%d %d %d\n", n, s, e }' "$tally" 2>/dev/null || echo "0 0 0")
        last=$(awk -F'\t' -v t="$target" '$2 == t { line = $6 "\t" $7 } END { print line }' "$tally" 2>/dev/null || true)
        cov=$(cut -f1 <<<"$last")
        ft=$(cut -f2 <<<"$last")
        # A target never run here has no folders: 0, not the end of the report.
        corpus=$({ find "fuzz/corpus/$target" -type f 2>/dev/null || true; } | wc -l)
        crashes=$({ find "fuzz/artifacts/$target" -type f 2>/dev/null || true; } | wc -l)
        printf '%-14s %6s %8s %14s %9s %7s %7s %8s %8s\n' "$target" "$runs" "$seconds" "$execs" \
            "$((seconds > 0 ? execs / seconds : 0))" "${cov:--}" "${ft:--}" "$corpus" "$crashes"
    done
}

if [[ $mode == report ]]; then
    report "${targets[@]}"
    exit 0
fi

cargo +nightly fuzz build "${fuzz_flags[@]}"
mkdir -p fuzz/logs

if [[ $mode == cmin ]]; then
    for target in "${targets[@]}"; do
        [[ -d fuzz/corpus/$target ]] || continue
        before=$(find "fuzz/corpus/$target" -type f | wc -l)
        # shellcheck disable=SC2046 # counters_of gives one flag or none
        cargo +nightly fuzz cmin "${fuzz_flags[@]}" "$target" "fuzz/corpus/$target" -- -max_len=102400 -timeout=10 \
            -rss_limit_mb=4096 $(counters_of "$target") >"fuzz/logs/$target.cmin.log" 2>&1
        echo "$target: $before -> $(find "fuzz/corpus/$target" -type f | wc -l) inputs" >&2
    done
    exit 0
fi

[[ -f $tally ]] || printf 'date\ttarget\tseconds\texecutions\texec/s\tcov\tft\tcorpus\tstatus\n' >"$tally"
summary=()
for target in "${targets[@]}"; do
    seed "$target"
    corpus_dir="fuzz/corpus/$target"
    if $fresh; then
        corpus_dir="fuzz/corpus/$target.fresh"
        rm -rf "$corpus_dir"
    fi
    mkdir -p "$corpus_dir" "fuzz/artifacts/$target"
    # An input that runs 3 s is a failure: the slowest input of any corpus runs in 0.2 s, and a
    # 91 KB card file that took 3.7 s here was a quadratic parse (fuzz/README.md, Speed).
    args=(-max_len=102400 -max_total_time="$seconds" -timeout=3 -rss_limit_mb=4096 -print_final_stats=1)
    dict=$(dict_of "$target")
    [[ -n $dict ]] && args+=(-dict="$dict")
    read -ra counters <<<"$(counters_of "$target")"
    args+=("${counters[@]}")
    echo "== $target: $seconds s" >&2
    status=0
    started=$(date +%s)
    # The CPU time the run took (user and system, the fuzzer's and cargo's), to say how fast
    # a target is when other work shares the cores: executions a CPU second.
    TIMEFORMAT='%U %S'
    { time CARDC_FUZZ_SEEDS="fuzz/seeds/$target" cargo +nightly fuzz run "${fuzz_flags[@]}" "$target" \
        "$corpus_dir" "fuzz/seeds/$target" -- "${args[@]}" >"fuzz/logs/$target.log" 2>&1 || status=$?; } 2>"fuzz/logs/$target.cpu"
    cpu=$(tail -n 1 "fuzz/logs/$target.cpu")
    took=$(($(date +%s) - started))
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "fuzz/logs/$target.log" | grep -o '[0-9]*$' || true)
    # A run stopped from outside prints no final figures: count what its last status line
    # says it had run.
    [[ -n $runs ]] || runs=$(grep -oE '^#[0-9]+' "fuzz/logs/$target.log" | tail -n 1 | tr -d '#' || true)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "fuzz/logs/$target.log" | grep -o '[0-9]*$' || true)
    [[ -n $speed ]] || speed=$(grep -E '^#[0-9]+' "fuzz/logs/$target.log" | tail -n 1 | grep -oE 'exec/s: [0-9]+' | grep -oE '[0-9]+' || true)
    last=$(grep -E '^#[0-9]+' "fuzz/logs/$target.log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [^ ]+' || true)
    cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
    ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
    corpus=$(find "$corpus_dir" -type f | wc -l)
    $fresh && rm -rf "$corpus_dir"
    per_cpu=$(awk -v runs="${runs:-0}" -v cpu="$cpu" 'BEGIN { split(cpu, t, " "); s = t[1] + t[2]; printf "%d", (s > 0 ? runs / s : 0) }')
    verdict=ok
    [[ $status -ne 0 ]] && verdict="FAILED (exit $status; see fuzz/logs/$target.log and fuzz/artifacts/$target/)"
    # A run that stopped early (a crash) counts the time it ran.
    [[ $status -eq 0 ]] && took=$seconds
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$target" "$took" "${runs:-0}" \
        "${speed:-0}" "${cov:-}" "${ft:-}" "$corpus" "$([[ $status -eq 0 ]] && echo ok || echo "exit $status")" >>"$tally"
    clean_leftovers
    summary+=("$(printf '%-14s %8s exec/s %8s exec/CPU-s %12s runs  %s  %s' "$target" "${speed:-?}" "$per_cpu" "${runs:-?}" "${last:-}" "$verdict")")
done
printf '%s\n' "${summary[@]}"
