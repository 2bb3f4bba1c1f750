//! Structured MLIR types of the mirror IR: the types our passes inspect, with everything
//! else kept as printed text. `Display` prints MLIR syntax; `parse` reads it back.

use super::Attr;
use crate::scalar::ScalarType;
use std::fmt;

/// The scalar cases (`Int`, the floats) are a view of `ScalarType`, the one list of
/// element types: every property and spelling of them goes through it (`as_scalar`,
/// `scalar`). They stay variants rather than one `Scalar(ScalarType)` case because the
/// passes match on them in several hundred places (`Type::F32`, `Type::Int(b)`), and
/// because MLIR's integers are signless and of any width, which `ScalarType`'s
/// signed / unsigned kinds are not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Signless integer of this many bits (`i1`, `i32`).
    Int(u32),
    F16,
    BF16,
    F32,
    F64,
    /// `f8E4M3FN` (Triton's `float8e4nv`): no infinity, NaN = 0x7f/0xff, max 448.
    F8E4M3,
    /// `f8E5M2` (Triton's `float8e5`): IEEE-like, with infinities, max 57344.
    F8E5M2,
    Index,
    /// `!tile.ptr<T>`: a pointer to global memory holding `T`.
    TilePtr(Box<Type>),
    /// `tensor<4x8xT, #enc>`: a tile.
    Tensor {
        shape: Vec<i64>,
        elem: Box<Type>,
        encoding: Option<Encoding>,
    },
    /// `!layout.memdesc<array<i64: ...>, T, #layout.shared<...>>`: a tile in shared
    /// memory (a leading dimension counts the slots of a ring buffer).
    MemDesc {
        shape: Vec<i64>,
        elem: Box<Type>,
        layout: Shared,
    },
    /// `!llvm.ptr` (address space 0) or `!llvm.ptr<N>`.
    LlvmPtr(u32),
    /// Any other type, as MLIR prints it.
    Other(String),
}

/// A tile's encoding (the `layout` dialect's attributes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    Blocked(Blocked),
    /// Dimension `dim` of `parent` reduced away.
    Slice {
        dim: u32,
        parent: Box<Encoding>,
    },
    /// A tensor-core accumulator (`#layout.mma`).
    Mma(Mma),
    /// Operand `idx` (0: A, 1: B) of a tensor-core product whose accumulator is in
    /// `parent`, `k_width` consecutive elements along K a register group.
    DotOp {
        idx: u32,
        parent: Box<Encoding>,
        k_width: u32,
    },
    Other(String),
}

/// `#layout.mma`: see `dialects/irdl/layout.irdl.mlir`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mma {
    /// 2: mma.sync (sm_80); 3: wgmma (sm_90a).
    pub version: u32,
    /// Warps along M and N.
    pub warps_per_cta: Vec<u32>,
    /// The instruction's M, N, K (one warp's for version 2, one warp group's for 3).
    pub instr_shape: Vec<u32>,
}

/// `#layout.blocked`: see `dialects/irdl/layout.irdl.mlir`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Blocked {
    pub size_per_thread: Vec<u32>,
    pub threads_per_warp: Vec<u32>,
    pub warps_per_cta: Vec<u32>,
    /// Dimensions, fastest-varying first.
    pub order: Vec<u32>,
}

