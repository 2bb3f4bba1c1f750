"""Statements of the translator (`_translate.py`): a kernel's or helper's body, line by line.

`_Statements` is the half of `_translate._Fn` that walks statements: each Python line's
output stays on that line (`emit`), blocks close on the line before (`close`), and a name
is `let` where it is first assigned."""

import ast
from typing import List

from ._text import _UNKNOWN, BIN_OPS, MODULES, _bare, _const_eval, _dotted, _join


class _Statements:
    """Statements (`_Fn` adds expressions: `expr`, `cond`, `name`, `binop`, `err`)."""

    def block(self, body: List[ast.stmt], indent: int):
        for s in body:
            self.stmt(s, indent)

    def emit(self, indent: int, text: str, line: int = 0):
        """A line of output, at Python line `line` where it can be (so the compiler's
        errors name the Python line)."""
        self.lines.append((line or self.line, "    " * indent + text))

    def close(self, indent: int, text: str):
        """A closing brace: on the line before, when there is one of this function's."""
        self.lines.append((-1, text))

    def stmt(self, s: ast.stmt, ind: int):
        self.line = s.lineno
        if isinstance(s, ast.Expr):
            if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                return  # a docstring
            if isinstance(s.value, ast.IfExp):
                # `store(a) if c else store(b)`: a statement, as `if c: store(a) else: store(b)`.
                e = s.value
                branch = [ast.copy_location(ast.Expr(value=v), v) for v in (e.body, e.orelse)]
                return self.if_(ast.copy_location(ast.If(test=e.test, body=branch[:1], orelse=branch[1:]), s), ind)
            self.emit(ind, _bare(self.expr(s.value)[0]) + ";")
        elif isinstance(s, (ast.Assign, ast.AnnAssign)):
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            if len(targets) != 1 or s.value is None:
                raise self.err(s, "an assignment to several targets (`a = b = x`)")
            self.assign(targets[0], s.value, ind, s)
        elif isinstance(s, ast.AugAssign):
            if not isinstance(s.target, ast.Name) or s.target.id not in self.declared:
                raise self.err(s, "an augmented assignment to a name not assigned before")
            op = BIN_OPS.get(type(s.op))
            if isinstance(s.op, (ast.Div, ast.FloorDiv, ast.Pow)) or op is None:
                # Spelled out so `/` and `//` follow the same rules as in expressions.
                v = ast.BinOp(left=ast.Name(id=s.target.id, ctx=ast.Load()), op=s.op, right=s.value)
                ast.copy_location(v, s)
                text, k = self.binop(v)
                self.emit(ind, f"{self.name(s.target.id)} = {_bare(text)};")
                return
            text, k = self.expr(s.value)
            self.emit(ind, f"{self.name(s.target.id)} {op}= {_bare(text)};")
        elif isinstance(s, ast.If):
            self.if_(s, ind)
        elif isinstance(s, ast.For):
            self.for_(s, ind)
        elif isinstance(s, ast.While):
            if s.orelse:
                raise self.err(s, "`while ... else`")
            self.emit(ind, f"while {self.cond(s.test)} {{")
            self.scoped(s.body, ind + 1)
            self.close(ind, "}")
        elif isinstance(s, ast.Return):
            self.emit(ind, "return;" if s.value is None else f"return {_bare(self.expr(s.value)[0])};")
        elif isinstance(s, ast.Pass):
            pass
        elif isinstance(s, ast.Break):
            self.emit(ind, "break;")
        elif isinstance(s, ast.Continue):
            self.emit(ind, "continue;")
        elif isinstance(s, ast.Assert):
            # Triton makes a kernel's `assert` a device assertion.
            msg = self.expr(s.msg)[0] if s.msg is not None else '""'
            self.emit(ind, f"device_assert({_bare(self.expr(s.test)[0])}, {msg});")
        else:
            raise self.err(s, f"the statement `{type(s).__name__}`")

    def scoped(self, body, ind):
        """A nested block: names first bound in it are not visible after it."""
        before = set(self.declared)
        self.block(body, ind)
        self.end_block(before, body)

    def end_block(self, before, body):
        for nm in self.declared - before:
            self.ended.setdefault(nm, body[0].lineno if body else 0)
        self.declared = before

    def assign(self, target, value, ind, s):
        if isinstance(target, ast.Tuple):
            names = []
            for e in target.elts:
                if not isinstance(e, ast.Name):
                    raise self.err(e, "a tuple target that is not a name")
                names.append(e.id)
            self.tuple_kinds = []
            text, _ = self.expr(value)
            # What each name holds: a tuple's items', or a tuple reduction's operands'.
            d = _dotted(value.func) if isinstance(value, ast.Call) else None
            if isinstance(value, ast.Tuple):
                ks = [self.expr(e)[1] for e in value.elts]
            else:
                ks = self.tuple_kinds if d and d.rpartition(".")[2] in ("reduce", "associative_scan") else []
            if all(nm not in self.declared for nm in names):
                self.declared |= set(names)
                for i, nm in enumerate(names):
                    self.kinds[nm] = ks[i] if i < len(ks) else None
                self.emit(ind, f"let ({', '.join(self.name(x) for x in names)}) = {text};")
                return
            # Names bound before (a loop's carried values, `acc, l_i = inner(...)`): taken
            # apart into fresh names, then rebound one by one.
            tmps = [f"_t{s.lineno}_{i}" for i in range(len(names))]
            self.emit(ind, f"let ({', '.join(tmps)}) = {text};")
            for i, (nm, t) in enumerate(zip(names, tmps)):
                if nm in self.declared:
                    self.emit(ind, f"{self.name(nm)} = {t};")
                else:
                    self.declared.add(nm)
                    self.emit(ind, f"let {self.name(nm)} = {t};")
                self.kinds[nm] = ks[i] if i < len(ks) else self.kinds.get(nm)
            return
        if not isinstance(target, ast.Name):
            raise self.err(target, "an assignment to something other than a name")
        text, k = self.expr(value)
        text = _bare(text)
        nm = target.id
        if k == "ptr":
            # What a pointer tile points to, for the loads through it.
            pk = self.tr.pointee_kind(value, self)
            if pk is not None:
                self.ptr_elems[nm] = pk
        if nm in self.loop_vars:
            # Python rebinds a loop variable for the rest of the trip; here the loop owns it,
            # so a `let` in the body shadows it.
            self.loop_vars.discard(nm)
            self.emit(ind, f"let {self.name(nm)} = {text};")
        elif nm in self.declared:
            self.emit(ind, f"{self.name(nm)} = {text};")
        else:
            self.declared.add(nm)
            self.emit(ind, f"let {self.name(nm)} = {text};")
        self.kinds[nm] = k if k not in ("tuple", "dtype", "str") else self.kinds.get(nm)

    def if_(self, s: ast.If, ind: int):
        known = _const_eval(s.test, self.consts)
        if known is not _UNKNOWN:
            # A constexpr condition (`if STAGE == 1:`), as Triton takes it: only the branch
            # it picks is translated, in place, so the names it binds stay visible after.
            self.block(s.body if known else s.orelse, ind)
            return
        if self.if_value(s, ind):
            return
        self.emit(ind, f"if {self.cond(s.test)} {{", s.lineno)
        self.scoped(s.body, ind + 1)
        orelse = s.orelse
        while len(orelse) == 1 and isinstance(orelse[0], ast.If):
            e = orelse[0]
            self.close(ind, f"}} else if {self.cond(e.test)} {{")
            self.scoped(e.body, ind + 1)
            orelse = e.orelse
        if orelse:
            self.close(ind, "} else {")
            self.scoped(orelse, ind + 1)
        self.close(ind, "}")

    def if_value(self, s: ast.If, ind: int) -> bool:
        """`if c: x = a` / `else: x = b`, x new: `let x = if c { a } else { b };` (a name first
        bound in a block is not seen after it; an if-expression binds it before)."""
        bodies = [s.body, s.orelse]
        if not all(len(b) == 1 and isinstance(b[0], ast.Assign) and len(b[0].targets) == 1
                   and isinstance(b[0].targets[0], ast.Name) for b in bodies):
            return False
        nm = s.body[0].targets[0].id
        if s.orelse[0].targets[0].id != nm or nm in self.declared:
            return False
        (a, ka), (b, kb) = self.expr(s.body[0].value), self.expr(s.orelse[0].value)
        self.emit(ind, f"let {self.name(nm)} = if {self.cond(s.test)} {{ {_bare(a)} }} else {{ {_bare(b)} }};", s.lineno)
        self.declared.add(nm)
        self.kinds[nm] = _join(ka, kb)
        return True

    def for_(self, s: ast.For, ind: int):
        if s.orelse:
            raise self.err(s, "`for ... else`")
        if not isinstance(s.target, ast.Name):
            raise self.err(s.target, "a loop over something other than one name")
        it = s.iter
        d = _dotted(it.func) if isinstance(it, ast.Call) else None
        kind = d.rpartition(".")[2] if d else None
        if kind not in ("range", "static_range") or (d != "range" and d.rpartition(".")[0] not in MODULES):
            raise self.err(it, "a loop over something other than `range`, `tl.range` or `tl.static_range`")
        args = self.args(it)
        var = s.target.id
        before = set(self.declared)
        self.declared.add(var)
        self.kinds[var] = "int"
        self.emit(ind, f"for {self.name(var)} in {kind}({', '.join(args)}) {{")
        outer_loop_vars = set(self.loop_vars)
        self.loop_vars.add(var)
        self.block(s.body, ind + 1)
        self.loop_vars = outer_loop_vars
        self.end_block(before, s.body)
        self.close(ind, "}")
