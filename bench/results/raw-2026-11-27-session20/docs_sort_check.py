"""Runs docs/python.md's radix-sort block (the 32/64-bit `sort` helper) as written, then
the same helper on every key type both ways against torch.sort (stable)."""
import re, torch
text = open("docs/python.md").read()
block = text[text.index("### A multi-kernel algorithm: radix sort"):]
code = re.search(r"```python gpu\n(.*?)```", block, re.S).group(1)
ns = {}
exec(code, ns)
print("docs block: ok", flush=True)
sort, ok = ns["sort"], True
for dtype in (torch.uint32, torch.int32, torch.float32, torch.int64, torch.float64):
    for desc in (False, True):
        n = 1_000_003
        if dtype.is_floating_point:
            x = torch.randn(n, device="cuda", dtype=dtype)
            x[::97] = float("inf")
        elif dtype == torch.uint32:
            x = torch.randint(0, 1 << 32, (n,), dtype=torch.int64, device="cuda").to(torch.uint32)
        else:
            info = torch.iinfo(dtype)
            x = torch.randint(info.min, info.max, (n,), dtype=dtype, device="cuda")
        v, i = sort(x, descending=desc)
        if dtype == torch.uint32:
            ref = torch.sort(x.long(), stable=True, descending=desc)
            good = torch.equal(v.long(), ref.values) and torch.equal(i.long(), ref.indices)
        else:
            ref = torch.sort(x, stable=True, descending=desc)
            good = torch.equal(v, ref.values) and torch.equal(i.long(), ref.indices)
        ok &= good
        print(f"{str(dtype)[6:]} descending={desc}: {'ok' if good else 'WRONG'}", flush=True)
print("all ok" if ok else "SOME WRONG")
