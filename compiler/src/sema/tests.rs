//! Sema unit tests: broadcasting, promotion, weak literals, inlining, const folding,
//! `-D` overrides, and the shape of the TIR the examples produce.

use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::*;
use crate::diag::render;

fn check_src(src: &str, defines: &[(&str, &str)]) -> Result<Program, String> {
    let f = SourceFile::new("t.tile", src);
    let d: Vec<(String, String)> = defines.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    check(&f, &d).map_err(|e| render(&f, &e))
}

fn ok(src: &str) -> Kernel {
    check_src(src, &[]).unwrap_or_else(|e| panic!("{e}")).kernels.remove(0)
}

fn err(src: &str) -> String {
    check_src(src, &[]).expect_err("expected an error")
}

/// The value of the last `let` in the kernel body.
fn last_let(k: &Kernel) -> &Expr {
    k.body
        .iter()
        .rev()
        .find_map(|s| match s {
            Stmt::Let { value, .. } => Some(value),
            _ => None,
        })
        .expect("a let")
}

fn example(name: &str) -> Kernel {
    let path = format!("{}/../examples/{name}.tile", env!("CARGO_MANIFEST_DIR"));
    ok(&std::fs::read_to_string(path).unwrap())
}

#[test]
fn examples_produce_the_expected_tir() {
    let scan = dump::kernel(&example("scan"));
    // `let excl = 0;` is reassigned in the loop, so it is a variable of type i32.
    assert!(scan.contains("let excl%9 = 0:i32"), "{scan}");
    assert!(scan.contains("store(addptr(state%2, pid%5):*u64, BitOr(4294967296:u64, cast(bitcast(local%8):u32):u64):u64, cache=\".cg\""), "{scan}");
    let mm = dump::kernel(&example("matmul"));
    assert!(mm.contains("acc%19 = dot(av%21, bv%22, acc%19, Tf32):tile<128x256xf32>"), "{mm}");
    assert!(mm.contains("stages=Some(3)"), "{mm}");
    let add = dump::kernel(&example("add"));
    assert!(add.contains("let offs%4 = Add(splat(Mul(program_id(0):i32, 1024:i32):i32):tile<1024xi32>, arange(0, 1024):tile<1024xi32>):tile<1024xi32>"), "{add}");
}

fn body(src: &str) -> String {
    dump::kernel(&ok(src))
}

#[test]
fn broadcasting_is_explicit() {
    let k = ok("kernel k(x: *f32) { let a = arange(0, 16)[:, None] + arange(0, 32)[None, :]; store(x, 0.0); }");
    let e = last_let(&k);
    assert_eq!(e.ty, Ty::tile(Elem::Scalar(Scalar::I32), vec![16, 32]));
    let s = dump::expr(&k, e);
    assert_eq!(
        s,
        "Add(broadcast(expand_dims(arange(0, 16):tile<16xi32>, 1):tile<16x1xi32>):tile<16x32xi32>, \
         broadcast(expand_dims(arange(0, 32):tile<32xi32>, 0):tile<1x32xi32>):tile<16x32xi32>):tile<16x32xi32>"
    );
    // Rank extension pads on the left: [8] with [4, 8].
    let k = ok("kernel k(x: *f32) { let a = zeros((4, 8), f32) + arange(0, 8).to(f32); store(x, 0.0); }");
    let s = dump::expr(&k, last_let(&k));
    assert!(
        s.contains("broadcast(expand_dims(cast(arange(0, 8):tile<8xi32>):tile<8xf32>, 0):tile<1x8xf32>):tile<4x8xf32>"),
        "{s}"
    );
    // A scalar is splatted.
    let k = ok("kernel k(x: *f32, n: i32) { let a = arange(0, 8) < n; store(x, 0.0); }");
    assert!(dump::expr(&k, last_let(&k)).contains("splat(n%1):tile<8xi32>"));
}

