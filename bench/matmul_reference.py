"""Triton 3.6 and cuBLAS (torch.matmul) on the matmul tilec benchmarks, timed with the
same method as `tilerun --bench` (bench/gpu_timing.py: do_bench's median with an L2
flush), for tensor-core studies run beside tilec's kernels (bench/device_tc.sh).
Triton's kernel is the reference script's: grouped launch order, cp.async pipelining;
each configuration's TFLOP/s is printed, then the best."""
import torch
import triton
import triton.language as tl

from gpu_timing import bench


@triton.jit
def matmul_kernel(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM)
    npn = tl.cdiv(N, BN)
    npg = GM * npn
    gid = pid // npg
    fm = gid * GM
    gsm = min(npm - fm, GM)
    pm = fm + ((pid % npg) % gsm)
    pn = (pid % npg) // gsm
    om = (pm * BM + tl.arange(0, BM)) % M
    on = (pn * BN + tl.arange(0, BN)) % N
    ok = tl.arange(0, BK)
    ap = a + om[:, None] * sam + ok[None, :] * sak
    bp = b + ok[:, None] * sbk + on[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        av = tl.load(ap, mask=ok[None, :] < K - k * BK, other=0.0)
        bv = tl.load(bp, mask=ok[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(av, bv, acc)
        ap += BK * sak
        bp += BK * sbk
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c + cm[:, None] * scm + cn[None, :] * scn, acc.to(c.dtype.element_ty),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


CONFIGS = [(128, 256, 64, 3, 8, 8), (128, 256, 64, 3, 8, 1), (128, 128, 64, 4, 4, 8)]

if __name__ == "__main__":
    # `matmul_reference.py SIZE DTYPE`: that one problem, Triton's first configuration and
    # cuBLAS only (for runs interleaved with tilec's: bench/device_matmul_ab.sh).
    import sys
    one = sys.argv[1:] and (int(sys.argv[1]), getattr(torch, {"f16": "float16", "bf16": "bfloat16"}[sys.argv[2]]))
    if one:
        CONFIGS = CONFIGS[:1]
    for S in [one[0]] if one else [4096, 8192]:
        for dt in [one[1]] if one else [torch.float16, torch.bfloat16]:
            A = torch.randn(S, S, device="cuda", dtype=dt)
            B = torch.randn(S, S, device="cuda", dtype=dt)
            C = torch.empty(S, S, device="cuda", dtype=dt)
            tf = 2 * S ** 3 / 1e12
            for (BM, BN, BK, st, nw, gm) in CONFIGS:
                g = (triton.cdiv(S, BM) * triton.cdiv(S, BN),)
                f = lambda: matmul_kernel[g](A, B, C, S, S, S, A.stride(0), A.stride(1), B.stride(0), B.stride(1),
                                             C.stride(0), C.stride(1), BM=BM, BN=BN, BK=BK, GM=gm, num_stages=st,
                                             num_warps=nw)
                us = bench(f)
                print(f"triton {S}^3 {str(dt)[6:]} BM={BM} BN={BN} BK={BK} stages={st} warps={nw} GM={gm}: "
                      f"{us:.1f} us {tf / (us * 1e-6):.1f} TFLOP/s")
            us = bench(lambda: torch.matmul(A, B, out=C))
            print(f"cublas {S}^3 {str(dt)[6:]}: {us:.1f} us {tf / (us * 1e-6):.1f} TFLOP/s")
