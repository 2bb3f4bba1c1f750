#!/usr/bin/env python3
"""Benchmark tilec's kernels against Triton and PyTorch, in one run on the GPU machine.

    python3 bench/compare.py run --out OUT [--reference triton_reference.py] [--only add sum]
        times our kernels with `tilerun --bench` (median of ~100 ms of launches, L2 flushed
        before each, as triton.testing.do_bench), times tilec's cold compile of every
        example, runs the Triton/PyTorch reference script (it writes OUT/reference.json),
        and writes OUT/table.md, OUT/results.json, OUT/ours.json, OUT/compile.json.
    python3 bench/compare.py table OUT
        renders the table again from those files.

Binaries come from $TILERUN (required) and $TILEC (optional: without it, tilerun's
`--compile-only` compiles, with the same compiler in-process). Kernels that do not
compile or run show as such in the table, with the reason in results.json.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cdiv(a, b):
    return (a + b - 1) // b


# ---------------------------------------------------------------- our cases
# kernel: the kernel (and example file) name; ref: the reference script's kernel name and
# size key; triton/torch: which of its rows we compare with; args(consts) -> (grid, ARGs,
# extra tilerun options).

def vadd(n):
    def build(c):
        return (cdiv(n, int(c.get("TILE", 1024))),), [f"randn:f32:{n}", f"randn:f32:{n}", f"empty:f32:{n}", str(n)], []
    return dict(kernel="add", ref=("vadd", n), size=f"2^{n.bit_length() - 1}", build=build, bytes=12 * n,
                triton="triton", torch="torch")


def transpose(R, C):
    def build(c):
        RB, CB = int(c.get("RB", 64)), int(c.get("CB", 64))
        return (cdiv(R, RB), cdiv(C, CB)), [f"randn:f32:{R}x{C}", f"empty:f32:{C}x{R}", str(R), str(C),
                                            str(C), "1", str(R), "1"], []
    return dict(kernel="transpose", ref=("transpose", f"{R}x{C}"), size=f"{R}x{C}", build=build, bytes=8 * R * C,
                triton="triton-tiled64x64", torch="torch")


def total(n, kernel="sum", file=None):
    """`file`: examples/custom_reduce.tile's `custom_sum` is the same kernel with a `fn`
    combine (`reduce(v, 0, add)`): its row beside `sum`'s is the custom reduce's cost."""
    def build(c):
        return (cdiv(n, int(c.get("TILE", 4096))),), [f"rand:f32:{n}", "zeros:f32:1", str(n)], ["--zero", "out"]
    return dict(kernel=kernel, file=file or kernel, ref=("sum", n), size=f"2^{n.bit_length() - 1}", build=build,
                bytes=4 * n, triton="triton-atomic", torch="torch")


def scan(n, kernel="scan"):
    def build(c):
        g = cdiv(n, int(c.get("TILE", 4096)))
        return (g,), [f"randint:i32:{n}:-100:100", f"empty:i32:{n}", f"zeros:u64:{g}", "zeros:i32:1", str(n)], \
            ["--zero", "state", "--zero", "counter"]
    return dict(kernel=kernel, ref=("scan", n), size=f"2^{n.bit_length() - 1}", build=build, bytes=8 * n,
                triton="triton-lookback", torch="torch")


def block_scan(n, kernel):
    """examples/custom_reduce.tile: per-block inclusive sums by `associative_scan` with a
    `fn` combine (`custom_block_cumsum`) beside the same kernel with `cumsum`."""
    def build(c):
        return (cdiv(n, int(c.get("TILE", 1024))),), [f"randint:i32:{n}:-100:100", f"empty:i32:{n}", str(n)], []
    return dict(kernel=kernel, file="custom_reduce", ref=("scan", n), size=f"2^{n.bit_length() - 1}", build=build,
                bytes=8 * n, triton="none", torch="torch")


def persistent(n, programs=528):
    """Grid-stride sum over `programs` programs (4 per SM of an H100, as the reference)."""
    def build(c):
        g = min(programs, cdiv(n, int(c.get("TILE", 4096))))
        return (g,), [f"rand:f32:{n}", "zeros:f32:1", str(n)], ["--zero", "out"]
    return dict(kernel="persistent_sum", ref=("sum", n), size=f"2^{n.bit_length() - 1}", build=build, bytes=4 * n,
                triton="triton-persistent", torch="torch")


def softmax(R, C):
    block = 1 << (C - 1).bit_length()

    def build(c):
        return (R,), [f"empty:f32:{R}x{C}", f"randn:f32:{R}x{C}", str(C), str(C), str(C)], ["-D", f"BLOCK={block}"]
    return dict(kernel="softmax", file="softmax_row", ref=("softmax", f"{R}x{C}"), size=f"{R}x{C}", build=build,
                bytes=8 * R * C, triton="triton", torch="torch")


def matmul(S, kernel="matmul_f16", file="matmul_grouped", dtype="f16", programs=None):
    """C = A @ B, S^3, against Triton's grouped, pipelined kernel and cuBLAS; `programs`
    for the persistent kernel's grid (one a streaming multiprocessor: 132 on an H100)."""
    def build(c):
        BM, BN = int(c.get("BM", 128)), int(c.get("BN", 256))
        grid = programs or cdiv(S, BM) * cdiv(S, BN)
        return (grid,), [f"randn:{dtype}:{S}x{S}", f"randn:{dtype}:{S}x{S}", f"empty:{dtype}:{S}x{S}",
                         str(S), str(S), str(S), str(S), "1", str(S), "1", str(S), "1"], []
    name = {"f16": "float16", "bf16": "bfloat16"}[dtype]
    return dict(kernel=kernel, file=file, ref=("matmul", f"{S}^3 {name}"), size=f"{S}^3 {dtype}", build=build,
                flops=2 * S ** 3, triton="triton(", torch="torch(cublas)")


