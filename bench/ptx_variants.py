"""Variants of one tilec-compiled kernel, made by editing its PTX, for experiments that
the compiler has no switch for (bench/results/2026-11-23-h100-transpose-floor.md).

Usage: python3 bench/ptx_variants.py IN.ptx OUT_DIR [NAME ...]  (no NAME: all of them)
Writes OUT_DIR/NAME.ptx and a copy of IN.json as OUT_DIR/NAME.json for each, ready for
bench/transpose_variants.py. Names:
  ld_cs, ld_na, ld_nc, ld_ef, ld_256: global loads with .cs / .L1::no_allocate / .nc /
      an L2 evict_first cache policy / a 256-byte L2 prefetch
  st_cs, st_ef, st_el: global stores with .cs / an L2 evict_first / evict_last policy
  ldst_cs, ldef_stel, ldef_stcs: the pairs
  mr32..mr64, mn4..mn13: `.maxnreg N`, `.minnctapersm N` added after the thread-count
      directive; rq, mx: that directive as `.reqntid` / `.maxntid`
  bar: a barrier between the global loads and the first shared store
"""
import os, re, shutil, sys

HINTS = {  # name: (load qualifiers, store qualifiers, load policy, store policy)
    "ld_cs": (".cs", "", "", ""),
    "ld_na": (".L1::no_allocate", "", "", ""),
    "ld_nc": (".nc.L1::no_allocate", "", "", ""),
    "ld_ef": (".L1::no_allocate.L2::cache_hint", "", "evict_first", ""),
    "ld_256": (".L2::256B", "", "", ""),
    "st_cs": ("", ".cs", "", ""),
    "st_ef": ("", ".L2::cache_hint", "", "evict_first"),
    "st_el": ("", ".L2::cache_hint", "", "evict_last"),
    "ldst_cs": (".cs", ".cs", "", ""),
    "ldef_stel": (".L1::no_allocate.L2::cache_hint", ".L2::cache_hint", "evict_first", "evict_last"),
    "ldef_stcs": (".L1::no_allocate.L2::cache_hint", ".cs", "evict_first", ""),
}
DIRECTIVES = {f"mr{n}": f".maxnreg {n}" for n in (32, 40, 48, 56, 64)}
DIRECTIVES |= {f"mn{n}": f".minnctapersm {n}" for n in (4, 8, 10, 12, 13)}


def hints(s, ld, st, ldpol, stpol):
    def ld_sub(m):
        tail = m.group(3)[:-1] + (", %polld;" if "cache_hint" in ld else ";")
        return m.group(1) + "ld.global" + ld + m.group(2) + tail

    def st_sub(m):
        tail = m.group(2)[:-1] + (", %polst;" if "cache_hint" in st else ";")
        return m.group(1) + "st.global" + st + tail

    s = re.sub(r"(@%p\d+ )ld\.global(\.v\d\.b32 \{[^}]*\}, )(\[%rd\d+\];)", ld_sub, s)
    s = re.sub(r"(@%p\d+ )st\.global(\.v\d\.b32 \[%rd\d+\], \{[^}]*\};)", st_sub, s)
    decl = init = ""
    for reg, pol in (("%polld", ldpol), ("%polst", stpol)):
        if pol:
            decl += f"\t.reg .b64 {reg};\n"
            init += f"\tcreatepolicy.fractional.L2::{pol}.b64 {reg}, 1.0;\n"
    i = s.index("\t.reg")
    s = s[:i] + decl + s[i:]
    i = s.index("\tld.param")
    return s[:i] + init + s[i:]


NTID = r"^\.(?:maxntid|reqntid)"  # tilec declares .reqntid; older PTX, .maxntid


def variant(s, name):
    if name in HINTS:
        return hints(s, *HINTS[name])
    if name in DIRECTIVES:
        return re.sub(NTID + r" [^\n]*$", lambda m: m.group(0) + "\n" + DIRECTIVES[name], s, count=1, flags=re.M)
    if name in ("rq", "mx"):
        return re.sub(NTID, {"rq": ".reqntid", "mx": ".maxntid"}[name], s, count=1, flags=re.M)
    if name == "bar":
        lines = s.split("\n")
        first_st = next(i for i, l in enumerate(lines) if "st.shared" in l)
        j = max(i for i, l in enumerate(lines[:first_st]) if "ld.global" in l)
        while "// end inline asm" not in lines[j]:
            j += 1
        lines.insert(j + 1, "\tbar.sync \t0;")
        return "\n".join(lines)
    raise SystemExit(f"unknown variant {name}")


def changed(s, name):
    """The variant, refusing one that leaves the PTX as it is (a pattern that no longer
    matches what tilec emits would otherwise time the input under another name)."""
    v = variant(s, name)
    if v == s:
        raise SystemExit(f"variant {name} does not change this PTX")
    return v


def main():
    src, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    names = names or [*HINTS, *DIRECTIVES, "rq", "mx", "bar"]
    os.makedirs(out, exist_ok=True)
    s = open(src).read()
    for n in names:
        v = changed(s, n)
        open(os.path.join(out, n + ".ptx"), "w").write(v)
        shutil.copy(src[: -len(".ptx")] + ".json", os.path.join(out, n + ".json"))
        print(n)


if __name__ == "__main__":
    main()
