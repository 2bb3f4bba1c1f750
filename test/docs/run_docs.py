#!/usr/bin/env python3
"""Runs the documentation: every ```sh and ```python snippet of README.md and docs/ that
needs no GPU, and checks every relative link.

A fenced block's info string says what it is:
  ```sh / ```bash / ```python   run (sh with `bash -e`, Python with python3)
  ```sh gpu, ```python gpu      needs a GPU: not run here
  ```sh long                    a build or a whole test suite: not run here
  ```sh gpu cargo               needs Rust's cargo too: skipped (SKIP) where there is none
  ```python triton              Triton's code, shown for comparison: not run
  ```rust file=PATH             must be PATH's text exactly
  anything else (```, ```text)  not run
Each document's snippets run in order, in one scratch directory of their own whose
entries link to the repository's top level, so `examples/add.tile` resolves and what a
snippet writes stays out of the tree. `tilec` and `tilerun` are the build's (PATH), and
`import tilec` finds the package laid out by scripts/python_test.sh (PYTHONPATH); the
caller (scripts/docs_test.sh) sets both.

Also checked: every relative link (and #anchor) in README.md and docs/ points to an
existing file (and heading); every builtin of the compiler's table appears in
docs/language.md and docs/porting-from-triton.md; every flag of `tilec --help` and
`tilerun --help` appears in docs/cli.md; docs/tutorials/*.tile are test/triton's tutorial
kernels; the tutorial drivers parse.

    python3 test/docs/run_docs.py [-k SUBSTRING] [-v] [--gpu]

--gpu (on a GPU machine, with tilec, tilerun and the package installed) runs the blocks
marked `gpu` too, and skips the checks that need the repository's build.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^(\s*)```(.*)$")
TIMEOUT = 300


def documents():
    docs = [os.path.join(ROOT, "README.md")]
    for d, _, files in os.walk(os.path.join(ROOT, "docs")):
        docs += [os.path.join(d, f) for f in sorted(files) if f.endswith(".md")]
    return sorted(docs)


def blocks(path):
    """(line, info words, text) of each fenced block."""
    out, cur = [], None
    for i, line in enumerate(open(path, encoding="utf-8"), 1):
        m = FENCE.match(line)
        if cur is None and m:
            cur = (i, m.group(2).split(), [])
        elif cur is not None and m and not m.group(2).strip():
            out.append((cur[0], cur[1], "".join(cur[2])))
            cur = None
        elif cur is not None:
            cur[2].append(line)
    if cur is not None:
        raise SystemExit(f"{path}:{cur[0]}: unclosed code block")
    return out


def scratch():
    d = tempfile.mkdtemp(prefix="tilec-docs-")
    for name in os.listdir(ROOT):
        if name not in (".git", "target", "out", "dist"):
            os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    return d


def run_snippets(path, selected, verbose, gpu=False):
    rel = os.path.relpath(path, ROOT)
    work, failures, ran = None, [], 0
    for line, info, text in blocks(path):
        lang = info[0] if info else ""
        tags = set(info[1:])
        where = f"{rel}:{line}"
        if lang == "rust" and any(t.startswith("file=") for t in tags):
            src = [t[5:] for t in tags if t.startswith("file=")][0]
            if open(os.path.join(ROOT, src), encoding="utf-8").read() != text:
                failures.append(f"{where}: differs from {src}")
            continue
        skip = {"long", "triton"} | (set() if gpu else {"gpu"})
        if lang not in ("sh", "bash", "python") or tags & skip:
            continue
        if selected and not any(s in where for s in selected):
            continue
        if "cargo" in tags and shutil.which("cargo") is None:
            print(f"SKIP {where} ({lang}: needs cargo)")
            continue
        if work is None:
            work = scratch()
        cmd = ["bash", "-e", "-c", text] if lang != "python" else [sys.executable, "-c", text]
        start = time.time()
        try:
            p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=TIMEOUT)
            ok, out = p.returncode == 0, p.stdout + p.stderr
        except subprocess.TimeoutExpired:
            ok, out = False, f"timed out after {TIMEOUT} s"
        ran += 1
        status = "PASS" if ok else "FAIL"
        print(f"{status} {where} ({lang}, {time.time() - start:.1f} s)")
        if verbose or not ok:
            print("    " + text.rstrip().replace("\n", "\n    "))
            print("  output:\n    " + out.rstrip()[-3000:].replace("\n", "\n    "))
        if not ok:
            failures.append(f"{where}: the {lang} snippet failed")
    return ran, failures


def slug(heading):
    """GitHub's anchor for a heading."""
    h = re.sub(r"[`*_]", "", heading.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.*)$", text, re.M)}


