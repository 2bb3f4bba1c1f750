//! NVIDIA-specific lowering: PTX instruction forms as inline assembly, special registers,
//! warp shuffles and barriers, and wgmma's matrix descriptors.

pub mod ptx;
pub mod sreg;
pub mod wgmma;
