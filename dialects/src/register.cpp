// What MLIR's C API can only register all at once: the NVVM target (for
// gpu-module-to-binary) and the translations to LLVM IR of the dialects we emit.
// Registering just these keeps the rest of MLIR out of the binary.
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

// `registry` is the pointer inside a C API MlirDialectRegistry.
extern "C" void tilec_register_nvptx(void *registry) {
  auto &r = *static_cast<mlir::DialectRegistry *>(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(r);
  mlir::registerBuiltinDialectTranslation(r);
  mlir::registerLLVMDialectTranslation(r);
  mlir::registerNVVMDialectTranslation(r);
  mlir::registerGPUDialectTranslation(r);
}
