#!/usr/bin/env python3
"""Fails when a module of the compiler imports one of a higher layer (issue 28).

The compiler crate is layered (docs/architecture.md, "Layers"): a file may import files of
its own layer and of lower ones, never of a higher one, so the front end cannot come to
depend on a pass, a pass on the pipeline that runs it, or anything on the driver; a cycle
between layers cannot come back. Imports are found as scripts/check_cycles.py finds them
(every `crate::`/`super::` path, resolved to the file it names).

    scripts/check_layers.py [ROOT] [--self-test]

Prints each import that goes up a layer (file:line, the path, both layers) and
`layer violations: N`; exits 1 if N > 0, or if a top-level module of compiler/src is in
no layer (a new module must say where it sits).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_cycles as cc  # noqa: E402

# Lowest first. A module is a file or directory directly under compiler/src.
LAYERS = [
    ("base", ["source", "diag", "diagnostics", "limits", "internal", "options", "int_expr", "builtin_table",
              "metadata", "requires", "pass"]),
    ("syntax", ["syntax"]),
    ("sema", ["sema"]),
    ("tilegen", ["tilegen"]),
    ("analyses", ["analysis"]),
    ("transforms: the passes and the lowering to LLVM", ["passes", "conversion"]),
    ("explain", ["explain"]),
    ("pipeline", ["pipeline"]),
    ("driver", ["driver"]),
    ("API", ["cache", "autotune", "api", "lib"]),
]


def layer_of(module):
    for i, (_, mods) in enumerate(LAYERS):
        if module in mods:
            return i
    return None


def violations(src):
    """(file, line, path, from layer, to layer) for each upward import; modules in no layer."""
    crate = cc.Crate("tilec", os.path.join(src, "lib.rs"))
    graph = crate.graph(False, False)

    def module(f):
        return os.path.relpath(f, src).split(os.sep)[0].removesuffix(".rs")

    bad, unplaced = [], set()
    for f, targets in sorted(graph.items()):
        a = layer_of(module(f))
        if a is None:
            unplaced.add(module(f))
            continue
        for t, (line, path) in sorted(targets.items()):
            b = layer_of(module(t))
            if b is None:
                unplaced.add(module(t))
            elif b > a:
                bad.append((os.path.relpath(f, src), line, path, LAYERS[a][0], LAYERS[b][0]))
    return bad, unplaced


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "sema"))
        files = {
            "lib.rs": "mod sema;\nmod passes;\nmod limits;\n",
            "sema/mod.rs": "use crate::limits::MAX;\nuse crate::passes::run;\n",
            "passes.rs": "use crate::sema::X;\npub fn run() {}\n",
            "limits.rs": "pub const MAX: u32 = 1;\n",
        }
        for name, text in files.items():
            open(os.path.join(d, name), "w").write(text)
        bad, unplaced = violations(d)
        assert [(b[0], b[3], b[4]) for b in bad] == [(os.path.join("sema", "mod.rs"), "sema",
                                                      "transforms: the passes and the lowering to LLVM")], bad
        assert not unplaced, unplaced
    print("check_layers self-test: ok")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    src = os.path.join(os.path.normpath(a.root), "compiler", "src")
    bad, unplaced = violations(src)
    for f, line, path, la, lb in bad:
        print(f"compiler/src/{f}:{line}: imports `{path}`: from layer `{la}` up to `{lb}`")
    for m in sorted(unplaced):
        print(f"compiler/src/{m}: in no layer: add it to LAYERS in scripts/check_layers.py (and docs/architecture.md)")
    print(f"layer violations: {len(bad)}")
    return 1 if bad or unplaced else 0


if __name__ == "__main__":
    sys.exit(main())
