"""Session 19: sort64_helper.py (docs/python.md's `sort` helper extended to 64-bit keys)
on 64-bit keys (32-bit ones: session 18, sort_keys.py), both orders, against torch.sort (stable), on the GPU. u64 keys are
compared as their order through int64 (bits flipped at the top), torch having no u64 sort."""
import os, runpy
import torch
here = os.path.dirname(os.path.abspath(__file__))
ns = runpy.run_path(os.path.join(here, "sort64_helper.py"))
sort = ns["sort"]
ok = True
for n in (1_000_003,):
    for dtype in (torch.float64, torch.int64, torch.uint64):
        for desc in (False, True):
            if dtype.is_floating_point:
                x = torch.randn(n, device="cuda", dtype=dtype)
                x[::97] = 0.0
                x[1::97] = -0.0
                x[2::97] = float("inf")
                x[3::97] = -float("inf")
            elif dtype == torch.int32:
                x = torch.randint(-(1 << 31), (1 << 31) - 1, (n,), dtype=torch.int32, device="cuda")
            else:
                x = torch.randint(-(1 << 63), (1 << 63) - 1, (n,), dtype=torch.int64, device="cuda")
                x[::50] = x[::100].repeat_interleave(2)[: x[::50].numel()]  # equal keys
                if dtype == torch.uint64:
                    x = x.view(torch.uint64)
            v, i = sort(x, descending=desc)
            if dtype == torch.uint64:
                as_i = lambda t: t.view(torch.int64) ^ (-(1 << 63))  # u64 order as i64 order
                ref = torch.sort(as_i(x), stable=True, descending=desc)
                good = torch.equal(as_i(v), ref.values) and torch.equal(i.long(), ref.indices)
            else:
                ref = torch.sort(x, stable=True, descending=desc)
                good = torch.equal(v, ref.values) and torch.equal(i.long(), ref.indices)
                if dtype.is_floating_point:  # torch orders -0 and +0 as equal: values compare equal
                    good = torch.equal(v, ref.values) and torch.equal(x[i.long()], ref.values)
            ok &= good
            print(f"n={n} {str(dtype)[6:]} descending={desc}: {'ok' if good else 'WRONG'}", flush=True)
print("all ok" if ok else "SOME WRONG")