#[test]
fn promotion_and_weak_literals() {
    let ty_of = |expr: &str, params: &str| {
        let k = ok(&format!("kernel k(x: *f32, {params}) {{ let r = {expr}; store(x, 0.0); }}"));
        let e = last_let(&k);
        e.ty.to_string()
    };
    assert_eq!(ty_of("a + b", "a: i32, b: f32"), "f32");
    assert_eq!(ty_of("a + b", "a: i32, b: i64"), "i64");
    assert_eq!(ty_of("a + b", "a: i32, b: u32"), "u32");
    // Triton's computation_type_impl: f16 wins over bf16; bf16 stays only beside bf16;
    // `/` and `%` on halves compute in f32.
    assert_eq!(ty_of("a + b", "a: f16, b: bf16"), "f16");
    assert_eq!(ty_of("a + b", "a: bf16, b: i32"), "f32");
    assert_eq!(ty_of("a / b", "a: f16, b: f16"), "f32");
    assert_eq!(ty_of("a % 2.0", "a: bf16"), "f32");
    assert_eq!(ty_of("a * 2.0", "a: bf16"), "bf16");
    assert_eq!(ty_of("a + b", "a: f16, b: f32"), "f32");
    assert_eq!(ty_of("a * 2", "a: f16"), "f16");
    assert_eq!(ty_of("a * 0.5", "a: f16"), "f16");
    assert_eq!(ty_of("a * 0.5", "a: i32"), "f32");
    assert_eq!(ty_of("a + 1", "a: u8"), "u8");
    assert_eq!(ty_of("a + 1", "a: i64"), "i64");
    assert_eq!(ty_of("a / 2", "a: i32"), "i32");
    assert_eq!(ty_of("a < 1.0", "a: f16"), "i1");
    assert_eq!(ty_of("(a < 1) & (a > 0)", "a: i32"), "i1");
    // A bare literal alone is i32 / f32 (bound to a var since it is reassigned).
    let k = ok("kernel k(x: *f32) { let r = 2; r += 1; let f = 0.5; f += 1.0; store(x, f); }");
    assert_eq!(k.vars.iter().find(|v| v.name == "r").unwrap().ty.to_string(), "i32");
    assert_eq!(k.vars.iter().find(|v| v.name == "f").unwrap().ty.to_string(), "f32");
    // The cast is explicit in TIR.
    let k = ok("kernel k(x: *f32, a: i32, b: f32) { let r = a + b; store(x, r); }");
    assert_eq!(dump::expr(&k, last_let(&k)), "Add(cast(a%1):f32, b%2):f32");
}

#[test]
fn constants_fold() {
    let k = ok("kernel k(x: *f32, const B: i32 = 64) { let r = (B * 2 + 1) / 3; r += 0; store(x, 0.0); }");
    assert_eq!(dump::expr(&k, last_let(&k)), "43:i32");
    let k = ok("kernel k(x: *f32) { let r = -7 / 2; r += 0; let s = -7 % 2; s += 0; store(x, 0.0); }");
    assert_eq!(dump::expr(&k, last_let(&k)), "-1:i32");
    let k = ok("kernel k(x: *u64) { let r = 1.to(u64) << 40; r += 0; store(x, r); }");
    assert_eq!(dump::expr(&k, last_let(&k)), "1099511627776:u64");
    let k = ok("kernel k(x: *f32) { let r = 0xFFFF_FFFF.to(u32).to(i32, bitcast = true); r += 0; store(x, 0.0); }");
    assert_eq!(dump::expr(&k, last_let(&k)), "-1:i32");
    // cdiv folds when both sides are constant.
    let k = ok("kernel k(x: *f32, const N: i32 = 1000) { let r = cdiv(N, 64); r += 0; store(x, 0.0); }");
    assert_eq!(dump::expr(&k, last_let(&k)), "16:i32");
    // A `let` of a constant that is never reassigned stays a constant: arange accepts it.
    ok("kernel k(x: *f32) { let n = 64 * 2; store(x + arange(0, n), 0.0); }");
    ok("kernel k(x: *f32, const B: i32 = 16) { let s = (B, 2 * B); let z = zeros(s, f16); store(x, 0.0); }");
    // A constant `if` checks only the branch taken.
    let b = body("kernel k(x: *f32, const FAST: bool = true) { if FAST { store(x, 1.0); } else { store(x, nope); } }");
    assert!(b.contains("store(x%0, 1.0:f32") && !b.contains("if"), "{b}");
    // ... and is straight-line code: a rebind there may change the type.
    ok("kernel k(x: *f32, n: i32, const F: bool = true) { let v = n; if F { v = v.to(f32); } store(x, v); }");
}

