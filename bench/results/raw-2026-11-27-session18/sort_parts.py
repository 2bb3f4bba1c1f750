"""Session 18: where a radix pass's time goes. Variants of examples/radix_sort.tile's
`radix_pass` (SHIFT 0, 2^26 keys) compiled from edited source text, each timed alone by
do_bench with its counter and look-back state zeroed in the call; the variants that drop
a step give wrong results: timing only."""
import os, sys
import torch, triton.testing
import tilec

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples", "radix_sort.tile")).read()
n = 1 << 26
TILE = 4096
tiles = n // TILE
keys = torch.randint(0, 1 << 31, (n,), dtype=torch.int32, device="cuda").view(torch.uint32)
dst = torch.empty_like(keys)
hist = torch.zeros(1024, dtype=torch.int32, device="cuda")
state = torch.zeros(tiles * 256, dtype=torch.uint32, device="cuda")
counter = torch.zeros(1, dtype=torch.int32, device="cuda")
hk = tilec.compile(src, kernel="radix_histogram", defines={"TILE": TILE})
sms = torch.cuda.get_device_properties(0).multi_processor_count
print("histogram kernel", triton.testing.do_bench(lambda: (hist.zero_(), hk[(min(tiles, 4 * sms),)](keys, hist, n))) * 1e3, "us")
hist.zero_(); hk[(min(tiles, 4 * sms),)](keys, hist, n)

def zero():
    state.zero_(); counter.zero_()
print("zeroing alone", triton.testing.do_bench(zero) * 1e3, "us")

edits = {
    "full": [],
    "no_lookback": [("let before = counts_before(state, tile, counts);", "let before = zeros((256,), i32);")],
    "no_rank": [("scatter(k, tile_places(d, counts, starts))", "k")],
    "no_rank_no_lookback": [("scatter(k, tile_places(d, counts, starts))", "k"),
                            ("let before = counts_before(state, tile, counts);", "let before = zeros((256,), i32);")],
    "plain_store": [("store(dst + dest, sorted", "store(dst + offs, sorted")],
    "rank_only": [("let before = counts_before(state, tile, counts);", "let before = zeros((256,), i32);"),
                  ("store(dst + dest, sorted", "store(dst + offs, sorted")],
    "load_store_only": [("scatter(k, tile_places(d, counts, starts))", "k"),
                        ("let before = counts_before(state, tile, counts);", "let before = zeros((256,), i32);"),
                        ("store(dst + dest, sorted", "store(dst + offs, sorted")],
}
runs = [(8, name, 4096) for name in edits] + [(16, "full", 8192), (8, "full", 8192), (4, "full", 4096), (16, "full", 4096)]
for nw, name, T in runs:
    reps = edits[name]
    s = src
    for a, b in reps:
        # only inside radix_pass (the first kernel with these lines)
        i = s.index("kernel radix_pass(")
        j = s.index("kernel radix_pass_pairs(")
        body = s[i:j]
        assert a in body, (name, a)
        s = s[:i] + body.replace(a, b) + s[j:]
    try:
        k = tilec.compile(s, kernel="radix_pass", defines={"SHIFT": 0, "TILE": T}, num_warps=nw)
    except Exception as e:
        print(name, nw, "compile failed", e); continue
    def run():
        zero()
        k[(n // T,)](keys, dst, hist, state, counter, n)
    ms = sorted(triton.testing.do_bench(run) for _ in range(3))[1]
    print(f"warps {nw:2d} TILE {T} {name:22s} {ms * 1e3:9.1f} us  ({2 * 4 * n / ms / 1e6:7.1f} GB/s)", flush=True)
