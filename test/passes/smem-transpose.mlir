// RUN: %tilec %s --passes=smem-transpose | FileCheck %s
// The transpose's one conversion (this IR has lanes 4 x 8, one 128-byte line a row):
// rows along the source's fast dimension, padded by one word: the 4-byte writes and reads
// both take the conflict-free number of wavefronts (128 each over 4 warps). Of equally
// conflict-free layouts a padded one wins over a swizzle (cheaper addresses), then the
// one with fewer reads.
// CHECK-LABEL: func.func @transpose(
// CHECK: "layout.convert"
// CHECK-SAME: layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 1 : i32, array<i32: 1, 0>, array<i32>>
// CHECK-SAME: layout.smem_bytes = 16640 : i32
// CHECK-SAME: layout.wavefronts = array<i64: 128, 128, 128, 128>
// tilec's own coalesce gives lanes 2 x 16 (a warp moves two whole 256-byte rows): no
// padding or row swizzle is conflict-free for both sides; both linear candidates are,
// and the linear layout wins on addresses (16 computed a side against the column-XOR
// swizzle's 32 for its writes). Its XOR masks place each coordinate bit: a source lane
// on a bank bit, a destination lane on a bank bit plus one above the banks, the rest
// above the banks.
// CHECK-LABEL: func.func @transpose_lanes_2x16(
// CHECK: "layout.convert"
// CHECK-SAME: layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 1, 0, 529, 1, 1, 1026, 1, 2, 5, 1, 3, 10, 1, 4, 20, 1, 5, 40, 0, 0, 80, 0, 1, 2176, 0, 2, 289, 0, 3, 578, 0, 4, 1156, 0, 5, 2312>>
// CHECK-SAME: layout.smem_bytes = 16384 : i32
// CHECK-SAME: layout.wavefronts = array<i64: 128, 128, 128, 128>
module {
  func.func @transpose(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.equal_to_one}, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.equal_to_one}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %5 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %7 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %8 = arith.addi %2, %5 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %9 = arith.addi %3, %6 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %10 = arith.addi %4, %7 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %11 = "tile.program_id"() {axis = 1 : i32} : () -> i32
    %c64_i32_1 = arith.constant 64 : i32
    %12 = arith.muli %11, %c64_i32_1 : i32
    %13 = "tile.splat"(%12) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %14 = "tile.splat"(%12) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %15 = "tile.splat"(%12) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %16 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %17 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %18 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %19 = arith.addi %13, %16 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %20 = arith.addi %14, %17 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %21 = arith.addi %15, %18 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %22 = "tile.expand_dims"(%10) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %23 = "tile.expand_dims"(%9) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %24 = "tile.splat"(%arg2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %25 = "tile.splat"(%arg2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %26 = arith.cmpi slt, %22, %24 : tensor<64x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %27 = arith.cmpi slt, %23, %25 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %28 = "tile.broadcast"(%26) : (tensor<64x1xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %29 = "tile.broadcast"(%27) : (tensor<64x1xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %30 = "tile.expand_dims"(%21) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %31 = "tile.expand_dims"(%20) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %32 = "tile.splat"(%arg3) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %33 = "tile.splat"(%arg3) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %34 = arith.cmpi slt, %30, %32 : tensor<1x64xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %35 = arith.cmpi slt, %31, %33 : tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %36 = "tile.broadcast"(%34) : (tensor<1x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %37 = "tile.broadcast"(%35) : (tensor<1x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %38 = arith.andi %28, %36 : tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %39 = arith.andi %29, %37 : tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %40 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %41 = "tile.expand_dims"(%9) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %42 = "tile.splat"(%arg4) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %43 = arith.muli %41, %42 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %44 = "tile.addptr"(%40, %43) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %45 = "tile.broadcast"(%44) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %46 = "tile.expand_dims"(%20) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %47 = "tile.splat"(%c1_i32) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %48 = arith.muli %46, %47 : tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %49 = "tile.broadcast"(%48) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %50 = "tile.addptr"(%45, %49) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %51 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %52 = "tile.load"(%50, %39, %51) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %53 = "layout.convert"(%52) : (tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %54 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %55 = "tile.expand_dims"(%19) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %56 = "tile.splat"(%arg6) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %57 = arith.muli %55, %56 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %58 = "tile.addptr"(%54, %57) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %59 = "tile.broadcast"(%58) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %60 = "tile.expand_dims"(%8) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %61 = "tile.splat"(%c1_i32_0) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %62 = arith.muli %60, %61 : tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %63 = "tile.broadcast"(%62) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %64 = "tile.addptr"(%59, %63) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %65 = "tile.trans"(%53) {order = array<i32: 1, 0>} : (tensor<64x64xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %66 = "tile.trans"(%38) {order = array<i32: 1, 0>} : (tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%64, %65, %66) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @transpose_lanes_2x16(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32 {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.equal_to_one}, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.equal_to_one}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %5 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %7 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %8 = arith.addi %2, %5 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %9 = arith.addi %3, %6 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %10 = arith.addi %4, %7 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %11 = "tile.program_id"() {axis = 1 : i32} : () -> i32
    %c64_i32_1 = arith.constant 64 : i32
    %12 = arith.muli %11, %c64_i32_1 : i32
    %13 = "tile.splat"(%12) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %14 = "tile.splat"(%12) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %15 = "tile.splat"(%12) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %16 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %17 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %18 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %19 = arith.addi %13, %16 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %20 = arith.addi %14, %17 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %21 = arith.addi %15, %18 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %22 = "tile.expand_dims"(%10) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %23 = "tile.expand_dims"(%9) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %24 = "tile.splat"(%arg2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %25 = "tile.splat"(%arg2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %26 = arith.cmpi slt, %22, %24 : tensor<64x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %27 = arith.cmpi slt, %23, %25 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %28 = "tile.broadcast"(%26) : (tensor<64x1xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %29 = "tile.broadcast"(%27) : (tensor<64x1xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %30 = "tile.expand_dims"(%21) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %31 = "tile.expand_dims"(%20) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %32 = "tile.splat"(%arg3) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %33 = "tile.splat"(%arg3) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %34 = arith.cmpi slt, %30, %32 : tensor<1x64xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %35 = arith.cmpi slt, %31, %33 : tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %36 = "tile.broadcast"(%34) : (tensor<1x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %37 = "tile.broadcast"(%35) : (tensor<1x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %38 = arith.andi %28, %36 : tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %39 = arith.andi %29, %37 : tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %40 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %41 = "tile.expand_dims"(%9) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %42 = "tile.splat"(%arg4) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %43 = arith.muli %41, %42 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %44 = "tile.addptr"(%40, %43) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %45 = "tile.broadcast"(%44) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %46 = "tile.expand_dims"(%20) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %47 = "tile.splat"(%c1_i32) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %48 = arith.muli %46, %47 : tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %49 = "tile.broadcast"(%48) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %50 = "tile.addptr"(%45, %49) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %51 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %52 = "tile.load"(%50, %39, %51) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %53 = "layout.convert"(%52) : (tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %54 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %55 = "tile.expand_dims"(%19) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %56 = "tile.splat"(%arg6) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %57 = arith.muli %55, %56 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %58 = "tile.addptr"(%54, %57) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %59 = "tile.broadcast"(%58) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %60 = "tile.expand_dims"(%8) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %61 = "tile.splat"(%c1_i32_0) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %62 = arith.muli %60, %61 : tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %63 = "tile.broadcast"(%62) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %64 = "tile.addptr"(%59, %63) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %65 = "tile.trans"(%53) {order = array<i32: 1, 0>} : (tensor<64x64xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %66 = "tile.trans"(%38) {order = array<i32: 1, 0>} : (tensor<64x64xi1, #layout.blocked<array<i32: 4, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%64, %65, %66) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
}
