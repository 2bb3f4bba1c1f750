#!/usr/bin/env python3
"""A/B of two tilerun builds on the bench table's kernels (bench/compare.py's CASES) and
the attention shapes of bench/device_attention_ab.sh, interleaved: every round runs each
case with each build in turn (`tilerun --bench`: median of ~100 ms of launches, L2
flushed), so clock drift between minutes falls on both. Also each build's cold compile
of each case's kernel. For a compiler change against its base (issue 28: the same PTX or
better, within 1%): tilerun's own timer is right for an A/B of our own builds, not for marks.

    TILEC=path/to/tilec python3 bench/ab_builds.py --builds BASE NEW [--rounds 3] [--out DIR]

BASE and NEW are tilerun binaries. Writes DIR/ab.json and DIR/ab.md (per case: each
build's median over the rounds, NEW/BASE time, and the cold compiles)."""

import argparse
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import compare  # noqa: E402


def attention(d, causal, bm, bn, warps, z=4, h=32, n=4096):
    """examples/attention.tile at issue 10's shape, as bench/carry.sh's attention_args."""
    e, sz, sh = z * h * n * d, h * n * d, n * d
    args = [f"q=randn:f16:{e}", f"k=randn:f16:{e}", f"v=randn:f16:{e}", f"o=empty:f16:{e}", "sm_scale=0.125",
            f"H={h}", f"N_CTX={n}"]
    args += [f"s{t}{a}={v}" for t in "qkvo" for a, v in zip("zh" + ("m" if t in "qo" else "n"), (sz, sh, d))]
    flops = 4 * z * h * n * n * d // (causal + 1)
    cmd = ["examples/attention.tile", "-D", f"HEAD_DIM={d}", "-D", f"CAUSAL={causal}", "-D", f"BLOCK_M={bm}",
           "-D", f"BLOCK_N={bn}", "--num-warps", str(warps), "--grid", f"{n // bm},{z * h}"] + args
    return f"attention d{d}{' causal' if causal else ''} {bm}x{bn} w{warps}", cmd, ["--flops", str(flops)]


def table_cases(tilerun):
    """(label, tilerun arguments without --bench, extra --bench arguments) per bench case."""
    # tilec (TILEC) compiles every kernel of a file for the grids' consts; tilerun
    # --compile-only only a file's first.
    compiled = compare.compile_examples(os.path.join(ROOT, "examples"), "/tmp/ab_compile", os.environ.get("TILEC"),
                                        tilerun)
    out = []
    for case in compare.CASES:
        k, label = case["kernel"], f"{case['kernel']} {case['size']}"
        if "plan" in case:
            sets = [a for kv in case["sets"].items() for a in ("--set", "%s=%s" % kv)]
            out.append((label, ["--plan", case["plan"]] + sets, []))
            continue
        f = case.get("file", k)
        meta = compiled.get(f, {}).get("meta")
        if not meta:
            continue
        km = next(x for x in meta["kernels"] if x["name"] == k)
        grid, args, extra = case["build"]({c["name"]: c["value"] for c in km["consts"]})
        cmd = [f"examples/{f}.tile", "--kernel", k, "--grid", ",".join(map(str, grid))] + args + extra
        unit = ["--bytes", str(case["bytes"])] if "bytes" in case else ["--flops", str(case["flops"])]
        out.append((label, cmd, unit))
    return out


def bench(tilerun, cmd, unit):
    """One `tilerun --bench` (compare.run_one's parsing of its BENCH line): µs, or None."""
    row = {}
    compare.run_one([tilerun] + cmd + ["--bench"] + unit, row)
    return row.get("us")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--builds", nargs=2, required=True, metavar=("BASE", "NEW"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", default=os.environ.get("OUT", "/tmp/ab"))
    ap.add_argument("--no-table", action="store_true", help="attention shapes only")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cases = [] if a.no_table else table_cases(a.builds[1])
    cases += [attention(*p) for p in [(64, 0, 128, 64, 8), (64, 1, 128, 64, 8), (128, 0, 128, 128, 8),
                                      (128, 1, 128, 128, 8)]]
    times = {label: {b: [] for b in a.builds} for label, _, _ in cases}
    for r in range(a.rounds):
        for label, cmd, unit in cases:
            for b in a.builds:
                us = bench(b, cmd, unit)
                if us is not None:
                    times[label][b].append(us)
                print(f"round {r + 1} {os.path.basename(b)} {label}: {us} us", flush=True)
    rows = []
    for label, cmd, _ in cases:
        med = {b: statistics.median(v) if v else None for b, v in times[label].items()}
        comp = {b: compare.cold_compile([b] + cmd) if not cmd[0].startswith("--plan") else None for b in a.builds}
        base, new = (med[b] for b in a.builds)
        rows.append({"case": label, "base_us": base, "new_us": new, "new_over_base": round(new / base, 4)
                     if base and new else None, "base_compile_ms": comp[a.builds[0]], "new_compile_ms": comp[a.builds[1]]})
    json.dump(rows, open(os.path.join(a.out, "ab.json"), "w"), indent=1)
    lines = ["| case | base µs | new µs | new/base time | base compile ms | new compile ms |", "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['case']} | {r['base_us']} | {r['new_us']} | {r['new_over_base']} | "
                     f"{r['base_compile_ms']} | {r['new_compile_ms']} |")
    ratios = [r["new_over_base"] for r in rows if r["new_over_base"]]
    if ratios:
        gm = statistics.geometric_mean(ratios)
        lines.append(f"\n{len(ratios)} cases, {a.rounds} rounds: new/base time geometric mean {gm:.4f}, "
                     f"min {min(ratios):.4f}, max {max(ratios):.4f}")
    open(os.path.join(a.out, "ab.md"), "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
