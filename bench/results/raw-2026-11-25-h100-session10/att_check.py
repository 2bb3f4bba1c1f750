# GPU check of examples/attention.tile against torch SDPA at tilec's benchmark shapes
# (BLOCK_M 64 / 4 warps and 128 / 8 warps), head dims 64 and 128, causal and not, with and
# without --divisibility N_CTX=64. usage: python3 att_check.py TILERUN WORKDIR
import subprocess, sys, os, itertools
import numpy as np, torch
tr, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
ok = bad = 0
for d, causal, n, (bm, bn, w), div in itertools.product([64, 128], [0, 1], [128, 200, 1024], [(64, 64, 4), (128, 64, 8), (64, 128, 4)], [0, 1]):
    if div and n % 64:
        continue
    z, h = 1, 2
    rng = np.random.default_rng(n + d)
    q, k, v = (rng.uniform(-1, 1, (z, h, n, d)).astype(np.float16) for _ in range(3))
    scale = 1 / np.sqrt(d)
    ref = torch.nn.functional.scaled_dot_product_attention(*(torch.tensor(x, device="cuda").float() for x in (q, k, v)),
                                                           is_causal=bool(causal), scale=scale).cpu().numpy().astype(np.float16)
    for nm, x in [("q", q), ("k", k), ("v", v), ("ref", ref)]:
        np.save(f"{work}/{nm}.npy", x.reshape(-1))
    e = z * h * n * d
    st = [h * n * d, n * d, d]
    args = [f"q={work}/q.npy", f"k={work}/k.npy", f"v={work}/v.npy", f"o=empty:f16:{e}", f"sm_scale={scale}", f"H={h}", f"N_CTX={n}"]
    args += [f"s{t}{x}={s}" for t in "qkvo" for x, s in zip("zh" + ("n" if t in "kv" else "m"), st)]
    cmd = [tr, "examples/attention.tile", "-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={causal}", "-D", f"BLOCK_M={bm}", "-D", f"BLOCK_N={bn}",
           "--num-warps", str(w), "--grid", f"{(n + bm - 1) // bm},{z * h}"] + args + ["--check", f"o={work}/ref.npy", "--atol", "2e-2", "--rtol", "2e-2"]
    if div:
        cmd += ["--divisibility", "N_CTX=64"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    tag = f"d={d} causal={causal} N={n} BM={bm} w={w} div64={div}"
    if p.returncode == 0:
        ok += 1
    else:
        bad += 1
        print("FAIL", tag, (p.stdout + p.stderr)[-600:])
print(f"attention vs SDPA: {ok} passed, {bad} failed")
