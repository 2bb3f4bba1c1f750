#!/usr/bin/env bash
# PTX that ptxas accepts, or an error: compiles every example and every lowering test at
# each target tilec has and runs ptxas (for that target) over what tilec writes.
#   examples/*.tile      must compile (exit 0) and pass ptxas, at every target, except
#                        where the example says `// not on sm_80: REASON`: there it
#                        must be refused with an error at a .tile line that says REASON;
#   (and at sm_90a, no kernel may have its wgmma instructions serialised by ptxas: C7515);
#   test/lowering/*.tile may be refused (exit 1, an error at a .tile line: some test
#                        errors on purpose, and sm_80 lacks some instructions), but
#                        PTX written is PTX ptxas accepts, and nothing exits otherwise.
# Usage: ptxas_all.sh TILEC PTXAS REPO_ROOT   (run by test/examples/ptxas-all-targets.mlir)
set -u
tilec=$1 ptxas=$2 root=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export TILEC_CACHE=0

one() { # file arch must_compile
    local f=$1 arch=$2 must=$3
    local base; base=$out/$(basename "$f" .tile)-$arch
    "$tilec" "$f" --arch "$arch" -o "$base.ptx" >"$base.log" 2>&1
    local rc=$?
    if [ $rc -eq 0 ]; then
        if ! "$ptxas" --gpu-name "$arch" -v "$base.ptx" -o "$base.cubin" >>"$base.log" 2>&1; then
            echo "FAIL $f --arch $arch: ptxas rejects the PTX"; sed 's/^/  /' "$base.log" | head -5
        elif grep -q "C7515" "$base.log"; then
            # ptxas serialised the kernel's wgmmas (a register of an accumulator defined
            # between a wgmma and its wait): correct, and a quarter slower or worse.
            echo "FAIL $f --arch $arch: ptxas serialises wgmma (C7515)"; grep C7515 "$base.log" | head -2
        fi
    elif [ $rc -eq 1 ] && [ "$must" = no ] && grep -q "\.tile:[0-9]*:[0-9]*: error" "$base.log"; then
        :
    elif [ $rc -eq 1 ] && [ "$must" = yes ] && reason=$(sed -n "s|^// not on $arch: ||p" "$f" | head -1) \
        && [ -n "$reason" ] && grep -q "\.tile:[0-9]*:[0-9]*: error: $reason" "$base.log"; then
        :
    else
        echo "FAIL $f --arch $arch: exit $rc"; sed 's/^/  /' "$base.log" | head -5
    fi
}
export -f one
export out tilec ptxas

{
    for f in "$root"/examples/*.tile; do for a in sm_80 sm_90 sm_90a; do echo "$f $a yes"; done; done
    for f in "$root"/test/lowering/*.tile; do for a in sm_80 sm_90 sm_90a; do echo "$f $a no"; done; done
} | xargs -P "$(nproc)" -n 3 bash -c 'one "$0" "$1" "$2"' >"$out/report"
n=$(ls "$out"/*.log | wc -l)
if [ -s "$out/report" ]; then
    cat "$out/report"
    exit 1
fi
echo "ptxas accepted every PTX of $n compiles"
