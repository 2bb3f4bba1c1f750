//! Builds the AST from pest's parse tree, folding binary operators by precedence.
//!
//! Precedence (loosest first), as in C and Triton: `||`, `&&`, `|`, `^`, `&`, `== !=`,
//! `< <= > >=`, `<< >>`, `+ -`, `* / %`, then unary `- ! ~`, then postfix call, method
//! call and indexing. All binary operators are left-associative.

use pest::iterators::Pair;

use super::ast::*;
use super::Rule;
use crate::diag::Diagnostic;
use crate::limits::MAX_NESTING;
use super::ast::{BinOp, UnOp};
use crate::source::Span;

type P<'i> = Pair<'i, Rule>;

pub(super) struct Builder {
    pub diags: Vec<Diagnostic>,
    /// Blocks and `else if` levels around the statement being built.
    depth: usize,
    /// A nesting error was reported: the rest would repeat it.
    too_deep: bool,
}

/// An expression and its depth (the longest path to a leaf), which is what the checker's
/// and code generator's recursion follows.
type Deep = (Expr, usize);

fn span(p: &P) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

fn ident(p: P) -> Ident {
    Ident { name: p.as_str().to_string(), span: span(&p) }
}

/// Binding power of an infix operator: higher binds tighter.
fn infix_op(r: Rule) -> (BinOp, u8) {
    match r {
        Rule::or => (BinOp::LogicalOr, 1),
        Rule::and => (BinOp::LogicalAnd, 2),
        Rule::bor => (BinOp::BitOr, 3),
        Rule::bxor => (BinOp::BitXor, 4),
        Rule::band => (BinOp::BitAnd, 5),
        Rule::eq => (BinOp::Eq, 6),
        Rule::ne => (BinOp::Ne, 6),
        Rule::lt => (BinOp::Lt, 7),
        Rule::le => (BinOp::Le, 7),
        Rule::gt => (BinOp::Gt, 7),
        Rule::ge => (BinOp::Ge, 7),
        Rule::shl => (BinOp::Shl, 8),
        Rule::shr => (BinOp::Shr, 8),
        Rule::add => (BinOp::Add, 9),
        Rule::sub => (BinOp::Sub, 9),
        Rule::mul => (BinOp::Mul, 10),
        Rule::div => (BinOp::Div, 10),
        Rule::rem => (BinOp::Rem, 10),
        _ => unreachable!("not an infix rule: {r:?}"),
    }
}

fn is_infix(r: Rule) -> bool {
    matches!(
        r,
        Rule::or
            | Rule::and
            | Rule::bor
            | Rule::bxor
            | Rule::band
            | Rule::eq
            | Rule::ne
            | Rule::lt
            | Rule::le
            | Rule::gt
            | Rule::ge
            | Rule::shl
            | Rule::shr
            | Rule::add
            | Rule::sub
            | Rule::mul
            | Rule::div
            | Rule::rem
    )
}

impl Builder {
    pub fn new() -> Builder {
        Builder { diags: vec![], depth: 0, too_deep: false }
    }

    /// Refuses a node nested deeper than `MAX_NESTING` (once), leaving a placeholder, so no
    /// tree deeper than the limit is ever built (or dropped: that recursion is bounded too).
    fn bounded(&mut self, e: Expr, depth: usize, at: Span) -> Deep {
        if depth <= MAX_NESTING {
            return (e, depth);
        }
        self.nesting_error(at, &format!("level {depth}"));
        (Expr { kind: ExprKind::Int(0), span: e.span }, 0)
    }

    fn nesting_error(&mut self, at: Span, what: &str) {
        if !self.too_deep {
            self.too_deep = true;
            self.diags.push(
                Diagnostic::error(format!("nesting deeper than {MAX_NESTING} levels"), at, what)
                    .help("split it with `let` bindings or helpers"),
            );
        }
    }

    pub fn file(&mut self, p: P) -> File {
        let mut items = vec![];
        for it in p.into_inner() {
            match it.as_rule() {
                Rule::kernel => items.push(self.item(it, ItemKind::Kernel)),
                Rule::helper => items.push(self.item(it, ItemKind::Helper)),
                _ => {}
            }
        }
        File { items }
    }

