"""Triton's Python kernel syntax to the tile language (issue 32's translator).

`translate(source, kernel, signature, constants)` reads the module source of a
`@triton.jit` function (Python's `ast`), and writes .tile text: the kernel with its
parameters typed by `signature` (Triton's ahead-of-time spelling: `*f32`, `i32`, ...),
its `tl.constexpr` parameters as `const` parameters, and every `@triton.jit` helper it
calls as a `fn`. The names are Triton's without `tl.` (docs/porting-from-triton.md has
the table); what differs is spelled here, once:

- the first assignment of a name is `let`, later ones rebind it;
- `a // b` on integers is `/` (both truncate), on floats `floor(a / b)`; `a / b` on
  integers (true division) converts to f32 first, so the translator follows which
  values are integers, floats, bools and pointers, and refuses a `/` it cannot tell;
- `and`/`or`/`not` are `&&`/`||`/`!`, `a if c else b` an if-expression, `x ** 2` a product,
  `tl.float16` `f16`, `float("inf")` `inf`.

A construct it does not take is a `TranslateError` at the Python file's line and column,
naming it.
"""

import ast
import re
from typing import Dict, List, Optional, Union

from ._statements import _Statements
from ._text import (_UNKNOWN, BIN_OPS, CMP_OPS, DTYPES, FLOAT_FNS, INT_FNS, METHODS, MODULES, PTR_TYPES, RESERVED,
                    _bare, _const_eval, _const_text, _const_type, _dotted, _float_text, _join, _kind_of_value,
                    _str_text, _to_f32, _value_text, desc_params, elem_kind, parse_desc_type, parse_signature)


class TranslateError(Exception):
    """A construct the translator does not take, at `file:line:col` of the Python source."""

    def __init__(self, path: str, node: Optional[ast.AST], message: str):
        self.path, self.message = path, message
        self.line = getattr(node, "lineno", None)
        self.col = getattr(node, "col_offset", -1) + 1 if node is not None else None
        at = f"{path}:{self.line}:{self.col}" if self.line else path
        super().__init__(f"{at}: error: {message}")


