"""`run.py --via-translator`: the port's cases run a second time, from Triton-syntax sources.

Each `.tile` here has a Python twin under `py/` (`core/atomics.tile` -> `py/core/atomics.py`;
`core/gen/*.py` are written by gen.py beside the `.tile`s): the same kernels, same names
and parameters, written as Triton's tests write them (`@triton.jit`, `tl.*`). A case's
kernel is translated by tilec.triton (python/tilec/triton) with the `.tile` kernel's
parameter types as its signature and the case's constants (its `-D`s, else the `.tile`
defaults) as constexpr values, and the case runs against the translation. A refusal
must be refused at the Python file's line marked `# <- refused here` (the translation
keeps Python line numbers), by the translator or by tilec.

NO_TRANSLATION lists the cases that have no Python source, each with its reason; they run
their `.tile` as in the plain mode. Any other case without a Python source is a failure.
"""
import importlib.util
import os
import re
import sys
import threading
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PY = os.path.join(HERE, "py")

# case name (or a prefix ending in `*`) -> why it has no Triton-syntax source.
NO_TRANSLATION = {}


def not_translated(name):
    for k, why in NO_TRANSLATION.items():
        if name == k or (k.endswith("*") and name.startswith(k[:-1])):
            return why
    return None


_TRANSLATOR = None
_LOCK = threading.Lock()


def load_translator():
    """python/tilec/triton from this checkout, as a package of its own: the translator is
    pure Python (only launching needs the compiled extension)."""
    global _TRANSLATOR
    with _LOCK:
        if _TRANSLATOR is None:
            pkg = os.path.join(ROOT, "python", "tilec", "triton")
            name = "_port_tilec_triton"
            spec = importlib.util.spec_from_file_location(name, os.path.join(pkg, "__init__.py"),
                                                          submodule_search_locations=[pkg])
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
            _TRANSLATOR = mod
        return _TRANSLATOR


def py_source(tile):
    """The Python twin of a .tile here (it may not exist)."""
    rel = os.path.relpath(tile, HERE)
    return os.path.join(PY, os.path.splitext(rel)[0] + ".py")


def _split_top(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


_KERNELS = {}


def kernel_params(tile):
    """kernel name -> [(name, type, is_const, default text or None)] of a .tile's kernels."""
    with _LOCK:
        if tile in _KERNELS:
            return _KERNELS[tile]
    text = re.sub(r"//[^\n]*", "", open(tile).read())
    out = {}
    for m in re.finditer(r"\bkernel\s+(\w+)\s*\(", text):
        i, depth = m.end(), 1
        while depth:
            depth += text[i] in "(["
            depth -= text[i] in ")]"
            i += 1
        params = []
        for p in _split_top(text[m.end():i - 1]):
            c = re.fullmatch(r"(const\s+)?(\w+)\s*:\s*([^=]+?)\s*(?:=\s*(.+))?", p, re.S)
            if not c:
                raise ValueError(f"{tile}: cannot read the parameter `{p}` of {m.group(1)}")
            params.append((c.group(2), c.group(3).strip(), bool(c.group(1)), c.group(4)))
        out[m.group(1)] = params
    with _LOCK:
        _KERNELS[tile] = out
    return out


def _const_value(t, v):
    """A constexpr's Python value for the translator (a -D's text or a .tile default)."""
    s = str(v).strip()
    if t == "bool":
        return s in ("1", "true", "True")
    if t.startswith("f"):
        return float(s)
    if s in ("true", "false"):
        return s == "true"
    return int(s, 0)


class Translated:
    """The translation of one case's kernel: `tile` (a path) or `error` (a TranslateError)."""

    def __init__(self, tile=None, error=None, py=None):
        self.tile, self.error, self.py = tile, error, py


def translate_entry(e, work):
    """Translates the Python twin of entry `e`'s kernel for its case (None: no twin)."""
    py = py_source(e.tile)
    if not os.path.exists(py):
        return None
    tt = load_translator()
    kernels = kernel_params(e.tile)
    kernel = e.kernel or next(iter(kernels))
    params = kernels[kernel]
    defines = dict(e.case.defines) if e.case is not None and e.case.defines else {}
    sig = {n: t for n, t, const, _ in params if not const}
    consts = {}
    for n, t, const, default in params:
        if const:
            v = defines.get(n, default)
            if v is not None:
                consts[n] = _const_value(t, v)
    src = open(py).read()
    try:
        text = tt.translate(src, kernel, sig, consts, path=py)
    except tt.TranslateError as ex:
        return Translated(error=ex, py=py)
    d = os.path.join(work, "translated")
    os.makedirs(d, exist_ok=True)
    stem = re.sub(r"[^\w.-]", "_", e.name)[:80]
    out = os.path.join(d, f"{stem}-{zlib.crc32(e.name.encode()) % 10 ** 8:08d}.tile")
    with open(out, "w") as f:
        f.write(text)
    return Translated(tile=out, py=py)
