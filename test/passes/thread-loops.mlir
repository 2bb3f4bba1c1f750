// RUN: %tilec %s --passes thread-loops | FileCheck %s
// Input: five polling loops (the IR before thread-loops, 8 warps, of the kernels in the
// comment at the end). The two whose body leaves a closed element unchanged get their
// condition's reduction marked `layout.per_thread`; the one that counts rounds for a
// closed element, the one that stores for it, and the one whose 64 elements are held by
// 4 threads each do not.
// CHECK-LABEL: func.func @look_back(
// CHECK: kind = "max", layout.per_thread = true
// CHECK-LABEL: func.func @poll_all(
// CHECK: kind = "min", layout.per_thread = true
// CHECK-LABEL: func.func @counts_closed(
// CHECK-NOT: layout.per_thread
// CHECK-LABEL: func.func @stores_closed(
// CHECK-NOT: layout.per_thread
// CHECK-LABEL: func.func @copies(
// CHECK-NOT: layout.per_thread
module {
  func.func @look_back(%arg0: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg2: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 8 : i32} {
    %0 = "tile.arange"() {end = 256 : i32, start = 0 : i32} : () -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32 = arith.constant 0 : i32
    %1 = "tile.splat"(%c0_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.subi %arg2, %c1_i32 : i32
    %3 = "tile.splat"(%2) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32_0 = arith.constant 0 : i32
    %4 = "tile.splat"(%c0_i32_0) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %5 = arith.cmpi sge, %3, %4 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %6:3 = scf.while (%arg3 = %1, %arg4 = %3, %arg5 = %5) : (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) {
      %9 = arith.extui %arg5 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>> to tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %10 = "tile.reduce"(%9) ({
      }) {axis = 0 : i32, kind = "max"} : (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> i32
      %c0_i32_1 = arith.constant 0 : i32
      %11 = arith.cmpi sgt, %10, %c0_i32_1 : i32
      scf.condition(%11) %arg3, %arg4, %arg5 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    } do {
    ^bb0(%arg3: tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, %arg4: tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, %arg5: tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>):
      %9 = "tile.splat"(%arg0) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_1 = arith.constant 0 : i32
      %10 = "tile.splat"(%c0_i32_1) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %11 = arith.maxsi %arg4, %10 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c256_i32 = arith.constant 256 : i32
      %12 = "tile.splat"(%c256_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %13 = arith.muli %11, %12 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %14 = "tile.addptr"(%9, %13) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %15 = "tile.addptr"(%14, %0) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_2 = arith.constant 0 : i32
      %16 = "tile.splat"(%c0_i32_2) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %17 = "memsem.load"(%15, %arg5, %16) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, order = "volatile", scope = ""} : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c30_i32 = arith.constant 30 : i32
      %18 = "tile.splat"(%c30_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %19 = arith.shrui %17, %18 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_3 = arith.constant 0 : i32
      %20 = "tile.splat"(%c0_i32_3) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %21 = arith.cmpi ne, %19, %20 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %22 = arith.andi %arg5, %21 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c1023_i32 = arith.constant 1023 : i32
      %23 = "tile.splat"(%c1023_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %24 = arith.andi %17, %23 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_4 = arith.constant 0 : i32
      %25 = "tile.splat"(%c0_i32_4) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %26 = arith.select %22, %24, %25 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %27 = arith.addi %arg3, %26 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c1_i32_5 = arith.constant 1 : i32
      %28 = "tile.splat"(%c1_i32_5) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %29 = arith.subi %arg4, %28 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %30 = arith.select %22, %29, %arg4 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %true = arith.constant true
      %31 = "tile.splat"(%true) : (i1) -> tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %32 = arith.xori %22, %31 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %33 = arith.andi %arg5, %32 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_6 = arith.constant 0 : i32
      %34 = "tile.splat"(%c0_i32_6) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %35 = arith.cmpi sge, %30, %34 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %36 = arith.andi %33, %35 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      scf.yield %27, %30, %36 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    }
    %7 = "tile.splat"(%arg1) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %8 = "tile.addptr"(%7, %0) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    "memsem.store"(%8, %6#0) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> ()
    return
  }
  func.func @poll_all(%arg0: !tile.ptr<i64> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i64> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 8 : i32} {
    %0 = "tile.arange"() {end = 256 : i32, start = 0 : i32} : () -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %1 = "tile.splat"(%arg0) : (!tile.ptr<i64>) -> tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %2 = "tile.addptr"(%1, %0) : (tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %3 = "memsem.load"(%2) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 2 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, order = "volatile", scope = ""} : (tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c32_i64 = arith.constant 32 : i64
    %4 = "tile.splat"(%c32_i64) : (i64) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %5 = arith.shrui %3, %4 : tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i64 = arith.constant 0 : i64
    %6 = "tile.splat"(%c0_i64) : (i64) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %7 = arith.cmpi ne, %5, %6 : tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %8:2 = scf.while (%arg2 = %3, %arg3 = %7) : (tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> (tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) {
      %11 = arith.extui %arg3 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>> to tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %12 = "tile.reduce"(%11) ({
      }) {axis = 0 : i32, kind = "min"} : (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> i32
      %c0_i32 = arith.constant 0 : i32
      %13 = arith.cmpi eq, %12, %c0_i32 : i32
      scf.condition(%13) %arg2, %arg3 : tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    } do {
    ^bb0(%arg2: tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, %arg3: tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>):
      %11 = "tile.splat"(%arg0) : (!tile.ptr<i64>) -> tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %12 = "tile.addptr"(%11, %0) : (tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %true = arith.constant true
      %13 = "tile.splat"(%true) : (i1) -> tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %14 = arith.xori %arg3, %13 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i64_0 = arith.constant 0 : i64
      %15 = "tile.splat"(%c0_i64_0) : (i64) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %16 = "memsem.load"(%12, %14, %15) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, order = "volatile", scope = ""} : (tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %17 = arith.select %arg3, %arg2, %16 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c32_i64_1 = arith.constant 32 : i64
      %18 = "tile.splat"(%c32_i64_1) : (i64) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %19 = arith.shrui %17, %18 : tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i64_2 = arith.constant 0 : i64
      %20 = "tile.splat"(%c0_i64_2) : (i64) -> tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %21 = arith.cmpi ne, %19, %20 : tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %22 = arith.ori %arg3, %21 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      scf.yield %17, %22 : tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    }
    %9 = "tile.splat"(%arg1) : (!tile.ptr<i64>) -> tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %10 = "tile.addptr"(%9, %0) : (tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    "memsem.store"(%10, %8#0) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<256x!tile.ptr<i64>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi64, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> ()
    return
  }
  func.func @counts_closed(%arg0: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 8 : i32} {
    %0 = "tile.arange"() {end = 256 : i32, start = 0 : i32} : () -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32 = arith.constant 0 : i32
    %1 = "tile.splat"(%c0_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32_0 = arith.constant 0 : i32
    %2 = "tile.splat"(%c0_i32_0) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %3 = arith.cmpi sge, %0, %2 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %4:2 = scf.while (%arg2 = %1, %arg3 = %3) : (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) {
      %7 = arith.extui %arg3 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>> to tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %8 = "tile.reduce"(%7) ({
      }) {axis = 0 : i32, kind = "max"} : (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> i32
      %c0_i32_1 = arith.constant 0 : i32
      %9 = arith.cmpi sgt, %8, %c0_i32_1 : i32
      scf.condition(%9) %arg2, %arg3 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    } do {
    ^bb0(%arg2: tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, %arg3: tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>):
      %7 = "tile.splat"(%arg0) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %8 = "tile.addptr"(%7, %0) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_1 = arith.constant 0 : i32
      %9 = "tile.splat"(%c0_i32_1) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %10 = "memsem.load"(%8, %arg3, %9) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, order = "volatile", scope = ""} : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c1_i32 = arith.constant 1 : i32
      %11 = "tile.splat"(%c1_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %12 = arith.addi %arg2, %11 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_2 = arith.constant 0 : i32
      %13 = "tile.splat"(%c0_i32_2) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %14 = arith.cmpi eq, %10, %13 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %15 = arith.andi %arg3, %14 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      scf.yield %12, %15 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    }
    %5 = "tile.splat"(%arg1) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %6 = "tile.addptr"(%5, %0) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    "memsem.store"(%6, %4#0) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> ()
    return
  }
  func.func @stores_closed(%arg0: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 8 : i32} {
    %0 = "tile.arange"() {end = 256 : i32, start = 0 : i32} : () -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32 = arith.constant 0 : i32
    %1 = "tile.splat"(%c0_i32) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %2 = arith.cmpi sge, %0, %1 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %3 = scf.while (%arg2 = %2) : (tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>> {
      %4 = arith.extui %arg2 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>> to tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %5 = "tile.reduce"(%4) ({
      }) {axis = 0 : i32, kind = "max"} : (tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> i32
      %c0_i32_0 = arith.constant 0 : i32
      %6 = arith.cmpi sgt, %5, %c0_i32_0 : i32
      scf.condition(%6) %arg2 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    } do {
    ^bb0(%arg2: tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>):
      %4 = "tile.splat"(%arg0) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %5 = "tile.addptr"(%4, %0) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_0 = arith.constant 0 : i32
      %6 = "tile.splat"(%c0_i32_0) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %7 = "memsem.load"(%5, %arg2, %6) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, order = "volatile", scope = ""} : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %8 = "tile.splat"(%arg1) : (!tile.ptr<i32>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %9 = "tile.addptr"(%8, %0) : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      "memsem.store"(%9, %7) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<256x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> ()
      %c0_i32_1 = arith.constant 0 : i32
      %10 = "tile.splat"(%c0_i32_1) : (i32) -> tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %11 = arith.cmpi eq, %7, %10 : tensor<256xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %12 = arith.andi %arg2, %11 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      scf.yield %12 : tensor<256xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    }
    return
  }
  func.func @copies(%arg0: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<i32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 8 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32 = arith.constant 0 : i32
    %1 = "tile.splat"(%c0_i32) : (i32) -> tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %c0_i32_0 = arith.constant 0 : i32
    %2 = "tile.splat"(%c0_i32_0) : (i32) -> tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %3 = arith.cmpi sge, %0, %2 : tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %4:2 = scf.while (%arg2 = %1, %arg3 = %3) : (tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> (tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) {
      %7 = arith.extui %arg3 : tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>> to tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %8 = "tile.reduce"(%7) ({
      }) {axis = 0 : i32, kind = "max"} : (tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> i32
      %c0_i32_1 = arith.constant 0 : i32
      %9 = arith.cmpi sgt, %8, %c0_i32_1 : i32
      scf.condition(%9) %arg2, %arg3 : tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    } do {
    ^bb0(%arg2: tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, %arg3: tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>):
      %7 = "tile.splat"(%arg0) : (!tile.ptr<i32>) -> tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %8 = "tile.addptr"(%7, %0) : (tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_1 = arith.constant 0 : i32
      %9 = "tile.splat"(%c0_i32_1) : (i32) -> tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %10 = "memsem.load"(%8, %arg3, %9) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, order = "volatile", scope = ""} : (tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %11 = arith.select %arg3, %10, %arg2 : tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %c0_i32_2 = arith.constant 0 : i32
      %12 = "tile.splat"(%c0_i32_2) : (i32) -> tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %13 = arith.cmpi eq, %11, %12 : tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      %14 = arith.andi %arg3, %13 : tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
      scf.yield %11, %14 : tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi1, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    }
    %5 = "tile.splat"(%arg1) : (!tile.ptr<i32>) -> tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    %6 = "tile.addptr"(%5, %0) : (tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>
    "memsem.store"(%6, %4#0) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<64x!tile.ptr<i32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>, tensor<64xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 8>, array<i32: 0>>>) -> ()
    return
  }
}

// The kernels (tilec k.tile --num-warps 8 --print-ir-before thread-loops):
// // Qualifies: a closed element (open false) loads nothing and keeps its values.
// kernel look_back(state: *u32, out: *i32, tile: i32) {
//     let bins = arange(0, 256);
//     let before = zeros((256,), i32);
//     let at = full((256,), tile - 1, i32);
//     let open = at >= 0;
//     while max(open.to(i32)) > 0 {
//         let s = load(state + maximum(at, 0) * 256 + bins, mask = open, other = 0, volatile = true);
//         let ready = open & ((s >> 30) != 0.to(u32));
//         before += where(ready, (s & 1023).to(i32), 0);
//         at = where(ready, at - 1, at);
//         open = open & !ready & (at >= 0);
//     }
//     store(out + bins, before);
// }
//
// // Qualifies: `min` of the flags that are up when done, each kept once up.
// kernel poll_all(state: *u64, out: *u64) {
//     let j = arange(0, 256);
//     let v = load(state + j, volatile = true);
//     let ready = (v >> 32) != 0.to(u64);
//     while min(ready.to(i32)) == 0 {
//         v = where(ready, v, load(state + j, mask = !ready, other = 0, volatile = true));
//         ready = ready | ((v >> 32) != 0.to(u64));
//     }
//     store(out + j, v);
// }
//
// // Not: the count goes on for a closed element, which lockstep rounds would add to.
// kernel counts_closed(state: *u32, out: *i32) {
//     let bins = arange(0, 256);
//     let rounds = zeros((256,), i32);
//     let open = bins >= 0;
//     while max(open.to(i32)) > 0 {
//         let s = load(state + bins, mask = open, other = 0, volatile = true);
//         rounds += 1;
//         open = open & (s == 0.to(u32));
//     }
//     store(out + bins, rounds);
// }
//
// // Not: a store that is not masked off for a closed element.
// kernel stores_closed(state: *u32, out: *u32) {
//     let bins = arange(0, 256);
//     let open = bins >= 0;
//     while max(open.to(i32)) > 0 {
//         let s = load(state + bins, mask = open, other = 0, volatile = true);
//         store(out + bins, s);
//         open = open & (s == 0.to(u32));
//     }
// }
//
// // Not: 64 elements on 256 threads, each held by 4 threads that would poll on their own.
// kernel copies(state: *u32, out: *u32) {
//     let bins = arange(0, 64);
//     let s = zeros((64,), u32);
//     let open = bins >= 0;
//     while max(open.to(i32)) > 0 {
//         s = where(open, load(state + bins, mask = open, other = 0, volatile = true), s);
//         open = open & (s == 0.to(u32));
//     }
//     store(out + bins, s);
// }