#[test]
fn defines_override_consts() {
    let src = "kernel k(x: *f32, const B: i32 = 64, const S: f32 = 1.0, const F: bool = false) { store(x + arange(0, B), S); }";
    let p = check_src(src, &[("B", "128"), ("S", "0.25"), ("F", "true")]).unwrap();
    let k = &p.kernels[0];
    assert_eq!(
        k.consts,
        vec![("B".into(), ConstVal::Int(128)), ("S".into(), ConstVal::Float(0.25)), ("F".into(), ConstVal::Bool(true))]
    );
    assert!(dump::kernel(k).contains("arange(0, 128)"));
    let e = check_src(src, &[("BB", "128")]).unwrap_err();
    assert!(e.contains("`-D BB`: no kernel has a const parameter named `BB`"), "{e}");
    assert!(e.contains("did you mean `-D B=...`?"), "{e}");
    let e = check_src(src, &[("B", "x12")]).unwrap_err();
    assert!(e.contains("invalid value for `-D B=x12`"), "{e}");
    let e = check_src(src, &[("B", "96")]).unwrap_err();
    assert!(e.contains("tile size 96 is not a power of two"), "{e}");
}

#[test]
fn helpers_are_inlined_with_fresh_vars() {
    let src = "
fn axpy(a, x, y: f32) { let t = a * x; return t + y; }
fn twice(v) { return axpy(2.0, v, v); }
kernel k(p: *f32, const TILE: i32 = 64) {
    let offs = arange(0, TILE);
    let v = load(p + offs);
    let r = twice(v) + twice(v);
    store(p + offs, r);
}";
    let k = ok(src);
    let ts: Vec<&VarInfo> = k.vars.iter().filter(|v| v.name == "t").collect();
    assert_eq!(ts.len(), 2, "one `t` per inlined call");
    let b = dump::kernel(&k);
    // Both calls' bodies come before the statement that uses them.
    let first_t = b.find("let t%").unwrap();
    let r = b.find("let r%").unwrap();
    assert!(first_t < r, "{b}");
    // A helper that is a single expression may be called from a `while` condition.
    let b = body("fn below(a, b) { return a < b; } kernel k(p: *i32, n: i32) { let i = 0; while below(i, cdiv(n, 4)) { i += 1; } store(p, i); }");
    assert!(b.contains("while Lt(i%2, Div(Sub(Add(n%1, 4:i32):i32, 1:i32):i32, 4:i32):i32):i1 {"), "{b}");
    // Helper constants stay constant: arange works on a helper argument.
    ok("fn iota(n) { return arange(0, n); } kernel k(p: *i32) { store(p + iota(16), iota(16)); }");
    // A helper declared `-> f16` converts weak results.
    let k = ok("fn one() -> f16 { return 1.0; } kernel k(p: *f16) { let v = one(); store(p, v); }");
    assert!(dump::kernel(&k).contains("store(p%0, 1.0:f16"), "{}", dump::kernel(&k));
}

#[test]
fn pointer_arithmetic_and_compound_assignment() {
    let b = body("kernel k(p: *f32, n: i64) { let q = p; q += n; q = 4 + q; q -= 1; store(q, 0.0); }");
    assert!(b.contains("q%2 = addptr(q%2, n%1):*f32"), "{b}");
    assert!(b.contains("q%2 = addptr(q%2, 4:i32):*f32"), "{b}");
    assert!(b.contains("q%2 = addptr(q%2, -1:i32):*f32"), "{b}");
    let b = body("kernel k(p: *i32, n: i32) { let a = n; a <<= 2; a ^= 3; a %= 5; store(p, a); }");
    assert!(b.contains("a%2 = Shl(a%2, 2:i32):i32") && b.contains("a%2 = Rem(a%2, 5:i32):i32"), "{b}");
}

