// RUN: %tilec %s --passes allocate-shared,membar > %t.mlir
// RUN: %tilec %t.mlir --check-each-pass --grid 1 randn:f32:1024 zeros:f32:1024 2>&1 | FileCheck %s --check-prefix=OK
// RUN: grep -v '"layout.barrier"' %t.mlir > %t.nobarrier.mlir
// RUN: %not %tilec %t.nobarrier.mlir --check-each-pass --grid 1 randn:f32:1024 zeros:f32:1024 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: sed 's/, layout.sync = 1 : i32//' %t.mlir > %t.nosync.mlir
// RUN: %not %tilec %t.nosync.mlir --check-each-pass --grid 1 randn:f32:1024 zeros:f32:1024 2>&1 | FileCheck %s --check-prefix=WAR
// After `membar` (the kernel has `layout.membar`), the interpreter checks every
// shared-memory access against the barriers it placed, instead of assuming them: the IR
// as membar leaves it runs clean; without the barrier between writing %b0 and reading
// it back, or without the `layout.sync` that orders a reduction's scratch after the
// conversion's reads of the same bytes, the run stops at the access, naming the other.
// OK: kernel `k`: ran grid [1, 1, 1] in the interpreter
// RAW: error: reads shared memory that other threads wrote, with no barrier since (membar)
// RAW: written here
// WAR: error: writes shared memory that other threads may still be reading or writing: no barrier since (membar)
// WAR: accessed here
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
}
