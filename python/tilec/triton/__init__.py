"""Triton's Python kernels on tilec, unchanged but for the import (issue 32):

    import tilec.triton as triton
    import tilec.triton.language as tl

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        ...

    add_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, out, n, BLOCK=1024)

A launch translates the kernel (and the `@triton.jit` helpers it calls) to the tile
language for the argument types it gets, once per signature and constexpr values
(`tilec.triton.translate`), compiles it with `tilec.compile` and launches it. The
translated text is ``kernel.source(*args, **consts)``; `python -m tilec.triton` translates
on the command line. See docs/porting-from-triton.md.
"""

import inspect
from typing import Dict, Optional

from ._text import _const_text
from ._translate import TranslateError, parse_signature, translate
from . import language, testing
from .tools.tensor_descriptor import TensorDescriptor

__all__ = ["jit", "autotune", "heuristics", "Config", "cdiv", "translate", "TranslateError", "JITFunction",
           "language", "testing", "arg_type"]


def cdiv(a: int, b: int) -> int:
    """Ceiling division, as ``triton.cdiv``."""
    return -(-a // b)


_TORCH_DTYPES = {
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8",
    "uint16": "u16", "uint32": "u32", "uint64": "u64", "bool": "i1",
    "float8_e4m3fn": "f8e4m3", "float8_e5m2": "f8e5m2",
}


def arg_type(value) -> str:
    """The tile-language type of a launch argument, as Triton types it: a tensor is a
    pointer to its dtype; a Python int is i32 when it fits, else i64 (u64 past i64's
    range); a float is f32; a bool i1."""
    if isinstance(value, bool):
        return "i1"
    if isinstance(value, int):
        if -(2**31) <= value < 2**31:
            return "i32"
        if -(2**63) <= value < 2**63:
            return "i64"
        if 0 <= value < 2**64:
            return "u64"
        raise ValueError(f"the integer {value} does not fit 64 bits")
    if isinstance(value, float):
        return "f32"
    if isinstance(value, TensorDescriptor):
        elem = arg_type(value.base)[1:]
        pad = ",nan" if value.padding == "nan" else ""
        return f"tensordesc<{elem}[{','.join(str(int(b)) for b in value.block_shape)}]{pad}>"
    dt = getattr(value, "dtype", None)
    if dt is not None:
        name = str(dt).rsplit(".", 1)[-1]
        if name in _TORCH_DTYPES:
            return "*" + _TORCH_DTYPES[name]
        raise TypeError(f"a tensor of dtype {dt} has no tile-language element type")
    raise TypeError(f"an argument of type {type(value).__name__} (tensors, ints, floats and bools launch)")


class JITFunction:
    """A `@triton.jit` function: ``fn[grid](*args, **kwargs)`` launches it."""

    def __init__(self, fn):
        self.fn = fn
        self.__name__ = fn.__name__
        self.path = inspect.getsourcefile(fn) or "<kernel>"
        with open(self.path) as f:
            self.module_source = f.read()
        params = list(inspect.signature(fn).parameters.values())
        self.params = [p.name for p in params]
        self.constexprs = {p.name for p in params if _is_constexpr_annotation(p.annotation)}
        self.defaults = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}
        self.cache: Dict[tuple, object] = {}
        # Launch fast path (`prepare`): key -> (compiled kernel, where each runtime
        # argument comes from, the tuned constexprs' defaults).
        self.fast: Dict[tuple, tuple] = {}
        self.is_cx = [p in self.constexprs for p in self.params]
        # `@triton.autotune`: (configs, key); `@triton.heuristics`: name -> f(args).
        self.tuning: Optional[tuple] = None
        self.heuristics: Dict[str, object] = {}

    def tuned(self) -> Dict[str, object]:
        """Each tuned constexpr and its first configuration's value (the kernel's default)."""
        if not self.tuning:
            return {}
        out: Dict[str, object] = {}
        for c in self.tuning[0]:
            for k, v in c.kwargs.items():
                out.setdefault(k, v)
        return out

    def bind(self, args, kwargs):
        """(runtime arguments in order, their types, constexpr values, options)."""
        # A launch option also binds a parameter of its name (tutorial 02's `num_stages`), as in Triton.
        opts = {k: kwargs[k] if k in self.params else kwargs.pop(k) for k in _LAUNCH_OPTIONS if k in kwargs}
        bound = dict(self.defaults)
        if len(args) > len(self.params):
            raise TypeError(f"{self.__name__} takes {len(self.params)} arguments, {len(args)} given")
        bound.update(zip(self.params, args))
        tuned = self.tuned()
        for k, v in kwargs.items():
            if k not in self.params:
                raise TypeError(f"{self.__name__} has no parameter `{k}`")
            if self.params.index(k) < len(args) and k not in opts:
                raise TypeError(f"{self.__name__} got multiple values for `{k}`")
            if k in tuned:
                raise ValueError(f"`{k}` is tuned by @triton.autotune: it takes no value at launch")
            bound[k] = v
        for k, v in tuned.items():
            bound.setdefault(k, v)
        if self.heuristics and self.tuning:
            # A heuristic reads constexprs the tuner has not chosen yet (Triton runs it per
            # configuration); one value for all would be wrong for the others.
            raise NotImplementedError(f"{self.__name__}: @triton.heuristics on an autotuned kernel is not "
                                      "supported yet (compute the value in the kernel from its constexprs)")
        for k, f in self.heuristics.items():
            bound[k] = f(dict(bound))
        missing = [p for p in self.params if p not in bound]
        if missing:
            raise TypeError(f"{self.__name__}: no value for {', '.join(missing)}")
        consts = {p: _const_value(bound[p]) for p in self.params if p in self.constexprs}
        runtime = [p for p in self.params if p not in self.constexprs]
        sig = {p: arg_type(bound[p]) for p in runtime}
        values = []
        for p in runtime:
            values += _desc_values(p, bound[p]) if sig[p].startswith("tensordesc<") else [bound[p]]
        return values, sig, consts, opts, bound

    def source(self, *args, **kwargs) -> str:
        """The tile-language text a launch with these arguments compiles."""
        _, sig, consts, opts, _ = self.bind(args, dict(kwargs))
        return self._text(sig, consts, opts)

    def _text(self, sig, consts, opts) -> str:
        text = translate(self.module_source, self.__name__, sig, consts, path=self.path)
        attrs = "".join(f"#[{k}({v})] " for k, v in sorted(opts.items()))
        if self.tuning:
            configs, key = self.tuning
            items = []
            for c in configs:
                kv = [f"{k} = {_const_text(v)}" for k, v in c.kwargs.items()]
                kv += [f"num_warps = {c.num_warps}", f"num_stages = {c.num_stages}"]
                kv += [f"maxnreg = {c.maxnreg}"] if c.maxnreg is not None else []
                items.append("{" + ", ".join(kv) + "}")
            attrs = f"#[autotune(key = [{', '.join(key)}], configs = [{', '.join(items)}])] " + attrs
        return text.replace(f"\nkernel {self.__name__}(", f"\n{attrs}kernel {self.__name__}(", 1) if attrs else text

    def compiled(self, sig, consts, opts):
        import tilec

        key = (tuple(sig.items()), tuple(sorted(consts.items())), tuple(sorted(opts.items())))
        k = self.cache.get(key)
        if k is None:
            try:
                k = tilec.compile(self._text(sig, consts, opts))
            except tilec.CompileError as e:
                raise self._at_python_line(e) from None
            self.cache[key] = k
        return k

    def _at_python_line(self, e):
        """A compile error of the translated text, reported at the Python file's line (the
        translation keeps line numbers)."""
        import tilec

        lines = self.module_source.splitlines()
        diags = [tilec.Diagnostic(d.severity, self.path if d.line else d.file, d.line, d.column, d.message, d.notes)
                 for d in e.diagnostics]
        first = diags[0]
        if not first.line or first.line > len(lines):
            return e
        src = lines[first.line - 1]
        col = len(src) - len(src.lstrip()) + 1
        rendered = f"{self.path}:{first.line}:{col}: error: {first.message}\n{src}\n{' ' * (col - 1)}^\n"
        return tilec.CompileError(rendered, diags, e.internal)

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            kernel, g, values = self.prepare(grid, args, kwargs)
            return kernel[g](*values)

        return launch

    def prepare(self, grid, args, kwargs):
        """(the compiled kernel, its grid, its arguments) for `self[grid](*args, **kwargs)`.
        A launch whose argument kinds and constexpr values were seen before takes them
        from `self.fast` (no binding, typing or translation: a few µs of Python, as
        Triton's generated binder); the first one binds, translates and compiles."""
        try:
            key = self._key(args, kwargs)
            hit = self.fast.get(key) if key is not None else None
        except TypeError:  # an unhashable argument: the slow path says what is wrong
            key = hit = None
        if hit is not None:
            kernel, pick, tuned, direct = hit
            bound = None  # made only for a grid function that needs it
            if type(pick) is tuple:  # every runtime argument positional, no descriptor
                values = [args[i] for i in pick]
            else:
                values = []
                for src, x, desc in pick:
                    v = args[x] if src == 0 else kwargs[x] if src == 1 else x
                    if desc:
                        values += _desc_values(desc, v)
                    else:
                        values.append(v)
        else:
            values, sig, consts, opts, bound = self.bind(args, dict(kwargs))
            kernel = self.compiled(sig, consts, opts)
            # The compiled kernel calls a grid function with its arguments and the consts it
            # runs (a tuned kernel's chosen configuration's) by name. Those are the Triton
            # kernel's own names unless a descriptor's parts or a string constexpr (not a
            # const of the translation) are among them: then the grid function is given
            # the launch's arguments by name around the kernel's meta.
            direct = not any(t.startswith("tensordesc<") for t in sig.values()) and \
                not any(isinstance(v, str) for v in consts.values())
            if key is not None:
                pick = []
                for p in (p for p in self.params if p not in self.constexprs):
                    src, x = (0, self.params.index(p)) if self.params.index(p) < len(args) else \
                        (1, p) if p in kwargs else (2, self.defaults[p])
                    pick.append((src, x, p if sig[p].startswith("tensordesc<") else None))
                if all(src == 0 and not desc for src, _, desc in pick):
                    pick = tuple(x for _, x, _ in pick)
                self.fast[key] = (kernel, pick, self.tuned(), direct)
        if not callable(grid):
            return kernel, _grid_tuple(grid), values
        if direct:
            return kernel, grid, values
        if bound is None:
            bound = {**self.defaults, **dict(zip(self.params, args)), **kwargs, **tuned}
        return kernel, _named_grid(grid, bound), values

    def _key(self, args, kwargs):
        """What decides a launch's signature, constexprs and options: each runtime
        argument's kind, each constexpr's value; None where a heuristic computes
        constexprs from argument values (those launches always bind)."""
        if self.heuristics:
            return None
        ks = [a if cx else _KINDS[type(a)](a) if type(a) in _KINDS else _kind(a) for cx, a in zip(self.is_cx, args)]
        ks.append(len(args))
        for k, v in kwargs.items():
            ks.append((k, v if k in self.constexprs or k in _LAUNCH_OPTIONS else _kind(v)))
        return tuple(ks)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"`{self.__name__}` is a kernel: launch it as {self.__name__}[grid](...)")


