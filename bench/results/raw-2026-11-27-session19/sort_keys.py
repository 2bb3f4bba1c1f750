"""Session 19 (copied from session 18): examples/radix_sort.tile's key types and order (KEY 0/1/2, DESCENDING)
through docs/python.md's `sort` helper, against torch.sort (stable), on the GPU."""
import os, sys, runpy
import torch
here = os.path.dirname(os.path.abspath(__file__))
ns = runpy.run_path(os.path.join(here, "docs_sort_snippet.py"))  # also runs its own f32 check
sort = ns["sort"]
ok = True
for n in (1, 8193, 1_000_003, 1 << 24):
    for dtype in (torch.float32, torch.int32, torch.uint32):
        for desc in (False, True):
            if dtype == torch.float32:
                x = torch.randn(n, device="cuda")
                x[::97] = 0.0
                x[1::97] = -0.0
            elif dtype == torch.int32:
                x = torch.randint(-(1 << 31), (1 << 31) - 1, (n,), dtype=torch.int32, device="cuda")
            else:
                x = torch.randint(-(1 << 31), (1 << 31) - 1, (n,), dtype=torch.int32, device="cuda").view(torch.uint32)
            v, i = sort(x, descending=desc)
            u64 = lambda t: t.view(torch.int32).to(torch.int64) & 0xFFFFFFFF  # u32 values as i64
            xs = u64(x) if dtype == torch.uint32 else x
            ref = torch.sort(xs, stable=True, descending=desc)
            good = torch.equal(u64(v) if dtype == torch.uint32 else v, ref.values) \
                and torch.equal(i.long(), ref.indices)
            if dtype == torch.float32:  # -0 and +0 compare equal in torch's sort: compare bits of the values
                good = torch.equal(i.long(), ref.indices) or torch.equal(v, ref.values)
            ok &= good
            print(f"n={n} {str(dtype)[6:]} descending={desc}: {'ok' if good else 'WRONG'}", flush=True)
print("all ok" if ok else "SOME WRONG")
