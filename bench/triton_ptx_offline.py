"""Triton's reference kernels compiled for the H100 (sm_90a) on a machine without a GPU, as a
PTX + JSON pair that `tilerun` launches: so that Triton's code can be read, diffed and edited
beside tilec's on the build VM, and a PTX variant timed on the device with tilerun's harness
(bench/results/2026-11-25-h100-session8.md located attention's gap this way).

    python3 -m venv /tmp/t36 && /tmp/t36/bin/pip install triton==3.6.0   # no torch needed
    /tmp/t36/bin/python bench/triton_ptx_offline.py attention OUT [--head-dim 64] [--causal 0]
        [--block-n 64] [--block-m 128] [--warps 8] [--stages 3]
    /tmp/t36/bin/python bench/triton_ptx_offline.py matmul OUT [--bm 128] [--bn 256] [--bk 64]
        [--gm 8] [--warps 8] [--stages 3]

writes OUT.ptx, OUT.ttgir and OUT.json and prints the tilerun arguments for issue 10's shapes.
Integer arguments are specialised as Triton specialises them on the device (divisible by 16;
the matmul's unit strides as constants), so the PTX is the one Triton runs there: attention
at head dim 64 measured 2.110 M cycles from this PTX against 2.105 M from Triton's launch.
"""
import argparse
import json
import os
import sys
import types

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
# The reference modules import torch and the timing helper for their own main(); neither is
# needed to compile.
for name in ("torch", "gpu_timing"):
    if name not in sys.modules:
        try:
            __import__(name)
        except ImportError:
            stub = types.ModuleType(name)
            stub.bench = None
            sys.modules[name] = stub

import triton  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402


def compile_kernel(fn, sig, consts, div16, warps, stages):
    names = fn.arg_names
    attrs = {(names.index(n),): [["tt.divisibility", 16]] for n in div16}
    src = ASTSource(fn, sig, consts, attrs)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps, "num_stages": stages})


def tilerun_json(k, name, params):
    nparams = k.asm["ptx"].split(".entry")[1].split(")")[0].count(".param")
    params = params + [(f"x{i}", "*u8") for i in range(nparams - len(params))]
    kernel = {
        "name": name,
        "params": [{"name": n, "type": t, "divisibility": 1, "equal_to_one": False} for n, t in params],
        "consts": [],
        "num_warps": k.metadata.num_warps,
        "num_stages": k.metadata.num_stages,
        "block": [32 * k.metadata.num_warps, 1, 1],
        "shared_bytes": k.metadata.shared,
        "index_bits": 32,
    }
    return {"tilec_version": "0.1.0", "arch": "sm_90a", "kernels": [kernel]}


def attention(a):
    from attention_reference import attn_fwd

    fn = attn_fwd.fn
    ints = ["H", "N_CTX"] + [f"s{t}{d}" for t in "qkvo" for d in ("z", "h", "m" if t in "qo" else "n")]
    sig = {n: "i32" for n in fn.arg_names}
    sig.update({n: "*fp16" for n in ("Q", "K", "V", "O")})
    sig["sm_scale"] = "fp32"
    consts = {"HEAD_DIM": a.head_dim, "CAUSAL": a.causal, "BLOCK_M": a.block_m, "BLOCK_N": a.block_n}
    sig.update({n: "constexpr" for n in consts})
    k = compile_kernel(fn, sig, consts, ["Q", "K", "V", "O"] + ints, a.warps, a.stages)
    params = [(n, "*f16") for n in "QKVO"] + [("sm_scale", "f32")] + [(n, "i32") for n in ints]
    z, h, n, d = 4, 32, 4096, a.head_dim
    e, sz, sh = z * h * n * d, h * n * d, n * d
    strides = " ".join(f"s{t}z={sz} s{t}h={sh} s{t}{'m' if t in 'qo' else 'n'}={d}" for t in "qkvo")
    run = (f"--grid {n // a.block_m},{z * h} Q=randn:f16:{e} K=randn:f16:{e} V=randn:f16:{e} O=empty:f16:{e} "
           f"sm_scale=0.125 H={h} N_CTX={n} {strides}")
    return k, "attn_fwd", params, run


def matmul(a):
    from matmul_reference import matmul_kernel

    fn = matmul_kernel
    sig = {n: "i32" for n in fn.arg_names}
    sig.update({n: "*fp16" for n in ("a", "b", "c")})
    consts = {"sak": 1, "sbn": 1, "scn": 1, "BM": a.bm, "BN": a.bn, "BK": a.bk, "GM": a.gm}
    sig.update({n: "constexpr" for n in consts})
    k = compile_kernel(fn, sig, consts, ["a", "b", "c", "M", "N", "K", "sam", "sbk", "scm"], a.warps, a.stages)
    params = [(n, "*f16") for n in "abc"] + [(n, "i32") for n in ("M", "N", "K", "sam", "sbk", "scm")]
    s = 4096
    run = (f"--grid {(s // a.bm) * (s // a.bn)} a=randn:f16:{s}x{s} b=randn:f16:{s}x{s} c=empty:f16:{s}x{s} "
           f"M={s} N={s} K={s} sam={s} sbk={s} scm={s}")
    return k, "matmul_kernel", params, run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel", choices=["attention", "matmul"])
    ap.add_argument("out")
    ap.add_argument("--head-dim", type=int, default=64)
    ap.add_argument("--causal", type=int, default=0)
    ap.add_argument("--block-m", type=int, default=128)
    ap.add_argument("--block-n", type=int, default=64)
    ap.add_argument("--bm", type=int, default=128)
    ap.add_argument("--bn", type=int, default=256)
    ap.add_argument("--bk", type=int, default=64)
    ap.add_argument("--gm", type=int, default=8)
    ap.add_argument("--warps", type=int, default=8)
    ap.add_argument("--stages", type=int, default=3)
    a = ap.parse_args()
    k, name, params, run = (attention if a.kernel == "attention" else matmul)(a)
    for ext in ("ptx", "ttgir"):
        with open(f"{a.out}.{ext}", "w") as f:
            f.write(k.asm[ext])
    with open(f"{a.out}.json", "w") as f:
        json.dump(tilerun_json(k, name, params), f, indent=1)
    scratch = " ".join(f"{p['name']}=zeros:u8:256" for p in tilerun_json(k, name, params)["kernels"][0]["params"]
                       if p["name"].startswith("x"))
    print(f"triton {triton.__version__}: {a.out}.ptx ({k.metadata.shared} B shared)")
    print(f"tilerun {a.out}.ptx {run} {scratch}")


if __name__ == "__main__":
    main()
