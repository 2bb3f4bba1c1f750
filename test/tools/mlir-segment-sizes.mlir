// RUN: %not %tilec %s --passes smem-transpose 2>&1 | FileCheck %s
// Hand-written IR whose operandSegmentSizes do not add up is refused before any pass
// (found by tilec-fuzz: the mirror IR indexed past the operands and panicked).
// CHECK: mlir-segment-sizes.mlir:[[@LINE+4]]:5: error: `tile.store`: `operandSegmentSizes` array<i32: 1048576, 1, 0> does not add up to its 2 operands (the input breaks a rule of the IR)
module {
  func.func @k(%p: !tile.ptr<f32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %c = arith.constant 1.0 : f32
    "tile.store"(%p, %c) {operandSegmentSizes = array<i32: 1048576, 1, 0>, cache = "", evict = ""} : (!tile.ptr<f32>, f32) -> ()
    func.return
  }
}
