"""Triton's compiled matmul (its PTX from Triton's cache, after bench/matmul_reference.py
has run) as a PTX + JSON pair `tilerun` launches, so that Triton's own kernel can be
timed by tilerun's harness beside tilec's (bench/results/2026-11-23-h100-session6.md:
the spread of tilerun's medians is the harness's, not the kernel's).

    python3 bench/triton_ptx_for_tilerun.py OUT     # writes OUT.ptx and OUT.json
    tilerun OUT.ptx --kernel matmul_kernel --grid 512 a=... b=... c=... M=.. N=.. K=.. \
        sam=.. sbk=.. scm=.. x0=zeros:u8:256 x1=zeros:u8:256 --bench

The reference kernel's unit strides are constants, so its parameters are a, b, c, M, N,
K, sam, sbk, scm, then Triton's scratch pointers (named x0, x1, ...: any small buffer).
"""
import glob
import json
import os
import shutil
import sys

out = sys.argv[1]
ptx = max(glob.glob(os.path.expanduser("~/.triton/cache/*/matmul_kernel.ptx")), key=os.path.getmtime)
meta = json.load(open(ptx[:-4] + ".json"))
shutil.copy(ptx, out + ".ptx")
named = [("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
         ("sam", "i32"), ("sbk", "i32"), ("scm", "i32")]
nparams = open(ptx).read().split(".entry")[1].split(")")[0].count(".param")
named += [(f"x{i}", "*u8") for i in range(nparams - len(named))]
kernel = {
    "name": "matmul_kernel",
    "params": [{"name": n, "type": t, "divisibility": 1, "equal_to_one": False} for n, t in named],
    "consts": [],
    "num_warps": meta["num_warps"],
    "num_stages": meta.get("num_stages", 3),
    "block": [32 * meta["num_warps"], 1, 1],
    "shared_bytes": meta["shared"],
    "index_bits": 32,
}
json.dump({"tilec_version": "0.1.0", "arch": "sm_90a", "kernels": [kernel]}, open(out + ".json", "w"), indent=1)
print(f"{ptx}: {nparams} parameters, {meta['shared']} bytes of shared memory")
