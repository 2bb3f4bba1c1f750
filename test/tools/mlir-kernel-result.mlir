// RUN: %not %tilec %s 2>&1 | FileCheck %s
// A kernel returns nothing: one with a result is refused (it compiled, the value lost).
// CHECK: mlir-kernel-result.mlir:[[@LINE+2]]:3: error: `func.func`: a kernel returns nothing (the input breaks a rule of the IR)
module {
  func.func @k(%p: !tile.ptr<f32>) -> i32 attributes {tile.kernel} {
    %c = arith.constant 1 : i32
    func.return %c : i32
  }
}
