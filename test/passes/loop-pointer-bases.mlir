// RUN: %tilec %s --passes loop-pointer-bases | FileCheck %s
// RUN: %tilec %s --passes loop-pointer-bases,software-pipeline | FileCheck %s --check-prefix=PIPE
// Input: a wgmma matmul loop after smem-transpose (software-pipeline.mlir's), and the
// same loop with its A pointers read after it.
//
// The two pointer tiles the loop advances (A by 32, B by 2048 elements a trip) become
// i64 offsets starting at 0; the body recomputes each tile as the initial tile plus its
// offset, and the yield adds the (sign-extended) step. The accumulator is untouched.
// CHECK-LABEL: func.func @wgmma_loop(
// CHECK: %[[A0:[0-9]+]] = "tile.addptr"(%11, %13)
// CHECK: %[[B0:[0-9]+]] = "tile.addptr"(%20, %22)
// CHECK: %[[Z0:.*]] = arith.constant 0 : i64
// CHECK: %[[Z1:.*]] = arith.constant 0 : i64
// CHECK: scf.for {{.*}} iter_args(%[[OA:.*]] = %[[Z0]], %[[OB:.*]] = %[[Z1]], %{{.*}} = %24) -> (i64, i64, tensor<64x64xf32
// CHECK-NEXT: %[[SA:.*]] = "tile.splat"(%[[OA]]) : (i64) -> tensor<64x32xi64
// CHECK-NEXT: %[[PA:.*]] = "tile.addptr"(%[[A0]], %[[SA]])
// CHECK-NEXT: %[[SB:.*]] = "tile.splat"(%[[OB]]) : (i64) -> tensor<32x64xi64
// CHECK-NEXT: %[[PB:.*]] = "tile.addptr"(%[[B0]], %[[SB]])
// CHECK: "tile.load"(%[[PA]],
// CHECK: "tile.load"(%[[PB]],
// CHECK-NOT: "tile.addptr"
// CHECK: %[[XA:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: %[[NA:.*]] = arith.addi %[[OA]], %[[XA]] : i64
// CHECK-NEXT: %[[XB:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: %[[NB:.*]] = arith.addi %[[OB]], %[[XB]] : i64
// CHECK-NEXT: scf.yield %[[NA]], %[[NB]], %{{.*}} : i64, i64, tensor<64x64xf32
//
// Pointers read after the loop keep their form; the others still change.
// CHECK-LABEL: func.func @read_after(
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %14, %{{.*}} = %{{.*}}, %{{.*}} = %24) -> (tensor<64x32x!tile.ptr<f16>{{.*}}>, i64, tensor<64x64xf32
//
// software-pipeline then carries the offsets two iterations ahead like any stage-0 value:
// the prologue copies iterations 0 and 1, the loop the iteration two ahead.
// PIPE-LABEL: func.func @wgmma_loop(
// PIPE-COUNT-2: "layout.async_commit"
// PIPE: scf.for {{.*}} -> (i64, i64, tensor<64x64xf32{{.*}}>, i32, i32)
// PIPE: "layout.async_copy"
// PIPE: "layout.async_copy"
// PIPE: tile.pipelined = 3
module {
  func.func @wgmma_loop(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %1 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %2 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %7 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.splat"(%arg3) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %9 = arith.muli %7, %8 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.addptr"(%6, %9) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %11 = "tile.broadcast"(%10) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.broadcast"(%12) : (tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %14 = "tile.addptr"(%11, %13) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32 = arith.constant 64 : i32
    %17 = "tile.splat"(%c64_i32) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = arith.muli %16, %17 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %19 = "tile.addptr"(%15, %18) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %20 = "tile.broadcast"(%19) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %21 = "tile.expand_dims"(%3) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %22 = "tile.broadcast"(%21) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %23 = "tile.addptr"(%20, %22) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %24 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %25 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %26 = arith.subi %25, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %27 = arith.divsi %26, %c32_i32_0 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %28:3 = scf.for %arg4 = %c0_i32 to %27 step %c1_i32_1 iter_args(%arg5 = %14, %arg6 = %23, %arg7 = %24) -> (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>)  : i32 {
      %39 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c32_i32_3 = arith.constant 32 : i32
      %40 = arith.muli %arg4, %c32_i32_3 : i32
      %41 = arith.subi %arg3, %40 : i32
      %42 = "tile.splat"(%41) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %43 = arith.cmpi slt, %39, %42 : tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %44 = "tile.broadcast"(%43) : (tensor<1x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_4 = arith.constant 0.000000e+00 : f16
      %45 = "tile.splat"(%cst_4) : (f16) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %46 = "tile.load"(%arg5, %44, %45) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %47 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c32_i32_5 = arith.constant 32 : i32
      %48 = arith.muli %arg4, %c32_i32_5 : i32
      %49 = arith.subi %arg3, %48 : i32
      %50 = "tile.splat"(%49) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %51 = arith.cmpi slt, %47, %50 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %52 = "tile.broadcast"(%51) : (tensor<32x1xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_6 = arith.constant 0.000000e+00 : f16
      %53 = "tile.splat"(%cst_6) : (f16) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %54 = "tile.load"(%arg6, %52, %53) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %55 = "layout.local_alloc"(%46) : (tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>
      %56 = "layout.local_alloc"(%54) : (tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %57 = "layout.warp_group_dot"(%55, %56, %arg7) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      "layout.local_dealloc"(%55) : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%56) : (!layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      %c32_i32_7 = arith.constant 32 : i32
      %58 = "tile.splat"(%c32_i32_7) : (i32) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %59 = "tile.addptr"(%arg5, %58) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c2048_i32 = arith.constant 2048 : i32
      %60 = "tile.splat"(%c2048_i32) : (i32) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %61 = "tile.addptr"(%arg6, %60) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      scf.yield %59, %61, %57 : tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    } {tile.num_stages = 3 : i32}
    %29 = "layout.convert"(%28#2) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 18432 : i32, layout.wavefronts = array<i64: 128, 128, 128, 128>} : (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %30 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %31 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32_2 = arith.constant 64 : i32
    %32 = "tile.splat"(%c64_i32_2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %33 = arith.muli %31, %32 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %34 = "tile.addptr"(%30, %33) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %35 = "tile.broadcast"(%34) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %36 = "tile.expand_dims"(%2) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %37 = "tile.broadcast"(%36) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %38 = "tile.addptr"(%35, %37) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%38, %29) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @read_after(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %1 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %2 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %7 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.splat"(%arg3) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %9 = arith.muli %7, %8 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.addptr"(%6, %9) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %11 = "tile.broadcast"(%10) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.broadcast"(%12) : (tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %14 = "tile.addptr"(%11, %13) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32 = arith.constant 64 : i32
    %17 = "tile.splat"(%c64_i32) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = arith.muli %16, %17 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %19 = "tile.addptr"(%15, %18) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %20 = "tile.broadcast"(%19) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %21 = "tile.expand_dims"(%3) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %22 = "tile.broadcast"(%21) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %23 = "tile.addptr"(%20, %22) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %24 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %25 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %26 = arith.subi %25, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %27 = arith.divsi %26, %c32_i32_0 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %28:3 = scf.for %arg4 = %c0_i32 to %27 step %c1_i32_1 iter_args(%arg5 = %14, %arg6 = %23, %arg7 = %24) -> (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>)  : i32 {
      %39 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c32_i32_3 = arith.constant 32 : i32
      %40 = arith.muli %arg4, %c32_i32_3 : i32
      %41 = arith.subi %arg3, %40 : i32
      %42 = "tile.splat"(%41) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %43 = arith.cmpi slt, %39, %42 : tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %44 = "tile.broadcast"(%43) : (tensor<1x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_4 = arith.constant 0.000000e+00 : f16
      %45 = "tile.splat"(%cst_4) : (f16) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %46 = "tile.load"(%arg5, %44, %45) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %47 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c32_i32_5 = arith.constant 32 : i32
      %48 = arith.muli %arg4, %c32_i32_5 : i32
      %49 = arith.subi %arg3, %48 : i32
      %50 = "tile.splat"(%49) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %51 = arith.cmpi slt, %47, %50 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %52 = "tile.broadcast"(%51) : (tensor<32x1xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_6 = arith.constant 0.000000e+00 : f16
      %53 = "tile.splat"(%cst_6) : (f16) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %54 = "tile.load"(%arg6, %52, %53) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %55 = "layout.local_alloc"(%46) : (tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>
      %56 = "layout.local_alloc"(%54) : (tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %57 = "layout.warp_group_dot"(%55, %56, %arg7) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      "layout.local_dealloc"(%55) : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%56) : (!layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      %c32_i32_7 = arith.constant 32 : i32
      %58 = "tile.splat"(%c32_i32_7) : (i32) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %59 = "tile.addptr"(%arg5, %58) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c2048_i32 = arith.constant 2048 : i32
      %60 = "tile.splat"(%c2048_i32) : (i32) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %61 = "tile.addptr"(%arg6, %60) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      scf.yield %59, %61, %57 : tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    } {tile.num_stages = 3 : i32}
    %after = "tile.addptr"(%28#0, %13) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %29 = "layout.convert"(%28#2) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 18432 : i32, layout.wavefronts = array<i64: 128, 128, 128, 128>} : (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %30 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %31 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32_2 = arith.constant 64 : i32
    %32 = "tile.splat"(%c64_i32_2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %33 = arith.muli %31, %32 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %34 = "tile.addptr"(%30, %33) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %35 = "tile.broadcast"(%34) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %36 = "tile.expand_dims"(%2) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %37 = "tile.broadcast"(%36) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %38 = "tile.addptr"(%35, %37) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%38, %29) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
}
