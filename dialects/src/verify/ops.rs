//! Each op's rules: what its operands and results must be to each other.

use super::Cx;
use crate::attrname;
use crate::attrs::ReduceKind;
use crate::ir::{Op, Shared, Type};
use crate::opname;

type R = Result<(), String>;

/// Checks one op of ours (`tile.*`, `memsem.*`, `layout.*`); others are MLIR's to check.
pub(crate) fn check(cx: &Cx, op: &Op) -> R {
    let name = op.name.as_str();
    if name == "arith.constant" {
        return tile_constant(cx, op);
    }
    if let Some(a) = op.attr(attrname::LAYOUT_SHARED) {
        let rank = match op.operands.first() {
            Some(&v) => cx.ty(v)?.shape().len(),
            None => return Err("`layout.shared` on an op with no operand".into()),
        };
        let s = Shared::parse(a).ok_or_else(|| format!("`layout.shared` is not a shared layout: {}", a.0))?;
        s.check(rank).map_err(|m| format!("`layout.shared` {}: {m}", a.0))?;
    }
    if !(name.starts_with("tile.") || name.starts_with("memsem.") || name.starts_with("layout.")) {
        return Ok(());
    }
    if let Some(a) = op.attr("operandSegmentSizes") {
        let sizes = crate::ir::types::parse_i32_array(&a.0);
        if sizes.iter().map(|&s| s as usize).sum::<usize>() != op.operands.len() {
            return Err(format!("`operandSegmentSizes` {} does not add up to its {} operands", a.0, op.operands.len()));
        }
    }
    let operand = |i: usize| -> Result<&Type, String> {
        let v = *op.operands.get(i).ok_or_else(|| format!("operand {i} is missing"))?;
        cx.ty(v)
    };
    let result = || -> Result<&Type, String> {
        let v = *op.results.first().ok_or("the result is missing")?;
        cx.ty(v)
    };
    let axis = |rank: usize| -> Result<usize, String> {
        let a = op.int_attr("axis").ok_or("no integer `axis`")?;
        if a < 0 || a as usize >= rank {
            return Err(format!("axis {a} is out of range for a tile of rank {rank}"));
        }
        Ok(a as usize)
    };
    match name {
        opname::TILE_PROGRAM_ID | opname::TILE_NUM_PROGRAMS => {
            let a = op.int_attr("axis").ok_or("no integer `axis`")?;
            if !(0..3).contains(&a) {
                return Err(format!("axis {a} is not 0, 1 or 2"));
            }
            Ok(())
        }
        opname::TILE_ARANGE => {
            let r = result()?;
            let (start, end) = (op.int_attr("start").unwrap_or(0), op.int_attr("end").unwrap_or(0));
            if r.shape().len() != 1 || *r.elem() != Type::Int(32) || end.checked_sub(start) != Some(r.shape()[0]) {
                return Err(format!("[{start}, {end}) does not make {r}"));
            }
            Ok(())
        }
        opname::TILE_SPLAT => {
            let (v, r) = (operand(0)?, result()?);
            if v.is_tensor() || !r.is_tensor() || r.elem() != v {
                return Err(format!("{v} cannot be splatted to {r}"));
            }
            Ok(())
        }
        opname::TILE_BROADCAST => {
            let (v, r) = (operand(0)?, result()?);
            let fits =
                v.shape().len() == r.shape().len() && v.shape().iter().zip(r.shape()).all(|(a, b)| a == b || *a == 1);
            if !fits || v.elem() != r.elem() || !v.is_tensor() {
                return Err(format!("{v} does not broadcast to {r}"));
            }
            Ok(())
        }
        opname::TILE_EXPAND_DIMS => {
            let (v, r) = (operand(0)?, result()?);
            let a = op.int_attr("axis").ok_or("no integer `axis`")?;
            let mut want = v.shape().to_vec();
            if !v.is_tensor() || a < 0 || a as usize > want.len() {
                return Err(format!("axis {a} cannot be inserted into {v}"));
            }
            want.insert(a as usize, 1);
            if r.shape() != want.as_slice() || r.elem() != v.elem() {
                return Err(format!("inserting axis {a} into {v} does not give {r}"));
            }
            Ok(())
        }
        opname::TILE_ADDPTR => {
            let (p, o, r) = (operand(0)?, operand(1)?, result()?);
            pointee(p)?;
            if !matches!(o.elem(), Type::Int(_)) || o.shape() != p.shape() || o.is_tensor() != p.is_tensor() {
                return Err(format!("the offset {o} does not match the pointer {p}"));
            }
            same(r, p, "the result")
        }
        opname::TILE_PTR_CAST => {
            let (v, r) = (operand(0)?, result()?);
            let ok = |t: &Type| matches!(t.elem(), Type::TilePtr(_) | Type::Int(64));
            if !ok(v) || !ok(r) || v.shape() != r.shape() || v.is_tensor() != r.is_tensor() {
                return Err(format!("cannot cast {v} to {r} (pointers and 64-bit addresses of one shape)"));
            }
            if !matches!(v.elem(), Type::TilePtr(_)) && !matches!(r.elem(), Type::TilePtr(_)) {
                return Err(format!("{v} to {r} casts no pointer"));
            }
            Ok(())
        }
        opname::TILE_LOAD | opname::MEMSEM_LOAD => {
            let (p, r) = (operand(0)?, result()?);
            let t = pointee(p)?;
            if r.elem() != t || r.shape() != p.shape() || r.is_tensor() != p.is_tensor() {
                return Err(format!("loading through {p} gives {t} values of its shape, not {r}"));
            }
            mask(cx, op.optional(1), p)?;
            match op.optional(2) {
                Some(o) => same(cx.ty(o)?, r, "`other`"),
                None => Ok(()),
            }
        }
        opname::TILE_STORE | opname::MEMSEM_STORE => {
            let p = operand(0)?;
            value_for(p, operand(1)?, "the stored value")?;
            mask(cx, op.optional(2), p)
        }
        opname::TILE_ATOMIC_RMW | opname::MEMSEM_ATOMIC_RMW => {
            let (p, v) = (operand(0)?, operand(1)?);
            value_for(p, v, "the operand")?;
            mask(cx, op.optional(2), p)?;
            same(result()?, v, "the result")
        }
        opname::TILE_ATOMIC_CAS | opname::MEMSEM_ATOMIC_CAS => {
            let p = operand(0)?;
            value_for(p, operand(1)?, "the compared value")?;
            value_for(p, operand(2)?, "the new value")?;
            same(result()?, operand(2)?, "the result")
        }
        opname::TILE_REDUCE => {
            let (v, r) = (operand(0)?, result()?);
            let a = axis(v.shape().len())?;
            let mut shape = v.shape().to_vec();
            shape.remove(a);
            let arg = matches!(op.enum_attr(attrname::KIND), Some(ReduceKind::Argmax | ReduceKind::Argmin));
            let elem = if arg { &Type::Int(32) } else { v.elem() };
            if r.shape() != shape.as_slice() || r.elem() != elem || r.is_tensor() == shape.is_empty() {
                return Err(format!("reducing {v} along axis {a} does not give {r}"));
            }
            combine_region(cx, op, v.elem())
        }
        opname::TILE_SCAN => {
            let v = operand(0)?;
            axis(v.shape().len())?;
            same(result()?, v, "the result")?;
            combine_region(cx, op, v.elem())
        }
        opname::TILE_SORT | opname::TILE_FLIP => {
            let v = operand(0)?;
            axis(v.shape().len())?;
            same(result()?, v, "the result")
        }
        opname::TILE_INLINE_ASM => {
            // Elementwise: every argument has the result's shape (and encoding).
            let r = result()?;
            for i in 0..op.operands.len() {
                let v = operand(i)?;
                if v.shape() != r.shape() || v.is_tensor() != r.is_tensor() || v.encoding() != r.encoding() {
                    return Err(format!("argument {i} ({v}) is not shaped as the result {r}"));
                }
            }
            Ok(())
        }
        opname::TILE_GATHER => {
            let (s, i, r) = (operand(0)?, operand(1)?, result()?);
            let rank = s.shape().len();
            axis(rank)?;
            let a = op.int_attr("axis").unwrap_or(0) as usize;
            let fits = i.shape().len() == rank
                && (0..rank).all(|d| d == a || i.shape()[d] == s.shape()[d])
                && matches!(i.elem(), Type::Int(_));
            if !fits || r.shape() != i.shape() || r.elem() != s.elem() {
                return Err(format!("gathering {s} by {i} along axis {a} does not give {r}"));
            }
            Ok(())
        }
        opname::TILE_DOT => {
            let (a, b, acc, r) = (operand(0)?, operand(1)?, operand(2)?, result()?);
            let (sa, sb, sc) = (a.shape(), b.shape(), acc.shape());
            // 2-D, or batched: one leading batch dimension on all three.
            let n = sa.len();
            let batch_ok = (2..=3).contains(&n) && sb.len() == n && sc.len() == n && sa[..n - 2] == sb[..n - 2];
            if !batch_ok
                || sa[n - 1] != sb[n - 2]
                || sc[..n - 2] != sa[..n - 2]
                || sc[n - 2..] != [sa[n - 2], sb[n - 1]]
            {
                return Err(format!("{a} times {b} is not accumulated into {acc}"));
            }
            if a.elem() != b.elem() {
                return Err(format!("the factors' element types differ ({a}, {b})"));
            }
            same(r, acc, "the result")
        }
        opname::TILE_TRANS => {
            let (v, r) = (operand(0)?, result()?);
            let s = v.shape();
            let order = op.trans_order().unwrap_or_default();
            let mut sorted = order.clone();
            sorted.sort_unstable();
            if sorted != (0..s.len()).collect::<Vec<_>>() {
                return Err(format!("`order` {order:?} is not a permutation of the axes of {v}"));
            }
            let want: Vec<i64> = order.iter().map(|&d| s[d]).collect();
            if r.shape() != want.as_slice() || r.elem() != v.elem() {
                return Err(format!("{r} is not {v} with its axes in order {order:?}"));
            }
            Ok(())
        }
        opname::TILE_RESHAPE => {
            let (v, r) = (operand(0)?, result()?);
            if v.numel() != r.numel() || v.elem() != r.elem() || !v.is_tensor() || !r.is_tensor() {
                return Err(format!("{v} cannot be reshaped to {r}"));
            }
            Ok(())
        }
        opname::TILE_BIN_RANK => {
            let (v, r) = (operand(0)?, result()?);
            // The lowering packs a bin (up to num_bins + 1) into 16 bits.
            let bins = op.int_attr("num_bins").unwrap_or(0);
            if !int_1d(v) || r.shape() != v.shape() || *r.elem() != Type::Int(32) || !(1..0xFFFF).contains(&bins) {
                return Err(format!("the bin ranks of {v} in {bins} bins cannot be {r}"));
            }
            Ok(())
        }
        opname::TILE_SCATTER => {
            let (s, i, r) = (operand(0)?, operand(1)?, result()?);
            if s.shape().len() != 1
                || i.shape() != s.shape()
                || !matches!(i.elem(), Type::Int(_))
                || r.shape() != s.shape()
                || r.elem() != s.elem()
            {
                return Err(format!("scattering {s} by {i} does not give {r}"));
            }
            Ok(())
        }
        opname::TILE_HISTOGRAM => {
            let (v, r) = (operand(0)?, result()?);
            if !int_1d(v) || !int_1d(r) || *r.elem() != Type::Int(32) {
                return Err(format!("the histogram of {v} cannot be {r}"));
            }
            Ok(())
        }
        opname::LAYOUT_CONVERT => {
            let (v, r) = (operand(0)?, result()?);
            if v.shape() != r.shape() || v.elem() != r.elem() || !v.is_tensor() {
                return Err(format!("{v} cannot be converted to {r}: only the encoding may change"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What a pointer (or a tile of pointers) points to.
fn pointee(p: &Type) -> Result<&Type, String> {
    match p.elem() {
        Type::TilePtr(t) => Ok(t),
        _ => Err(format!("{p} is not a pointer or a tile of pointers")),
    }
}

/// A value stored or combined through `p`: the pointee type, in `p`'s shape.
fn value_for(p: &Type, v: &Type, what: &str) -> Result<(), String> {
    let t = pointee(p)?;
    if v.elem() != t || v.shape() != p.shape() || v.is_tensor() != p.is_tensor() {
        return Err(format!("{what} {v} does not match the pointer {p}"));
    }
    Ok(())
}

/// A mask: bools in the pointer's shape.
fn mask(cx: &Cx, m: Option<u32>, p: &Type) -> Result<(), String> {
    let Some(m) = m else { return Ok(()) };
    let m = cx.ty(m)?;
    if *m.elem() != Type::Int(1) || m.shape() != p.shape() || m.is_tensor() != p.is_tensor() {
        return Err(format!("the mask {m} does not match the pointer {p}"));
    }
    Ok(())
}

/// `a` has the same shape and element type as `b` (encodings may differ).
fn same(a: &Type, b: &Type, what: &str) -> Result<(), String> {
    if a.shape() != b.shape() || a.elem() != b.elem() || a.is_tensor() != b.is_tensor() {
        return Err(format!("{what} {a} does not match {b}"));
    }
    Ok(())
}

/// `tile.reduce` / `tile.scan`'s `combine` region: empty for the built-in kinds; for
/// "custom", one block of two `elem` arguments (left, right) ending in `gpu.yield` of one
/// `elem`, the combination.
fn combine_region(cx: &Cx, op: &Op, elem: &Type) -> R {
    // `tile.reduce`'s and `tile.scan`'s kinds share the spelling "custom".
    let custom = op.str_attr(attrname::KIND).as_deref() == Some(ReduceKind::Custom.as_str());
    let blocks = op.regions.first().map_or(&[][..], |r| &r.blocks[..]);
    if !custom {
        return match blocks.is_empty() {
            true => Ok(()),
            false => Err("a built-in kind has an empty `combine` region".into()),
        };
    }
    let [block] = blocks else {
        return Err(format!("kind \"custom\" needs a `combine` region of one block, found {}", blocks.len()));
    };
    let args: Vec<&Type> = block.args.iter().map(|&a| cx.ty(a)).collect::<Result<_, _>>()?;
    if args.len() != 2 || args.iter().any(|t| *t != elem) {
        let found: Vec<String> = args.iter().map(|t| t.to_string()).collect();
        return Err(format!("the `combine` region takes ({elem}, {elem}), not ({})", found.join(", ")));
    }
    let yielded = match block.ops.last() {
        Some(y) if y.name == "gpu.yield" => {
            y.operands.iter().map(|&v| cx.ty(v).map(|t| t.to_string())).collect::<Result<Vec<_>, _>>()?
        }
        _ => return Err("the `combine` region does not end in `gpu.yield`".into()),
    };
    if yielded != [elem.to_string()] {
        return Err(format!("the `combine` region yields ({}), not one {elem}", yielded.join(", ")));
    }
    Ok(())
}

/// A tile `arith.constant` (a `.mlir` input's; tilegen splats scalars) is one value for
/// every element, `dense<v>`: the lowering gives each register that value.
fn tile_constant(cx: &Cx, op: &Op) -> R {
    let Some(&r) = op.results.first() else { return Ok(()) };
    if !cx.ty(r)?.is_tensor() {
        return Ok(());
    }
    match op.attr("value") {
        Some(a) if a.dense_splat().is_some() => Ok(()),
        a => Err(format!(
            "tilec takes tile constants of one value for every element (`dense<v>`), not `{}`",
            a.map_or("", |a| a.0.as_str())
        )),
    }
}

/// A 1-D tile of integers (what `histogram` and `bin_rank` take).
fn int_1d(t: &Type) -> bool {
    t.shape().len() == 1 && matches!(t.elem(), Type::Int(8 | 16 | 32 | 64))
}
