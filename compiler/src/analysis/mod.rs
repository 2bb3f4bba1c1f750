//! Analyses the passes share.

pub mod axis_info;
