//! `OUT.json`: what any CUDA runtime needs to launch the kernels in `OUT.ptx`.
//!
//! Written by `tilec` next to the PTX, read back by `tilerun` (and by anyone else's launcher).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModuleMeta {
    pub tilec_version: String,
    /// `sm_80`, `sm_90`.
    pub arch: String,
    pub kernels: Vec<KernelMeta>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelMeta {
    /// The PTX entry name (the kernel's name in the .tile file).
    pub name: String,
    /// Launch parameters in order: every run-time parameter of the kernel.
    pub params: Vec<ParamMeta>,
    /// Values the `const` parameters were compiled with.
    pub consts: Vec<ConstMeta>,
    pub num_warps: u32,
    pub num_stages: u32,
    /// Programs a cluster, along grid axis 0 (`#[cluster_dims(n)]`; 1: no clusters): a
    /// launch's grid axis 0 must be a multiple of it.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub cluster_dims: u32,
    /// Threads per block: `num_warps * 32` along x.
    pub block: [u32; 3],
    /// Dynamic shared memory the kernel needs, in bytes (0 when none): the launch must
    /// give it (and raise the kernel's limit past 48 KB).
    pub shared_bytes: u32,
    /// 32 or 64: the width of the offsets the kernel computes addresses with. With 32, a
    /// buffer of 2^31 elements or more cannot be addressed.
    pub index_bits: u32,
    /// TMA descriptors the launch encodes (`cuTensorMapEncodeTiled`) and passes after
    /// `params`, in this order, each a 128-byte parameter aligned to 64.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tensormaps: Vec<TensorMapMeta>,
    /// `#[requires(...)]`: conditions a launch must meet (buffer lengths, argument
    /// values), checked by launchers before the kernel runs (`crate::requires::unmet`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<crate::requires::Requirement>,
}

/// One TMA descriptor of a kernel: a tensor given by launch parameters (or constants),
/// and the box one copy moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TensorMapMeta {
    /// The launch parameter (index into `params`) holding the tensor's base address.
    pub base: usize,
    /// Per axis, outermost first: the tensor's length and its stride in elements (the
    /// last stride is 1).
    pub shape: Vec<Dim>,
    pub strides: Vec<Dim>,
    /// The element type's spelling (`f16`).
    pub elem: String,
    /// The box a copy moves, outermost first (the block, or a panel of it).
    #[serde(rename = "box")]
    pub box_shape: Vec<u32>,
    /// Shared-memory swizzle, bytes: 0 (none), 32, 64 or 128.
    pub swizzle: u32,
    /// Elements outside the tensor read as NaN (else zero).
    pub nan: bool,
}

/// A descriptor's length or stride: a launch parameter's value or a constant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dim {
    Param(usize),
    Const(i64),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParamMeta {
    pub name: String,
    /// The language's spelling: `*f32`, `i32`, `u64`.
    #[serde(rename = "type")]
    pub ty: String,
    /// What the code was specialised on: for a pointer, the byte alignment assumed; for an
    /// integer, a divisor assumed of its value (1: nothing assumed). A launcher must refuse
    /// arguments that break it.
    pub divisibility: u32,
    /// Compiled assuming the value is 1 (`--assume NAME=1`); a launcher must refuse others.
    #[serde(default)]
    pub equal_to_one: bool,
    /// For an integer, a divisor this compile would have specialised on with profit (1:
    /// none): compiled with `--divisibility NAME=K`, a bounds check folds (`fold-bounds`).
    /// A launcher that specialises on its arguments recompiles for it when the argument is
    /// a multiple of K (tilerun and the Python API do).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub divisibility_hint: u32,
}

fn one() -> u32 {
    1
}

fn is_one(v: &u32) -> bool {
    *v == 1
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConstMeta {
    pub name: String,
    /// The value as the source would spell it (`1024`, `0.5`, `true`).
    pub value: String,
}

/// The descriptors a kernel (`func.func` or the lowered `llvm.func`) lists in
/// `tile.tensormaps` (none without the attribute).
pub fn tensormaps_of(f: &tile_dialects::ir::Op) -> Vec<TensorMapMeta> {
    f.str_attr(tile_dialects::attrname::TILE_TENSORMAPS).and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default()
}

/// `maps` as the attribute's value.
pub fn tensormaps_attr(maps: &[TensorMapMeta]) -> tile_dialects::ir::Attr {
    tile_dialects::ir::Attr::str(&serde_json::to_string(maps).expect("plain data"))
}

impl ParamMeta {
    pub fn is_pointer(&self) -> bool {
        self.ty.starts_with('*')
    }
    /// The element type's spelling without the pointer star.
    pub fn elem(&self) -> &str {
        self.ty.trim_start_matches('*')
    }
}
