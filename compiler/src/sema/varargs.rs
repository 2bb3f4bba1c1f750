//! Triton's `*args` spellings of a builtin's shape or axes (`reshape(x, R, C)`,
//! `permute(x, 1, 0)`, `zeros(R, C, dtype)`), packed into the one parameter the builtin
//! table gives them before the arguments are bound (`builtins.rs`). Its own file: the
//! shape builtins (`builtins_shape.rs`) use the dispatcher's helpers, so the dispatcher
//! cannot import them back.

use crate::syntax::ast;

/// The builtins whose shape or axes Triton takes as `*args` after the tile.
const VARARGS: &[&str] = &["reshape", "view", "broadcast_to", "permute", "trans"];

/// `reshape(x, R, C)` as `reshape(x, (R, C))`: the positional arguments after the first
/// of a `VARARGS` builtin, when there are two or more, packed into one tuple (one stays
/// as it is: a single size or a tuple). `None` when there is nothing to pack.
pub(super) fn pack_varargs(name: &str, args: &[ast::Arg]) -> Option<Vec<ast::Arg>> {
    if name == "zeros" {
        return pack_zeros(args);
    }
    if !VARARGS.contains(&name) {
        return None;
    }
    let positional = args.iter().take_while(|a| a.name.is_none()).count();
    if positional <= 2 {
        return None;
    }
    let items: Vec<ast::Expr> = args[1..positional].iter().map(|a| a.value.clone()).collect();
    let span = items[0].span.to(items[items.len() - 1].span);
    let packed = ast::Arg { name: None, value: ast::Expr { kind: ast::ExprKind::Tuple(items), span }, span };
    let mut out = vec![args[0].clone(), packed];
    out.extend(args[positional..].iter().cloned());
    Some(out)
}

/// `zeros(R, C, dtype)` as `zeros((R, C), dtype)`: every positional argument but the last
/// (the dtype) is a size, when there are two or more of them.
fn pack_zeros(args: &[ast::Arg]) -> Option<Vec<ast::Arg>> {
    let positional = args.iter().take_while(|a| a.name.is_none()).count();
    let dtype_kw = args.iter().any(|a| a.name.as_ref().is_some_and(|n| n.name == "dtype"));
    let sizes = if dtype_kw { positional } else { positional.checked_sub(1)? };
    if sizes < 2 {
        return None;
    }
    let items: Vec<ast::Expr> = args[..sizes].iter().map(|a| a.value.clone()).collect();
    let span = items[0].span.to(items[items.len() - 1].span);
    let packed = ast::Arg { name: None, value: ast::Expr { kind: ast::ExprKind::Tuple(items), span }, span };
    let mut out = vec![packed];
    out.extend(args[sizes..].iter().cloned());
    Some(out)
}
