// RUN: %tilec %s --passes trans-loads | FileCheck %s
// Input: test/lowering/trans-loads.tile's kernel `once` as tilegen writes it: a K loop
// whose product takes a loaded tile transposed, `dot(av, trans(bt))`.
// The load is made of transposed pointers, mask and `other` (the splat made again in the
// new shape, so the pipeline still sees a zero `other`); the original load and the
// `trans` of loaded values are gone.
// CHECK-LABEL: func.func @once
// CHECK: %[[A:.*]] = "tile.load"({{.*}}) -> tensor<64x32xf16>
// CHECK: %[[P:.*]] = "tile.trans"(%{{.*}}) {order = array<i32: 1, 0>} : (tensor<64x32x!tile.ptr<f16>>) -> tensor<32x64x!tile.ptr<f16>>
// CHECK-NEXT: %[[M:.*]] = "tile.trans"(%{{.*}}) {order = array<i32: 1, 0>} : (tensor<64x32xi1>) -> tensor<32x64xi1>
// CHECK-NEXT: %[[O:.*]] = "tile.splat"(%{{.*}}) : (f16) -> tensor<32x64xf16>
// CHECK-NEXT: %[[B:.*]] = "tile.load"(%[[P]], %[[M]], %[[O]])
// CHECK-NEXT: "tile.dot"(%[[A]], %[[B]], %{{.*}})
// CHECK-NOT: "tile.load"
// CHECK-NOT: -> tensor<32x64xf16>
module {
  func.func @once(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32>
    %1 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %2 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %3 = scf.for %arg4 = %c0_i32 to %arg3 step %c32_i32 iter_args(%arg5 = %2) -> (tensor<64x64xf32>)  : i32 {
      %13 = "tile.splat"(%arg4) : (i32) -> tensor<32xi32>
      %14 = arith.addi %13, %1 : tensor<32xi32>
      %15 = "tile.expand_dims"(%14) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
      %16 = "tile.splat"(%arg3) : (i32) -> tensor<1x32xi32>
      %17 = arith.cmpi slt, %15, %16 : tensor<1x32xi32>
      %18 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>>
      %19 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
      %20 = "tile.splat"(%arg3) : (i32) -> tensor<64x1xi32>
      %21 = arith.muli %19, %20 : tensor<64x1xi32>
      %22 = "tile.addptr"(%18, %21) : (tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>) -> tensor<64x1x!tile.ptr<f16>>
      %23 = "tile.broadcast"(%22) : (tensor<64x1x!tile.ptr<f16>>) -> tensor<64x32x!tile.ptr<f16>>
      %24 = "tile.splat"(%arg4) : (i32) -> tensor<32xi32>
      %25 = arith.addi %24, %1 : tensor<32xi32>
      %26 = "tile.expand_dims"(%25) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
      %27 = "tile.broadcast"(%26) : (tensor<1x32xi32>) -> tensor<64x32xi32>
      %28 = "tile.addptr"(%23, %27) : (tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>) -> tensor<64x32x!tile.ptr<f16>>
      %29 = "tile.broadcast"(%17) : (tensor<1x32xi1>) -> tensor<64x32xi1>
      %cst_0 = arith.constant 0.000000e+00 : f16
      %30 = "tile.splat"(%cst_0) : (f16) -> tensor<64x32xf16>
      %31 = "tile.load"(%28, %29, %30) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi1>, tensor<64x32xf16>) -> tensor<64x32xf16>
      %32 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>>
      %33 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
      %34 = "tile.splat"(%arg3) : (i32) -> tensor<64x1xi32>
      %35 = arith.muli %33, %34 : tensor<64x1xi32>
      %36 = "tile.addptr"(%32, %35) : (tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>) -> tensor<64x1x!tile.ptr<f16>>
      %37 = "tile.broadcast"(%36) : (tensor<64x1x!tile.ptr<f16>>) -> tensor<64x32x!tile.ptr<f16>>
      %38 = "tile.splat"(%arg4) : (i32) -> tensor<32xi32>
      %39 = arith.addi %38, %1 : tensor<32xi32>
      %40 = "tile.expand_dims"(%39) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
      %41 = "tile.broadcast"(%40) : (tensor<1x32xi32>) -> tensor<64x32xi32>
      %42 = "tile.addptr"(%37, %41) : (tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>) -> tensor<64x32x!tile.ptr<f16>>
      %43 = "tile.broadcast"(%17) : (tensor<1x32xi1>) -> tensor<64x32xi1>
      %cst_1 = arith.constant 0.000000e+00 : f16
      %44 = "tile.splat"(%cst_1) : (f16) -> tensor<64x32xf16>
      %45 = "tile.load"(%42, %43, %44) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi1>, tensor<64x32xf16>) -> tensor<64x32xf16>
      %46 = "tile.trans"(%45) {order = array<i32: 1, 0>} : (tensor<64x32xf16>) -> tensor<32x64xf16>
      %47 = "tile.dot"(%31, %46, %arg5) {input_precision = "tf32"} : (tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
      scf.yield %47 : tensor<64x64xf32>
    }
    %4 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>>
    %5 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %6 = "tile.splat"(%c64_i32) : (i32) -> tensor<64x1xi32>
    %7 = arith.muli %5, %6 : tensor<64x1xi32>
    %8 = "tile.addptr"(%4, %7) : (tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>) -> tensor<64x1x!tile.ptr<f32>>
    %9 = "tile.broadcast"(%8) : (tensor<64x1x!tile.ptr<f32>>) -> tensor<64x64x!tile.ptr<f32>>
    %10 = "tile.expand_dims"(%0) {axis = 0 : i32} : (tensor<64xi32>) -> tensor<1x64xi32>
    %11 = "tile.broadcast"(%10) : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %12 = "tile.addptr"(%9, %11) : (tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>) -> tensor<64x64x!tile.ptr<f32>>
    "tile.store"(%12, %3) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<f32>>, tensor<64x64xf32>) -> ()
    return
  }
}

