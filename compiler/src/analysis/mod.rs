//! Analyses the passes share.

pub mod axis_info;
pub mod shared_addresses;
