// RUN: %tilec %s --passes=allocate-shared,membar | FileCheck %s
// Barriers are decided on the IR, by overlap of the byte intervals accessed since the
// last barrier (allocate-shared's placement). @k: reading %b0 right after writing it
// takes a `layout.barrier`; the transpose's scratch is above %b0 (fresh bytes: nothing
// to order); the next conversion's scratch at byte 0 overlaps %b0's reads, and the
// reduction's scratch the conversion's: each gets `layout.sync`, a barrier the lowering
// puts right before the op's first write. The reduction along lanes touches no shared
// memory.
// CHECK-LABEL: func.func @k(
// CHECK: "layout.local_alloc"
// CHECK-NEXT: "layout.barrier"() : () -> ()
// CHECK-NEXT: "layout.local_load"
// CHECK-NOT: "layout.barrier"
// CHECK: "layout.convert"(%{{[0-9]+}}) {layout.scratch_bytes = 4224 : i32, layout.scratch_offset = 4096 : i32, layout.shared
// CHECK-NOT: "layout.barrier"
// CHECK: }) {axis = 1 : i32, kind = "sum"}
// CHECK-NEXT: "layout.convert"(%{{[0-9]+}}) {layout.scratch_bytes = 128 : i32, layout.scratch_offset = 0 : i32, layout.shared = {{.*}}, layout.sync = 1 : i32
// CHECK-NEXT: "tile.reduce"
// CHECK: }) {axis = 0 : i32, kind = "sum", layout.scratch_bytes = 16 : i32, layout.scratch_offset = 0 : i32, layout.sync = 1 : i32}
// CHECK-NOT: "layout.barrier"
// @loop_sum: a reduction in a loop reuses its scratch every trip, so each trip's writes
// wait for the last trip's reads (the loop's fixed point), though nothing before the
// loop touched shared memory.
// CHECK-LABEL: func.func @loop_sum(
// CHECK: scf.for
// CHECK-NOT: "layout.barrier"
// CHECK: }) {axis = 0 : i32, kind = "sum", layout.scratch_bytes = 16 : i32, layout.scratch_offset = 0 : i32, layout.sync = 1 : i32}
// CHECK: scf.yield
// @desc_window: a tensor-descriptor load's TMA buffer (tma-copies: a buffer no thread
// writes, ordered by its mbarrier) is read back, then the store's staging buffer is
// written over the same bytes: a barrier between (every thread's read of the TMA buffer
// done), then the proxy fence and a barrier before the TMA store reads the staging.
// CHECK-LABEL: func.func @desc_window(
// CHECK: "layout.local_load"
// CHECK-NEXT: "layout.local_dealloc"
// CHECK-NEXT: "layout.local_dealloc"
// CHECK-NEXT: "layout.barrier"
// CHECK-NEXT: "layout.local_alloc"(%{{.*}}) {layout.offset = 0 : i32}
// CHECK-NEXT: "layout.fence_async_shared"
// CHECK-NEXT: "layout.barrier"
// CHECK-NEXT: "layout.tma_store"
module {
  func.func @k(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %1 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %2 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.splat"(%arg0) : (!tile.ptr<f32>) -> tensor<32x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %5 = "tile.expand_dims"(%3) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c32_i32 = arith.constant 32 : i32
    %6 = "tile.splat"(%c32_i32) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %7 = arith.muli %5, %6 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.addptr"(%4, %7) : (tensor<32x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %9 = "tile.broadcast"(%8) : (tensor<32x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.expand_dims"(%2) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %11 = "tile.broadcast"(%10) : (tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.addptr"(%9, %11) : (tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "memsem.load"(%12) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, order = "weak", scope = ""} : (tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %b0 = "layout.local_alloc"(%13) : (tensor<32x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 32, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>
    %ld = "layout.local_load"(%b0) : (!layout.memdesc<array<i64: 32, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>) -> tensor<32x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %14 = "layout.convert"(%13) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 1 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 4224 : i32, layout.wavefronts = array<i64: 32, 32, 32, 32>} : (tensor<32x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x32xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %15 = "tile.splat"(%arg1) : (!tile.ptr<f32>) -> tensor<1x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %16 = "tile.expand_dims"(%1) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %c32_i32_0 = arith.constant 32 : i32
    %17 = "tile.splat"(%c32_i32_0) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %18 = arith.muli %16, %17 : tensor<1x32xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %19 = "tile.addptr"(%15, %18) : (tensor<1x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>, tensor<1x32xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<1x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %20 = "tile.broadcast"(%19) : (tensor<1x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %21 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %22 = "tile.broadcast"(%21) : (tensor<32x1xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<32x32xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    %23 = "tile.addptr"(%20, %22) : (tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>, tensor<32x32xi32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>
    "memsem.store"(%23, %14) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (tensor<32x32x!tile.ptr<f32>, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>, tensor<32x32xf32, #layout.blocked<array<i32: 4, 1>, array<i32: 8, 4>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> ()
    "layout.local_dealloc"(%b0) : (!layout.memdesc<array<i64: 32, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>) -> ()
    %24 = "tile.reduce"(%13) ({
    }) {axis = 1 : i32, kind = "sum"} : (tensor<32x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32xf32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %25 = "layout.convert"(%24) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 0>, array<i32>>, layout.smem_bytes = 128 : i32, layout.wavefronts = array<i64: 8, 8, 4, 4>} : (tensor<32xf32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32xf32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %26 = "tile.reduce"(%25) ({
    }) {axis = 0 : i32, kind = "sum"} : (tensor<32xf32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> f32
    "memsem.store"(%arg1, %26) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (!tile.ptr<f32>, f32) -> ()
    return
  }
  func.func @loop_sum(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 128 : i32, start = 0 : i32} : () -> tensor<128xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst) -> (f32)  : i32 {
      %c128_i32 = arith.constant 128 : i32
      %2 = arith.muli %arg3, %c128_i32 : i32
      %3 = "tile.addptr"(%arg0, %2) : (!tile.ptr<f32>, i32) -> !tile.ptr<f32>
      %4 = "tile.splat"(%3) : (!tile.ptr<f32>) -> tensor<128x!tile.ptr<f32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
      %5 = "tile.addptr"(%4, %0) : (tensor<128x!tile.ptr<f32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>, tensor<128xi32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<128x!tile.ptr<f32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
      %6 = "memsem.load"(%5) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, order = "weak", scope = ""} : (tensor<128x!tile.ptr<f32>, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> tensor<128xf32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
      %7 = "tile.reduce"(%6) ({
      }) {axis = 0 : i32, kind = "sum"} : (tensor<128xf32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) -> f32
      %8 = arith.addf %arg4, %7 : f32
      scf.yield %8 : f32
    }
    "memsem.store"(%arg1, %1) {cache = "", evict = "", operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = ""} : (!tile.ptr<f32>, f32) -> ()
    return
  }
  func.func @desc_window(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32, %arg5: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.tensormaps = "[{\22base\22:0,\22shape\22:[{\22param\22:2},{\22param\22:3}],\22strides\22:[{\22param\22:3},{\22const\22:1}],\22elem\22:\22f32\22,\22box\22:[16,32],\22swizzle\22:0,\22nan\22:true},{\22base\22:1,\22shape\22:[{\22param\22:2},{\22param\22:3}],\22strides\22:[{\22param\22:3},{\22const\22:1}],\22elem\22:\22f32\22,\22box\22:[16,32],\22swizzle\22:128,\22nan\22:false}]"} {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c16_i32 = arith.constant 16 : i32
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = "tile.program_id"() {axis = 1 : i32} : () -> i32
    %c32_i32 = arith.constant 32 : i32
    %3 = arith.muli %2, %c32_i32 : i32
    %4 = "tile.splat"(%1) : (i32) -> tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = arith.addi %4, %5 : tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %7 = "tile.expand_dims"(%6) {axis = 1 : i32} : (tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<16x1xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.splat"(%3) : (i32) -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %9 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %10 = arith.addi %8, %9 : tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %11 = "tile.expand_dims"(%10) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = arith.addi %1, %arg4 : i32
    %13 = "tile.splat"(%12) : (i32) -> tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %14 = "tile.arange"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %15 = arith.addi %13, %14 : tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %16 = "tile.expand_dims"(%15) {axis = 1 : i32} : (tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<16x1xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %17 = arith.addi %3, %arg5 : i32
    %18 = "tile.splat"(%17) : (i32) -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %19 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %20 = arith.addi %18, %19 : tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %21 = "tile.expand_dims"(%20) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %22 = arith.addi %1, %arg4 : i32
    %23 = arith.addi %3, %arg5 : i32
    %24 = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 16, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>
    %25 = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 1>, i64, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 0>, array<i32>>>
    "layout.barrier"() : () -> ()
    "layout.mbarrier_init"(%25) {count = 1 : i32} : (!layout.memdesc<array<i64: 1>, i64, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 0>, array<i32>>>) -> ()
    "layout.barrier"() : () -> ()
    "layout.tma_load"(%arg0, %arg2, %arg3, %arg3, %c1_i32, %22, %23, %24, %25) {nan = true, operandSegmentSizes = array<i32: 1, 2, 2, 2, 1, 1>, tensormap = 0 : i32} : (!tile.ptr<f32>, i32, i32, i32, i32, i32, i32, !layout.memdesc<array<i64: 16, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>, !layout.memdesc<array<i64: 1>, i64, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 0>, array<i32>>>) -> ()
    %c0_i32 = arith.constant 0 : i32
    "layout.mbarrier_wait"(%25, %c0_i32) : (!layout.memdesc<array<i64: 1>, i64, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 0>, array<i32>>>, i32) -> ()
    %26 = "layout.local_load"(%24) : (!layout.memdesc<array<i64: 16, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>) -> tensor<16x32xf32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "layout.local_dealloc"(%25) : (!layout.memdesc<array<i64: 1>, i64, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 0>, array<i32>>>) -> ()
    "layout.local_dealloc"(%24) : (!layout.memdesc<array<i64: 16, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>) -> ()
    %27 = "layout.local_alloc"(%26) : (tensor<16x32xf32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 16, 32>, f32, #layout.nvmma<128 : i32, 4 : i32, array<i32: 1, 0>>>
    "layout.tma_store"(%arg1, %arg2, %arg3, %arg3, %c1_i32_0, %1, %3, %27) {operandSegmentSizes = array<i32: 1, 2, 2, 2, 1>, tensormap = 1 : i32} : (!tile.ptr<f32>, i32, i32, i32, i32, i32, i32, !layout.memdesc<array<i64: 16, 32>, f32, #layout.nvmma<128 : i32, 4 : i32, array<i32: 1, 0>>>) -> ()
    "layout.local_dealloc"(%27) : (!layout.memdesc<array<i64: 16, 32>, f32, #layout.nvmma<128 : i32, 4 : i32, array<i32: 1, 0>>>) -> ()
    return
  }
}
