//! Parser unit tests: precedence, literals, statements, and parse-error positions.

use super::ast::*;
use super::*;
use crate::diag::render;

/// Fully parenthesised form of an expression.
fn sexp(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Float(v) => format!("{v:?}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Inf => "inf".into(),
        ExprKind::Nan => "nan".into(),
        ExprKind::NoneLit => "None".into(),
        ExprKind::Slice => ":".into(),
        ExprKind::Name(n) => n.clone(),
        ExprKind::PtrType(n) => format!("*{n}"),
        ExprKind::Unary(op, x) => format!("({op:?} {})", sexp(x)),
        ExprKind::Binary(op, a, b) => format!("({op:?} {} {})", sexp(a), sexp(b)),
        ExprKind::Call { callee, args } => format!("(call {}{})", sexp(callee), args_s(args)),
        ExprKind::Method { recv, name, args } => format!("(.{} {}{})", name.name, sexp(recv), args_s(args)),
        ExprKind::Index { base, items } => {
            format!("(index {} {})", sexp(base), items.iter().map(sexp).collect::<Vec<_>>().join(" "))
        }
        ExprKind::Tuple(xs) => format!("(tuple {})", xs.iter().map(sexp).collect::<Vec<_>>().join(" ")),
        ExprKind::Paren(x) => sexp(x),
        ExprKind::If { cond, then, els } => format!("(if {} {} {})", sexp(cond), sexp(then), sexp(els)),
    }
}

fn args_s(args: &[Arg]) -> String {
    args.iter()
        .map(|a| match &a.name {
            Some(n) => format!(" {}={}", n.name, sexp(&a.value)),
            None => format!(" {}", sexp(&a.value)),
        })
        .collect()
}

fn p(s: &str) -> String {
    sexp(&parse_expr(s).unwrap_or_else(|d| panic!("{s}: {d:?}")))
}

#[test]
fn precedence_follows_c() {
    assert_eq!(p("a + b * c"), "(Add a (Mul b c))");
    assert_eq!(p("a - b - c"), "(Sub (Sub a b) c)");
    assert_eq!(p("a || b && c"), "(LogicalOr a (LogicalAnd b c))");
    assert_eq!(p("a | b ^ c & d"), "(BitOr a (BitXor b (BitAnd c d)))");
    assert_eq!(p("a & b == c"), "(BitAnd a (Eq b c))");
    assert_eq!(p("a == b < c"), "(Eq a (Lt b c))");
    assert_eq!(p("a < b << c"), "(Lt a (Shl b c))");
    assert_eq!(p("a << b + c"), "(Shl a (Add b c))");
    assert_eq!(p("a + b % c / d"), "(Add a (Div (Rem b c) d))");
    assert_eq!(p("-a * b"), "(Mul (Neg a) b)");
    assert_eq!(p("!a && ~b"), "(LogicalAnd (Not a) (BitNot b))");
    assert_eq!(p("-x[:, None]"), "(Neg (index x : None))");
    assert_eq!(p("-a.to(f16)"), "(Neg (.to a f16))");
    assert_eq!(p("(a + b) * c"), "(Mul (Add a b) c)");
    assert_eq!(p("a >= b >> 1"), "(Ge a (Shr b 1))");
    assert_eq!(p("a <= b || c > d"), "(LogicalOr (Le a b) (Gt c d))");
}

#[test]
fn if_expressions() {
    assert_eq!(p("if c { a } else { b }"), "(if c a b)");
    assert_eq!(p("if c { a } else if d { b + 1 } else { e }"), "(if c a (if d (Add b 1) e))");
    assert_eq!(p("1 + if c { a } else { b } * 2"), "(Add 1 (Mul (if c a b) 2))");
    assert_eq!(p("f(if x < 0 { -x } else { x })"), "(call f (if (Lt x 0) (Neg x) x))");
}

