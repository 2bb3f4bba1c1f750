# Environment for building against Debian's LLVM/MLIR 22 (source it).
export MLIR_SYS_220_PREFIX=/usr/lib/llvm-22 TABLEGEN_220_PREFIX=/usr/lib/llvm-22 LIBCLANG_PATH=/usr/lib/llvm-22/lib
