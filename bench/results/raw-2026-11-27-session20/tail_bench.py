"""Session 20: examples/matmul_streamk.tile's `matmul_tail` (whole 128x256 tiles, the last
partial wave in 64x128 quarters) beside matmul_tma, matmul_tma_cluster, the stream-K
hybrid and cuBLAS, through the package, do_bench medians of 3 interleaved rounds."""
import os, sys, json
import torch, triton.testing, tilec
sys.path.insert(0, "bench")
from matmul_sweep import tail_plan, streamk_plan, streamk_launch
ROOT = "."
tma = tilec.compile("examples/matmul_tma.tile", kernel="matmul_tma")
clus = tilec.compile("examples/matmul_tma.tile", kernel="matmul_tma_cluster")
tail = tilec.compile("examples/matmul_streamk.tile", kernel="matmul_tail")
tailc = tilec.compile("examples/matmul_streamk.tile", kernel="matmul_tail_cluster")
sk = tilec.compile("examples/matmul_streamk.tile", kernel="matmul_streamk")
tail_tm = {}
sms = torch.cuda.get_device_properties(0).multi_processor_count
for M, N, K in [(3000, 3000, 3000), (3072, 3072, 3072), (2048, 2048, 2048), (1000, 4096, 4096), (3000, 4096, 3000),
                (8192, 3000, 3000), (4096, 5000, 4104), (2000, 3000, 3000)]:
    torch.manual_seed(0)
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    ref = a.float() @ b.float()
    dp, grid = tail_plan(M, N, sms)
    plan = streamk_plan(M, N, K, sms)
    cdp, cgrid = tail_plan(M, N, sms // 2, BM=256, TM=128)
    cs = {k: torch.empty(M, N, device="cuda", dtype=torch.float16) for k in ("tma", "cluster", "tail", "tail_cluster", "streamk", "cublas")}
    fns = {"tma": lambda: tma[lambda m: (tilec.cdiv(M, m["BM"]) * tilec.cdiv(N, m["BN"]),)](a, b, cs["tma"], M, N, K),
           "cluster": lambda: clus[lambda m: (2 * tilec.cdiv(M, 2 * m["BM"]) * tilec.cdiv(N, m["BN"]),)](a, b, cs["cluster"], M, N, K),
           "tail": lambda: tail[(grid,)](a, b, cs["tail"], M, N, K, dp),
           "tail_cluster": lambda: tailc[(2 * cgrid,)](a, b, cs["tail_cluster"], M, N, K, cdp),
           "cublas": lambda: torch.matmul(a, b, out=cs["cublas"])}
    if plan[2]:
        fns["streamk"] = streamk_launch(sk, a, b, cs["streamk"], plan)
    for f in fns.values():
        f()
    torch.cuda.synchronize()
    row = {"shape": f"{M}x{N}x{K}", "tail_plan": f"dp={dp} grid={grid}", "cluster_plan": f"dp={cdp} clusters={cgrid}"}
    for k in fns:
        e = ((cs[k].float() - ref).norm() / ref.norm()).item()
        if not e < 2e-3:
            row[f"{k}_WRONG"] = e
    ts = {k: [] for k in fns}
    for _ in range(3):
        for k, f in fns.items():
            ts[k].append(triton.testing.do_bench(f, warmup=25, rep=100, return_mode="median"))
    fl = 2.0 * M * N * K
    for k, v in ts.items():
        row[k] = round(fl / sorted(v)[1] / 1e9, 1)
    for k in fns:
        if k != "cublas":
            row[f"{k}/cublas"] = round(row[k] / row["cublas"], 3)
    print(json.dumps(row), flush=True)
