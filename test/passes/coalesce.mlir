// RUN: %tilec %s --passes=coalesce | FileCheck %s
// Vector add with n divisible by 16: each load and store gets its anchor, 16-byte
// vectors, 4 f32 a thread, the layout Triton picks (other tiles get theirs in
// layout-propagate).
// CHECK: "tile.arange"() {end = 1024 : i32, start = 0 : i32} : () -> tensor<1024xi32>
// CHECK: "tile.load"({{.*}}layout.anchor = #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>, layout.vec = 4 : i32
// CHECK: "tile.store"({{.*}}layout.anchor = #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>, layout.vec = 4 : i32
module {
  func.func @add(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<1024xi32>
    %3 = "tile.arange"() {end = 1024 : i32, start = 0 : i32} : () -> tensor<1024xi32>
    %4 = arith.addi %2, %3 : tensor<1024xi32>
    %5 = "tile.splat"(%arg3) : (i32) -> tensor<1024xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    %7 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>>
    %8 = "tile.addptr"(%7, %4) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
    %9 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>>
    %10 = "tile.addptr"(%9, %4) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
    %11 = "tile.load"(%10, %6) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>, volatile = false} : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi1>) -> tensor<1024xf32>
    %12 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>>
    %13 = "tile.addptr"(%12, %4) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
    %14 = "tile.load"(%13, %6) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>, volatile = false} : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi1>) -> tensor<1024xf32>
    %15 = arith.addf %11, %14 : tensor<1024xf32>
    "tile.store"(%8, %15, %6) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<1024x!tile.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> ()
    return
  }
  // Step 5: a relaxed integer atomic to one address (a splat pointer plus zeros), old
  // values unused, is marked for warp pre-reduction; one atomic per element otherwise.
  // CHECK-LABEL: func.func @count
  // CHECK: "tile.atomic_rmw"({{.*}}layout.prereduce = 1 : i32
  // CHECK: "tile.atomic_rmw"
  // CHECK-NOT: layout.prereduce
  // CHECK: return
  func.func @count(%arg0: !tile.ptr<i32>, %arg1: tensor<256xi32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %0 = "tile.splat"(%arg0) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>>
    %c0_i32 = arith.constant 0 : i32
    %1 = "tile.splat"(%c0_i32) : (i32) -> tensor<256xi32>
    %2 = "tile.addptr"(%0, %1) : (tensor<256x!tile.ptr<i32>>, tensor<256xi32>) -> tensor<256x!tile.ptr<i32>>
    %3 = "tile.atomic_rmw"(%2, %arg1) {kind = "add", operandSegmentSizes = array<i32: 1, 1, 0>, scope = "gpu", sem = "relaxed"} : (tensor<256x!tile.ptr<i32>>, tensor<256xi32>) -> tensor<256xi32>
    %4 = "tile.atomic_rmw"(%2, %arg1) {kind = "add", operandSegmentSizes = array<i32: 1, 1, 0>, scope = "gpu", sem = "acq_rel"} : (tensor<256x!tile.ptr<i32>>, tensor<256xi32>) -> tensor<256xi32>
    return
  }
}

