import torch, tilec

src, TILE = "examples/radix_sort.tile", 16384   # radix_pass_pairs' tile

def sort(x, descending=False):
    kinds = {torch.uint32: 0, torch.int32: 1, torch.float32: 2}
    if x.dtype not in kinds or x.dim() != 1:
        raise TypeError(f"sort takes a 1-D tensor of uint32, int32 or float32, not {x.dtype} {tuple(x.shape)}")
    key = kinds[x.dtype]
    opts = {"KEY": key, "DESCENDING": descending}
    count = tilec.compile(src, kernel="radix_histogram", defines=opts)   # its own TILE, 8192
    passes = [tilec.compile(src, kernel="radix_pass_pairs", defines={**opts, "SHIFT": s, "TILE": TILE})
              for s in (0, 8, 16, 24)]
    n, tiles, dev = x.numel(), tilec.cdiv(x.numel(), TILE), x.device
    k0, v0 = x.view(torch.uint32), torch.arange(n, dtype=torch.int32, device=dev)
    ka, kb = torch.empty_like(k0), torch.empty_like(k0)
    va, vb = torch.empty_like(v0), torch.empty_like(v0)
    hist = torch.zeros(1024, dtype=torch.int32, device=dev)
    state = torch.zeros(4, tiles * 256, dtype=torch.uint32, device=dev)
    counters = torch.zeros(4, dtype=torch.int32, device=dev)
    count[(min(tilec.cdiv(n, 8192), 528),)](k0, hist, n)
    # Digit by digit: x -> a -> b -> a -> b.
    for i, (p, (sk, sv), (dk, dv)) in enumerate(zip(
            passes, [(k0, v0), (ka, va), (kb, vb), (ka, va)], [(ka, va), (kb, vb), (ka, va), (kb, vb)])):
        p[(tiles,)](sk, dk, sv, dv, hist, state[i], counters[i:i + 1], n)
    return kb.view(x.dtype), vb

x = torch.randn(1_000_003, device="cuda")
v, i = sort(x)
ref = torch.sort(x, stable=True)
assert torch.equal(v, ref.values) and torch.equal(i.long(), ref.indices)
