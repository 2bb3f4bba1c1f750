#!/usr/bin/env bash
# Fuzzes tilec for N minutes (default 10). Every input must give PTX that ptxas accepts or
# an error at a line of the input: never a crash, a hang, an internal error or MLIR text.
#
# With a nightly toolchain: the libFuzzer targets in fuzz/ (built with coverage, as
# `cargo fuzz build -s none` does) share the time (front_end: bytes into the front end;
# pipeline: generated well-typed programs through the whole pipeline and ptxas;
# mlir_passes: IR into the passes), their corpora seeded from examples/, test/errors/
# and the examples' IR; crashes land in fuzz/artifacts/.
# Otherwise, or with STABLE=1: tilec-fuzz runs the same three kinds of input, seeded (SEED,
# default random; printed, so a run can be repeated), and writes findings to
# target/fuzz-findings/. PROFILE=release builds optimised binaries (more cases a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
source scripts/env.sh
profile=${PROFILE:-debug}
flag=$([ "$profile" = release ] && echo --release || true)
cargo build $flag -p tilec-tools --bins -p tilec-fuzz
bin=${CARGO_TARGET_DIR:-target}/$profile

if rustup toolchain list 2>/dev/null | grep -q '^nightly' && [ -z "${STABLE:-}" ]; then
    # libFuzzer with coverage (what `cargo fuzz build -s none` does; cargo-fuzz users can
    # also `cargo +nightly fuzz run <target>` in fuzz/).
    export CARGO_TARGET_DIR=$PWD/fuzz/target
    RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares" \
        cargo +nightly build $flag --manifest-path fuzz/Cargo.toml --target x86_64-unknown-linux-gnu
    fz=fuzz/target/x86_64-unknown-linux-gnu/$profile
    mkdir -p fuzz/corpus/front_end fuzz/corpus/pipeline fuzz/corpus/mlir_passes fuzz/artifacts
    for f in examples/*.tile; do
        for stage in tile layout memsem; do
            "$bin/tilec" "$f" --emit $stage >"fuzz/corpus/mlir_passes/$(basename "$f" .tile)-$stage.mlir" 2>/dev/null || true
        done
    done
    secs=$((minutes * 60 / 3))
    status=0
    for t in front_end pipeline mlir_passes; do
        seeds=$([ $t = front_end ] && echo "examples test/errors" || true)
        echo "fuzz.sh: $t for $secs s"
        "$fz/$t" fuzz/corpus/$t $seeds -max_total_time=$secs -timeout=60 -rss_limit_mb=4096 \
            -artifact_prefix=fuzz/artifacts/$t- -print_final_stats=1 || status=1
    done
    exit $status
fi

seed=${SEED:-$((RANDOM * 32768 + RANDOM))}
echo "fuzz.sh: tilec-fuzz for $minutes minutes from seed $seed (SEED=$seed repeats it)"
"$bin/tilec-fuzz" --minutes "$minutes" --seed "$seed" --root . --out "${CARGO_TARGET_DIR:-target}/fuzz-findings"
