// RUN: %tilec %s --passes tma-copies | FileCheck %s
// Input: a tensor-descriptor load at the layout level (sm_90: its base, shape and strides
// are the kernel's parameters, `tile.tensormaps` lists it). It becomes one TMA copy into
// an unswizzled buffer of the block, counted by an mbarrier initialised between two
// barriers, waited for at phase 0 and read back in the load's encoding; after a barrier
// the mbarrier is invalidated and both buffers freed.
// CHECK-LABEL: func.func @window(
// CHECK: %[[BUF:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 16, 32>, f32, #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>>
// CHECK: %[[BAR:.*]] = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 1>, i64
// CHECK: "layout.barrier"()
// CHECK: "layout.mbarrier_init"(%[[BAR]]) {count = 1 : i32}
// CHECK: "layout.barrier"()
// CHECK: "layout.tma_load"(%arg0, %arg1, %arg2, %arg2, %{{.*}}, %arg3, %arg4, %[[BUF]], %[[BAR]]) {nan = true, operandSegmentSizes = array<i32: 1, 2, 2, 2, 1, 1>, tensormap = 0 : i32}
// CHECK: %[[P:.*]] = arith.constant 0 : i32
// CHECK: "layout.mbarrier_wait"(%[[BAR]], %[[P]])
// CHECK: %[[V:.*]] = "layout.local_load"(%[[BUF]])
// CHECK-NEXT: "layout.barrier"()
// CHECK-NEXT: "layout.mbarrier_inval"(%[[BAR]])
// CHECK-NEXT: "layout.local_dealloc"(%[[BAR]])
// CHECK: "layout.local_dealloc"(%[[BUF]])
// CHECK: "tile.store"(%{{.*}}, %[[V]])
// CHECK-NOT: tile.desc_load
//
// A tensor-descriptor store: the block is staged in a shared buffer in the tensor cores'
// 128-byte-swizzled layout (rows of 32 f32), copied out by one TMA store, freed; the
// descriptor's box and swizzle become that buffer's (`membar` adds the proxy fence and
// barriers later).
// CHECK-LABEL: func.func @store(
// CHECK-SAME: \22box\22:[16,32],\22swizzle\22:128
// CHECK: %[[S:.*]] = "layout.local_alloc"(%{{.*}}) : (tensor<16x32xf32, {{.*}}>) -> !layout.memdesc<array<i64: 16, 32>, f32, #layout.nvmma<128 : i32, 4 : i32, array<i32: 1, 0>>>
// CHECK-NEXT: "layout.tma_store"(%arg0, %arg1, %arg2, %arg2, %{{.*}}, %arg3, %arg4, %[[S]]) {operandSegmentSizes = array<i32: 1, 2, 2, 2, 1>, tensormap = 0 : i32}
// CHECK-NEXT: "layout.local_dealloc"(%[[S]])
// CHECK-NOT: tile.desc_store
module {
  func.func @window(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: i32, %arg2: i32 {tile.divisibility = 4 : i32}, %arg3: i32, %arg4: i32, %arg5: !tile.ptr<f32> {tile.divisibility = 16 : i32}) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.tensormaps = "[{\22base\22:0,\22shape\22:[{\22param\22:1},{\22param\22:2}],\22strides\22:[{\22param\22:2},{\22const\22:1}],\22elem\22:\22f32\22,\22box\22:[16,32],\22swizzle\22:0,\22nan\22:true}]"} {
    %c1 = arith.constant 1 : i32
    %v = "tile.desc_load"(%arg0, %arg1, %arg2, %arg2, %c1, %arg3, %arg4) {nan = true, operandSegmentSizes = array<i32: 1, 2, 2, 2>, tensormap = 0 : i32} : (!tile.ptr<f32>, i32, i32, i32, i32, i32, i32) -> tensor<16x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    %p = "tile.splat"(%arg5) : (!tile.ptr<f32>) -> tensor<16x32x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.store"(%p, %v) {cache = "", evict = ""} : (tensor<16x32x!tile.ptr<f32>, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>, tensor<16x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
  func.func @store(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: i32, %arg2: i32 {tile.divisibility = 4 : i32}, %arg3: i32, %arg4: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.tensormaps = "[{\22base\22:0,\22shape\22:[{\22param\22:1},{\22param\22:2}],\22strides\22:[{\22param\22:2},{\22const\22:1}],\22elem\22:\22f32\22,\22box\22:[16,32],\22swizzle\22:0,\22nan\22:false}]"} {
    %c1 = arith.constant 1 : i32
    %cst = arith.constant 2.0 : f32
    %v = "tile.splat"(%cst) : (f32) -> tensor<16x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>
    "tile.desc_store"(%arg0, %arg1, %arg2, %arg2, %c1, %arg3, %arg4, %v) {operandSegmentSizes = array<i32: 1, 2, 2, 2, 1>, tensormap = 0 : i32} : (!tile.ptr<f32>, i32, i32, i32, i32, i32, i32, tensor<16x32xf32, #layout.blocked<array<i32: 1, 4>, array<i32: 4, 8>, array<i32: 4, 1>, array<i32: 1, 0>>>) -> ()
    return
  }
}