class _Fn(_Statements):
    """Translates one function's body: its expressions here, its statements in `_statements.py`."""

    def __init__(self, tr: "Translator", kinds: Dict[str, Optional[str]], consts: Dict[str, object]):
        self.tr, self.kinds, self.consts = tr, dict(kinds), consts
        self.declared = set(kinds) | set(consts)
        self.lines: List[tuple] = []
        self.line = 0
        self.inline_consts = False
        # Loop variables of the enclosing `for`s not shadowed yet.
        self.loop_vars: set = set()
        # A kernel's parameter types (the signature).
        self.sig_types: Dict[str, str] = {}
        self.ptr_elems: Dict[str, str] = {}
        # Names bound inside a block that has ended: the block's first line.
        self.ended: Dict[str, int] = {}
        # A combine function's name in the `reduce` / `associative_scan` being translated.
        self.combine: Dict[str, str] = {}
        self.tuple_kinds: List[Optional[str]] = []

    def err(self, node, msg):
        return TranslateError(self.tr.path, node, msg)

    # Expressions: (text, kind).
    def expr(self, n: ast.AST):
        if isinstance(n, ast.Constant):
            v = n.value
            if isinstance(v, bool):
                return ("true" if v else "false"), "bool"
            if isinstance(v, int):
                return str(v), "int"
            if isinstance(v, float):
                return _float_text(v), "float"
            if isinstance(v, str):
                return _str_text(v), "str"
            if v is None:
                return "None", None
            raise self.err(n, f"a constant of type `{type(v).__name__}`")
        if isinstance(n, ast.Name):
            if n.id in self.tr.helpers and n.id not in self.declared:
                # A helper passed as a value (a combine function; `call` may have chosen
                # the version for its operands' kinds).
                return self.combine.get(n.id) or self.tr.want(n.id, n.id, {}), None
            if n.id in self.consts and n.id not in self.kinds:
                # A kernel's constexprs are its `const` parameters; a specialised helper's
                # are written in, and a string (tutorial 03's ACTIVATION) is only compared.
                v = self.consts[n.id]
                text = _value_text(v) if self.inline_consts or isinstance(v, str) else n.id
                return text, _kind_of_value(v)
            if n.id not in self.declared and n.id in self.tr.globals:
                v = self.tr.globals[n.id]
                return _value_text(v), _kind_of_value(v)
            if n.id not in self.declared:
                if n.id in self.ended:
                    raise self.err(n, f"`{n.id}` is first assigned inside a block (line {self.ended[n.id]}) and read "
                                      "after it: assign it before the block (the tile language binds a name where "
                                      "it is first assigned)")
                raise self.err(n, f"`{n.id}` is not defined here (a global? pass it as a parameter)")
            return self.name(n.id), self.kinds.get(n.id)
        if isinstance(n, ast.Attribute) and n.attr == "T" and _dotted(n.value) not in MODULES:
            x, k = self.expr(n.value)
            return f"trans({_bare(x)})", k
        if isinstance(n, ast.Attribute) and n.attr == "element_ty" and isinstance(n.value, ast.Attribute) \
                and n.value.attr in ("type", "dtype") and isinstance(n.value.value, ast.Name) \
                and self.sig_types.get(n.value.value.id, "").startswith("*"):
            # `Out.type.element_ty`: what a pointer parameter points to, from the signature.
            return self.sig_types[n.value.value.id][1:], "dtype"
        if isinstance(n, ast.Attribute):
            d = _dotted(n)
            if d and d.rsplit(".", 1)[0] in MODULES | {"triton"} and d.rsplit(".", 1)[1] in DTYPES:
                return DTYPES[d.rsplit(".", 1)[1]], "dtype"
            if d and d.rsplit(".", 1)[0] in MODULES and d.rsplit(".", 1)[1] in PTR_TYPES:
                return PTR_TYPES[d.rsplit(".", 1)[1]], "dtype"
            if d and d.rsplit(".", 2)[0] in MODULES and d.split(".")[-2] == "PropagateNan":
                return _str_text(n.attr.lower()), "str"  # `tl.PropagateNan.ALL` is "all"
            raise self.err(n, f"the attribute `{d or n.attr}`")
        if isinstance(n, ast.BinOp):
            return self.binop(n)
        if isinstance(n, ast.UnaryOp):
            x, k = self.expr(n.operand)
            if isinstance(n.op, ast.Not):
                return f"!({self.cond(n.operand)})", "bool"
            if isinstance(n.op, ast.USub):
                return f"-({x})" if " " in x else f"-{x}", k
            if isinstance(n.op, ast.UAdd):
                return x, k
            return f"~({x})", k
        if isinstance(n, ast.BoolOp):
            op = " && " if isinstance(n.op, ast.And) else " || "
            return "(" + op.join(f"({self.cond(v)})" for v in n.values) + ")", "bool"
        if isinstance(n, ast.Compare):
            if len(n.ops) != 1:
                raise self.err(n, "a chained comparison (`a < b < c`): write `(a < b) & (b < c)`")
            a, ka = self.expr(n.left)
            b, kb = self.expr(n.comparators[0])
            op = CMP_OPS.get(type(n.ops[0]))
            if op is None:
                raise self.err(n, f"the comparison `{type(n.ops[0]).__name__}`")
            if ka == "str" or kb == "str":
                if ka != kb or op not in ("==", "!="):
                    raise self.err(n, "a string compared other than with `==` or `!=` to another string")
                return ("true" if (a == b) == (op == "==") else "false"), "bool"
            return f"({a} {op} {b})", "bool"
        if isinstance(n, ast.IfExp):
            known = _const_eval(n.test, self.consts)
            if known is not _UNKNOWN:
                # A constexpr condition is taken here, as Triton does (its branches may be
                # types: `tl.float8e5 if FP8 else tl.float16`).
                return self.expr(n.body if known else n.orelse)
            c = self.cond(n.test)
            a, ka = self.expr(n.body)
            b, kb = self.expr(n.orelse)
            return f"(if {c} {{ {a} }} else {{ {b} }})", _join(ka, kb)
        if isinstance(n, ast.Subscript):
            x, k = self.expr(n.value)
            idx = n.slice.elts if isinstance(n.slice, ast.Tuple) else [n.slice]
            parts = []
            for i in idx:
                if isinstance(i, ast.Slice) and i.lower is None and i.upper is None and i.step is None:
                    parts.append(":")
                elif isinstance(i, ast.Constant) and i.value is None:
                    parts.append("None")
                else:
                    raise self.err(i, "an index other than `:` or `None` (tiles take no element indexing)")
            return f"{x}[{', '.join(parts)}]", k
        if isinstance(n, (ast.Tuple, ast.List)):
            # A shape: `[BLOCK]` and `(M, N)` are both tuples here.
            items = [_bare(self.expr(e)[0]) for e in n.elts]
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")", "tuple"
        if isinstance(n, ast.Call):
            return self.call(n)
        raise self.err(n, f"the expression `{type(n).__name__}`")

    def cond(self, n: ast.AST) -> str:
        """A condition: an integer or float is true when nonzero, as in Python and Triton."""
        text, k = self.expr(n)
        return f"({_bare(text)}) != 0" if k in ("int", "float") else _bare(text)

    def name(self, ident: str) -> str:
        return ident + "_" if ident in RESERVED else ident

    def binop(self, n: ast.BinOp):
        a, ka = self.expr(n.left)
        b, kb = self.expr(n.right)
        k = _join(ka, kb)
        if isinstance(n.op, ast.Add) and "ptr" in (ka, kb):
            return f"({a} + {b})", "ptr"
        if isinstance(n.op, ast.Div):
            if ka == "float" or kb == "float":
                return f"({a} / {b})", "float"
            if ka in ("int", "bool") and kb in ("int", "bool"):
                return f"({_to_f32(a)} / {_to_f32(b)})", "float"
            raise self.err(n, "`/` where the translator cannot tell whether both sides are integers "
                              "(true division) or floats: convert one side with `.to(tl.float32)`")
        if isinstance(n.op, ast.FloorDiv):
            if ka in ("int", "bool") and kb in ("int", "bool"):
                return f"({a} / {b})", "int"
            if ka == "float" or kb == "float":
                return f"floor({a} / {b})", "float"
            raise self.err(n, "`//` where the translator cannot tell integers from floats")
        if isinstance(n.op, ast.Pow):
            if isinstance(n.right, ast.Constant) and n.right.value == 2:
                return f"({a} * {a})", ka
            return f"pow({a}, {b})", "float"
        op = BIN_OPS.get(type(n.op))
        if op is None:
            raise self.err(n, f"the operator `{type(n.op).__name__}`")
        return f"({a} {op} {b})", k

    def call(self, n: ast.Call):
        d = _dotted(n.func)
        # Methods: x.to(...)
        if isinstance(n.func, ast.Attribute) and n.func.attr == "to" and (d is None or d.split(".")[0] not in MODULES):
            x, _ = self.expr(n.func.value)
            args = self.args(n)
            t = args[0] if args else ""
            return f"{x}.to({', '.join(args)})", elem_kind(t) if t and not t.startswith('"') else None
        # A tensor descriptor's methods: desc.load(offsets), desc.store(offsets, value).
        if isinstance(n.func, ast.Attribute) and n.func.attr in ("load", "store") \
                and isinstance(n.func.value, ast.Name) and n.func.value.id in self.declared:
            desc = n.func.value.id
            k = self.ptr_elems.get(desc) if n.func.attr == "load" else None
            return f"{self.name(desc)}.{n.func.attr}({', '.join(self.args(n))})", k
        if isinstance(n.func, ast.Attribute) and n.func.attr in METHODS and (d is None or d.split(".")[0] in self.declared):
            # A tensor method: `tl.arange(0, 32).reshape(4, 8)`.
            x, k = self.expr(n.func.value)
            if n.func.attr in ("argmax", "argmin", "histogram"):
                k = "int"
            return f"{x}.{n.func.attr}({', '.join(self.args(n))})", k
        if d is None:
            raise self.err(n, "a call of a computed function")
        base, _, last = d.rpartition(".")
        if base and base not in MODULES and base != "triton":
            raise self.err(n, f"the call `{d}(...)`")
        if d == "float" and len(n.args) == 1 and isinstance(n.args[0], ast.Constant):
            v = float(n.args[0].value)
            return _float_text(v), "float"
        if d in ("int",):
            raise self.err(n, "`int(...)` in a kernel: use `.to(tl.int32)`")
        if not base and last in self.tr.helpers:
            name, args = self.tr.helper_call(last, n, self)
            return f"{name}({', '.join(args)})", None
        if not base and last in self.declared:
            # A helper passed in as an argument.
            return f"{self.name(last)}({', '.join(self.args(n))})", None
        if last == "pointer_type" and len(n.args) == 1 and not n.keywords:
            t, k = self.expr(n.args[0])
            if k != "dtype":
                raise self.err(n, "`tl.pointer_type` of something other than a dtype")
            return "*" + t, "dtype"
        if base == "triton" and last != "cdiv":
            raise self.err(n, f"`triton.{last}` inside a kernel")
        name = last
        if name in ("reduce", "associative_scan"):
            self.combine_kinds(n)
        args, kinds = self.args(n, with_kinds=True)
        self.combine = {}
        if name in FLOAT_FNS:
            k = "float"
        elif name in INT_FNS:
            k = "int"
        elif name == "load":
            k = self.tr.pointee_kind(n.args[0], self) if kinds and kinds[0] == "ptr" else None
        elif name in ("zeros", "full"):
            k = next((elem_kind(a) for a in args[1:] if a in DTYPES.values()), None)
            kw = {kw.arg: kw.value for kw in n.keywords}
            if "dtype" in kw:
                k = elem_kind(self.expr(kw["dtype"])[0])
        elif name == "make_tensor_descriptor":
            k = "ptr"  # its loads' kind: the base's pointee (pointee_kind)
        elif name == "where":
            k = _join(kinds[1] if len(kinds) > 1 else None, kinds[2] if len(kinds) > 2 else None)
        elif name == "dot":
            k = "float" if kinds and kinds[0] != "int" else "int"
        else:
            k = _join(*kinds) if kinds else None
        return f"{name}({', '.join(args)})", k

    def combine_kinds(self, n: ast.Call):
        """A `reduce` / `associative_scan`'s combine helper, translated knowing its parameters'
        kinds: the operands' (`(v, i)`: v's and i's), for the left side then the right."""
        kw = {k.arg: k.value for k in n.keywords}
        f = n.args[2] if len(n.args) > 2 else kw.get("combine_fn")
        x = n.args[0] if n.args else kw.get("input")
        if not isinstance(f, ast.Name) or f.id not in self.tr.helpers or f.id in self.declared or x is None:
            return
        elts = x.elts if isinstance(x, ast.Tuple) else [x]
        ks = [self.expr(e)[1] for e in elts]
        self.tuple_kinds = ks  # the results' kinds, for `a, b = reduce((x, y), ...)`
        params = [a.arg for a in self.tr.functions[f.id].args.args]
        self.combine[f.id] = self.tr.want(f.id, f.id, {}, {p: k for p, k in zip(params, ks * 2) if k})

    def args(self, n: ast.Call, with_kinds: bool = False):
        """A call's arguments as text, positional then `name = value`; with `with_kinds`,
        also the positional ones' kinds (each argument translated once)."""
        pos = [self.expr(a) for a in n.args]
        out = [_bare(text) for text, _ in pos]
        for kw in n.keywords:
            if kw.arg is None:
                raise self.err(n, "`**kwargs` in a call")
            out.append(f"{kw.arg} = {_bare(self.expr(kw.value)[0])}")
        return (out, [k for _, k in pos]) if with_kinds else out

    # Statements.
