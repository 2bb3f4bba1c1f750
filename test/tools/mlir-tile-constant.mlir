// RUN: %not %tilec %s 2>&1 | FileCheck %s
// A tile constant is one value for every element; `dense<[...]>` is refused at its line.
// CHECK: mlir-tile-constant.mlir:[[@LINE+3]]:10: error: `arith.constant`: tilec takes tile constants of one value for every element (`dense<v>`), not `dense<[1, 2]> : tensor<2xi32>` (the input breaks a rule of the IR)
module {
  func.func @k(%p: !tile.ptr<i32>) attributes {tile.kernel} {
    %c = arith.constant dense<[1, 2]> : tensor<2xi32>
    func.return
  }
}