    fn item(&mut self, p: P, kind: ItemKind) -> Item {
        let sp = span(&p);
        let mut attrs = vec![];
        let mut name = None;
        let mut params = vec![];
        let mut ret_ty = None;
        let mut body = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::attr => attrs.push(self.attr(c)),
                Rule::ident => name = Some(ident(c)),
                Rule::params => params = c.into_inner().map(|q| self.param(q)).collect(),
                Rule::ret_ty => {
                    let t = c.into_inner().next().unwrap();
                    ret_ty = Some(match t.as_rule() {
                        Rule::ret_tuple => RetTy::Tuple(t.clone().into_inner().map(ty).collect(), span(&t)),
                        _ => RetTy::One(ty(t)),
                    });
                }
                Rule::block => body = Some(self.block(c)),
                _ => {}
            }
        }
        Item { kind, attrs, name: name.unwrap(), params, ret_ty, body: body.unwrap(), span: sp }
    }

    fn param(&mut self, p: P) -> Param {
        let sp = span(&p);
        let (mut is_const, mut name, mut t, mut default) = (false, None, None, None);
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::const_kw => is_const = true,
                Rule::ident => name = Some(ident(c)),
                Rule::ty => t = Some(ty(c)),
                Rule::expr => default = Some(self.expr(c)),
                _ => {}
            }
        }
        Param { is_const, name: name.unwrap(), ty: t, default, span: sp }
    }

    fn attr(&mut self, p: P) -> Attr {
        let sp = span(&p);
        let mut it = p.into_inner();
        let name = ident(it.next().unwrap());
        let args = match it.next() {
            Some(a) => a.into_inner().map(|q| self.attr_arg(q)).collect(),
            None => vec![],
        };
        Attr { name, args, span: sp }
    }

    fn attr_arg(&mut self, p: P) -> AttrArg {
        let sp = span(&p);
        let kids: Vec<P> = p.into_inner().collect();
        let (key, v) =
            if kids.len() == 2 { (Some(ident(kids[0].clone())), kids[1].clone()) } else { (None, kids[0].clone()) };
        AttrArg { key, value: self.attr_val(v), span: sp }
    }

    fn attr_val(&mut self, p: P) -> AttrValue {
        let sp = span(&p);
        match p.as_rule() {
            Rule::attr_list => AttrValue::List(p.into_inner().map(|q| self.attr_val(q)).collect(), sp),
            Rule::attr_config => AttrValue::Config(
                p.into_inner()
                    .map(|kv| {
                        let mut i = kv.into_inner();
                        let k = ident(i.next().unwrap());
                        (k, self.expr(i.next().unwrap()))
                    })
                    .collect(),
                sp,
            ),
            _ => AttrValue::Expr(self.expr(p)),
        }
    }

    fn block(&mut self, p: P) -> Block {
        let sp = span(&p);
        if self.depth >= MAX_NESTING {
            self.nesting_error(Span::new(sp.start as usize, sp.start as usize + 1), "this block is one level too deep");
            return Block { stmts: vec![], span: sp };
        }
        self.depth += 1;
        let stmts = p.into_inner().map(|s| self.stmt(s)).collect();
        self.depth -= 1;
        Block { stmts, span: sp }
    }

    /// `if c {..} else if d {..} ... else {..}`: a flat chain in the grammar, nested `If`s
    /// (each `else` block holding the next one) in the AST.
    fn if_chain(&mut self, sp: Span, kids: Vec<P>) -> StmtKind {
        let mut arms: Vec<(Span, Expr, Block)> = vec![];
        let mut last_else = None;
        let mut i = 0;
        while i < kids.len() {
            match kids[i].as_rule() {
                Rule::kw_if => {
                    let at = span(&kids[i]);
                    if self.depth + arms.len() >= MAX_NESTING {
                        self.nesting_error(at, "this `else if` is one level too deep");
                        break;
                    }
                    self.depth += arms.len();
                    let cond = self.expr(kids[i + 1].clone());
                    let block = self.block(kids[i + 2].clone());
                    self.depth -= arms.len();
                    arms.push((at, cond, block));
                    i += 3;
                }
                Rule::block => {
                    last_else = Some(self.block(kids[i].clone()));
                    i += 1;
                }
                _ => i += 1,
            }
        }
        let mut else_block = last_else;
        while arms.len() > 1 {
            let (at, cond, then_block) = arms.pop().unwrap();
            let s = Stmt {
                kind: StmtKind::If { cond, then_block, else_block },
                span: Span::new(at.start as usize, sp.end as usize),
            };
            else_block = Some(Block { span: s.span, stmts: vec![s] });
        }
        match arms.pop() {
            Some((_, cond, then_block)) => StmtKind::If { cond, then_block, else_block },
            None => StmtKind::Expr(Expr { kind: ExprKind::Int(0), span: sp }),
        }
    }

    fn stmt(&mut self, p: P) -> Stmt {
        let sp = span(&p);
        let rule = p.as_rule();
        let kids: Vec<P> = p.into_inner().collect();
        let kind = match rule {
            Rule::let_stmt if kids[1].as_rule() == Rule::let_tuple => {
                let names = kids[1].clone().into_inner().map(ident).collect();
                StmtKind::LetTuple { names, value: self.expr(kids[2].clone()) }
            }
            Rule::let_stmt => {
                let name = ident(kids[1].clone());
                let (t, e) = if kids.len() == 4 {
                    (Some(ty(kids[2].clone())), kids[3].clone())
                } else {
                    (None, kids[2].clone())
                };
                StmtKind::Let { name, ty: t, value: self.expr(e) }
            }
            Rule::assign_stmt => {
                let target = ident(kids[0].clone());
                let op = match kids[1].as_str() {
                    "=" => None,
                    "+=" => Some(BinOp::Add),
                    "-=" => Some(BinOp::Sub),
                    "*=" => Some(BinOp::Mul),
                    "/=" => Some(BinOp::Div),
                    "%=" => Some(BinOp::Rem),
                    "&=" => Some(BinOp::BitAnd),
                    "|=" => Some(BinOp::BitOr),
                    "^=" => Some(BinOp::BitXor),
                    "<<=" => Some(BinOp::Shl),
                    _ => Some(BinOp::Shr),
                };
                StmtKind::Assign { target, op, op_span: span(&kids[1]), value: self.expr(kids[2].clone()) }
            }
            Rule::if_stmt => self.if_chain(sp, kids),
            Rule::for_stmt => StmtKind::For {
                var: ident(kids[1].clone()),
                iter: self.expr(kids[3].clone()),
                body: self.block(kids[4].clone()),
            },
            Rule::while_stmt => StmtKind::While { cond: self.expr(kids[1].clone()), body: self.block(kids[2].clone()) },
            Rule::return_stmt => StmtKind::Return(kids.get(1).map(|e| self.expr(e.clone()))),
            Rule::break_stmt => StmtKind::Break,
            Rule::continue_stmt => StmtKind::Continue,
            _ => StmtKind::Expr(self.expr(kids[0].clone())),
        };
        Stmt { kind, span: sp }
    }

    pub fn expr(&mut self, p: P) -> Expr {
        self.expr_d(p).0
    }

    fn expr_d(&mut self, p: P) -> Deep {
        // Split the flat sequence into operands and infix operators.
        let mut operands: Vec<Deep> = vec![];
        let mut ops: Vec<(BinOp, u8, Span)> = vec![];
        let mut prefixes: Vec<(UnOp, Span)> = vec![];
        let mut cur: Option<Deep> = None;
        for c in p.into_inner() {
            let r = c.as_rule();
            if is_infix(r) {
                operands.push(self.finish_operand(cur.take().unwrap(), &mut prefixes));
                let (op, prec) = infix_op(r);
                ops.push((op, prec, span(&c)));
                continue;
            }
            match r {
                Rule::neg => prefixes.push((UnOp::Neg, span(&c))),
                Rule::not => prefixes.push((UnOp::Not, span(&c))),
                Rule::bitnot => prefixes.push((UnOp::BitNot, span(&c))),
                Rule::call_args | Rule::method | Rule::index => {
                    let base = cur.take().unwrap();
                    cur = Some(self.postfix(base, c));
                }
                _ => cur = Some(self.primary(c)),
            }
        }
        operands.push(self.finish_operand(cur.take().unwrap(), &mut prefixes));
        // Precedence climbing over the flat list.
        let mut operands = operands.into_iter();
        let first = operands.next().unwrap();
        let mut rest: Vec<((BinOp, u8, Span), Deep)> = ops.into_iter().zip(operands).collect();
        rest.reverse();
        self.climb(first, &mut rest, 0)
    }

    fn finish_operand(&mut self, (mut e, mut d): Deep, prefixes: &mut Vec<(UnOp, Span)>) -> Deep {
        while let Some((op, sp)) = prefixes.pop() {
            let s = sp.to(e.span);
            (e, d) = self.bounded(Expr { kind: ExprKind::Unary(op, Box::new(e)), span: s }, d + 1, sp);
        }
        (e, d)
    }

    fn climb(&mut self, mut lhs: Deep, rest: &mut Vec<((BinOp, u8, Span), Deep)>, min_prec: u8) -> Deep {
        while let Some(&((op, prec, _), _)) = rest.last() {
            if prec < min_prec {
                break;
            }
            let (_, mut rhs) = rest.pop().unwrap();
            while let Some(&((_, next, _), _)) = rest.last() {
                if next <= prec {
                    break;
                }
                rhs = self.climb(rhs, rest, prec + 1);
            }
            let sp = lhs.0.span.to(rhs.0.span);
            let (d, at) = (lhs.1.max(rhs.1) + 1, rhs.0.span);
            lhs = self.bounded(Expr { kind: ExprKind::Binary(op, Box::new(lhs.0), Box::new(rhs.0)), span: sp }, d, at);
        }
        lhs
    }

    fn args(&mut self, p: P) -> (Vec<Arg>, usize) {
        let mut depth = 0;
        let args = p
            .into_inner()
            .map(|a| {
                let sp = span(&a);
                let kids: Vec<P> = a.into_inner().collect();
                let mut value = |p: P| match p.as_rule() {
                    Rule::ptr_type => {
                        let name = p.as_str().trim_start_matches('*').trim().to_string();
                        (Expr { kind: ExprKind::PtrType(name), span: span(&p) }, 1)
                    }
                    _ => self.expr_d(p),
                };
                let (name, value) = if kids.len() == 2 {
                    (Some(ident(kids[0].clone())), value(kids[1].clone()))
                } else {
                    (None, value(kids[0].clone()))
                };
                depth = depth.max(value.1);
                Arg { name, value: value.0, span: sp }
            })
            .collect();
        (args, depth)
    }

    fn postfix(&mut self, (base, d): Deep, p: P) -> Deep {
        let at = span(&p);
        let sp = base.span.to(at);
        let (kind, inner) = match p.as_rule() {
            Rule::call_args => {
                let (args, ad) = self.args(p);
                (ExprKind::Call { callee: Box::new(base), args }, ad)
            }
            Rule::method => {
                let mut it = p.into_inner();
                let name = ident(it.next().unwrap());
                let (args, ad) = self.args(it.next().unwrap());
                (ExprKind::Method { recv: Box::new(base), name, args }, ad)
            }
            _ => {
                let mut id = 0;
                let items = p
                    .into_inner()
                    .map(|i| match i.as_rule() {
                        Rule::slice_all => Expr { kind: ExprKind::Slice, span: span(&i) },
                        _ => {
                            let (e, d) = self.expr_d(i);
                            id = id.max(d);
                            e
                        }
                    })
                    .collect();
                (ExprKind::Index { base: Box::new(base), items }, id)
            }
        };
        self.bounded(Expr { kind, span: sp }, d.max(inner) + 1, at)
    }

    fn primary(&mut self, p: P) -> Deep {
        let sp = span(&p);
        let text = p.as_str();
        let mut depth = 0;
        let kind = match p.as_rule() {
            Rule::int => {
                let clean: String = text.chars().filter(|&c| c != '_').collect();
                let parsed = if let Some(h) = clean.strip_prefix("0x") {
                    u64::from_str_radix(h, 16)
                } else if let Some(b) = clean.strip_prefix("0b") {
                    u64::from_str_radix(b, 2)
                } else {
                    clean.parse::<u64>()
                };
                match parsed {
                    Ok(v) => ExprKind::Int(v),
                    Err(_) => {
                        self.diags.push(
                            Diagnostic::error(
                                format!("integer literal `{text}` is too large"),
                                sp,
                                "does not fit in 64 bits",
                            )
                            .help("the largest literal is 0xFFFF_FFFF_FFFF_FFFF"),
                        );
                        ExprKind::Int(0)
                    }
                }
            }
            Rule::float => {
                let clean: String = text.chars().filter(|&c| c != '_').collect();
                ExprKind::Float(clean.parse::<f64>().unwrap_or(0.0))
            }
            Rule::string => ExprKind::Str(unescape(p.into_inner().next().map(|s| s.as_str()).unwrap_or(""))),
            Rule::kw_true => ExprKind::Bool(true),
            Rule::kw_false => ExprKind::Bool(false),
            Rule::kw_inf => ExprKind::Inf,
            Rule::kw_nan => ExprKind::Nan,
            Rule::kw_none => ExprKind::NoneLit,
            Rule::ident => ExprKind::Name(text.to_string()),
            Rule::paren => {
                let kids: Vec<P> = p.into_inner().collect();
                let tuple = kids.iter().any(|k| k.as_rule() == Rule::tuple_comma) || kids.is_empty();
                let mut items = vec![];
                for k in kids.into_iter().filter(|k| k.as_rule() == Rule::expr) {
                    let (e, d) = self.expr_d(k);
                    depth = depth.max(d + 1);
                    items.push(e);
                }
                match (tuple, items.pop()) {
                    (false, Some(e)) => ExprKind::Paren(Box::new(e)),
                    (_, last) => ExprKind::Tuple(items.into_iter().chain(last).collect()),
                }
            }
            Rule::list => {
                let mut items = vec![];
                for k in p.into_inner() {
                    let (e, d) = self.expr_d(k);
                    depth = depth.max(d + 1);
                    items.push(e);
                }
                ExprKind::Tuple(items)
            }
            Rule::if_expr => return self.if_expr(p),
            r => unreachable!("unexpected primary {r:?}"),
        };
        self.bounded(Expr { kind, span: sp }, depth, Span::new(sp.start as usize, sp.start as usize + 1))
    }
}

