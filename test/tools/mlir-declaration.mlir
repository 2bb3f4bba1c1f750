// RUN: %not %tilec %s 2>&1 | FileCheck %s
// A function without a body is not a kernel: refused before any pass (layout-propagate
// indexed its missing block and panicked).
// CHECK: mlir-declaration.mlir:[[@LINE+2]]:3: error: `func.func`: a kernel needs a body (the input breaks a rule of the IR)
module {
  func.func private @ext(i32)
}
