//! PTX memory instructions as `llvm.inline_asm`: the exact forms the memsem ops promise
//! (cache modifiers, eviction priorities, volatile, atomics with sem and scope).

use tile_dialects::attrname;
use tile_dialects::attrs::{CacheModifier, EvictionPolicy, MemOrder, MemScope, MemSem};
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

/// The register constraint letter for a PTX value of `bits`.
pub fn constraint(bits: u32) -> &'static str {
    match bits {
        1 => "b",
        64 => "l",
        32 => "r",
        _ => "h",
    }
}

/// Emits `asm` with `inputs` (after `outs` outputs of `out_bits` each); returns the outputs.
pub fn asm(b: &mut Builder, text: &str, outs: &[u32], inputs: &[(ValueId, &str)], side_effects: bool) -> Vec<ValueId> {
    let mut cons: Vec<String> = outs.iter().map(|w| format!("={}", constraint(*w))).collect();
    cons.extend(inputs.iter().map(|(_, c)| c.to_string()));
    let operands: Vec<ValueId> = inputs.iter().map(|(v, _)| *v).collect();
    let attrs = asm_attrs(text, &cons.join(","), side_effects);
    match outs.len() {
        0 => {
            b.op("llvm.inline_asm", &operands, &[], &attrs);
            vec![]
        }
        1 => vec![b.op1("llvm.inline_asm", &operands, Type::Int(outs[0]), &attrs)],
        _ => {
            let fields: Vec<String> = outs.iter().map(|w| format!("i{w}")).collect();
            let st = Type::Other(format!("!llvm.struct<({})>", fields.join(", ")));
            let s = b.op1("llvm.inline_asm", &operands, st, &attrs);
            outs.iter()
                .enumerate()
                .map(|(i, w)| {
                    b.op1("llvm.extractvalue", &[s], Type::Int(*w), &[("position", Attr(format!("array<i64: {i}>")))])
                })
                .collect()
        }
    }
}

/// The attributes of an `llvm.inline_asm` of `text` with LLVM `constraints`.
fn asm_attrs(text: &str, constraints: &str, side_effects: bool) -> Vec<(&'static str, Attr)> {
    let mut attrs = vec![
        ("asm_dialect", Attr("0 : i64".into())),
        ("asm_string", Attr::str(text)),
        ("constraints", Attr::str(constraints)),
    ];
    if side_effects {
        attrs.push(("has_side_effects", Attr("unit".into())));
    }
    attrs
}

/// `text` with the caller's own `constraints` (one output, of type `ty`): a user's asm
/// (`inline_asm_elementwise`), passed through as written.
pub fn asm_with(
    b: &mut Builder,
    text: &str,
    constraints: &str,
    xs: &[ValueId],
    ty: Type,
    side_effects: bool,
) -> ValueId {
    b.op1("llvm.inline_asm", xs, ty, &asm_attrs(text, constraints, side_effects))
}

/// Operand placeholders `{$a, $b, ...}` (or `$a` alone) from index `first`.
fn regs(first: usize, n: usize) -> String {
    let r: Vec<String> = (first..first + n).map(|i| format!("${i}")).collect();
    if n == 1 {
        r[0].clone()
    } else {
        format!("{{{}}}", r.join(", "))
    }
}

fn vec_suffix(n: usize) -> String {
    if n == 1 {
        String::new()
    } else {
        format!(".v{n}")
    }
}

/// The attributes of a `memsem.load` / `memsem.store` that pick its PTX form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemAttrs {
    pub order: MemOrder,
    /// `None` for a weak or volatile access (`scope = ""`).
    pub scope: Option<MemScope>,
    pub cache: CacheModifier,
    pub evict: EvictionPolicy,
}

impl MemAttrs {
    /// Read once from the op (IRDL has verified each is one of its enum's values; an
    /// absent one reads as the plain access's).
    pub fn of(op: &Op) -> MemAttrs {
        MemAttrs {
            order: op.enum_attr(attrname::ORDER).unwrap_or(MemOrder::Weak),
            scope: op.enum_attr(attrname::SCOPE),
            cache: op.enum_attr(attrname::CACHE).unwrap_or_default(),
            evict: op.enum_attr(attrname::EVICT).unwrap_or_default(),
        }
    }
}

/// Qualifiers of `ld` / `st` in PTX order: `.volatile` or `.{order}.{scope}` (the memsem
/// dialect has already verified the order suits the instruction), then the state space,
/// then the cache operator or L1 eviction priority.
fn qualifiers(instr: &str, a: MemAttrs) -> String {
    let mut q = String::from(instr);
    match a.order {
        MemOrder::Volatile => q.push_str(".volatile"),
        MemOrder::Weak => {}
        MemOrder::Sem(s) => q.push_str(&format!(".{s}.{}", a.scope.map_or("", |s| s.as_str()))),
    }
    q.push_str(".global");
    if a.cache != CacheModifier::None {
        q.push_str(a.cache.as_str());
    } else if a.evict != EvictionPolicy::Normal {
        q.push_str(&format!(".L1::{}", a.evict));
    }
    q
}

