// RUN: %tilec %s --passes=tile-to-memsem | FileCheck %s
// Plain loads and stores become weak memsem ops; attributes carried over.
// CHECK-COUNT-2: "memsem.load"({{.*}}evict = "", layout.vec = 4 : i32{{.*}}order = "weak", scope = ""
// CHECK: "memsem.store"({{.*}}order = "weak", scope = ""
// CHECK-NOT: tile.load
// RUN: %tilec %examples/message_passing.tile --kernel mp_release_acquire --emit memsem | FileCheck %s --check-prefix=ORDER
// A source `sem` (carried as tile.sem / tile.scope) becomes the op's order and scope;
// `volatile` becomes order "volatile"; atomics keep their sem and scope.
// ORDER: "memsem.store"({{.*}}order = "weak", scope = ""
// ORDER: "memsem.store"({{.*}}order = "release", scope = "gpu"
// ORDER: "memsem.load"({{.*}}order = "weak", scope = ""
// ORDER: "memsem.load"({{.*}}order = "acquire", scope = "gpu"
// ORDER: "memsem.atomic_rmw"({{.*}}scope = "gpu", sem = "relaxed"
// ORDER-NOT: tile.sem
// RUN: %tilec %examples/scan.tile --emit memsem | FileCheck %s --check-prefix=VOLATILE
// VOLATILE: "memsem.load"({{.*}}order = "volatile", scope = ""
// -----// IR Dump After coalesce //----- //
module {
  func.func @add(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c1024_i32 = arith.constant 1024 : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %3 = "tile.arange"() {end = 1024 : i32, start = 0 : i32} : () -> tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %4 = arith.addi %2, %3 : tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %5 = "tile.splat"(%arg3) : (i32) -> tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %7 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %8 = "tile.addptr"(%7, %4) : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %9 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %10 = "tile.addptr"(%9, %4) : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %11 = "tile.load"(%10, %6) {cache = "", evict = "", layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, volatile = false} : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi1, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %12 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %13 = "tile.addptr"(%12, %4) : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %14 = "tile.load"(%13, %6) {cache = "", evict = "", layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, volatile = false} : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi1, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %15 = arith.addf %11, %14 : tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    "tile.store"(%8, %15, %6) {cache = "", evict = "", layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi1, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> ()
    return
  }
}

