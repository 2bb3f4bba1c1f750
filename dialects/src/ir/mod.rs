//! The mirror IR: a plain Rust view of an MLIR module in generic form.
//!
//! Our passes are Rust functions over this view. Each runs inside MLIR's pass manager as an
//! external pass: it imports the module (`import`), rewrites the mirror, prints generic
//! text (`print`), and MLIR parses and verifies the result — so bad IR fails at the pass
//! that made it, and `--print-ir-after-all` shows every step. Types the passes inspect are
//! structured (`Type`); attributes and locations stay as MLIR prints them.

mod builder;
mod import;
mod print;
pub mod types;
mod walk;

pub use builder::Builder;
pub use import::import_module;
pub use types::{Blocked, Encoding, Mma, Shared, Type};

/// `loc("k.tile":3:5)` -> `k.tile:3:5`.
pub fn loc_line(loc: &str) -> String {
    let inner = loc.trim().trim_start_matches("loc(").trim_end_matches(')');
    match inner.strip_prefix('"').and_then(|s| s.split_once('"')) {
        Some((file, rest)) => format!("{file}{rest}"),
        None => inner.to_string(),
    }
}

/// An SSA value: an index into `Values`.
pub type ValueId = u32;

/// Every value of a module and its type.
#[derive(Clone, Debug, Default)]
pub struct Values {
    tys: Vec<Type>,
}

impl Values {
    pub fn new_value(&mut self, ty: Type) -> ValueId {
        self.tys.push(ty);
        (self.tys.len() - 1) as ValueId
    }
    pub fn ty(&self, v: ValueId) -> &Type {
        &self.tys[v as usize]
    }
    pub fn set_ty(&mut self, v: ValueId, ty: Type) {
        self.tys[v as usize] = ty;
    }
    pub fn len(&self) -> usize {
        self.tys.len()
    }
    pub fn is_empty(&self) -> bool {
        self.tys.is_empty()
    }
}

/// An attribute, as MLIR prints it (`0 : i32`, `"relaxed"`, `array<i32: 1, 0>`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attr(pub String);

