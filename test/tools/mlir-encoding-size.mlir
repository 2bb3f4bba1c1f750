// RUN: %not %tilec %s --passes tile-to-memsem,convert-tile-to-llvm 2>&1 | FileCheck %s
// An encoding that gives a thread far more elements than the tile has (copies) is refused
// by the verifier: the lowering would allocate them all (tilec-fuzz: a mutated size per thread
// of 2^20 on a 1024-element tile ran the compiler out of memory).
// CHECK: mlir-encoding-size.mlir:[[@LINE+4]]:10: error: `tile.arange`: tensor<1024xi32, #layout.blocked<array<i32: 1048576>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>: the encoding gives each thread 1048576 elements of a tile of 1024 (at most 16384) (the input breaks a rule of the IR)
// CHECK-NOT: memory allocation
module {
  func.func @k() attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %a = "tile.arange"() {end = 1024 : i32, start = 0 : i32} : () -> tensor<1024xi32, #layout.blocked<array<i32: 1048576>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>
    func.return
  }
}
