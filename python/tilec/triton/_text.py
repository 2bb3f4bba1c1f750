"""Text helpers of the translator (`_translate.py`): its tables of names, literals and kinds."""

import ast
import re
from typing import Dict, List, Optional

DTYPES = {
    "int1": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
    "float8e4nv": "f8e4m3", "float8e5": "f8e5m2",
}
# `tl.pi32_t`: a pointer type (`tl.pointer_type(tl.int32)` is spelled out in `call`).
PTR_TYPES = {"pi32_t": "*i32"}
# Tensor methods (`x.reshape(4, 8)`), written as methods: the tile language has them too.
METHODS = {"reshape", "view", "permute", "trans", "expand_dims", "broadcast_to", "ravel", "split", "sum", "max",
           "min", "argmax", "argmin", "cumsum", "cumprod", "sort", "flip", "abs", "exp", "log", "sqrt", "xor_sum",
           "reduce", "associative_scan", "histogram", "cast"}
# Prefixes a builtin may be reached through.
MODULES = {"tl", "triton.language", "language", "libdevice", "tl.math", "tl.extra.cuda.libdevice",
           "triton.language.math", "math", "tl.random", "triton.language.random"}
# Builtins whose result is a float whatever their arguments.
FLOAT_FNS = {"exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "sin", "cos", "tanh", "sigmoid",
             "erf", "fdiv", "div_rn", "rand", "randn", "floor", "ceil", "log1p", "expm1", "pow"}
INT_FNS = {"program_id", "num_programs", "arange", "cdiv", "randint", "umulhi", "argmax", "argmin",
           "histogram"}
BIN_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Mod: "%", ast.BitAnd: "&", ast.BitOr: "|",
           ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>"}
CMP_OPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
# Words of the tile language a Python name cannot be.
RESERVED = {"let", "fn", "kernel", "const", "in", "true", "false", "inf", "nan", "break", "continue",
            "return", "if", "else", "for", "while", "static_range"}


def elem_kind(t: str) -> str:
    """The kind the translator follows of a tile-language type: int, float, bool or ptr."""
    if t.startswith("*"):
        return "ptr"
    if t in ("i1", "bool"):
        return "bool"
    return "float" if t.startswith(("f", "bf")) else "int"


