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

// NVPTX's `-nvptx-short-ptr`: 32-bit pointers to shared memory (as Triton and nvcc use),
// so shared addresses take one register and 32-bit arithmetic instead of two and 64-bit.
// Returns false when the option is missing from this LLVM.
#include "llvm/Support/CommandLine.h"
extern "C" bool tilec_nvptx_short_pointers() {
  auto &opts = llvm::cl::getRegisteredOptions();
  auto it = opts.find("nvptx-short-ptr");
  if (it == opts.end())
    return false;
  return !it->second->addOccurrence(0, "nvptx-short-ptr", "true");
}