impl Type {
    pub fn i(bits: u32) -> Type {
        Type::Int(bits)
    }
    /// MLIR's type for an element type (signless: `u32` is `i32`).
    pub fn scalar(s: ScalarType) -> Type {
        match s {
            ScalarType::F16 => Type::F16,
            ScalarType::BF16 => Type::BF16,
            ScalarType::F32 => Type::F32,
            ScalarType::F64 => Type::F64,
            ScalarType::F8E4M3 => Type::F8E4M3,
            ScalarType::F8E5M2 => Type::F8E5M2,
            s => Type::Int(s.bits()),
        }
    }
    /// The element type of a scalar type (integers as the signed kind of their width);
    /// `None` for other types and integer widths no element type has.
    pub fn as_scalar(&self) -> Option<ScalarType> {
        Some(match self {
            Type::Int(b) => return ScalarType::signless_int(*b),
            Type::F16 => ScalarType::F16,
            Type::BF16 => ScalarType::BF16,
            Type::F32 => ScalarType::F32,
            Type::F64 => ScalarType::F64,
            Type::F8E4M3 => ScalarType::F8E4M3,
            Type::F8E5M2 => ScalarType::F8E5M2,
            _ => return None,
        })
    }
    pub fn tensor(shape: Vec<i64>, elem: Type) -> Type {
        Type::Tensor { shape, elem: Box::new(elem), encoding: None }
    }
    pub fn is_tensor(&self) -> bool {
        matches!(self, Type::Tensor { .. })
    }
    pub fn is_float(&self) -> bool {
        self.as_scalar().is_some_and(|s| s.is_float())
    }
    pub fn is_fp8(&self) -> bool {
        self.as_scalar().is_some_and(|s| s.is_fp8())
    }
    pub fn is_memdesc(&self) -> bool {
        matches!(self, Type::MemDesc { .. })
    }
    /// The element type of a tensor or shared-memory tile, or the type itself.
    pub fn elem(&self) -> &Type {
        match self {
            Type::Tensor { elem, .. } | Type::MemDesc { elem, .. } => elem,
            t => t,
        }
    }
    pub fn shape(&self) -> &[i64] {
        match self {
            Type::Tensor { shape, .. } | Type::MemDesc { shape, .. } => shape,
            _ => &[],
        }
    }
    /// The shared layout of a shared-memory tile.
    pub fn shared(&self) -> Option<&Shared> {
        match self {
            Type::MemDesc { layout, .. } => Some(layout),
            _ => None,
        }
    }
    pub fn encoding(&self) -> Option<&Encoding> {
        match self {
            Type::Tensor { encoding, .. } => encoding.as_ref(),
            _ => None,
        }
    }
    /// The same tensor with another encoding (scalars are returned unchanged).
    pub fn with_encoding(&self, enc: Option<Encoding>) -> Type {
        match self {
            Type::Tensor { shape, elem, .. } => {
                Type::Tensor { shape: shape.clone(), elem: elem.clone(), encoding: enc }
            }
            t => t.clone(),
        }
    }
    /// The same shape and encoding with another element type.
    pub fn with_elem(&self, e: Type) -> Type {
        match self {
            Type::Tensor { shape, encoding, .. } => {
                Type::Tensor { shape: shape.clone(), elem: Box::new(e), encoding: encoding.clone() }
            }
            _ => e,
        }
    }
    /// Bit width of an integer or float type (pointers: 64).
    pub fn bits(&self) -> u32 {
        match self {
            Type::Int(b) => *b,
            Type::F16 | Type::BF16 | Type::F32 | Type::F64 | Type::F8E4M3 | Type::F8E5M2 => {
                self.as_scalar().map_or(0, |s| s.bits())
            }
            Type::Index | Type::TilePtr(_) | Type::LlvmPtr(_) => 64,
            Type::Tensor { elem, .. } | Type::MemDesc { elem, .. } => elem.bits(),
            Type::Other(_) => 0,
        }
    }
    pub fn numel(&self) -> i64 {
        self.shape().iter().product()
    }

