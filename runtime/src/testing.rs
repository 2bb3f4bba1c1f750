//! Launch metadata for unit tests: a kernel of 4 warps with 32-bit offsets and no shared
//! memory, whatever a test does not set (`KernelMeta { index_bits: 64, ..kernel(...) }`).

use tilec::metadata::{KernelMeta, ParamMeta};

pub fn kernel(name: &str, params: Vec<ParamMeta>) -> KernelMeta {
    KernelMeta {
        name: name.into(),
        params,
        consts: vec![],
        num_warps: 4,
        num_stages: 3,
        cluster_dims: 1,
        block: [128, 1, 1],
        shared_bytes: 0,
        index_bits: 32,
        tensormaps: vec![],
        requires: vec![],
    }
}

/// A parameter `name: ty` assumed divisible by `divisibility` (1: nothing assumed).
pub fn param(name: &str, ty: &str, divisibility: u32) -> ParamMeta {
    ParamMeta { name: name.into(), ty: ty.into(), divisibility, equal_to_one: false, divisibility_hint: 1 }
}
