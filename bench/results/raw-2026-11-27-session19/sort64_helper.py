# The docs' `sort` helper (docs/python.md) extended to 64-bit keys: a candidate for the
# docs once a GPU run (gpu8.sh) has checked it; session 19 had no device time left.
import torch, tilec

src = "examples/radix_sort.tile"
# Key dtype -> (KEY, the bits' dtype, kernel suffix, the passes' tile).
KINDS = {torch.uint32: (0, torch.uint32, "", 16384), torch.int32: (1, torch.uint32, "", 16384),
         torch.float32: (2, torch.uint32, "", 16384), torch.uint64: (0, torch.uint64, "_u64", 8192),
         torch.int64: (1, torch.uint64, "_u64", 8192), torch.float64: (2, torch.uint64, "_u64", 8192)}


def sort(x, descending=False):
    if x.dtype not in KINDS or x.dim() != 1:
        raise TypeError(f"sort takes a 1-D tensor of (u)int32/64 or float32/64, not {x.dtype} {tuple(x.shape)}")
    if x.numel() >= 2**31:
        raise ValueError(f"sort takes fewer than 2^31 keys, not {x.numel()}")
    key, bits, suffix, TILE = KINDS[x.dtype]
    digits = 8 if suffix else 4
    opts = {"KEY": key, "DESCENDING": descending}
    count = tilec.compile(src, kernel="radix_histogram" + suffix, defines=opts)
    passes = [tilec.compile(src, kernel="radix_pass_pairs" + suffix, defines={**opts, "SHIFT": 8 * d, "TILE": TILE})
              for d in range(digits)]
    n, tiles, dev = x.numel(), tilec.cdiv(x.numel(), TILE), x.device
    k0, v0 = x.view(bits), torch.arange(n, dtype=torch.int32, device=dev)
    ka, kb = torch.empty_like(k0), torch.empty_like(k0)
    va, vb = torch.empty_like(v0), torch.empty_like(v0)
    hist = torch.zeros(256 * digits, dtype=torch.int32, device=dev)
    state = torch.zeros(digits, tiles * 256, dtype=torch.uint32, device=dev)
    counters = torch.zeros(digits, dtype=torch.int32, device=dev)
    count[(min(tilec.cdiv(n, 4096), 528),)](k0, hist, n)
    # Digit by digit: x -> a -> b -> a -> ... -> b.
    src_k, src_v = k0, v0
    for i, p in enumerate(passes):
        dst_k, dst_v = (ka, va) if i % 2 == 0 else (kb, vb)
        p[(tiles,)](src_k, dst_k, src_v, dst_v, hist, state[i], counters[i:i + 1], n)
        src_k, src_v = dst_k, dst_v
    return kb.view(x.dtype), vb