    /// Parses MLIR's printed form of a type.
    pub fn parse(s: &str) -> Type {
        let s = s.trim();
        if let Some(t) = ScalarType::from_mlir(s).filter(|t| t.is_float()) {
            return Type::scalar(t);
        }
        match s {
            "index" => return Type::Index,
            "!llvm.ptr" => return Type::LlvmPtr(0),
            _ => {}
        }
        if let Some(b) = s.strip_prefix('i').and_then(|b| b.parse().ok()) {
            return Type::Int(b);
        }
        if let Some(inner) = strip_wrapped(s, "!tile.ptr<") {
            return Type::TilePtr(Box::new(Type::parse(inner)));
        }
        if let Some(inner) = strip_wrapped(s, "!layout.memdesc<") {
            let parts = split_top(inner, ',');
            if let [shape, elem, layout] = parts.as_slice() {
                let shape = parse_i64_array(shape);
                if let Some(layout) = Shared::parse_str(layout) {
                    return Type::MemDesc { shape, elem: Box::new(Type::parse(elem)), layout };
                }
            }
        }
        if let Some(inner) = strip_wrapped(s, "!llvm.ptr<") {
            if let Ok(n) = inner.trim().parse() {
                return Type::LlvmPtr(n);
            }
        }
        if let Some(inner) = strip_wrapped(s, "tensor<") {
            let parts = split_top(inner, ',');
            let body = parts[0];
            let encoding = parts.get(1).map(|e| Encoding::parse(e));
            // Dims are `NUMx`; the element type starts at the first piece that is not a number.
            let mut shape = vec![];
            let mut rest = body;
            while let Some(pos) = rest.find('x') {
                match rest[..pos].parse::<i64>() {
                    Ok(d) => {
                        shape.push(d);
                        rest = &rest[pos + 1..];
                    }
                    Err(_) => break,
                }
            }
            return Type::Tensor { shape, elem: Box::new(Type::parse(rest)), encoding };
        }
        Type::Other(s.to_string())
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int(b) => write!(f, "i{b}"),
            Type::F16 | Type::BF16 | Type::F32 | Type::F64 | Type::F8E4M3 | Type::F8E5M2 => {
                f.write_str(self.as_scalar().map_or("", |s| s.mlir()))
            }
            Type::Index => f.write_str("index"),
            Type::TilePtr(t) => write!(f, "!tile.ptr<{t}>"),
            Type::LlvmPtr(0) => f.write_str("!llvm.ptr"),
            Type::LlvmPtr(n) => write!(f, "!llvm.ptr<{n}>"),
            Type::Tensor { shape, elem, encoding } => {
                f.write_str("tensor<")?;
                for d in shape {
                    write!(f, "{d}x")?;
                }
                write!(f, "{elem}")?;
                if let Some(e) = encoding {
                    write!(f, ", {e}")?;
                }
                f.write_str(">")
            }
            Type::MemDesc { shape, elem, layout } => {
                write!(f, "!layout.memdesc<{}, {elem}, {}>", fmt_i64_array(shape), layout.to_attr().0)
            }
            Type::Other(s) => f.write_str(s),
        }
    }
}

impl Encoding {
    pub fn parse(s: &str) -> Encoding {
        let s = s.trim();
        if let Some(inner) = strip_wrapped(s, "#layout.blocked<") {
            let arrays: Vec<Vec<u32>> = split_top(inner, ',').into_iter().map(parse_i32_array).collect();
            if arrays.len() == 4 {
                return Encoding::Blocked(Blocked {
                    size_per_thread: arrays[0].clone(),
                    threads_per_warp: arrays[1].clone(),
                    warps_per_cta: arrays[2].clone(),
                    order: arrays[3].clone(),
                });
            }
        }
        if let Some(inner) = strip_wrapped(s, "#layout.slice<") {
            let parts = split_top(inner, ',');
            if parts.len() == 2 {
                let dim = parts[0].split(':').next().unwrap_or("").trim().parse().unwrap_or(0);
                return Encoding::Slice { dim, parent: Box::new(Encoding::parse(parts[1])) };
            }
        }
        if let Some(inner) = strip_wrapped(s, "#layout.mma<") {
            if let [v, w, i] = split_top(inner, ',').as_slice() {
                if let Some(version) = int_of(v) {
                    return Encoding::Mma(Mma {
                        version,
                        warps_per_cta: parse_i32_array(w),
                        instr_shape: parse_i32_array(i),
                    });
                }
            }
        }
        if let Some(inner) = strip_wrapped(s, "#layout.dot_op<") {
            if let [i, p, k] = split_top(inner, ',').as_slice() {
                if let (Some(idx), Some(k_width)) = (int_of(i), int_of(k)) {
                    return Encoding::DotOp { idx, parent: Box::new(Encoding::parse(p)), k_width };
                }
            }
        }
        Encoding::Other(s.to_string())
    }
    pub fn mma(&self) -> Option<&Mma> {
        match self {
            Encoding::Mma(m) => Some(m),
            _ => None,
        }
    }
    pub fn blocked(&self) -> Option<&Blocked> {
        match self {
            Encoding::Blocked(b) => Some(b),
            _ => None,
        }
    }
}

/// The integers of an `array<i32: ...>` attribute (empty for `array<i32>`).
pub fn parse_i32_array(s: &str) -> Vec<u32> {
    let s = s.trim();
    let inner = strip_wrapped(s, "array<i32").unwrap_or("");
    let inner = inner.trim_start_matches(':');
    inner.split(',').filter_map(|x| x.trim().parse().ok()).collect()
}

