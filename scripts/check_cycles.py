#!/usr/bin/env python3
"""Fails when the files of a crate import each other in a cycle (issue 28).

A file imports another when it names an item of the other's module by a path:
`use crate::a::b::C;`, `use super::{x, y::Z};`, `self::child::f()` or `crate::a::f(..)` in
code. Each path is resolved to the module it names and then to the longest module prefix
that is a file (`crate::options::Arch` is `options.rs`; `crate::Arch`, a re-export, is
`lib.rs`), so a re-export counts as an import of the file that re-exports it. Paths are
resolved the way rustc does: `super` from `passes/fold_bounds.rs` is `passes/mod.rs`, and
inside an inline `mod tests { use super::*; }` it is the file itself (no edge). Modules
are found by following `mod name;` declarations (and `#[path]`) from each crate root
(`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`); comments and string literals are skipped.
Edges to a file's own parent module count like any other (a child using `super::X` while
the parent uses the child is a cycle).

Why: a cycle means neither file can be understood, tested or moved without the other,
and the layers (syntax -> sema -> tilegen -> passes -> conversion -> pipeline -> driver)
stop being layers. Shared concepts get one low home that both sides import.

    scripts/check_cycles.py [ROOT] [--allow-parent] [--relative] [-q] [--self-test]

Prints each cycle (a strongly connected set of files, found with Tarjan's algorithm) with
the imports that close it, then `cycles: N (files in cycles: M)`; exits 1 if N > 0.
--self-test checks the checker on a small crate written to a temporary directory.
--relative also counts paths that start with a child module's name (`use child::X`,
`child::f()` in the parent), which are imports too but which a parent facade makes all
the time; --allow-parent ignores edges from a module to its own ancestors.
"""
import argparse
import os
import re
import sys

IDENT = re.compile(r'(?:r#)?[A-Za-z_][A-Za-z0-9_]*')


