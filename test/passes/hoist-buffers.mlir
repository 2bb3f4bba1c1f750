// RUN: %tilec %s --passes hoist-buffers | FileCheck %s
// Input: a loop whose product reads a tile loaded before the loop (the IR after
// smem-transpose, sm_90a). Its buffer is written once, before the loop, and freed after
// it; the buffer of the tile loaded in the loop stays inside.
// CHECK-LABEL: func.func @invariant_operand(
// CHECK: %[[Q:.*]] = "layout.local_alloc"(%{{.*}}) : (tensor<64x64xf16
// CHECK: scf.for
// CHECK-NOT: "layout.local_alloc"(%[[Q]]
// CHECK: %[[B:.*]] = "layout.local_alloc"
// CHECK: "layout.warp_group_dot"(%[[Q]], %[[B]],
// CHECK: "layout.local_dealloc"(%[[B]])
// CHECK-NOT: "layout.local_dealloc"(%[[Q]])
// CHECK: scf.yield
// CHECK: "layout.local_dealloc"(%[[Q]])
module {
  func.func @invariant_operand(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %1 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %2 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %3 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32 = arith.constant 64 : i32
    %4 = "tile.splat"(%c64_i32) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %5 = arith.muli %3, %4 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %6 = "tile.addptr"(%2, %5) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %7 = "tile.broadcast"(%6) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.expand_dims"(%0) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %9 = "tile.broadcast"(%8) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.addptr"(%7, %9) : (tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %11 = "tile.load"(%10) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, volatile = false} : (tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %12 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32_0 = arith.constant 64 : i32
    %13 = scf.for %arg4 = %c0_i32 to %arg3 step %c64_i32_0 iter_args(%arg5 = %12) -> (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>)  : i32 {
      %24 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %25 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %26 = arith.addi %25, %1 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %27 = "tile.expand_dims"(%26) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c64_i32_2 = arith.constant 64 : i32
      %28 = "tile.splat"(%c64_i32_2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %29 = arith.muli %27, %28 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %30 = "tile.addptr"(%24, %29) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %31 = "tile.broadcast"(%30) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %32 = "tile.expand_dims"(%0) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %33 = "tile.broadcast"(%32) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %34 = "tile.addptr"(%31, %33) : (tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %35 = "tile.load"(%34) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, volatile = false} : (tensor<64x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %36 = "layout.local_alloc"(%11) : (tensor<64x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %37 = "layout.local_alloc"(%35) : (tensor<64x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %38 = "layout.warp_group_dot"(%36, %37, %arg5) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      "layout.local_dealloc"(%36) : (!layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%37) : (!layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      scf.yield %38 : tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    }
    %14 = "layout.convert"(%13) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 1, 0, 257, 1, 1, 6, 1, 2, 12, 1, 3, 44, 1, 4, 88, 1, 5, 176, 0, 0, 65, 0, 1, 130, 0, 2, 272>>, layout.smem_bytes = 16384 : i32, layout.wavefronts = array<i64: 128, 128, 128, 128>} : (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32_1 = arith.constant 64 : i32
    %17 = "tile.splat"(%c64_i32_1) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = arith.muli %16, %17 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %19 = "tile.addptr"(%15, %18) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %20 = "tile.broadcast"(%19) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %21 = "tile.expand_dims"(%0) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %22 = "tile.broadcast"(%21) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %23 = "tile.addptr"(%20, %22) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%23, %14) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
}

