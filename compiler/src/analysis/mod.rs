//! Analyses the passes share.

pub mod axis_info;
pub mod bank_conflicts;
pub mod cluster_uniform;
pub mod shared_addresses;