# Triton's launch options the translated kernel takes as its attributes (`#[maxnreg(128)]`).
_LAUNCH_OPTIONS = ("num_warps", "num_stages", "maxnreg")


def _kind(v):
    """A runtime argument's kind for the launch cache: its type as `arg_type` gives it, a
    tensor's dtype standing for its pointer type (the same, and read on every launch)."""
    if type(v) in _KINDS or isinstance(v, TensorDescriptor):
        return arg_type(v)
    dt = getattr(v, "dtype", None)
    if dt is None:
        raise TypeError("not a launch argument")  # the slow path says why
    return dt


# Scalars are typed by `arg_type` itself (one home for the int ranges), without a call
# chain: the launch cache's key is built on every launch.
_KINDS = {int: arg_type, float: arg_type, bool: arg_type}


def _desc_values(p: str, d: "TensorDescriptor") -> list:
    """A host tensor descriptor's kernel arguments: its base, shape and strides but the last."""
    parts = [int(x) for x in list(d.shape) + list(d.strides)[:-1]]
    if any(not -(2**31) <= x < 2**31 for x in parts):
        raise ValueError(f"`{p}`: tensor descriptor shape {list(d.shape)} / strides {list(d.strides)} past i32")
    return [d.base] + parts


def _named_grid(grid, bound):
    """`grid` called with the launch's arguments by name, then the kernel's meta."""
    return lambda meta: _grid_tuple(grid({**bound, **meta}))


