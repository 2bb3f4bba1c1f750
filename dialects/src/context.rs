//! The MLIR context tilec works in: upstream dialects, our IRDL dialects, LLVM translations.

use crate::ir::Module as Mirror;
use melior::dialect::DialectRegistry;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef};
use melior::utility::load_irdl_dialects;
use melior::Context;
use std::sync::Once;

extern "C" {
    fn tilec_register_nvptx(registry: *mut std::ffi::c_void);
    fn tilec_nvptx_short_pointers() -> bool;
}

/// The upstream passes the pipeline names, registered once per process.
fn register_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        use mlir_sys::*;
        mlirRegisterConversionSCFToControlFlowPass();
        mlirRegisterConversionArithToLLVMConversionPass();
        mlirRegisterConversionConvertControlFlowToLLVMPass();
        mlirRegisterConversionConvertNVVMToLLVMPass();
        mlirRegisterConversionReconcileUnrealizedCastsPass();
        mlirRegisterLLVMDIScopeForLLVMFuncOpPass();
        mlirRegisterGPUGpuModuleToBinaryPass();
        // 32-bit shared-memory addresses (Triton's choice too); best effort: an LLVM
        // without the option keeps 64-bit ones, which are slower but correct.
        let _ = tilec_nvptx_short_pointers();
    });
}

/// A context with exactly the dialects tilec reads or writes loaded (ours verified
/// through IRDL), the NVVM target, and the LLVM IR translations the back end needs.
pub fn create_context() -> Context {
    let registry = DialectRegistry::new();
    unsafe {
        use mlir_sys::*;
        for handle in [
            mlirGetDialectHandle__func__(),
            mlirGetDialectHandle__arith__(),
            mlirGetDialectHandle__math__(),
            mlirGetDialectHandle__scf__(),
            mlirGetDialectHandle__cf__(),
            mlirGetDialectHandle__gpu__(),
            mlirGetDialectHandle__llvm__(),
            mlirGetDialectHandle__nvvm__(),
            mlirGetDialectHandle__irdl__(),
        ] {
            mlirDialectHandleInsertDialect(handle, registry.to_raw());
        }
        tilec_register_nvptx(registry.to_raw().ptr as *mut _);
    }
    let context = Context::new_with_registry(&registry, false);
    context.load_all_available_dialects();
    register_passes();
    for (name, src) in crate::IRDL_SOURCES {
        let m = Module::parse(&context, src).unwrap_or_else(|| panic!("IRDL for `{name}` parses"));
        assert!(load_irdl_dialects(&m), "IRDL for `{name}` loads");
    }
    context
}

/// Replaces the body and attributes of `module_op` with those of `mirror`, through text.
/// Returns MLIR's parse errors (collected by the caller's diagnostic handler) as `Err`.
pub fn replace_module(module_op: OperationRef, mirror: &Mirror) -> Result<(), String> {
    let text = mirror.to_mlir();
    let context = module_op.context();
    let new = Module::parse(unsafe { context.to_ref() }, &text)
        .ok_or_else(|| "the pass produced IR that does not parse (run with -v to see it)".to_string())?;
    unsafe {
        use mlir_sys::*;
        let old = module_op.to_raw();
        let old_body = mlirRegionGetFirstBlock(mlirOperationGetRegion(old, 0));
        // Drop the old body: back to front, so no op is destroyed while another uses it.
        loop {
            let last = last_op(old_body);
            if last.ptr.is_null() {
                break;
            }
            mlirOperationDestroy(last);
        }
        let new_op = new.as_operation().to_raw();
        let new_body = mlirRegionGetFirstBlock(mlirOperationGetRegion(new_op, 0));
        loop {
            let op = mlirBlockGetFirstOperation(new_body);
            if op.ptr.is_null() {
                break;
            }
            mlirOperationRemoveFromParent(op);
            mlirBlockAppendOwnedOperation(old_body, op);
        }
        // Module attributes: remove the old ones, copy the new ones.
        let names: Vec<String> = (0..mlirOperationGetNumAttributes(old))
            .map(|i| {
                let na = mlirOperationGetAttribute(old, i);
                let s = mlirIdentifierStr(na.name);
                String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned()
            })
            .collect();
        for n in names {
            mlirOperationRemoveAttributeByName(old, melior::StringRef::new(&n).to_raw());
        }
        for i in 0..mlirOperationGetNumAttributes(new_op) {
            let na = mlirOperationGetAttribute(new_op, i);
            mlirOperationSetAttributeByName(old, mlirIdentifierStr(na.name), na.attribute);
        }
    }
    Ok(())
}

