//! Helpers the command-line tests share: run the binaries from the repository root.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

pub fn tilerun(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilerun")).args(args).current_dir(root()).output().expect("tilerun starts")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
