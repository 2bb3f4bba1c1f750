// RUN: %not %tilec %s --passes tile-to-memsem 2>&1 | FileCheck %s
// The tile dialect takes any string for `sem`; memsem (what tile-to-memsem makes) does
// not: the verifier refuses the input instead of tile-to-memsem making IR that does not
// parse (found by tilec-fuzz).
// CHECK: mlir-attribute-values.mlir:[[@LINE+4]]:10: error: `tile.atomic_rmw`: `sem` is "r{elaxed", not one of ["relaxed", "acquire", "release", "acq_rel"] (the input breaks a rule of the IR)
module {
  func.func @k(%p: !tile.ptr<i32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %c = arith.constant 1 : i32
    %o = "tile.atomic_rmw"(%p, %c) {operandSegmentSizes = array<i32: 1, 1, 0>, kind = "add", sem = "r{elaxed", scope = "gpu"} : (!tile.ptr<i32>, i32) -> i32
    func.return
  }
}