impl Builder {
    /// `if c { a } else if d { b } else { e }`: nested `If`s, the last arm innermost; each
    /// level counts toward the nesting bound (later passes recurse on it).
    fn if_expr(&mut self, p: P) -> Deep {
        let sp = span(&p);
        let mut arms: Vec<(Span, Expr, Expr)> = vec![];
        let mut els = None;
        let mut depth = 0;
        let kids: Vec<P> = p.into_inner().collect();
        let mut i = 0;
        while i < kids.len() {
            match kids[i].as_rule() {
                Rule::kw_if => {
                    let at = span(&kids[i]);
                    let (c, dc) = self.expr_d(kids[i + 1].clone());
                    let (t, dt) = self.arm(kids[i + 2].clone());
                    depth = depth.max(dc).max(dt);
                    arms.push((at, c, t));
                    i += 3;
                }
                Rule::arm => {
                    let (e, d) = self.arm(kids[i].clone());
                    depth = depth.max(d);
                    els = Some(e);
                    i += 1;
                }
                _ => i += 1,
            }
        }
        if els.is_none() {
            let at = span(&kids[kids.len() - 1]);
            self.diags.push(
                Diagnostic::error("an `if` used as a value needs an `else` branch", at, "no `else` after this")
                    .help("add `else { ... }` with the value to use otherwise"),
            );
        }
        let mut out = els.unwrap_or(Expr { kind: ExprKind::Int(0), span: sp });
        while let Some((at, cond, then)) = arms.pop() {
            depth += 1;
            let e = Expr {
                kind: ExprKind::If { cond: Box::new(cond), then: Box::new(then), els: Box::new(out) },
                span: Span::new(at.start as usize, sp.end as usize),
            };
            let (e, d) = self.bounded(e, depth, at);
            out = e;
            depth = d;
        }
        (out, depth)
    }

    fn arm(&mut self, p: P) -> Deep {
        self.expr_d(p.into_inner().next().unwrap())
    }
}

fn ty(p: P) -> TypeExpr {
    let sp = span(&p);
    let mut ptr = false;
    let mut name = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::ptr_star => ptr = true,
            _ => name = Some(ident(c)),
        }
    }
    TypeExpr { ptr, name: name.unwrap(), span: sp }
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}
