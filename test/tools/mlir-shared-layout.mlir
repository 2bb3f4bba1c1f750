// RUN: %not %tilec %s --passes convert-tile-to-llvm 2>&1 | FileCheck %s
// A shared-memory layout is checked before any pass: its order names each dimension once,
// its widths are at least 1, its XOR entries name bits of the coordinates, and no item of
// its arrays is dropped (tilec-fuzz: a XOR bit mutated to -2147483648 was skipped, which
// shifted the entries after it and panicked the lowering; an order naming dimension 2 of
// a 2-D tile and a zero vector width panicked it too).
// CHECK: mlir-shared-layout.mlir:[[@LINE+5]]:10: error: `layout.convert`: `layout.shared` is not a shared layout: #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 0, 0, 33, 0, -2147483648, 66, 0, 2, 132>> (the input breaks a rule of the IR)
module {
  func.func @k() attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %c = arith.constant 1.0 : f32
    %t = "tile.splat"(%c) : (f32) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %u = "layout.convert"(%t) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 0, 0, 33, 0, -2147483648, 66, 0, 2, 132>>} : (tensor<64x64xf32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 1, 4>, array<i32: 0, 1>>>
    func.return
  }
}