#[test]
fn builtin_defaults_and_desugaring() {
    let b = body("kernel k(p: *f32) { atomic_max(p, 1.0); }");
    assert!(b.contains("atomic_Max(p%0, 1.0:f32, mask=_, acq_rel, gpu):f32"), "{b}");
    let b = body("kernel k(p: *f32) { let v = load(p + arange(0, 32)); store(p + arange(0, 32), sigmoid(v)); }");
    assert!(b.contains("Div(splat(1.0:f32):tile<32xf32>, Add(splat(1.0:f32):tile<32xf32>, Exp(Neg(v%1)"), "{b}");
    let b =
        body("kernel k(p: *f32) { let v = load(p + arange(0, 32)); store(p + arange(0, 32), clamp(v, 0.0, 6.0)); }");
    assert!(b.contains("MinNum(MaxNum(v%1, splat(0.0:f32)"), "{b}");
    let b = body("kernel k(p: *f32) { let v = load(p + arange(0, 32)); store(p + arange(0, 32), clamp(v, 0.0, 6.0, propagate_nan = \"all\")); }");
    assert!(b.contains("Minimum(Maximum(v%1, splat(0.0:f32)"), "{b}");
    let b = body("kernel k(p: *f32) { let v = load(p + arange(0, 32)); store(p + arange(0, 32), zeros_like(v) + v); }");
    assert!(b.contains("splat(0.0:f32):tile<32xf32>"), "{b}");
    let k = ok("kernel k(p: *f32) { let v = load(p + arange(0, 32)[:, None] * 32 + arange(0, 32)[None, :]); let s = sum(v, 1); let m = max(v); store(p, m); }");
    let b = dump::kernel(&k);
    assert!(
        b.contains("reduce_Sum(v%1, axis=Some(1)):tile<32xf32>") && b.contains("reduce_Max(v%1, axis=None):f32"),
        "{b}"
    );
    let b = body("kernel k(p: *f16) { let i = arange(0, 16); let a = load(p + i[:, None] * 16 + i[None, :]); let c = dot(a, a); store(p, sum(c).to(f16)); }");
    assert!(b.contains("dot(a%2, a%2, splat(0.0:f32):tile<16x16xf32>, Tf32):tile<16x16xf32>"), "{b}");
}

#[test]
fn rebinding_in_straight_line_code_may_change_type() {
    let k = ok("kernel k(p: *f32, n: i32) { let v = n; v = v.to(f32) * 0.5; store(p, v); }");
    let vs: Vec<String> = k.vars.iter().filter(|v| v.name == "v").map(|v| v.ty.to_string()).collect();
    assert_eq!(vs, ["i32", "f32"]);
}

#[test]
fn many_errors_are_reported_and_nothing_panics() {
    let e = err("kernel k(p: *f32) { let a = nope1; let b = nope2 + a; store(p, nope3); }");
    assert_eq!(e.matches("error:").count(), 3, "{e}"); // `b` uses the failed `a`: no extra error
    for src in [
        "",
        "kernel",
        "kernel k(",
        "kernel k() {",
        "kernel k() { let x = ; }",
        "fn f() { return; } kernel k() { f(); }",
        "kernel k(p: *f32) { store(p, p); }",
        "kernel k(p: *f32) { let a = (1, 2); store(p + a, 0.0); }",
        "kernel k(p: *f32) { let a = f32; store(p, a); }",
        "kernel k(p: *f32) { store(p + arange(0, 1 << 40), 0.0); }",
        "kernel k(p: *f32) { let t = 1 << 99; }",
        "kernel k(p: *f32) { let t = 0xFFFFFFFFFFFFFFFFFF; }",
        "kernel k(p: *f32) { let t = arange(0, 16)[None, None, :, None]; store(p, 0.0); }",
        "kernel k(p: *f32) { reshape(load(p + arange(0, 16)), (0, 16)); }",
        "kernel k(p: *f32) { let a = -2147483648; let b = a / -1; store(p, 0.0); }",
        "kernel k(p: *f32) { for i in range(0, 10, 0) {} }",
        "kernel k(p: *f32) { expand_dims(1, 5); histogram(arange(0, 16), 0); sort(1); }",
        "fn f(a = 1, b) { return a; } kernel k(p: *i32) { store(p, f(b = 2)); }",
    ] {
        let f = SourceFile::new("t.tile", src);
        if let Err(d) = check(&f, &[]) {
            let _ = render(&f, &d);
        }
    }
}