def _grid_tuple(g):
    return tuple(g) if isinstance(g, (tuple, list)) else (g,)


class Config:
    """``triton.Config``: constexpr values and launch options of one configuration."""

    def __init__(self, kwargs, num_warps: int = 4, num_stages: int = 3, maxnreg: Optional[int] = None, **_ignored):
        self.kwargs, self.num_warps, self.num_stages = dict(kwargs), num_warps, num_stages
        self.maxnreg = maxnreg

    def __repr__(self):
        cap = f", maxnreg={self.maxnreg}" if self.maxnreg is not None else ""
        return f"Config({self.kwargs}, num_warps={self.num_warps}, num_stages={self.num_stages}{cap})"


def autotune(configs, key, **_ignored):
    """``@triton.autotune(configs=[triton.Config(...)], key=[...])`` above ``@triton.jit``: the
    kernel's `#[autotune]` (tuned at its first launch for each value of `key`, docs/python.md)."""

    def deco(fn):
        jf = fn if isinstance(fn, JITFunction) else JITFunction(fn)
        jf.tuning = (list(configs), list(key))
        return jf

    return deco


def heuristics(values):
    """``@triton.heuristics({"NAME": lambda args: ...})``: constexprs computed at launch from the
    arguments by name."""

    def deco(fn):
        jf = fn if isinstance(fn, JITFunction) else JITFunction(fn)
        jf.heuristics.update(values)
        return jf

    return deco


def jit(fn=None, **_options):
    """``@triton.jit``: a kernel (or a helper, which kernels that call it translate with it)."""
    if fn is None:
        return lambda f: JITFunction(f)
    return JITFunction(fn)


def _is_constexpr_annotation(a) -> bool:
    if a is inspect.Parameter.empty:
        return False
    if a is language.constexpr or isinstance(a, language.constexpr):
        return True
    return isinstance(a, str) and a.split(".")[-1] == "constexpr" or getattr(a, "__name__", "") == "constexpr"


def _const_value(v):
    if isinstance(v, language.constexpr):
        v = v.value
    if isinstance(v, language.dtype):
        raise TypeError("a dtype as a constexpr argument is not supported yet")
    if not isinstance(v, (bool, int, float, str)):
        raise TypeError(f"a constexpr must be an int, float, bool or str, not {type(v).__name__}")
    return v
