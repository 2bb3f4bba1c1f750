#!/usr/bin/env bash
# session 17, call 10: A/B of the persistent TMA matmul on one machine: the build before
# membar's deferred tma_store_wait (.carry/ab/py.tar.xz, commit 67845e7) and after (.carry,
# a5b86da), alternating processes, do_bench medians; matmul_tma beside each as a control.
set -uo pipefail
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name --format=csv,noheader > "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/new')"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/ab/py.tar.xz')).extractall('/tmp/old')"
cat > /tmp/t.py <<'PY'
import os, sys, torch, triton.testing, tilec
sms = torch.cuda.get_device_properties(0).multi_processor_count
ex = os.path.join(os.getcwd(), "examples", "matmul_tma.tile")
pers = tilec.compile(ex, kernel="matmul_tma_persistent")
plain = tilec.compile(ex, kernel="matmul_tma")
for S in (4096, 8192):
    a = torch.randn(S, S, device="cuda", dtype=torch.float16); b = torch.randn(S, S, device="cuda", dtype=torch.float16)
    c = torch.empty(S, S, device="cuda", dtype=torch.float16)
    g = lambda m: (min(sms, tilec.cdiv(S, m["BM"]) * tilec.cdiv(S, m["BN"])),)
    gp = lambda m: (tilec.cdiv(S, m["BM"]) * tilec.cdiv(S, m["BN"]),)
    fp = lambda: pers[g](a, b, c, S, S, S); fq = lambda: plain[gp](a, b, c, S, S, S)
    fp(); fq(); torch.cuda.synchronize()
    tp = triton.testing.do_bench(fp, warmup=25, rep=200, return_mode="median")
    tq = triton.testing.do_bench(fq, warmup=25, rep=200, return_mode="median")
    print(f"{sys.argv[1]} {S}: persistent {2*S**3/tp/1e9:.1f} plain {2*S**3/tq/1e9:.1f}", flush=True)
PY
for r in 1 2; do
  for v in old new; do PYTHONPATH=/tmp/$v/py python3 /tmp/t.py $v; done
done 2>&1 | tee "$out/ab.log"
