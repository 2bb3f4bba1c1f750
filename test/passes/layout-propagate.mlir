// RUN: %tilec %s --passes=layout-propagate | FileCheck %s
// The tiled transpose after coalesce (unit column strides assumed): every tile gets an
// encoding. `ro` is needed as rows of the load (slice 1) and as columns of the store
// (slice 0), so its arange is rematerialised in each; the loaded tile goes through one
// layout.convert to the transposed layout, after which `trans` is free; the mask is
// recomputed in the transposed layout instead of converted.
// CHECK-DAG: "tile.arange"() {{.*}} -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
// CHECK-DAG: "tile.arange"() {{.*}} -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
// CHECK: %[[V:.*]] = "tile.load"
// CHECK-SAME: -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
// CHECK: %[[C:.*]] = "layout.convert"(%[[V]]) {{.*}} -> tensor<64x64xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
// CHECK-NOT: layout.convert
// CHECK: "tile.trans"(%[[C]])
// CHECK: "tile.store"
module {
  func.func @transpose(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.equal_to_one}, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.equal_to_one}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<64xi32>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %4 = arith.addi %2, %3 : tensor<64xi32>
    %5 = "tile.program_id"() {axis = 1 : i32} : () -> i32
    %c64_i32_1 = arith.constant 64 : i32
    %6 = arith.muli %5, %c64_i32_1 : i32
    %7 = "tile.splat"(%6) : (i32) -> tensor<64xi32>
    %8 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %9 = arith.addi %7, %8 : tensor<64xi32>
    %10 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
    %11 = "tile.splat"(%arg2) : (i32) -> tensor<64x1xi32>
    %12 = arith.cmpi slt, %10, %11 : tensor<64x1xi32>
    %13 = "tile.broadcast"(%12) : (tensor<64x1xi1>) -> tensor<64x64xi1>
    %14 = "tile.expand_dims"(%9) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %15 = "tile.splat"(%arg3) : (i32) -> tensor<1x64xi32>
    %16 = arith.cmpi slt, %14, %15 : tensor<1x64xi32>
    %17 = "tile.broadcast"(%16) : (tensor<1x64xi1>) -> tensor<64x64xi1>
    %18 = arith.andi %13, %17 : tensor<64x64xi1>
    %19 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>>
    %20 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
    %21 = "tile.splat"(%arg4) : (i32) -> tensor<64x1xi32>
    %22 = arith.muli %20, %21 : tensor<64x1xi32>
    %23 = "tile.addptr"(%19, %22) : (tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>) -> tensor<64x1x!tile.ptr<f32>>
    %24 = "tile.broadcast"(%23) : (tensor<64x1x!tile.ptr<f32>>) -> tensor<64x64x!tile.ptr<f32>>
    %25 = "tile.expand_dims"(%9) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %26 = "tile.splat"(%c1_i32) : (i32) -> tensor<1x64xi32>
    %27 = arith.muli %25, %26 : tensor<1x64xi32>
    %28 = "tile.broadcast"(%27) : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %29 = "tile.addptr"(%24, %28) : (tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>) -> tensor<64x64x!tile.ptr<f32>>
    %cst = arith.constant 0.000000e+00 : f32
    %30 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32>
    %31 = "tile.load"(%29, %18, %30) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi1>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %32 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>>
    %33 = "tile.expand_dims"(%9) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
    %34 = "tile.splat"(%arg6) : (i32) -> tensor<64x1xi32>
    %35 = arith.muli %33, %34 : tensor<64x1xi32>
    %36 = "tile.addptr"(%32, %35) : (tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>) -> tensor<64x1x!tile.ptr<f32>>
    %37 = "tile.broadcast"(%36) : (tensor<64x1x!tile.ptr<f32>>) -> tensor<64x64x!tile.ptr<f32>>
    %38 = "tile.expand_dims"(%4) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %39 = "tile.splat"(%c1_i32_0) : (i32) -> tensor<1x64xi32>
    %40 = arith.muli %38, %39 : tensor<1x64xi32>
    %41 = "tile.broadcast"(%40) : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %42 = "tile.addptr"(%37, %41) : (tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>) -> tensor<64x64x!tile.ptr<f32>>
    %43 = "tile.trans"(%31) {order = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %44 = "tile.trans"(%18) {order = array<i32: 1, 0>} : (tensor<64x64xi1>) -> tensor<64x64xi1>
    "tile.store"(%42, %43, %44) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<64x64x!tile.ptr<f32>>, tensor<64x64xf32>, tensor<64x64xi1>) -> ()
    return
  }
  // A scan down the columns of a 64x64 tile: the loaded layout puts 4 warps and 4 lanes
  // along the axis; the scan gets one with each thread's part of the axis contiguous
  // (32 a thread), lanes across the columns and 2 warps along it (blocked_for_scan), with
  // a layout.convert on each side.
  // CHECK-LABEL: func.func @scan_cols
  // CHECK: %[[IN:.*]] = "layout.convert"
  // CHECK: "tile.scan"(%[[IN]]) ({
  // CHECK-NEXT: }) {{.*}} -> tensor<64x64xi32, #layout.blocked<array<i32: 32, 1>, array<i32: 1, 32>, array<i32: 2, 2>, array<i32: 1, 0>>>
  // CHECK-NEXT: "layout.convert"
  // CHECK: "tile.store"
  func.func @scan_cols(%arg0: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %1 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %2 = "tile.splat"(%c64_i32) : (i32) -> tensor<64x1xi32>
    %3 = arith.muli %1, %2 : tensor<64x1xi32>
    %4 = "tile.broadcast"(%3) : (tensor<64x1xi32>) -> tensor<64x64xi32>
    %5 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %6 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %7 = "tile.broadcast"(%6) : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %8 = arith.addi %4, %7 : tensor<64x64xi32>
    %9 = "tile.splat"(%arg1) : (!tile.ptr<i32>) -> tensor<64x64x!tile.ptr<i32>>
    %10 = "tile.addptr"(%9, %8) : (tensor<64x64x!tile.ptr<i32>>, tensor<64x64xi32>) -> tensor<64x64x!tile.ptr<i32>>
    %11 = "tile.splat"(%arg0) : (!tile.ptr<i32>) -> tensor<64x64x!tile.ptr<i32>>
    %12 = "tile.addptr"(%11, %8) : (tensor<64x64x!tile.ptr<i32>>, tensor<64x64xi32>) -> tensor<64x64x!tile.ptr<i32>>
    %13 = "tile.load"(%12) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, volatile = false} : (tensor<64x64x!tile.ptr<i32>>) -> tensor<64x64xi32>
    %14 = "tile.scan"(%13) ({}) {axis = 0 : i32, kind = "cumsum", reverse = false} : (tensor<64x64xi32>) -> tensor<64x64xi32>
    "tile.store"(%10, %14) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<i32>>, tensor<64x64xi32>) -> ()
    return
  }
}

