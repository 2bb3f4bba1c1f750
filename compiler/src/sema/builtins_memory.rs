//! The memory builtins (`load`, `store`, atomics) and the keyword arguments that carry
//! their semantics (`sem`, `scope`, `cache_modifier`, `eviction_policy`, `volatile`).

use super::broadcast::{broadcast_expr, broadcasts_to};
use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

use super::builtins::{expr, Args};
use super::scope::suggest;
use tile_dialects::attrs::StrEnum;

impl<'a> Checker<'a> {
    /// The pointer argument of a memory builtin.
    pub(super) fn pointer_arg(&mut self, fname: &str, e: &ast::Expr) -> R<(TExpr, Scalar)> {
        let p = self.value(e)?;
        match p.ty().elem {
            Elem::Ptr(s) => Ok((p, s)),
            _ => Err(self.err(
                Diagnostic::error(format!("`{fname}` needs a pointer, found {}", p.ty()), e.span, "not a pointer")
                    .help("offset a pointer parameter, e.g. `x + offs`"),
            )),
        }
    }

    /// A mask: i1, broadcast to the pointer's shape.
    pub(super) fn mask_arg(&mut self, fname: &str, e: Option<&ast::Expr>, ptr: &TExpr) -> R<Option<Box<Expr>>> {
        let Some(e) = e else { return Ok(None) };
        let m = self.value(e)?;
        if m.ty().elem != Elem::Scalar(Scalar::I1) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{fname}` mask must be bool (i1), found {}", m.ty()),
                    e.span,
                    "not a bool mask",
                )
                .help("build masks with comparisons, e.g. `offs < n`"),
            ));
        }
        if !broadcasts_to(&m.ty().shape, &ptr.ty().shape) {
            return Err(self.err(
                Diagnostic::error(
                    format!("mask shape does not match the pointer: mask is {}, pointer is {}", m.ty(), ptr.ty()),
                    e.span,
                    format!("mask is {}", m.ty()),
                )
                .with_secondary(ptr.span(), format!("pointer is {}", ptr.ty())),
            ));
        }
        Ok(Some(Box::new(broadcast_expr(m.e, &ptr.ty().shape))))
    }

    /// A value stored or combined at `ptr`: converted to the pointee, broadcast to its shape.
    pub(super) fn value_at(&mut self, fname: &str, what: &str, e: &ast::Expr, ptr: &TExpr, pointee: Scalar) -> R<Expr> {
        let v = self.value(e)?;
        if !broadcasts_to(&v.ty().shape, &ptr.ty().shape) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{fname}` {what} is {} but the pointer is {}", v.ty(), ptr.ty()),
                    e.span,
                    format!("{what} is {}", v.ty()),
                )
                .with_secondary(ptr.span(), format!("pointer is {}", ptr.ty()))
                .note("the value must have the pointer's shape or broadcast to it"),
            ));
        }
        let c = self.convert_any(v, pointee)?;
        Ok(broadcast_expr(c, &ptr.ty().shape))
    }

    pub(super) fn load(&mut self, a: &Args, sp: Span) -> R<Val> {
        let (ptr, pointee) = self.pointer_arg("load", a[0].unwrap())?;
        let mask = self.mask_arg("load", a[1], &ptr)?;
        let other = match a[2] {
            Some(o) => {
                if mask.is_none() {
                    return self.error("`other` without `mask` has no effect", o.span, "give a `mask` too");
                }
                Some(Box::new(self.value_at("load", "`other`", o, &ptr, pointee)?))
            }
            None => None,
        };
        let cache = self.cache_arg(a[3], true)?;
        let evict = self.evict_arg(a[4])?;
        let volatile = match a[5] {
            Some(v) => self.const_bool(v, "volatile")?,
            None => false,
        };
        let (sem, scope) = self.order_args("load", a[6], a[7], MemSem::Acquire)?;
        self.check_modifiers(&a[3..6], a[6], cache, evict, volatile, sem)?;
        let ty = Ty::tile(Elem::Scalar(pointee), ptr.ty().shape.clone());
        Ok(expr(ExprKind::Load { ptr: Box::new(ptr.e), mask, other, cache, evict, volatile, sem, scope }, ty, sp))
    }

    pub(super) fn store(&mut self, a: &Args, sp: Span) -> R<Val> {
        let (ptr, pointee) = self.pointer_arg("store", a[0].unwrap())?;
        let value = self.value_at("store", "value", a[1].unwrap(), &ptr, pointee);
        let mask = self.mask_arg("store", a[2], &ptr);
        let (value, mask) = (value?, mask?);
        let cache = self.cache_arg(a[3], false)?;
        let evict = self.evict_arg(a[4])?;
        let (sem, scope) = self.order_args("store", a[5], a[6], MemSem::Release)?;
        self.check_modifiers(&[a[3], a[4], None], a[5], cache, evict, false, sem)?;
        self.pending.push(Stmt::Store {
            ptr: ptr.e,
            value,
            mask: mask.map(|m| *m),
            cache,
            evict,
            sem,
            scope,
            desc: None,
            span: sp,
        });
        Ok(Val::Unit(sp))
    }

    /// PTX has no atomics on bytes, fp8 or not.
    fn no_fp8_atomic(&mut self, name: &str, pointee: Scalar, ptr: &TExpr) -> R<()> {
        if !pointee.is_fp8() {
            return Ok(());
        }
        self.error(
            format!("`{name}` on {pointee}: PTX has no atomics on fp8"),
            ptr.span(),
            format!("this points to {pointee}"),
        )
    }

    pub(super) fn atomic(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        // `atomic_<kind>`, the builtins' names spelling the IR's kinds.
        let op = name.strip_prefix("atomic_").and_then(AtomicOp::parse).unwrap_or(AtomicOp::Xchg);
        let (ptr, pointee) = self.pointer_arg(name, a[0].unwrap())?;
        self.no_fp8_atomic(name, pointee, &ptr)?;
        if matches!(op, AtomicOp::And | AtomicOp::Or | AtomicOp::Xor) && pointee.is_float() {
            return self.error(
                format!("`{name}` needs integer elements, found *{pointee}"),
                a[0].unwrap().span,
                "float pointer",
            );
        }
        let val = self.value_at(name, "value", a[1].unwrap(), &ptr, pointee)?;
        let mask = self.mask_arg(name, a[2], &ptr)?;
        let sem = self.sem_arg(a[3])?;
        let scope = self.scope_arg(a[4])?;
        let ty = Ty::tile(Elem::Scalar(pointee), ptr.ty().shape.clone());
        Ok(expr(ExprKind::Atomic { op, ptr: Box::new(ptr.e), val: Box::new(val), mask, sem, scope }, ty, sp))
    }

    pub(super) fn atomic_cas(&mut self, a: &Args, sp: Span) -> R<Val> {
        let (ptr, pointee) = self.pointer_arg("atomic_cas", a[0].unwrap())?;
        self.no_fp8_atomic("atomic_cas", pointee, &ptr)?;
        let cmp = self.value_at("atomic_cas", "`cmp`", a[1].unwrap(), &ptr, pointee)?;
        let val = self.value_at("atomic_cas", "`val`", a[2].unwrap(), &ptr, pointee)?;
        let sem = self.sem_arg(a[3])?;
        let scope = self.scope_arg(a[4])?;
        let ty = Ty::tile(Elem::Scalar(pointee), ptr.ty().shape.clone());
        Ok(expr(
            ExprKind::AtomicCas { ptr: Box::new(ptr.e), cmp: Box::new(cmp), val: Box::new(val), sem, scope },
            ty,
            sp,
        ))
    }

    /// A string keyword argument checked against its allowed values.
    pub(super) fn string_arg(&mut self, e: &ast::Expr, what: &str, allowed: &[&str]) -> R<usize> {
        let s = match self.check_expr(e)? {
            Val::Str(s, _) => s,
            v => {
                return self.error(format!("`{what}` must be a string, found {}", v.describe()), e.span, "not a string")
            }
        };
        if let Some(i) = allowed.iter().position(|a| *a == s) {
            return Ok(i);
        }
        let list: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
        let mut d = Diagnostic::error(
            format!("invalid `{what}` value \"{s}\""),
            e.span,
            format!("expected one of {}", list.join(", ")),
        );
        if let Some(g) = suggest(&s, allowed.iter().copied().filter(|a| !a.is_empty())) {
            d = d.help(format!("did you mean \"{g}\"?"));
        }
        Err(self.err(d))
    }

    pub(super) fn sem_arg(&mut self, e: Option<&ast::Expr>) -> R<MemSem> {
        match e {
            None => Ok(MemSem::default()),
            Some(e) => Ok(MemSem::ALL[self.string_arg(e, "sem", &names(MemSem::ALL))?]),
        }
    }

    pub(super) fn scope_arg(&mut self, e: Option<&ast::Expr>) -> R<MemScope> {
        match e {
            None => Ok(MemScope::default()),
            Some(e) => Ok(MemScope::ALL[self.string_arg(e, "scope", &names(MemScope::ALL))?]),
        }
    }

    /// `sem` / `scope` of a load (relaxed or acquire) or store (relaxed or release):
    /// `None` is a plain weak access. `scope` alone is an error (it scopes an ordering).
    pub(super) fn order_args(
        &mut self,
        fname: &str,
        sem: Option<&ast::Expr>,
        scope: Option<&ast::Expr>,
        strong: MemSem,
    ) -> R<(Option<MemSem>, MemScope)> {
        let allowed = [MemSem::Relaxed, strong];
        let sem = match sem {
            None => None,
            Some(e) => Some(allowed[self.string_arg(e, "sem", &allowed.map(|s| s.as_str()))?]),
        };
        if sem.is_none() {
            if let Some(e) = scope {
                return self.error(format!("`scope` of a `{fname}` needs a `sem`"), e.span, "no ordering to scope");
            }
        }
        Ok((sem, self.scope_arg(scope)?))
    }

    /// PTX cannot combine a cache operator with an L1 eviction priority, nor either with
    /// `.volatile`, nor a cache operator with `.relaxed` / `.acquire` / `.release`.
    /// `mods` are the cache_modifier, eviction_policy and volatile arguments.
    pub(super) fn check_modifiers(
        &mut self,
        mods: &[Option<&ast::Expr>],
        sem_e: Option<&ast::Expr>,
        cache: CacheModifier,
        evict: EvictionPolicy,
        volatile: bool,
        sem: Option<MemSem>,
    ) -> R<()> {
        let has_cache = cache != CacheModifier::None;
        let has_evict = evict != EvictionPolicy::Normal;
        let at = |i: usize| mods.get(i).copied().flatten();
        if volatile && (has_cache || has_evict || sem.is_some()) {
            let what = if sem.is_some() {
                "`sem`"
            } else if has_cache {
                "`cache_modifier`"
            } else {
                "`eviction_policy`"
            };
            let e = if sem.is_some() {
                sem_e
            } else if has_cache {
                at(0)
            } else {
                at(1)
            };
            return Err(self.err(
                Diagnostic::error(
                    format!("`volatile = true` cannot be combined with {what}"),
                    e.or(at(2)).unwrap().span,
                    "PTX's ld.volatile has no such form",
                )
                .help("volatile already bypasses caching in registers; use `sem = \"acquire\"` for ordering"),
            ));
        }
        if has_cache && has_evict {
            return self.error(
                "`cache_modifier` and `eviction_policy` cannot be combined (PTX has no such form)",
                at(1).unwrap().span,
                "give one or the other",
            );
        }
        if has_cache && sem.is_some() {
            return self.error(
                format!(
                    "`cache_modifier = \"{}\"` cannot be combined with `sem` (PTX has no such form)",
                    cache.as_str()
                ),
                at(0).unwrap().span,
                "a weak access only",
            );
        }
        Ok(())
    }

    pub(super) fn cache_arg(&mut self, e: Option<&ast::Expr>, load: bool) -> R<CacheModifier> {
        use CacheModifier::*;
        let all: &[CacheModifier] = if load { &[None, Ca, Cg, Cv, Cs, Lu] } else { &[None, Wb, Wt, Cg, Cs] };
        match e {
            Option::None => Ok(None),
            Some(e) => Ok(all[self.string_arg(e, "cache_modifier", &names(all))?]),
        }
    }

    pub(super) fn evict_arg(&mut self, e: Option<&ast::Expr>) -> R<EvictionPolicy> {
        match e {
            None => Ok(EvictionPolicy::default()),
            Some(e) => Ok(EvictionPolicy::ALL[self.string_arg(e, "eviction_policy", &names(EvictionPolicy::ALL))?]),
        }
    }
}

/// The source spellings of an attribute's values: the IR's (`tile_dialects::attrs`).
fn names<T: StrEnum>(all: &[T]) -> Vec<&'static str> {
    all.iter().map(|v| v.as_str()).collect()
}
