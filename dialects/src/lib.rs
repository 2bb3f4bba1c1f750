//! tilec's MLIR dialects (`tile`, `layout`, `memsem`), declared once in IRDL under
//! `dialects/irdl/`, the MLIR context set-up, and the mirror IR our passes rewrite.

pub mod attrname;
pub mod attrs;
pub mod context;
pub mod fp8;
pub mod ir;
pub mod layout;
pub mod math;
pub mod opname;
pub mod scalar;
pub mod verify;
pub mod views;

/// The IRDL definitions, loaded into every context.
pub const IRDL_SOURCES: [(&str, &str); 3] = [
    ("tile", include_str!("../irdl/tile.irdl.mlir")),
    ("layout", include_str!("../irdl/layout.irdl.mlir")),
    ("memsem", include_str!("../irdl/memsem.irdl.mlir")),
];
