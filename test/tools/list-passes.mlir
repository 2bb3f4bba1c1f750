// RUN: %tilec --list-passes | FileCheck %s
// The registry table, in pipeline order.
// CHECK: trans-loads
// CHECK-NEXT: fold-bounds
// CHECK-NEXT: coalesce
// CHECK-NEXT: layout-propagate
// CHECK-NEXT: smem-transpose
// CHECK-NEXT: hoist-buffers
// CHECK-NEXT: loop-pointer-bases
// CHECK-NEXT: software-pipeline
// CHECK-NEXT: tma-copies
// CHECK-NEXT: tile-to-memsem
// CHECK-NEXT: thread-loops
// CHECK-NEXT: allocate-shared
// CHECK-NEXT: membar
// CHECK-NEXT: convert-tile-to-llvm
// CHECK: convert-nvvm-to-llvm
// CHECK: gpu-module-to-binary