/// The items of an `array<i32: ...>` attribute as unsigned values, or `None` when one is
/// not (a negative or malformed item): for attributes whose items are positions, where
/// dropping one would shift the rest.
pub fn try_parse_u32_array(s: &str) -> Option<Vec<u32>> {
    let inner = strip_wrapped(s.trim(), "array<i32")?.trim_start_matches(':').trim();
    if inner.is_empty() {
        return Some(vec![]);
    }
    inner.split(',').map(|x| x.trim().parse().ok()).collect()
}

/// The integers of an `array<i64: ...>` attribute.
pub fn parse_i64_array(s: &str) -> Vec<i64> {
    let inner = strip_wrapped(s.trim(), "array<i64").unwrap_or("");
    inner.trim_start_matches(':').split(',').filter_map(|x| x.trim().parse().ok()).collect()
}

/// `array<i64: ...>`, as MLIR prints a dense i64 array.
pub fn fmt_i64_array(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    if items.is_empty() {
        "array<i64>".into()
    } else {
        format!("array<i64: {}>", items.join(", "))
    }
}

/// The value of an integer attribute as MLIR prints it (`4 : i32`).
pub fn int_of(s: &str) -> Option<u32> {
    s.split(':').next()?.trim().parse().ok()
}

/// `#layout.shared<vec, per_phase, max_phase, pad, order, xor>`: element `x`
/// (coordinates) is at `row(x) * (shape[inner] + pad) + swizzle(x[inner], row(x))`,
/// `inner = order[0]`, `row` the row-major index over the other dimensions in `order`
/// (slowest last); then for each `(dim, bit, mask)` of `xor` (flat triples), the offset is
/// XORed with `mask` where bit `bit` of `x[dim]` is set (a linear layout over unpadded
/// power-of-two rows, built so the map stays a permutation).
///
/// `#layout.nvmma<swizzle_bytes, vec, order>` (`nvmma > 0`): the tensor cores' canonical
/// form. The inner dimension is cut into panels of `swizzle_bytes` bytes, each panel a
/// block of all rows stored one after the other; within a panel, 16-byte chunk `c` of row
/// `r` sits at chunk `c ^ (r / per_phase) % max_phase` (CUTLASS's Swizzle<B, 4, 3>: the
/// same bits for TMA, `ldmatrix` and wgmma; buffers aligned to 1024 bytes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shared {
    pub vec: u32,
    pub per_phase: u32,
    pub max_phase: u32,
    pub pad: u32,
    pub order: Vec<u32>,
    pub xor: Vec<(u32, u32, u32)>,
    /// Swizzle width in bytes of a `layout.nvmma` layout (32, 64 or 128); 0 otherwise.
    pub nvmma: u32,
}

impl Shared {
    /// A plain layout: no XOR masks.
    pub fn plain(vec: u32, per_phase: u32, max_phase: u32, pad: u32, order: Vec<u32>) -> Shared {
        Shared { vec, per_phase, max_phase, pad, order, xor: vec![], nvmma: 0 }
    }

    /// The tensor cores' layout of swizzle width `swizzle` bytes for `elem_bytes`
    /// elements, `order[0]` contiguous.
    pub fn nvmma(swizzle: u32, elem_bytes: u32, order: Vec<u32>) -> Shared {
        Shared {
            vec: 16 / elem_bytes,
            per_phase: 128 / swizzle,
            max_phase: swizzle / 16,
            pad: 0,
            order,
            xor: vec![],
            nvmma: swizzle,
        }
    }

    /// The widest swizzle a row of `inner_bytes` bytes allows (0: none fits).
    pub fn nvmma_swizzle_for(inner_bytes: i64) -> u32 {
        [128, 64, 32].into_iter().find(|s| inner_bytes >= *s as i64).unwrap_or(0)
    }

    pub fn to_attr(&self) -> Attr {
        if self.nvmma > 0 {
            return Attr(format!(
                "#layout.nvmma<{} : i32, {} : i32, {}>",
                self.nvmma,
                self.vec,
                fmt_array(&self.order)
            ));
        }
        let x: Vec<u32> = self.xor.iter().flat_map(|(d, b, m)| [*d, *b, *m]).collect();
        Attr(format!(
            "#layout.shared<{} : i32, {} : i32, {} : i32, {} : i32, {}, {}>",
            self.vec,
            self.per_phase,
            self.max_phase,
            self.pad,
            fmt_array(&self.order),
            fmt_array(&x)
        ))
    }

