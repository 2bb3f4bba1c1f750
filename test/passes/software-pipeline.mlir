// RUN: %tilec %s --passes software-pipeline | FileCheck %s
// Input: test kernels (a matmul loop on wgmma, one on mma.sync, one with an operand that
// cannot be copied asynchronously, an attention-like one) after smem-transpose, for sm_90a.
//
// wgmma, num_stages = 3: a ring of 3 slots for each operand; the prologue copies
// iterations 0 and 1 (a group each); each iteration waits for its group (1 pending),
// a barrier, the product left in flight (one pending), a barrier (another warp group may
// still read the slot), copies for iteration k + 2 into the slot iteration k - 1 read;
// after the loop the last product (only where the loop ran: an scf.if on lo < hi; see
// test/lowering/wgmma-zero-trip.tile) and every copy are waited for, and the rings freed.
// CHECK-LABEL: func.func @wgmma_loop(
// CHECK: %[[RA:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>
// CHECK: %[[RB:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
// CHECK: "layout.memdesc_index"(%[[RA]], %c0
// CHECK: "layout.async_copy"
// CHECK: "layout.async_copy"
// CHECK: "layout.async_commit"
// CHECK: "layout.memdesc_index"(%[[RA]], %c1
// CHECK: "layout.async_copy"
// CHECK: "layout.async_copy"
// CHECK: "layout.async_commit"
// CHECK: scf.for
// CHECK: "layout.async_wait"() {pending = 1 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK: "layout.warp_group_dot"({{.*}}) {async = true
// CHECK-NEXT: "layout.warp_group_dot_wait"({{.*}}) {pending = 1 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK: "layout.async_copy"
// CHECK: "layout.async_copy"
// CHECK: "layout.async_commit"
// CHECK: scf.yield
// CHECK: tile.pipelined = 3
// CHECK: %[[RAN1:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: scf.if %[[RAN1]]
// CHECK-NEXT: "layout.warp_group_dot_wait"({{.*}}) {pending = 0 : i32}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: "layout.async_wait"() {pending = 0 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK-NEXT: "layout.local_dealloc"(%[[RA]])
// CHECK-NEXT: "layout.local_dealloc"(%[[RB]])
//
// mma.sync, num_stages = 2: the products are synchronous, so each iteration's copies
// (iteration k + 1, into the slot iteration k - 1 read: every thread passed the barrier)
// go before the ldmatrix reads and the products, with no second barrier.
// CHECK-LABEL: func.func @mma_sync_loop(
// CHECK: "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 2, 16, 32>
// CHECK: "layout.async_commit"
// CHECK-NOT: "layout.async_commit"
// CHECK: scf.for
// CHECK: "layout.async_wait"() {pending = 0 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK: "layout.async_copy"
// CHECK: "layout.async_copy"
// CHECK: "layout.async_commit"
// CHECK: "layout.local_load"
// CHECK: "layout.local_load"
// CHECK: "tile.dot"
// CHECK-NOT: "layout.barrier"
// CHECK: scf.yield
//
// A with an unknown stride moves 2-byte elements (cp.async copies 4, 8 or 16 bytes): it
// stays a load staged each iteration, while B is pipelined; the product then reads a
// buffer that is rewritten every iteration, so it is not left in flight.
// CHECK-LABEL: func.func @two_byte_copies(
// CHECK: "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 32, 64>
// CHECK: scf.for
// CHECK: "layout.async_copy"
// CHECK: "tile.load"
// CHECK: "layout.local_alloc"(%{{.*}}) : (tensor<64x32xf16
// CHECK: "layout.warp_group_dot"({{.*}}) {async = false
// CHECK: scf.yield
//
// An attention-like loop (head dim 128, blocks of 64 keys): a product waited for in full
// (q k^T) before the in-flight one (p v, A in registers, accumulator rescaled by alpha).
// The in-flight product's wait comes right after q k^T's, which retires it anyway, so
// p v runs while the next q k^T is issued; the conversion of the accumulator that
// layout-propagate placed at the top of the body moves down to its reader; and p v
// needs no wait for all but one after its issue, the previous product being retired.
// CHECK-LABEL: func.func @rescaled_loop(
// CHECK: scf.for
// CHECK: "layout.async_wait"() {pending = 1 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK-NOT: "layout.convert"
// CHECK: "layout.warp_group_dot"({{.*}}) {async = false
// CHECK-NEXT: %[[W:.*]] = "layout.warp_group_dot_wait"(%arg8) {pending = 0 : i32}
// CHECK: "layout.convert"(%[[W]])
// CHECK: "layout.warp_group_dot"({{.*}}) {async = true
// CHECK-NEXT: "layout.barrier"
// CHECK: scf.yield
// CHECK: tile.pipelined = 3
// CHECK: %[[RAN2:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: scf.if %[[RAN2]]
// CHECK-NEXT: "layout.warp_group_dot_wait"({{.*}}) {pending = 0 : i32}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
//
// Tensor-descriptor loads (TMA), num_stages = 3: a ring of 3 swizzled slots per operand
// and a ring of 3 mbarriers beside each, initialised once between two barriers; the
// prologue issues iterations 0 and 1 (each copy only when its iteration exists, no
// commit groups); each iteration waits on both read slots' mbarriers at the phase
// parity it carries (no barrier at the top: the product stays in flight), then after
// the product's wait and a barrier issues iteration k + 2's copies; the parity flips
// when the read slot wraps; after the loop nothing is in flight (no cp.async wait), and
// after a barrier the mbarriers are invalidated before their bytes are freed.
// CHECK-LABEL: func.func @tma_loop(
// CHECK: %[[TA:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 64, 64>, f16, #layout.nvmma<128
// CHECK: %[[TB:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 64, 128>, f16, #layout.nvmma<128
// CHECK: %[[BA:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 1>, i64
// CHECK: %[[BB:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 1>, i64
// CHECK-NEXT: "layout.barrier"
// CHECK-COUNT-6: "layout.mbarrier_init"({{.*}}) {count = 1 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK: %[[V0:.*]] = arith.cmpi slt, %c0_i32, %arg5
// CHECK: %[[S0:.*]] = "layout.memdesc_index"(%[[TA]], %[[Z:.*]]) :
// CHECK-NEXT: %[[M0:.*]] = "layout.memdesc_index"(%[[BA]], %[[Z]]) :
// CHECK-NEXT: scf.if %[[V0]] {
// CHECK-NEXT: "layout.tma_load"(%arg0, %arg3, %arg5, %arg5, %c1_i32, %{{.*}}, %c0_i32, %[[S0]], %[[M0]]) {nan = false, operandSegmentSizes = array<i32: 1, 2, 2, 2, 1, 1>, tensormap = 0 : i32}
// CHECK: "layout.tma_load"({{.*}}tensormap = 1 : i32}
// CHECK: "layout.tma_load"({{.*}}tensormap = 0 : i32}
// CHECK: "layout.tma_load"({{.*}}tensormap = 1 : i32}
// CHECK-NOT: "layout.async_commit"
// CHECK: scf.for %{{.*}} iter_args(%{{.*}}, %[[READ:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %[[PH:.*]] = %{{.*}})
// CHECK-NEXT: %[[WA:.*]] = "layout.memdesc_index"(%[[BA]], %[[READ]])
// CHECK-NEXT: "layout.mbarrier_wait"(%[[WA]], %[[PH]])
// CHECK-NEXT: %[[WB:.*]] = "layout.memdesc_index"(%[[BB]], %[[READ]])
// CHECK-NEXT: "layout.mbarrier_wait"(%[[WB]], %[[PH]])
// CHECK-NOT: "layout.barrier"
// CHECK: "layout.warp_group_dot"({{.*}}) {async = true
// CHECK-NEXT: "layout.warp_group_dot_wait"({{.*}}) {pending = 1 : i32}
// CHECK-NEXT: "layout.barrier"
// CHECK: scf.if
// CHECK-NEXT: "layout.tma_load"
// CHECK: scf.if
// CHECK-NEXT: "layout.tma_load"
// CHECK: %[[WRAP:.*]] = arith.cmpi eq
// CHECK: %[[FLIP:.*]] = arith.xori %[[PH]], %c1
// CHECK-NEXT: %[[NEXT:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PH]]
// CHECK-NEXT: scf.yield {{.*}}, %[[NEXT]] :
// CHECK: tile.pipelined = 3
// CHECK: %[[RAN3:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: scf.if %[[RAN3]]
// CHECK-NEXT: "layout.warp_group_dot_wait"({{.*}}) {pending = 0 : i32}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: "layout.barrier"
// CHECK-NEXT: "layout.mbarrier_inval"(%[[BA]])
// CHECK-NEXT: "layout.mbarrier_inval"(%[[BB]])
// CHECK-NEXT: "layout.local_dealloc"(%[[TA]])
// CHECK-NEXT: "layout.local_dealloc"(%[[TB]])
// CHECK-NEXT: "layout.local_dealloc"(%[[BA]])
// CHECK-NEXT: "layout.local_dealloc"(%[[BB]])
module {
  func.func @wgmma_loop(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %1 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %2 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %7 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.splat"(%arg3) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %9 = arith.muli %7, %8 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.addptr"(%6, %9) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %11 = "tile.broadcast"(%10) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.broadcast"(%12) : (tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %14 = "tile.addptr"(%11, %13) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32 = arith.constant 64 : i32
    %17 = "tile.splat"(%c64_i32) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = arith.muli %16, %17 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %19 = "tile.addptr"(%15, %18) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %20 = "tile.broadcast"(%19) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %21 = "tile.expand_dims"(%3) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %22 = "tile.broadcast"(%21) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %23 = "tile.addptr"(%20, %22) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0.000000e+00 : f32
    %24 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %25 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %26 = arith.subi %25, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %27 = arith.divsi %26, %c32_i32_0 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %28:3 = scf.for %arg4 = %c0_i32 to %27 step %c1_i32_1 iter_args(%arg5 = %14, %arg6 = %23, %arg7 = %24) -> (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>)  : i32 {
      %39 = "tile.expand_dims"(%5) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c32_i32_3 = arith.constant 32 : i32
      %40 = arith.muli %arg4, %c32_i32_3 : i32
      %41 = arith.subi %arg3, %40 : i32
      %42 = "tile.splat"(%41) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %43 = arith.cmpi slt, %39, %42 : tensor<1x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %44 = "tile.broadcast"(%43) : (tensor<1x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_4 = arith.constant 0.000000e+00 : f16
      %45 = "tile.splat"(%cst_4) : (f16) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %46 = "tile.load"(%arg5, %44, %45) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %47 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c32_i32_5 = arith.constant 32 : i32
      %48 = arith.muli %arg4, %c32_i32_5 : i32
      %49 = arith.subi %arg3, %48 : i32
      %50 = "tile.splat"(%49) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %51 = arith.cmpi slt, %47, %50 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %52 = "tile.broadcast"(%51) : (tensor<32x1xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_6 = arith.constant 0.000000e+00 : f16
      %53 = "tile.splat"(%cst_6) : (f16) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %54 = "tile.load"(%arg6, %52, %53) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %55 = "layout.local_alloc"(%46) : (tensor<64x32xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>
      %56 = "layout.local_alloc"(%54) : (tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %57 = "layout.warp_group_dot"(%55, %56, %arg7) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      "layout.local_dealloc"(%55) : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%56) : (!layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      %c32_i32_7 = arith.constant 32 : i32
      %58 = "tile.splat"(%c32_i32_7) : (i32) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %59 = "tile.addptr"(%arg5, %58) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c2048_i32 = arith.constant 2048 : i32
      %60 = "tile.splat"(%c2048_i32) : (i32) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %61 = "tile.addptr"(%arg6, %60) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      scf.yield %59, %61, %57 : tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 8, 4>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    } {tile.num_stages = 3 : i32}
    %29 = "layout.convert"(%28#2) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 18432 : i32, layout.wavefronts = array<i64: 128, 128, 128, 128>} : (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %30 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %31 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32_2 = arith.constant 64 : i32
    %32 = "tile.splat"(%c64_i32_2) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %33 = arith.muli %31, %32 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %34 = "tile.addptr"(%30, %33) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %35 = "tile.broadcast"(%34) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %36 = "tile.expand_dims"(%2) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %37 = "tile.broadcast"(%36) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %38 = "tile.addptr"(%35, %37) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%38, %29) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @mma_sync_loop(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %1 = "tile.arange"() {end = 16 : i32, start = 0 : i32} : () -> tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %2 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %cst = arith.constant 0.000000e+00 : f32
    %6 = "tile.splat"(%cst) : (f32) -> tensor<16x64xf32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %7 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %8 = arith.subi %7, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %9 = arith.divsi %8, %c32_i32_0 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %10 = scf.for %arg4 = %c0_i32 to %9 step %c1_i32_1 iter_args(%arg5 = %6) -> (tensor<16x64xf32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>>)  : i32 {
      %c32_i32_2 = arith.constant 32 : i32
      %21 = arith.muli %arg4, %c32_i32_2 : i32
      %22 = "tile.splat"(%21) : (i32) -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %23 = "tile.splat"(%21) : (i32) -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %24 = arith.addi %22, %4 : tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %25 = arith.addi %23, %5 : tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %26 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<16x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %27 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %28 = "tile.splat"(%arg3) : (i32) -> tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %29 = arith.muli %27, %28 : tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %30 = "tile.addptr"(%26, %29) : (tensor<16x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %31 = "tile.broadcast"(%30) : (tensor<16x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %32 = "tile.expand_dims"(%25) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %33 = "tile.broadcast"(%32) : (tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %34 = "tile.addptr"(%31, %33) : (tensor<16x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %35 = "tile.expand_dims"(%25) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %36 = "tile.splat"(%arg3) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %37 = arith.cmpi slt, %35, %36 : tensor<1x32xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %38 = "tile.broadcast"(%37) : (tensor<1x32xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x32xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_3 = arith.constant 0.000000e+00 : f16
      %39 = "tile.splat"(%cst_3) : (f16) -> tensor<16x32xf16, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %40 = "tile.load"(%34, %38, %39) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<16x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x32xi1, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x32xf16, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x32xf16, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %41 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %42 = "tile.expand_dims"(%24) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c64_i32_4 = arith.constant 64 : i32
      %43 = "tile.splat"(%c64_i32_4) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %44 = arith.muli %42, %43 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %45 = "tile.addptr"(%41, %44) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %46 = "tile.broadcast"(%45) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %47 = "tile.expand_dims"(%3) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %48 = "tile.broadcast"(%47) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %49 = "tile.addptr"(%46, %48) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %50 = "tile.expand_dims"(%24) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %51 = "tile.splat"(%arg3) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %52 = arith.cmpi slt, %50, %51 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %53 = "tile.broadcast"(%52) : (tensor<32x1xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_5 = arith.constant 0.000000e+00 : f16
      %54 = "tile.splat"(%cst_5) : (f16) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %55 = "tile.load"(%49, %53, %54) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %56 = "layout.local_alloc"(%40) : (tensor<16x32xf16, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 16, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>
      %57 = "layout.local_load"(%56) : (!layout.memdesc<array<i64: 16, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>) -> tensor<16x32xf16, #layout.dot_op<0 : i32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>, 2 : i32>>
      %58 = "layout.local_alloc"(%55) : (tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %59 = "layout.local_load"(%58) : (!layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> tensor<32x64xf16, #layout.dot_op<1 : i32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>, 2 : i32>>
      %60 = "tile.dot"(%57, %59, %arg5) {input_precision = "tf32"} : (tensor<16x32xf16, #layout.dot_op<0 : i32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>, 2 : i32>>, tensor<32x64xf16, #layout.dot_op<1 : i32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>, 2 : i32>>, tensor<16x64xf32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>>) -> tensor<16x64xf32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>>
      "layout.local_dealloc"(%56) : (!layout.memdesc<array<i64: 16, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%58) : (!layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      scf.yield %60 : tensor<16x64xf32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>>
    } {tile.num_stages = 2 : i32}
    %11 = "layout.convert"(%10) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 4608 : i32, layout.wavefronts = array<i64: 32, 32, 32, 32>} : (tensor<16x64xf32, #layout.mma<2 : i32, array<i32: 1, 4>, array<i32: 16, 8, 16>>>) -> tensor<16x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<16x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<16xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32 = arith.constant 64 : i32
    %14 = "tile.splat"(%c64_i32) : (i32) -> tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = arith.muli %13, %14 : tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.addptr"(%12, %15) : (tensor<16x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %17 = "tile.broadcast"(%16) : (tensor<16x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = "tile.expand_dims"(%2) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %19 = "tile.broadcast"(%18) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %20 = "tile.addptr"(%17, %19) : (tensor<16x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<16x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%20, %11) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<16x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @two_byte_copies(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %1 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %2 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 32 : i32, start = 0 : i32} : () -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %cst = arith.constant 0.000000e+00 : f32
    %6 = "tile.splat"(%cst) : (f32) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %7 = arith.addi %arg3, %c32_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %8 = arith.subi %7, %c1_i32 : i32
    %c32_i32_0 = arith.constant 32 : i32
    %9 = arith.divsi %8, %c32_i32_0 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %10 = scf.for %arg5 = %c0_i32 to %9 step %c1_i32_1 iter_args(%arg6 = %6) -> (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>)  : i32 {
      %c32_i32_2 = arith.constant 32 : i32
      %21 = arith.muli %arg5, %c32_i32_2 : i32
      %22 = "tile.splat"(%21) : (i32) -> tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %23 = "tile.splat"(%21) : (i32) -> tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %24 = arith.addi %22, %4 : tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %25 = arith.addi %23, %5 : tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %26 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %27 = "tile.expand_dims"(%1) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %28 = "tile.splat"(%arg3) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %29 = arith.muli %27, %28 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %30 = "tile.addptr"(%26, %29) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %31 = "tile.broadcast"(%30) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %32 = "tile.expand_dims"(%25) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %33 = "tile.splat"(%arg4) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %34 = arith.muli %32, %33 : tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %35 = "tile.broadcast"(%34) : (tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %36 = "tile.addptr"(%31, %35) : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %37 = "tile.expand_dims"(%25) {axis = 0 : i32} : (tensor<32xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %38 = "tile.splat"(%arg3) : (i32) -> tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %39 = arith.cmpi slt, %37, %38 : tensor<1x32xi32, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %40 = "tile.broadcast"(%39) : (tensor<1x32xi1, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xi1, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_3 = arith.constant 0.000000e+00 : f16
      %41 = "tile.splat"(%cst_3) : (f16) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %42 = "tile.load"(%36, %40, %41) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<64x32x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xi1, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x32xf16, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x32xf16, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %43 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %44 = "tile.expand_dims"(%24) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c64_i32_4 = arith.constant 64 : i32
      %45 = "tile.splat"(%c64_i32_4) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %46 = arith.muli %44, %45 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %47 = "tile.addptr"(%43, %46) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %48 = "tile.broadcast"(%47) : (tensor<32x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %49 = "tile.expand_dims"(%3) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %50 = "tile.broadcast"(%49) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %51 = "tile.addptr"(%48, %50) : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %52 = "tile.expand_dims"(%24) {axis = 1 : i32} : (tensor<32xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %53 = "tile.splat"(%arg3) : (i32) -> tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %54 = arith.cmpi slt, %52, %53 : tensor<32x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %55 = "tile.broadcast"(%54) : (tensor<32x1xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %cst_5 = arith.constant 0.000000e+00 : f16
      %56 = "tile.splat"(%cst_5) : (f16) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %57 = "tile.load"(%51, %55, %56) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 1>, volatile = false} : (tensor<32x64x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xi1, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %58 = "layout.local_alloc"(%42) : (tensor<64x32xf16, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>
      %59 = "layout.local_alloc"(%57) : (tensor<32x64xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %60 = "layout.warp_group_dot"(%58, %59, %arg6) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      "layout.local_dealloc"(%58) : (!layout.memdesc<array<i64: 64, 32>, f16, #layout.nvmma<64 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%59) : (!layout.memdesc<array<i64: 32, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      scf.yield %60 : tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
    } {tile.num_stages = 3 : i32}
    %11 = "layout.convert"(%10) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 18432 : i32, layout.wavefronts = array<i64: 128, 128, 128, 128>} : (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.expand_dims"(%0) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c64_i32 = arith.constant 64 : i32
    %14 = "tile.splat"(%c64_i32) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = arith.muli %13, %14 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.addptr"(%12, %15) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %17 = "tile.broadcast"(%16) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = "tile.expand_dims"(%2) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %19 = "tile.broadcast"(%18) : (tensor<1x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %20 = "tile.addptr"(%17, %19) : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%20, %11) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x64x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x64xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @rescaled_loop(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg3: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32} {
    %0 = "tile.program_id"() {axis = 0 : i32} : () -> i32
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = "tile.splat"(%1) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %3 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %4 = arith.addi %2, %3 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %6 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %7 = "tile.arange"() {end = 128 : i32, start = 0 : i32} : () -> tensor<128xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %8 = "tile.arange"() {end = 128 : i32, start = 0 : i32} : () -> tensor<128xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
    %9 = "tile.splat"(%arg0) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %11 = "tile.splat"(%arg5) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = arith.muli %10, %11 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.addptr"(%9, %12) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %14 = "tile.broadcast"(%13) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %15 = "tile.expand_dims"(%7) {axis = 0 : i32} : (tensor<128xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %16 = "tile.broadcast"(%15) : (tensor<1x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %17 = "tile.addptr"(%14, %16) : (tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %18 = "tile.load"(%17) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, volatile = false} : (tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %cst = arith.constant 0xFF800000 : f32
    %19 = "tile.splat"(%cst) : (f32) -> tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %20 = "tile.splat"(%cst_0) : (f32) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32_1 = arith.constant 64 : i32
    %21 = "layout.local_alloc"(%18) : (tensor<64x128xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
    %22:2 = scf.for %arg6 = %c0_i32 to %arg4 step %c64_i32_1 iter_args(%arg7 = %19, %arg8 = %20) -> (tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>, tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>)  : i32 {
      %34 = "layout.convert"(%arg8) : (tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %35 = "tile.splat"(%arg6) : (i32) -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %36 = "tile.splat"(%arg6) : (i32) -> tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
      %37 = arith.addi %35, %5 : tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>
      %38 = arith.addi %36, %6 : tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>
      %39 = "tile.splat"(%arg1) : (!tile.ptr<f16>) -> tensor<1x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %40 = "tile.expand_dims"(%38) {axis = 0 : i32} : (tensor<64xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<1x64xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %41 = "tile.splat"(%arg5) : (i32) -> tensor<1x64xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %42 = arith.muli %40, %41 : tensor<1x64xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %43 = "tile.addptr"(%39, %42) : (tensor<1x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>, tensor<1x64xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<1x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %44 = "tile.broadcast"(%43) : (tensor<1x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<128x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %45 = "tile.expand_dims"(%8) {axis = 1 : i32} : (tensor<128xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>>) -> tensor<128x1xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %46 = "tile.broadcast"(%45) : (tensor<128x1xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<128x64xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %47 = "tile.addptr"(%44, %46) : (tensor<128x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>, tensor<128x64xi32, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<128x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %48 = "tile.load"(%47) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, volatile = false} : (tensor<128x64x!tile.ptr<f16>, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> tensor<128x64xf16, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>
      %cst_2 = arith.constant 0.000000e+00 : f32
      %49 = "tile.splat"(%cst_2) : (f32) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %50 = "layout.local_alloc"(%48) : (tensor<128x64xf16, #layout.blocked<array<i32: 8, 1>, array<i32: 16, 2>, array<i32: 1, 4>, array<i32: 0, 1>>>) -> !layout.memdesc<array<i64: 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 0, 1>>>
      %51 = "layout.warp_group_dot"(%21, %50, %49) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 0, 1>>>, tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      "layout.local_dealloc"(%50) : (!layout.memdesc<array<i64: 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 0, 1>>>) -> ()
      %52 = "tile.reduce"(%51) ({
      }) {axis = 1 : i32, kind = "max"} : (tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>
      %53 = arith.maxnumf %arg7, %52 : tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>
      %54 = arith.subf %arg7, %53 : tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>
      %55 = math.exp2 %54 : tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>
      %56 = "tile.expand_dims"(%53) {axis = 1 : i32} : (tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>) -> tensor<64x1xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %57 = "tile.broadcast"(%56) : (tensor<64x1xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %58 = arith.subf %51, %57 : tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %59 = math.exp2 %58 : tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %60 = "tile.splat"(%arg2) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %61 = "tile.expand_dims"(%37) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %62 = "tile.splat"(%arg5) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %63 = arith.muli %61, %62 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %64 = "tile.addptr"(%60, %63) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %65 = "tile.broadcast"(%64) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %66 = "tile.expand_dims"(%7) {axis = 0 : i32} : (tensor<128xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %67 = "tile.broadcast"(%66) : (tensor<1x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %68 = "tile.addptr"(%65, %67) : (tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %69 = "tile.load"(%68) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 0, 0>, volatile = false} : (tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %70 = arith.truncf %59 : tensor<64x64xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>> to tensor<64x64xf16, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %71 = "layout.convert"(%70) : (tensor<64x64xf16, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x64xf16, #layout.dot_op<0 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>, 2 : i32>>
      %72 = "tile.expand_dims"(%55) {axis = 1 : i32} : (tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>) -> tensor<64x1xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %73 = "tile.broadcast"(%72) : (tensor<64x1xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %74 = arith.mulf %34, %73 : tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>
      %75 = "layout.convert"(%74) : (tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
      %76 = "layout.local_alloc"(%69) : (tensor<64x128xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %77 = "layout.warp_group_dot"(%71, %76, %75) {async = false, input_precision = "tf32"} : (tensor<64x64xf16, #layout.dot_op<0 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>, 2 : i32>>, !layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
      "layout.local_dealloc"(%76) : (!layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      scf.yield %53, %77 : tensor<64xf32, #layout.slice<1 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 64, 16>>>>, tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
    } {tile.num_stages = 3 : i32}
    "layout.local_dealloc"(%21) : (!layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
    %23 = "tile.splat"(%arg3) : (!tile.ptr<f16>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %24 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %25 = "tile.splat"(%arg5) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %26 = arith.muli %24, %25 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %27 = "tile.addptr"(%23, %26) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %28 = "tile.broadcast"(%27) : (tensor<64x1x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %29 = "tile.expand_dims"(%7) {axis = 0 : i32} : (tensor<128xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %30 = "tile.broadcast"(%29) : (tensor<1x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %31 = "tile.addptr"(%28, %30) : (tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x128xi32, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %32 = arith.truncf %22#1 : tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>> to tensor<64x128xf16, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
    %33 = "layout.convert"(%32) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 17408 : i32, layout.wavefronts = array<i64: 128, 128, 128, 128>} : (tensor<64x128xf16, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>) -> tensor<64x128xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%31, %33) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 8 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x128x!tile.ptr<f16>, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x128xf16, #layout.blocked<array<i32: 1, 8>, array<i32: 2, 16>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @tma_loop(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.tensormaps = "[{\22base\22:0,\22shape\22:[{\22param\22:3},{\22param\22:5}],\22strides\22:[{\22param\22:5},{\22const\22:1}],\22elem\22:\22f16\22,\22box\22:[64,64],\22swizzle\22:0,\22nan\22:false},{\22base\22:1,\22shape\22:[{\22param\22:5},{\22param\22:4}],\22strides\22:[{\22param\22:4},{\22const\22:1}],\22elem\22:\22f16\22,\22box\22:[64,128],\22swizzle\22:0,\22nan\22:false}]"} {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %0 = "tile.splat"(%cst) : (f32) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %1 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %0) -> (tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>)  : i32 {
      %c0_i32_3 = arith.constant 0 : i32
      %30 = "tile.desc_load"(%arg0, %arg3, %arg5, %arg5, %c1_i32, %c0_i32_3, %arg6) {nan = false, operandSegmentSizes = array<i32: 1, 2, 2, 2>, tensormap = 0 : i32} : (!tile.ptr<f16>, i32, i32, i32, i32, i32, i32) -> tensor<64x64xf16, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %c0_i32_4 = arith.constant 0 : i32
      %31 = "tile.desc_load"(%arg1, %arg5, %arg4, %arg4, %c1_i32_0, %arg6, %c0_i32_4) {nan = false, operandSegmentSizes = array<i32: 1, 2, 2, 2>, tensormap = 1 : i32} : (!tile.ptr<f16>, i32, i32, i32, i32, i32, i32) -> tensor<64x128xf16, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
      %32 = "layout.local_alloc"(%30) : (tensor<64x64xf16, #layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %33 = "layout.local_alloc"(%31) : (tensor<64x128xf16, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> !layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
      %34 = "layout.warp_group_dot"(%32, %33, %arg7) {async = false, input_precision = "tf32"} : (!layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, !layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>, tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>) -> tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
      "layout.local_dealloc"(%32) : (!layout.memdesc<array<i64: 64, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      "layout.local_dealloc"(%33) : (!layout.memdesc<array<i64: 64, 128>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>) -> ()
      scf.yield %34 : tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>
    } {tile.num_stages = 3 : i32}
    %2 = "layout.convert"(%1) {layout.shared = #layout.shared<1 : i32, 1 : i32, 1 : i32, 8 : i32, array<i32: 1, 0>, array<i32>>, layout.smem_bytes = 34816 : i32, layout.wavefronts = array<i64: 256, 256, 256, 256>} : (tensor<64x128xf32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>>) -> tensor<64x128xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %3 = "tile.splat"(%arg2) : (!tile.ptr<f32>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %4 = "tile.arange"() {end = 64 : i32, start = 0 : i32} : () -> tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %5 = "tile.expand_dims"(%4) {axis = 1 : i32} : (tensor<64xi32, #layout.slice<1 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %c128_i32 = arith.constant 128 : i32
    %6 = "tile.splat"(%c128_i32) : (i32) -> tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %7 = arith.muli %5, %6 : tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %8 = "tile.addptr"(%3, %7) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x1xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %9 = "tile.broadcast"(%8) : (tensor<64x1x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %10 = "tile.arange"() {end = 128 : i32, start = 0 : i32} : () -> tensor<128xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>
    %11 = "tile.expand_dims"(%10) {axis = 0 : i32} : (tensor<128xi32, #layout.slice<0 : i32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>>) -> tensor<1x128xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %12 = "tile.broadcast"(%11) : (tensor<1x128xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %13 = "tile.addptr"(%9, %12) : (tensor<64x128x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x128xi32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> tensor<64x128x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%13, %2) {cache = "", evict = "", layout.anchor = #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>, layout.vec = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<64x128x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<64x128xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
}
