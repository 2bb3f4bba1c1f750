// RUN: %tilec %s --passes coalesce,layout-propagate | FileCheck %s
// An empty module goes through our passes and stays a module (found by tilec-fuzz: the
// mirror printed a module without its block, which MLIR does not parse).
// CHECK: module {
// CHECK-NEXT: }
module {
}
