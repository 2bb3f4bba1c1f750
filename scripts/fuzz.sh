#!/usr/bin/env bash
# Fuzzes tilec for N minutes (default 10). Every input must give PTX that ptxas accepts or
# an error at a line of the input: never a crash, a hang, an internal error or MLIR text.
#
# With nightly Rust and cargo-fuzz (`cargo install cargo-fuzz`): the libFuzzer targets in
# fuzz/ share the time (front_end: bytes into the front end; pipeline: generated
# well-typed programs through the whole pipeline and ptxas; mlir_passes: IR into the
# passes), their corpora seeded from examples/, test/errors/ and the examples' IR.
# Crashes land in fuzz/artifacts/<target>/.
# Otherwise (stable Rust): tilec-fuzz runs the same three kinds of input, seeded (SEED,
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

if cargo +nightly fuzz --version >/dev/null 2>&1; then
    mkdir -p fuzz/corpus/front_end fuzz/corpus/pipeline fuzz/corpus/mlir_passes
    for f in examples/*.tile; do
        for stage in tile layout memsem; do
            "$bin/tilec" "$f" --emit $stage >"fuzz/corpus/mlir_passes/$(basename "$f" .tile)-$stage.mlir" 2>/dev/null || true
        done
    done
    secs=$((minutes * 60 / 3))
    status=0
    cargo +nightly fuzz run front_end fuzz/corpus/front_end examples test/errors -- -max_total_time=$secs -timeout=20 || status=1
    cargo +nightly fuzz run pipeline fuzz/corpus/pipeline -- -max_total_time=$secs -timeout=60 || status=1
    cargo +nightly fuzz run mlir_passes fuzz/corpus/mlir_passes -- -max_total_time=$secs -timeout=20 || status=1
    exit $status
fi

if rustup toolchain list 2>/dev/null | grep -q nightly; then
    echo "fuzz.sh: cargo-fuzz is not installed (cargo install cargo-fuzz): fuzzing with tilec-fuzz instead"
fi
seed=${SEED:-$((RANDOM * 32768 + RANDOM))}
echo "fuzz.sh: tilec-fuzz for $minutes minutes from seed $seed (SEED=$seed repeats it)"
"$bin/tilec-fuzz" --minutes "$minutes" --seed "$seed" --root . --out "${CARGO_TARGET_DIR:-target}/fuzz-findings"