def rand(n):
    """Philox `rand` into n f32 (issue 12: >= 0.95x Triton's `tl.rand`; bench/rand_reference.py)."""
    def build(c):
        return (cdiv(n, int(c.get("TILE", 1024))),), [f"empty:f32:{n}", "1234", str(n)], []
    return dict(kernel="rand_fill", file="rand", ref=("rand", n), size=f"2^{n.bit_length() - 1}", build=build,
                bytes=4 * n, triton="triton", torch="torch")


def plan(kernel, path, n, ref, torch):
    """A multi-kernel algorithm run from its plan (`tilerun --plan`), the whole plan timed."""
    return dict(kernel=kernel, plan=path, sets={"N": n}, ref=(ref, n), size=f"2^{n.bit_length() - 1}",
                triton="none", torch=torch)


CASES = [vadd(1 << 20), vadd(1 << 28), transpose(8192, 8192), transpose(4096, 12288), total(1 << 20), total(1 << 30),
         total(1 << 30, "custom_sum", "custom_reduce"), block_scan(1 << 28, "block_cumsum"),
         block_scan(1 << 28, "custom_block_cumsum"),
         persistent(1 << 20), persistent(1 << 30), scan(1 << 24), scan(1 << 28),
         scan(1 << 28, "scan_window"), plan("radix_sort", "examples/plans/radix_sort.toml", 1 << 26, "sort", "torch(cub)"),
         softmax(4096, 4096), softmax(16384, 1024),
         matmul(4096), matmul(8192), matmul(4096, "matmul_bf16", dtype="bf16"), matmul(8192, "matmul_bf16", dtype="bf16"),
         matmul(4096, "matmul_persistent", programs=132), matmul(8192, "matmul_persistent", programs=132),
         matmul(4096, "matmul", file="matmul"), rand(1 << 28)]


# ---------------------------------------------------------------- running
def tail(text, n=12):
    return "\n".join(l for l in text.strip().splitlines()[-n:])


def compile_examples(examples, out, tilec, tilerun):
    """Cold wall time of one compile of each example; its metadata (consts for grids)."""
    res = {}
    work = os.path.join(out, "ptx")
    os.makedirs(work, exist_ok=True)
    for f in sorted(os.listdir(examples)):
        if not f.endswith(".tile"):
            continue
        stem = f[:-5]
        ptx = os.path.join(work, stem + ".ptx")
        src = os.path.join(examples, f)
        cmd = [tilec, src, "-o", ptx] if tilec else [tilerun, src, "--compile-only", "--emit-ptx", ptx]
        t = time.perf_counter()
        # A cold compile: the compile cache (tilec::cache) off.
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=dict(os.environ, TILEC_CACHE="0"))
        ms = (time.perf_counter() - t) * 1e3
        r = {"file": f, "compile_ms": round(ms, 1), "ok": p.returncode == 0, "tool": "tilec" if tilec else "tilerun --compile-only"}
        if p.returncode == 0 and os.path.exists(ptx[:-4] + ".json"):
            r["meta"] = json.load(open(ptx[:-4] + ".json"))
        else:
            r["ok"] = False
            r["error"] = tail(p.stdout + p.stderr)
        res[stem] = r
        print(f"compile {f}: {'ok' if r['ok'] else 'FAILED'} in {ms:.0f} ms", flush=True)
    return res


