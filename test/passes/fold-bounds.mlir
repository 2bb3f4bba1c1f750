// RUN: %tilec %s --passes fold-bounds | FileCheck %s
// In @folds n is specialised divisible by 64 (tile.divisibility = 64): a loop over
// range(0, n, 64) or range(0, hi, 64) with hi = min-like(.., n) has every `s + arange(0,
// 64) < n` true (either operand order) and the scalar `s + 64 > n` false, folded to
// constants; a loop bounded by another argument (m), or stepping by 32 (s a multiple of
// 32 only), keeps its checks, and asks for nothing: a larger divisor of n would not fold
// them. In @not_multiple nothing is known of n: nothing folds, and the function asks for
// n a multiple of 64 (`tile.divisibility_hints`, one entry per argument), which would fold
// the checks of its loops by 64.
// CHECK-LABEL: func.func @folds(
// CHECK-NOT: tile.divisibility_hints
// CHECK: scf.for
// CHECK-NOT: arith.cmpi
// CHECK: %[[T1:.*]] = "tile.splat"(%true{{.*}}) : (i1) -> tensor<64xi1>
// CHECK: "tile.load"(%{{.*}}, %[[T1]], %{{.*}})
// CHECK: scf.if %false
// CHECK: arith.cmpi sgt, %{{.*}}, %arg2 : i32
// CHECK: scf.for
// CHECK-NOT: arith.cmpi
// CHECK: %[[T2:.*]] = "tile.splat"(%true{{.*}}) : (i1) -> tensor<64xi1>
// CHECK: "tile.load"(%{{.*}}, %[[T2]], %{{.*}})
// CHECK: scf.for %{{.*}} = %{{.*}} to %arg3
// CHECK: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
// CHECK: "tile.load"(%{{.*}}, %[[M]], %{{.*}})
// CHECK: scf.for %{{.*}} = %{{.*}} to %arg2 step %c32
// CHECK: %[[S:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
// CHECK: "tile.load"(%{{.*}}, %[[S]], %{{.*}})
// CHECK-LABEL: func.func @not_multiple(
// CHECK-SAME: tile.divisibility_hints = array<i32: 1, 1, 64, 1>
// CHECK-NOT: %true
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
// CHECK: arith.cmpi sgt, %{{.*}}, %arg2 : i32
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : tensor<64xi32>
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
// CHECK-NOT: %true
module {
  func.func @folds(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 64 : i32}, %arg3: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %1 = "tile.splat"(%cst) : (f32) -> tensor<64xf32>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %2 = scf.for %arg4 = %c0_i32 to %arg2 step %c64_i32 iter_args(%arg5 = %1) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi slt, %14, %17 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      %c64_i32_7 = arith.constant 64 : i32
      %22 = arith.addi %arg4, %c64_i32_7 : i32
      %23 = arith.cmpi sgt, %22, %arg2 : i32
      %24 = scf.if %23 -> (tensor<64xf32>) {
        %cst_8 = arith.constant 2.000000e+00 : f32
        %25 = "tile.splat"(%cst_8) : (f32) -> tensor<64xf32>
        %26 = arith.mulf %21, %25 : tensor<64xf32>
        scf.yield %26 : tensor<64xf32>
      } else {
        scf.yield %21 : tensor<64xf32>
      }
      scf.yield %24 : tensor<64xf32>
    }
    %3 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c1_i32 = arith.constant 1 : i32
    %4 = arith.addi %3, %c1_i32 : i32
    %c64_i32_0 = arith.constant 64 : i32
    %5 = arith.muli %4, %c64_i32_0 : i32
    %6 = arith.cmpi sgt, %5, %arg2 : i32
    %7 = scf.if %6 -> (i32) {
      scf.yield %arg2 : i32
    } else {
      scf.yield %5 : i32
    }
    %c0_i32_1 = arith.constant 0 : i32
    %c64_i32_2 = arith.constant 64 : i32
    %8 = scf.for %arg4 = %c0_i32_1 to %7 step %c64_i32_2 iter_args(%arg5 = %2) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi sgt, %17, %14 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      scf.yield %21 : tensor<64xf32>
    }
    %c0_i32_3 = arith.constant 0 : i32
    %c64_i32_4 = arith.constant 64 : i32
    %9 = scf.for %arg4 = %c0_i32_3 to %arg3 step %c64_i32_4 iter_args(%arg5 = %8) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi slt, %14, %17 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      scf.yield %21 : tensor<64xf32>
    }
    %c0_i32_5 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %10 = scf.for %arg4 = %c0_i32_5 to %arg2 step %c32_i32 iter_args(%arg5 = %9) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi slt, %14, %17 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      scf.yield %21 : tensor<64xf32>
    }
    %11 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
    %12 = "tile.addptr"(%11, %0) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
    "tile.store"(%12, %10) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x!tile.ptr<f32>>, tensor<64xf32>) -> ()
    return
  }
  func.func @not_multiple(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %1 = "tile.splat"(%cst) : (f32) -> tensor<64xf32>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %2 = scf.for %arg4 = %c0_i32 to %arg2 step %c64_i32 iter_args(%arg5 = %1) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi slt, %14, %17 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      %c64_i32_7 = arith.constant 64 : i32
      %22 = arith.addi %arg4, %c64_i32_7 : i32
      %23 = arith.cmpi sgt, %22, %arg2 : i32
      %24 = scf.if %23 -> (tensor<64xf32>) {
        %cst_8 = arith.constant 2.000000e+00 : f32
        %25 = "tile.splat"(%cst_8) : (f32) -> tensor<64xf32>
        %26 = arith.mulf %21, %25 : tensor<64xf32>
        scf.yield %26 : tensor<64xf32>
      } else {
        scf.yield %21 : tensor<64xf32>
      }
      scf.yield %24 : tensor<64xf32>
    }
    %3 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c1_i32 = arith.constant 1 : i32
    %4 = arith.addi %3, %c1_i32 : i32
    %c64_i32_0 = arith.constant 64 : i32
    %5 = arith.muli %4, %c64_i32_0 : i32
    %6 = arith.cmpi sgt, %5, %arg2 : i32
    %7 = scf.if %6 -> (i32) {
      scf.yield %arg2 : i32
    } else {
      scf.yield %5 : i32
    }
    %c0_i32_1 = arith.constant 0 : i32
    %c64_i32_2 = arith.constant 64 : i32
    %8 = scf.for %arg4 = %c0_i32_1 to %7 step %c64_i32_2 iter_args(%arg5 = %2) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi sgt, %17, %14 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      scf.yield %21 : tensor<64xf32>
    }
    %c0_i32_3 = arith.constant 0 : i32
    %c64_i32_4 = arith.constant 64 : i32
    %9 = scf.for %arg4 = %c0_i32_3 to %arg3 step %c64_i32_4 iter_args(%arg5 = %8) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi slt, %14, %17 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      scf.yield %21 : tensor<64xf32>
    }
    %c0_i32_5 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %10 = scf.for %arg4 = %c0_i32_5 to %arg2 step %c32_i32 iter_args(%arg5 = %9) -> (tensor<64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<64xi32>
      %14 = arith.addi %13, %0 : tensor<64xi32>
      %15 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
      %16 = "tile.addptr"(%15, %14) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
      %17 = "tile.splat"(%arg2) : (i32) -> tensor<64xi32>
      %18 = arith.cmpi slt, %14, %17 : tensor<64xi32>
      %cst_6 = arith.constant 0.000000e+00 : f32
      %19 = "tile.splat"(%cst_6) : (f32) -> tensor<64xf32>
      %20 = "tile.load"(%16, %18, %19) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<64xi1>, tensor<64xf32>) -> tensor<64xf32>
      %21 = arith.addf %arg5, %20 : tensor<64xf32>
      scf.yield %21 : tensor<64xf32>
    }
    %11 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>>
    %12 = "tile.addptr"(%11, %0) : (tensor<64x!tile.ptr<f32>>, tensor<64xi32>) -> tensor<64x!tile.ptr<f32>>
    "tile.store"(%12, %10) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x!tile.ptr<f32>>, tensor<64xf32>) -> ()
    return
  }
}
