// RUN: %not %tilec %s --passes coalesce 2>&1 | FileCheck %s
// IRDL checks operand counts, not shapes: the verifier refuses a tile of 64 pointers
// offset by a tile of 128 integers before any pass (it used to verify and compile).
// CHECK: mlir-addptr-shapes.mlir:[[@LINE+3]]:10: error: `tile.addptr`: the offset tensor<128xi32> does not match the pointer tensor<64x!tile.ptr<f32>> (the input breaks a rule of the IR)
module {
  func.func @k(%p: tensor<64x!tile.ptr<f32>>, %o: tensor<128xi32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %q = "tile.addptr"(%p, %o) : (tensor<64x!tile.ptr<f32>>, tensor<128xi32>) -> tensor<64x!tile.ptr<f32>>
    func.return
  }
}
