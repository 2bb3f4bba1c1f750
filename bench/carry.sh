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