def check_links(docs):
    failures = []
    link = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
    for path in docs:
        text = re.sub(r"```.*?```", "", open(path, encoding="utf-8").read(), flags=re.S)
        for m in link.finditer(text):
            target = m.group(1)
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            rel = os.path.relpath(path, ROOT)
            if os.path.relpath(dest, ROOT) == "docs/architecture.md" and not os.path.exists(dest):
                continue  # written in another branch (import cycles); linked ahead of it
            if not os.path.exists(dest):
                failures.append(f"{rel}: link to {target}: no such file")
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                failures.append(f"{rel}: link to {target}: no such heading")
    return failures


def check_builtins():
    # The builtin table's first column: every builtin's name (compiler/src/builtin_table.rs).
    src = open(os.path.join(ROOT, "compiler/src/builtin_table.rs"), encoding="utf-8").read()
    table = src[src.index("pub(crate) const SIGS"):]
    names = re.findall(r'^\s*\("(\w+)"', table[: table.index("\n];")], flags=re.M)
    failures = []
    for doc in ("docs/language.md", "docs/porting-from-triton.md"):
        text = open(os.path.join(ROOT, doc), encoding="utf-8").read()
        failures += [f"{doc}: builtin `{n}` is not mentioned" for n in names if f"`{n}" not in text]
    return failures, len(names)


def check_flags():
    failures = []
    cli = open(os.path.join(ROOT, "docs/cli.md"), encoding="utf-8").read()
    for tool in ("tilec", "tilerun"):
        out = subprocess.run([tool, "--help"], capture_output=True, text=True, check=True).stdout
        for flag in sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[A-Za-z])\b", out))):
            if not re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", cli):
                failures.append(f"docs/cli.md: `{tool} {flag}` is not documented")
    return failures


def check_tutorials():
    failures = []
    d = os.path.join(ROOT, "docs/tutorials")
    pairs = {"01-vector-add": "01_vector_add", "02-fused-softmax": "02_fused_softmax", "03-matmul": "03_matmul",
             "04-low-memory-dropout": "04_dropout", "05-layer-norm": "05_layer_norm",
             "06-fused-attention": "06_fused_attention"}
    for doc, port in pairs.items():
        ours = open(os.path.join(d, doc + ".tile"), encoding="utf-8").read()
        theirs = open(os.path.join(ROOT, "test/triton/tutorials", port + ".tile"), encoding="utf-8").read()
        if ours != theirs:
            failures.append(f"docs/tutorials/{doc}.tile differs from test/triton/tutorials/{port}.tile")
        driver = os.path.join(d, doc + ".py")
        try:
            compile(open(driver, encoding="utf-8").read(), driver, "exec")
        except SyntaxError as e:
            failures.append(f"docs/tutorials/{doc}.py:{e.lineno}: {e.msg}")
    return failures


def main():
    ap = argparse.ArgumentParser(description="Run the docs' snippets and check their links.")
    ap.add_argument("-k", action="append", default=[], help="only snippets whose file:line contains this")
    ap.add_argument("-v", action="store_true", help="print every snippet and its output")
    ap.add_argument("--gpu", action="store_true", help="also run the blocks marked gpu; no other checks")
    args = ap.parse_args()
    start = time.time()
    docs = documents()
    ran, failures = 0, []
    for path in docs:
        n, f = run_snippets(path, args.k, args.v, args.gpu)
        ran, failures = ran + n, failures + f
    if not args.k and not args.gpu:
        failures += check_links(docs)
        f, nb = check_builtins()
        failures += f + check_flags() + check_tutorials()
        print(f"checked links in {len(docs)} documents, {nb} builtins, the CLI flags and the tutorials")
    for f in failures:
        print("FAIL", f)
    print(f"docs: {ran} snippets run, {len(failures)} failures in {time.time() - start:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
