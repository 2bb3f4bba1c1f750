//! Analyses the passes share.

pub mod axis_info;
pub mod bank_conflicts;
pub mod shared_addresses;