impl Attr {
    /// A string attribute, escaped as MLIR reads it: `\"`, `\\`, `\n`, `\t`, and any other
    /// control character as two hex digits (Rust's `{:?}` escapes such as `\r` or
    /// `\u{1}` are not MLIR's).
    pub fn str(s: &str) -> Attr {
        let mut out = String::with_capacity(s.len() + 2);
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                c if c.is_control() && (c as u32) < 0x80 => out.push_str(&format!("\\{:02X}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        Attr(out)
    }
    /// A string attribute holding one of an attribute enum's values (`crate::attrs`).
    pub fn of<T: crate::attrs::StrEnum>(v: T) -> Attr {
        Attr::str(v.as_str())
    }
    pub fn int(v: i64, ty: &str) -> Attr {
        Attr(format!("{v} : {ty}"))
    }
    pub fn bool(b: bool) -> Attr {
        Attr(b.to_string())
    }
    /// The one value of a splat tile constant, `v` of `dense<v> : tensor<...>`; `None` for
    /// anything else (`dense<[1, 2]>`, a scalar). The verifier admits no other tile
    /// constant, and the lowering puts this value in every register.
    pub fn dense_splat(&self) -> Option<&str> {
        let (v, _) = self.0.trim().strip_prefix("dense<")?.split_once('>')?;
        (!v.is_empty() && !v.contains(['[', ',', '"'])).then_some(v)
    }
    /// The value of an integer attribute (`4 : i32`, `true`).
    pub fn as_int(&self) -> Option<i64> {
        let head = self.0.split(':').next()?.trim();
        match head {
            "true" => Some(1),
            "false" => Some(0),
            h => h.parse().ok(),
        }
    }
    /// The contents of a string attribute, unescaped.
    pub fn as_str(&self) -> Option<String> {
        let s = self.0.trim();
        let inner = s.strip_prefix('"')?.strip_suffix('"')?;
        Some(unescape_mlir(inner))
    }
}

/// MLIR string escapes: `\\`, `\"`, `\n`, `\t` and two-digit hex `\0A`.
pub fn unescape_mlir(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            let c = b[i + 1];
            match c {
                b'\\' | b'"' => {
                    out.push(c);
                    i += 2;
                }
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                _ if i + 2 < b.len() => {
                    let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("");
                    match u8::from_str_radix(hex, 16) {
                        Ok(v) => {
                            out.push(v);
                            i += 3;
                        }
                        Err(_) => {
                            out.push(b[i]);
                            i += 1;
                        }
                    }
                }
                _ => {
                    out.push(b[i]);
                    i += 1;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[derive(Clone, Debug, Default)]
pub struct Op {
    pub name: String,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    pub attrs: Vec<(String, Attr)>,
    pub regions: Vec<Region>,
    /// Successor blocks, as indices into the parent region's blocks.
    pub successors: Vec<usize>,
    /// The location, as MLIR prints it: `loc("k.tile":3:5)`.
    pub loc: String,
}

impl Op {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }
    pub fn set_attr(&mut self, name: &str, a: Attr) {
        match self.attrs.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = a,
            None => self.attrs.push((name.to_string(), a)),
        }
    }
    pub fn remove_attr(&mut self, name: &str) {
        self.attrs.retain(|(n, _)| n != name);
    }
    pub fn int_attr(&self, name: &str) -> Option<i64> {
        self.attr(name)?.as_int()
    }
    /// A kernel's warps per program: its `tile.num_warps`, written once when the module is
    /// made (tilegen resolves `#[num_warps]` and `--num-warps`; for a `.mlir` input the
    /// driver writes `--num-warps` there), else 4. Every pass reads it here.
    pub fn num_warps(&self) -> u32 {
        self.int_attr(crate::attrname::TILE_NUM_WARPS).map_or(4, |n| n as u32)
    }
    /// `tile.trans`'s `order`: result axis i is operand axis `order[i]`.
    pub fn trans_order(&self) -> Option<Vec<usize>> {
        Some(types::parse_i32_array(&self.attr("order")?.0).into_iter().map(|d| d as usize).collect())
    }
    pub fn str_attr(&self, name: &str) -> Option<String> {
        self.attr(name)?.as_str()
    }
    /// A string attribute read as the enum of its values (`crate::attrs`): `None` when it
    /// is absent or not one of them.
    pub fn enum_attr<T: crate::attrs::StrEnum>(&self, name: &str) -> Option<T> {
        T::parse(&self.str_attr(name)?)
    }
    pub fn result(&self) -> ValueId {
        self.results[0]
    }
    /// Operands of an op with `operandSegmentSizes`: the operands of segment `i`.
    pub fn segment(&self, i: usize) -> &[ValueId] {
        let sizes: Vec<usize> = match self.attr("operandSegmentSizes") {
            Some(a) => types::parse_i32_array(&a.0).into_iter().map(|x| x as usize).collect(),
            None => return self.operands.get(i..i + 1).unwrap_or(&[]),
        };
        let start: usize = sizes[..i.min(sizes.len())].iter().sum();
        let len = sizes.get(i).copied().unwrap_or(0);
        // Sizes that do not add up (hand-written IR: the verifier refuses it) give nothing.
        self.operands.get(start..start.saturating_add(len)).unwrap_or(&[])
    }
    /// The single operand of optional segment `i`, if present.
    pub fn optional(&self, i: usize) -> Option<ValueId> {
        self.segment(i).first().copied()
    }
}

#[derive(Clone, Debug, Default)]
pub struct Region {
    pub blocks: Vec<Block>,
}

#[derive(Clone, Debug, Default)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub ops: Vec<Op>,
}

impl Region {
    pub fn single(block: Block) -> Region {
        Region { blocks: vec![block] }
    }
    pub fn entry(&self) -> &Block {
        &self.blocks[0]
    }
}

/// A module: the attributes of its `builtin.module` op and the ops of its body.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub values: Values,
    pub attrs: Vec<(String, Attr)>,
    pub body: Vec<Op>,
    pub loc: String,
}

impl Module {
    /// Runs `f` on each kernel (`func.func`) with the module's values, stopping at the
    /// first error: the shape every per-kernel pass takes.
    pub fn funcs_mut<E>(&mut self, mut f: impl FnMut(&mut Values, &mut Op) -> Result<(), E>) -> Result<(), E> {
        let Module { values, body, .. } = self;
        for op in body.iter_mut().filter(|o| o.name == "func.func") {
            f(values, op)?;
        }
        Ok(())
    }

    /// Every op, depth first, in order.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Op)) {
        for op in &self.body {
            f(op);
            op.walk_nested(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Attr;

    #[test]
    fn string_attributes_round_trip() {
        for s in ["plain", "q\"b\\s", "n\nt\t", "cr\r nul\0 bel\u{7}", "é ✓"] {
            assert_eq!(Attr::str(s).as_str().as_deref(), Some(s), "{:?}", Attr::str(s));
        }
        assert_eq!(Attr::str("a\rb").0, "\"a\\0Db\"");
    }
}