def _dotted(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _float_text(v: float) -> str:
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    s = repr(v)
    return s if any(c in s for c in ".eE") else s + ".0"


def _to_f32(text: str) -> str:
    """An integer as f32: a literal becomes a float literal (`4.to(f32)` would read as `4.`)."""
    if re.fullmatch(r"-?\d+", text):
        return text + ".0"
    return f"{text}.to(f32)"


def _bare(text: str) -> str:
    """`text` without the parentheses around all of it (a tuple keeps them)."""
    if not (text.startswith("(") and text.endswith(")")) or text == "()":
        return text  # `()` is the empty shape
    depth = 0
    for i, c in enumerate(text):
        depth += c in "(["
        depth -= c in ")]"
        if (depth == 0 and i < len(text) - 1) or (c == "," and depth == 1):
            return text
    return text[1:-1]


def _kind_of_value(v) -> Optional[str]:
    if isinstance(v, str):
        return "str"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    return None


def _join(*kinds) -> Optional[str]:
    ks = [k for k in kinds if k is not None]
    if "ptr" in ks:
        return "ptr"
    if "float" in ks:
        return "float"
    if ks and all(k == "bool" for k in ks):
        return "bool"
    if "int" in ks and all(k in ("int", "bool") for k in ks):
        return "int"
    return None


def _const_type(v) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "i32" if -(2**31) <= v < 2**31 else "i64"
    if isinstance(v, float):
        return "f32"
    raise TypeError(f"a constexpr of type {type(v).__name__}")


def _str_text(v: str) -> str:
    """A string literal."""
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _const_text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return _float_text(v)
    return str(v)


def _value_text(v) -> str:
    """A constexpr's value written in: a literal, or a string's quoted text."""
    return _str_text(v) if isinstance(v, str) else _const_text(v)


def parse_signature(text: str, params: List[str]) -> Dict[str, str]:
    """`'*f32,*f32,i32'` (one type per non-constexpr parameter, in order) as a dict."""
    # Commas inside `tensordesc<f16[64,64]>` do not split.
    types = [t.strip() for t in re.split(r",(?![^<\[]*[>\]])", text) if t.strip()]
    if len(types) != len(params):
        raise ValueError(f"the signature has {len(types)} types for {len(params)} parameters ({', '.join(params)})")
    for t in types:
        if not re.fullmatch(r"\*?" + _SCALAR, t) and parse_desc_type(t) is None:
            raise ValueError(f"`{t}` is not a tile-language type (`*f32`, `i32`, `f16`, `tensordesc<f16[64,64]>`, ...)")
    return dict(zip(params, types))


_SCALAR = r"(i1|bool|[iu](8|16|32|64)|f16|bf16|f32|f64|f8e4m3|f8e5m2)"


def parse_desc_type(t: str):
    """`tensordesc<f16[64,64]>` (or `...,nan>`): a tensor descriptor launched from the host,
    as (element type, block shape, padding), else None."""
    m = re.fullmatch(r"tensordesc<\s*" + _SCALAR + r"\s*\[([\d,\s]+)\]\s*(?:,\s*(zero|nan)\s*)?>", t)
    if m is None:
        return None
    return m.group(1), [int(x) for x in m.group(3).split(",") if x.strip()], m.group(4) or "zero"


def desc_params(p: str, t: str):
    """A host tensor descriptor parameter `p` of type `t` as the kernel takes it: its base
    pointer, shape and strides but the last (which is 1) as parameters, and the `let` that
    makes the descriptor from them at the kernel's start."""
    elem, block, pad = parse_desc_type(t)
    r = len(block)
    shape = [f"{p}_shape{i}" for i in range(r)]
    strides = [f"{p}_stride{i}" for i in range(r - 1)]
    head = [f"{p}_base: *{elem}"] + [f"{x}: i32" for x in shape + strides]
    tup = lambda xs: f"({', '.join(xs)},)" if len(xs) == 1 else f"({', '.join(xs)})"  # noqa: E731
    let = (f"let {p} = make_tensor_descriptor({p}_base, {tup(shape)}, {tup(strides + ['1'])}, "
           f"{tup([str(b) for b in block])}, padding_option = \"{pad}\");")
    return head, let, elem


_UNKNOWN = object()


def _const_eval(n: ast.AST, consts: Dict[str, object]):
    """The value of a condition made of constexprs and literals, else `_UNKNOWN`."""
    if isinstance(n, ast.Constant) and isinstance(n.value, (bool, int, float, str)):
        return n.value
    if isinstance(n, ast.Name):
        return consts.get(n.id, _UNKNOWN)
    int_ops = {ast.Add: lambda x, y: x + y, ast.Sub: lambda x, y: x - y, ast.Mult: lambda x, y: x * y,
               ast.FloorDiv: lambda x, y: x // y, ast.Mod: lambda x, y: x % y, ast.BitAnd: lambda x, y: x & y,
               ast.BitOr: lambda x, y: x | y, ast.BitXor: lambda x, y: x ^ y}
    if isinstance(n, ast.BinOp) and type(n.op) in int_ops:
        a, b = _const_eval(n.left, consts), _const_eval(n.right, consts)
        if not (isinstance(a, int) and isinstance(b, int)) or (isinstance(n.op, (ast.FloorDiv, ast.Mod)) and b == 0):
            return _UNKNOWN
        return int_ops[type(n.op)](a, b)
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not):
        v = _const_eval(n.operand, consts)
        return _UNKNOWN if v is _UNKNOWN else (not v)
    if isinstance(n, ast.BoolOp):
        vals = [_const_eval(v, consts) for v in n.values]
        if any(v is _UNKNOWN for v in vals):
            return _UNKNOWN
        return all(vals) if isinstance(n.op, ast.And) else any(vals)
    if isinstance(n, ast.Compare) and len(n.ops) == 1:
        a, b = _const_eval(n.left, consts), _const_eval(n.comparators[0], consts)
        ops = {ast.Eq: lambda x, y: x == y, ast.NotEq: lambda x, y: x != y, ast.Lt: lambda x, y: x < y,
               ast.LtE: lambda x, y: x <= y, ast.Gt: lambda x, y: x > y, ast.GtE: lambda x, y: x >= y}
        f = ops.get(type(n.ops[0]))
        if a is _UNKNOWN or b is _UNKNOWN or f is None:
            return _UNKNOWN
        try:
            return f(a, b)
        except TypeError:
            return _UNKNOWN
    return _UNKNOWN
