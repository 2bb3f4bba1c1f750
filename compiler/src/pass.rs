//! What a pass of ours is: a function over the mirror IR that reads the compile's options
//! and fails with a [`PassError`]. The passes (`passes/`), the lowering
//! (`conversion/tile_to_llvm`) and the registry that runs them (`pipeline/registry.rs`) all
//! import this one low module, so that no pass has to import the registry that names it.

use crate::options::CompileOptions;
use tile_dialects::ir::Module;

/// A failure inside a pass, at an MLIR location (`loc("k.tile":3:5)`) when known.
#[derive(Clone, Debug)]
pub struct PassError {
    pub loc: String,
    pub message: String,
    /// A bug of tilec's (the pass panicked or broke a rule of the IR), not of the program.
    pub internal: bool,
}

impl PassError {
    /// What the program asks for that the pass cannot do (an error of the user's).
    pub fn at(loc: &str, message: impl Into<String>) -> PassError {
        PassError { loc: loc.to_string(), message: message.into(), internal: false }
    }
    pub fn internal(loc: &str, message: impl Into<String>) -> PassError {
        PassError { loc: loc.to_string(), message: message.into(), internal: true }
    }
}

/// The entry point of each of our passes: `run(&mut Module, &CompileOptions)`.
pub type MirrorFn = fn(&mut Module, &CompileOptions) -> Result<(), PassError>;
