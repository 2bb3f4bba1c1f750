//! Reading the PTX text out of the `gpu.binary` op that `gpu-module-to-binary` leaves.

use melior::ir::operation::OperationLike;
use melior::ir::{block::BlockLike, Module, RegionLike};
use tile_dialects::ir::unescape_mlir;

/// The PTX of the module's (single) `gpu.binary`.
pub fn extract(module: &Module) -> Option<String> {
    let body = module.as_operation().region(0).ok()?.first_block()?;
    let mut cur = body.first_operation();
    while let Some(op) = cur {
        if op.name().as_string_ref().as_str().ok()? == "gpu.binary" {
            let objects = op.attribute("objects").ok()?.to_string();
            return assembly(&objects);
        }
        cur = op.next_in_block();
    }
    None
}

/// The `assembly = "..."` string of a printed `#gpu.object`.
fn assembly(objects: &str) -> Option<String> {
    let start = objects.find("assembly = \"")? + "assembly = \"".len();
    let bytes = objects.as_bytes();
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(unescape_mlir(&objects[start..i])),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_escaped_assembly() {
        let s = r#"[#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "//\0A.version 7.8\0A\09ret;\22x\22\0A">]"#;
        assert_eq!(super::assembly(s).unwrap(), "//\n.version 7.8\n\tret;\"x\"\n");
    }
}