def run_ours(examples, tilerun, compiled, only):
    rows = []
    for case in CASES:
        k = case["kernel"]
        if only and k not in only:
            continue
        f = case.get("file", k)
        row = {"kernel": k, "size": case["size"]}
        rows.append(row)
        if "plan" in case:
            cmd = [tilerun, "--plan", os.path.join(ROOT, case["plan"]), "--bench", "--label", f"{k} {case['size']}"]
            cmd += [a for kv in case["sets"].items() for a in ("--set", "%s=%s" % kv)]
            run_one(cmd, row)
            continue
        comp = compiled.get(f)
        if comp is None:
            row["error"] = f"no example {f}.tile"
            continue
        if not comp["ok"]:
            row["error"] = "does not compile"
            continue
        km = next((x for x in comp["meta"]["kernels"] if x["name"] == k), None)
        if km is None:
            row["error"] = f"{f}.tile has no kernel `{k}`"
            continue
        consts = {c["name"]: c["value"] for c in km["consts"]}
        grid, args, extra = case["build"](consts)
        cmd = [tilerun, os.path.join(examples, f + ".tile"), "--kernel", k, "--grid", ",".join(map(str, grid))] + args
        row["compile_ms"] = cold_compile(cmd)
        cmd += extra + ["--bench", "--label", f"{k} {case['size']}"]
        if "bytes" in case:
            cmd += ["--bytes", str(case["bytes"])]
        if "flops" in case:
            cmd += ["--flops", str(case["flops"])]
        run_one(cmd, row)
    return rows


def cold_compile(cmd):
    """Wall time of compiling the kernel the run launches, as the run does (one kernel,
    specialised on these arguments), with the compile cache off: the figure comparable
    with Triton's cold compile of its kernel."""
    t = time.perf_counter()
    p = subprocess.run(cmd + ["--compile-only"], capture_output=True, text=True, timeout=600, cwd=ROOT,
                       env=dict(os.environ, TILEC_CACHE="0"))
    return round((time.perf_counter() - t) * 1e3, 1) if p.returncode == 0 else None


def run_one(cmd, row):
    """Runs one `tilerun ... --bench` and records its BENCH line (or the error) in `row`."""
    print("$ " + " ".join(cmd), flush=True)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=ROOT)
    except subprocess.TimeoutExpired:
        row["error"] = "timed out"
        return
    line = next((l for l in p.stdout.splitlines() if l.startswith("BENCH ")), None)
    if p.returncode != 0 or line is None:
        row["error"] = f"tilerun exited {p.returncode}: " + tail(p.stdout + p.stderr, 6)
        print(row["error"], flush=True)
        return
    bench = json.loads(line[6:])
    bench["tilerun_kernel"] = bench.pop("kernel", None)
    row.update(bench)
    print(line, flush=True)


def run_reference(script, out):
    log = os.path.join(out, "reference.log")
    print(f"running the reference {script} (log: {log})", flush=True)
    env = dict(os.environ, OUT=out)
    t = time.time()
    try:
        p = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=900, env=env)
        text, rc = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        text, rc = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), "timeout"
    open(log, "w").write(text)
    print(f"reference exited {rc} after {time.time() - t:.0f} s", flush=True)
    m = re.search(r"^DEVICE (.*)$", text, flags=re.M)
    return m.group(1) if m else None


# ---------------------------------------------------------------- the table
def fnum(v, digits=1):
    return "—" if v is None else f"{v:,.{digits}f}"


def rate(r):
    """(value, unit) of a row: GB/s, or TFLOP/s for matmul."""
    if r is None:
        return None, ""
    if "TFLOP/s" in r:
        return r["TFLOP/s"], "TFLOP/s"
    return r.get("GB/s"), "GB/s"


def find_ref(reference, case, impl):
    name, size = case["ref"]
    for r in reference:
        if r["kernel"] == name and str(r["size"]) == str(size) and r["impl"].startswith(impl):
            return r
    return None


def cold_compile_ms(reference, case, impl):
    """Triton's cold compile of a kernel: its first launch with an empty cache. Later sizes
    of the same kernel hit the cache, so the largest of its rows is the cold one."""
    name = case["ref"][0]
    ms = [r["compile_ms"] for r in reference if r["kernel"] == name and r["impl"].startswith(impl) and "compile_ms" in r]
    return max(ms) if ms else None


