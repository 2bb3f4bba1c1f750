// RUN: %tilec %s -o %t4.ptx && FileCheck %s --check-prefix=FOUR < %t4.ptx
// RUN: %tilec %s --num-warps 8 -o %t8.ptx && FileCheck %s --check-prefix=EIGHT < %t8.ptx
// RUN: %tilec %s --num-warps 2 --passes layout-propagate | FileCheck %s --check-prefix=LAYOUT
// RUN: %tilec %s --num-warps 8 --check-each-pass --grid 1 arg0=empty:f32:1024 2>&1 | FileCheck %s --check-prefix=INTERP
// `--num-warps` over a .mlir input is written into the module's `tile.num_warps` once,
// before any pass, so every pass (layouts, lowering) sees the same count. The mask is a
// tile constant, `dense<true>`, which a .mlir input may have (tilegen splats scalars).
// FOUR: .reqntid 128, 1, 1
// EIGHT: .reqntid 256, 1, 1
// LAYOUT: tensor<1024xi1, #layout.blocked<array<i32: {{[0-9]+}}>, array<i32: 32>, array<i32: 2>
// INTERP: kernel `k`: ran grid [1, 1, 1] in the interpreter
module {
  func.func @k(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
    %1 = arith.sitofp %0 : tensor<1024xi32> to tensor<1024xf32>
    %2 = "tile.splat"(%p) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>>
    %3 = "tile.addptr"(%2, %0) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
    %m = arith.constant dense<true> : tensor<1024xi1>
    "tile.store"(%3, %1, %m) {cache = "", evict = ""} : (tensor<1024x!tile.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> ()
    func.return
  }
}
