// Every example and every lowering test, at every target (sm_80, sm_90, sm_90a): the PTX
// tilec writes is PTX ptxas accepts, or tilec refuses with an error at a .tile line.
// RUN: bash %S/../ptxas_all.sh %tilec %ptxas %root | FileCheck %s
// CHECK: ptxas accepted every PTX of {{[0-9]+}} compiles