def build_table(ours, reference, compiled):
    by = {(r["kernel"], r["size"]): r for r in ours}
    lines = ["| kernel | size | tilec µs | tilec rate | Triton µs | Triton rate | tilec/Triton | PyTorch rate | tilec/PyTorch "
             "| tilec compile ms | Triton compile ms |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    results = []
    for case in CASES:
        o = by.get((case["kernel"], case["size"]))
        if o is None:
            continue
        tr, th = find_ref(reference, case, case["triton"]), find_ref(reference, case, case["torch"])
        ov, unit = rate(o) if "error" not in o else (None, "")
        tv, tunit = rate(tr)
        hv, _ = rate(th)
        unit = unit or tunit or ("TFLOP/s" if "flops" in case else "GB/s")
        ratio_t = ov / tv if ov and tv else None
        ratio_h = ov / hv if ov and hv else None
        comp = compiled.get(os.path.splitext(os.path.basename(case["plan"]))[0] if "plan" in case
                            else case.get("file", case["kernel"]), {})
        ours_us = fnum(o.get("us"), 2) if "error" not in o else f"n/a: {o['error'].splitlines()[0][:60]}"
        lines.append(
            f"| {case['kernel']} | {case['size']} | {ours_us} | {fnum(ov)} {unit if ov else ''} | "
            f"{fnum(tr and tr['us'], 2)} | {fnum(tv)} | {fnum(ratio_t, 2)} | {fnum(hv)} | {fnum(ratio_h, 2)} | "
            f"{fnum(o.get('compile_ms', comp.get('compile_ms')))} | {fnum(cold_compile_ms(reference, case, case['triton']))} |")
        results.append({"kernel": case["kernel"], "size": case["size"], "ours": o, "triton": tr, "torch": th,
                        "tilec_compile_ms": o.get("compile_ms", comp.get("compile_ms")),
                        "triton_compile_ms": cold_compile_ms(reference, case, case["triton"]), "unit": unit,
                        "ratio_triton": ratio_t, "ratio_torch": ratio_h})
    copies = [r for r in reference if r["kernel"] == "copy"]
    if copies:
        lines.append("")
        lines.append("Copy ceiling (torch `y.copy_(x)`): " + ", ".join(f"{r['size']}: {r.get('GB/s')} GB/s" for r in copies))
    lines.append("")
    lines.append("Rates are GB/s (TFLOP/s for matmul) at the median time; ratios above 1 mean tilec is faster. "
                 "tilec and Triton are timed alike: median over ~100 ms, L2 flushed before each launch; `sum` and "
                 "`scan` zero their accumulator/state inside the timed region, as the reference does. "
                 "tilec compile ms: the benchmarked kernel compiled as its run compiles it (specialised on its "
                 "arguments, `tilerun --compile-only`, compile cache off; a plan's: its files); Triton's: the "
                 "first launch with an empty cache.")
    return "\n".join(lines) + "\n", results


def write_table(out, device):
    ours = json.load(open(os.path.join(out, "ours.json")))
    compiled = json.load(open(os.path.join(out, "compile.json")))
    ref_path = os.path.join(out, "reference.json")
    reference = json.load(open(ref_path)) if os.path.exists(ref_path) else []
    table, results = build_table(ours, reference, compiled)
    head = f"# tilec vs Triton vs PyTorch\n\nDevice: {device or 'unknown'}; date: {time.strftime('%Y-%m-%d')}\n\n"
    if not reference:
        head += "(no reference.json: the Triton/PyTorch columns are empty)\n\n"
    open(os.path.join(out, "table.md"), "w").write(head + table)
    json.dump({"device": device, "date": time.strftime("%Y-%m-%d"), "rows": results}, open(os.path.join(out, "results.json"), "w"), indent=1)
    print(head + table)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", default=os.environ.get("OUT", "bench-out"))
    r.add_argument("--examples", default=os.path.join(ROOT, "examples"))
    r.add_argument("--reference", help="triton_reference.py (skipped when not given)")
    r.add_argument("--only", nargs="*", help="only these kernels (add, transpose, sum, scan, softmax, matmul)")
    t = sub.add_parser("table")
    t.add_argument("out")
    args = ap.parse_args()

    if args.cmd == "table":
        meta = json.load(open(os.path.join(args.out, "results.json"))) if os.path.exists(os.path.join(args.out, "results.json")) else {}
        write_table(args.out, meta.get("device"))
        return 0
    tilerun, tilec = os.environ.get("TILERUN"), os.environ.get("TILEC")
    if not tilerun:
        print("set TILERUN to the tilerun binary", file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    compiled = compile_examples(args.examples, args.out, tilec, tilerun)
    json.dump(compiled, open(os.path.join(args.out, "compile.json"), "w"), indent=1)
    ours = run_ours(args.examples, tilerun, compiled, args.only)
    json.dump(ours, open(os.path.join(args.out, "ours.json"), "w"), indent=1)
    device = next((r["device"] for r in ours if "device" in r), None)
    if args.reference:
        device = run_reference(args.reference, args.out) or device
    write_table(args.out, device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
