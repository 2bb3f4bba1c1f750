// RUN: %not %tilec %s 2>&1 | FileCheck %s
// MLIR fails without a diagnostic on an op of ours in custom syntax (IRDL ops have only
// the generic form); the error still names the line (found by tilec-fuzz: it had none).
// CHECK: mlir-custom-syntax.mlir:[[@LINE+3]]:5: error: `tile.reduce` has no custom syntax: write it in generic form, `"tile.reduce"(...)`
module {
  func.func @k(%x: tensor<64xf32>) attributes {tile.kernel} {
    tile.reduce %x
    func.return
  }
}
