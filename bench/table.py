"""Builds the comparison table from one device run: ours.json (tilec), reference.json
(Triton + PyTorch, same run) and compile.jsonl. Usage: python3 bench/table.py RUN_DIR"""
import json, os, sys

d = sys.argv[1]
ours = [r for r in json.load(open(os.path.join(d, "ours.json"))) if "us" in r]
ref = json.load(open(os.path.join(d, "reference.json")))
compile_ms = {}
for line in open(os.path.join(d, "compile.jsonl")):
    r = json.loads(line)
    compile_ms[r["kernel"]] = r["compile_ms"]
src = {"vadd": "add", "sum": "sum", "persistent_sum": "persistent_sum", "softmax": "softmax_row"}
peer = {"vadd": ("vadd", "triton"), "sum": ("sum", "triton-atomic"),
        "persistent_sum": ("sum", "triton-persistent"), "softmax": ("softmax", "triton")}
torch_name = {"vadd": "torch", "sum": "torch", "persistent_sum": "torch", "softmax": "torch"}


def find(kernel, size, impl):
    for r in ref:
        if r["kernel"] == kernel and str(r["size"]) == str(size) and r["impl"] == impl:
            return r
    return None


print("| kernel | size | tilec µs | tilec GB/s | Triton GB/s | tilec/Triton | PyTorch GB/s | tilec/PyTorch | tilec compile ms | Triton cold compile ms |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in ours:
    k, size = r["kernel"], r["size"]
    t = find(peer[k][0], size, peer[k][1])
    p = find(peer[k][0], size, torch_name[k])
    tri = t["GB/s"] if t else None
    tor = p["GB/s"] if p else None
    tc = next((x.get("compile_ms") for x in ref if x["kernel"] == peer[k][0] and x["impl"] == peer[k][1] and x.get("compile_ms", 0) > 10), None)
    f = lambda v: "—" if v is None else v
    ratio = lambda a, b: "—" if not b else f"{a / b:.2f}x"
    print(f"| {k} | {size} | {r['us']} | {r['GB/s']} | {f(tri)} | {ratio(r['GB/s'], tri)} | {f(tor)} | {ratio(r['GB/s'], tor)} | {compile_ms.get(src[k], '—')} | {f(tc)} |")