#[test]
fn every_builtin_checks() {
    let src = r#"
fn fill(shape, dt, v) { return full(shape, v, dt); }
kernel k(p: *f32, q: *i32, c: *u32, n: i32) {
    let i = arange(0, 16);
    let t = load(p + i[:, None] * 16 + i[None, :], mask = (i[:, None] < n) & (i[None, :] < n), other = 0.0,
                 cache_modifier = ".cg", volatile = false);
    let l = load(p, eviction_policy = "evict_last", sem = "acquire", scope = "cta");
    store(p, l, sem = "release");
    let a = t.sum(0) + t.max(1) + t.min(axis = 0) + sum(t, None);
    let b = argmax(t, 1) + argmin(t, 0);
    let e = expand_dims(i, 1) + broadcast_to(i, (16, 16)) + reshape(i, (4, 4)).trans().reshape((16,));
    let m = where(t > 0.0, t, -t) + abs(t) + fma(t, t, 1.0) + maximum(t, 0.0) + minimum(t, 1) + clamp(t, -1, 1);
    let f = exp(t) + exp2(t) + log(t) + log2(t) + sqrt(t) + rsqrt(t) + floor(t) + ceil(t) + sin(t) + cos(t) + erf(t)
        + tanh(t) + log1p(t) + expm1(t) + pow(t, 2) + fdiv(t, 3) + div_rn(t, t) + sqrt_rn(t) + umulhi(i, 3).to(f32);
    let s = cumsum(i, 0) + cumprod(i) + sort(i, descending = true) + histogram(i, 16);
    let z = fill((16, 16), f32, 2) + zeros((16, 16), f32) + zeros_like(t) + t.to(f16).to(f32);
    let d = dot(t, t, input_precision = "ieee") + dot(t.to(f16), t.to(f16), out_dtype = f32);
    let o = atomic_add(p + i, 1.0, mask = i < n) + atomic_max(p + i, 1.0, sem = "release", scope = "sys")
          + atomic_min(p, 0.0) + atomic_xchg(p, 3.0) + atomic_cas(p, 0.0, 1.0);
    let w = atomic_and(q, 1) | atomic_or(q, 2) | atomic_xor(q, 3);
    let h = multiple_of(n, 16) + max_contiguous(i, 16) + num_programs(0) + program_id(2) + cdiv(n, 16);
    store(c + i, i.to(u32, bitcast = true));
    static_assert(16 % 2 == 0);
    debug_barrier();
    device_print("vals", a, h);
}
"#;
    let b = body(src);
    assert!(b.contains("reduce_Argmax(t%5, axis=Some(1)):tile<16xi32>"), "{b}");
    assert!(b.contains("histogram(i%4, 16):tile<16xi32>"), "{b}");
    assert!(b.contains("evict=\"evict_last\", volatile=false, sem=acquire.cta)"), "{b}");
    assert!(b.contains("evict=\"\", sem=release.gpu)"), "{b}");
    assert!(b.contains("atomic_Max(addptr(splat(p%0)"), "{b}");
    assert!(b.contains(", release, sys)"), "{b}");
    assert!(b.contains("dot(t%5, t%5, splat(0.0:f32):tile<16x16xf32>, Ieee)"), "{b}");
    assert!(b.contains("debug_barrier") && b.contains("device_print(\"vals\""), "{b}");
}

#[test]
fn indexing_a_scalar_with_none_makes_a_one_element_tile() {
    let k =
        ok("kernel k(p: *i32, a: i32) {\n    let t = a[None, None];\n    store(p + arange(0, 1)[:, None], t);\n}\n");
    let e = last_let(&k);
    assert_eq!(e.ty.shape, vec![1, 1]);
    let ExprKind::ExpandDims { value, axis: 1 } = &e.kind else { panic!("{e:?}") };
    assert!(matches!(value.kind, ExprKind::Splat(_)) && value.ty.shape == [1]);
    let k = ok("kernel k(p: *i32, a: i32) {\n    let t = expand_dims(a, 0);\n    store(p + arange(0, 1), t);\n}\n");
    assert!(matches!(last_let(&k).kind, ExprKind::Splat(_)));
}

