#!/usr/bin/env bash
# Accepted ⇒ compiles, for a given time: batches of random seeds through
# tests/it/accepted_compiles.rs (each seed a synthetic set with hostile names, checked,
# generated, compiled in one throw-away crate and compared with the checked set), until
# the time is up.
#
#   fuzz/synth.sh [-t SECONDS] [-b SEEDS_PER_BATCH]     (from cardc/; default 600 s, 5 seeds)
#
# Every batch is a line of fuzz/logs/synth.log. A failing seed's `.cards` files, generated
# Rust and error are kept in fuzz/artifacts/synth/seed-N/ (ignored by git); reproduce one
# with `CARDC_SYNTH_SEEDS=N cargo test -p cardc --test it accepted_compiles::`. A summary is
# printed at the end; the exit status is 1 when a seed failed.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
seconds=600
batch=5
while getopts "t:b:" opt; do
    case $opt in
        t) seconds=$OPTARG ;;
        b) batch=$OPTARG ;;
        *) echo "usage: fuzz/synth.sh [-t SECONDS] [-b SEEDS_PER_BATCH]" >&2; exit 2 ;;
    esac
done

target_dir=$(cargo metadata --format-version 1 --no-deps | grep -o '"target_directory":"[^"]*"' | cut -d'"' -f4)
kept="$target_dir/tmp/accepted-compiles/failures"
mkdir -p fuzz/logs fuzz/artifacts/synth
log=fuzz/logs/synth.log
: >"$log"
test_cmd=(test --release -p cardc --test it)
echo "== building the test" >&2
cargo "${test_cmd[@]}" --no-run >>"$log" 2>&1

random_seed() { od -An -N8 -tu8 /dev/urandom | tr -d ' '; }

start=$SECONDS
tried=0
batches=0
failed=()
while ((SECONDS - start < seconds)); do
    seeds=()
    for _ in $(seq "$batch"); do seeds+=("$(random_seed)"); done
    list=$(IFS=,; echo "${seeds[*]}")
    rm -rf "$kept"
    batch_start=$SECONDS
    if CARDC_SYNTH_SEEDS=$list cargo "${test_cmd[@]}" -- accepted_compiles::accepted_sets_compile >"fuzz/logs/synth-batch.log" 2>&1; then
        echo "ok     $list ($((SECONDS - batch_start)) s)" >>"$log"
    else
        echo "FAILED $list ($((SECONDS - batch_start)) s)" >>"$log"
        cat "fuzz/logs/synth-batch.log" >>"$log"
        for dir in "$kept"/seed-*; do
            [[ -d $dir ]] || continue
            rm -rf "fuzz/artifacts/synth/$(basename "$dir")"
            cp -r "$dir" fuzz/artifacts/synth/
            failed+=("$(basename "$dir" | cut -d- -f2)")
        done
        # A batch that fails with no seed kept (the test could not run): keep its log.
        [[ -d "$kept" ]] || cp "fuzz/logs/synth-batch.log" "fuzz/artifacts/synth/batch-$list.log"
    fi
    tried=$((tried + ${#seeds[@]}))
    batches=$((batches + 1))
done
rm -f fuzz/logs/synth-batch.log

elapsed=$((SECONDS - start))
printf 'accepted => compiles: %d seeds in %d batches, %d s (%s seeds/s); %d failing seeds\n' \
    "$tried" "$batches" "$elapsed" "$(awk -v n="$tried" -v t="$elapsed" 'BEGIN { printf "%.2f", t ? n / t : 0 }')" "${#failed[@]}"
if ((${#failed[@]})); then
    printf '  seed %s: fuzz/artifacts/synth/seed-%s/\n' $(for s in "${failed[@]}"; do echo "$s $s"; done)
    exit 1
fi