#[test]
fn postfix_and_calls() {
    assert_eq!(p("load(p, mask = m, other = 0.0)"), "(call load p mask=m other=0.0)");
    assert_eq!(p("x.to(u32, bitcast = true).to(u64)"), "(.to (.to x u32 bitcast=true) u64)");
    assert_eq!(p("f(a == b)"), "(call f (Eq a b))");
    assert_eq!(p("zeros((BM, BN), f32)"), "(call zeros (tuple BM BN) f32)");
    assert_eq!(p("(TILE,)"), "(tuple TILE)");
    assert_eq!(p("()"), "(tuple )");
    // Python's lists, where Triton takes shapes: tuples here (one item stays a tuple).
    assert_eq!(p("zeros([BM, BN], f32)"), "(call zeros (tuple BM BN) f32)");
    assert_eq!(p("[N]"), "(tuple N)");
    assert_eq!(p("[]"), "(tuple )");
    assert_eq!(p("1.to(u64) << 32"), "(Shl (.to 1 u64) 32)");
}

#[test]
fn literals() {
    assert_eq!(p("42"), "42");
    assert_eq!(p("0xFFFF_FFFF"), "4294967295");
    assert_eq!(p("1_000"), "1000");
    assert_eq!(p("0b101"), "5");
    assert_eq!(p("1.5"), "1.5");
    assert_eq!(p("1e-3"), "0.001");
    assert_eq!(p("2.5E2"), "250.0");
    assert_eq!(p("true"), "true");
    assert_eq!(p("inf"), "inf");
    assert_eq!(p("nan"), "nan");
    assert_eq!(p("\"relaxed\""), "\"relaxed\"");
    assert_eq!(p("infinity"), "infinity");
    assert!(parse_expr("0x1_0000_0000_0000_0000").is_err());
}

#[test]
fn comments_are_skipped() {
    assert_eq!(p("a /* c */ + // tail\n b"), "(Add a b)");
}

#[test]
fn whole_file_with_everything() {
    let src = r#"
#[num_warps(8)]
#[autotune(key = [M, N], configs = [{BM = 128, num_warps = 4}, {BM = 64,}])]
kernel k(x: *f32, n: i32, const B: i32 = 1024) {
    let a: u64 = 1;
    a += 2; a -= 1; a *= 3; a /= 2; a %= 5; a &= 1; a |= 2; a ^= 3; a <<= 1; a >>= 1;
    if a == 0 { return; } else if a == 1 { a = 2; } else { }
    for k in range(0, n, 2, num_stages = 3) { }
    while a >= 0 { a -= 1; }
    store(x, 1.0);
}
fn h(a, b: f32) -> f32 { return a + b; }
"#;
    let f = parse(&SourceFile::new("t.tile", src)).unwrap();
    assert_eq!(f.items.len(), 2);
    assert_eq!(f.items[0].attrs.len(), 2);
    assert_eq!(f.items[0].params.len(), 3);
    assert!(f.items[0].params[2].is_const);
    assert!(f.items[0].params[0].ty.as_ref().unwrap().ptr);
    assert_eq!(f.items[0].body.stmts.len(), 15);
}

fn err(src: &str) -> String {
    let f = SourceFile::new("t.tile", src);
    render(&f, &parse(&f).unwrap_err())
}

#[test]
fn missing_semicolon_points_after_the_expression() {
    let e = err("kernel k() {\n    let a = 1\n    let b = 2;\n}\n");
    assert!(e.starts_with("t.tile:2:14: error: expected `;`, found `let`"), "{e}");
}

#[test]
fn missing_expression() {
    let e = err("kernel k() {\n    let a = ;\n}\n");
    assert!(e.starts_with("t.tile:2:13: error: expected an expression, found `;`"), "{e}");
}