unsafe fn last_op(block: mlir_sys::MlirBlock) -> mlir_sys::MlirOperation {
    use mlir_sys::*;
    let mut op = mlirBlockGetFirstOperation(block);
    if op.ptr.is_null() {
        return op;
    }
    loop {
        let next = mlirOperationGetNextInBlock(op);
        if next.ptr.is_null() {
            return op;
        }
        op = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::import_module;

    #[test]
    fn irdl_dialects_verify_ops() {
        let ctx = create_context();
        let ok = r#"func.func @k(%p: !tile.ptr<f32>) {
            %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
            return
        }"#;
        let m = Module::parse(&ctx, ok).expect("parses");
        assert!(m.as_operation().verify());
        let bad = r#"func.func @k() {
            "memsem.fence"() {sem = "acq_rel", scope = "gpux"} : () -> ()
            return
        }"#;
        assert!(Module::parse(&ctx, bad).map(|m| !m.as_operation().verify()).unwrap_or(true));
    }

    #[test]
    fn shared_memory_ops_verify() {
        let ctx = create_context();
        let ok = r#"func.func @k(%x: tensor<128x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, %i: i32) {
            %r = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
            %s = "layout.memdesc_index"(%r, %i) : (!layout.memdesc<array<i64: 3, 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, i32) -> !layout.memdesc<array<i64: 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
            "layout.async_commit"() : () -> ()
            "layout.async_wait"() {pending = 1 : i32} : () -> ()
            "layout.local_dealloc"(%r) : (!layout.memdesc<array<i64: 3, 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
            return
        }"#;
        let m = Module::parse(&ctx, ok).expect("parses");
        assert!(m.as_operation().verify());
        let mirror = import_module(m.as_operation());
        let text = mirror.to_mlir();
        let m2 = Module::parse(&ctx, &text).unwrap_or_else(|| panic!("reparses:\n{text}"));
        assert_eq!(m.as_operation().to_string(), m2.as_operation().to_string());
        // A memdesc where a tile belongs fails the IRDL constraints.
        let bad = r#"func.func @k(%x: tensor<4xf32>) {
            %s = "layout.memdesc_index"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
            return
        }"#;
        assert!(Module::parse(&ctx, bad).map(|m| !m.as_operation().verify()).unwrap_or(true));
    }

    #[test]
    fn mirror_round_trips() {
        let ctx = create_context();
        let src = r#"func.func @k(%p: !tile.ptr<f32>, %n: i32) {
            %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
            %1 = arith.cmpi slt, %0, %n : i32
            scf.if %1 {
              %2 = "tile.arange"() {start = 0 : i32, end = 128 : i32} : () -> tensor<128xi32>
              %3 = "tile.splat"(%p) : (!tile.ptr<f32>) -> tensor<128x!tile.ptr<f32>>
              %4 = "tile.addptr"(%3, %2) : (tensor<128x!tile.ptr<f32>>, tensor<128xi32>) -> tensor<128x!tile.ptr<f32>>
              %5 = "tile.load"(%4) {operandSegmentSizes = array<i32: 1, 0, 0>, cache = "", evict = "", volatile = false} : (tensor<128x!tile.ptr<f32>>) -> tensor<128xf32>
            }
            return
        }"#;
        let m = Module::parse(&ctx, src).expect("parses");
        let mirror = import_module(m.as_operation());
        let text = mirror.to_mlir();
        let m2 = Module::parse(&ctx, &text).unwrap_or_else(|| panic!("reparses:\n{text}"));
        assert!(m2.as_operation().verify());
        assert_eq!(m.as_operation().to_string(), m2.as_operation().to_string());
        replace_module(m.as_operation(), &mirror).expect("replaces");
        assert_eq!(m.as_operation().to_string(), m2.as_operation().to_string());
    }
}
