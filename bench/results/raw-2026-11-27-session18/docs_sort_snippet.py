import torch, tilec

src, TILE = "examples/radix_sort.tile", 8192

def sort(x, descending=False):
    key = {torch.uint32: 0, torch.int32: 1, torch.float32: 2}[x.dtype]
    opts = {"TILE": TILE, "KEY": key, "DESCENDING": descending}
    count = tilec.compile(src, kernel="radix_histogram", defines=opts)
    passes = [tilec.compile(src, kernel="radix_pass_pairs", defines={**opts, "SHIFT": s})
              for s in (0, 8, 16, 24)]
    n, tiles, dev = x.numel(), tilec.cdiv(x.numel(), TILE), x.device
    k0, v0 = x.view(torch.uint32), torch.arange(n, dtype=torch.int32, device=dev)
    ka, kb = torch.empty_like(k0), torch.empty_like(k0)
    va, vb = torch.empty_like(v0), torch.empty_like(v0)
    hist = torch.zeros(1024, dtype=torch.int32, device=dev)
    state = torch.zeros(4, tiles * 256, dtype=torch.uint32, device=dev)
    counters = torch.zeros(4, dtype=torch.int32, device=dev)
    count[(min(tiles, 528),)](k0, hist, n)
    # Digit by digit: x -> a -> b -> a -> b.
    for i, (p, (sk, sv), (dk, dv)) in enumerate(zip(
            passes, [(k0, v0), (ka, va), (kb, vb), (ka, va)], [(ka, va), (kb, vb), (ka, va), (kb, vb)])):
        p[(tiles,)](sk, dk, sv, dv, hist, state[i], counters[i:i + 1], n)
    return kb.view(x.dtype), vb

x = torch.randn(1_000_003, device="cuda")
v, i = sort(x)
ref = torch.sort(x, stable=True)
assert torch.equal(v, ref.values) and torch.equal(i.long(), ref.indices)