#[test]
fn parse_errors_say_what_was_expected() {
    let cases = [
        ("kernel k() {\n    let a = (1 + 2;\n}\n", "t.tile:2:19: error: expected `)` or `,`, found `;`"),
        ("kernel k() {\n    f(a b);\n}\n", "t.tile:2:8: error: expected `)` or `,`, found `b`"),
        ("kernel k( {\n}\n", "t.tile:1:11: error: expected `)`, `const` or a name, found `{`"),
        ("kernel k() {\n    let = 3;\n}\n", "t.tile:2:9: error: expected `(` or a name, found `=`"),
        ("kernel k() {\n    x = 1\n}\n", "t.tile:2:10: error: expected `;`, found `}`"),
        ("fn k() {\n    if x { } else y\n}\n", "t.tile:2:19: error: expected `if` or `{`, found `y`"),
        ("kernel k(a: 3) {\n}\n", "t.tile:1:13: error: expected a type, found `3`"),
        ("kernl k() {}\n", "t.tile:1:1: error: expected `#`, `fn` or `kernel`, found `kernl`"),
        ("kernel k() {\n   let x = 1;\n", "t.tile:3:1: error: expected a statement or `}`, found end of file"),
        ("kernel k() {\n   for i range(0, 4) {}\n}", "t.tile:2:10: error: expected `in`, found `range`"),
        ("kernel k() {\n   let x = a ++ b;\n}", "t.tile:2:15: error: expected an expression, found `+`"),
        ("#[num_warps 4]\nkernel k() {}", "t.tile:1:13: error: expected `(` or `]`, found `4`"),
        ("kernel k(a: i32 b: i32) {}", "t.tile:1:17: error: expected `)`, `,` or `=`, found `b`"),
        ("kernel k() {\n    let x = @;\n}", "t.tile:2:13: error: expected an expression, found `@`"),
        ("kernel k() {\n    device_print(\"abc);\n}", "t.tile:2:18: error: unterminated string"),
        ("kernel k() {\n    /* never closed\n}", "t.tile:3:2: error: expected `*/`, found end of file"),
        ("kernel k() {\n    x[1:2] = 3;\n}", "t.tile:2:8: error: expected `,` or `]`, found `:`"),
        ("kernel k() {\n    let x = a.b;\n}", "t.tile:2:16: error: expected `(`, found `;`"),
        ("kernel k() {\n    if a and b {}\n}", "t.tile:2:10: error: expected `{`, found `and`"),
    ];
    for (src, want) in cases {
        let e = err(src);
        assert_eq!(e.lines().next().unwrap(), want, "{e}");
    }
    assert!(err("kernel k() {\n    if a and b {}\n}").contains("help: write `&&`"));
}

#[test]
fn parsing_resumes_at_the_next_item() {
    let src = "kernel a() {\n    let x = ;\n}\n\nfn b() {\n    return 1\n}\n\nkernel c() {\n    let y = 2;\n}\n";
    let e = err(src);
    let heads: Vec<&str> = e.lines().filter(|l| l.starts_with("t.tile:")).collect();
    assert_eq!(
        heads,
        ["t.tile:2:13: error: expected an expression, found `;`", "t.tile:6:13: error: expected `;`, found `}`"]
    );
}

#[test]
fn tuple_returns_and_destructuring() {
    let src = "fn h(a) -> (f32, i32,) { return (a, 1); }\nkernel k() { let (x, _) = h(1.0); let (y,) = (2,); }";
    let f = parse(&SourceFile::new("t.tile", src)).unwrap();
    let Some(RetTy::Tuple(ts, _)) = &f.items[0].ret_ty else { panic!("{:?}", f.items[0].ret_ty) };
    assert_eq!(ts.iter().map(|t| t.name.name.as_str()).collect::<Vec<_>>(), ["f32", "i32"]);
    let names = |s: &Stmt| match &s.kind {
        StmtKind::LetTuple { names, .. } => names.iter().map(|n| n.name.clone()).collect::<Vec<_>>(),
        k => panic!("{k:?}"),
    };
    let body = &f.items[1].body.stmts;
    assert_eq!(names(&body[0]), ["x", "_"]);
    assert_eq!(names(&body[1]), ["y"]);
    assert!(err("kernel k() {\n    let (a, b): f32 = c;\n}").starts_with("t.tile:2:15: error: expected `=`"));
}
