# Sourced by the bench/device_*.sh scripts on the GPU machine, which has no Rust: the
# release binaries travel xz-compressed in the carried folder (CARRY_DIR/NAME.xz).
#   unpack CARRY_DIR NAME...   unpacks each into a fresh directory, $work, executable.
unpack() {
  local carry=$1 b
  shift
  work=$(mktemp -d)
  for b in "$@"; do
    python3 -c "import lzma; open('$work/$b','wb').write(lzma.open('$carry/$b.xz').read())"
    chmod +x "$work/$b"
  done
}

#   unpack_builds ROUNDS "$@"  the A/B scripts' arguments, CARRY_DIR [ROUNDS]
#   [TILERUN_NAME...]: sets $rounds (default ROUNDS) and $builds (default: tilerun) and
#   unpacks the builds into $work.
unpack_builds() {
  local carry=${2:-.carry}
  rounds=${3:-$1}
  builds=("${@:4}")
  [ ${#builds[@]} -eq 0 ] && builds=(tilerun)
  unpack "$carry" "${builds[@]}"
}

#   attention_args HEAD_DIM BLOCK_M   examples/attention.tile's grid and arguments at issue
#   10's shape (batch 4, 32 heads, seq 4096, f16, contiguous (Z, H, N, D) tensors), for
#   tilerun: "$TILERUN" examples/attention.tile -D ... $(attention_args 64 128) --bench
attention_args() {
  local d=$1 bm=$2 z=4 h=32 n=4096
  local e=$(( z * h * n * d )) sz=$(( h * n * d )) sh=$(( n * d ))
  echo --grid $(( n / bm )),$(( z * h )) q=randn:f16:$e k=randn:f16:$e v=randn:f16:$e o=empty:f16:$e \
    sm_scale=0.125 H=$h N_CTX=$n sqz=$sz sqh=$sh sqm=$d skz=$sz skh=$sh skn=$d svz=$sz svh=$sh svn=$d \
    soz=$sz soh=$sh som=$d
}

#   device_setup [CARRY_DIR [NAME...]]   what a session's GPU script does first: unpacks
#   the binaries NAME... (default tilec tilerun; TILEC, TILERUN, all on PATH: a carry
#   with two tileruns for an A/B leaves tilec out) and the Python package
#   (.carry/py.tar.xz, onto PYTHONPATH), sets OUT (default /tmp/out) and records the
#   device in $OUT/device.txt.
device_setup() {
  local carry=${1:-.carry}
  local names=("${@:2}")
  [ ${#names[@]} -eq 0 ] && names=(tilec tilerun)
  unpack "$carry" "${names[@]}"
  export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
  export OUT=${OUT:-/tmp/out}
  mkdir -p "$OUT"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt"
  date -u >> "$OUT/device.txt"
  cat "$OUT/device.txt"
  python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('$carry/py.tar.xz')).extractall('/tmp/pyk')"
  export PYTHONPATH=/tmp/pyk/py
}
