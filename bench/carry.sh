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