    pub fn parse(a: &Attr) -> Option<Shared> {
        Shared::parse_str(&a.0)
    }

    pub fn parse_str(s: &str) -> Option<Shared> {
        let s = s.trim();
        if let Some(inner) = strip_wrapped(s, "#layout.nvmma<") {
            let [sw, vec, order] = split_top(inner, ',')[..] else { return None };
            let (sw, vec) = (int_of(sw)?, int_of(vec)?);
            if ![32, 64, 128].contains(&sw) || !(1..=16).contains(&vec) {
                return None;
            }
            return Some(Shared::nvmma(sw, 16 / vec, parse_i32_array(order)));
        }
        let inner = strip_wrapped(s, "#layout.shared<")?;
        let parts = split_top(inner, ',');
        let [vec, per_phase, max_phase, pad, order, xor] = parts.as_slice() else { return None };
        let x = try_parse_u32_array(xor).filter(|x| x.len() % 3 == 0)?;
        Some(Shared {
            vec: int_of(vec)?,
            per_phase: int_of(per_phase)?,
            max_phase: int_of(max_phase)?,
            pad: int_of(pad)?,
            order: try_parse_u32_array(order)?,
            xor: x.chunks(3).map(|c| (c[0], c[1], c[2])).collect(),
            nvmma: 0,
        })
    }
}

/// `array<i32: ...>` (`array<i32>` when empty), as MLIR prints a dense i32 array.
pub fn fmt_array(v: &[u32]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    if items.is_empty() {
        "array<i32>".into()
    } else {
        format!("array<i32: {}>", items.join(", "))
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Encoding::Blocked(b) => write!(
                f,
                "#layout.blocked<{}, {}, {}, {}>",
                fmt_array(&b.size_per_thread),
                fmt_array(&b.threads_per_warp),
                fmt_array(&b.warps_per_cta),
                fmt_array(&b.order)
            ),
            Encoding::Slice { dim, parent } => write!(f, "#layout.slice<{dim} : i32, {parent}>"),
            Encoding::Mma(m) => write!(
                f,
                "#layout.mma<{} : i32, {}, {}>",
                m.version,
                fmt_array(&m.warps_per_cta),
                fmt_array(&m.instr_shape)
            ),
            Encoding::DotOp { idx, parent, k_width } => {
                write!(f, "#layout.dot_op<{idx} : i32, {parent}, {k_width} : i32>")
            }
            Encoding::Other(s) => f.write_str(s),
        }
    }
}

/// `prefix...>` → the text between, when `s` is exactly that.
pub(crate) fn strip_wrapped<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    s.strip_prefix(prefix)?.strip_suffix('>')
}

/// Splits on `sep` outside any `<>`, `()`, `[]`, `{}` or string.
/// `s` split at `sep` outside brackets and strings.
pub fn split_top(s: &str, sep: char) -> Vec<&str> {
    let mut out = vec![];
    let (mut depth, mut start, mut in_str) = (0i32, 0usize, false);
    let bytes: Vec<char> = s.chars().collect();
    let mut byte_pos = 0;
    let mut prev = ' ';
    for c in bytes {
        if in_str {
            if c == '"' && prev != '\\' {
                in_str = false;
            }
        } else {
            match c {
                '"' => in_str = true,
                '<' | '(' | '[' | '{' => depth += 1,
                '>' | ')' | ']' | '}' => depth -= 1,
                c if c == sep && depth == 0 => {
                    out.push(s[start..byte_pos].trim());
                    start = byte_pos + c.len_utf8();
                }
                _ => {}
            }
        }
        prev = c;
        byte_pos += c.len_utf8();
    }
    out.push(s[start..].trim());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in [
            "i32",
            "f16",
            "!tile.ptr<f32>",
            "tensor<1024xf32>",
            "tensor<64x64x!tile.ptr<f16>>",
            "tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>",
            "!llvm.ptr<1>",
            "!llvm.struct<(i32, f32)>",
            "vector<4xf32>",
        ] {
            assert_eq!(Type::parse(s).to_string(), s, "{s}");
        }
        match Type::parse("tensor<8x4xi32>") {
            Type::Tensor { shape, elem, .. } => {
                assert_eq!(shape, vec![8, 4]);
                assert_eq!(*elem, Type::Int(32));
            }
            t => panic!("{t:?}"),
        }
    }
}