def lex(text):
    """Tokens (kind, value, line) of Rust source: 'id', 'str' (its text), 'punct'.
    Comments are dropped, and so are char literals, lifetimes and numbers."""
    toks, i, n, line = [], 0, len(text), 1
    while i < n:
        c = text[i]
        if c == '\n':
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):  # block comments nest in Rust
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith('/*', i):
                    depth, i = depth + 1, i + 2
                elif text.startswith('*/', i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == '\n'
                    i += 1
        elif re.match(r'b?r#*"', text[i:i + 260]):  # raw strings: r"..", r#".."#, br".."
            m = re.match(r'b?r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j
            toks.append(('str', text[i + m.end():j], line))
            line += text.count('\n', i, j)
            i = j + len(end)
        elif c == '"' or text.startswith('b"', i):
            j = i + (2 if c == 'b' else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            toks.append(('str', text[i + (2 if c == 'b' else 1):j], line))
            line += text.count('\n', i, j)
            i = j + 1
        elif c == "'" or text.startswith("b'", i):
            # char literal ('a', '\n', '\u{..}', b'x') or a lifetime ('a): skip either
            k = i + (2 if c == 'b' else 1)
            m = re.match(r"(\\(?:u\{[0-9a-fA-F]*\}|x..|.)|[^\\'\n])'", text[k:k + 12])
            i = k + m.end() if m else k
        elif c.isalpha() or c == '_':
            m = IDENT.match(text, i)
            toks.append(('id', m.group(0), line))
            i = m.end()
        elif c.isdigit():
            m = re.compile(r'[0-9][0-9A-Za-z_]*(\.[0-9][0-9A-Za-z_]*)?').match(text, i)
            i = m.end()
        elif text.startswith('::', i):
            toks.append(('punct', '::', line))
            i += 2
        else:
            toks.append(('punct', c, line))
            i += 1
    return toks


def parse_use_tree(toks, i, prefix, out):
    """Parses a use tree at toks[i] (after `use` or inside a group) and appends each full
    path (a list of segments) to out; returns the index after the tree."""
    path = list(prefix)
    while i < len(toks):
        kind, v, _ = toks[i]
        if v == '::':
            i += 1
        elif v == '{':
            i += 1
            while i < len(toks) and toks[i][1] != '}':
                i = parse_use_tree(toks, i, path, out)
                if i < len(toks) and toks[i][1] == ',':
                    i += 1
            return i + 1
        elif v == '*':
            out.append(path)
            return i + 1
        elif kind == 'id' and v != 'as':
            path.append(v)
            i += 1
        else:  # `as name`, `,`, `}`, `;`: the path is complete
            if v == 'as':
                i += 2
            if path and path[-1] == 'self':  # `use a::{self}` names `a`
                path = path[:-1]
            out.append(path)
            return i
    return i


class Crate:
    """One crate root and the module files it declares."""

    def __init__(self, name, root_file):
        self.name = name
        self.mods = {}  # module path (tuple) -> file (inline modules: their file)
        self.file_mod = {}  # file -> module path
        self.children = {}  # module path -> names of its child modules
        self.uses = {}  # file -> [(line, module path the path starts in, segments)]
        self._load((), root_file, True)

    def _load(self, modpath, path, owns_dir):
        """owns_dir: the file's child modules live next to it (lib.rs, main.rs, mod.rs)
        rather than in a directory named after it."""
        if path in self.file_mod or not os.path.exists(path):
            return
        self.mods[modpath] = path
        self.file_mod[path] = modpath
        self.children.setdefault(modpath, set())
        toks = lex(open(path, encoding='utf-8', errors='replace').read())
        base = os.path.dirname(path)
        if not owns_dir:
            base = os.path.join(base, os.path.splitext(os.path.basename(path))[0])
        uses = self.uses.setdefault(path, [])
        stack = []  # inline modules: (name, brace depth inside them)
        depth, pending_path, i = 0, None, 0
        while i < len(toks):
            kind, v, line = toks[i]
            cur = modpath + tuple(s for s, _ in stack)
            prev = toks[i - 1][1] if i else ''
            if v == '#' and i + 5 < len(toks) and toks[i + 2][1] == 'path' and toks[i + 4][0] == 'str':
                pending_path = toks[i + 4][1]
                i += 6
                continue
            if v == '{':
                depth += 1
            elif v == '}':
                depth -= 1
                if stack and stack[-1][1] == depth + 1:
                    stack.pop()
            if kind == 'id' and v == 'mod' and i + 2 < len(toks) and toks[i + 1][0] == 'id':
                name, after = toks[i + 1][1], toks[i + 2][1]
                self.children.setdefault(cur, set()).add(name)
                if after == ';':
                    d = os.path.join(base, *[s for s, _ in stack])
                    if pending_path:
                        cands = [(os.path.join(d, pending_path), False)]
                    else:
                        cands = [(os.path.join(d, name + '.rs'), False),
                                 (os.path.join(d, name, 'mod.rs'), True)]
                    for f, own in cands:
                        if os.path.exists(f):
                            self._load(cur + (name,), os.path.normpath(f),
                                       own or os.path.basename(f) == 'mod.rs')
                            break
                    i += 3
                elif after == '{':
                    depth += 1
                    stack.append((name, depth))
                    self.mods[cur + (name,)] = path
                    self.children.setdefault(cur + (name,), set())
                    i += 3
                else:
                    i += 1
                pending_path = None
                continue
            if v in (';', '}'):
                pending_path = None
            if kind == 'id' and v == 'use' and prev != '::':
                paths = []
                j = parse_use_tree(toks, i + 1, [], paths)
                for p in paths:
                    if p and p[0] == '::':
                        continue
                    uses.append((line, cur, p))
                i = j
                continue
            if v == 'in' and toks[i - 2][1] == 'pub':  # pub(in crate::a): visibility, not an import
                i += 1
                while i < len(toks) and toks[i][1] != ')':
                    i += 1
                continue
            if kind == 'id' and prev != '::' and i + 2 < len(toks) and toks[i + 1][1] == '::' \
                    and toks[i + 2][0] == 'id' and prev != '$':
                seg, j = [v], i + 1
                while j + 1 < len(toks) and toks[j][1] == '::' and toks[j + 1][0] == 'id':
                    seg.append(toks[j + 1][1])
                    j += 2
                uses.append((line, cur, seg))
                i = j
                continue
            i += 1

    def resolve(self, cur, seg, relative):
        """The module path a path names from module cur, or None (another crate, std, or
        a name in scope that is not a module)."""
        if seg[0] == 'crate':
            target, rest = [], seg[1:]
        elif seg[0] in ('self', 'super'):
            target, rest = list(cur), list(seg)
            while rest and rest[0] in ('self', 'super'):
                if rest[0] == 'super':
                    target = target[:-1]
                rest = rest[1:]
        elif relative and seg[0] in self.children.get(cur, ()):
            target, rest = list(cur), list(seg)
        else:
            return None
        full = target + rest
        for k in range(len(full), -1, -1):
            if tuple(full[:k]) in self.mods:
                return tuple(full[:k])
        return None

    def graph(self, relative, allow_parent):
        """file -> {imported file: (line, path as written)}"""
        g = {}
        for f, uses in self.uses.items():
            me = self.file_mod[f]
            out = g.setdefault(f, {})
            for line, cur, seg in uses:
                t = self.resolve(cur, seg, relative)
                if t is None:
                    continue
                tf = self.mods[t]
                if tf == f:
                    continue
                if allow_parent and me[:len(self.file_mod[tf])] == self.file_mod[tf]:
                    continue
                out.setdefault(tf, (line, '::'.join(seg)))
        return g


def tarjan(graph):
    """Strongly connected components with more than one node (iterative Tarjan)."""
    index, low, on, stack, res, counter = {}, {}, set(), [], [], 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    res.append(sorted(comp))
    return res


def crate_roots(root):
    """(crate label, root file) of each crate under root that has a Cargo.toml."""
    out = []
    for d in sorted(os.listdir(root)):
        src = os.path.join(root, d, 'src')
        if d.startswith('.') or d == 'target' or not os.path.isfile(os.path.join(root, d, 'Cargo.toml')):
            continue
        for f in ('lib.rs', 'main.rs'):
            if os.path.isfile(os.path.join(src, f)):
                out.append((d if f == 'lib.rs' else d + ' (main)', os.path.join(src, f)))
        bins = os.path.join(src, 'bin')
        if os.path.isdir(bins):
            for b in sorted(os.listdir(bins)):
                p = os.path.join(bins, b)
                if b.endswith('.rs'):
                    out.append((f'{d} (bin {b[:-3]})', p))
                elif os.path.isfile(os.path.join(p, 'main.rs')):
                    out.append((f'{d} (bin {b})', os.path.join(p, 'main.rs')))
    return out


# A crate with one cycle (a.rs -> b/x.rs -> b/mod.rs -> a.rs, through a leaf's `super::`
# and a parent's `self::`), and paths that would close false ones if misread: a string
# and comments in a.rs naming c.rs (which imports a.rs), and c.rs's inline test module's
# `use super::*` (c.rs itself, not lib.rs, which imports c.rs).
SELF_TEST = {
    'Cargo.toml': '[package]\nname = "t"\n',
    'src/lib.rs': 'mod a;\nmod b;\nmod c;\npub use crate::c::C;\n',
    'src/a.rs': ('use crate::b::x::X;\npub struct A;\n'
                 'fn s() -> &\'static str { "crate::c::C" } // crate::c::C\n/* use crate::c; */\n'),
    'src/b/mod.rs': 'pub mod x;\npub use self::x::X;\npub fn f() -> crate::a::A { crate::a::A }\n',
    'src/b/x.rs': 'use super::f;\npub struct X;\n',
    'src/c.rs': 'use crate::a::A;\npub struct C;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n',
}
SELF_TEST_WANT = ['cycle in t (3 files): t/src/a.rs, t/src/b/mod.rs, t/src/b/x.rs']


def self_test():
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for name, text in SELF_TEST.items():
            path = os.path.join(d, 't', name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w') as f:
                f.write(text)
        r = subprocess.run([sys.executable, __file__, d, '-q'], capture_output=True, text=True)
        got = [line for line in r.stdout.splitlines() if line.startswith('cycle in')]
        if got != SELF_TEST_WANT or r.returncode != 1:
            print('check_cycles.py --self-test failed: found', got, 'exit', r.returncode, r.stderr)
            return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('root', nargs='?', default=os.path.join(os.path.dirname(__file__), '..'))
    ap.add_argument('--allow-parent', action='store_true')
    ap.add_argument('--relative', action='store_true')
    ap.add_argument('-q', '--quiet', action='store_true', help='no edges, only the cycles')
    ap.add_argument('--self-test', action='store_true')
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    root = os.path.normpath(a.root)
    total = infiles = 0
    for label, rootfile in crate_roots(root):
        crate = Crate(label, os.path.normpath(rootfile))
        g = crate.graph(a.relative, a.allow_parent)
        for comp in tarjan(g):
            total += 1
            infiles += len(comp)
            names = [os.path.relpath(f, root) for f in comp]
            print(f"cycle in {label} ({len(comp)} files): " + ", ".join(names))
            if a.quiet:
                continue
            inside = set(comp)
            for f in comp:
                for t, (line, path) in sorted(g[f].items()):
                    if t in inside:
                        print(f"    {os.path.relpath(f, root)}:{line} -> "
                              f"{os.path.relpath(t, root)}  ({path})")
    print(f"cycles: {total} (files in cycles: {infiles})")
    return 1 if total else 0


if __name__ == '__main__':
    sys.exit(main())
