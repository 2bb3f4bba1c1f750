"""Session 20: matmul_tail_cluster's tail piece (TM x TN a program) for partial last waves:
64x128 (4 pieces a cluster tile), 64x256 (2), 128x128 (2), each with the plan that cuts
the tail when rem x pieces <= cluster slots; beside matmul_tma_cluster and cuBLAS
(through the package, do_bench medians of 3 interleaved rounds)."""
import sys, json
import torch, triton.testing, tilec
sys.path.insert(0, "bench")
from matmul_sweep import tail_plan
sms = torch.cuda.get_device_properties(0).multi_processor_count
clus = tilec.compile("examples/matmul_tma.tile", kernel="matmul_tma_cluster")
variants = {(tm, tn): tilec.compile("examples/matmul_streamk.tile", kernel="matmul_tail_cluster",
                                    defines={"TM": tm, "TN": tn}) for tm, tn in ((64, 128), (64, 256), (128, 128))}
for M, N, K in [(3000, 3000, 3000), (3072, 3072, 3072), (2000, 3000, 3000), (2048, 2048, 2048), (5000, 5000, 5000)]:
    torch.manual_seed(0)
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    ref = a.float() @ b.float()
    fns, cs, row = {}, {}, {"shape": f"{M}x{N}x{K}"}
    cs["cublas"] = torch.empty(M, N, device="cuda", dtype=torch.float16)
    fns["cublas"] = lambda: torch.matmul(a, b, out=cs["cublas"])
    cs["cluster"] = torch.empty(M, N, device="cuda", dtype=torch.float16)
    fns["cluster"] = lambda: clus[lambda m: (2 * tilec.cdiv(M, 2 * m["BM"]) * tilec.cdiv(N, m["BN"]),)](a, b, cs["cluster"], M, N, K)
    for (tm, tn), k in variants.items():
        dp, grid = tail_plan(M, N, sms // 2, BM=256, TM=2 * tm, TN=tn)
        if grid == dp:
            continue
        name = f"tail{tm}x{tn}"
        row[name + "_plan"] = f"dp={dp} clusters={grid}"
        cs[name] = torch.empty(M, N, device="cuda", dtype=torch.float16)
        fns[name] = (lambda k=k, c=cs[name], dp=dp, grid=grid: k[(2 * grid,)](a, b, c, M, N, K, dp))
    for f in fns.values():
        f()
    torch.cuda.synchronize()
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
