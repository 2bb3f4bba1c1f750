//! NVIDIA-specific lowering: PTX instruction forms as inline assembly, special registers,
//! warp shuffles and barriers.

pub mod ptx;
pub mod sreg;