pub fn load_qualifiers(a: MemAttrs) -> String {
    qualifiers("ld", a)
}

pub fn store_qualifiers(a: MemAttrs) -> String {
    qualifiers("st", a)
}

/// A (predicated) vector load of `n` words of `w` bits: returns the words, in registers
/// of `w.max(16)` bits (PTX has no 8-bit registers: `ld.b8` fills a 16-bit one).
///
/// With `other` words, a masked-off load (`pred` false) leaves those in its registers:
/// they are moved in before the predicated load, as Triton does, and no select follows.
pub fn load_words(
    b: &mut Builder,
    quals: &str,
    ptr: ValueId,
    pred: Option<ValueId>,
    other: Option<&[ValueId]>,
    n: usize,
    w: u32,
) -> Vec<ValueId> {
    let mut inputs = vec![(ptr, "l")];
    let mut text = String::new();
    if let Some(p) = pred {
        inputs.push((p, "b"));
        let c = constraint(w.max(16));
        for (i, o) in other.unwrap_or_default().iter().enumerate() {
            inputs.push((*o, c));
            text.push_str(&format!("mov.b{} ${i}, ${};\n\t", w.max(16), n + 2 + i));
        }
        text.push_str(&format!("@${} ", n + 1));
    }
    text.push_str(&format!("{quals}{}.b{w} {}, [${n}];", vec_suffix(n), regs(0, n)));
    asm(b, &text, &vec![w.max(16); n], &inputs, true)
}

/// A (predicated) vector store of `words` of `w` bits each (8-bit words given in 16-bit
/// registers).
pub fn store_words(b: &mut Builder, quals: &str, ptr: ValueId, pred: Option<ValueId>, words: &[ValueId], w: u32) {
    let n = words.len();
    let c = constraint(w.max(16));
    let mut inputs = vec![(ptr, "l")];
    inputs.extend(words.iter().map(|v| (*v, c)));
    let mut text = String::new();
    if let Some(p) = pred {
        inputs.push((p, "b"));
        text.push_str(&format!("@${} ", n + 1));
    }
    text.push_str(&format!("{quals}{}.b{w} [$0], {};", vec_suffix(n), regs(1, n)));
    asm(b, &text, &[], &inputs, true);
}

/// `atom.global.{sem}.{scope}.{op}.{type}`; returns the old value (a `w`-bit word).
pub fn atomic(
    b: &mut Builder,
    sem: MemSem,
    scope: MemScope,
    op_ty: &str,
    ptr: ValueId,
    vals: &[ValueId],
    w: u32,
    pred: ValueId,
) -> ValueId {
    let c = constraint(w);
    let mut inputs = vec![(ptr, "l")];
    inputs.extend(vals.iter().map(|v| (*v, c)));
    inputs.push((pred, "b"));
    let args: Vec<String> = (2..2 + vals.len()).map(|i| format!("${i}")).collect();
    let text = format!("@${} atom.global.{sem}.{scope}.{op_ty} $0, [$1], {};", 2 + vals.len(), args.join(", "));
    asm(b, &text, &[w], &inputs, true)[0]
}

/// A one-instruction PTX math op on f32 (`ex2.approx.f32`, `lg2.approx.f32`, ...).
pub fn f32_unary(b: &mut Builder, instr: &str, x: ValueId) -> ValueId {
    f32_op(b, instr, &[x])
}

/// `instr $0, $1, ...` on f32 operands, pure (LLVM may move or merge it).
pub fn f32_op(b: &mut Builder, instr: &str, xs: &[ValueId]) -> ValueId {
    let args: Vec<String> = (1..=xs.len()).map(|i| format!("${i}")).collect();
    let cons = std::iter::once("=f").chain(xs.iter().map(|_| "f")).collect::<Vec<_>>().join(",");
    asm_with(b, &format!("{instr} $0, {};", args.join(", ")), &cons, xs, Type::F32, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(order: &str, scope: &str, cache: &str, evict: &str) -> MemAttrs {
        MemAttrs {
            order: MemOrder::parse(order).unwrap(),
            scope: MemScope::parse(scope),
            cache: CacheModifier::parse(cache).unwrap(),
            evict: EvictionPolicy::parse(evict).unwrap(),
        }
    }

    #[test]
    fn qualifiers_follow_ptx_order() {
        assert_eq!(load_qualifiers(q("weak", "", "", "")), "ld.global");
        assert_eq!(load_qualifiers(q("weak", "", ".cg", "")), "ld.global.cg");
        assert_eq!(load_qualifiers(q("weak", "", "", "evict_last")), "ld.global.L1::evict_last");
        assert_eq!(load_qualifiers(q("volatile", "", "", "")), "ld.volatile.global");
        assert_eq!(load_qualifiers(q("acquire", "gpu", "", "")), "ld.acquire.gpu.global");
        assert_eq!(store_qualifiers(q("release", "gpu", "", "")), "st.release.gpu.global");
        assert_eq!(store_qualifiers(q("weak", "", ".cs", "")), "st.global.cs");
    }
}
