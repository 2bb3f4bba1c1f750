// RUN: %tilec %s --passes=widen-offsets | FileCheck %s
// The offset pid * 1024 + arange is recomputed in i64 (leaves sign-extended), so it
// cannot wrap; the addptr takes the wide offset.
// CHECK: %[[PID:.*]] = "tile.program_id"
// CHECK: %[[P64:.*]] = arith.extsi %[[PID]] : i32 to i64
// CHECK: %[[M:.*]] = arith.muli %[[P64]], %{{.*}} : i64
// CHECK: %[[S:.*]] = "tile.splat"(%[[M]]) : (i64) -> tensor<1024xi64>
// CHECK: %[[O:.*]] = arith.addi %[[S]], %{{.*}} : tensor<1024xi64>
// CHECK: "tile.addptr"(%{{.*}}, %[[O]]) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi64>)
module {
  func.func @copy(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<1024xi32>
    %3 = "tile.arange"() {end = 1024 : i32, start = 0 : i32} : () -> tensor<1024xi32>
    %4 = arith.addi %2, %3 : tensor<1024xi32>
    %5 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>>
    %6 = "tile.addptr"(%5, %4) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
    %7 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>>
    %8 = "tile.addptr"(%7, %4) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
    %9 = "tile.splat"(%arg2) : (i32) -> tensor<1024xi32>
    %10 = arith.cmpi slt, %4, %9 : tensor<1024xi32>
    %11 = "tile.load"(%8, %10) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>, volatile = false} : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi1>) -> tensor<1024xf32>
    %12 = "tile.splat"(%arg2) : (i32) -> tensor<1024xi32>
    %13 = arith.cmpi slt, %4, %12 : tensor<1024xi32>
    "tile.store"(%6, %11, %13) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<1024x!tile.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> ()
    return
  }
}