/// Python's two-argument `max(a, b)` / `min(a, b)`, which Triton maps to `maximum` /
/// `minimum`: elementwise with broadcasting and promotion, NaN ignored, folded on
/// constants; `max(tile, constant integer)` stays the reduction along that axis.
#[test]
fn two_argument_min_max() {
    let r = |expr: &str, params: &str| {
        // `r += 0` makes `r` a variable (a constant `let` is not a statement).
        let k = ok(&format!("kernel k(x: *f32, {params}) {{ let r = {expr}; r += 0; store(x, 0.0); }}"));
        dump::expr(&k, last_let(&k))
    };
    assert_eq!(
        r("min(n - program_id(0), G)", "n: i32, const G: i32 = 8"),
        "MinNum(Sub(n%1, program_id(0):i32):i32, 8:i32):i32"
    );
    assert_eq!(r("max(a, b)", "a: i32, b: f32"), "MaxNum(cast(a%1):f32, b%2):f32");
    assert_eq!(r("max(a, 2)", "a: u8"), "MaxNum(a%1, 2:u8):u8");
    // Constants fold as the code would run: NaN ignored, -0 below +0, unsigned compares.
    assert_eq!(r("max(3, 4) + min(3, 4)", "n: i32"), "7:i32");
    assert_eq!(r("min(2.5, nan)", "n: i32"), "2.5:f32");
    assert_eq!(r("maximum(nan, 1.0, propagate_nan = \"all\")", "n: i32"), "NaN:f32");
    assert_eq!(r("max(-0.0, 0.0)", "n: i32"), "0.0:f32");
    assert_eq!(r("min(0.0, -0.0)", "n: i32"), "-0.0:f32");
    assert_eq!(r("max(0xFFFF_FFFF.to(u32), 1.to(u32))", "n: i32"), "4294967295:u32");
    // A folded constant is a shape.
    ok("kernel k(x: *f32, const B: i32 = 256) { store(x + arange(0, min(B, 64)), 0.0); }");
    // Tiles: broadcast like any binary op.
    let k =
        ok("kernel k(x: *f32) { let r = max(arange(0, 16)[:, None], arange(0, 32)[None, :].to(f32)); store(x, 0.0); }");
    assert_eq!(last_let(&k).ty.to_string(), "tile<16x32xf32>");
    assert!(dump::expr(&k, last_let(&k)).starts_with("MaxNum(broadcast(cast("), "{}", dump::expr(&k, last_let(&k)));
    let t = "let v = load(x + arange(0, 32))";
    let k = ok(&format!("kernel k(x: *f32, n: f32) {{ {t}; let r = max(v, 0.0); let s = min(v, n); store(x, 0.0); }}"));
    assert_eq!(dump::expr(&k, last_let(&k)), "MinNum(v%2, splat(n%1):tile<32xf32>):tile<32xf32>");
    // With a constant integer second argument a tile is reduced (Triton's `tl.max(x, 0)`).
    let k = ok(&format!("kernel k(x: *f32) {{ {t}; let r = max(v, 0); store(x, r); }}"));
    assert_eq!(dump::expr(&k, last_let(&k)), "reduce_Max(v%1, axis=Some(0)):f32");
    let k = ok(&format!("kernel k(x: *f32) {{ {t}; let r = min(v, None); store(x, r); }}"));
    assert_eq!(dump::expr(&k, last_let(&k)), "reduce_Min(v%1, axis=None):f32");
    // ... unless `propagate_nan` says it is the elementwise form.
    let k = ok(&format!("kernel k(x: *f32) {{ {t}; let r = max(v, 0, propagate_nan = \"all\"); store(x, 0.0); }}"));
    assert_eq!(dump::expr(&k, last_let(&k)), "Maximum(v%1, splat(0.0:f32):tile<32xf32>):tile<32xf32>");
}

