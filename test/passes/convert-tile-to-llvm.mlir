// RUN: %tilec %s --passes=convert-tile-to-llvm | FileCheck %s
// Tiles become per-thread registers of an llvm.func kernel inside a gpu.module; each
// access moves 4 f32 (16 bytes) in one predicated PTX instruction; a masked load's
// registers hold `other` (moved in first) where its predicate is off.
// CHECK: gpu.module @tilec [#nvvm.target<chip = "sm_90">]
// CHECK: llvm.func @add(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>, %arg3: i32)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK: "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK-NOT: tile.
// -----// IR Dump After tile-to-memsem //----- //
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
    %11 = "memsem.load"(%10, %6) {cache = "", evict = "", layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi1, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %12 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %13 = "tile.addptr"(%12, %4) : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %14 = "memsem.load"(%13, %6) {cache = "", evict = "", layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi1, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %15 = arith.addf %11, %14 : tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    "memsem.store"(%8, %15, %6) {cache = "", evict = "", layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, order = "weak", scope = ""} : (tensor<1024x!tile.ptr<f32>, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xf32, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<1024xi1, #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> ()
    return
  }
}