class Translator:
    def __init__(self, source: str, path: str = "<kernel>"):
        self.path = path
        self.module = ast.parse(source, path)
        self.functions = {f.name: f for f in self.module.body if isinstance(f, ast.FunctionDef)}
        self.helpers = {n for n, f in self.functions.items() if _is_jit(f)}
        # Module-level `NAME = tl.constexpr(VALUE)`: constants a kernel may read.
        self.globals: Dict[str, object] = {}
        for st in self.module.body:
            if (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)
                    and isinstance(st.value, ast.Call) and (_dotted(st.value.func) or "").endswith("constexpr")
                    and len(st.value.args) == 1 and isinstance(st.value.args[0], ast.Constant)):
                self.globals[st.targets[0].id] = st.value.args[0].value
        # Helpers to translate: (name written, Python name, constexpr values).
        self.wanted: List[tuple] = []

    def helper_call(self, name: str, call: ast.Call, fn: "_Fn"):
        """A call of helper `name`: specialised, as Triton does, on each constexpr parameter
        whose argument is known at translation (`STAGE=4 - STAGE`): (the name to call,
        the other arguments in parameter order)."""
        f = self.functions[name]
        params = f.args.args
        if len(call.args) > len(params):
            raise TranslateError(self.path, call, f"`{name}` takes {len(params)} arguments")
        bound = dict(zip((a.arg for a in params), call.args))
        for kw in call.keywords:
            if kw.arg is None or kw.arg not in {a.arg for a in params}:
                raise TranslateError(self.path, call, f"`{name}` has no parameter `{kw.arg}`")
            bound[kw.arg] = kw.value
        # Parameters left out take their defaults (constants, as Python evaluates them at `def`).
        for a, dflt in zip(params[len(params) - len(f.args.defaults):], f.args.defaults):
            bound.setdefault(a.arg, dflt)
        spec: Dict[str, object] = {}
        args = []
        kinds: Dict[str, str] = {}
        for a in params:
            if a.arg not in bound:
                raise TranslateError(self.path, call, f"no value for `{a.arg}` of `{name}`")
            v = _const_eval(bound[a.arg], fn.consts) if _is_constexpr(a) else _UNKNOWN
            if v is not _UNKNOWN:
                spec[a.arg] = v
            else:
                text, k = fn.expr(bound[a.arg])
                args.append(_bare(text))
                if k in ("int", "float", "bool", "ptr"):
                    kinds[a.arg] = k
        written = name if not spec else name + "__" + "_".join(
            re.sub(r"[^A-Za-z0-9]", "", f"{k}{_const_text(v) if not isinstance(v, str) else v}") for k, v in spec.items())
        return self.want(written, name, spec, kinds), args

    def want(self, written: str, name: str, spec: Dict[str, object], kinds: Optional[Dict[str, str]] = None) -> str:
        """Helper `name` is to be translated as `written`, its constexprs `spec` written in and
        its other parameters of the `kinds` its arguments have (so `a / b` of two floats is a
        true division): the name to call. Arguments of other kinds get another version
        (`written__1`); `kinds` None takes the first."""
        same = [w for w in self.wanted if w[4] == written]
        for w in same:
            if kinds is None or w[3] == kinds:
                return w[0]
        final = f"{written}__{len(same)}" if same else written
        self.wanted.append((final, name, spec, kinds or {}, written))
        return final

    def pointee_kind(self, ptr_expr: ast.AST, fn: _Fn) -> Optional[str]:
        """The element kind of what a pointer expression (`p + offs`, `base + i * s + j`)
        points to: its pointer name's, found without translating the offsets again."""
        if isinstance(ptr_expr, ast.Name):
            return fn.ptr_elems.get(ptr_expr.id)
        if isinstance(ptr_expr, ast.BinOp):
            return self.pointee_kind(ptr_expr.left, fn) or self.pointee_kind(ptr_expr.right, fn)
        if isinstance(ptr_expr, ast.Call) and (_dotted(ptr_expr.func) or "").endswith("make_tensor_descriptor"):
            base = ptr_expr.args[0] if ptr_expr.args else next((k.value for k in ptr_expr.keywords if k.arg == "base"), None)
            return self.pointee_kind(base, fn) if base is not None else None
        return None

    def function(self, f: ast.FunctionDef, signature: Optional[Dict[str, str]], consts: Dict[str, object],
                 written: Optional[str] = None, param_kinds: Optional[Dict[str, str]] = None) -> list:
        if f.args.vararg or f.args.kwarg or f.args.kwonlyargs:
            raise TranslateError(self.path, f, "`*args`, `**kwargs` or keyword-only parameters")
        params = [a.arg for a in f.args.args]
        kinds: Dict[str, Optional[str]] = {}
        ptr_elems: Dict[str, str] = {}
        head, lets = [], []
        if signature is None:
            # A helper: its specialised constexprs are written in, the rest are parameters.
            head = [p for p in params if p not in consts]
            for p in head:
                kinds[p] = (param_kinds or {}).get(p)
        else:
            for a in f.args.args:
                p = a.arg
                if _is_constexpr(a):
                    if p not in consts:
                        raise TranslateError(self.path, a, f"the constexpr `{p}` has no value (give it at launch or with -D)")
                    if not isinstance(consts[p], str):
                        head.append(f"const {p}: {_const_type(consts[p])} = {_const_text(consts[p])}")
                    continue
                if p not in signature:
                    raise TranslateError(self.path, a, f"the parameter `{p}` has no type in the signature")
                t = signature[p]
                if parse_desc_type(t) is not None:
                    # A descriptor from the host: its parts are parameters, made one at the start.
                    params_of, let, elem = desc_params(p, t)
                    head += params_of
                    lets.append(let)
                    kinds[p], ptr_elems[p] = "desc", elem_kind(elem)
                    continue
                kinds[p] = elem_kind(t)
                if t.startswith("*"):
                    ptr_elems[p] = elem_kind(t[1:])
                head.append(f"{p}: {t}")
        tr_consts = {k: v for k, v in consts.items() if k in params}
        fn = _Fn(self, kinds, tr_consts)
        fn.inline_consts = signature is None
        fn.sig_types = dict(signature or {})
        fn.ptr_elems = ptr_elems
        fn.block(f.body, 1)
        word = "kernel" if signature is not None else "fn"
        # The descriptors' `let`s on the header's line: every other line keeps its Python line.
        header = " ".join([f"{word} {written or f.name}({', '.join(head)}) {{"] + lets)
        return [(f.lineno, header)] + fn.lines + [(-1, "}")]

    def translate(self, kernel: str, signature: Dict[str, str], consts: Dict[str, object]) -> str:
        """The kernel and the helpers it calls, in the file's order, each line of output
        on the Python line it comes from where it can be."""
        funcs = {kernel: (self.functions[kernel].lineno, self.function(self.functions[kernel], signature, consts))}
        i = 0
        while i < len(self.wanted):
            written, name, spec, kinds, _ = self.wanted[i]
            i += 1
            if written not in funcs:
                funcs[written] = (self.functions[name].lineno,
                                  self.function(self.functions[name], None, spec, written, kinds))
        out = [f"// {kernel}: translated from {self.path} by tilec.triton (line numbers kept)"]
        for name in sorted(funcs, key=lambda n: funcs[n][0]):
            for line, text in funcs[name][1]:
                if line == -1:
                    out[-1] = out[-1] + " " + text.strip() if out[-1].strip() else text
                    continue
                while len(out) + 1 < line:
                    out.append("")
                out.append(text)
        return "\n".join(out) + "\n"


def _is_jit(f: ast.FunctionDef) -> bool:
    for d in f.decorator_list:
        name = _dotted(d.func if isinstance(d, ast.Call) else d) or ""
        if name.split(".")[-1] == "jit":
            return True
    return False


def _is_constexpr(a: ast.arg) -> bool:
    ann = _dotted(a.annotation) if a.annotation is not None else None
    return bool(ann) and ann.split(".")[-1] == "constexpr"


def translate(source: str, kernel: str, signature: Union[str, Dict[str, str], None],
              constants: Optional[Dict[str, object]] = None, path: str = "<kernel>") -> str:
    """The .tile text of `kernel` (a `@triton.jit` function of `source`) and its helpers."""
    tr = Translator(source, path)
    if kernel not in tr.functions:
        raise TranslateError(path, None, f"no function `{kernel}` in {path}")
    f = tr.functions[kernel]
    runtime = [a.arg for a in f.args.args if not _is_constexpr(a)]
    if signature is None:
        # No types: the kernel as a generic helper (a kernel's parameters need types).
        return tr.translate(kernel, None, dict(constants or {}))
    sig = parse_signature(signature, runtime) if isinstance(signature, str) else dict(signature)
    return tr.translate(kernel, sig, dict(constants or {}))