#[test]
fn if_expressions_type_their_branches() {
    // A literal branch takes the other branch's element type; a tile branch keeps its shape.
    let b = body("kernel k(x: *f16, c: i32) { let v = load(x + arange(0, 16)); let w = if c > 0 { v } else { 1.0 }; store(x + arange(0, 16), w); }");
    assert!(b.contains("let w%3 = if(Gt(c%1, 0:i32):i1, v%2, splat(1.0:f16):tile<16xf16>):tile<16xf16>"), "{b}");
    // A helper called in a branch is inlined into that branch, its store with it.
    let b = body("fn f(p: *i32) { store(p, 1); return 2; } kernel k(y: *i32, c: i32) { let v = if c > 0 { f(y) } else { 3 }; store(y, v); }");
    assert!(b.contains("let v%2 = if(Gt(c%1, 0:i32):i1, { store("), "{b}");
    // A constant condition keeps its branch alone; the other is not even checked.
    let b = body("kernel k(y: *i32, const N: i32 = 4) { let v = if N > 2 { 5 } else { nowhere }; store(y, v); }");
    assert!(b.contains("store(y%0, 5:i32,"), "{b}");
    assert!(err("kernel k(y: *i32, c: i32) { let v = if c > 0 { 1 } else { 2.5 }; store(y, v); }")
        .contains("`if` branches have different types: i32 and f32"));
}

#[test]
fn helpers_return_anywhere() {
    // A `return` in a run-time branch: a flag and a result variable, declared before the
    // body; what follows runs only if it did not return.
    let b = body("fn safe_div(a, b) { if b == 0 { return 0; } return a / b; } kernel k(x: *i32, a: i32, b: i32) { store(x, safe_div(a, b)); }");
    assert!(b.contains("let returned%") && b.contains("let safe_div_result%"), "{b}");
    assert!(b.contains("if Not(returned%"), "{b}");
    // In a loop, the return breaks it (its break flag is set).
    let b = body("fn first(x, n) { for i in range(0, n) { if load(x + i) < 0 { return i; } } return n; } kernel k(x: *i32, n: i32) { store(x, first(x, n)); }");
    assert!(b.contains("let break%"), "{b}");
    // A `return` in straight-line code (a constant `if`) is the value; the rest is not
    // checked, and no flag is made.
    let b =
        body("fn f(v, const A: bool) { if A { return v; } return nope; } kernel k(x: *i32) { store(x, f(1, true)); }");
    assert!(!b.contains("returned"), "{b}");
    // An unreachable statement after a return is not checked either (Triton stops there).
    ok("fn f(v) { return v; store(v, 1); } kernel k(x: *i32) { store(x, f(2)); }");
    // A helper whose every path returns in branches is complete.
    ok("fn sgn(v) { if v < 0 { return -1; } else { return 1; } } kernel k(x: *i32, n: i32) { store(x, sgn(n)); }");
    // Literals take the type of the other returns.
    let k = ok("fn f(v: f16) { if v > 0.0 { return v; } return 0; } kernel k(x: *f16, n: f16) { store(x, f(n)); }");
    assert!(k.vars.iter().any(|v| v.name == "f_result" && v.ty == Ty::scalar(Scalar::F16)));
    // A tuple returned early, and `return;` in a loop.
    ok("fn mm(a, b) { if a > b { return (b, a); } return (a, b); } kernel k(x: *i32, n: i32, m: i32) { let (a, b) = mm(n, m); store(x, a - b); }");
    ok("fn w(x, n) { let i = 0; while i < n { if load(x + i) == 0 { return; } store(x + i, 1); i += 1; } } kernel k(x: *i32, n: i32) { w(x, n); }");
}

#[test]
fn helpers_and_builtins_are_values() {
    // Passed to a helper, passed on, bound by `let`, and given to `reduce`.
    let b = body("fn sq(x) { return x * x; } fn apply(f, x) { return f(x); } fn app2(g, x) { return apply(g, x); } kernel k(p: *f32) { let f = sq; store(p, app2(f, load(p))); }");
    assert!(b.contains("Mul("), "{b}");
    ok("fn add(a, b) { return a + b; } fn fold(x, c) { return reduce(x, 0, c); } kernel k(p: *f32) { store(p, fold(load(p + arange(0, 16)), add)); }");
    // A builtin as a value; a `const` parameter takes one (Triton's `f: tl.constexpr`).
    let b = body("fn apply(const f, x) { return f(x); } kernel k(p: *f32) { store(p, apply(exp, load(p))); }");
    assert!(b.contains("Exp("), "{b}");
    let e = err("fn sq(x) { return x * x; } kernel k(p: *f32) { store(p, sq); }");
    assert!(e.contains("`sq` is a function, not a value"), "{e}");
}
